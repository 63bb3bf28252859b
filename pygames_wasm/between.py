"""Between games: what a finished game's record says about each player (statistics), the game watched
again move by move (a replay), and the same deal dealt again.

All three start from the record, the game's whole truth, and need the game to be over: only then may
every hand be shown, and only then is there a result to count. api.py exposes them as `game_stats`,
`open_replay` / `replay_view` / `close_replay` and `deal_again` (docs/api.md).
"""

from typing import Any

from .core import GameError
from .core.game import Move, View
from .core.i18n import msg
from .core.match import Match, Seat
from .core.state_copy import state_copy

AnyMatch = Match[Any, Any]
MARK_EVERY = 25  # a replay keeps a copy of the state every so many moves: a step replays fewer than that


def check_over(match: AnyMatch) -> None:
    if not match.state.over:
        raise GameError("not_over", msg("This game is not over yet: it can be watched again once it ends."))


# --- Statistics ---------------------------------------------------------------------------------


def outcome(result: dict[str, Any], seat: int) -> str:
    """ "won", "lost" or "drawn" for `seat`, from a game's result (a shared win is a win). A game with
    no winner (a Canasta draw, a 3UP 3DOWN round still going at the turn limit) is drawn."""
    drawn = bool(result.get("drawn")) or ("team" in result and result["team"] is None) or not result["winners"]
    if drawn:
        return "drawn"
    return "won" if seat in result["winners"] else "lost"


def game_stats(match: AnyMatch, actions: list[Move]) -> dict[str, Any]:
    """Each seat's outcome and the game's own figures, from a fresh `match` of the record and the
    record's `actions` (played here, one by one: ONO 99 counts the rounds each player came through
    as they end). Refused unless the actions end the game."""
    survived = [0] * len(match.seats)
    ended = _round_ends(match)
    for entry in actions:
        match.act(entry["seat"], entry["action"], keep_undo=False)
        for seat in ended(match):
            survived[seat] += 1
    check_over(match)
    final = match.module.view(match.state, None)
    result = final["result"]
    seats = []
    for seat, player in enumerate(match.seats):
        figures = _figures(match.module.GAME_ID, final, seat)
        if match.module.GAME_ID == "ono99":
            figures["rounds_survived"] = survived[seat]
        seats.append({"seat": seat, **player, "outcome": outcome(result, seat), "figures": figures})
    return {"id": match.id, "game": match.module.GAME_ID, "moves": len(actions), "seats": seats}


def _round_ends(match: AnyMatch) -> Any:
    """For ONO 99: a function that, after each move, gives the seats that came through a round that
    has just ended. A round of the 2022 game (one elimination game) ends when a player is knocked out;
    a 1980 round when the next is dealt or the game ends. Coming through it is being still in the
    game, and (with tokens) not being the one who lost it. Other games: never any."""
    state = match.state
    if match.module.GAME_ID != "ono99":
        return lambda _match: []
    seen = {"round": state.round, "out": len(state.out_order), "over": False}

    def ended(m: AnyMatch) -> list[int]:
        s = m.state
        rounds = s.opts.rounds
        done = (s.round != seen["round"] or (s.over and not seen["over"])) if rounds else len(s.out_order) > seen["out"]
        out_before = seen["out"]
        seen.update(round=s.round, out=len(s.out_order), over=s.over)
        if not done:
            return []
        knocked = set(s.out_order[out_before:])
        loser = s.last_round.get("loser") if rounds and not s.opts.points and s.last_round else None
        return [p for p in range(s.n) if s.status[p] != "eliminated" and p not in knocked and p != loser]

    return ended


def _figures(game: str, final: View, seat: int) -> dict[str, Any]:
    """The game's own figures for `seat`, from the final public view."""
    result = final["result"]
    if game == "canasta":
        team = next(p["team"] for p in final["players"] if p["seat"] == seat)
        sheets = result["sheets"]
        lines = [t for sheet in sheets for t in sheet["teams"] if t["team"] == team]
        totals = [line["total"] for line in lines]
        return {
            "hands": len(lines),
            "average_hand_score": round(sum(totals) / len(totals)) if totals else 0,
            "canastas": sum(line["natural_canastas"] + line["mixed_canastas"] for line in lines),
            "went_out": sum(1 for sheet in sheets if sheet["out_seat"] == seat),
        }
    if game == "three_up":
        return {"place": next(s["place"] for s in result["standings"] if s["seat"] == seat)}
    if game == "own_trumps":
        return {"games_lost": next(t["losses"] for t in result["tally"] if t["seat"] == seat)}
    return {}


# --- Watching a finished game again --------------------------------------------------------------


class Replay:
    """A finished game, to be looked at move by move: a fresh match of its record, the record's
    actions, and copies of the state every MARK_EVERY moves (a step back replays from the copy
    before it, not from the deal)."""

    def __init__(self, match: AnyMatch, actions: list[Move]) -> None:
        self.match, self.actions = match, actions
        self.marks = {0: state_copy(match.state)}
        self.module = match.module
        for n, entry in enumerate(actions, 1):
            match.act(entry["seat"], entry["action"], keep_undo=False)
            if n % MARK_EVERY == 0:
                self.marks[n] = state_copy(match.state)
        check_over(match)

    def at(self, move: object) -> AnyMatch:
        """The match as it was after `move` moves (0: the deal)."""
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= len(self.actions):
            raise GameError("bad_request", msg("move is a number from 0 to {moves}.", moves=len(self.actions)))
        start = move - move % MARK_EVERY
        state = state_copy(self.marks[start])
        for entry in self.actions[start:move]:
            self.module.apply(state, entry["seat"], entry["action"])
        # The view of a position is the match's own (undo's words and all): the same as the live game's.
        self.match.state, self.match.actions = state, self.actions[:move]
        self.match.undo_states = []
        return self.match

    def hands(self) -> list[dict[str, Any]]:
        """Every seat's hand as it is now in the replay (the game is over: nothing is hidden any more)."""
        match = self.match
        out = []
        for seat, player in enumerate(match.seats):
            hand = match.module.view(match.state, seat).get("hand") or []
            cards = [{"card": c["card"], "label": c["label"]} for c in hand]
            out.append({"seat": seat, "name": player["name"], "cards": cards, "down": face_down(match, seat)})
        return out


def face_down(match: AnyMatch, seat: int) -> list[dict[str, Any]]:
    """A seat's face-down cards, in a game that has them (3UP 3DOWN: `down` in its state), else []."""
    down = getattr(match.state, "down", None)
    label = getattr(match.module, "label", None)
    if down is None or label is None:
        return []
    return [{"card": card, "label": label(card)} for card in down[seat]]


# --- The same deal again -------------------------------------------------------------------------


def rotated(seats: list[Seat], places: int) -> list[Seat]:
    """The seats, each player moved `places` seats on (clockwise): the one in seat 0 sits in seat 1."""
    n = len(seats)
    return [dict(seats[(i - places) % n]) for i in range(n)]

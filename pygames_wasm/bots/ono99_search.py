"""ONO 99 for the Hard player's search (bots/search.py): imagined deals and quick playouts.

What a seat knows: its own hand, every card played (the history), the cards laid down, the counts
of every hand and of the draw pile, the total, the direction and any Play 2 duty. The discard pile
is the last `discard_count` cards played (a reshuffle or a new deal empties it), so the cards the
seat cannot see are the deck less its hand, the laid-down cards and the discard pile: they are dealt
at random to the other hands (by their counts) and the draw pile. No rule makes a player show what
they could not play, except laying the hand down (then it is seen), so nothing else narrows the deal.

Known gap: after a reshuffle the draw pile can only hold cards of the reshuffled discard pile; the
deal here ignores that (it changes the odds a little, and reshuffles are rare: the 2022 deck is big).
"""

from collections import Counter
from copy import copy
from dataclasses import replace
from random import Random
from typing import Any

from ..core import NO_SETUP
from ..core.game import Action, Move, View
from ..core.rng import SplitMix64
from ..core.rules import final_winners
from ..games import ono99 as G
from . import ono99_bot
from .search import SearchGame


def discarded(history: list[Move]) -> list[str]:
    """Every card put on a discard pile in the game, in order (this round's last ones are the pile)."""
    cards = []
    for entry in history:
        action = entry["action"]
        if action["type"] == "discard4":
            cards += ["ONO"] * 4
        elif action["type"] in ("play", "bust"):
            cards.append(action["card"])
    return cards


def determinize(view: View, history: list[Move], rng: Random) -> G.State:
    """A whole game that fits `view` and `history`; the unseen cards dealt at random from `rng`."""
    seat, players = view["seat"], view["players"]
    rules = dict(view["rules"])
    deck = rules.pop("deck_counts")
    opts = G.Options(**rules, deck=deck)
    cards = discarded(history)
    discard = cards[len(cards) - view["discard_count"] :] if view["discard_count"] else []
    hand = [line["card"] for line in view["hand"]]
    unseen = Counter(opts.deck)
    unseen.subtract(Counter(hand) + Counter(discard) + sum((Counter(p["laid_down"]) for p in players), Counter()))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    hands = []
    for p in players:
        if p["seat"] == seat:
            hands.append(list(hand))
        else:
            hands.append(pool[: p["hand_count"]])
            del pool[: p["hand_count"]]
    owed = view["owed_draw"]
    duty = view["play2"]
    status = [p["status"] for p in players]
    state = G.State(
        opts=opts,
        names=[p["name"] for p in players],
        rng=SplitMix64(rng.getrandbits(64)),
        setup=NO_SETUP,
        dealer=view["dealer_seat"],
        hands=hands,
        draw_pile=pool,
        discard=discard,
        laid_down=[list(p["laid_down"]) for p in players],
        status=status,
        total=view["total"],
        direction=1 if view["direction"] == "clockwise" else -1,
        turn=view["turn"],
        obligated=duty is not None,
        plays_made=2 - duty["plays_left"] if duty else 0,
        owed=(owed["seat"], owed["count"]) if owed else None,
        played_in_round=view["played_in_round"],
        round=view["round"],
        tokens=[p["tokens"] for p in players],
        scores=[p["score"] for p in players],
        busted=[opts.points and s == "out_of_round" for s in status],
        out_order=out_order(history, status),
        last_loser=last_loser(history),
    )
    state.ono_played = one_ono_played(state, history)
    if not opts.rounds or opts.points:  # the players' lines show no tokens (None) then: keep counts
        state.tokens = [opts.tokens] * state.n
    if not opts.points:
        state.scores = [0] * state.n
    return state


def out_order(history: list[Move], status: list[str]) -> list[int]:
    """The seats out of the game, in the order of their last moves (standings only)."""
    last = {entry["seat"]: i for i, entry in enumerate(history)}
    return sorted((s for s, st in enumerate(status) if st == "eliminated"), key=lambda s: last.get(s, -1))


def last_loser(history: list[Move]) -> int | None:
    """Who last could not play (1980: that player may start the next round)."""
    return next((e["seat"] for e in reversed(history) if e["action"]["type"] in ("lay_down", "bust")), None)


def one_ono_played(state: G.State, history: list[Move]) -> bool:
    """A36: the player in turn has played an ONO 99 card this turn (it is halfway through a Play 2)."""
    if not state.plays_made:
        return False
    last_play = next((e for e in reversed(history) if e["action"]["type"] == "play"), None)
    return last_play is not None and last_play["seat"] == state.turn and last_play["action"]["card"] == "ONO"


QUIET_TOTAL = 70  # below this total no choice of card is risky yet: the Normal player's is kept
DRAW = {"type": "draw"}


def policy(state: G.State, seat: int, rng: Random) -> Action:
    """The Normal player's move, from the few facts of a view it reads (the draw, the usual move,
    without listing every action)."""
    if state.owed and state.owed[0] == seat:
        return DRAW
    plays = G.legal_cards(state, seat)
    if not plays or G.can_discard_four(state, seat):
        return ono99_bot.choose({"actions": G.legal_actions(state, seat)}, rng)  # no choice of card to make
    duty = {"seat": state.turn, "plays_left": 2 - state.plays_made} if state.obligated else None
    card = ono99_bot.pick_card(
        {"seat": seat, "total": state.total, "play2": duty, "hand": [{"card": c} for c in state.hands[seat]]}, plays
    )
    return {"type": "play", "card": card}


def candidates(view: View) -> list[Action]:
    """The Normal player's choice first, so that it wins ties (the search breaks ties by order);
    below QUIET_TOTAL every card is safe for a while: the Normal player's choice is kept."""
    usual = ono99_bot.choose(view, None)
    if view["total"] < QUIET_TOTAL and view["play2"] is None:
        return [usual]
    return [usual] + [a for a in view["actions"] if a != usual]


def stop(state: G.State, view: View) -> bool:
    """The round of `view` is over, or the seat is out of the game (nothing it does matters more)."""
    return state.round != view["round"] or state.status[view["seat"]] == "eliminated"


def value(state: G.State, seat: int) -> float:
    """Won 1, lost 0; in the 1980 rounds, how the round just ended went for the seat."""
    if state.over:
        winners = final_winners(state)
        return 1 / len(winners) if seat in winners else 0.0
    if state.status[seat] == "eliminated":
        return 0.0
    if state.last_round is None:  # the playout was cut short inside the round
        return 0.5
    if state.opts.points:
        return points_value(state.last_round["lines"], seat)
    return 0.0 if state.last_round["loser"] == seat else 1.0  # tokens: whoever lost the round


def points_value(lines: list[dict[str, Any]], seat: int) -> float:
    """1980 points: the round's points of the seat against the others' (fewer is better), 0 to 1."""
    gained = [p["points"] for p in lines if p["points"] is not None]
    mine = next(p["points"] for p in lines if p["seat"] == seat)
    others = (sum(gained) - mine) / max(1, len(gained) - 1)
    worst = 25 + G.HAND_SIZE * 20
    return min(1.0, max(0.0, 0.5 + (others - mine) / (2 * worst)))


def clone(state: G.State) -> G.State:
    """A copy a playout may change (the history of events is left behind: playouts read none)."""
    return replace(
        state,
        hands=[list(h) for h in state.hands],
        draw_pile=list(state.draw_pile),
        discard=list(state.discard),
        laid_down=[list(c) for c in state.laid_down],
        status=list(state.status),
        tokens=list(state.tokens),
        scores=list(state.scores),
        busted=list(state.busted),
        out_order=list(state.out_order),
        events=[],
        rng=copy(state.rng),
        stacked=[],
    )


GAME = SearchGame(
    rules=G,
    determinize=determinize,
    policy=policy,
    stop=stop,
    value=value,
    clone=clone,
    candidates=candidates,
    arena_deals=100,
)

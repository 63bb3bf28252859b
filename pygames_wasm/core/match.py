"""A match: one game's record and its live state.

The record (game id, options, seats, seed, an optional test setup, actions) is the whole truth:
saving, resuming, replays and bug reports all come from it, and the same record gives the same game
on CPython and in Pyodide. For speed a match also keeps the states before a person's latest moves
(undo restores them) and may resume from a checkpoint (core/checkpoint.py) that fits its record.

Each game module offers the same surface: `make_options`, `new_state(opts, names, rng, setup)`,
`parse_action`, `check` (why an action is refused, or None), `apply` (check, then change everything or
nothing; returns the action in its normal form), `legal_actions`, `view(state, seat, brief=False)`,
`to_act`, `undo_block`, `check_invariants`, `info`, and a `State` dataclass of JSON-like values, sets,
tuples and its `Rng` (so that a checkpoint can hold it). core/game.py writes it down as `GameModule`,
and mypy checks every game against it.
"""

import os
import re
from collections.abc import Callable, Collection
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Generic

from . import checkpoint
from .errors import GameError, shown
from .game import Action, Event, GameModule, Move, OptionsT, StateT, View
from .i18n import Message, Text, msg
from .options import describe_options
from .rng import Rng, bot_rng, game_rng
from .rules import seat_error
from .setup import NO_SETUP, Setup
from .state_copy import state_copy
from .views import copied, events_after, last_event_number

if TYPE_CHECKING:  # the bots use the engine, not the other way round: for the types only
    from ..bots.search import Bot, Budget

RECORD_FORMAT = 2  # 2: hex seeds and the `setup` object; 1: integer seeds, `deck` and `dealer`
MAX_INT_SEED = 2**53  # integer seeds (tests, old saves) stay exact in JavaScript below this
HEX_SEED = re.compile(r"[0-9a-f]{32,64}")  # at least 128 bits
SEAT_KINDS = ("human", "bot")
UNDO_DEPTH = 40  # a person's moves in a row that undo takes back without replaying the game
# Undo puts back a copy of the state and plays again the moves made since it. A copy is made before a
# person's move when the newest one is UNDO_STRIDE moves old or more (a copy costs more than a move,
# ~50-75 us of a Canasta state on CPython): it then serves whoever moves next as well, so people
# passing one device around do not pay for a copy at every turn. Undo plays at most about twice
# UNDO_STRIDE moves again.
UNDO_STRIDE = 8
Seat = dict[str, str]  # {"name", "kind", "bot"?}: a seat of a match, as the lobby sends it


def check_seed(seed: object) -> int | str:
    """A deal seed: 32 to 64 hex digits (what the engine makes), or a whole number below 2^53 (tests,
    and games saved before seeds were 128 bits)."""
    if isinstance(seed, str) and HEX_SEED.fullmatch(seed):
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < MAX_INT_SEED:
        return seed
    raise GameError("bad_request", msg("The seed must be 32 to 64 hex digits, or a whole number below 2^53."))


def explain(module: GameModule[StateT, Any], state: StateT, seat: int, action: object) -> Message | None:
    """Why `action` would be refused (the sentence the player would see), or None if it is legal.
    Changes nothing: the page asks while a player composes a move."""
    try:
        error = module.check(state, seat, module.parse_action(action))
    except GameError as parse_error:
        return parse_error.text
    return error.text if error else None


def check_seats(seats: object, bot_kinds: Collection[str]) -> list[Seat]:
    """Seats as the lobby sends them, checked: [{"name", "kind", "bot"?}]."""
    if not isinstance(seats, list) or not seats:
        raise GameError("bad_seats", msg("Seats must be a list with one entry per player."))
    checked = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise GameError("bad_seats", msg("Seat {seat} must be an object with a name and a kind.", seat=i + 1))
        name = seat.get("name")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 24:
            raise GameError("bad_seats", msg("Seat {seat} needs a name of 1 to 24 characters.", seat=i + 1))
        kind = seat.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise GameError(
                "bad_seats", msg("Seat {seat} must be a person ('human') or the computer ('bot').", seat=i + 1)
            )
        entry: Seat = {"name": name.strip(), "kind": kind}
        if kind == "bot":
            bot = seat.get("bot", "heuristic")
            if not isinstance(bot, str) or bot not in bot_kinds:
                raise GameError(
                    "bad_seats", msg("Seat {seat}: there is no '{bot}' computer player.", seat=i + 1, bot=shown(bot))
                )
            entry["bot"] = bot
        checked.append(entry)
    return checked


def check_distinct_names(seats: list[Seat]) -> None:
    """Refuse two players of one name (case and spaces aside): the curtain, the seats and every event
    name players, so "Pass the device to Ann" must mean one person. Checked for new games only, so
    that games saved before this check still resume."""
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        key = " ".join(seat["name"].split()).casefold()
        if key in seen:
            raise GameError(
                "bad_seats",
                msg(
                    "Players {first} and {second} are both called {name}: give each player a different name.",
                    first=seen[key] + 1,
                    second=i + 1,
                    name=shown(seat["name"]),
                ),
            )
        seen[key] = i


class Match(Generic[StateT, OptionsT]):
    def __init__(
        self,
        module: GameModule[StateT, OptionsT],
        bots: "dict[str, Bot]",
        options: object,
        seats: object,
        seed: object,
        setup: Setup = NO_SETUP,
        match_id: object = None,
    ) -> None:
        if match_id is not None and not (isinstance(match_id, str) and 1 <= len(match_id) <= 64):
            raise GameError("bad_request", msg("A match id is a short string."))
        self.id = match_id or os.urandom(8).hex()  # names the match for the page, unlike the seed
        self.module, self.bots = module, bots
        self.options = module.make_options(options)
        self.seats = check_seats(seats, bots)
        self.seed, self.setup = check_seed(seed), setup
        self.actions: list[Move] = []
        # (move number, the state before it), oldest first: what undo starts from (see UNDO_STRIDE)
        self.undo_states: list[tuple[int, StateT]] = []
        self.seen: dict[int, list[Move]] = {}  # seat -> its history so far (see history)
        self.base: checkpoint.Checkpoint | None = None  # the checkpoint the match was resumed from, if any
        self.state = self.replay([])
        self.log = [dict(e) for e in self.state.events]  # every public event since the match was opened

    def replay(self, actions: list[Move]) -> StateT:
        """The state after `actions`: from the checkpoint the match was resumed from, if they go
        past it, else from the deal."""
        if self.base and len(actions) >= self.base["moves"]:
            state, done = checkpoint.restore(self.module, self.base, self.options, self.setup), self.base["moves"]
        else:
            state, done = (
                self.module.new_state(self.options, [s["name"] for s in self.seats], game_rng(self.seed), self.setup),
                0,
            )
        for entry in actions[done:]:
            self.module.apply(state, entry["seat"], entry["action"])
        return state

    def load_actions(self, actions: list[Move], saved_checkpoint: checkpoint.Checkpoint | None = None) -> None:
        """Play a saved record's actions, each checked as a live one is, or only those after
        `saved_checkpoint` when it is usable (core/checkpoint.py) and the record's later moves apply to
        it; else the whole record is replayed. Undo states are kept for the last moves, if they are a
        person's (what a tap on Undo after a resume can reach)."""
        fresh = self.state
        if (
            saved_checkpoint is not None
            and (restored := checkpoint.usable(self.module, saved_checkpoint, self.id, actions, fresh)) is not None
        ):
            start = saved_checkpoint["moves"]
            self.state, self.base, self.log = restored, saved_checkpoint, [dict(e) for e in restored.events]
            self.actions = actions[:start]  # each a {"seat", "action"} (api.py checked them)
            try:
                self.play_record(actions, start)
                return
            except Exception:  # the record's later moves do not fit the checkpoint: it is not used
                self.state, self.base, self.log = fresh, None, [dict(e) for e in fresh.events]
                self.actions, self.undo_states = [], []
        self.play_record(actions, 0)

    def play_record(self, actions: list[Move], start: int) -> None:
        """Act a record's moves from number `start` on, keeping undo states for the last person's."""
        tail = len(actions)
        while tail and actions[tail - 1]["seat"] == actions[-1]["seat"]:
            tail -= 1
        for i in range(start, len(actions)):
            self.act(actions[i]["seat"], actions[i]["action"], keep_undo=i >= tail)

    def checkpoint(self) -> checkpoint.Checkpoint:
        """A state a later resume can start from (see core/checkpoint.py): the one now, or the one
        before the moves an undo could still take back, so that undo after a resume never needs
        the whole game replayed."""
        if self.undo_states and self.seats[self.actions[-1]["seat"]]["kind"] == "human":
            moves, state = self.undo_states[0]
            return checkpoint.take(self.id, self.actions[:moves], state)
        return checkpoint.take(self.id, self.actions, self.state)

    def act(self, seat: int, action: object, keep_undo: bool = True) -> list[Event]:
        """Apply one action; return the public events it caused. On any error nothing changes.
        Before a person's moves the state is kept now and then, so that undo needs no replay of the
        whole game."""
        self.check_seat(seat)
        before = last_event_number(self.state.events)
        moves = len(self.actions)
        person = keep_undo and self.seats[seat]["kind"] == "human"
        copy = None
        if person and (not self.undo_states or moves - self.undo_states[-1][0] >= UNDO_STRIDE):
            copy = state_copy(self.state)
        try:
            action = self.module.apply(self.state, seat, action)  # the action in its normal form
        except GameError:
            raise  # apply checks before it changes anything
        except Exception:
            self.state = self.replay(self.actions)  # an engine bug must not leave a half-made move
            raise
        if copy is not None:
            self.undo_states.append((moves, copy))
        self.actions.append({"seat": seat, "action": action})
        self.drop_undo_states(self.run_start() if person else len(self.actions))
        caused = events_after(self.state.events, before)
        self.log.extend(caused)
        return caused

    def run_start(self) -> int:
        """Where the last mover's moves in a row began: the earliest move an undo could take back
        (no more than UNDO_DEPTH moves ago)."""
        seat, start = self.actions[-1]["seat"], len(self.actions) - 1
        while start and len(self.actions) - start < UNDO_DEPTH and self.actions[start - 1]["seat"] == seat:
            start -= 1
        return start

    def drop_undo_states(self, needed_from: int) -> None:
        """Keep the states an undo to move `needed_from` or later could start from: the newest one at
        or before it, and those after."""
        while len(self.undo_states) > 1 and self.undo_states[1][0] <= needed_from:
            del self.undo_states[0]

    def explain(self, seat: int, action: object) -> Message | None:
        return explain(self.module, self.state, seat, action)

    def undo_block(self, seat: int) -> Message | None:
        """Why `seat` cannot take back the last action now (a message; None if it can)."""
        if not self.actions:
            return msg("There is no move to take back.")
        last = self.actions[-1]
        if last["seat"] != seat:
            return msg("The last move was {name}'s, not yours.", name=self.seats[last["seat"]]["name"])
        if self.seats[seat]["kind"] != "human":
            return msg("The computer's moves cannot be taken back.")
        return self.module.undo_block(self.state, seat, last["action"])

    def undo(self, seat: int) -> None:
        reason = self.undo_block(seat)
        if reason:
            raise GameError("cannot_undo", reason)
        self.actions.pop()
        self.seen.clear()
        moves = len(self.actions)
        while self.undo_states and self.undo_states[-1][0] > moves:
            self.undo_states.pop()
        if not self.undo_states:  # e.g. after a resume: the game is replayed from its record
            self.state = self.replay(self.actions)
        elif self.undo_states[-1][0] == moves:
            self.state = self.undo_states.pop()[1]
        else:  # the moves since the last copy are played again on a copy of it
            start, kept = self.undo_states[-1]
            self.state = state_copy(kept)
            for entry in self.actions[start:]:
                self.module.apply(self.state, entry["seat"], entry["action"])
        last = last_event_number(self.state.events)
        while self.log and self.log[-1]["n"] > last:
            self.log.pop()

    def events(self, since: int = 0) -> list[Event]:
        """The public events numbered above `since` that this match has seen (all of them since it was
        opened or resumed): the page re-reads its history with them when the language changes."""
        return [dict(e) for e in self.log if e["n"] > since]

    def check_seat(self, seat: object) -> None:
        error = seat_error(self.state, seat)
        if error:
            raise error

    def view(self, seat: int | None) -> View:
        if seat is not None:
            self.check_seat(seat)
        view = self.module.view(self.state, seat)
        for line in view["players"]:
            line["kind"] = self.seats[line["seat"]]["kind"]
        undo_why = None if seat is None else self.undo_block(seat)
        view["can_undo"] = seat is not None and undo_why is None
        view["undo_why"] = undo_why
        return view

    def read_table(self, seat: int | None) -> Text:
        """The whole table in a few sentences as `seat` (None: anyone) sees it, for "Read the table":
        made when asked, not with every view (it was a third of a Canasta view's cost)."""
        if seat is not None:
            self.check_seat(seat)
        return self.module.summary(self.state, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's actions now, as its view lists them (without making the rest of the view)."""
        self.check_seat(seat)
        return self.module.legal_actions(self.state, seat)

    def knowledge(self, seat: int) -> tuple[View, list[Move], Rng]:
        """What a computer player deciding for `seat` is given: the seat's view (brief: without the
        event lines a bot does not read), the public history, and its own random stream. The view is
        copied whole: a game's view may share messages (a card's name) with its events."""
        view = copied(self.module.view(self.state, seat, brief=True))
        if not view["actions"]:
            raise GameError("not_your_turn", msg("{name} has nothing to do now.", name=self.seats[seat]["name"]))
        return view, self.history(seat), bot_rng(self.seed, len(self.actions), seat)

    def bot_move(self, seat: int, budget: "Budget | None" = None) -> Action:
        """The action the seat's bot would take; `budget` (bots/search.py) is how long a searching
        bot may think."""
        return self.bots[self.seats[seat].get("bot", "heuristic")](*self.knowledge(seat), budget)

    def history(self, seat: int) -> list[Move]:
        """The game's actions as `seat` saw them: [{"seat", "action"}]. Actions are public in our games;
        a game whose actions can hold something only their player sees says what others saw
        (`public_action(action, actor, viewer)`, a copy). Each seat's copy grows by the new moves only:
        copying the whole game for every bot move made long games quadratic. The copy is whole, so that
        no bot can reach the record through it."""
        seen = self.seen.setdefault(seat, [])
        public: Callable[[Action, int, int], Action] | None = getattr(self.module, "public_action", None)
        for entry in self.actions[len(seen) :]:
            action = copied(entry["action"]) if public is None else public(entry["action"], entry["seat"], seat)
            seen.append({"seat": entry["seat"], "action": action})
        return list(seen)

    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "id": self.id,
            "game": self.module.GAME_ID,
            "options": asdict(self.options),
            "seats": self.seats,
            "seed": self.seed,
            "setup": self.setup.to_record(),
            "actions": [dict(a) for a in self.actions],
        }

    def summary(self) -> dict[str, Any]:
        """A line for the list of saved games: the game's title and how far it has got (the game's
        `progress`, a few public words such as "hand 3 · 1,240 to 980")."""
        over = self.state.over
        return {
            "game": self.module.GAME_ID,
            "title": self.module.TITLE,
            "over": over,
            "progress": msg("finished") if over else self.module.progress(self.state),
        }

    def info(self) -> dict[str, Any]:
        """What the page may know about the match: never the seed, which would reveal every card."""
        options = asdict(self.options)
        return {
            "id": self.id,
            "game": self.module.GAME_ID,
            "options": options,
            "seats": self.seats,
            "options_text": describe_options(self.module.OPTION_SPECS, options),
        }

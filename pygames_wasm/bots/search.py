"""The Hard computer player: a search over what its seat can know, written once for every game.

Determinized Monte Carlo (as in "perfect information Monte Carlo" and the root of information-set
MCTS): again and again, deal the cards the seat cannot see in a way that fits everything it knows
(the game's `determinize`, from the seat's view and the public history), try every candidate action
in that same imagined deal, play each on to the end of the round with a cheap policy, and score the
outcome. The action with the best average wins. Trying all candidates in the same deal (common
random numbers) compares them fairly with few deals.

The real game state never reaches this module: a search player is a function of (view, history,
rng, budget), like every bot, and the deals it imagines come from its own random stream.

Each game supplies a `SearchGame` (bots/<game>_search.py): how to deal the unseen cards, a quick
move for playouts, when a playout stops, and how good its end is for the seat.
"""

import time
from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from random import Random
from typing import Any, Generic, Protocol, TypeVar

from ..core.game import Action, GameState, Move, StateT, View
from ..core.i18n import Message, msg
from ..core.rng import Rng

DEFAULT_MS = 200  # the page's default thinking time (the player can choose another)
PLAYOUT_MOVES = 1000  # a playout longer than this is scored where it stands


@dataclass(frozen=True)
class Budget:
    """How long to think: at most `ms` milliseconds (None: no clock) and at most `deals` imagined
    deals (None: no cap). The arena and the tests use deals alone, so that a decision does not
    depend on the machine's speed; the page uses both."""

    ms: float | None = DEFAULT_MS
    deals: int | None = None

    def __post_init__(self) -> None:
        if self.ms is None and self.deals is None:
            raise ValueError("a search budget needs a time or a number of deals")


# A computer player: (its seat's view, the public history, its own random stream, how long it may think)
# -> the action it takes. Only the Hard player thinks, so the budget may be None (the default).
Bot = Callable[[View, list[Move], Rng, Budget | None], Action]


StateT_contra = TypeVar("StateT_contra", bound=GameState, contravariant=True)


class SearchRules(Protocol[StateT_contra]):
    """What the search asks of a game's rules (its module, or a faster stand-in) for its states."""

    def apply(self, state: StateT_contra, seat: int, action: Action) -> Action: ...
    def to_act(self, state: StateT_contra) -> int | None: ...
    def view(self, state: StateT_contra, seat: int | None, brief: bool = False) -> View: ...
    def check_invariants(self, state: StateT_contra) -> None: ...


class Unchecked:
    """A game's rules as the search uses them, with `apply` performing an action unchecked: the
    search applies only listed actions and its policy's (tests/test_search.py checks every one, and
    that each is in the form the rules would record), and in a playout the checks cost more than
    the move (a sixth to a quarter of Hard's thinking: more deals in the page's 200 ms)."""

    def __init__(self, module: Any) -> None:
        self.perform = module.PERFORM
        self.to_act, self.view, self.check_invariants = module.to_act, module.view, module.check_invariants

    def apply(self, state: Any, seat: int, action: Action) -> Action:
        self.perform[action["type"]](state, seat, action)
        return action


@dataclass(frozen=True)
class SearchGame(Generic[StateT]):
    """What one game gives the search.

    determinize(view, history, rng) -> State   a whole state that fits the seat's view and history:
                                               `rules.view(state, seat, brief=True) == view`
    policy(state, seat, rng) -> action         the quick move of a playout (legal in `state`)
    stop(state, view) -> bool                  end the playout here, e.g. when the round of `view` is over
                                               (a finished game always ends it)
    value(state, seat) -> float                how good the stopped playout is for `seat`, 0 to 1
    candidates(view) -> actions                the actions worth comparing (default: all legal ones)
    clone(state) -> State                      an independent copy (default: deepcopy)
    arena_deals                                table size -> the deals per decision the arena uses unless
                                               told: the median Hard completes in the page's default
                                               thinking time in the Chromium worker (bench/hard_speed.py
                                               --count-deals), so the arena's figures are a player's
    """

    rules: SearchRules[StateT]
    determinize: Callable[[View, list[Move], Random], StateT]
    policy: Callable[[StateT, int, Random], Action]
    stop: Callable[[StateT, View], bool]
    value: Callable[[StateT, int], float]
    candidates: Callable[[View], list[Action]] = field(default=lambda view: view["actions"])
    clone: Callable[[StateT], StateT] = field(default=deepcopy)
    arena_deals: Mapping[int, int] = field(default_factory=lambda: {2: 50})

    def deals_at(self, players: int) -> int:
        """The arena's deals per decision at a table of `players`: those of the nearest measured table
        as large or larger (a bigger table makes a deal slower), else of the largest measured."""
        sizes = sorted(self.arena_deals)
        return self.arena_deals[next((size for size in sizes if size >= players), sizes[-1])]


@dataclass
class Decision:
    """What a search found: the chosen action, and for every candidate its deals and mean value."""

    action: Action
    tried: list[tuple[Action, int, float]]  # [(action, deals, mean value)], best first
    deals: int
    ms: float
    only_legal: bool = False  # no other move was allowed (else the game saw none worth comparing)

    def reason(self) -> Message:
        """A one-line, honest reason for a hint (a message)."""
        if self.only_legal:
            return msg("It is the only move.")
        if len(self.tried) < 2:
            return msg("It is the sensible move here; no other is worth weighing yet.")
        best, runner_up = self.tried[0][2], self.tried[1][2]
        return msg(
            "In {deals} imagined deals of the unseen cards, this did best ({best}% against {next}% for "
            "the next best move).",
            deals=self.deals,
            best=round(100 * best),
            next=round(100 * runner_up),
        )


def decide(game: SearchGame[StateT], view: View, history: list[Move], rng: Rng, budget: Budget = Budget()) -> Decision:
    """Search from `view` (the seat's own, the only thing it is allowed to know) and `history` (the
    public actions so far); `rng` is the bot's own stream."""
    start = time.perf_counter()
    candidates = game.candidates(view)
    if len(candidates) == 1:
        return Decision(candidates[0], [(candidates[0], 0, 0.0)], 0, 0.0, only_legal=len(view["actions"]) == 1)
    seat = view["seat"]
    stream = Random(rng.next64())  # a fast stream for the playouts, drawn from the bot's one-way stream
    totals = [0.0] * len(candidates)
    deals = 0

    def out_of_time() -> bool:  # the first deal is always finished: a decision needs one
        return budget.ms is not None and deals > 0 and (time.perf_counter() - start) * 1000 >= budget.ms

    while (budget.deals is None or deals < budget.deals) and not out_of_time():
        world = game.determinize(view, history, stream)
        playout_seed = stream.getrandbits(64)  # the same future for every candidate in this deal
        values = []
        for i, action in enumerate(candidates):
            if out_of_time():
                break  # the time ran out inside a deal: it is left out (every move is compared on the same deals)
            state = game.clone(world) if i < len(candidates) - 1 else world
            game.rules.apply(state, seat, action)
            values.append(playout(game, state, view, Random(playout_seed)))
        if len(values) < len(candidates):
            break
        totals = [total + value for total, value in zip(totals, values)]
        deals += 1
    ranked = sorted(range(len(candidates)), key=lambda i: -totals[i])  # ties: the game's first listed
    tried = [(candidates[i], deals, totals[i] / deals) for i in ranked]
    return Decision(tried[0][0], tried, deals, (time.perf_counter() - start) * 1000)


def playout(game: SearchGame[StateT], state: StateT, view: View, rng: Random) -> float:
    """Play `state` on with the quick policy until the game's stop, and score it for the seat of
    `view` (the view the search started from)."""
    rules = game.rules
    for _ in range(PLAYOUT_MOVES):
        if state.over or game.stop(state, view):
            break
        mover = rules.to_act(state)
        assert mover is not None, "a game that is not over waits for somebody"
        rules.apply(state, mover, game.policy(state, mover, rng))
    return game.value(state, view["seat"])


def player(game: SearchGame[StateT]) -> Bot:
    """The Hard player of one game: (view, history, rng, budget) -> action."""

    def choose(view: View, history: list[Move], rng: Rng, budget: Budget | None = None) -> Action:
        return decide(game, view, history, rng, budget or Budget()).action

    return choose

"""The Oracle: a yardstick for the Hard player, never a player of the lobby.

The Oracle is the Hard player's search (bots/search.py, with the same budget) given every hand at
the table instead of imagined ones: each of its imagined deals is the real game with only what no
player has seen dealt again (the order of the stock, and in 3UP 3DOWN the face-down cards nobody
has looked at). It reads the real game, which no bot may do, so it lives here, outside bots/, and
only the arena seats it (`python -m pygames_wasm arena ono99 --bots oracle,normal`).

How far Hard gets from Normal towards the Oracle, `(Hard - Normal) / (Oracle - Normal)` against
Normal players, says how much of what the hidden cards are worth its inference and search recover.
"""

from collections.abc import Callable
from copy import copy, deepcopy
from dataclasses import replace
from random import Random
from typing import Any

from .bots import SEARCH, own_trumps_search
from .bots.search import Bot, Budget, decide
from .core.game import Action, GameState, Move, View
from .core.rng import Rng, SplitMix64
from .core.setup import Setup
from .games import canasta, ono99, own_trumps, three_up

KIND = "oracle"  # its bot kind in the arena


def unseen_ono99(state: ono99.State, rng: Random) -> None:
    rng.shuffle(state.draw_pile)


def unseen_canasta(state: canasta.State, rng: Random) -> None:
    rng.shuffle(state.stock)


def unseen_own_trumps(state: own_trumps.State, rng: Random) -> None:
    rng.shuffle(state.undealt)  # the whole pack while the trumps are chosen; empty once it is dealt


def unseen_three_up(state: three_up.State, rng: Random) -> None:
    """The draw pile and the face-down cards their owners have not seen, dealt again among themselves."""
    places = [(state.draw_pile, i) for i in range(len(state.draw_pile))] + [
        (down, i) for down, known in zip(state.down, state.known) for i in range(len(down)) if not known[i]
    ]
    cards = [cards[i] for cards, i in places]
    rng.shuffle(cards)
    for (where, i), card in zip(places, cards):
        where[i] = card


# game id -> how to deal again, in place, what no player has seen
UNSEEN: dict[str, Callable[[Any, Random], None]] = {
    ono99.GAME_ID: unseen_ono99,
    canasta.GAME_ID: unseen_canasta,
    own_trumps.GAME_ID: unseen_own_trumps,
    three_up.GAME_ID: unseen_three_up,
}


def fresh_ono99(state: ono99.State) -> None:
    state.last_round = None  # the search's value reads a round's end here


def fresh_canasta(state: canasta.State) -> None:
    """No score sheet (the search's value takes one for the end of the hand), the scores as the start."""
    state.sheets_json = "[]"
    state.setup = Setup(start={"scores": list(state.scores), "hands": [state.hand_no - 1]})


def fresh_three_up(state: three_up.State) -> None:
    state.sheets = []  # the search's value takes a sheet for the end of a round


def fresh_own_trumps(state: own_trumps.State) -> None:
    # the search's value reads the last game's end: only the playout's own game may have one
    state.games = [own_trumps_search.earlier_game(k) for k in range(1, state.game_no)]


# game id -> how to forget, in place, the game's past records that an imagined deal starts without
# (the searches' values read a playout's end from them)
FRESH: dict[str, Callable[[Any], None]] = {
    ono99.GAME_ID: fresh_ono99,
    canasta.GAME_ID: fresh_canasta,
    own_trumps.GAME_ID: fresh_own_trumps,
    three_up.GAME_ID: fresh_three_up,
}


def known(game_id: str, real: GameState) -> Any:
    """A private copy of the real game as an imagined deal of Hard's begins: without its public events
    and past records, which no search reads. The searches' copies of it may share parts with it,
    never with the game being played."""
    state: Any = copy(real)
    state.events = []
    state = deepcopy(state)
    state.stacked = []  # every game's State has it: decks a test stacked
    FRESH[game_id](state)
    return state


def world(game_id: str, table: GameState, rng: Random) -> Any:
    """One imagined deal of the Oracle: every hand as it is, what nobody has seen dealt again, and a
    fresh random stream (the game's own would tell later deals)."""
    state = SEARCH[game_id].clone(table)
    state.rng = SplitMix64(rng.getrandbits(64))
    UNSEEN[game_id](state, rng)
    return state


def player(game_id: str, real: Callable[[], GameState]) -> Bot:
    """The Oracle of one game; `real()` gives the game it plays in, as it stands."""

    def choose(view: View, history: list[Move], rng: Rng, budget: Budget | None = None) -> Action:
        table = known(game_id, real())

        def determinize(view: View, history: list[Move], rng: Random) -> Any:
            return world(game_id, table, rng)

        game = replace(SEARCH[game_id], determinize=determinize)
        return decide(game, view, history, rng, budget or Budget()).action

    return choose

"""Computer players, by game and level. Every player is a function (view, history, rng, budget) ->
action: it sees only its seat's view (which lists its legal actions) and the public history of the
game, never the hidden cards; `rng` is its own one-way stream; `budget` is how long it may think
(only the Hard player uses the last two fully).

Levels, as the lobby names them: Easy (the Normal player with believable slips), Normal (a
heuristic that decides in about a millisecond), Hard (bots/search.py). "random" and "heuristic" are
the older names, kept for saved games and the simulator.
"""

from collections.abc import Callable
from typing import Any

from ..core.game import Action, View
from ..core.i18n import msg
from ..core.rng import Rng
from . import (
    canasta_bot,
    canasta_search,
    ono99_bot,
    ono99_search,
    own_trumps_bot,
    own_trumps_search,
    random_bot,
    three_up_bot,
    three_up_search,
)
from .easy import Heuristic, Slips, easy, same_kind
from .search import Bot, SearchGame, player

LEVELS = [
    {"id": "easy", "title": msg("Easy"), "about": msg("Plays sensibly, but slips now and then.")},
    {"id": "normal", "title": msg("Normal"), "about": msg("A steady player that decides at once.")},
    {"id": "hard", "title": msg("Hard"), "about": msg("Thinks ahead about the cards it cannot see.")},
]

SEARCH: dict[str, SearchGame[Any]] = {  # game id -> its SearchGame (bots/<game>_search.py)
    "ono99": ono99_search.GAME,
    "canasta": canasta_search.GAME,
    "three_up": three_up_search.GAME,
    "own_trumps": own_trumps_search.GAME,
}


def simple(choose: Callable[[View, Rng], Action]) -> Bot:
    """A player that decides from the view alone: (view, rng) -> action."""
    return lambda view, history, rng, budget: choose(view, rng)


def players(heuristic: Heuristic, search_game: SearchGame[Any], slips: Slips = same_kind) -> dict[str, Bot]:
    return {
        "easy": simple(easy(heuristic, slips)),
        "normal": simple(heuristic),
        "hard": player(search_game),
        "random": simple(random_bot.choose),
        "heuristic": simple(heuristic),
    }


BOTS = {
    "ono99": players(ono99_bot.choose, SEARCH["ono99"]),
    "canasta": players(canasta_bot.choose, SEARCH["canasta"]),
    "three_up": players(three_up_bot.choose, SEARCH["three_up"], three_up_bot.slips),
    "own_trumps": players(own_trumps_bot.choose, SEARCH["own_trumps"]),
}

"""Computer players, by game and level. Every player is a function (view, history, rng, budget) ->
action: it sees only its seat's view (which lists its legal actions) and the public history of the
game, never the hidden cards; `rng` is its own one-way stream; `budget` is how long it may think
(only the Hard player uses the last two fully).

Levels, as the lobby names them: Easy (the Normal player with believable slips), Normal (a
heuristic that decides in about a millisecond), Hard (bots/search.py). "random" and "heuristic" are
the older names, kept for saved games and the simulator.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.game import Action, View
from ..core.i18n import Message, msg, spaced
from ..core.rng import Rng
from ..games import GAMES
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

LEVELS: list[dict[str, Any]] = [
    {"id": "easy", "title": msg("Easy"), "about": msg("Plays sensibly, but slips now and then.")},
    {"id": "normal", "title": msg("Normal"), "about": msg("A steady player that decides at once.")},
    {"id": "hard", "title": msg("Hard"), "about": msg("Thinks ahead about the cards it cannot see.")},
]
# game -> level -> table size -> its win rate against Normal players: written with docs/strength.md
# by `python -m pygames_wasm arena --report`, never by hand.
MEASURED = json.loads((Path(__file__).resolve().parent / "strength.json").read_text())


def levels(game: str) -> list[dict[str, Any]]:
    """The lobby's levels for `game`, each with a line on how strong it is there, as measured."""
    return [
        level | ({"about": spaced([level["about"], line])} if (line := strength(game, level["id"])) else {})
        for level in LEVELS
    ]


def strength(game: str, level: str) -> Message | None:
    """How strong `level` is in `game`: its measured win rates against Normal players (None: not measured)."""
    if level == "normal":
        return msg("Easy and Hard are measured against it.")
    rates = {int(players): round(100 * rate) for players, rate in MEASURED.get(game, {}).get(level, {}).items()}
    if hasattr(GAMES[game], "teams") and 4 in rates:  # a partnership game: side against side
        return msg("Its partnership wins {rate}% of games against a Normal partnership.", rate=rates[4])
    if 2 in rates and 4 in rates:
        return msg(
            "Against Normal players it wins {two}% of two-player games and {four}% of four-player games (an even "
            "share: 50% and 25%).",
            two=rates[2],
            four=rates[4],
        )
    return None


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

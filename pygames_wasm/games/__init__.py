"""The games, by id. Each module has the same small surface (see `pygames_wasm.core.match`)."""

from typing import Any

from ..core.game import GameModule
from . import canasta, ono99, own_trumps, three_up

# Each module as a GameModule of its own State and Options: mypy checks here that it offers the whole
# surface, with the same State throughout. The table below mixes games, so its states are Any.
ONO99: GameModule[ono99.State, ono99.Options] = ono99
CANASTA: GameModule[canasta.State, canasta.Options] = canasta
THREE_UP: GameModule[three_up.State, three_up.Options] = three_up
OWN_TRUMPS: GameModule[own_trumps.State, own_trumps.Options] = own_trumps

GAMES: dict[str, GameModule[Any, Any]] = {
    ono99.GAME_ID: ONO99,
    canasta.GAME_ID: CANASTA,
    three_up.GAME_ID: THREE_UP,
    own_trumps.GAME_ID: OWN_TRUMPS,
}

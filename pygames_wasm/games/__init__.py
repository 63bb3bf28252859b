"""The games, by id. Each module has the same small surface (see `pygames_wasm.core.match`)."""

from . import canasta, ono99, own_trumps, three_up

GAMES = {ono99.GAME_ID: ono99, canasta.GAME_ID: canasta, three_up.GAME_ID: three_up, own_trumps.GAME_ID: own_trumps}

"""The games, by id. Each module has the same small surface (see `pygames_wasm.core.match`)."""

from . import canasta, ono99, three_up

GAMES = {ono99.GAME_ID: ono99, canasta.GAME_ID: canasta, three_up.GAME_ID: three_up}

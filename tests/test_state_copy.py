"""Undo's copy of a state (core/state_copy.py) is the state it was taken of, whatever the game does next.

It shares what games never change in place (messages, events, strings, the options): if a game ever
changed one of them, a copy taken earlier would change with it. So every game is played, by the
Normal player and at random, with every yes/no option both ways; a copy taken before each move is
compared, a few moves later, with a deep copy taken at the same time; and no list, dict or set of a
copy may be one of the live state's (messages and events aside).
"""

from copy import deepcopy
from random import Random
from typing import Any

import pytest

from pygames_wasm.bots import BOTS
from pygames_wasm.core import checkpoint
from pygames_wasm.core.game import GameState
from pygames_wasm.core.i18n import is_message
from pygames_wasm.core.match import Match
from pygames_wasm.core.state_copy import state_copy
from pygames_wasm.games import GAMES

MOVES = 150
LATER = 6  # moves played before a copy is compared with the deep copy of the same moment


def cases():
    for game_id, module in sorted(GAMES.items()):
        info = module.info()
        flipped = {o["key"]: not o["default"] for o in info["options"] if o["type"] == "bool"}
        for name, options in (("default", {}), ("flipped", flipped)):
            yield pytest.param(game_id, options, info["players"]["max"], id=f"{game_id}-{name}")


def fields(state: GameState) -> dict[str, Any]:
    """The state's fields as data (its random stream too), as a checkpoint keeps them."""
    return checkpoint.take("m", [], state)["state"]


def containers(value: Any, found: dict[int, object]) -> dict[int, object]:
    """The lists, dicts and sets in `value` that a game may change in place (messages are never changed)."""
    if isinstance(value, (list, dict, set)) and not is_message(value):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, found)
    elif isinstance(value, tuple):
        for item in value:
            containers(item, found)
    return found


def mutable_parts(state: GameState) -> dict[int, object]:
    found: dict[int, object] = {}
    for name, value in vars(state).items():
        if name not in ("events", "opts", "setup"):
            containers(value, found)
    found[id(state.events)] = state.events
    found[id(state.rng)] = state.rng
    return found


@pytest.mark.parametrize("game_id, options, n", list(cases()))
def test_a_copy_is_the_state_it_was_taken_of_and_shares_nothing_that_changes(game_id, options, n):
    module = GAMES[game_id]
    rng = Random(3)
    for seed in (1, 2):
        seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(n)]
        match = Match(module, BOTS[game_id], options, seats, seed)
        taken: list[tuple[int, GameState, dict[str, Any]]] = []
        for move in range(MOVES):
            state = match.state
            if state.over:
                break
            copy = state_copy(state)
            assert not set(mutable_parts(copy)) & set(mutable_parts(state)), f"move {move}: a part is shared"
            assert fields(copy) == fields(state)
            taken.append((move, copy, deepcopy(fields(state))))
            seat = module.to_act(state)
            action = match.bot_move(seat) if rng.random() < 0.5 else rng.choice(module.legal_actions(state, seat))
            match.act(seat, action)
            while taken and taken[0][0] <= move - LATER:
                at, old, then = taken.pop(0)
                assert fields(old) == then, f"seed {seed}: the copy of move {at} changed as the game went on"

"""What the engine tests of every game share: whole states compared, and an action tried that the
rules may refuse."""

import copy

from pygames_wasm.core import GameError, Rng
from pygames_wasm.core.match import explain


def state_snapshot(state) -> dict:
    """Everything in a State, comparable with == (the Rng by its position). States keep a short
    history, so a whole copy is cheap."""
    return copy.deepcopy({k: (v.position() if isinstance(v, Rng) else v) for k, v in vars(state).items()})


def try_action(module, state, seat: int, action) -> bool:
    """Apply `action`, or see it refused with `explain`'s very sentence and nothing changed. True
    if it was applied."""
    before = state_snapshot(state)
    why = explain(module, state, seat, action)
    try:
        module.apply(state, seat, action)
    except GameError as err:
        assert err.message == why and err.message
        assert state_snapshot(state) == before, f"the refused {action} changed the game"
        return False
    assert why is None, f"{action} was applied although explain said: {why}"
    return True

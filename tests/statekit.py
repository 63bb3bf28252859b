"""What the engine tests of every game share: whole states compared, an action tried that the
rules may refuse, and a game driven through its module."""

import copy
from typing import Any, Generic

import pytest

from pygames_wasm.core import GameError, Rng
from pygames_wasm.core.game import GameModule, StateT
from pygames_wasm.core.i18n import render
from pygames_wasm.core.match import explain
from pygames_wasm.core.views import events_after, last_event_number


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
        assert err.text == why and err.message
        assert state_snapshot(state) == before, f"the refused {action} changed the game"
        return False
    assert why is None, f"{action} was applied although explain said: {render(why)}"
    return True


class GameTable(Generic[StateT]):
    """A game driven through its module (`module`, `state`, set by each game's table), its invariants
    checked after every action."""

    module: GameModule[StateT, Any]
    state: StateT

    def act(self, seat: int, action) -> list:
        """Apply `action`; the events it caused (found by number: a state keeps a short history)."""
        last = last_event_number(self.state.events)
        self.module.apply(self.state, seat, action)
        self.module.check_invariants(self.state)
        return events_after(self.state.events, last)

    def read_table(self, seat=None, lang: str = "en") -> str:
        """ "Read the table" for `seat` (None: the public table), in words, as the API's `read_table` says it."""
        return render(self.module.summary(self.state, seat), lang, self.module.GAME_ID)

    def refusal(self, seat: int, action) -> GameError:
        """The error `action` gets now: the game is exactly as it was, and `explain` says the same."""
        before = state_snapshot(self.state)
        with pytest.raises(GameError) as info:
            self.module.apply(self.state, seat, action)
        assert state_snapshot(self.state) == before, f"the refused {action!r} changed the game"
        assert explain(self.module, self.state, seat, action) == info.value.text
        return info.value

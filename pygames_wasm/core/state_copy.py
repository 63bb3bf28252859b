"""A copy of a game's state that undo can put back (core/match.py makes one now and then, before a person's move).

`copy.deepcopy` of a late Canasta state took ~10 ms (60% of a person's move): it copies every
message of the public history, card names and all. Here only what a game changes in place is
copied (its lists, dicts and sets, and its random stream); what it never changes is shared:
strings and numbers, the frozen options and setup, messages (core/i18n.py: a message is never
changed once made) and the public events (core/views.py `log` appends them, and none is changed
after). tests/test_state_copy.py plays every game and checks that a copy is the state it was taken
of, however the game goes on.
"""

import dataclasses
from copy import deepcopy
from typing import Any

from .game import StateT
from .rng import Rng

_ATOMS = frozenset({str, int, float, bool, type(None)})
SHARED_FIELDS = frozenset({"opts", "setup", "events"})  # never changed in place (events: only appended to)


def state_copy(state: StateT) -> StateT:
    """A state equal to `state` that shares nothing the game changes in place."""
    new = type(state).__new__(type(state))  # its fields are all set below
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if f.name == "events":
            value = list(value)  # the list grows, its events never change
        elif f.name not in SHARED_FIELDS and type(value) not in _ATOMS:
            value = _copy(value)
        object.__setattr__(new, f.name, value)
    return new


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        if _ATOMS.issuperset(map(type, value)):  # (cards, counts: most lists; tested at C speed)
            return value[:]
        return [v if type(v) in _ATOMS else _copy(v) for v in value]
    if kind is dict:
        if "msg" in value:  # a message: never changed once made
            return value
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}
    if kind is set:
        return set(value)  # of strings, numbers or tuples of them
    if kind is tuple:
        return tuple(v if type(v) in _ATOMS else _copy(v) for v in value)
    if kind in _ATOMS or kind is frozenset:
        return value
    if isinstance(value, Rng):
        return value.copy()
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return value
    return deepcopy(value)  # a kind of value no game keeps today: copied the slow, sure way

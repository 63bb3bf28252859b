"""What every game module offers the rest of the engine, as types: `GameModule` is the surface that
`core/match.py` describes, `GameState` what the engine reads of any game's state. mypy checks each
game module against `GameModule` (`pygames_wasm/games/__init__.py`); nothing here runs.

A game's actions, views and events are JSON objects (they cross to the page as JSON): their keys
depend on the game and on the kind of action, so they are typed as dicts of JSON values.
"""

from collections.abc import Callable, Sequence, Sized
from dataclasses import Field
from typing import Any, ClassVar, Protocol, TypeVar

from .errors import GameError
from .i18n import Message, Text
from .options import OptionSpec
from .rng import Rng
from .setup import Setup

Action = dict[str, Any]  # {"type": "play", "card": "7"}: its other keys depend on the type
View = dict[str, Any]  # what a seat sees (docs/api.md lists its keys)
Event = dict[str, Any]  # {"n", "seat", "text"}: one public event
Move = dict[str, Any]  # {"seat", "action"}: one entry of a match's record, or of a bot's history


class GameState(Protocol):
    """What the engine outside a game reads of its state: a dataclass (checkpoints copy its fields),
    with the seats' names, the public events, the random stream and the record's setup."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    names: list[str]
    events: list[Event]
    rng: Rng
    setup: Setup

    @property
    def opts(self) -> object: ...  # the game's `Options`

    @property
    def n(self) -> int: ...  # the number of seats

    @property
    def hands(self) -> Sequence[Sized]: ...  # one per seat

    @property
    def over(self) -> bool: ...

    @property
    def winners(self) -> list[int] | None: ...  # None until the game is over


class GameOptions(Protocol):
    """A game's `Options`: a frozen dataclass (a record keeps it as `asdict`)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


StateT = TypeVar("StateT", bound=GameState)
OptionsT = TypeVar("OptionsT", bound=GameOptions)


class GameModule(Protocol[StateT, OptionsT]):
    """A game module's surface (see core/match.py), for a game whose state is a `StateT` and options an
    `OptionsT`. The optional hooks are looked up with `getattr`, where they are used:
    `public_action(action, actor, viewer) -> Action` (core/match.py: what others saw of an action),
    `teams(state) -> list[list[int]]` and `FIXED_TEAMS` (partnerships, for the simulator and the
    arena), `simulation_counts(state) -> dict[str, int]` (simulate.py)."""

    # Read-only, as properties: a module's own constant may be of a narrower type (a title that is a str).
    @property
    def GAME_ID(self) -> str: ...
    @property
    def TITLE(self) -> Text: ...  # the game's name: a message, or a name that is never translated
    @property
    def OPTION_SPECS(self) -> Sequence[OptionSpec]: ...

    @property
    def State(self) -> Callable[..., StateT]: ...  # the dataclass, made from its fields (core/checkpoint.py)

    def make_options(self, raw: object) -> OptionsT: ...
    def new_state(self, opts: OptionsT, names: list[str], rng: Rng, setup: Setup) -> StateT: ...
    def parse_action(self, raw: object) -> Action: ...
    def check(self, state: StateT, seat: int, action: Action) -> GameError | None: ...
    def apply(self, state: StateT, seat: int, action: object) -> Action: ...
    def legal_actions(self, state: StateT, seat: int) -> list[Action]: ...
    def view(self, state: StateT, seat: int | None, brief: bool = False) -> View: ...
    def summary(self, state: StateT, seat: int | None) -> Text: ...  # "Read the table": the seat's table in words
    def to_act(self, state: StateT) -> int | None: ...
    def waiting_for(self, state: StateT) -> list[int]: ...
    def undo_block(self, state: StateT, seat: int, last: Action) -> Message | None: ...
    def check_invariants(self, state: StateT) -> None: ...
    def info(self) -> dict[str, Any]: ...
    def progress(self, state: StateT) -> Text: ...

"""Checkpoints: a game's state as JSON data and back, so that a long game resumes from its last
checkpoint instead of replaying every move (a cold engine in a just-opened page checks a move in
a fraction of a millisecond, and a Canasta game can reach thousands of moves).

The record stays the truth. A checkpoint names the game and the move it was taken after, and
carries a digest of itself and of the record's last moves before it; its state is checked as a live
one would be (`usable`). One that does not fit the record (another game, another position, damage,
a forgery) is not used: the record is replayed from the start. The page keeps checkpoints only
for the build that wrote them: another engine could mean another state.

A game's `State` is a dataclass whose fields are JSON-like values, sets, tuples and its `Rng`, plus
`opts` and `setup`, which come back from the record.
"""

import dataclasses
import hashlib
import json
from typing import Any

from .game import GameModule, Move, StateT
from .i18n import messages, rendered, well_formed
from .rng import Rng, follows, rng_from_data
from .setup import Setup

FROM_RECORD = ("opts", "setup")

# {"moves": how many of the record's moves it follows, "state": the fields as JSON data, "digest"}
Checkpoint = dict[str, Any]


def _encode(value: object) -> object:
    if isinstance(value, Rng):
        return {"__rng__": value.to_data()}
    if isinstance(value, (set, frozenset)):
        return {"__set__": sorted(value, key=repr)}
    if isinstance(value, tuple):
        return {"__tuple__": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    return value


def _decode(value: object) -> object:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if isinstance(value, dict):
        if "__rng__" in value:
            return rng_from_data(value["__rng__"])
        if "__set__" in value:
            return set(value["__set__"])
        if "__tuple__" in value:
            return tuple(_decode(v) for v in value["__tuple__"])
        return {k: _decode(v) for k, v in value.items()}
    return value


DIGESTED_MOVES = 20  # the record's last moves a checkpoint is tied to (all of them cost a resume too much)


def _digest(match_id: str, moves: int, last_moves: list[Move], state: dict[str, Any]) -> str:
    text = json.dumps([match_id, moves, last_moves, state], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def take(match_id: str, actions: list[Move], state: StateT) -> Checkpoint:
    """A checkpoint of `state`, taken after `actions` (the match's moves so far)."""
    data = {f.name: _encode(getattr(state, f.name)) for f in dataclasses.fields(state) if f.name not in FROM_RECORD}
    moves = len(actions)
    return {"moves": moves, "state": data, "digest": _digest(match_id, moves, _last(actions, moves), data)}


def _last(actions: list[Move], moves: int) -> list[Move]:
    return actions[max(0, moves - DIGESTED_MOVES) : moves]


def restore(module: GameModule[StateT, Any], checkpoint: Checkpoint, opts: object, setup: Setup) -> StateT:
    """The state a checkpoint holds (one that `usable` accepted)."""
    data = {k: _decode(v) for k, v in checkpoint["state"].items()}
    return module.State(opts=opts, setup=setup, **data)


def usable(
    module: GameModule[StateT, Any], checkpoint: Checkpoint, match_id: str, actions: list[Move], fresh: StateT
) -> StateT | None:
    """The state `checkpoint` holds if it may stand for the first moves of `actions`, else None (the
    record is then replayed). `fresh` is the game's state at the deal, made from the record.

    The digest has no key (anyone can recompute it), so it only ties a checkpoint to its game and to
    the record's last moves before it; the state itself is checked as the game checks a live one: the
    same fields and kinds of value as a new game of the record's options and seats, the record's
    random stream further along, the game's invariants (cards conserved and the rest), every message
    well formed and every view drawable. A checkpoint is a shortcut: any doubt, and it is not used."""
    try:
        moves, data = checkpoint["moves"], checkpoint["state"]
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 < moves <= len(actions):
            return None
        if checkpoint["digest"] != _digest(match_id, moves, _last(actions, moves), data):
            return None
        state = restore(module, checkpoint, fresh.opts, fresh.setup)
        return state if _sound(module, state, fresh) else None
    except Exception:  # malformed in a way the checks above could not name: not a state of this game
        return None


def _sound(module: GameModule[StateT, Any], state: StateT, fresh: StateT) -> bool:
    """Whether a restored state could be a state of the game `fresh` began."""
    for f in dataclasses.fields(state):
        mine, new = getattr(state, f.name), getattr(fresh, f.name)
        if mine is not None and new is not None and type(mine) is not type(new):
            return False  # e.g. a hand that is not a list, a turn that is not a number
    if state.names != fresh.names or len(state.hands) != len(fresh.hands):
        return False  # the record's seats, not others
    if not follows(state.rng, fresh.rng):
        return False
    if not all(well_formed(m) for m in messages(vars(state))):
        return False
    module.check_invariants(state)  # raises AssertionError when broken (caught by `usable`)
    # A state that cannot be drawn would fail every later view. The seats' views share most of the
    # public one (the melds, the score sheets, the events): only what differs is put into words again.
    public = module.view(state, None)
    rendered(public, fresh=False)
    for seat in range(len(state.hands)):
        own = module.view(state, seat)
        rendered({k: v for k, v in own.items() if k not in public or public[k] != v}, fresh=False)
    return True

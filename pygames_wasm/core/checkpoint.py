"""Checkpoints: a game's state as JSON data and back, so that a long game resumes from its last
checkpoint instead of replaying every move (a cold engine in a just-opened page checks a move in
a fraction of a millisecond, and a Canasta game can reach thousands of moves).

The record stays the truth. A checkpoint names the game and the move it was taken after, and
carries a digest of itself: one that does not fit the record (another game, another position,
damage) is ignored, and the record is replayed from the start. The page keeps checkpoints only
for the build that wrote them: another engine could mean another state.

A game's `State` is a dataclass whose fields are JSON-like values, sets, tuples and its `Rng`, plus
`opts` and `setup`, which come back from the record.
"""

import dataclasses
import hashlib
import json

from .rng import Rng, rng_from_data

FROM_RECORD = ("opts", "setup")


def _encode(value):
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


def _decode(value):
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


def _digest(match_id: str, moves: int, last, state: dict) -> str:
    text = json.dumps([match_id, moves, last, state], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def take(match_id: str, actions: list, state) -> dict:
    """A checkpoint of `state`, taken after `actions` (the match's moves so far)."""
    data = {f.name: _encode(getattr(state, f.name)) for f in dataclasses.fields(state) if f.name not in FROM_RECORD}
    last = actions[-1] if actions else None
    return {"moves": len(actions), "state": data, "digest": _digest(match_id, len(actions), last, data)}


def fits(checkpoint, match_id: str, actions: list) -> bool:
    """Whether `checkpoint` is one of this game's, taken after the first moves of `actions`."""
    try:
        moves, data = checkpoint["moves"], checkpoint["state"]
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 < moves <= len(actions):
            return False
        return checkpoint["digest"] == _digest(match_id, moves, actions[moves - 1], data)
    except (TypeError, KeyError, ValueError):
        return False


def restore(module, checkpoint: dict, opts, setup):
    """The state a checkpoint holds (one that `fits` the record)."""
    data = {k: _decode(v) for k, v in checkpoint["state"].items()}
    return module.State(opts=opts, setup=setup, **data)

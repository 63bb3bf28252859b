"""Checkpoints (core/checkpoint.py), for every game: a game resumed from a checkpoint is the game
replayed from its record, and goes on the same; a checkpoint that does not fit its record is
ignored (the record is replayed); undo still works after a resume from one."""

import json

import pytest

from pygames_wasm import api
from pygames_wasm.games import GAMES

SEATS = {"ono99": 3, "canasta": 4}
OPTIONS = {"ono99": {"version": "1980"}, "canasta": {"target": 1500, "hand_limit": 6}}


def new_match(game_id: str, seed: int, people=()) -> str:
    seats = [{"name": f"P{i}", "kind": "human" if i in people else "bot", "bot": "random"}
             for i in range(SEATS.get(game_id, 2))]
    for s in seats:
        if s["kind"] == "human":
            del s["bot"]
    return api.call("new_game", {"game": game_id, "seats": seats, "seed": seed,
                                 "options": OPTIONS.get(game_id, {})})["handle"]


def play(handle: str, moves: int) -> None:
    """Random moves (a random bot chooses for every seat, people too)."""
    for _ in range(moves):
        view = api.call("view", {"handle": handle, "seat": None})["view"]
        if view["over"]:
            return
        seat = view["to_act"]
        action = api.call("bot_move", {"handle": handle, "seat": seat})
        if "error" in action:  # a person's seat: choose as a bot of that kind would
            from pygames_wasm.core.rng import SplitMix64
            action = {"action": SplitMix64(moves).choice(
                api.call("view", {"handle": handle, "seat": seat})["view"]["actions"])}
        assert "error" not in api.call("act", {"handle": handle, "seat": seat, "action": action["action"]})


def views(handle: str) -> str:
    n = len(api.call("save", {"handle": handle})["record"]["seats"])
    return json.dumps([api.call("view", {"handle": handle, "seat": s})["view"] for s in [None, *range(n)]],
                      sort_keys=True)


def resumed(record: dict, saved) -> str:
    reply = api.call("load", {"record": record, "checkpoint": json.loads(json.dumps(saved))})
    assert "handle" in reply, reply
    return reply["handle"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [3, 17])
def test_a_game_resumed_from_a_checkpoint_is_the_replayed_game(game_id, seed, monkeypatch):

    original = new_match(game_id, seed)
    play(original, 150)
    saved = api.call("checkpoint", {"handle": original})["checkpoint"]
    play(original, 60)  # moves after the checkpoint, to be replayed
    record = api.call("save", {"handle": original})["record"]
    replays = []
    real_apply = GAMES[game_id].apply
    monkeypatch.setattr(GAMES[game_id], "apply", lambda *a: replays.append(1) or real_apply(*a))
    copy = resumed(record, saved)
    assert len(replays) == len(record["actions"]) - saved["moves"]  # only the moves after it
    monkeypatch.undo()
    assert views(copy) == views(original)
    for handle in (original, copy):  # and both go on alike (the random stream resumed where it was)
        play(handle, 200)
    assert views(copy) == views(original)
    assert api.call("save", {"handle": copy})["record"] == api.call("save", {"handle": original})["record"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_checkpoint_that_does_not_fit_the_record_is_ignored(game_id):
    handle = new_match(game_id, 5)
    play(handle, 80)
    saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
    play(handle, 20)
    record = api.call("save", {"handle": handle})["record"]
    other = new_match(game_id, 6)
    play(other, 80)
    wrong_game = api.call("checkpoint", {"handle": other})["checkpoint"]
    damaged = json.loads(json.dumps(saved))
    damaged["state"]["events"] = []
    too_far = dict(saved, moves=len(record["actions"]) + 1)
    for bad in (wrong_game, damaged, too_far, {"moves": 3}, "garbage", None, {"state": {}, "digest": 7}):
        assert views(resumed(record, bad)) == views(handle), bad


def test_undo_after_a_resume_from_a_checkpoint_needs_no_replay_from_the_deal(monkeypatch):
    """The checkpoint is taken before the moves an undo could still take back."""
    from pygames_wasm.games import ono99

    handle = new_match("ono99", 9, people=(0,))
    for _ in range(40):  # to a moment when the person has just played, before drawing
        play(handle, 1)
        view = api.call("view", {"handle": handle, "seat": 0})["view"]
        if view["can_undo"]:
            break
    assert view["can_undo"]
    saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
    record = api.call("save", {"handle": handle})["record"]
    assert saved["moves"] == len(record["actions"]) - 1  # before the person's play
    copy = resumed(record, saved)
    monkeypatch.setattr(ono99, "new_state", lambda *a: 1 / 0)  # no replay from the deal
    assert api.call("undo", {"handle": copy, "seat": 0}) == {"ok": True}
    monkeypatch.undo()
    assert api.call("undo", {"handle": handle, "seat": 0}) == {"ok": True}
    assert views(copy) == views(handle)

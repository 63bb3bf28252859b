"""Checkpoints (core/checkpoint.py), for every game: a game resumed from a checkpoint is the game
replayed from its record, and goes on the same; a checkpoint that does not fit its record is
ignored (the record is replayed); undo still works after a resume from one."""

import json

import pytest

from pygames_wasm import api
from pygames_wasm.api import nesting
from pygames_wasm.core import checkpoint
from pygames_wasm.games import GAMES

SEATS = {"ono99": 3, "canasta": 4}
OPTIONS = {"ono99": {"version": "1980"}, "canasta": {"target": 1500, "hand_limit": 6}}


def new_match(game_id: str, seed: int, people=()) -> str:
    seats = [
        {"name": f"P{i}", "kind": "human" if i in people else "bot", "bot": "random"}
        for i in range(SEATS.get(game_id, 2))
    ]
    for s in seats:
        if s["kind"] == "human":
            del s["bot"]
    return api.call("new_game", {"game": game_id, "seats": seats, "seed": seed, "options": OPTIONS.get(game_id, {})})[
        "handle"
    ]


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

            action = {
                "action": SplitMix64(moves).choice(
                    api.call("view", {"handle": handle, "seat": seat})["view"]["actions"]
                )
            }
        assert "error" not in api.call("act", {"handle": handle, "seat": seat, "action": action["action"]})


def views(handle: str) -> str:
    n = len(api.call("save", {"handle": handle})["record"]["seats"])
    return json.dumps(
        [api.call("view", {"handle": handle, "seat": s})["view"] for s in [None, *range(n)]], sort_keys=True
    )


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


# --- Forged checkpoints: the digest has no key, so the state itself is checked ----------------------


def resealed(saved: dict, record: dict, moves: int | None = None) -> dict:
    """`saved` after a forger's edit, with its digest made to fit again (anyone can compute it)."""
    moves = saved["moves"] if moves is None else moves
    return dict(
        saved,
        moves=moves,
        digest=checkpoint._digest(record["id"], moves, checkpoint._last(record["actions"], moves), saved["state"]),
    )


def forgeries(saved: dict) -> dict:
    """Each way a checkpoint was forged from outside: the edited state (digest not yet refitted)."""

    def edited(change):
        data = json.loads(json.dumps(saved["state"]))
        change(data)
        return data

    def add_card(d):
        d["hands"][0].append(d["hands"][1][0] if d["hands"][1] else d["hands"][0][0])

    def drop_card(d):
        (d["hands"][0] or d["hands"][1]).pop()

    def event_text(text):
        return lambda d: d["events"][-1].__setitem__("text", text)

    def rename(d):
        d["names"][0] = "Mallory"

    def other_stream(d):
        d["rng"] = {"__rng__": {"sha256": "ab" * 32, "counter": 3, "buffer": []}}

    def field_missing(d):
        del d["hands"]

    def field_extra(d):
        d["cheat"] = True

    def hand_not_a_list(d):
        d["hands"] = "AS KS"

    def seat_added(d):
        d["hands"].append([])

    return {
        name: edited(change)
        for name, change in {
            "a card added": add_card,
            "a card taken away": drop_card,
            "an event that does not format": event_text({"msg": "{0} {"}),
            "a message that is a number": event_text({"msg": 7}),
            "a message with list args": event_text({"msg": "{x}", "args": [1]}),
            "another player's name": rename,
            "another seed's stream": other_stream,
            "a field missing": field_missing,
            "a field added": field_extra,
            "a hand that is text": hand_not_a_list,
            "a seat added": seat_added,
        }.items()
    }


def loaded(record: dict, saved) -> dict:
    """The `load` reply through the JSON facade, as the page sends it."""
    return json.loads(api.handle(json.dumps({"method": "load", "params": {"record": record, "checkpoint": saved}})))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_forged_checkpoint_is_refused_and_the_record_alone_loaded(game_id):
    handle = new_match(game_id, 7)
    play(handle, 90)
    saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
    play(handle, 10)
    record = api.call("save", {"handle": handle})["record"]
    honest = loaded(record, saved)
    assert honest["checkpoint_used"] and honest["resumed_at"] == saved["moves"]
    for kind, data in forgeries(saved).items():
        reply = loaded(record, resealed(dict(saved, state=data), record))
        assert "error" not in reply and not reply["checkpoint_used"] and reply["resumed_at"] == 0, kind
        assert views(reply["handle"]) == views(handle), kind
        assert "error" not in api.call("events", {"handle": reply["handle"], "lang": "pa"}), kind


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_state_one_seat_cannot_see_drawn_is_not_resumed_from(game_id, monkeypatch):
    """Each seat's view is checked before a checkpoint is used, not only the public view (whose parts
    most seats' views share, and which are put into words once): here the last seat's own view holds
    a message that does not format."""
    handle = new_match(game_id, 7)
    play(handle, 40)
    saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
    record = api.call("save", {"handle": handle})["record"]
    module = GAMES[game_id]
    assert loaded(record, saved)["checkpoint_used"]
    last = len(record["seats"]) - 1
    plain_view = module.view

    def view(state, seat=None):
        seen = plain_view(state, seat)
        return seen | {"note": {"msg": "{0} {"}} if seat == last else seen

    monkeypatch.setattr(module, "view", view)
    reply = loaded(record, saved)
    assert "error" not in reply and not reply["checkpoint_used"] and reply["resumed_at"] == 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_checkpoint_must_fit_the_records_last_moves(game_id):
    handle = new_match(game_id, 8)
    play(handle, 60)
    saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
    play(handle, 5)
    record = api.call("save", {"handle": handle})["record"]
    other = new_match(game_id, 9)  # the same seats and options, other moves
    play(other, 65)
    edited = dict(
        record,
        actions=[
            *record["actions"][: saved["moves"] - 3],
            *api.call("save", {"handle": other})["record"]["actions"][saved["moves"] - 3 :],
        ],
    )
    reply = loaded(edited, saved)
    assert "checkpoint_used" not in reply or not reply["checkpoint_used"]
    relabelled = resealed(saved, record, moves=saved["moves"] - 1)  # the state of move k, said to be k - 1
    reply = loaded(record, relabelled)
    assert not reply["checkpoint_used"] and views(reply["handle"]) == views(handle)


@pytest.mark.parametrize(
    "game_id, seeds", [("own_trumps", range(12)), ("three_up", range(3)), ("ono99", range(3)), ("canasta", range(2))]
)
def test_a_long_games_checkpoints_load_through_the_json_facade(game_id, seeds):
    """The audit's Own Trumps saves: a pick-up of a dozen cards was a message nested two levels a card,
    and a save and its checkpoint became deeper than a request may be. Every 50 moves: save, load."""
    for seed in seeds:
        seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(SEATS.get(game_id, 2))]
        handle = api.call("new_game", {"game": game_id, "seats": seats, "seed": seed})["handle"]
        for move in range(1, 401):
            view = api.call("view", {"handle": handle, "seat": None})["view"]
            if view["over"]:
                break
            api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
            if move % 50 == 0:
                record = api.call("save", {"handle": handle})["record"]
                saved = api.call("checkpoint", {"handle": handle})["checkpoint"]
                reply = loaded(record, saved)
                assert reply.get("checkpoint_used"), (seed, move, reply)
                assert nesting(json.dumps(saved)) <= 16, (seed, move)
                api.call("close", {"handle": reply["handle"]})

"""Watching a finished game again (`open_replay`, `replay_view`) and dealing it again (`deal_again`):
the replay's views are the live game's at every move, every hand is shown only once the game is over,
and the same deal gives each seat the same first hand."""

import json
from functools import cache

import pytest
from conftest import assert_error, stacked_game

from pygames_wasm import api

GAMES = [
    ("ono99", 3, ()),
    ("three_up", 2, ()),
    ("own_trumps", 2, (("match_games", 1),)),
    ("canasta", 4, (("target", 500),)),
]


def ok(method: str, **params) -> dict:
    reply = api.call(method, params)
    assert "error" not in reply, reply
    return reply


def seats_for(n: int) -> list:
    """A person in seat 0 (whose views carry undo's words), computers in the others."""
    return [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Computer {i}", "kind": "bot", "bot": "easy"} for i in range(1, n)
    ]


@cache  # each game is played once for the whole module (the tests only read it)
def live_game(game_id: str, n: int, options: tuple = (), seed: int = 3) -> tuple[dict, list]:
    """A game played to its end (the person's moves chosen by the Normal computer), and every seat's
    view (and the public one) before the first move and after each."""
    handle = ok("new_game", game=game_id, seats=seats_for(n), options=dict(options), seed=seed)["handle"]

    def views() -> str:
        return json.dumps([ok("view", handle=handle, seat=s)["view"] for s in [None, *range(n)]], sort_keys=True)

    seen = [views()]
    while not (view := ok("view", handle=handle, seat=None)["view"])["over"]:
        seat = view["waiting_for"][0]
        action = ok("bot_move", handle=handle, seat=seat)["action"]
        ok("act", handle=handle, seat=seat, action=action)
        seen.append(views())
    return ok("save", handle=handle)["record"], seen


@pytest.mark.parametrize("game_id,n,options", GAMES)
def test_the_replays_views_are_the_live_games_at_every_move(game_id, n, options):
    record, seen = live_game(game_id, n, options)
    replay = ok("open_replay", record=record)
    assert replay["moves"] == len(record["actions"]) == len(seen) - 1
    moves = list(range(len(seen)))
    # forwards, then backwards and by jumps: each position is the same whichever way it is reached
    for move in [*moves, *reversed(moves), *moves[::7]]:
        got = [ok("replay_view", handle=replay["handle"], move=move, seat=s)["view"] for s in [None, *range(n)]]
        assert json.dumps(got, sort_keys=True) == seen[move], f"{game_id}: move {move} differs"
    ok("close_replay", handle=replay["handle"])


def test_every_hand_is_shown_in_a_replay_and_only_of_a_finished_game():
    record, _ = live_game("three_up", 2)
    replay = ok("open_replay", record=record)
    at_start = ok("replay_view", handle=replay["handle"], move=0, seat=None, open=True)
    assert at_start["view"]["over"] is False and at_start["move"] == 0
    hands = at_start["hands"]
    assert [h["seat"] for h in hands] == [0, 1]
    for seat, hand in enumerate(hands):
        own = ok("replay_view", handle=replay["handle"], move=0, seat=seat)["view"]["hand"] or []
        assert hand["cards"] == [{"card": c["card"], "label": c["label"]} for c in own]
        assert len(hand["down"]) == 3 and all(c["label"] for c in hand["down"])  # 3UP's face-down cards too
    ono = ok("open_replay", record=live_game("ono99", 2)[0])["handle"]
    assert all(h["down"] == [] for h in ok("replay_view", handle=ono, move=0, open=True)["hands"])
    assert ok("replay_view", handle=replay["handle"], move=0, seat=None)["hands"] is None

    unfinished = stacked_game([["10", "9", "0", "5"], ["10", "9", "ONO", "4"]])
    unfinished.play(0, "10")
    assert_error(api.call("open_replay", {"record": unfinished.record()}), "not_over")
    assert_error(api.call("deal_again", {"record": unfinished.record()}), "not_over")


@pytest.mark.parametrize("move", [-1, 10**6, "3", True, None])
def test_a_move_outside_the_game_is_refused(move):
    record, _ = live_game("ono99", 2)
    handle = ok("open_replay", record=record)["handle"]
    assert_error(api.call("replay_view", {"handle": handle, "move": move, "seat": 0}), "bad_request")
    assert_error(api.call("replay_view", {"handle": handle, "move": 0, "seat": 5}), "bad_seats")


def test_a_replay_handle_is_not_a_game_and_closes_once():
    record, _ = live_game("ono99", 2)
    handle = ok("open_replay", record=record)["handle"]
    assert_error(api.call("act", {"handle": handle, "seat": 0, "action": {"type": "draw"}}), "unknown_handle")
    ok("close_replay", handle=handle)
    assert_error(api.call("close_replay", {"handle": handle}), "unknown_handle")
    assert_error(api.call("replay_view", {"handle": handle, "move": 0}), "unknown_handle")
    assert_error(api.call("close_replay", {"handle": ["r1"]}), "unknown_handle")


@pytest.mark.parametrize("game_id,n,options", GAMES)
def test_the_same_deal_again_gives_each_seat_the_same_first_hand(game_id, n, options):
    record, seen = live_game(game_id, n, options)
    first = json.loads(seen[0])
    again = ok("deal_again", record=record)
    assert again["again_of"] == record["id"] and again["info"]["id"] != record["id"]
    assert again["info"]["seats"] == record["seats"] and again["info"]["options"] == record["options"]
    for seat in range(n):
        assert ok("view", handle=again["handle"], seat=seat)["view"]["hand"] == first[1 + seat]["hand"]

    rotated = ok("deal_again", record=record, rotate=1)
    names = [s["name"] for s in rotated["info"]["seats"]]
    assert names == [record["seats"][(i - 1) % n]["name"] for i in range(n)]  # Ann now sits in seat 1
    assert ok("view", handle=rotated["handle"], seat=1)["view"]["hand"] == first[2]["hand"]
    assert_error(api.call("deal_again", {"record": record, "rotate": "1"}), "bad_request")

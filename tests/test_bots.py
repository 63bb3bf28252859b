"""The computer players: legal moves only, from the view only, and the heuristic one is better."""

import pytest

from pygames_wasm import api
from pygames_wasm.bots import BOTS
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import GAMES
from pygames_wasm.simulate import play_one


@pytest.mark.parametrize(
    "game, kinds, options, seed",
    [
        ("ono99", ["heuristic", "random", "heuristic"], {}, 11),
        ("canasta", ["heuristic", "random"] * 2, {"target": 1000, "ask_partner": True}, 3),
        ("three_up", ["heuristic", "random", "heuristic"], {"trading": True, "four_colour": True, "placings": True}, 2),
        ("own_trumps", ["heuristic", "random", "heuristic"], {"match_games": 2}, 7),
    ],
)
def test_every_bot_move_is_legal_and_taken_from_the_view(game, kinds, options, seed):
    seats = [{"name": f"P{i}", "kind": "bot", "bot": k} for i, k in enumerate(kinds)]
    handle = api.call("new_game", {"game": game, "seats": seats, "seed": seed, "options": options})["handle"]
    steps = 0
    while not api.call("view", {"handle": handle, "seat": None})["view"]["over"]:
        seat = api.call("view", {"handle": handle, "seat": None})["view"]["to_act"]
        legal = api.call("legal_actions", {"handle": handle, "seat": seat})["actions"]
        move = api.call("bot_move", {"handle": handle, "seat": seat})["action"]
        assert move in legal
        assert "error" not in api.call("act", {"handle": handle, "seat": seat, "action": move})
        steps += 1
        assert steps < 5000
    api.call("close", {"handle": handle})


def test_bots_decide_from_a_view_that_holds_only_their_own_hand():
    seen = []

    def spy(view, history, rng, budget):
        seen.append(view)
        return BOTS["ono99"]["heuristic"](view, history, rng, budget)

    BOTS["ono99"]["spy"] = spy
    try:
        play_one("ono99", {}, ["spy", "random"], seed=5)
    finally:
        del BOTS["ono99"]["spy"]
    assert seen and all(v["seat"] == 0 for v in seen)
    assert all("hands" not in v and "draw_pile" not in v for v in seen)


def test_heuristic_bot_clearly_beats_random_bots():
    wins = sum(
        0 in play_one("ono99", {}, ["heuristic", "random", "random", "random"], seed, checked=False).state.winners
        for seed in range(200)
    )
    assert wins / 200 > 0.38  # a fair share is 0.25; measured about 0.47 over 1000 games


def test_heuristic_bot_beats_random_in_1980_points_games():
    options = {"version": "1980", "scoring": "points_elimination"}
    wins = sum(
        0 in play_one("ono99", options, ["heuristic", "random", "random"], seed, checked=False).state.winners
        for seed in range(100)
    )
    assert wins / 100 > 0.45  # a fair share is 0.33


def test_bot_choices_are_reproducible():
    view = {"actions": [{"type": "play", "card": c} for c in "123456"]}
    assert BOTS["ono99"]["random"](view, [], SplitMix64(3), None) == BOTS["ono99"]["random"](
        view, [], SplitMix64(3), None
    )


@pytest.mark.parametrize("game_id", ["ono99", "canasta", "three_up", "own_trumps"])
def test_easy_slips_believably_another_move_of_the_same_kind(game_id):
    """Easy plays Normal's kind of move (never, say, a pick-up where Normal plays a card), and now
    and then another one of that kind: about MISTAKE_PERCENT of the decisions where there is one."""
    players = {"canasta": 4, "ono99": 3}.get(game_id, 2)
    match = play_one(game_id, {}, ["heuristic"] * players, seed=11)
    replay = Match(GAMES[game_id], BOTS[game_id], {}, match.seats, match.seed)
    slips = choices = 0
    for entry in match.actions[:400]:
        seat = entry["seat"]
        view, history, _ = replay.knowledge(seat)
        normal = BOTS[game_id]["normal"](view, history, SplitMix64(len(replay.actions)), None)
        easy = BOTS[game_id]["easy"](view, history, SplitMix64(len(replay.actions)), None)
        assert easy["type"] == normal["type"] and easy in view["actions"]
        if any(a["type"] == normal["type"] and a != normal for a in view["actions"]):
            choices += 1
            slips += easy != normal
        replay.act(seat, entry["action"])
    assert choices >= 20 and 0.15 < slips / choices < 0.55, (slips, choices)

"""Statistics from a finished game's record (`game_stats`, pygames_wasm/between.py): each seat's
outcome and the game's own figures, from stacked games whose result the rules fix, and from seeded
games whose figures must agree with their score sheets."""

import pytest
from conftest import assert_error, seats, stacked_game
from test_three_up_api import Game as ThreeUpGame

from pygames_wasm import api


def stats_of(record: dict) -> dict:
    reply = api.call("game_stats", {"record": record})
    assert "error" not in reply, reply
    return reply["stats"]


def by_seat(stats: dict, field: str) -> list:
    return [line["figures"][field] if field != "outcome" else line["outcome"] for line in stats["seats"]]


def play_out(game, choice: int) -> dict:
    """Play a game to its end, each seat taking its legal action number `choice`; its record."""
    while not game.view()["over"]:
        seat = game.view()["to_act"]
        reply = game.call("act", seat=seat, action=game.call("legal_actions", seat=seat)["actions"][choice])
        assert "error" not in reply, reply
    return game.call("save")["record"]


def bot_game(game_id: str, n: int, options: dict, seed: int) -> dict:
    computers = [{"name": f"Computer {i + 1}", "kind": "bot", "bot": "easy"} for i in range(n)]
    handle = api.call("new_game", {"game": game_id, "seats": computers, "options": options, "seed": seed})["handle"]
    while not (view := api.call("view", {"handle": handle, "seat": None})["view"])["over"]:
        assert "error" not in api.call("bot_act", {"handle": handle, "seat": view["waiting_for"][0]})
    return api.call("save", {"handle": handle})["record"]


def test_ono99_2022_rounds_survived_are_the_knock_outs_each_player_came_through():
    """The eight-player game of test_ono99_rules (A3): Cy to Hal lay down in turn, then Bob; Ann wins.
    Each knock-out ends a round of the elimination game: Ann came through all seven, Bob six, Hal
    (out 6th) five ... Cy (out 1st) none."""
    dead = ["10", "ONO", "8", "7"]
    game = stacked_game(
        [["10", "9", "0", "5"], ["10", "9", "ONO", "4"], *[dead] * 6], ["5", "ONO", *["6"] * 6, "5", "3", "2"]
    )
    for seat in range(8):
        game.play(seat, "10")
    game.play(0, "9")
    game.play(1, "9")
    for seat in range(2, 8):
        game.act(seat, "lay_down")
    game.play(0, "0")
    game.act(1, "lay_down")
    stats = stats_of(game.record())
    assert stats["game"] == "ono99" and stats["moves"] == len(game.record()["actions"])
    assert by_seat(stats, "outcome") == ["won"] + ["lost"] * 7
    assert by_seat(stats, "rounds_survived") == [7, 6, 0, 1, 2, 3, 4, 5]
    assert [line["name"] for line in stats["seats"]] == [s["name"] for s in seats(8)]


def small_three_up() -> ThreeUpGame:
    """Two players, nine cards each of a small deck (no draw pile)."""
    return ThreeUpGame(
        n=2,
        options={"deck": {c: 1 for c in [f"R{v}" for v in range(1, 10)] + [f"B{v}" for v in range(1, 10)]}},
        up=["R7 R8 R9", "B7 B8 B9"],
        hand=["R1 R2 R3", "B4 B5 B6"],
        down=["R4 R5 R6", "B1 B2 B3"],
    )


def test_three_up_place_is_each_players_place():
    """Each taking the first action listed, Bob goes out first after 18 moves (R14)."""
    game = small_three_up()
    stats = stats_of(play_out(game, 0))
    assert game.view()["result"]["winners"] == [1]
    assert by_seat(stats, "outcome") == ["lost", "won"]
    assert by_seat(stats, "place") == [2, 1]


def test_three_up_a_round_at_the_turn_limit_is_drawn_for_everyone():
    """Each taking the last action listed, nobody goes out in 600 turns: drawn, both placed first."""
    game = small_three_up()
    stats = stats_of(play_out(game, -1))
    assert game.view()["result"]["winners"] == []
    assert by_seat(stats, "outcome") == ["drawn", "drawn"]
    assert by_seat(stats, "place") == [1, 1]


def test_own_trumps_games_lost_and_a_shared_match_counts_as_won():
    record = bot_game("own_trumps", 2, {"match_games": 2}, seed=5)
    stats = stats_of(record)
    # (seed 5: each player loses one game of two, so they share the match)
    assert by_seat(stats, "games_lost") == [1, 1]
    assert by_seat(stats, "outcome") == ["won", "won"]


def test_canasta_figures_agree_with_the_score_sheets():
    record = bot_game("canasta", 4, {}, seed=5)
    stats = stats_of(record)
    loaded = api.call("load", {"record": record})
    view = api.call("view", {"handle": loaded["handle"], "seat": None})["view"]
    hands, sheets = view["hand_no"], view["result"]["sheets"]  # the result holds every hand's sheet
    assert [sheet["hand"] for sheet in sheets] == list(range(1, hands + 1)) and sheets[-1] == view["last_hand"]
    for line in stats["seats"]:
        figures, team = line["figures"], view["players"][line["seat"]]["team"]
        score = view["teams"][team]["score"]
        assert figures["hands"] == hands
        assert abs(figures["average_hand_score"] * hands - score) <= hands  # the mean of the hands' scores
        assert figures["canastas"] == sum(
            t["natural_canastas"] + t["mixed_canastas"] for s in sheets for t in s["teams"] if t["team"] == team
        )
        assert line["outcome"] == ("won" if line["seat"] in view["result"]["winners"] else "lost")
    outs = [sheet["out_seat"] for sheet in sheets]
    assert by_seat(stats, "went_out") == [outs.count(seat) for seat in range(4)]


def test_an_unfinished_game_has_no_statistics_and_a_damaged_record_is_one_error():
    game = stacked_game([["10", "9", "0", "5"], ["10", "9", "ONO", "4"]])
    game.play(0, "10")
    assert_error(api.call("game_stats", {"record": game.record()}), "not_over")
    assert_error(api.call("game_stats", {"record": {"format": 2}}), "bad_save")
    assert_error(api.call("game_stats", {}), "bad_save")


@pytest.mark.parametrize("game_id,n", [("ono99", 3), ("three_up", 3)])
def test_outcomes_follow_the_result(game_id, n):
    record = bot_game(game_id, n, {}, seed=7)
    stats = stats_of(record)
    loaded = api.call("load", {"record": record})
    result = api.call("view", {"handle": loaded["handle"], "seat": None})["view"]["result"]
    assert [line["seat"] for line in stats["seats"] if line["outcome"] == "won"] == result["winners"]

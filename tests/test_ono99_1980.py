"""ONO 99, 1980 rules (O'NO 99): the preset and its options (shared/rules/ono99.md, Part 2b: D1-D12,
and the ambiguities A25-A39 with their chosen defaults).

Later rounds are stacked like the first (`rounds=[later(hands, draw, first)]`), and games can start
from given tokens or points: the engine's test setup reaches those rules without playing whole rounds.
"""

import pytest
from conftest import later, stacked_game, stacked_table

from pygames_wasm.games import ono99

V = {"version": "1980"}
FILL = ["6", "7", "8", "9"]
FOUR_ONO = ["ONO", "ONO", "ONO", "ONO"]  # the whole 1980 supply


def opts(**kw) -> dict:
    return {**V, **kw}


def test_the_1980_preset():
    o = ono99.make_options(V)
    assert o.deck == ono99.DECKS["1980"]  # D1
    assert o.minus10_floor is False  # D5
    assert o.four_ono_discard == "off"  # D8
    assert o.bust_at_99 is True  # D10 / A39: same default as 2022
    assert o.ono99_on_zero is False and o.draw_speed_penalty is False  # L70, A35: optional, off
    assert o.scoring == "tokens" and o.tokens == 3  # D11a
    assert o.reverse_deflects_in_2p is True  # D9
    presets = {p["id"]: p["options"] for p in ono99.info()["presets"]}
    assert presets["1980"]["version"] == "1980" and presets["1980"]["deck"] == ono99.DECKS["1980"]


def test_setup_is_the_same_four_cards_left_of_dealer_d3():
    game = stacked_game([FILL, ["6", "7", "8", "9"], FILL], first=1, options=V)
    view = game.view(None)
    assert view["turn"] == 1 and view["total"] == 0 and view["direction"] == "clockwise"
    assert view["draw_count"] == 54 - 12
    assert [p["tokens"] for p in view["players"]] == [3, 3, 3]


# --- D6: Hold --------------------------------------------------------------------------------------


def test_hold_adds_zero_d6():
    table = stacked_table([["HOLD", "2", "2", "2"], FILL, FILL], options=V, total=40)
    table.play(0, "HOLD")
    assert table.total == 40 and table.turn == 1 and table.direction == "clockwise"


def test_hold_deflects_a_double_play_d6():
    game = stacked_game(
        [["DP", "2", "2", "2"], ["HOLD", "5", "5", "5"], FILL, FILL], draw=["9", "8"], first=0, options=V
    )
    game.play(0, "DP")
    assert game.play2 == {"seat": 1, "plays_left": 2}
    game.play(1, "HOLD")
    assert game.turn == 2 and game.play2 == {"seat": 2, "plays_left": 2}
    assert game.direction == "clockwise"


def test_reverse_deflects_a_double_play_back_to_its_player_d7():
    game = stacked_game([["DP", "2", "2", "2"], ["REV", "5", "5", "5"], FILL], draw=["9", "8"], first=0, options=V)
    game.play(0, "DP")
    game.play(1, "REV")
    assert game.turn == 0 and game.play2 == {"seat": 0, "plays_left": 2}


def test_reverse_with_two_players_deflects_like_a_hold_d9():
    game = stacked_game([["DP", "2", "2", "2"], ["REV", "5", "5", "5"]], draw=["9", "8"], first=0, options=V)
    game.play(0, "DP")
    game.play(1, "REV")
    assert game.turn == 0 and game.play2 == {"seat": 0, "plays_left": 2}


# --- D7: Double Play -------------------------------------------------------------------------------


def test_double_play_obligates_the_next_player_d7():
    game = stacked_game([["DP", "2", "2", "2"], ["5", "6", "7", "7"], FILL], draw=["9", "8", "4"], first=0, options=V)
    game.play(0, "DP")
    game.play(1, "5")
    assert game.turn == 1 and game.play2 == {"seat": 1, "plays_left": 1}
    game.play(1, "6")
    assert game.turn == 2 and game.play2 is None and game.total == 11


def test_double_play_cannot_be_the_first_of_two_cards_d7():
    game = stacked_game([["DP", "2", "2", "2"], ["DP", "5", "6", "6"], FILL], draw=["9", "8", "4"], first=0, options=V)
    game.play(0, "DP")
    assert "play DP" not in game.actions(1)
    err = game.error(1, "play DP")
    assert err["code"] == "illegal_card" and "first of your two cards" in err["message"]
    line = next(h for h in game.view(1)["hand"] if h["card"] == "DP")
    assert line["playable"] is False


def test_double_play_can_be_the_second_card_and_obligates_the_next_player_a37():
    game = stacked_game([["DP", "2", "2", "2"], ["DP", "5", "6", "6"], FILL], draw=["9", "8", "4"], first=0, options=V)
    game.play(0, "DP")
    game.play(1, "5")
    assert "play DP" in game.actions(1)
    game.play(1, "DP")
    assert game.turn == 2 and game.play2 == {"seat": 2, "plays_left": 2}


def test_an_obligated_player_holding_only_double_plays_and_ono_cards_loses_the_round():
    table = stacked_table([["DP", "2", "2", "2"], ["DP", "ONO", "ONO", "ONO"], FILL], draw=["9"], first=0, options=V)
    table.play(0, "DP")
    assert table.actions(1) == ["lay_down"]
    table.act(1, "lay_down")
    assert table.player(1)["tokens"] == 2


def test_failing_the_second_card_in_1980_means_the_next_player_is_not_obligated_a14():
    table = stacked_table(
        [["DP", "2", "2", "2"], ["8", "9", "9", "10"], ["HOLD", "HOLD", "REV", "REV"]],
        draw=["3", "10"],
        first=0,
        total=90,
        options=opts(scoring="points_elimination"),
    )
    table.play(0, "DP")
    table.play(1, "8")
    assert table.actions(1) == ["bust 10", "bust 9"]
    table.act(1, "bust 9")
    assert table.turn == 2 and table.play2 is None


# --- D5: Minus ten with no floor ---------------------------------------------------------------------


def test_minus_ten_takes_the_total_below_zero_d5():
    table = stacked_table([["-10", "-10", "2", "2"], ["-10", "3", "3", "3"]], options=V, total=5)
    table.play(0, "-10")
    assert table.total == -5
    table.play(1, "-10")
    assert table.total == -15
    table.play(0, "2")
    assert table.total == -13


def test_a_number_card_may_take_a_negative_total_up_to_98():
    table = stacked_table([["10", "2", "2", "2"], FILL], options=V, total=-12)
    table.play(0, "10")
    assert table.total == -2


@pytest.mark.parametrize("flag, allowed", [(True, False), (False, True)])
def test_the_99_threshold_flag_applies_in_1980_d10(flag, allowed):
    table = stacked_table([["9", "ONO", "ONO", "ONO"], FILL], options=opts(bust_at_99=flag), total=90)
    assert ("play 9" in table.actions(0)) is allowed


# --- D8: O'NO 99 cards -----------------------------------------------------------------------------


def test_no_four_ono_discard_in_1980_d8():
    table = stacked_table([FOUR_ONO, FILL], options=V)
    assert table.actions(0) == ["lay_down"]
    assert table.error(0, "discard4")["code"] == "illegal_card"


def test_a_hand_of_only_ono_cards_loses_the_round_a25():
    table = stacked_table([FOUR_ONO, FILL], options=V)
    table.act(0, "lay_down")
    assert table.player(0)["tokens"] == 2 and table.view(None)["round"] == 2


def test_ono_cards_cannot_be_played_without_the_optional_rule():
    table = stacked_table([["ONO", "2", "2", "2"], FILL], options=V, total=0)
    assert table.error(0, "play ONO")["code"] == "illegal_card"


@pytest.mark.parametrize("total", [0, 20, 90, -10, -20])
def test_ono99_on_zero_plays_on_a_total_ending_in_zero_and_adds_nothing_a36(total):
    table = stacked_table([["ONO", "2", "2", "2"], FILL], options=opts(ono99_on_zero=True), total=total)
    assert "play ONO" in table.actions(0)
    table.play(0, "ONO")
    assert table.total == total and table.turn == 1


def test_1980_only_rules_have_no_effect_in_a_2022_game():
    """An option whose `when` does not hold is set back to its default (the audit found these two
    acting in 2022 games)."""
    opts22 = ono99.make_options({"version": "2022", "ono99_on_zero": True, "draw_speed_penalty": True})
    assert opts22.ono99_on_zero is False and opts22.draw_speed_penalty is False
    table = stacked_table(
        [["ONO", "2", "2", "2"], ["6", "3", "3", "3"]],
        draw=["7"],
        options={"version": "2022", "ono99_on_zero": True, "draw_speed_penalty": True},
    )
    err = table.error(0, "play ONO")  # at a total of 0
    assert err["code"] == "illegal_card" and "never" in err["message"]
    table.act(0, "play 2")
    assert table.actions(1) == [] and table.error(1, "play 6")["code"] == "not_your_turn"  # Ann draws first


@pytest.mark.parametrize("total", [5, 25, 97, -5, -15])
def test_ono99_on_zero_not_on_other_totals(total):
    table = stacked_table([["ONO", "2", "2", "2"], FILL], options=opts(ono99_on_zero=True), total=total)
    err = table.error(0, "play ONO")
    assert err["code"] == "illegal_card" and "ends in 0" in err["message"]


def test_ono99_on_zero_is_one_per_turn_and_does_not_deflect_a36():
    table = stacked_table(
        [["DP", "2", "2", "2"], ["ONO", "ONO", "3", "4"], FILL],
        draw=["9", "8", "7"],
        first=0,
        options=opts(ono99_on_zero=True),
        total=20,
    )
    table.play(0, "DP")
    table.play(1, "ONO")  # it may be the first of two cards, but it is not a deflection
    assert table.turn == 1 and table.play2 == {"seat": 1, "plays_left": 1}
    err = table.error(1, "play ONO")
    assert err["code"] == "illegal_card" and "one ONO 99" in err["message"]
    table.play(1, "3")
    assert table.turn == 2 and table.play2 is None and table.total == 23


def test_ono99_on_zero_is_allowed_again_on_the_next_turn():
    table = stacked_table(
        [["ONO", "ONO", "2", "2"], ["10", "3", "3", "3"]],
        draw=["9", "8"],
        first=0,
        options=opts(ono99_on_zero=True),
        total=30,
    )
    table.play(0, "ONO")
    table.play(1, "10")
    assert "play ONO" in table.actions(0)


# --- D4: the draw-speed penalty ------------------------------------------------------------------------


def test_without_the_penalty_the_draw_comes_before_the_next_play():
    game = stacked_game([["5", "2", "2", "2"], ["6", "3", "3", "3"]], draw=["7"], first=0, options=V)
    game.act(0, "play 5")
    assert game.to_act == 0 and game.actions(1) == []
    assert game.error(1, "play 6")["code"] == "not_your_turn"


def test_with_the_penalty_the_turn_passes_at_once_and_the_draw_stays_open_d4():
    game = stacked_game(
        [["5", "2", "2", "2"], ["6", "3", "3", "3"]], draw=["7"], first=0, options=opts(draw_speed_penalty=True)
    )
    game.act(0, "play 5")
    assert game.turn == 1 and game.actions(0) == ["draw"]
    assert "play 6" in game.actions(1)
    game.act(0, "draw")  # still in time: the next card has not been played
    assert game.hand(0) == ["2", "2", "2", "7"]
    assert game.player(0)["missing_cards"] == 0


def test_with_the_penalty_a_draw_not_taken_before_the_next_card_is_lost_d4():
    game = stacked_game(
        [["5", "2", "2", "2"], ["6", "3", "3", "3"]],
        draw=["7", "8", "9"],
        first=0,
        options=opts(draw_speed_penalty=True),
    )
    game.act(0, "play 5")
    events = game.act(1, "play 6")
    assert any("did not draw in time" in e["text"] for e in events)
    assert "draw" not in game.actions(0)
    assert game.error(0, "draw")["code"] == "nothing_to_draw"
    assert game.hand(0) == ["2", "2", "2"]
    assert game.player(0)["missing_cards"] == 1
    game.act(1, "draw")  # Bob draws the 7, the card Ann did not take
    game.act(0, "play 2")
    game.act(0, "draw")
    assert len(game.hand(0)) == 3  # for the rest of the round, one card fewer
    assert game.player(0)["missing_cards"] == 1


# --- D11a: tokens --------------------------------------------------------------------------------------


def test_the_player_who_cannot_play_loses_a_token_and_a_new_round_is_dealt_d11a():
    table = stacked_table(
        [["REV", "2", "2", "2"], ["9", "9", "9", "ONO"], ["10", "10", "10", "10"]],
        draw=["3"],
        first=0,
        options=V,
        total=92,
    )
    table.play(0, "REV")  # counterclockwise: Cy is next
    assert table.actions(2) == ["lay_down"]  # A38: no card is played, no bust in the token game
    table.act(2, "lay_down")
    view = table.view(None)
    assert [p["tokens"] for p in view["players"]] == [3, 3, 2]
    assert view["round"] == 2
    assert view["total"] == 0 and view["direction"] == "clockwise"  # A30
    assert [p["hand_count"] for p in view["players"]] == [4, 4, 4]
    assert [p["status"] for p in view["players"]] == ["in", "in", "in"]
    assert view["draw_count"] == 54 - 12 and view["discard_count"] == 0
    assert view["last_round"]["loser"] == 2
    assert not view["over"]
    ono99.check_invariants(table.state)


def test_out_of_the_game_on_the_loss_after_the_last_token_d11a_a31():
    again = later([FOUR_ONO, FILL], first=0)  # the loser starts the next round
    table = stacked_table([FOUR_ONO, FILL], options=opts(next_round_starter="loser"), rounds=[again] * 3)
    for tokens_left in (2, 1, 0):
        table.act(0, "lay_down")
        assert table.player(0)["tokens"] == tokens_left and table.player(0)["status"] == "in"
        assert table.turn == 0 and table.hand(0) == FOUR_ONO
    table.act(0, "lay_down")  # the fourth loss
    assert table.player(0)["status"] == "eliminated"
    assert table.over and table.result["winners"] == [1]  # D11a.5: the last player left wins


def test_with_no_token_left_the_next_loss_is_out_of_the_game_d11a():
    table = stacked_table([FOUR_ONO, FILL, FILL], first=0, tokens=[0, 3, 3], options=V)
    assert [p["tokens"] for p in table.view(None)["players"]] == [0, 3, 3]
    table.act(0, "lay_down")
    assert table.player(0)["status"] == "eliminated" and not table.over
    assert [p["tokens"] for p in table.view(None)["players"]] == [0, 3, 3]


def test_with_no_tokens_the_first_loss_puts_a_player_out_and_the_rest_play_on():
    # Round 2: the deal passes left to Ann, and Bob is out, so Cy starts.
    table = stacked_table(
        [["2", "2", "2", "3"], FOUR_ONO, FILL],
        draw=["4"],
        options=opts(tokens=0),
        rounds=[later([FILL, None, FOUR_ONO], first=2)],
    )
    table.play(0, "2")
    table.act(1, "lay_down")
    view = table.view(None)
    assert view["players"][1]["status"] == "eliminated" and view["players"][1]["hand_count"] == 0
    assert not view["over"] and view["round"] == 2
    assert [p["hand_count"] for p in view["players"]] == [4, 0, 4]
    assert view["draw_count"] == 54 - 8
    assert table.turn == 2
    table.act(2, "lay_down")
    assert table.over and table.result["winners"] == [0]


# --- A4: who starts the next round --------------------------------------------------------------------


@pytest.mark.parametrize("rule, starter", [("rotate", 1), ("loser", 2)])
def test_next_round_starter(rule, starter):
    table = stacked_table(
        [["2", "2", "2", "4"], ["3", "3", "3", "5"], FOUR_ONO],
        draw=["4", "5"],
        first=0,
        options=opts(next_round_starter=rule),
    )  # dealer 2, Ann first
    table.play(0, "2")
    table.play(1, "3")
    table.act(2, "lay_down")
    assert table.view(None)["round"] == 2 and table.turn == starter


def test_rotate_skips_a_seat_that_is_out_of_the_game():
    table = stacked_table(
        [FOUR_ONO, FILL, FILL],
        draw=["6", "7"],
        first=1,
        options=opts(tokens=0),  # dealer 0
        rounds=[later([None, FILL, FOUR_ONO], first=2)],
    )
    table.play(1, "6")
    table.play(2, "7")
    table.act(0, "lay_down")  # Ann is out of the game
    assert table.turn == 2  # the deal passes left to Bob, and the seat to his left is Cy
    table.act(2, "lay_down")
    assert table.over and table.result["winners"] == [1]


def test_the_loser_rule_falls_back_to_rotation_when_the_loser_is_out():
    table = stacked_table([FILL, FILL, FOUR_ONO], first=2, options=opts(tokens=0, next_round_starter="loser"))
    table.act(2, "lay_down")  # dealer Bob; Cy is out, so the deal passes to Ann and Bob starts
    assert table.player(2)["status"] == "eliminated"
    assert table.turn == 1


# --- D11b: points --------------------------------------------------------------------------------------

POINTS = opts(scoring="points_elimination", target_points=1000)


@pytest.mark.parametrize("after, total", [("revert", 95), ("keep", 101), ("reset", 0)])
def test_a_bust_plays_a_chosen_number_card_goes_out_of_the_round_and_draws_one_d11b2(after, total):
    table = stacked_table(
        [["5", "6", "ONO", "ONO"], ["2", "3", "4", "10"], FILL],
        draw=["7"],
        first=0,
        total=95,
        options={**POINTS, "bust_total_after": after},
    )
    assert table.actions(0) == ["bust 5", "bust 6"]  # A26: the player chooses the card
    assert table.error(0, "lay_down")["code"] == "illegal_card"
    table.act(0, "bust 6")
    view = table.view(None)
    assert view["players"][0]["status"] == "out_of_round"
    assert view["discard_top"]["card"] == "6"
    assert view["total"] == total  # A26 / BUST_TOTAL_AFTER
    assert table.hand(0) == ["5", "7", "ONO", "ONO"]  # L108 / A29: draws one, back to four
    assert view["turn"] == 1 and view["owed_draw"] is None
    err = table.error(0, "play 5")
    assert err["code"] == "not_your_turn" and "out of this round" in err["message"]
    if after == "keep":  # every card Bob could add now busts too, and only Minus ten could help
        assert table.actions(1) == ["bust 10", "bust 2", "bust 3", "bust 4"]
    else:
        table.play(1, "2")
        assert table.turn == 2  # the player who is out is skipped


def test_no_bust_offered_when_a_card_keeps_the_total_safe():
    table = stacked_table([["5", "3", "ONO", "ONO"], FILL, FILL], first=0, total=95, options=POINTS)
    assert table.actions(0) == ["play 3"]
    err = table.error(0, "bust 5")
    assert err["code"] == "illegal_card" and "safe" in err["message"]


def test_a_hand_with_no_number_card_goes_out_without_playing_a28():
    table = stacked_table([FOUR_ONO, FILL, FILL], first=0, options=POINTS)
    assert table.actions(0) == ["lay_down"]
    table.act(0, "lay_down")
    assert table.player(0)["status"] == "out_of_round" and table.hand(0) == FOUR_ONO
    assert table.total == 0 and table.turn == 1


def _two_busts(options, scores=None, rounds=()):
    """A 3-player points round: Ann and Bob must bust at 95, Cy survives with four specials.
    Ann ends with 8, 7, 6, 2 and +25 (48); Bob with 10, 10, ONO, 3 and +25 (68); Cy 4 x 15 (60).
    `scores`: everyone's points before this round (the engine's test setup)."""
    table = stacked_table(
        [["9", "8", "7", "6"], ["10", "10", "10", "ONO"], ["HOLD", "REV", "-10", "DP"]],
        draw=["2", "3"],
        first=0,
        total=95,
        options=options,
        scores=scores,
        rounds=rounds,
    )
    table.act(0, "bust 9")
    table.act(1, "bust 10")
    return table


def test_the_round_ends_when_one_player_is_left_and_everyone_scores_d11b3_d11b4():
    table = _two_busts(POINTS)
    view = table.view(None)
    assert [p["score"] for p in view["players"]] == [48, 68, 60]
    points = {line["seat"]: line["points"] for line in view["last_round"]["lines"]}
    assert points == {0: 48, 1: 68, 2: 60}  # A27: the survivor scores too, without the 25
    assert view["round"] == 2 and not view["over"]
    assert [p["status"] for p in view["players"]] == ["in", "in", "in"]
    assert view["total"] == 0 and [p["hand_count"] for p in view["players"]] == [4, 4, 4]


def test_worked_example_44_l118():
    # Ann plays a Hold and draws a 5: she keeps an ONO 99 card, a Double Play, a 4 and the 5.
    table = stacked_table(
        [["ONO", "DP", "4", "HOLD"], ["ONO", "ONO", "ONO", "10"]], draw=["5", "2"], first=0, total=95, options=POINTS
    )
    table.play(0, "HOLD")
    assert table.hand(0) == ["4", "5", "DP", "ONO"]
    table.act(1, "bust 10")  # Bob is out of the round: the round is over
    lines = {line["seat"]: line for line in table.view(None)["last_round"]["lines"]}
    assert lines[0]["points"] == 20 + 15 + 9 == 44
    assert lines[1]["points"] == 3 * 20 + 2 + 25


@pytest.mark.parametrize(
    "hand, points",
    [
        (["2", "9", "10", "5"], 26),  # face value
        (["ONO", "ONO", "2", "3"], 45),  # ONO 99: 20
        (["HOLD", "REV", "-10", "DP"], 60),  # the other specials: 15
    ],
)
def test_card_points_d11b4(hand, points):
    assert sum(ono99.card_points(c) for c in hand) == points


def test_missing_cards_score_15_each_l115():
    table = stacked_table(
        [["9", "8", "7", "6"], ["10", "10", "10", "ONO"], ["HOLD", "REV", "-10", "DP"]],
        draw=["2", "3"],
        first=2,
        total=95,
        options={**POINTS, "draw_speed_penalty": True},
    )
    table.act(2, "play HOLD")  # Cy does not draw in time ...
    table.act(0, "bust 9")  # ... before the next card: Cy now holds three cards
    assert table.player(2)["missing_cards"] == 1
    table.act(1, "bust 10")
    points = {line["seat"]: line["points"] for line in table.view(None)["last_round"]["lines"]}
    assert points[2] == 45 + 15


def test_points_elimination_out_on_reaching_the_target_exactly_a34():
    table = _two_busts(opts(scoring="points_elimination", target_points=100), scores=[52, 0, 0])
    view = table.view(None)
    assert [p["score"] for p in view["players"]] == [100, 68, 60]
    assert view["players"][0]["status"] == "eliminated"  # 100 >= 100
    assert not view["over"] and view["round"] == 2
    assert [p["hand_count"] for p in view["players"]] == [0, 4, 4]


def test_points_elimination_below_the_target_stays_in():
    table = _two_busts(opts(scoring="points_elimination", target_points=100), scores=[51, 0, 0])
    assert table.player(0)["score"] == 99 and table.player(0)["status"] == "in"


def test_points_elimination_the_last_player_left_wins_d11b5i():
    table = _two_busts(opts(scoring="points_elimination", target_points=100), scores=[52, 32, 0])
    assert table.over and table.result["winners"] == [2]


def test_points_elimination_everyone_reaching_it_at_once_lowest_wins_a33():
    table = _two_busts(opts(scoring="points_elimination", target_points=100), scores=[53, 33, 41])
    assert [p["score"] for p in table.view(None)["players"]] == [101, 101, 101]
    assert table.over and table.result["winners"] == [0, 1, 2]  # a three-way tie shares
    table = _two_busts(opts(scoring="points_elimination", target_points=100), scores=[53, 32, 41])
    assert table.over and table.result["winners"] == [1]
    statuses = [p["status"] for p in table.view(None)["players"]]
    assert statuses == ["eliminated", "in", "eliminated"]  # the winner is not shown as out


def test_points_lowest_first_to_the_target_ends_it_and_the_lowest_wins_d11b5ii():
    table = _two_busts(opts(scoring="points_lowest", target_points=100), scores=[52, 0, 0])
    assert table.over and table.result["winners"] == [2]  # 68 against 60
    assert table.result["standings"][0]["seat"] == 2


def test_points_lowest_not_reached_plays_another_round():
    table = _two_busts(opts(scoring="points_lowest", target_points=100), scores=[51, 0, 0])
    assert not table.over and table.view(None)["round"] == 2


def test_points_lowest_tie_shared_by_default_a33():
    table = _two_busts(opts(scoring="points_lowest", target_points=100), scores=[52, 0, 8])
    assert table.over and table.result["winners"] == [1, 2]


def test_points_lowest_tie_play_on_plays_another_round_then_the_lowest_wins_a33():
    # The extra round: Ann is out, the deal passes to Bob, so Cy starts. At 98 Bob must bust (+25 and
    # a small hand), and Cy holds specials (60 or less).
    extra = later([None, ["2", "2", "3", "3"], ["HOLD", "HOLD", "REV", "REV"]], draw=["4", "5"], first=2)
    table = _two_busts(
        opts(scoring="points_lowest", target_points=1000, tie_rule="play_on"), scores=[952, 800, 808], rounds=[extra]
    )
    view = table.view(None)
    assert [p["score"] for p in view["players"]] == [1000, 868, 868]  # Ann is out; Bob and Cy tie
    assert not view["over"] and view["round"] == 2
    assert [p["status"] for p in view["players"]] == ["eliminated", "in", "in"]
    table.state.total = 98
    table.play(2, "HOLD")
    table.act(1, "bust 2")
    scores = [p["score"] for p in table.view(None)["players"]]
    assert max(scores[1:]) < 1000  # nobody reached the target in the extra round
    assert scores[1] < scores[2]
    assert table.over and table.result["winners"] == [1]  # the tie is broken: the lowest wins


def test_points_view_shows_scores_not_tokens():
    table = stacked_table([FILL, FILL], options=POINTS)
    line = table.player(0)
    assert line["score"] == 0 and line["tokens"] is None


def test_first_play_number_applies_to_each_round():
    table = stacked_table(
        [FOUR_ONO, FILL],
        options=opts(first_play_number=True, next_round_starter="loser"),
        rounds=[later([["HOLD", "REV", "-10", "2"], FILL], first=0)],
    )
    table.act(0, "lay_down")
    assert table.actions(0) == ["play 2"]


def test_no_undo_after_a_bust():
    tens = {"10": 40}  # a deck of tens: the total climbs 10 a play, and the tenth play busts
    game = stacked_game([["10"] * 4, ["10"] * 4], first=0, options={**POINTS, "deck": tens})
    for play in range(9):
        game.play(play % 2, "10")
    assert game.total == 90 and game.actions(1) == ["bust 10"]
    game.act(1, "bust 10")
    assert game.view(1)["can_undo"] is False
    err = game.unchanged("undo", seat=1)
    assert err["code"] == "cannot_undo" and "final" in err["message"]

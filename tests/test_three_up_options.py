"""3UP 3DOWN optional rules O1-O7 and every §2.17 flag (each an option, its default the file's
proposal): each test reaches its situation with a stacked deal or `arrange`, and fails if the option
is ignored or misapplied."""

import pytest
from three_up_helpers import NAMES, labels, shown_text, table

from pygames_wasm.core import NO_SETUP, game_rng
from pygames_wasm.core.i18n import rendered
from pygames_wasm.games import three_up as T
from pygames_wasm.simulate import play_one

UP = ["R8 B8 G8", "R9 B9 G9", "R10 B10 G10"]
DOWN = ["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"]


def mid(hands, up=None, down=None, pile="", draw="", turn=0, options=None, deck=None):
    n = len(hands)
    t = table(n=n, options=options, deck=deck)
    t.arrange(hands=list(hands), up=list(up or [""] * n), down=list(down or [""] * n), pile=pile, draw=draw, turn=turn)
    return t


def test_info_offers_every_flag_and_the_presets():
    info = rendered(T.info())
    keys = {o["key"] for o in info["options"]}
    assert {
        "colours",
        "first_player",
        "mix_zones",
        "failed_flip",
        "refill_after_clear",
        "followup_draws",
        "empty_followup",
        "clear_followup",
        "nested_clear",
        "triple_followup",
        "triple_across",
        "placings",
        "draw_instead",
        "ones_reverse",
        "reverse_per",
        "scoring",
        "rounds",
        "score_zones",
        "pile_switch",
        "trading",
        "trade_limit",
        "four_colour",
        "four_colour_on_triple",
        "turn_limit",
        "deck",
    } == keys
    presets = {p["id"]: p for p in info["presets"]}
    assert presets["base"]["options"] == {}
    assert presets["party"]["title"] == "Party: placings + ones reverse"
    assert presets["party"]["options"] == {"placings": True, "ones_reverse": True}
    for p in info["presets"]:
        T.make_options(p["options"])  # every preset is a valid set of options
    assert info["players"] == {"min": 2, "max": 6}


def test_defaults_are_the_files_proposals():
    o = T.make_options({})
    assert (o.first_player, o.mix_zones, o.failed_flip, o.refill_after_clear, o.followup_draws) == (
        "left_of_dealer",
        False,
        "hand",
        True,
        "each",
    )
    assert (o.empty_followup, o.clear_followup, o.nested_clear, o.triple_followup, o.triple_across) == (
        "draw",
        "ends_turn",
        "adds",
        "ends_turn",
        True,
    )
    assert not (o.placings or o.draw_instead or o.ones_reverse or o.scoring or o.trading or o.four_colour)
    assert (o.reverse_per, o.score_zones, o.pile_switch, o.four_colour_on_triple) == ("play", "hand", "off", True)


def test_dependent_options_fall_back_when_their_rule_is_off():
    o = T.make_options({"reverse_per": "card", "rounds": 5, "trade_limit": 9})
    assert (o.reverse_per, o.rounds, o.trade_limit) == ("play", 3, T.NO_LIMIT)


# --- O1 placings --------------------------------------------------------------------------------------


def test_o1_play_goes_on_for_placings_skipping_those_out():
    t = mid(["", "B9 B4", "G9 G5"], down=["R9", "B1 B2", "G1 G2"], options={"placings": True})
    t.flip(0, 0)
    assert not t.state.over and t.state.out == [0] and t.state.turn == 1
    t.play(1, "B9")
    t.play(2, "G9")  # a third 9 clears the pile
    assert t.state.turn == 1  # Ann, who is out, is skipped
    assert t.error(0, "pickup", "not_your_turn") == "You are out of this round."


def test_o1_the_last_player_left_takes_last_place():
    t = mid(["", "B9", "G2 G5"], down=["R9", "", "G1 G2"], options={"placings": True})
    t.flip(0, 0)
    t.play(1, "B9")
    assert t.state.over and t.state.winners == [0]
    assert [(s["name"], s["place"], s["detail"]) for s in t.view()["result"]["standings"]] == [
        ("Ann", 1, "Went out first"),
        ("Bob", 2, "Out 2nd"),
        ("Cy", 3, "Last"),
    ]


# --- O2 draw instead of playing --------------------------------------------------------------------


def test_o2_draw_instead_of_playing_ends_the_turn():
    t = table(hand=["R5 R6 R7", None], draw="G2", options={"draw_instead": True})
    assert "draw" in t.actions(0)
    t.act(0, "draw")
    assert t.hand(0) == ["G2", "R5", "R6", "R7"] and t.state.turn == 1


def test_o2_is_off_by_default_and_never_a_way_out_of_a_pick_up():
    t = table(hand=["R5 R6 R7", None], draw="G2")
    assert "draw" not in t.actions(0)
    assert t.error(0, "draw", "nothing_to_draw").startswith("You may draw only before a Clear +1")
    t2 = mid(["R2 R3 R4", "B1"], UP[:2], DOWN[:2], pile="G9", draw="G1", options={"draw_instead": True})
    assert t2.error(0, "draw", "illegal_action") == (
        "You cannot play, so you must pick up the pile; drawing is no way out."
    )
    t3 = mid(["R5", "B1"], pile="G2", options={"draw_instead": True})
    assert t3.error(0, "draw", "nothing_to_draw") == "The draw pile is empty."


def test_o2_does_not_replace_a_follow_up():
    t = table(hand=["RC+1 R2 R3", None], draw="G7 G8", options={"draw_instead": True})
    t.act(0, "play RC+1")
    t.act(0, "draw")  # the optional draw before the follow-up: the play is still owed
    assert t.state.phase == "follow" and "draw" not in t.actions(0)


# --- O3 ones reverse ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, cards, next_seat",
    [
        ({}, "R1", 1),
        ({"ones_reverse": True}, "R1", 2),
        ({"ones_reverse": True}, "R1 B1", 2),  # once per play
        ({"ones_reverse": True, "reverse_per": "card"}, "R1 B1", 1),  # two ones cancel out
    ],
)
def test_o3_a_one_changes_the_direction(options, cards, next_seat):
    t = table(n=3, hand=["R1 B1 R5", "B5 B6 B7", "G5 G6 G7"], options=options)
    t.play(0, cards)
    assert t.state.turn == next_seat
    assert t.view()["direction"] == ("counterclockwise" if next_seat == 2 else "clockwise")


def test_o3_reverses_even_when_three_ones_clear_and_as_a_follow_up():
    t = mid(["R1 B1 R5", "B5", "G5"], UP, DOWN, pile="G1", draw="R9 B9 G9 R7 B7", options={"ones_reverse": True})
    t.play(0, "R1 B1")
    assert t.state.pile == [] and t.state.turn == 2
    t2 = mid(["RC+1 R1 R5", "B5", "G5"], UP, DOWN, draw="R9 B9 G9", options={"ones_reverse": True})
    t2.act(0, "play RC+1")
    t2.act(0, "play R1")
    assert t2.view()["direction"] == "counterclockwise"
    t2.refill_if_due(0)
    assert t2.state.turn == 2


# --- O4 scoring ---------------------------------------------------------------------------------------


def test_o4_points_for_cards_left_lowest_total_wins_over_rounds():
    t = table(n=2, options={"scoring": True, "rounds": 2}, next_deals=[{}])
    assert t.state.dealer == 1 and t.state.first == 0
    t.arrange(hands=["", "RC BC+1 GC+2 R7"], up=["", ""], down=["R9", "B4"], turn=0)
    t.flip(0, 0)  # Ann goes out; Bob scores 15 + 20 + 25 + 7
    sheet = t.view()["last_round"]
    assert sheet["points"] == [0, 67] and sheet["totals"] == [0, 67] and not t.state.over
    assert t.state.round == 2 and t.state.dealer == 0 and t.state.first == 1  # the deal passes left
    t.pick_all()
    t.arrange(hands=["R2 R3", ""], up=["", ""], down=["R4", "B9"], turn=1)
    t.flip(1, 0)
    assert t.state.over and t.state.scores == [5, 67] and t.state.winners == [0]
    assert t.view()["result"]["text"] == "Ann wins with 5 points, the lowest total!"
    assert [s["points"] for s in t.view()["sheets"]] == [[0, 67], [5, 0]]


def test_o4_scores_the_hand_only_unless_every_zone_counts():
    for zones, bob in (("hand", 7), ("all", 7 + 9 + 4)):
        t = table(options={"scoring": True, "rounds": 1, "score_zones": zones})
        t.arrange(hands=["", "R7"], up=["", "R9"], down=["R9", "B4"], turn=0)
        t.flip(0, 0)
        assert t.state.scores == [0, bob]


def test_o4_ties_share_and_the_score_is_taken_when_the_first_goes_out():
    t = table(n=3, options={"scoring": True, "rounds": 1, "placings": True})
    t.arrange(hands=["", "R7", "B7 R3"], up=["", "", ""], down=["R9", "B4", "G9"], turn=0)
    t.flip(0, 0)
    assert t.state.round_points == [0, 7, 10]
    t.pickup(1)  # a 7 cannot go on the 9
    assert not t.state.over and t.state.round_points == [0, 7, 10]
    t2 = table(n=3, options={"scoring": True, "rounds": 1})
    t2.arrange(hands=["", "R7", "B7"], up=["", "", ""], down=["R9", "B4", "G9"], turn=0)
    t2.flip(0, 0)
    assert t2.state.winners == [0]
    t3 = table(n=3, options={"scoring": True, "rounds": 2}, next_deals=[{}])
    t3.arrange(hands=["", "R7", "B7"], up=["", "", ""], down=["R9", "B4", "G9"], turn=0)
    t3.flip(0, 0)
    t3.pick_all()
    t3.arrange(hands=["R2 R5", "", "G7"], up=["", "", ""], down=["R4", "B9", "G9"], turn=1)
    t3.flip(1, 0)
    assert t3.state.scores == [7, 7, 14] and t3.state.winners == [0, 1]
    assert t3.view()["result"]["text"] == "Ann and Bob share the win with 7 points, the lowest total!"


# --- O5 random pile switch --------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["any", "nobody_keeps"])
def test_o5_the_face_up_and_face_down_units_are_switched_at_random(mode):
    for seed in range(1, 6):
        t = table(n=3, picked=False, seed=seed, options={"pile_switch": mode})
        units = [(list(t.state.down[s]), sorted(t.ups[0][s])) for s in range(3)]
        t.pick_all()
        hands = [t.hand(s) for s in range(3)]
        after = [(t.state.down[s], sorted(t.state.up[s])) for s in range(3)]
        assert sorted(after) == sorted(units)  # whole units move; the face-down cards stay unseen
        assert [t.hand(s) for s in range(3)] == hands  # hands are untouched
        if mode == "nobody_keeps":
            assert all(after[s] != units[s] for s in range(3))
        assert "The piles were switched at random" in t.events_text()
        came_from = [p["cards_from"] for p in t.view()["players"]]  # shown on the table all round
        assert [units[c] for c in came_from] == after
    t = table(n=3, picked=False, seed=1)
    units = [list(t.state.down[s]) for s in range(3)]
    t.pick_all()
    assert [t.state.down[s] for s in range(3)] == units  # off by default


def test_o5_any_permutation_sometimes_keeps_a_unit_and_sometimes_moves_one():
    kept = moved = False
    for seed in range(1, 20):
        t = table(n=3, picked=False, seed=seed, options={"pile_switch": "any"})
        units = [list(t.state.down[s]) for s in range(3)]
        t.pick_all()
        kept |= any(t.state.down[s] == units[s] for s in range(3))
        moved |= any(t.state.down[s] != units[s] for s in range(3))
    assert kept and moved


# --- O6 trading ---------------------------------------------------------------------------------------


def test_o6_trade_hand_cards_for_others_face_up_cards_in_seat_order():
    t = table(
        n=3,
        first=1,
        up=["R8 B8 G8", "R9 B9 G9", "R10 B10 G10"],
        hand=["R2 R3 R4", "B2 B3 B4", "G2 G3 G4"],
        options={"trading": True},
    )
    assert t.state.phase == "trade" and t.state.turn == 1  # the first player trades first
    assert t.error(0, "done", "not_your_turn") == "It is Bob's turn."
    t.act(1, "trade B2 2 B10")
    assert t.state.up[2] == ["R10", "B2", "G10"] and "B10" in t.hand(1)  # in the same place, face up
    assert "Bob traded the Blue 2 for Cy’s face-up Blue 10." in t.events_text()
    assert t.view()["trades_left"] is None  # no limit
    assert t.error(1, "trade B3 1 R9", "bad_seats") == "Trade with another player's face-up cards."
    assert t.error(1, "trade B3 0 R10", "illegal_card") == "Ann has no face-up Red 10."
    t.act(1, "done")
    assert t.state.turn == 2
    t.act(2, "done")
    t.act(0, "done")
    assert t.state.phase == "play" and t.state.turn == 1
    assert t.error(1, "trade B3 0 R8", "illegal_action").startswith("Play, flip or pick up")


def test_o6_any_number_of_trades_by_default_until_the_player_is_done():
    """E6: no limit; the turn to trade passes only when the player says "done"."""
    t = table(n=2, up=["R8 B8 G8", "R9 B9 G9"], hand=["R2 R3 R4", "B2 B3 B4"], options={"trading": True})
    assert T.make_options({"trading": True}).trade_limit == T.NO_LIMIT
    for trade in ["trade R2 1 R9", "trade R3 1 B9", "trade R4 1 G9", "trade R9 1 R2", "trade B9 1 R3"]:
        t.act(0, trade)
        assert (t.state.phase, t.state.turn, t.view()["trades_left"]) == ("trade", 0, None)
    assert t.state.up[1] == ["R9", "B9", "R4"] and t.hand(0) == ["G9", "R2", "R3"]  # two taken back: any trade goes
    assert "done" in t.actions(0)
    t.act(0, "done")
    assert (t.state.phase, t.state.turn) == ("trade", 1)  # Bob's go, with no limit either
    t.act(1, "done")
    assert t.state.phase == "play"


def test_o6_a_limit_passes_the_turn_at_the_last_trade():
    t = table(
        n=2, up=["R8 B8 G8", "R9 B9 G9"], hand=["R2 R3 R4", "B2 B3 B4"], options={"trading": True, "trade_limit": 2}
    )
    assert t.view()["trades_left"] == 2
    t.act(0, "trade R2 1 R9")
    assert (t.state.turn, t.view()["trades_left"]) == (0, 1)
    t.act(0, "trade R3 1 B9")
    assert (t.state.phase, t.state.turn, t.view()["trades_left"]) == ("trade", 1, 2)  # the 2nd: Bob's go
    assert t.error(0, "trade R4 1 G9", "not_your_turn") == "It is Bob's turn."
    t.act(1, "done")
    assert t.state.phase == "play"
    assert table(n=2).state.phase == "play"  # trading is off by default


def test_o6_trade_limit_is_no_limit_or_1_to_9():
    spec = next(s for s in T.OPTION_SPECS if s.key == "trade_limit")
    assert [v for v, _ in spec.choices] == [T.NO_LIMIT, *range(1, 10)]
    assert rendered(spec.to_dict())["choices"][:2] == [{"value": 0, "label": "No limit"}, {"value": 1, "label": "1"}]
    for bad in (10, -1, "3", None, True, 3.0):
        with pytest.raises(T.GameError):
            T.make_options({"trading": True, "trade_limit": bad})


# --- O7 four of a colour ----------------------------------------------------------------------------


def test_o7_four_of_a_colour_offers_a_swap():
    t = mid(["R5 B9 B2", "G2"], UP[:2], DOWN[:2], pile="R2 R3 R4", draw="G1 G3 G4", options={"four_colour": True})
    t.act(0, "play R5")
    assert t.state.phase == "swap" and "no_swap" in t.actions(0) and "swap B9 R8" in t.actions(0)
    assert t.error(0, "refill", "illegal_action").startswith("Four of a colour")
    t.act(0, "swap B9 R8")
    assert t.state.up[0] == ["B9", "B8", "G8"] and "R8" in t.hand(0)
    assert t.state.phase == "refill"


def test_o7_the_run_counts_card_by_card_and_breaks_on_another_colour():
    opts = {"four_colour": True}
    t = mid(["R5 B5 B9", "G2"], UP[:2], DOWN[:2], pile="R2 R3 R4", draw="G1 G3 G4", options=opts)
    t.act(0, "play B5 R5")  # the Blue 5 breaks the run first
    assert t.state.phase != "swap"
    t = mid(["R5 B5 B9", "G2"], UP[:2], DOWN[:2], pile="R2 R3 R4", draw="G1 G3 G4", options=opts)
    t.act(0, "play R5 B5")
    assert t.state.phase == "swap"
    t = mid(["R5 B9", "G2"], UP[:2], DOWN[:2], pile="R2 B3 R4", draw="G1 G3 G4", options=opts)
    t.act(0, "play R5")
    assert t.state.phase != "swap"
    t = mid(["R5 B9", "G2"], UP[:2], DOWN[:2], pile="R2 R3 R4", draw="G1 G3 G4")
    t.act(0, "play R5")
    assert t.state.phase != "swap"  # off by default


def test_o7_is_checked_before_three_of_a_number_clear():
    deck = T.DEFAULT_DECK | {"R7": 3}
    for on_triple, swap in ((True, True), (False, False)):
        t = mid(
            ["R7 B9", "G2"],
            UP[:2],
            DOWN[:2],
            pile="R2 R7 R7",
            draw="G1 G3",
            deck=deck,
            options={"four_colour": True, "four_colour_on_triple": on_triple},
        )
        t.act(0, "play R7")
        assert t.state.pile == [] and (t.state.phase == "swap") == swap


def test_o7_no_swap_without_hand_or_face_up_cards():
    t = mid(["R5 B9", "G2"], ["", "R9"], ["R8", "G1"], pile="R2 R3 R4", options={"four_colour": True})
    t.act(0, "play R5")  # a hand card left, but no face-up card to swap it with
    assert t.state.phase != "swap" and t.state.turn == 1
    t = mid(["", "G2"], ["R5 B9", "R9"], ["R8", "G1"], pile="R2 R3 R4", options={"four_colour": True})
    t.act(0, "play R5")  # a face-up card left, but an empty hand
    assert t.state.phase != "swap" and t.state.turn == 1


def test_o7_declining_keeps_the_cards():
    t = mid(["R5 B9", "G2"], UP[:2], DOWN[:2], pile="R2 R3 R4", draw="G1 G3 G4", options={"four_colour": True})
    t.act(0, "play R5")
    t.act(0, "no_swap")
    assert t.state.up[0] == ["R8", "B8", "G8"] and t.state.phase == "refill"


# --- §2.17 flags ----------------------------------------------------------------------------------------


def test_mix_zones_lets_the_last_hand_cards_take_face_up_copies():
    opts = {"mix_zones": True}
    t = mid(["R7", "B9"], ["B7 G7 R2", "R9"], ["R1", "B1"], options=opts)
    assert t.actions(0) == ["play R7", "play R7 B7", "play R7 G7", "play R7 B7 G7"]
    assert "join" in t.error(0, "play R7 R2", "illegal_card")
    assert t.error(0, "play B7", "illegal_card") == "Face-up cards can join your last hand cards only with all of them."
    t.play(0, "R7 B7 G7")
    assert t.state.pile == [] and t.state.up[0] == ["R2"]  # three 7s: cleared
    t2 = mid(["R7 R5", "B9"], ["B7 G7 R2", "R9"], ["R1", "B1"], options=opts)
    assert t2.actions(0) == ["play R5", "play R7"]  # two numbers in hand: no mixing


def test_failed_flip_back_face_down_known_only_to_its_owner():
    t = mid(["", "B9"], ["", "R9"], ["R2 G4", "B1"], pile="G9", options={"failed_flip": "back"})
    t.flip(0, 0)
    assert t.state.down[0] == ["R2", "G4"] and t.hand(0) == ["G9"]
    assert [d["card"] for d in t.view(0)["my_down"]] == ["R2", None]
    assert "Red 2" in t.view(0)["note"]
    for viewer in (None, 1):
        assert "'R2'" not in shown_text(t.view(viewer)) and "Red 2" not in shown_text(t.view(viewer))


def test_refill_after_clear_off_and_a_turn_that_starts_empty_handed():
    opts = {"refill_after_clear": False}
    t = mid(["GC+2 R5 RC", "B9 B8 B7"], UP[:2], DOWN[:2], draw="G1 G2 G3 G4", options=opts)
    t.act(0, "play GC+2")
    t.act(0, "play R5")
    t.act(0, "play RC")  # a clear ends the turn: no refill with the option off
    assert t.state.turn == 1 and t.hand(0) == []
    t.play(1, "B7")
    assert t.state.turn == 0 and t.actions(0) == ["refill"]  # C20: draw before playing
    t.act(0, "refill")
    assert t.state.phase == "play" and t.state.turn == 0 and len(t.hand(0)) == 3
    t2 = table(hand=["RC R2 R3", None], draw="G3")
    t2.act(0, "play RC")
    assert t2.actions(0) == ["refill"]  # on by default


def test_followup_draws_one_in_all():
    t = table(hand=["GC+2 R2 R3", None], draw="G8 G9", options={"followup_draws": "one"})
    t.act(0, "play GC+2")
    t.act(0, "draw")
    t.act(0, "play R2")
    assert "draw" not in t.actions(0)
    assert t.error(0, "draw", "already_drawn")


def test_empty_followup_forfeit():
    t = mid(["GC+2 R5 B5", "B9"], UP[:2], DOWN[:2], draw="G1 G7", options={"empty_followup": "forfeit"})
    t.act(0, "play GC+2")
    t.act(0, "play R5 B5")
    assert t.state.phase == "refill" and "lapses" in t.events_text()


def test_clear_followup_counts():
    t = mid(["GC+2 RC R4", "B9"], ["", ""], ["R1", "B1"], pile="B3", options={"clear_followup": "counts"})
    t.act(0, "play GC+2")
    t.act(0, "play RC")
    assert t.state.phase == "follow" and t.state.owed == 1 and t.state.pile == []
    t.act(0, "play R4")
    assert t.state.turn == 1


def test_nested_clear_replaces():
    t = mid(["GC+2 RC+1 R4 R5", "B9"], ["", ""], ["R1", "B1"], options={"nested_clear": "replaces"})
    t.act(0, "play GC+2")
    t.act(0, "play RC+1")
    assert t.state.owed == 1


def test_triple_followup_continue():
    t = mid(["GC+2 R7 B7 G7 R2", "B9"], ["", ""], ["R1", "B1"], options={"triple_followup": "continue"})
    t.act(0, "play GC+2")
    t.act(0, "play R7 B7 G7")
    assert t.state.pile == [] and t.state.phase == "follow" and t.state.owed == 1
    t.act(0, "play R2")
    assert t.state.turn == 1


def test_triple_across_players_off():
    t = table(hand=["R7 G7 R2", "B7 B2 B3"], draw="G1 G2 G3", options={"triple_across": False})
    t.play(0, "R7")
    t.play(1, "B7")
    t.play(0, "G7")
    assert t.state.pile == ["R7", "B7", "G7"]  # three by two players: no clear
    t2 = mid(["R7 B7 G7", "B9"], UP[:2], DOWN[:2], pile="R7", draw="G1 G2 G3", options={"triple_across": False})
    t2.play(0, "B7 G7")
    assert t2.state.pile == ["R7", "B7", "G7"]
    t2.act(1, "play B9")
    t3 = mid(["R7 B7 G7", "B9"], UP[:2], DOWN[:2], draw="G1 G2 G3", options={"triple_across": False})
    t3.play(0, "R7 B7 G7")
    assert t3.state.pile == []  # three in one play by one player


def test_first_player_left_of_a_rotating_dealer_or_random():
    def firsts(option, seed):
        state = T.new_state(
            T.make_options({"first_player": option, "scoring": True, "rounds": 4}), NAMES[:4], game_rng(seed), NO_SETUP
        )
        seen = [state.first]
        for _ in range(3):
            T.end_round(state, capped=True)
            seen.append(state.first)
        return seen

    for seed in range(1, 6):
        f = firsts("left_of_dealer", seed)
        assert f == [(f[0] + k) % 4 for k in range(4)]
    assert any(
        firsts("random", seed) != [(firsts("random", seed)[0] + k) % 4 for k in range(4)] for seed in range(1, 6)
    )


def test_turn_limit_draws_the_round():
    opts = {"turn_limit": 100}
    for seed in range(1, 30):
        match = play_one("three_up", opts, ["random", "random"], seed)
        if match.state.drawn:
            break
    else:
        raise AssertionError("no random game reached the turn limit")
    state = match.state
    assert state.over and state.winners == [] and state.turns == 101
    assert rendered(match.view(None)["result"]["text"]) == "Nobody went out within 100 turns: the game is drawn."
    scored = play_one("three_up", opts | {"scoring": True, "rounds": 1}, ["random", "random"], seed).state
    assert scored.sheets[0]["drawn"] and sum(scored.scores) > 0 and scored.winners  # everyone's cards count


# --- Part 3 defaults not covered elsewhere ----------------------------------------------------------


def test_c2_emptying_the_hand_does_not_continue_onto_the_face_up_cards():
    t = mid(["R5", "B9"], ["R6 R7 B8", "R9"], ["R1", "B1"])
    t.play(0, "R5")
    assert t.state.turn == 1 and t.state.up[0] == ["R6", "R7", "B8"]


def test_d5_draws_before_follow_ups_then_the_usual_refill():
    t = table(hand=["RC+1 R2 R3", None], draw="G8 G9 G10")
    t.act(0, "play RC+1")
    t.act(0, "draw")
    t.act(0, "play R2")
    assert t.actions(0) == ["refill"] and t.hand(0) == ["G8", "R3"]
    t.refill_if_due(0)
    assert t.hand(0) == ["G8", "G9", "R3"]


def test_d14_a_failed_face_down_follow_up_picks_up_with_the_card():
    t = mid(["GC+2", "B9"], ["", "R9"], ["R6 R2", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "flip 0")
    t.act(0, "flip 0")  # a 2 on the 6
    assert t.hand(0) == ["R2", "R6"] and t.state.turn == 1
    assert labels(t.view(0)["hand"]) == ["Red 2", "Red 6"]

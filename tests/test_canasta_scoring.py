"""Canasta scoring (R14, R15, R17): a whole hand worked by hand, red threes credited and debited,
canasta and going-out bonuses, both partners' cards left in hand, running totals."""

import pytest
from canasta_helpers import table


def end_by_stock(t, seat=0):
    """Empty the stock (its cards go under the pile) and let `seat` end the hand (R16.2)."""
    t.state.pile[:0] = t.state.stock
    t.state.stock = []
    t.act(seat, "end_hand")
    return t.sheets[-1]


def test_a_whole_hand_worked_by_hand():
    t = table(draw="4C", scores=(1200, 800))
    # North-South: a natural canasta of kings, a mixed canasta of 7s, 9s; two red threes.
    t.give(0, "KH KS KD KC KH KS KD")  # 7 x 10 = 70, natural: +500
    t.give(0, "7H 7S 7D 7C 2D JK 2H")  # 4 x 5 + 20 + 50 + 20 = 110, mixed: +300
    t.give(0, "9H 9S 2C")  # 10 + 10 + 20 = 40 (North adds the 9D below: 50)
    t.red_three(0, "3H")
    t.red_three(0, "3D")  # 2 x 100
    # East-West: a meld of queens and one red three.
    t.give(1, "QH QS QD")  # 30
    t.red_three(1, "3H")  # 100
    t.set_hand(0, "9D")
    t.set_hand(1, "JK 8C")  # 50 + 10
    t.set_hand(2, "AS 5H")  # 20 + 5
    t.set_hand(3, "3S 4D")  # 5 + 5
    t.state.melded_before[0] = True  # North melded in an earlier turn: not concealed
    t.act(0, "draw")  # the 4C
    t.act(0, "add 9 9D")
    t.act(0, "discard 4C")  # North goes out
    sheet = t.sheets[-1]
    ns, ew = sheet["teams"]
    # North-South: melds 70 + 110 + 50 = 230; canastas 500 + 300 = 800; red threes 200; going out 100;
    # South still holds AS 5H: -25. Total 1,305.
    assert (ns["melds"], ns["canastas"], ns["red_threes"], ns["going_out"], ns["hands"]) == (230, 800, 200, 100, -25)
    assert ns["total"] == 1305 and ns["score"] == 1200 + 1305
    assert ns["natural_canastas"] == 1 and ns["mixed_canastas"] == 1
    # East-West: melds 30; red three 100 (they melded); hands -(60 + 10) = -70. Total 60.
    assert (ew["melds"], ew["canastas"], ew["red_threes"], ew["going_out"], ew["hands"]) == (30, 0, 100, 0, -70)
    assert ew["total"] == 60 and ew["score"] == 860
    assert ew["cards_left"] == {"1": ["JK", "8C"], "3": ["4D", "3S"]}
    assert t.state.scores == [2505, 860]
    assert sheet["text"] == (
        "Hand 1: North went out. North-South: +1,305 this hand, 2,505 in all; East-West: +60 this hand, 860 in all."
    )
    view = t.view(None)
    assert view["last_hand"] == sheet and "sheets" not in view  # every hand's sheets: in the result
    assert [line["score"] for line in view["teams"]] == [2505, 860]
    # The next hand's minimums come from the new totals (R15.4): 90 for 2,505, 50 for 860.
    assert view["teams"][0]["initial_needed"] == 90 and view["teams"][1]["initial_needed"] == 50


def test_red_threes_are_debited_from_a_team_without_a_meld_r14_3():
    t = table()
    t.red_three(1, "3H")
    t.red_three(1, "3D")
    t.give(0, "KH KS KD")
    t.red_three(0, "3H")
    sheet = end_by_stock(t)
    assert sheet["teams"][1]["red_threes"] == -200
    assert sheet["teams"][0]["red_threes"] == 100


@pytest.mark.parametrize("melded, points", [(True, 800), (False, -800)])
def test_all_four_red_threes_count_800_r14_2(melded, points):
    t = table()
    for card in ("3H", "3H", "3D", "3D"):
        t.red_three(0, card)
    if melded:
        t.give(0, "KH KS KD")
    assert t.team(0)["red_three_value"] == 800
    assert end_by_stock(t)["teams"][0]["red_threes"] == points


def test_cards_left_in_both_partners_hands_count_minus_a34():
    t = table()
    t.set_hand(0, "JK AS")
    t.set_hand(2, "KH 7D 3C")
    sheet = end_by_stock(t, 0)
    assert sheet["teams"][0]["hands"] == -(50 + 20 + 10 + 5 + 5)
    assert sheet["teams"][0]["cards_left"] == {"0": ["JK", "AS"], "2": ["KH", "7D", "3C"]}


def test_no_going_out_bonus_when_the_stock_runs_out_r16_3():
    t = table()
    t.give(0, "KH KS KD KC KH KS KD")
    sheet = end_by_stock(t)
    assert sheet["out_seat"] is None and all(line["going_out"] == 0 for line in sheet["teams"])
    assert sheet["teams"][0]["canastas"] == 500


def test_black_three_meld_on_going_out_scores_5_each_r7_4():
    t = table(draw="4C")
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, "3S 3C 3S")
    t.state.melded_before[0] = True
    t.act(0, "draw")
    t.act(0, "meld 3S 3S 3C")  # going out: one card left to discard
    t.act(0, "discard 4C")
    ns = t.sheets[-1]["teams"][0]
    assert ns["melds"] == 70 + 15 and ns["canastas"] == 500 and ns["going_out"] == 100


def test_scores_are_the_sum_of_the_sheets_and_a_negative_hand_is_possible_r15_2():
    t = table(scores=(0, 0))
    t.set_hand(0, "JK JK AS")
    sheet = end_by_stock(t)
    assert sheet["teams"][0]["total"] < 0
    assert t.state.scores[0] == sum(s["teams"][0]["total"] for s in t.sheets)
    assert t.team(0)["initial_needed"] == 15  # a minus score: 15 next hand (R8.1)

"""Canasta rules (shared/rules/canasta.md, Part 2, with the defaults of Part 3).

Each test names the rule it guards and reaches the situation with a stacked deck (see
canasta_helpers): hands by seat, the upcard(s), the next stock cards; seat `first` plays first.
"""

from collections import Counter

import pytest
from canasta_helpers import NAMES, Table, stacked_deck, table

from pygames_wasm import api
from pygames_wasm.core import NO_SETUP, GameError, game_rng
from pygames_wasm.core.i18n import render, rendered
from pygames_wasm.core.match import explain
from pygames_wasm.games import canasta as C

# --- R2 / R3: deck and values ---------------------------------------------------------------------------


def test_deck_is_two_packs_and_four_jokers_r2():
    assert sum(C.DECK.values()) == 108
    assert C.DECK["JK"] == 4 and all(C.DECK[f"{r}{s}"] == 2 for r in C.RANKS for s in C.SUITS)
    cards = [c for c, n in C.DECK.items() for _ in range(n)]
    assert sum(C.is_wild(c) for c in cards) == 12
    assert sum(C.is_red_three(c) for c in cards) == 4 and sum(C.is_black_three(c) for c in cards) == 4
    assert sum(C.is_natural(c) for c in cards) == 88


@pytest.mark.parametrize(
    "card, points",
    [("JK", 50), ("2C", 20), ("AS", 20), ("KH", 10), ("8D", 10), ("7S", 5), ("4C", 5), ("3S", 5), ("3C", 5), ("3H", 0)],
)
def test_card_values_r3(card, points):
    assert C.value(card) == points


# --- R4: partnership draw ---------------------------------------------------------------------------


def drawn_game(options: dict, seed) -> C.State:
    return C.new_state(C.make_options(options), NAMES, game_rng(seed), NO_SETUP)


@pytest.mark.parametrize("partners", ["partners", "first_player"])
def test_partnership_draw_highest_plays_first_and_jokers_redraw_r4(partners):
    for seed in range(30):
        state = drawn_game({"partnership_draw": partners}, seed)
        last = [draws[-1] for draws in state.draw_cards]
        assert "JK" not in last and len(set(last)) == 4  # A5: jokers and identical cards draw again
        high = max(range(4), key=lambda s: C.draw_rank(last[s]))
        assert state.turn == high and C.left_of(state, state.dealer) == high  # R4.4, R4.5
        assert "drew highest" in render(state.events[0]["text"])


def test_the_draw_decides_the_partnerships_r4_4():
    """Seed 0 (the audit's case): the draw is A♣, 10♠, 5♦, A♦. Seat 3 (A♦) plays first and partners
    seat 0 (A♣, second highest); seats 1 and 2 are the other team."""
    state = drawn_game({}, 0)
    assert [d[-1] for d in state.draw_cards] == ["AC", "10S", "5D", "AD"]
    assert state.turn == 3 and C.partner(state, 3) == 0 and C.partner(state, 1) == 2
    assert sorted(map(sorted, C.teams(state))) == [[0, 3], [1, 2]]
    assert state.order == [3, 1, 0, 2]  # partners opposite; the others keep their order from seat 3
    view = rendered(C.view(state, 0))
    assert view["team"] == view["players"][3]["team"] != view["players"][1]["team"] == view["players"][2]["team"]
    assert view["players"][0]["partner"] == 3 and view["order"] == [3, 1, 0, 2]
    assert view["teams"][0]["seats"] == [3, 0] and view["teams"][0]["name"] == "North-South"
    assert "Ann drew second highest and is Dee's partner" in render(state.events[0]["text"]).replace(
        NAMES[0], "Ann"
    ).replace(NAMES[3], "Dee")


def test_partners_by_the_draw_in_every_deal():
    for seed in range(40):
        state = drawn_game({}, seed)
        ranking = sorted(range(4), key=lambda s: C.draw_rank(state.draw_cards[s][-1]), reverse=True)
        assert C.partner(state, ranking[0]) == ranking[1] and C.partner(state, ranking[2]) == ranking[3]
        assert C.team_of(state, ranking[0]) == 0  # the first team (team1_name) is the highest drawer's


def test_named_teams_follow_the_drawn_teams():
    state = drawn_game({"team1_name": "Lions", "team2_name": "Tigers"}, 0)
    teams = rendered(C.view(state, None)["teams"])
    assert (teams[0]["name"], teams[0]["seats"]) == ("Lions", [3, 0])
    assert (teams[1]["name"], teams[1]["seats"]) == ("Tigers", [1, 2])
    assert "Lions (" in render(state.events[0]["text"])


def test_play_goes_clockwise_round_the_drawn_seating():
    state = drawn_game({}, 0)
    assert [C.left_of(state, s) for s in (3, 1, 0, 2)] == [1, 0, 2, 3]
    assert state.dealer == 2  # on the right of the highest drawer


def test_partners_as_seated_is_an_option():
    for seed in range(20):
        state = drawn_game({"partnership_draw": "first_player"}, seed)
        assert state.order == [0, 1, 2, 3] and C.partner(state, 0) == 2 and C.partner(state, 1) == 3


def test_partnership_draw_can_be_skipped():
    state = drawn_game({"partnership_draw": "off"}, 3)
    assert state.draw_cards is None and state.order == [0, 1, 2, 3]
    assert state.turn == (state.dealer + 1) % 4


def test_saves_from_before_the_choice_keep_their_meaning():
    assert C.make_options({"partnership_draw": True}).partnership_draw == "first_player"
    assert C.make_options({"partnership_draw": False}).partnership_draw == "off"


def test_draw_order_ace_high_two_low_spades_high():
    assert C.draw_rank("AC") > C.draw_rank("KS") > C.draw_rank("2S")
    assert C.draw_rank("9S") > C.draw_rank("9H") > C.draw_rank("9D") > C.draw_rank("9C")


# --- R5: deal, upcard, dealt red threes ---------------------------------------------------------------


def test_deal_eleven_each_from_dealers_left_stock_64_r5():
    t = table(hands={1: "7H 7S"}, pile="9C", first=1)
    assert [len(h) for h in t.state.hands] == [11] * 4
    assert t.state.dealer == 0 and t.state.turn == 1  # R6.1: left of the dealer plays first
    assert t.state.hands[1][:2] == ["7H", "7S"]  # the first card goes to the dealer's left
    assert len(t.state.stock) == 64 - 1 and t.state.pile == ["9C"]
    view = t.view(None)
    assert view["stock_count"] == 63 and view["pile"]["top"] == "9C" and not view["pile"]["frozen"]
    assert [p["team"] for p in view["players"]] == [0, 1, 0, 1]  # R1.2: partners opposite


@pytest.mark.parametrize("upcards, frozen_by", [("2C 9C", "2C"), ("JK 3H 9C", "JK"), ("3H 9C", "3H"), ("3S 9C", "3S")])
def test_upcard_turned_until_natural_and_freezes_r5_4(upcards, frozen_by):
    t = table(pile=upcards)
    assert t.state.pile == upcards.split()
    assert t.view(None)["pile"]["frozen"] and t.view(None)["pile"]["frozen_by"] == frozen_by


def test_black_three_upcard_does_not_freeze_without_the_option_r5_5():
    t = table(pile="3S 9C", options={"black_three_freezes": False})
    assert not t.view(None)["pile"]["frozen"]


def test_dealt_red_threes_are_put_down_and_replaced_r5_6():
    # Seat 0 is dealt a red three; its replacement (after the upcard) is another red three, then a 6.
    t = table(hands={0: "3H 7H"}, pile="9C", draw="3D 6C KD")
    assert sorted(t.state.red_threes[0]) == ["3D", "3H"]
    assert "6C" in t.state.hands[0] and len(t.state.hands[0]) == 11
    assert t.state.stock[-1] == "KD"
    assert t.team(0)["red_threes"] == ["3H", "3D"] and t.team(0)["red_three_value"] == 200


# --- R6: drawing ------------------------------------------------------------------------------------


def test_draw_one_card_and_red_threes_drawn_are_replaced_r6_2():
    t = table(draw="3H 8C JD")
    t.act(0, "draw")
    assert "8C" in t.state.hands[0] and len(t.state.hands[0]) == 12  # A12: exactly one card, plus replacement
    assert t.state.red_threes[0] == ["3H"]
    assert t.state.stock[-1] == "JD"
    assert t.error(0, "draw") == "You have already drawn this turn."
    assert t.error(1, "draw") == "It is North's turn."


def test_meld_or_discard_before_drawing_is_refused():
    t = table(hands={0: "7H 7S 7D KH KS KD"})
    assert t.error(0, "discard 7H") == "Draw from the stock or pick up the pile first."


def test_discard_passes_the_turn_clockwise():
    t = table(draw="8C")
    t.act(0, "draw")
    t.act(0, "discard 8C")
    assert t.state.turn == 1 and t.state.phase == "draw" and t.state.pile[-1] == "8C"


# --- R7: meld validity ------------------------------------------------------------------------------

OPTS = C.make_options({})


@pytest.mark.parametrize(
    "meld, why",
    [
        ("7H 7S 7D", None),
        ("7H 7S 2C", None),
        ("7H 7S 2C JK", None),  # STD: 2 naturals + 2 wilds
        ("7H 7S 7D 7C 2C 2D JK", None),  # 4 naturals + 3 wilds
        ("7H 7S", "A meld needs at least three cards."),
        ("7H 2C JK", "A meld needs at least two natural cards."),
        ("7H 7S 7D 2C 2D JK JK", "A meld may hold at most three wild cards."),
        ("2C 2D JK", "Wild cards alone are not a meld: it needs natural cards."),
        ("7H 7S 8D", "A meld is cards of one rank: 8s and 7s do not mix."),
        ("3H 3D 3H", "Red threes are never melded; they go on the table by themselves."),
        ("3S 3C 2C", "A meld of black threes cannot hold wild cards."),
        ("3S 3C 3S", None),
    ],
)
def test_meld_validity_standard_r7(meld, why):
    assert rendered(C.meld_block(OPTS, meld.split())) == why


def test_wild_ratio_literal_and_no_outnumber_r7_2():
    literal = C.make_options({"wild_ratio": "literal"})
    no_out = C.make_options({"wild_ratio": "no_outnumber"})
    assert C.meld_block(literal, "7H 7S 2C".split()) is None
    assert render(C.meld_block(literal, "7H 7S 2C JK".split())) == "A meld needs two natural cards for every wild card."
    assert C.meld_block(literal, "7H 7S 7D 7C 7H 2C 2D JK".split()) is not None  # 5 naturals, 3 wilds
    assert C.meld_block(literal, "7H 7S 7D 7C 7H 7S 2C 2D JK".split()) is None
    assert C.meld_block(no_out, "7H 7S 2C JK".split()) is None
    assert render(C.meld_block(no_out, "7H 7S 7D 2C 2D JK JK".split())) == "A meld may hold at most three wild cards."
    assert C.meld_block(no_out, "7H 7S 7D 7C 2C 2D JK".split()) is None


def test_a_meld_and_its_reason_through_the_table():
    t = table(hands={0: "7H 7S 8D 9H 9S 9D"}, draw="6C")
    t.act(0, "draw")
    assert t.error(0, "meld 7H 7S 8D") == "A meld is cards of one rank: 8s and 7s do not mix."
    assert t.error(0, "meld 7H 7S 7D") == "You do not hold a Seven of diamonds."
    assert t.error(0, "meld 9H 9H 9S") == "You do not hold another Nine of hearts."


def test_black_threes_are_melded_only_when_going_out_r7_4():
    t = table(hands={0: "3S 3C 3S 7H 7S 7D"}, draw="6C")
    t.give(0, "KH KS KD KC KH KS 2D")  # the team has a canasta
    t.act(0, "draw")
    assert t.error(0, "meld 3S 3S 3C") == "Black threes can only be melded when you go out."


def test_one_meld_per_rank_per_team_and_additions_to_the_partners_meld_r7_7():
    t = table(hands={0: "9H 9S 9D 8C", 2: "9C 2H"}, draw="6C 6D KC")
    t.give(0, "7H 7S 7D")
    t.give(1, "8H 8S 8D")
    t.act(0, "draw")
    assert t.error(0, "meld 9H 9S 9D | 9H 9S 9D") == "You do not hold another Nine of spades."
    t.act(0, "meld 9H 9S 9D")  # the team has melded: no minimum now (R8.5)
    assert t.error(0, "add 8 8C") == "You cannot add to the other team's melds; your team has no meld of 8s."
    t.act(0, "discard 6C")
    t.act(1, "draw")
    t.act(1, "discard 6D")
    t.act(2, "draw")
    assert t.error(2, "meld 9C 2H KC") == "A meld is cards of one rank: Kings and 9s do not mix."
    assert t.error(2, "meld 9C 2H 2H") == "You do not hold another Two of hearts."
    t.act(2, "add 9 9C 2H")  # R7.6: the partner's meld is the team's
    assert sorted(t.state.melds[0]["9"]) == ["2H", "9C", "9D", "9H", "9S"]


def test_a_new_meld_of_a_rank_the_team_has_is_refused_a17():
    t = table(hands={0: "7C 7H 2C"}, draw="6C")
    t.give(0, "7S 7D 7S")
    t.act(0, "draw")
    assert t.error(0, "meld 7C 7H 2C") == "Your team already has a meld of 7s: add to it instead."
    t.act(0, "add 7 7C 7H 2C")
    assert len(t.state.melds[0]["7"]) == 6


def test_adding_beyond_three_wilds_is_refused_r7_6():
    t = table(hands={0: "2C 2D"}, draw="JK")
    t.give(0, "7S 7D 7S 2H JK")
    t.act(0, "draw")
    assert t.error(0, "add 7 2C 2D") == "A meld may hold at most three wild cards."
    t.act(0, "add 7 2C")


# --- R8: initial meld ---------------------------------------------------------------------------------


@pytest.mark.parametrize("score, need", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_initial_minimum_bands_r8_1(score, need):
    assert C.min_count(score) == need


@pytest.mark.parametrize(
    "score, need, short_meld, enough",
    [
        (-200, 15, "7H 7S", "7H 7S 7D"),  # 15 points
        (0, 50, "KH KS KD 7H 7S 7D", "KH KS KD 7H 7S 7D 2C"),  # 30+15 = 45; with a 2: 65
        (1500, 90, "AH AS AD 2C", "AH AS AD 2C KH KS KD"),  # 80; 80 + 30 = 110
        (3000, 120, "AH AS AD JK", "AH AS AD 2C JK"),  # 110; 130
    ],
)
def test_initial_minimum_at_each_score_band_r8(score, need, short_meld, enough):
    hand = "AH AS AD 2C JK KH KS KD 7H 7S 7D"
    t = table(hands={0: hand}, draw="4C", scores=(score, 0))
    assert t.team(0)["initial_needed"] == need and not t.team(0)["initial_met"]
    t.act(0, "draw")

    def as_melds(text):
        by = {}
        for c in text.split():
            by.setdefault("W" if C.is_wild(c) else C.rank(c), []).append(c)
        wild = by.pop("W", [])
        melds = list(by.values())
        if wild:
            melds[0] += wild
        return " | ".join(" ".join(m) for m in melds)

    if len(short_meld.split()) >= 3:
        got = C.count(short_meld.split())
        assert (
            t.error(0, "meld " + as_melds(short_meld))
            == f"Your team's first meld needs {need} points; these cards count {got}."
        )
    t.act(0, "meld " + as_melds(enough))
    assert t.team(0)["initial_met"]


def test_exact_message_from_the_issue():
    t = table(hands={0: "AH AS 2C KH KS"}, draw="4C", scores=(1500, 0))
    t.act(0, "draw")
    assert t.error(0, "meld AH AS 2C") == "Your team's first meld needs 90 points; these cards count 60."
    assert t.error(0, "meld AH AS 2C | KH KS 4C") == "A meld is cards of one rank: Kings and 4s do not mix."


def test_initial_minimum_is_per_team_and_melds_after_it_are_free_r8_5():
    t = table(hands={0: "KH KS KD QH QS QD", 2: "6H 6S 6D"}, draw="4C 4D 4S")
    t.act(0, "draw")
    t.act(0, "meld KH KS KD | QH QS QD")  # 60 >= 50 in two melds (R8.2)
    t.act(0, "discard 4C")
    assert t.team(0)["initial_met"] and not t.team(1)["initial_met"]
    t.act(1, "draw")
    t.act(1, "discard 4D")
    t.act(2, "draw")
    t.act(2, "meld 6H 6S 6D")  # 15 points: the team has already melded
    assert t.team(0)["melds"][-1]["rank"] == "6"


def test_melds_from_two_turns_do_not_combine_a24():
    t = table(hands={0: "KH KS KD QH QS QD"}, draw="4C")
    t.act(0, "draw")
    assert t.error(0, "meld KH KS KD") == "Your team's first meld needs 50 points; these cards count 30."


def test_bonuses_do_not_count_toward_the_minimum_r8_3():
    t = table(hands={0: "3H KH KS KD"}, draw="5S 4C")  # a red three is on the table for the team
    t.act(0, "draw")
    assert t.state.red_threes[0] == ["3H"]
    assert "count 30" in t.error(0, "meld KH KS KD")


# --- R10 / R11: the discard pile ---------------------------------------------------------------------


def test_taking_an_unfrozen_pile_with_natural_and_wild_r11_4():
    t = table(hands={0: "6S 9C", 1: "9H 2C"}, pile="5C", draw="8C 4C")
    t.give(1, "KH KS KD")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    pile_before = list(t.state.pile)
    t.act(1, "take_pile 9H 2C")
    assert t.state.melds[1]["9"] == ["9C", "2C", "9H"]
    assert Counter(pile_before[:-1]) <= Counter(t.state.hands[1])  # R11.5: the rest goes to the hand
    assert t.state.pile == [] and t.state.phase == "play"


def test_taking_the_pile_by_adding_the_top_card_to_a_team_meld_r11_4c():
    t = table(hands={0: "9C"}, draw="8C")
    t.give(1, "9H 9S 9D")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    assert "take_pile" in t.actions(1)
    t.act(1, "take_pile")
    assert len(t.state.melds[1]["9"]) == 4


def test_frozen_pile_needs_a_natural_pair_r11_3():
    t = table(hands={0: "2D 9C", 1: "9H 2C 9S"}, draw="8C 7C 6C")
    t.give(1, "9D 9D 9S")
    t.act(0, "draw")
    t.act(0, "discard 2D")  # a wild card freezes the pile (R10.1)
    assert t.view(None)["pile"]["frozen"] and t.view(None)["pile"]["frozen_by"] == "2D"
    for seat in (1, 2, 3):
        t.pass_turn(seat)
    t.act(0, "draw")
    t.act(0, "discard 9C")  # a natural on top does not unfreeze it (R10.3)
    assert t.view(None)["pile"]["frozen"]
    assert (
        t.error(1, "take_pile")
        == "The pile is frozen by the 2♦, so you need a pair of natural 9s from your hand to pick it up."
    )
    assert (
        t.error(1, "take_pile 9H 2C")
        == "The pile is frozen by the 2♦, so you need a pair of natural 9s from your hand to pick it up."
    )
    t.act(1, "take_pile 9H 9S")
    assert not t.view(None)["pile"]["frozen"] and t.view(None)["pile"]["count"] == 0  # R10.3 / A28
    assert len(t.state.melds[1]["9"]) == 6


def test_black_three_on_top_cannot_be_taken_and_freezes_r10_1():
    t = table(hands={0: "3S", 1: "7H 7S"}, draw="8C 2S")
    t.give(1, "KH KS KD")
    t.act(0, "draw")
    t.act(0, "discard 3S")
    assert t.view(None)["pile"]["frozen_by"] == "3S"
    assert t.error(1, "take_pile 7H 7S") == "A pile with a black three on top cannot be taken."


def test_black_three_as_stop_card_only_with_the_option_a26():
    t = table(hands={0: "3S", 1: "7D", 2: "7H 2C"}, draw="8C 4C 4D", options={"black_three_freezes": False})
    t.give(0, "KH KS KD")
    t.act(0, "draw")
    t.act(0, "discard 3S")
    assert not t.view(None)["pile"]["frozen"]
    assert t.error(1, "take_pile") == "A pile with a black three on top cannot be taken."
    t.act(1, "draw")
    t.act(1, "discard 7D")
    t.act(2, "take_pile 7H 2C")  # covered, the black three stops nobody: natural + wild is enough


def test_wild_card_on_top_cannot_be_taken():
    t = table(hands={0: "JK"}, draw="8C")
    t.give(1, "KH KS KD")
    t.act(0, "draw")
    t.act(0, "discard JK")
    assert t.error(1, "take_pile") == "A pile with a wild card on top cannot be taken."


def test_pile_is_frozen_for_a_team_without_its_first_meld_a25():
    t = table(hands={0: "9C", 1: "9H 2C 9S KH KS"}, draw="8C")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    view = t.view(1)
    assert view["pile"]["frozen_for_you"] and not view["pile"]["frozen"]
    assert t.error(1, "take_pile 9H 2C") == (
        "Your team has not made its first meld, so you need a pair of natural 9s from your hand to pick it up."
    )
    # The top card counts, the rest of the pile does not (R8.4): 9+9+9 = 30 < 50.
    assert (
        t.error(1, "take_pile 9H 9S") == "Your team's first meld needs 50 points; the top card and your cards count 30."
    )
    t.act(1, "take_pile 9H 9S 2C")  # 50: 30 + 20
    assert t.team(1)["initial_met"]


def test_initial_meld_with_the_pile_and_other_melds_from_the_hand_a24():
    t = table(hands={0: "9C", 1: "9H 9S QH QS QD"}, draw="8C")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    t.act(1, "take_pile 9H 9S | QH QS QD")  # 30 + 30 = 60
    assert set(t.state.melds[1]) == {"9", "Q"}


def test_red_threes_in_a_taken_pile_are_put_down_without_replacement_r11_5():
    t = table(hands={0: "9C", 1: "9H 9S 2C"}, pile="3H 8D", draw="8C")
    t.give(1, "KH KS KD")
    assert t.view(None)["pile"]["frozen_by"] == "3H"
    t.act(0, "draw")
    t.act(0, "discard 9C")
    n = len(t.state.hands[1])
    t.act(1, "take_pile 9H 9S")
    assert t.state.red_threes[1] == ["3H"]
    assert len(t.state.hands[1]) == n - 2 + 1  # 8D only: 3H tabled, nothing drawn for it


def test_one_card_hand_cannot_take_a_one_card_pile_r11_1():
    t = table(hands={0: "9C"}, draw="8C")
    t.give(1, "9H 9S 9D")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    t.state.stock.insert(0, t.state.pile.pop(0))  # the pile is now the 9C alone
    t.set_hand(1, "4S")
    assert t.error(1, "take_pile") == "You cannot pick up a one-card pile when you hold only one card."
    assert "take_pile" not in t.actions(1)
    t.set_hand(1, "4S 4D")
    t.act(1, "take_pile")  # two cards in hand: allowed


def test_empty_pile_cannot_be_taken():
    t = table(hands={1: "9H 9S"}, draw="8C")
    t.give(1, "KH KS KD")
    t.state.stock += t.state.pile
    t.state.pile = []
    assert t.error(0, "take_pile") == "The discard pile is empty."


# --- R9: canastas ---------------------------------------------------------------------------------


def test_natural_and_mixed_canastas_and_a_wild_added_to_a_natural_one_r9():
    t = table(hands={0: "7C 7H 2C", 2: "JK"}, draw="8C 8D 8S")
    t.give(0, "7S 7D 7S 7D 7H")
    t.act(0, "draw")
    t.act(0, "add 7 7C")
    assert t.team(0)["melds"][0]["canasta"] is None
    events = t.act(0, "add 7 7H")
    assert t.team(0)["melds"][0]["canasta"] == "natural" and "natural canasta" in events[-1]["text"]
    t.act(0, "add 7 2C")
    assert t.team(0)["melds"][0]["canasta"] == "mixed"  # A19: a wild card makes it mixed
    assert t.team(0)["canastas"] == 1 and t.team(0)["can_go_out"]


# --- R13: going out ----------------------------------------------------------------------------------


def test_cannot_go_out_without_a_canasta_r13_1():
    t = table(hands={0: "9H 9S 9D"}, draw="4C")
    t.give(0, "KH KS KD")
    t.set_hand(0, "9H 9S 9D")
    t.act(0, "draw")
    assert t.error(0, "meld 9H 9S 9D") == (
        "Your team needs a canasta before you can go out, so you must keep a card to discard and one more."
    )
    t.act(0, "discard 4C")


def test_going_out_by_discarding_the_last_card_r13_2():
    t = table(draw="4C")
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, "9H 9S 9D")
    t.act(0, "draw")
    t.act(0, "meld 9H 9S 9D")  # the whole hand in one turn, but the canasta is not his own meld
    events = t.act(0, "discard 4C")
    assert any(e["text"] == "North goes out!" for e in events)
    sheet = t.sheets[-1]
    assert sheet["out_seat"] == 0 and not sheet["concealed"]
    assert sheet["teams"][0]["going_out"] == 100 and sheet["teams"][1]["going_out"] == 0
    assert t.state.hand_no == 2


def test_going_out_by_melding_the_last_card_without_a_discard_r13_2():
    t = table(draw="KC")
    t.give(0, "KH KS KD KC KH KS")
    t.set_hand(0, "9H 9S 9D")
    t.act(0, "draw")
    t.act(0, "add K KC")  # completes the canasta
    events = t.act(0, "meld 9H 9S 9D")  # the last cards melded: out, no discard
    assert t.state.hand_no == 2 and any("goes out" in e["text"] for e in events)


def test_concealed_going_out_scores_200_and_needs_the_minimum_r13_5():
    t = table(draw="4C", scores=(1500, 0))
    t.set_hand(0, "KH KS KD KC KH KS KD 9H 9S 9D")
    t.act(0, "draw")
    assert t.error(0, "meld 9H 9S 9D") == "Your team's first meld needs 90 points; these cards count 30."
    t.act(0, "meld KH KS KD KC KH KS KD | 9H 9S 9D")
    events = t.act(0, "discard 4C")
    assert any(e["text"] == "North goes out concealed!" for e in events)
    sheet = t.sheets[-1]
    assert sheet["concealed"] and sheet["teams"][0]["going_out"] == 200


def test_going_out_concealed_needs_the_minimum_even_from_the_stock_unless_the_option_a33c():
    hand = "KH KS KD KC KH KS 2C 9H 9S 9D"
    t = table(draw="4C", scores=(3000, 0))
    t.set_hand(0, hand)
    t.act(0, "draw")
    assert (
        t.error(0, "meld KH KS KD KC KH KS 2C | 9H 9S 9D")
        == "Your team's first meld needs 120 points; these cards count 110."
    )
    t2 = table(draw="4C", scores=(3000, 0), options={"concealed_min_only_if_pile": True})
    t2.set_hand(0, hand)
    t2.act(0, "draw")
    t2.act(0, "meld KH KS KD KC KH KS 2C | 9H 9S 9D")  # leaves 4C to discard: going out concealed
    t2.act(0, "discard 4C")
    assert t2.sheets[-1]["concealed"]


EAST, WEST = "5D 6D 7D 8D 9D 10D JC 4D 5S 6S 7C", "5H 6H 7H 8H 9H 10H JD QD 4H 5C 6C"  # no filler needed


def partner_melded(north: str, south: str):
    """North (seat 0) melds all of `north` (aces) and discards; East passes; South, holding `south`
    and no earlier meld, draws the 4♦ and is to play."""
    t = table(hands={0: north, 2: south, 1: EAST, 3: WEST}, draw="9C 8C 4D")
    t.act(0, "draw")
    t.act(0, "meld " + north)
    t.act(0, "discard 9C")
    t.pass_turn(1)
    t.act(2, "draw")
    return t


def test_going_out_on_the_partners_canasta_is_not_concealed_r13_5():
    """The audit's case: North melds seven aces; South, with no earlier meld, melds his whole hand
    (KKKK QQQQ JJJ) with no canasta among those melds: he may go out (the team has a canasta) but
    not concealed."""
    t = partner_melded("AS AS AH AH AD AD AC", "KS KS KH KH QS QS QH QH JS JS JH")
    t.act(2, "meld KH KH KS KS | QH QH QS QS | JH JS JS")
    events = t.act(2, "discard 4D")
    assert any(e["text"] == "South goes out!" for e in events)
    sheet = t.sheets[-1]
    assert sheet["out_seat"] == 2 and not sheet["concealed"] and sheet["ended"] == "out"
    assert sheet["teams"][0]["going_out"] == 100


def test_going_out_concealed_with_a_canasta_of_ones_own_r13_5():
    t = partner_melded("AS AS AH AH AD AD AC", "KS KS KH KH KD KD KC QS QS QH QH")
    t.act(2, "meld KC KD KD KH KH KS KS | QH QH QS QS")
    t.act(2, "discard 4D")
    sheet = t.sheets[-1]
    assert sheet["concealed"] and sheet["teams"][0]["going_out"] == 200


def test_completing_the_partners_meld_is_not_a_canasta_of_ones_own_r13_5():
    """Our reading of "his melds include a canasta": a canasta made by adding to the partner's meld
    is the partner's meld, so going out that way is not concealed."""
    t = partner_melded("AS AS AH AH AD", "AD AC KS KS KH KH QS QS QH QH QD")
    t.act(2, "add A AC AD")  # the aces are now a canasta, begun by North
    t.act(2, "meld KH KH KS KS | QD QH QH QS QS")
    events = t.act(2, "discard 4D")
    assert any(e["text"] == "South goes out!" for e in events)
    assert not t.sheets[-1]["concealed"]


def test_a_player_who_melded_earlier_does_not_go_out_concealed_a33a():
    t = table(hands={0: "9H 9S 9D 4S QH QS QD"}, draw="4D 4C 4H 4S 5C 5D 5H")
    t.give(0, "KH KS KD KC KH KS KD")
    t.act(0, "draw")
    t.act(0, "meld 9H 9S 9D")
    t.act(0, "discard 4D")
    for s in (1, 2, 3):
        t.act(s, "draw")
        t.act(s, "discard " + t.state.hands[s][-1])
    assert t.state.melded_before[0]


# --- R13.6: Partner, may I go out? ---------------------------------------------------------------------


def test_partner_may_i_go_out_no_forbids_going_out_this_turn():
    t = table(draw="4C", options={"ask_partner": True})
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, "9H 9S 9D")
    t.act(0, "draw")
    assert "ask_go_out" in t.actions(0)
    t.act(0, "ask_go_out")
    assert t.view(None)["waiting_for"] == [2] and t.actions(2) == ["answer yes", "answer no"]
    assert t.error(0, "discard 4C") == "Wait for South's answer."
    t.act(2, "answer no")
    assert t.error(0, "meld 9H 9S 9D") == "South said no: you cannot go out this turn."
    assert t.error(0, "ask_go_out") == "You have already asked this turn."
    t.act(0, "discard 4C")


def test_partner_may_i_go_out_yes():
    t = table(draw="4C", options={"ask_partner": True})
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, "9H 9S 9D")
    t.act(0, "draw")
    t.act(0, "ask_go_out")
    t.act(2, "answer yes")
    t.act(0, "meld 9H 9S 9D")
    t.act(0, "discard 4C")
    assert t.state.hand_no == 2


def asked_and_told_yes(hand: str, draw: str = "4C") -> Table:
    t = table(draw=draw, options={"ask_partner": True})
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, hand)
    t.act(0, "draw")
    t.act(0, "ask_go_out")
    t.act(2, "answer yes")
    assert t.view(0)["must_go_out"]
    return t


def test_after_a_yes_the_player_must_go_out_r13_6():
    """The audit's case: after a yes, a discard that keeps cards in hand was accepted."""
    t = asked_and_told_yes("9H 9S 9D")
    assert t.error(0, "discard 9H") == (
        "South said yes, so you must go out this turn: meld your cards and discard only your last one."
    )
    assert t.actions(0) == ["meld 9S 9H 9D"]  # the way out is offered; no discard keeps cards
    t.act(0, "meld 9S 9H 9D")
    t.act(0, "discard 4C")
    assert t.sheets[-1]["out_seat"] == 0


def test_after_a_yes_a_meld_that_makes_going_out_impossible_is_refused_r13_6():
    t = asked_and_told_yes("9H 9S 9D 8H 8S 2C")
    assert t.error(0, "meld 9S 9H 9D 2C") == (
        "South said yes, so you must go out this turn: after that you could not."
    )  # the 8s would need that wild card
    t.act(0, "meld 9S 9H 9D | 2C 8H 8S")
    t.act(0, "discard 4C")
    assert t.sheets[-1]["out_seat"] == 0


def test_a_yes_always_leaves_a_way_out_r13_6():
    """A hand that can only go out by one composed move (a natural and a wild card on a meld of five):
    the listed actions include it, so a yes never leaves the player stuck."""
    t = table(draw="JK", options={"ask_partner": True})
    t.give(0, "7S 7C 7H 7C 2D")
    t.give(0, "AS AD 2S")
    t.set_hand(0, "7D")
    t.act(0, "draw")
    t.act(0, "ask_go_out")
    t.act(2, "answer yes")
    assert t.actions(0) == ["add 7 JK 7D"]
    t.act(0, "add 7 JK 7D")
    assert t.sheets[-1]["out_seat"] == 0


def test_a_yes_before_the_teams_first_meld_leaves_a_way_out_r8_r13_6():
    """The audit's dead end: the team has no meld yet; the seven aces and four kings reach the minimum
    together. After the first meld the team has melded, so the rest needs no minimum of its own."""
    t = table(hands={0: "AS AS AH AH AD AD AC KS KS KH KH"}, draw="QC", options={"ask_partner": True})
    t.act(0, "draw")
    t.act(0, "ask_go_out")
    t.act(2, "answer yes")
    assert t.actions(0)  # never stuck
    t.act(0, "meld AS AS AH AH AD AD AC | KS KS KH KH")
    t.act(0, "discard QC")
    assert t.sheets[-1]["out_seat"] == 0


def test_after_a_yes_the_first_meld_may_come_before_the_rest_r8_r13_6():
    t = table(hands={0: "AS AS AH AH AD AD AC KS KS KH KH"}, draw="QC", options={"ask_partner": True})
    t.act(0, "draw")
    t.act(0, "ask_go_out")
    t.act(2, "answer yes")
    t.act(0, "meld AS AS AH AH AD AD AC")  # 140 points: the first meld, and a canasta
    t.act(0, "meld KS KS KH KH")
    t.act(0, "discard QC")
    assert t.sheets[-1]["out_seat"] == 0


def test_asking_needs_a_hand_that_can_go_out_r13_6():
    t = table(draw="4C", options={"ask_partner": True})
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, "9H 9S 5D")
    t.act(0, "draw")
    assert "ask_go_out" not in t.actions(0)
    assert t.error(0, "ask_go_out") == "You cannot go out with these cards this turn, so there is nothing to ask."


def test_the_ask_option_says_both_halves_r13_6():
    help_text = render(next(s for s in C.OPTION_SPECS if s.key == "ask_partner").help)
    assert "After a yes you must go out that turn" in help_text and "after a no you may not" in help_text


@pytest.mark.parametrize(
    "hand, can",
    [
        ("9H 9S 9D 4C", True),  # meld the nines, discard the four
        ("9H 9S 2C 4C 4D", False),  # the fours need a wild card too
        ("9H 9S 2C 4C 4D JK", True),
        ("9H 9S 4C", False),  # a pair and a single
        ("3S 3C 3S 9H", True),  # black threes meld when going out
        ("3S 3C 9H", False),
        ("QH QS QD", True),  # a new meld, with nothing to discard
        ("KD 4C", True),  # onto the canasta
    ],
)
def test_going_out_is_checked_exactly(hand, can):
    *dealt, drawn = hand.split()
    t = table(draw=drawn)
    t.give(0, "KH KS KD KC KH KS KC")
    t.set_hand(0, " ".join(dealt))
    t.act(0, "draw")
    plan = C.going_out_plan(t.state, 0, t.state.hands[0], t.state.melds[0])
    assert (plan is not None) == can
    for action in plan or []:  # every step of the plan is legal in turn
        t.act(0, action)
    assert not plan or t.sheets[-1]["out_seat"] == 0


def test_asking_is_not_offered_without_the_option():
    t = table(draw="4C")
    t.act(0, "draw")
    assert t.error(0, "ask_go_out") == "These rules have no asking the partner."


# --- R16: end of the stock --------------------------------------------------------------------------


def test_a_red_three_as_the_last_stock_card_ends_the_hand_r16_1():
    t = table(draw="4C")
    stock = t.state.stock
    stock.remove("3H")
    t.state.pile[:0] = stock  # the rest of the stock is gone (kept under the pile: cards are conserved)
    t.state.stock = ["3H"]
    C.check_invariants(t.state)
    events = t.act(0, "draw")
    assert any("last card of the stock" in e["text"] for e in events)
    sheet = t.sheets[-1]
    assert sheet["out_seat"] is None and sheet["ended"] == "stock"
    assert sheet["teams"][0]["going_out"] == 0 and sheet["teams"][0]["red_threes"] == -100  # no meld: debit


def test_empty_stock_must_take_a_pile_that_fits_a_team_meld_r16_2():
    t = table(hands={0: "9C 4S 4D"}, draw="8C")
    t.give(1, "9H 9S 9D")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    t.state.pile[:0] = t.state.stock  # the stock runs out (its cards go under the pile)
    t.state.stock = []
    C.check_invariants(t.state)
    assert t.actions(1)[0] != "draw"
    assert t.error(1, "draw") == "The stock is empty: pick up the pile, or end the hand."
    assert (
        t.error(1, "end_hand") == "The stock is empty and the 9♣ fits your team's meld, so you must pick up the pile."
    )
    t.act(1, "take_pile")


def test_empty_stock_without_a_fitting_meld_ends_the_hand_without_going_out_bonus_r16_2():
    t = table(hands={0: "9C"}, draw="8C")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    t.state.pile[:0] = t.state.stock
    t.state.stock = []
    assert t.actions(1) == ["end_hand"]
    events = t.act(1, "end_hand")
    assert any("the hand ends" in e["text"] for e in events)
    assert t.sheets[-1]["ended"] == "stock"
    assert all(line["going_out"] == 0 for line in t.sheets[-1]["teams"])


# --- R17: end of the game -------------------------------------------------------------------------


def test_game_ends_when_a_team_reaches_the_target_r17():
    t = table(draw="4C", scores=(4950, 4000))
    t.give(0, "KH KS KD KC KH KS KD")
    t.set_hand(0, "9H 9S 9D")
    t.state.melded_before[0] = True
    t.act(0, "draw")
    t.act(0, "meld 9H 9S 9D")
    t.act(0, "discard 4C")
    assert t.state.over and t.state.winners == [0, 2]
    view = t.view(None)
    assert view["over"] and view["result"]["team"] == 0 and "North-South" in view["result"]["text"]
    assert C.legal_actions(t.state, 1) == [] and t.error(1, "draw") == "The game is over."


def test_level_scores_above_the_target_do_not_end_the_game_a37():
    t = table(draw="4C", scores=(5000, 5000))
    t.give(0, "KH KS KD")
    t.give(1, "KC KH KS")
    t.set_hand(0, "9H")
    t.set_hand(1, "9S")
    t.set_hand(2, "9D")
    t.set_hand(3, "9C")
    stock = t.state.stock
    stock.remove("4C")
    t.state.pile[:0] = stock
    t.state.stock = ["4C"]
    t.act(0, "draw")
    t.act(0, "discard 4C")
    t.act(1, "end_hand")  # both teams: 30 - 20 (their two 9s) = +10: level at 5,010
    assert t.state.scores == [5010, 5010] and not t.state.over and t.state.hand_no == 2


# --- Our safeguard: a hand limit (the rules file is silent; without it a game can go on for ever) ---------

NORTH_GOES_OUT = {"hands": {0: "AS AS AH AH AD AD AC KS KS KH KH"}, "draw": "9D"}


def last_hand(scores, limit=30, **options) -> Table:
    """The last hand the game allows, from `scores`: North melds seven aces and four kings and goes out."""
    t = table(**NORTH_GOES_OUT, scores=scores, hands_played=limit - 1, options={"hand_limit": limit, **options})
    t.act(0, "draw")
    t.act(0, "meld AC AD AD AH AH AS AS | KH KH KS KS")
    t.act(0, "discard 9D")
    return t


def test_after_the_last_hand_the_higher_score_wins():
    t = last_hand((100, 50))
    assert t.state.over and t.state.hand_no == 30 and t.state.winner_team == 0
    a, b = t.state.scores
    assert a > b and max(a, b) < 5000
    assert (
        t.view(None)["result"]["text"]
        == f"30 hands played, the most this game allows: North-South (North and South) win, {a} to {b}!"
    )


def test_level_scores_after_the_last_hand_are_a_draw():
    sheet = last_hand((0, 0)).sheets[-1]["teams"]
    gap = sheet[0]["total"] - sheet[1]["total"]
    t = last_hand((0, gap))
    assert t.state.over and t.state.scores[0] == t.state.scores[1] and t.state.winner_team is None
    result = t.view(None)["result"]
    assert result["winners"] == [0, 1, 2, 3] and result["team"] is None and "a draw" in result["text"]
    assert [line["place"] for line in result["standings"]] == [1, 1, 1, 1]


def test_the_hand_limit_is_an_option_and_in_the_rules():
    assert last_hand((100, 50), limit=31).state.over  # the 31st hand of 31
    t = table(**NORTH_GOES_OUT, hands_played=28)  # the 29th hand of 30: the game goes on
    t.act(0, "draw")
    t.act(0, "meld AC AD AD AH AH AS AS | KH KH KS KS")
    t.act(0, "discard 9D")
    assert not t.state.over and t.state.hand_no == 30
    lines = api.call("new_game", {"game": "canasta", "seats": seats4(), "options": {"hand_limit": 12}})["info"]
    assert "Most hands in a game: 12" in lines["options_text"]
    assert any("after the most hands the game allows" in render(p) for _, p in C.RULES_SUMMARY)


def test_every_game_ends_even_if_nobody_melds():
    """Random play that never melds: scores only fall, yet the game ends at the hand limit."""
    from pygames_wasm.core.rng import SplitMix64

    state = drawn_game({"hand_limit": 5}, 3)
    rng = SplitMix64(9)
    while not state.over:
        seat = C.to_act(state)
        legal = [a for a in C.legal_actions(state, seat) if a["type"] in ("draw", "discard", "end_hand")]
        C.apply(state, seat, rng.choice(legal))
    assert state.hand_no == 5 and max(state.scores) < 5000


# --- Later hands from the test setup (R8's minimums after a hand) ------------------------------------------


def test_a_later_hand_is_dealt_from_its_stacked_deck_and_scores_carry_on_r8():
    """Hand 1 starts from 1,400 to 0; North goes out; hand 2 is dealt from the second stacked deck (East
    plays first); North-South now need 90 for their first meld, East-West 15."""
    second = {"hands": {1: "QS QS QH QH QD 4C 4D 4H 5C 5D 5H"}, "pile": "6C", "draw": "7C", "first": 1}
    t = table(**NORTH_GOES_OUT, scores=(1400, 0), next_deals=[second])
    t.act(0, "draw")
    t.act(0, "meld AC AD AD AH AH AS AS | KH KH KS KS")
    t.act(0, "discard 9D")
    assert t.state.hand_no == 2 and t.state.scores[0] >= 1500
    assert t.state.turn == 1 and sorted(t.state.hands[1]) == sorted(second["hands"][1].split())
    assert t.state.scores[1] < 0  # East-West were left holding cards
    assert t.state.pile == ["6C"] and t.state.initial == [90, 15]  # R8.1: from 1,500; below zero
    assert t.setup.to_record()["start"] == {"scores": [1400, 0]} and len(t.setup.to_record()["decks"]) == 2


def test_the_test_setup_is_in_the_record_and_replays():
    from canasta_helpers import stacked_deck

    decks = [stacked_deck(NORTH_GOES_OUT["hands"], draw="9D"), stacked_deck({1: "QS QS QH"}, first=1)]
    params = {
        "game": "canasta",
        "seats": seats4(),
        "seed": 5,
        "decks": decks,
        "dealer": 3,
        "start": {"scores": [1400, 0], "hands": [2]},
    }
    handle = api.call("new_game", params)["handle"]
    for action in ("draw", "meld AC AD AD AH AH AS AS | KH KH KS KS", "discard 9D"):
        assert "error" not in api.call("act", {"handle": handle, "seat": 0, "action": action})
    record = api.call("save", {"handle": handle})["record"]
    assert record["setup"] == {"decks": decks, "dealer": 3, "start": {"scores": [1400, 0], "hands": [2]}}
    again = api.call("load", {"record": record})["handle"]
    views = [api.call("view", {"handle": h, "seat": 1})["view"] for h in (handle, again)]
    assert views[0] == views[1] and views[0]["hand_no"] == 4 and views[0]["teams"][0]["initial_needed"] == 90


@pytest.mark.parametrize(
    "start, words",
    [
        ({"scores": [6000, 100]}, "already won"),
        ({"scores": [1]}, "scores"),
        ({"hands": [30]}, "hands"),
        ({"luck": 1}, "luck"),
    ],
)
def test_bad_starting_values_are_refused(start, words):
    reply = api.call("new_game", {"game": "canasta", "seats": seats4(), "start": start})
    assert reply["error"]["code"] == "bad_deck" and words in reply["error"]["message"]


# --- Undo -------------------------------------------------------------------------------------------


def seats4():
    return [{"name": n, "kind": "human"} for n in NAMES]


def test_undo_melds_until_the_discard_never_a_draw():
    deck = stacked_deck({0: "KH KS KD QH QS QD"}, draw="4C")
    handle = api.call("new_game", {"game": "canasta", "seats": seats4(), "seed": 1, "deck": deck, "dealer": 3})[
        "handle"
    ]

    def act(seat, text):
        reply = api.call("act", {"handle": handle, "seat": seat, "action": text})
        assert "error" not in reply, reply

    def view(seat):
        return api.call("view", {"handle": handle, "seat": seat})["view"]

    act(0, "draw")
    assert view(0)["undo_why"] == "You drew a new card, so your move is final."
    act(0, "meld KH KS KD | QH QS QD")
    assert view(0)["can_undo"]
    assert api.call("undo", {"handle": handle, "seat": 0}) == {"ok": True}
    assert view(0)["teams"][0]["melds"] == [] and len(view(0)["hand"]) == 12
    act(0, "meld KH KS KD | QH QS QD")
    act(0, "discard 4C")
    assert api.call("undo", {"handle": handle, "seat": 0})["error"]["code"] == "cannot_undo"
    api.call("close", {"handle": handle})


# --- View and actions ---------------------------------------------------------------------------------


def test_view_hides_other_hands_and_shows_hints():
    t = table(hands={0: "9H 9S"}, pile="2C 9C", draw="4C")
    v = t.view(1)
    assert v["hand"] is not None and len(v["hand"]) == 11
    assert "hands" not in v and "stock" not in v
    assert v["pile"]["frozen"] and v["pile"]["why"].startswith("Frozen by the 2♣")
    assert v["teams"][1]["initial_needed"] == 50 and not v["teams"][1]["initial_met"]
    assert [p["hand_count"] for p in v["players"]] == [11] * 4
    assert t.view(None)["hand"] is None and t.view(None)["actions"] == []


def test_legal_actions_are_all_legal_and_include_take_and_discards():
    t = table(hands={0: "9C", 1: "9H 9S KH KS KD"}, draw="8C")
    t.act(0, "draw")
    t.act(0, "discard 9C")
    acts = t.actions(1)
    assert acts[0] == "draw" and "take_pile 9S 9H | KS KH KD" in acts
    for a in C.legal_actions(t.state, 1):
        assert explain(C, t.state, 1, a) is None


def test_action_strings_round_trip():
    for text in [
        "draw",
        "take_pile 9H 9S | KH KS KD",
        "meld 7H 7S 2C | 9D 9C 9S",
        "add 7 7D 2C",
        "discard 9D",
        "ask_go_out",
        "answer yes",
        "answer no",
        "end_hand",
        "take_pile",
    ]:
        action = C.parse_action(text)
        assert C.parse_action(C.action_text(action)) == action


@pytest.mark.parametrize(
    "raw, code",
    [
        ({"type": "fly"}, "bad_action"),
        ({"type": "discard"}, "bad_action"),
        ({"type": "discard", "card": "1Z"}, "unknown_card"),
        ({"type": "meld", "melds": []}, "bad_action"),
        ({"type": "add", "meld": "3H", "cards": ["3S"]}, "bad_action"),
        ({"type": "draw", "card": "9C"}, "bad_action"),
        ({"type": "answer", "yes": "maybe"}, "bad_action"),
    ],
)
def test_malformed_actions_are_clear_errors(raw, code):
    with pytest.raises(GameError) as info:
        C.parse_action(raw)
    assert info.value.code == code and info.value.message


def test_registered_with_its_bots_and_info():
    from pygames_wasm.games import GAMES

    assert GAMES["canasta"] is C
    info = C.info()
    assert info["players"] == {"min": 4, "max": 4}
    keys = {o["key"] for o in info["options"]}
    assert {
        "wild_ratio",
        "black_three_freezes",
        "concealed_min_only_if_pile",
        "ask_partner",
        "partnership_draw",
        "target",
    } <= keys
    defaults = C.make_options({})
    assert defaults.wild_ratio == "standard" and defaults.black_three_freezes is True  # rules/README.md


# --- Named teams (R1.2: "North-South against East-West, or named teams") ----------------------------


def test_named_teams_name_the_view_events_sheets_and_result():
    t = table(draw="4C", scores=(4950, 4000), options={"team1_name": "  The   Aces ", "team2_name": "Jokers Wild"})
    assert (t.opts.team1_name, t.opts.team2_name) == ("The Aces", "Jokers Wild")  # stripped
    view = t.view(0)
    assert [line["name"] for line in view["teams"]] == ["The Aces", "Jokers Wild"]
    t.give(0, "KH KS KD KC KH KS")
    t.set_hand(0, "KD 9H 9S 9D")
    t.state.melded_before[0] = True
    t.act(0, "draw")
    t.act(0, "add K KD")
    assert any(e["text"].startswith("The Aces complete a natural canasta") for e in t.events())
    t.act(0, "meld 9H 9S 9D")
    t.act(0, "discard 4C")
    sheet = t.sheets[-1]
    assert [line["name"] for line in sheet["teams"]] == ["The Aces", "Jokers Wild"]
    assert (
        "; Jokers Wild: -190 this hand, 3,810 in all." in sheet["text"]
        and ". The Aces: +605 this hand" in sheet["text"]
    )
    result = t.view(None)["result"]
    assert result["text"].startswith("The Aces (North and South) win")
    assert all(s["detail"].startswith(("The Aces:", "Jokers Wild:")) for s in result["standings"])


def test_default_team_names_are_the_compass_partnerships():
    t = table()
    assert [line["name"] for line in t.view(0)["teams"]] == ["North-South", "East-West"]
    specs = {s["key"]: s for s in rendered(C.info())["options"]}
    assert specs["team1_name"] == {
        "key": "team1_name",
        "label": "Name of the first team",
        "help": specs["team1_name"]["help"],
        "type": "text",
        "default": "North-South",
        "min": 1,
        "max": 24,
        "default_words": "North-South",  # the default as the player reads it (English here)
    }


@pytest.mark.parametrize(
    "options, why",
    [
        ({"team1_name": "   "}, "Name of the first team must be 1 to 24 characters long."),
        ({"team2_name": "x" * 25}, "Name of the second team must be 1 to 24 characters long."),
        ({"team1_name": 7}, "Option 'team1_name' (Name of the first team) cannot be 7."),
        ({"team1_name": "Owls", "team2_name": "owls"}, "The two teams need different names."),
    ],
)
def test_team_names_are_checked(options, why):
    reply = api.call("new_game", {"game": "canasta", "seats": seats4(), "seed": 1, "options": options})
    assert reply["error"] == {"code": "bad_option", "message": why}


def test_view_hand_is_sorted_by_rank_wild_cards_first():
    t = table(hands={0: "4C JK AH 7S 2D 7H KC"})
    cards = [c["card"] for c in t.view(0)["hand"]]
    assert cards == C.sorted_cards(cards) and cards[:2] == ["JK", "2D"]
    ranks = [C.rank(c) for c in cards[2:]]
    assert ranks == sorted(ranks, key=C.RANKS.index)

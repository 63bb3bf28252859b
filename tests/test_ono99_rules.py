"""ONO 99, 2022 rules (shared/rules/ono99.md, Part 2, with the defaults of Part 3).

Each test names the rule it guards and sets up the exact situation with a stacked deck. Hands are
given by seat; `first` is the seat to the dealer's left; `draw` is the top of the draw pile.
"""

from collections import Counter

import pytest
from conftest import NAMES, new_state, small_deck, stacked_game, stacked_table

from pygames_wasm.core import stack_deck
from pygames_wasm.core.i18n import rendered
from pygames_wasm.games import ono99
from pygames_wasm.simulate import play_one

FILLER = ["1", "2", "3", "4"]  # a harmless hand for seats the test does not care about


# --- R1 / A2: the deck tables ---------------------------------------------------------------------


def test_2022_deck_is_112_cards_of_the_r1_3_table():
    deck = ono99.DECKS["2022"]
    assert sum(deck.values()) == 112
    assert deck == {
        "0": 8,
        "1": 6,
        "2": 6,
        "3": 6,
        "4": 6,
        "5": 6,
        "6": 6,
        "7": 6,
        "8": 6,
        "9": 6,
        "10": 10,
        "REV": 10,
        "-10": 10,
        "P2": 10,
        "ONO": 10,
    }
    assert sum(n for c, n in deck.items() if c.isdigit()) == 72  # R1.3: 72 number cards
    assert "HOLD" not in deck and "DP" not in deck  # R1.1: no Hold in 2022


def test_1980_deck_is_54_cards_of_the_d1_table():
    deck = ono99.DECKS["1980"]
    assert sum(deck.values()) == 54
    assert deck == {
        "2": 3,
        "3": 3,
        "4": 3,
        "5": 3,
        "6": 3,
        "7": 3,
        "8": 3,
        "9": 3,
        "10": 10,
        "HOLD": 4,
        "REV": 6,
        "-10": 4,
        "DP": 2,
        "ONO": 4,
    }
    assert "0" not in deck and "1" not in deck and "P2" not in deck  # D1: no 0 or 1 cards


@pytest.mark.parametrize("version, size", [("2022", 112), ("1980", 54)])
@pytest.mark.parametrize("players", [2, 5])
def test_a_game_is_dealt_from_the_whole_deck_of_its_version(version, size, players):
    opts = ono99.make_options({"version": version})
    assert opts.deck == ono99.DECKS[version]
    state = new_state(opts, NAMES[:players], seed=7)
    assert len(state.draw_pile) == size - 4 * players
    every = Counter(state.draw_pile) + sum((Counter(h) for h in state.hands), Counter())
    assert every == Counter(ono99.DECKS[version])


def test_the_deck_option_replaces_the_deck_table():
    table = stacked_table([["5"] * 4, ["7"] * 4], draw=["5"], options={"deck": {"5": 10, "7": 4}})
    assert table.view(None)["draw_count"] == 6
    table.play(0, "5")
    assert table.hand(0) == ["5"] * 4
    assert Counter(table.state.draw_pile) == Counter({"5": 5})


# --- R2 / A3: seat limits ---------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["2022", "1980"])
def test_two_to_eight_players_in_either_version_a3(version):
    """A3: the player count is configurable; the 2022 box says 2 to 6, but its 112 cards deal 8 easily."""
    opts = ono99.make_options({"version": version})
    for n in range(2, 9):
        assert len(new_state(opts, NAMES[:n], seed=1).hands) == n
    for n in (1, 9):
        with pytest.raises(ono99.GameError) as info:
            new_state(opts, [f"P{i}" for i in range(n)], seed=1)
        assert info.value.code == "bad_seats" and info.value.message == "ONO 99 is for 2 to 8 players."


def test_the_lobby_notes_more_players_than_the_2022_box_says_a3():
    info = rendered(ono99.info())
    assert info["players"] == {"min": 2, "max": 8}
    assert info["player_notes"] == {
        "key": "version",
        "values": {"2022": {"above": 6, "text": "The 2022 box says 2 to 6 players; more can play with this deck."}},
    }  # 1980's says 8


def test_eight_players_play_a_2022_game_to_the_end_a3():
    """Everyone plays a Ten (80), Ann and Bob a Nine (98); then nothing keeps the total below 99 for
    Cy to Hal, who lay down in turn; Ann plays her Zero, and Bob, out seventh, leaves her the winner."""
    dead = ["10", "ONO", "8", "7"]  # once the Ten is played, every card busts at 98
    table = stacked_table(
        [["10", "9", "0", "5"], ["10", "9", "ONO", "4"], *[dead] * 6],
        draw=["5", "ONO", *["6"] * 6, "5", "3", "2"],
        first=0,
    )
    assert table.view(None)["draw_count"] == 112 - 8 * 4
    for seat in range(8):
        table.play(seat, "10")
    table.play(0, "9")
    table.play(1, "9")
    assert table.total == 98
    for seat in range(2, 8):
        assert table.actions(seat) == ["lay_down"]
        table.act(seat, "lay_down")
    table.play(0, "0")
    table.act(1, "lay_down")
    view = table.view(None)
    assert view["over"] and view["result"]["winners"] == [0] and len(view["players"]) == 8
    standings = [(line["seat"], line["place"], line["detail"]) for line in view["result"]["standings"]]
    assert standings == [
        (0, 1, "Winner"),
        (1, 2, "Out 7th"),
        (7, 3, "Out 6th"),
        (6, 4, "Out 5th"),
        (5, 5, "Out 4th"),
        (4, 6, "Out 3rd"),
        (3, 7, "Out 2nd"),
        (2, 8, "Out 1st"),
    ]


def test_eight_computer_players_finish_a_seeded_2022_game():
    match = play_one("ono99", {"version": "2022"}, ["normal"] * 4 + ["easy"] * 4, seed=8)  # invariants each move
    standings = rendered(ono99.result(match.state))["standings"]
    assert match.state.over and len(standings) == 8
    assert sorted(line["detail"] for line in standings if line["detail"] != "Winner") == [
        f"Out {place}" for place in ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")
    ]


# --- R3: setup and the deal ---------------------------------------------------------------------------


def test_deal_is_four_each_one_at_a_time_starting_left_of_the_dealer():
    top = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "0", "REV", "P2"]
    opts = ono99.make_options({})
    state = new_state(opts, NAMES[:3], seed=1, deck=stack_deck(opts.deck, top), dealer=1)
    # Dealer 1: seat 2 is to the left and gets the first card, then seat 0, then seat 1, 4 rounds.
    assert state.hands[2] == ["1", "4", "7", "10"]
    assert state.hands[0] == ["2", "5", "8", "0"]
    assert state.hands[1] == ["3", "6", "9", "REV"]
    assert state.turn == 2  # R3.6: the player to the dealer's left starts
    assert state.draw_pile[-1] == "P2"  # the draw pile continues from the next card
    assert state.total == 0 and state.direction == 1 and not state.discard and not state.obligated


@pytest.mark.parametrize("n, dealer, first", [(3, 2, 0), (4, 0, 1), (6, 5, 0), (2, 0, 1)])
def test_first_player_is_the_next_seat_clockwise_from_the_dealer(n, dealer, first):
    opts = ono99.make_options({})
    state = new_state(opts, [f"P{i}" for i in range(n)], seed=1, dealer=dealer)
    assert state.turn == first


def test_the_first_dealer_is_random_but_fixed_by_the_seed():
    firsts = {new_state(ono99.make_options({}), NAMES[:4], seed=s).turn for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert (
        new_state(ono99.make_options({}), NAMES[:4], seed=5).turn
        == new_state(ono99.make_options({}), NAMES[:4], seed=5).turn
    )


def test_start_of_game_public_table():
    game = stacked_game([FILLER, ["5", "6", "7", "8"], FILLER], first=1)
    view = game.view(None)
    assert view["total"] == 0  # R3.5
    assert view["direction"] == "clockwise"  # R3.6
    assert view["turn"] == 1 and view["to_act"] == 1
    assert view["discard_count"] == 0 and view["discard_top"] is None  # R3.4
    assert view["draw_count"] == 112 - 12
    assert view["play2"] is None  # R3.7
    assert [p["hand_count"] for p in view["players"]] == [4, 4, 4]  # R3.3


def test_play_moves_clockwise():
    game = stacked_game([["1"] * 4, ["2"] * 4, ["3"] * 4], draw=["1", "2", "3"], first=0)
    game.play(0, "1")
    assert game.turn == 1
    game.play(1, "2")
    assert game.turn == 2
    game.play(2, "3")
    assert game.turn == 0


# --- R5: card effects -----------------------------------------------------------------------------


def test_number_cards_add_their_value_l28_l30():
    game = stacked_game([["10", "1", "1", "1"], ["7", "2", "2", "2"]], draw=["3", "3"], first=0)
    game.play(0, "10")
    assert game.total == 10
    game.play(1, "7")
    assert game.total == 17
    assert game.view(None)["discard_top"] == {"card": "7", "label": "Seven"}


def test_total_must_stay_below_99_by_default_a1():
    table = stacked_table([["9", "8", "ONO", "ONO"], FILLER], first=0, total=90)
    err = table.error(0, "play 9")
    assert err["code"] == "illegal_card" and "99" in err["message"]
    assert "play 9" not in table.actions(0)
    table.play(0, "8")
    assert table.total == 98


def test_bust_at_99_off_allows_exactly_99_but_not_100():
    table = stacked_table(
        [["9", "8", "ONO", "ONO"], ["1", "0", "ONO", "ONO"]], first=0, total=90, options={"bust_at_99": False}
    )
    table.play(0, "9")
    assert table.total == 99
    err = table.error(1, "play 1")
    assert err["code"] == "illegal_card" and "100" in err["message"]
    assert table.actions(1) == ["play 0"]


def test_no_card_keeps_the_total_safe_so_the_only_action_is_laying_down_r6_7():
    table = stacked_table([["4", "5", "9", "ONO"], FILLER], first=0, total=95)
    assert table.actions(0) == ["lay_down"]
    off = stacked_table([["4", "5", "9", "ONO"], FILLER], first=0, total=95, options={"bust_at_99": False})
    assert off.actions(0) == ["play 4"]


def test_voluntary_bust_is_not_allowed_a18():
    table = stacked_table([["9", "2", "ONO", "ONO"], FILLER], first=0, total=90)
    assert table.error(0, "play 9")["code"] == "illegal_card"
    err = table.error(0, "lay_down")
    assert err["code"] == "illegal_card" and "still have a card" in err["message"]


def test_there_is_no_pass_r6_1():
    game = stacked_game([FILLER, FILLER])
    assert game.error(0, {"type": "pass"})["code"] == "bad_action"


@pytest.mark.parametrize("before, after", [(25, 15), (5, 0), (0, 0), (10, 0)])
def test_minus_ten_never_takes_the_total_below_zero_in_2022_r5_2(before, after):
    table = stacked_table([["-10", "1", "1", "1"], FILLER], first=0, total=before)
    assert "play -10" in table.actions(0)  # A8: always playable, it clamps
    table.play(0, "-10")
    assert table.total == after


def test_minus_ten_goes_negative_with_the_floor_off():
    table = stacked_table(
        [["-10", "-10", "1", "1"], ["-10"] + FILLER[:3]], first=0, total=5, options={"minus10_floor": False}
    )
    table.play(0, "-10")
    assert table.total == -5
    table.play(1, "-10")
    assert table.total == -15


def test_reverse_changes_direction_and_adds_nothing_r5_3():
    game = stacked_game(
        [["REV", "5", "5", "5"], ["REV", "6", "6", "6"], ["7", "7", "7", "7"], FILLER],
        draw=["1", "1", "1", "1"],
        first=0,
    )
    game.play(0, "5")
    game.play(1, "REV")
    assert game.total == 5 and game.direction == "counterclockwise"
    assert game.turn == 0  # counterclockwise from seat 1
    game.play(0, "REV")
    assert game.direction == "clockwise" and game.turn == 1
    game.play(1, "6")
    assert game.turn == 2


def test_reverse_with_two_players_is_like_a_zero_r5_3():
    game = stacked_game([["REV", "5", "5", "5"], ["6", "6", "6", "6"]], draw=["1"], first=0)
    game.play(0, "REV")
    assert game.turn == 1 and game.total == 0
    assert game.play2 is None


def test_ono99_card_can_never_be_played_r5_5():
    game = stacked_game([["ONO", "5", "5", "5"], FILLER])
    err = game.error(0, "play ONO")
    assert err["code"] == "illegal_card" and "never" in err["message"]
    assert "play ONO" not in game.actions(0)
    line = next(h for h in game.view(0)["hand"] if h["card"] == "ONO")
    assert line["playable"] is False and "never" in line["why"]


def test_ono99_card_cannot_be_played_even_at_a_total_ending_in_zero_in_2022():
    table = stacked_table([["ONO", "ONO", "ONO", "9"], FILLER], total=90)
    assert table.actions(0) == ["lay_down"]


# --- R8: Play 2 --------------------------------------------------------------------------------------


def test_play_2_obligates_the_next_player_to_play_draw_play_draw_r8_3():
    game = stacked_game(
        [["P2", "1", "1", "1"], ["5", "6", "2", "2"], ["7", "7", "7", "7"]], draw=["9", "8", "4"], first=0
    )
    game.play(0, "P2")
    assert game.total == 0  # A9: Play 2 adds 0
    assert game.turn == 1 and game.play2 == {"seat": 1, "plays_left": 2}
    game.act(1, "play 5")
    assert game.turn == 1 and game.to_act == 1
    assert game.owed_draw == {"seat": 1, "count": 1}
    assert game.error(1, "play 6")["code"] == "draw_first"  # R8.3.2: draw between the cards
    assert game.error(2, "play 7")["code"] == "not_your_turn"
    game.act(1, "draw")
    assert "8" in game.hand(1) and len(game.hand(1)) == 4
    assert game.play2 == {"seat": 1, "plays_left": 1}
    game.act(1, "play 6")
    assert game.owed_draw == {"seat": 1, "count": 1}  # A11: a draw after the second card too
    game.act(1, "draw")
    assert len(game.hand(1)) == 4
    assert game.total == 11 and game.turn == 2 and game.play2 is None


@pytest.mark.parametrize("deflector", ["P2", "REV"])
def test_deflecting_with_one_card_passes_the_obligation_on_r8_1(deflector):
    game = stacked_game(
        [["P2", "1", "1", "1"], [deflector, "5", "5", "5"], FILLER, FILLER], draw=["9", "8", "7"], first=0
    )
    game.play(0, "P2")
    game.act(1, f"play {deflector}")
    game.act(1, "draw")  # A16: the deflector draws one
    assert len(game.hand(1)) == 4
    if deflector == "P2":
        assert game.turn == 2 and game.direction == "clockwise"
    else:  # A15: after the Reverse, the next in turn order is the player who played the Play 2
        assert game.turn == 0 and game.direction == "counterclockwise"
    assert game.play2 == {"seat": game.turn, "plays_left": 2}


def test_no_stacking_the_final_player_plays_just_two_cards_r8_2():
    game = stacked_game(
        [["P2", "1", "1", "1"], ["P2", "2", "2", "2"], ["REV", "3", "3", "3"], FILLER],
        draw=["5", "5", "5", "5", "5", "5"],
        first=0,
    )
    game.play(0, "P2")
    game.play(1, "P2")
    game.play(2, "REV")  # back to seat 1, counterclockwise
    assert game.turn == 1 and game.play2 == {"seat": 1, "plays_left": 2}
    game.play(1, "2")
    game.play(1, "2")
    assert game.turn == 0 and game.play2 is None
    assert game.total == 4


def test_second_card_may_be_a_play_2_which_obligates_the_next_player_a12():
    game = stacked_game([["P2", "1", "1", "1"], ["5", "P2", "2", "2"], FILLER], draw=["9", "8", "7"], first=0)
    game.play(0, "P2")
    game.play(1, "5")
    game.play(1, "P2")
    assert game.turn == 2 and game.play2 == {"seat": 2, "plays_left": 2}


def test_second_card_may_be_a_reverse_which_turns_play_but_passes_no_obligation_a12():
    game = stacked_game([["P2", "1", "1", "1"], ["5", "REV", "2", "2"], FILLER], draw=["9", "8", "7"], first=0)
    game.play(0, "P2")
    game.play(1, "5")
    game.play(1, "REV")
    assert game.direction == "counterclockwise"
    assert game.turn == 0 and game.play2 is None


def test_failing_the_first_card_eliminates_and_the_obligation_lapses_r8_4():
    table = stacked_table([["P2", "1", "1", "1"], ["5", "6", "9", "ONO"], FILLER], draw=["2"], first=0, total=95)
    table.play(0, "P2")
    assert table.actions(1) == ["lay_down"]
    table.act(1, "lay_down")
    assert table.player(1)["status"] == "eliminated"
    assert table.turn == 2 and table.play2 is None  # A13
    assert table.total == 95


def test_failing_the_second_card_eliminates_card_one_stands_and_next_is_not_obligated_r8_5():
    table = stacked_table([["P2", "1", "1", "1"], ["8", "9", "9", "9"], FILLER], draw=["2", "9"], first=0, total=90)
    table.play(0, "P2")
    table.play(1, "8")
    assert table.total == 98
    assert table.actions(1) == ["lay_down"]
    table.act(1, "lay_down")
    assert table.player(1)["status"] == "eliminated"
    assert table.total == 98  # card 1 stands
    assert table.turn == 2 and table.play2 is None  # L94: the next player is not forced to play two


@pytest.mark.parametrize("flag", [True, False])
def test_reverse_deflects_with_two_players_only_with_the_flag_a10(flag):
    game = stacked_game(
        [["P2", "1", "1", "1"], ["REV", "5", "5", "5"]],
        draw=["9", "8", "7"],
        first=0,
        options={"reverse_deflects_in_2p": flag},
    )
    game.play(0, "P2")
    game.play(1, "REV")
    if flag:
        assert game.turn == 0 and game.play2 == {"seat": 0, "plays_left": 2}
    else:  # like a zero card: it is the first of seat 1's two cards
        assert game.turn == 1 and game.play2 == {"seat": 1, "plays_left": 1}
        game.play(1, "5")
        assert game.turn == 0 and game.play2 is None


@pytest.mark.parametrize("flag", [True, False])
def test_the_two_player_reverse_rule_counts_active_players_a41(flag):
    # Three seats; Bob is stuck and lays down, leaving two players in.
    table = stacked_table(
        [["0", "REV", "1", "1"], ["9", "9", "9", "ONO"], ["P2", "2", "2", "2"]],
        draw=["3", "4", "5"],
        first=0,
        total=95,
        options={"reverse_deflects_in_2p": flag},
    )
    table.play(0, "0")
    table.act(1, "lay_down")
    table.play(2, "P2")
    assert table.play2 == {"seat": 0, "plays_left": 2}
    table.play(0, "REV")
    if flag:
        assert table.turn == 2 and table.play2 == {"seat": 2, "plays_left": 2}
    else:
        assert table.turn == 0 and table.play2 == {"seat": 0, "plays_left": 1}


def test_reverse_deflects_with_three_players_even_with_the_two_player_flag_off():
    game = stacked_game(
        [["P2", "1", "1", "1"], ["REV", "5", "5", "5"], FILLER],
        draw=["9", "8", "7"],
        first=0,
        options={"reverse_deflects_in_2p": False},
    )
    game.play(0, "P2")
    game.play(1, "REV")
    assert game.turn == 0 and game.play2 == {"seat": 0, "plays_left": 2}


# --- R7: four ONO 99 cards ------------------------------------------------------------------------

FOUR_ONO = ["ONO", "ONO", "ONO", "ONO"]


def test_four_ono_discard_is_the_turns_play_draws_four_and_ends_the_turn_r7():
    game = stacked_game([["5", "1", "1", "1"], FOUR_ONO, FILLER], draw=["2", "6", "7", "8", "9"], first=0)
    game.play(0, "5")
    assert game.actions(1) == ["discard4", "lay_down"]  # R7.3: declining means laying down
    game.act(1, "discard4")
    view = game.view(None)
    assert view["total"] == 5 and view["direction"] == "clockwise"  # adds 0, no turn change of direction
    assert view["discard_count"] == 5 and view["discard_top"]["card"] == "ONO"
    assert view["owed_draw"] == {"seat": 1, "count": 4}
    game.act(1, "draw")
    assert game.hand(1) == ["6", "7", "8", "9"]
    assert game.turn == 2 and game.play2 is None


def test_four_ono_discard_does_not_deflect_but_counts_as_one_of_two_a17():
    game = stacked_game([["P2", "1", "1", "1"], FOUR_ONO, FILLER], draw=["2", "6", "7", "8", "9", "3"], first=0)
    game.play(0, "P2")
    assert game.actions(1) == ["discard4", "lay_down"]
    game.act(1, "discard4")
    game.act(1, "draw")
    assert game.turn == 1 and game.play2 == {"seat": 1, "plays_left": 1}
    game.play(1, "6")
    assert game.turn == 2 and game.play2 is None  # the obligation was not passed on


def test_four_ono_free_swap_is_not_a_play():
    game = stacked_game(
        [["P2", "1", "1", "1"], FOUR_ONO, FILLER],
        draw=["2", "6", "7", "8", "9", "3", "4"],
        first=0,
        options={"four_ono_discard": "free_swap"},
    )
    game.play(0, "P2")
    game.act(1, "discard4")
    assert game.hand(1) == ["6", "7", "8", "9"]  # drawn at once
    assert game.owed_draw is None
    assert game.turn == 1 and game.play2 == {"seat": 1, "plays_left": 2}  # still two plays to make
    game.play(1, "6")
    game.play(1, "7")
    assert game.turn == 2 and game.total == 13


def test_four_ono_free_swap_on_a_normal_turn_then_plays():
    game = stacked_game(
        [FOUR_ONO, FILLER], draw=["6", "7", "8", "9", "3"], first=0, options={"four_ono_discard": "free_swap"}
    )
    game.act(0, "discard4")
    assert game.turn == 0 and game.actions(0) == ["play 6", "play 7", "play 8", "play 9"]


def test_four_ono_discard_off_leaves_only_laying_down():
    game = stacked_game([FOUR_ONO, FILLER], options={"four_ono_discard": "off"})
    assert game.actions(0) == ["lay_down"]
    err = game.error(0, "discard4")
    assert err["code"] == "illegal_card" and "no discard" in err["message"]


def test_four_ono_discard_needs_four_ono_cards():
    game = stacked_game([["ONO", "ONO", "ONO", "5"], FILLER])
    err = game.error(0, "discard4")
    assert err["code"] == "illegal_card" and "four ONO 99" in err["message"]


def test_declining_the_four_ono_discard_lays_the_hand_down_r7_3():
    game = stacked_game([FOUR_ONO, FILLER, FILLER])
    game.act(0, "lay_down")
    assert game.player(0)["status"] == "eliminated"
    assert game.player(0)["laid_down"] == FOUR_ONO


# --- R9: elimination --------------------------------------------------------------------------------


def test_elimination_lays_the_hand_down_face_up_and_skips_the_player_r9():
    table = stacked_table(
        [["1", "1", "1", "1"], ["9", "9", "ONO", "6"], ["2", "2", "2", "2"]],
        draw=["3", "3", "3", "3"],
        first=0,
        total=92,
    )
    table.play(0, "1")
    discard = table.view(None)["discard_count"]
    table.act(1, "lay_down")
    for seat in (None, 0, 1, 2):  # R9.2: public, in every view
        line = table.view(seat)["players"][1]
        assert line["status"] == "eliminated"
        assert line["laid_down"] == ["6", "9", "9", "ONO"]
        assert line["hand_count"] == 0
    assert table.view(1)["hand"] == []
    assert table.view(None)["discard_count"] == discard  # R9.2: not onto the discard pile
    assert table.total == 93  # R9.3
    assert table.owed_draw is None  # the player does not draw
    assert table.turn == 2  # R9.3 / L44
    table.play(2, "2")
    assert table.turn == 0
    table.play(0, "1")
    assert table.turn == 2  # seat 1 is skipped from now on
    assert table.error(1, "lay_down")["code"] == "not_your_turn"


def test_laid_down_cards_stay_out_of_circulation_through_a_reshuffle_a19():
    deck = small_deck(n1=9, ONO=4)  # 13 cards: 12 dealt, 1 in the pile
    table = stacked_table(
        [["1"] * 4, FOUR_ONO, ["1"] * 4], draw=["1"], first=0, options={"deck": deck, "four_ono_discard": "off"}
    )
    table.play(0, "1")
    assert table.view(None)["draw_count"] == 0
    table.act(1, "lay_down")
    table.play(2, "1")  # the pile is empty: the discard pile (two 1s) is reshuffled
    assert "ONO" not in table.state.draw_pile and "ONO" not in table.state.discard
    assert table.player(1)["laid_down"] == FOUR_ONO
    assert table.view(None)["draw_count"] == 1 and table.view(None)["discard_count"] == 0


# --- R6.4 / A6 / A7: drawing and reshuffling ----------------------------------------------------------


def test_an_empty_draw_pile_is_made_from_the_shuffled_discards_and_the_total_stays_a6():
    game = stacked_game([["10"] * 4, ["10"] * 4], draw=["10", "10"], first=0, options={"deck": {"10": 10}})
    game.play(0, "10")
    game.play(1, "10")
    view = game.view(None)
    assert view["draw_count"] == 0 and view["discard_count"] == 2 and view["total"] == 20
    game.act(0, "play 10")
    events = game.act(0, "draw")
    view = game.view(None)
    assert view["total"] == 30  # A6: the reshuffle does not change the running total
    assert view["draw_count"] == 2 and view["discard_count"] == 0 and view["discard_top"] is None
    assert len(game.hand(0)) == 4
    assert any("shuffled" in e["text"] for e in events)


def test_with_both_piles_empty_the_player_simply_does_not_draw_a7():
    table = stacked_table([FILLER, FILLER])
    table.state.hands[0].pop()
    table.state.draw_pile, table.state.discard = [], []
    assert ono99.draw_cards(table.state, 0, 1) == 0
    assert len(table.state.hands[0]) == 3


def test_the_draw_is_a_separate_step_that_must_come_before_the_next_play():
    game = stacked_game([["5", "1", "1", "1"], ["6", "2", "2", "2"]], draw=["7"], first=0)
    game.act(0, "play 5")
    assert game.to_act == 0 and game.actions(0) == ["draw"]
    assert game.actions(1) == []
    err = game.error(1, "play 6")
    assert err["code"] == "not_your_turn" and "Ann must draw first" in err["message"]
    assert game.error(0, "play 1")["code"] == "draw_first"
    game.act(0, "draw")
    assert game.hand(0) == ["1", "1", "1", "7"]
    assert game.error(0, "draw")["code"] == "nothing_to_draw"


# --- R10: winning ------------------------------------------------------------------------------------


def test_last_player_standing_wins_and_the_game_ends_at_once_r10():
    table = stacked_table([["1", "1", "1", "1"], ["9", "9", "9", "ONO"]], draw=["2"], first=0, total=90)
    table.play(0, "1")
    table.act(1, "lay_down")
    view = table.view(None)
    assert view["over"] is True
    assert view["result"]["winners"] == [0] and "Ann wins" in view["result"]["text"]
    assert view["turn"] is None and view["to_act"] is None
    assert table.actions(0) == [] and table.actions(1) == []
    assert table.error(0, "play 1")["code"] == "game_over"


def test_with_three_players_the_game_goes_on_until_one_is_left_r10():
    table = stacked_table(
        [["1", "1", "1", "1"], ["9", "9", "9", "ONO"], ["9", "9", "8", "ONO"]], draw=["2", "2"], first=0, total=90
    )
    table.play(0, "1")
    table.act(1, "lay_down")
    assert not table.over and table.turn == 2
    table.act(2, "lay_down")
    assert table.over and table.result["winners"] == [0]
    places = {line["seat"]: line["place"] for line in table.result["standings"]}
    assert places == {0: 1, 2: 2, 1: 3}  # the last one out ranks next


# --- Undo: a play can be taken back until its draw ---------------------------------------------------


def test_undo_takes_back_a_play_before_the_draw():
    game = stacked_game([["5", "1", "1", "1"], FILLER], draw=["7"], first=0)
    before = game.all_views()
    game.act(0, "play 5")
    assert game.view(0)["can_undo"] is True and game.view(0)["undo_why"] is None
    assert game.undo(0) == {"ok": True}
    assert game.all_views() == before
    assert game.record()["actions"] == []


def test_undo_takes_back_the_first_card_of_a_play_2_turn():
    game = stacked_game([["P2", "1", "1", "1"], ["5", "6", "2", "2"]], draw=["9", "8"], first=0)
    game.play(0, "P2")
    before = game.all_views()
    game.act(1, "play 5")
    assert game.undo(1) == {"ok": True}
    assert game.all_views() == before


def test_no_undo_after_the_draw():
    game = stacked_game([["5", "1", "1", "1"], FILLER], draw=["7"], first=0)
    game.play(0, "5")
    assert game.view(0)["can_undo"] is False
    err = game.unchanged("undo", seat=0)
    assert err["code"] == "cannot_undo" and "drawn" in err["message"]


def test_no_undo_after_laying_down():
    table_params = dict(hands=[["1", "1", "1", "1"], ["ONO"] * 4, FILLER], first=1, options={"four_ono_discard": "off"})
    game = stacked_game(**table_params)
    game.act(1, "lay_down")
    err = game.unchanged("undo", seat=1)
    assert err["code"] == "cannot_undo" and "final" in err["message"]


def test_no_undo_of_another_seats_move():
    game = stacked_game([["5", "1", "1", "1"], FILLER], draw=["7"], first=0)
    game.act(0, "play 5")
    assert game.view(1)["can_undo"] is False
    err = game.unchanged("undo", seat=1)
    assert err["code"] == "cannot_undo" and "Ann" in err["message"]


def test_no_undo_of_a_computer_players_move():
    game = stacked_game([["5", "1", "1", "1"], FILLER], draw=["7"], first=0, kinds={0: "random"})
    reply = game.call("bot_act", seat=0)
    assert reply["action"]["type"] == "play"
    assert game.unchanged("undo", seat=0)["code"] == "cannot_undo"
    assert game.unchanged("undo", seat=1)["code"] == "cannot_undo"


def test_no_undo_with_no_move():
    game = stacked_game([FILLER, FILLER])
    assert game.unchanged("undo", seat=0)["code"] == "cannot_undo"


def test_undo_of_a_four_ono_discard_before_its_draw():
    game = stacked_game([["ONO"] * 4, FILLER], draw=["6", "7", "8", "9"], first=0)
    before = game.all_views()
    game.act(0, "discard4")
    assert game.undo(0) == {"ok": True}
    assert game.all_views() == before


# --- A22 option: the first card must be a number ------------------------------------------------------


def test_first_play_number_option():
    hands = [["REV", "P2", "-10", "5"], ["REV", "1", "1", "1"]]
    game = stacked_game(hands, draw=["2", "3"], first=0, options={"first_play_number": True})
    assert game.actions(0) == ["play 5"]
    err = game.error(0, "play REV")
    assert err["code"] == "illegal_card" and "number" in err["message"]
    game.play(0, "5")
    assert "play REV" in game.actions(1)  # only the first card of the round


def test_first_play_number_off_by_default():
    game = stacked_game([["REV", "P2", "-10", "5"], FILLER], first=0)
    assert game.actions(0) == ["play -10", "play 5", "play P2", "play REV"]


# --- A9 / R5: what a card adds, checked on the running total ------------------------------------------


@pytest.mark.parametrize("card, after", [("0", 40), ("10", 50), ("REV", 40), ("P2", 40), ("-10", 30)])
def test_each_card_changes_the_total_by_its_value(card, after):
    table = stacked_table([[card, "1", "1", "1"], FILLER, FILLER], total=40)
    table.play(0, card)
    assert table.total == after

"""3UP 3DOWN: every numbered rule R1-R14 of shared/rules/three-up-three-down.md, each reached with a
stacked deal (or, for a mid-round position, `arrange`, which keeps every card), and each test written
to fail if its rule is broken."""

import pytest
from three_up_helpers import NAMES, labels, shown_text, table

from pygames_wasm.core import NO_SETUP, GameError, game_rng
from pygames_wasm.games import three_up as T

UP = ["R8 B8 G8", "R9 B9 G9"]  # full face-up and face-down cards, for rounds whose draw pile still lasts
DOWN = ["R1 R2 R3", "B1 B2 B3"]


def mid(hands, up=("", ""), down=("", ""), pile="", draw="", turn=0, n=2, options=None):
    """A 2-seat (or n-seat) round mid-play: exactly these cards, everything else out of the game.
    While the draw pile lasts everyone still has three face-up and three face-down cards (R6.2)."""
    t = table(n=n, options=options)
    t.arrange(hands=list(hands), up=list(up), down=list(down), pile=pile, draw=draw, turn=turn)
    return t


# --- R1 players ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 7])
def test_r1_two_to_six_players(n):
    with pytest.raises(GameError) as err:
        T.new_state(T.make_options({}), [f"P{i}" for i in range(n)], game_rng(1), NO_SETUP)
    assert err.value.code == "bad_seats" and "2 to 6" in err.value.message


def test_r1_six_players_are_dealt_nine_cards_each():
    state = T.new_state(T.make_options({}), NAMES, game_rng(3), NO_SETUP)
    assert [len(d) for d in state.down] == [3] * 6 and [len(h) for h in state.hands] == [6] * 6
    assert len(state.draw_pile) == 74 - 54


def test_r1_3_the_deck_must_hold_nine_cards_a_player():
    opts = T.make_options({"colours": "R"})  # 24 cards
    T.new_state(opts, NAMES[:2], game_rng(1), NO_SETUP)
    with pytest.raises(GameError) as err:
        T.new_state(opts, NAMES[:3], game_rng(1), NO_SETUP)
    assert err.value.code == "bad_option" and "24 cards" in err.value.message and "9 cards" in err.value.message


# --- R2 the deck --------------------------------------------------------------------------------------


def test_r2_default_deck_is_the_74_card_list():
    deck = T.make_options({}).cards
    assert sum(deck.values()) == 74
    numbers = {c: n for c, n in deck.items() if not T.is_clear(c)}
    assert len(numbers) == 30 and set(numbers.values()) == {2}  # 1-10 in three colours, two of each
    assert {T.number(c) for c in numbers} == set(range(1, 11))
    assert {c: n for c, n in deck.items() if T.is_clear(c)} == {
        "RC": 2,
        "BC": 2,
        "GC": 2,
        "RC+1": 2,
        "BC+1": 2,
        "GC+1": 2,
        "GC+2": 2,
    }


def test_r2_the_deck_is_an_option():
    deck = {f"R{v}": 1 for v in range(1, 11)} | {f"B{v}": 1 for v in range(1, 11)}
    state = T.new_state(T.make_options({"deck": deck}), NAMES[:2], game_rng(1), NO_SETUP)
    assert len(state.draw_pile) == 2 and "RC" not in str(state.hands)
    with pytest.raises(GameError) as err:
        T.make_options({"deck": {"R11": 2}})
    assert err.value.code == "bad_option" and "R11" in err.value.message


def test_r2_6_a_colour_left_out_takes_all_its_cards():
    opts = T.make_options({"colours": "RG"})
    assert sum(opts.cards.values()) == 50 and not any(c.startswith("B") for c in opts.cards)
    state = T.new_state(opts, NAMES[:4], game_rng(2), NO_SETUP)
    dealt = [c for zone in (state.hands, state.down) for seat in zone for c in seat] + state.draw_pile
    assert len(dealt) == 50 and not any(c.startswith("B") for c in dealt)
    assert not any(c.startswith("G") for c in T.make_options({"colours": "RB"}).cards)  # and no Clear +2


def test_r2_colours_do_not_matter_in_the_base_game():
    t = table(hand=["R5 G2 G3", "B5 B2 B3"])
    t.play(0, "R5")
    t.play(1, "B5")  # an equal number of another colour
    assert [c["card"] for c in t.view()["pile"]["cards"]] == ["R5", "B5"]


# --- R3 setup -----------------------------------------------------------------------------------------


def test_r3_2_and_3_three_unseen_face_down_cards_then_six():
    t = table(n=3, picked=False)
    for seat in range(3):
        view = t.view(seat)
        assert len(view["hand"]) == 6 and view["players"][seat]["down_count"] == 3
        assert [d["card"] for d in view["my_down"]] == [None] * 3  # not even the owner sees them
    assert t.view()["draw_count"] == 74 - 27


def test_r3_4_picks_stay_hidden_until_everyone_has_picked():
    t = table(n=3, picked=False, up=["R10 B10 G10", "R9 B9 G9", "R8 B8 G8"], hand=["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"])
    assert T.waiting_for(t.state) == [0, 1, 2]
    t.act(1, "pick R9 B9 G9")
    assert T.waiting_for(t.state) == [0, 2]
    for viewer in (None, 0, 2):
        assert t.view(viewer)["players"][1]["up"] == [] and t.view(viewer)["players"][1]["picked"]
    assert labels(t.view(1)["players"][1]["up"]) == ["Red 9", "Blue 9", "Green 9"]
    assert sorted(c["card"] for c in t.view(1)["hand"]) == ["B1", "B2", "B3"]
    assert "9" not in t.events_text()
    t.act(0, "pick R10 B10 G10")
    t.act(2, "pick R8 B8 G8")
    assert T.waiting_for(t.state) == [0] and t.state.phase == "play"
    assert labels(t.view(1)["players"][0]["up"]) == ["Red 10", "Blue 10", "Green 10"]
    assert "Green 9" in t.events_text()  # shown once all have chosen


def test_r3_4_a_pick_is_exactly_three_of_the_six_dealt():
    t = table(picked=False, up=["R10 B10 G10", None], hand=["R1 R2 R3", None])
    assert "three" in t.error(0, "pick R10 B10", "illegal_action")
    assert t.error(0, "pick R10 B10 B5", "not_in_hand") == "You were not dealt the Blue 5."
    assert t.error(0, "play R1", "illegal_action") == "Choose your three face-up cards first."
    t.act(0, "pick R10 B10 G10")
    assert t.error(0, "pick R1 R2 R3", "illegal_action") == "You have already chosen your face-up cards."


def test_r3_5_and_6_the_rest_is_the_draw_pile_and_the_pile_starts_empty():
    t = table(hand=["R1 R2 R3", None])
    view = t.view()
    assert view["draw_count"] == 74 - 18 and view["pile"]["count"] == 0
    t.play(0, "R1")  # any card on the empty pile
    assert t.view()["pile"]["run"][0]["card"] == "R1"


def test_r3_7_left_of_the_dealer_plays_first():
    t = table(n=3, first=2, picked=False)
    assert t.state.dealer == 1 and T.waiting_for(t.state) == [2, 0, 1]
    t.pick_all()
    assert t.state.turn == 2
    state = T.new_state(T.make_options({}), NAMES[:4], game_rng(9), NO_SETUP)
    assert state.first == (state.dealer + 1) % 4


# --- R4 what each player sees -------------------------------------------------------------------------


def test_r4_1_to_4_hands_are_private_counts_public():
    t = table(hand=["R1 R2 R3", "B1 B2 B3"])
    public, bob = t.view(), t.view(1)
    assert public["hand"] is None and public["actions"] == []
    assert public["players"][0]["hand_count"] == 3 and public["players"][0]["down_count"] == 3
    assert "'R1'" not in shown_text(bob) and "'Red 1'" not in shown_text(bob)
    assert public["draw_count"] == 56 and "draw_pile" not in public


def test_r4_5_the_pile_is_public_and_in_order():
    t = table(hand=["R3 R8 R9", "B4 B8 B9"])
    t.play(0, "R3")
    t.play(1, "B4")
    assert [c["card"] for c in t.view()["pile"]["cards"]] == ["R3", "B4"]


def test_r4_6_removed_cards_stay_out_of_the_game():
    t = table(hand=["RC R2 R3", None], draw="G5")
    t.play(0, "RC")
    assert t.view()["removed_count"] == 1
    while t.state.draw_pile:  # the draw pile runs out; nothing comes back
        seat = t.state.turn
        t.act(seat, T.legal_actions(t.state, seat)[0])
    assert t.view()["removed_count"] >= 1 and t.view()["draw_count"] == 0
    assert "RC" in t.state.removed


# --- R5 turn order ------------------------------------------------------------------------------------


def test_r5_1_play_goes_clockwise():
    t = table(n=3, hand=["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"])
    t.play(0, "R1")
    assert t.state.turn == 1
    t.play(1, "B2")
    assert t.state.turn == 2 and t.view()["direction"] == "clockwise"


def test_r5_3_a_clear_gives_no_extra_turn():
    t = table(hand=["RC R2 R3", None])
    t.play(0, "RC")
    assert t.state.turn == 1


# --- R6 which cards may be played -------------------------------------------------------------------


def test_r6_1_the_hand_comes_before_the_face_up_cards():
    t = mid(hands=["R5", "B9"], up=["R8 B8 G8", "R9"], down=["R1 R2 R3", "B1"])
    assert t.error(0, "play R8", "illegal_card") == (
        "Play the cards in your hand first; your face-up cards come after the hand and the draw pile are gone."
    )
    assert t.actions(0) == ["play R5"]


def test_r6_2_face_up_cards_wait_for_the_draw_pile():
    t = mid(hands=["RC+1", "B9"], up=UP, down=DOWN, draw="G2 G3")
    t.act(0, "play RC+1")
    assert t.actions(0) == ["draw"]  # hand empty, draw pile not: the face-up cards stay put
    assert t.error(0, "play R8", "draw_first") == "You have no cards to play from: draw a card first."
    t2 = mid(hands=["", "B9"], up=["R8 B8 G2", "R9"], down=["R1 R2 R3", "B1"])
    assert t2.actions(0) == ["play G2", "play R8", "play B8", "play R8 B8"]


def test_r6_3_all_face_up_cards_before_the_face_down_ones():
    t = mid(hands=["", "B9"], up=["R8", "R9"], down=["R1 R2 R3", "B1"])
    assert t.error(0, "flip 0", "illegal_action") == "Play all your face-up cards before you flip a face-down one."


def test_r6_4_one_face_down_card_a_turn():
    t = mid(hands=["", "B9"], up=["", "R9"], down=["R9 R4 B3", "B1"])
    assert t.actions(0) == ["flip 0", "flip 1", "flip 2"]
    t.flip(0, 0)
    assert t.state.turn == 1 and len(t.state.down[0]) == 2 and t.state.pile == ["R9"]


def test_r6_5_one_play_never_mixes_hand_and_face_up_cards():
    t = mid(hands=["R7", "B9"], up=["B7 G7 R2", "R9"], down=["R1 R2 R3", "B1"])
    assert "hand first" in t.error(0, "play R7 B7", "illegal_card")
    assert t.actions(0) == ["play R7"]


def test_r6_6_after_a_pick_up_the_hand_comes_first_again():
    t = mid(hands=["", "B9 B1"], up=["R2 B3 G4", "R9"], down=["R1 R2 R3", "B1"], pile="G9")
    t.pickup(0)
    assert t.hand(0) == ["G9"] and t.state.up[0] == ["R2", "B3", "G4"]
    t.play(1, "B9")
    assert t.error(0, "play R2", "illegal_card").startswith("Play the cards in your hand first")


# --- R7 legal plays -----------------------------------------------------------------------------------


def test_r7_1_to_3_empty_pile_anything_clear_on_anything_numbers_equal_or_higher():
    t = table(hand=["R5 R8 R9", "B4 B5 BC"], draw="G1 G2 G3")
    t.play(0, "R5")
    assert t.error(1, "play B4", "illegal_card") == "A 4 cannot go on a 5: play a 5 or higher, or a Clear."
    assert "play B5" in t.actions(1) and "play BC" in t.actions(1)
    t.play(1, "B5")
    t.play(0, "R8")
    t.play(1, "BC")  # on an 8
    assert t.state.pile == []


def test_r7_4_the_top_number_decides_not_the_cards_under_it():
    t = mid(hands=["R4 B1", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="R9 G3 B3")
    assert t.actions(0) == ["play R4"]


# --- R8 multiples -----------------------------------------------------------------------------------


def test_r8_1_and_2_several_of_one_number_or_fewer():
    t = table(hand=["R7 B7 G2", None])
    assert t.actions(0) == ["play G2", "play R7", "play B7", "play R7 B7"]
    t.play(0, "R7 B7")
    assert t.state.pile == ["R7", "B7"] and t.hand(0)[:1] != ["R7"]


def test_r8_1_a_multiple_from_the_face_up_cards():
    t = mid(hands=["", "B9"], up=["R8 B8 G2", "R9"], down=["R1", "B1"])
    t.play(0, "R8 B8")
    assert t.state.up[0] == ["G2"] and t.state.pile == ["R8", "B8"]


def test_r8_1_cards_of_different_numbers_do_not_mix():
    t = table(hand=["R7 B4 G2", None])
    assert t.error(0, "play R7 B4", "illegal_card") == "Cards played together must be one number: 4s and 7s do not mix."


def test_r8_3_a_multiple_is_legal_exactly_when_one_card_is():
    t = mid(hands=["R7 B7", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="G9")
    assert t.error(0, "play R7 B7", "illegal_card") == "A 7 cannot go on a 9: play a 9 or higher, or a Clear."


def test_r8_4_face_down_cards_one_at_a_time():
    t = mid(hands=["", "B9"], up=["", "R9"], down=["R9 R4 B3", "B1"])
    assert t.error(0, "flip 0 1", "illegal_action") == "Face-down cards are flipped one at a time: choose one."
    assert t.error(0, {"type": "flip", "slot": [0, 1]}, "illegal_action").startswith("Face-down cards are flipped")


def test_r8_5_clear_cards_one_at_a_time():
    t = table(hand=["RC BC G2", None])
    assert t.error(0, "play RC BC", "illegal_card") == "Clear cards are played one at a time."


def test_r8_6_a_multiple_is_one_follow_up():
    t = mid(hands=["GC+2 R5 B5 R6", "B9"], up=["R8", "R9"], down=["R1", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "play R5 B5")
    assert t.state.phase == "follow" and t.view()["owed"] == 1
    t.act(0, "play R6")
    assert t.state.turn == 1


def test_r8_7_the_player_orders_a_multiple():
    t = table(hand=["R7 B7 G2", None])
    t.play(0, "B7 R7")
    assert t.state.pile == ["B7", "R7"]


# --- R9 forced play ---------------------------------------------------------------------------------


def test_r9_1_and_2_who_can_play_must_and_may_not_pick_up():
    t = mid(hands=["R9 R2", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="G5")
    assert t.error(0, "pickup", "illegal_action") == "You can play a card, so you must: you may not pick up the pile."
    assert t.actions(0) == ["play R9"]


def test_r9_3_face_down_cards_must_be_flipped():
    t = mid(hands=["", "B9"], up=["", "R9"], down=["R2", "B1"], pile="G9")
    assert t.error(0, "pickup", "illegal_action") == "You must flip a face-down card; you cannot pick up instead."


def test_r9_4_a_clear_in_hand_is_never_a_pick_up():
    t = mid(hands=["RC R2 R3", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="G10")
    assert t.actions(0) == ["play RC"]


# --- R10 picking up ---------------------------------------------------------------------------------


def test_r10_1_and_3_no_play_takes_the_whole_pile_and_ends_the_turn():
    t = mid(hands=["R2 R3 R4", "B1 B5"], up=UP, down=DOWN, pile="G5 R10 G9", draw="G1")
    assert t.actions(0) == ["pickup"]
    t.pickup(0)
    assert t.hand(0) == ["G5", "G9", "R10", "R2", "R3", "R4"] and t.state.pile == []
    assert t.state.turn == 1 and t.view()["draw_count"] == 1  # six in hand: no refill
    assert "play B1" in t.actions(1)  # the empty pile takes anything


def test_r10_2_a_failed_flip_goes_to_the_owners_hand_and_is_not_shown():
    t = mid(hands=["", "B9 B8"], up=["", "R9"], down=["R2 G4", "B1"], pile="G9 B10")
    events = t.flip(0, 0)
    assert t.hand(0) == ["B10", "G9", "R2"] and t.state.pile == [] and t.state.down[0] == ["G4"]
    assert "Red 2" not in " ".join(e["text"] for e in events)
    for viewer in (None, 1):
        assert "R2" not in shown_text(t.view(viewer)) and "Red 2" not in shown_text(t.view(viewer))
    mine = t.view(0)
    assert "Red 2" in labels(mine["hand"]) and "Red 2" in mine["note"]
    assert t.state.turn == 1


# --- R11 refilling ------------------------------------------------------------------------------------


def test_r11_1_refill_to_three_as_the_turns_last_action():
    t = table(hand=["R2 R5 R9", None], draw="G3 G4")
    t.act(0, "play R5")
    assert t.actions(0) == ["refill"] and t.state.turn == 0
    assert t.view()["owed_draw"] == {"seat": 0, "count": 1}
    t.act(0, "refill")
    assert t.hand(0) == ["G3", "R2", "R9"] and t.state.turn == 1


def test_r11_2_three_or_more_in_hand_draws_nothing():
    t = mid(hands=["R2 R3 R4 R5", "B9"], up=UP, down=DOWN, draw="G1 G2")
    t.act(0, "play R2")
    assert t.state.turn == 1 and t.view()["draw_count"] == 2


def test_r11_3_refill_after_a_clear_and_after_a_pick_up():
    t = table(hand=["RC R2 R3", None], draw="G3")
    t.act(0, "play RC")
    assert t.actions(0) == ["refill"]
    t2 = mid(hands=["GC+2 R5 R2", "B9"], up=UP, down=DOWN, draw="G1 G2")
    t2.act(0, "play GC+2")
    t2.act(0, "play R5")
    t2.act(0, "pickup")  # R2 cannot follow the 5
    assert t2.actions(0) == ["refill"]
    t2.act(0, "refill")
    assert t2.hand(0) == ["G1", "R2", "R5"]


def test_r11_4_a_short_draw_pile_gives_what_it_has():
    t = mid(hands=["R2 B2 R9", "B9"], up=UP, down=DOWN, draw="G7")
    t.play(0, "R2 B2")
    assert t.hand(0) == ["G7", "R9"] and t.view()["draw_count"] == 0


def test_r11_5_no_limit_to_a_hand():
    t = mid(hands=["R2 R3 R4", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="G5 R5 G6 R6 G7 R7 G8 B8 R10 B10")
    t.pickup(0)
    assert len(t.state.hands[0]) == 13


# --- R12 Clear cards ----------------------------------------------------------------------------------


def test_r12_1_a_clear_takes_the_pile_out_of_the_game_and_ends_the_turn():
    t = mid(hands=["RC R2 R3", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="R5 B6 G7")
    t.play(0, "RC")
    assert t.state.pile == [] and set(["R5", "B6", "G7", "RC"]) <= set(t.state.removed)
    assert t.state.turn == 1


def test_r12_2_clear_plus_one_owes_one_play_and_offers_a_draw():
    t = table(hand=["RC+1 R2 R3", None], draw="G8")
    t.act(0, "play RC+1")
    view = t.view(0)
    assert view["phase"] == "follow" and view["owed_text"] == "Play 1 more card: any card, or draw first."
    assert "draw" in t.actions(0)
    t.act(0, "draw")
    assert "draw" not in t.actions(0) and "G8" in t.hand(0)
    assert t.error(0, "draw", "already_drawn") == "You have already drawn before this follow-up play."
    t.act(0, "play R2")
    assert t.state.phase == "refill" or t.state.turn == 1


def test_r12_3_clear_plus_two_owes_two_plays_with_a_draw_before_each():
    t = table(hand=["GC+2 R2 R3", None], draw="G8 G9")
    t.act(0, "play GC+2")
    assert t.view(0)["owed_text"] == "Play 2 more cards (one play each): any card, or draw first."
    t.act(0, "draw")
    t.act(0, "play R2")
    assert t.view(0)["owed_text"] == "Play 1 more card: a 2 or higher, or a Clear, or draw first."
    t.act(0, "draw")
    t.act(0, "play R3")
    assert t.state.phase == "refill" and t.hand(0) == ["G8", "G9"]


def test_r12_4_the_second_follow_up_may_not_be_lower_than_the_first():
    t = mid(hands=["GC+2 R5 R2 B5", "B9"], up=["R8", "R9"], down=["R1", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "play R5")
    assert t.error(0, "play R2", "illegal_card") == "A 2 cannot go on a 5: play a 5 or higher, or a Clear."
    t.act(0, "play B5")  # equal is fine


def test_r12_5_follow_ups_come_from_the_zone_in_play_then_including_face_down_flips():
    t = mid(hands=["GC+2", "B9"], up=["R4 R5 R6", "R9"], down=["R1", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "play R4")  # the hand is empty: the face-up cards, in the same turn
    t.act(0, "play R5")
    assert t.state.turn == 1 and t.state.up[0] == ["R6"]
    t2 = mid(hands=["GC+2", "B9"], up=["", "R9"], down=["R4 R5 R6", "B1"])
    t2.act(0, "play GC+2")
    t2.act(0, "flip 0")
    t2.act(0, "flip 0")  # a second face-down card in one turn: the once-a-turn limit is for the main play
    assert t2.state.pile == ["R4", "R5"] and t2.state.turn == 1


def test_r12_6_a_follow_up_that_cannot_be_played_picks_up_the_pile():
    t = mid(hands=["GC+2 R5 R2", "B9"], up=["R8", "R9"], down=["R1", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "play R5")
    assert t.actions(0) == ["pickup"]
    t.act(0, "pickup")
    assert t.hand(0) == ["R2", "R5"] and t.state.turn == 1


def test_r12_7_a_follow_up_owed_with_nothing_in_hand_draws_first():
    t = mid(hands=["GC+2 R5 B5", "B9"], up=UP, down=DOWN, draw="G1 G7")
    t.act(0, "play GC+2")
    t.act(0, "play R5 B5")
    assert t.actions(0) == ["draw"]
    t.act(0, "draw")  # a 1: it cannot follow the 5s
    assert t.actions(0) == ["pickup"]


def test_r12_8_a_plain_clear_as_a_follow_up_ends_the_turn_a_nested_plus_adds():
    t = mid(hands=["GC+2 RC R4", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="B3")
    t.act(0, "play GC+2")
    t.act(0, "play RC")
    assert t.state.turn == 1 and t.state.owed == 0
    t2 = mid(hands=["GC+2 RC+1 R4 R5", "B9"], up=["R8", "R9"], down=["R1", "B1"])
    t2.act(0, "play GC+2")
    t2.act(0, "play RC+1")  # one of the two owed, then one more for the Clear +1
    assert t2.view()["owed"] == 2


def test_r12_9_three_of_a_number_in_a_follow_up_ends_the_turn():
    t = mid(hands=["GC+2 R7 B7 G7 R2", "B9"], up=["R8", "R9"], down=["R1", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "play R7 B7 G7")
    assert t.state.pile == [] and t.state.turn == 1 and t.hand(0) == ["R2"]


def test_r12_10_a_clear_plus_on_an_empty_pile_still_owes_its_plays():
    t = table(hand=["RC+1 R2 R3", None])
    t.act(0, "play RC+1")
    assert t.state.phase == "follow" and t.view()["owed"] == 1


def test_r12_11_going_out_with_a_clear_wins_and_voids_the_follow_ups():
    t = mid(hands=["GC+2", "B9"], up=["", "R9"], down=["", "B1"], pile="R5")
    t.act(0, "play GC+2")
    assert t.state.over and t.state.winners == [0] and t.state.pile == []


# --- R13 three of a number --------------------------------------------------------------------------


def test_r13_1_and_2_three_of_a_number_across_players_clear_and_end_the_turn():
    t = table(hand=["R7 G7 R2", "B7 B2 B3"], draw="G1 G2 G3")
    t.play(0, "R7")
    t.play(1, "B7")
    t.play(0, "G7")
    assert t.state.pile == [] and {"R7", "B7", "G7"} <= set(t.state.removed) and t.state.turn == 1


def test_r13_1_three_or_more_at_once():
    t = mid(hands=["R7 B7 G7 R2", "B9"], up=["R8", "R9"], down=["R1", "B1"], pile="B6 G7")
    t.play(0, "R7 B7 G7")  # four sevens on top
    assert t.state.pile == [] and t.state.turn == 1


def test_r13_3_the_run_starts_again_after_a_pick_up():
    t = mid(hands=["R7 R2", "B4 B5"], up=["R8", "R9"], down=["R1", "B1"], pile="B7 G7 R9")
    t.pickup(0)
    t.play(1, "B4")
    t.play(0, "R7")
    assert t.state.pile == ["B4", "R7"]


def test_r13_4_a_flipped_card_counts_towards_three():
    t = mid(hands=["", "B9"], up=["", "R9"], down=["G7 R2", "B1"], pile="R7 B7")
    t.flip(0, 0)
    assert t.state.pile == [] and "G7" in t.state.removed


# --- R14 winning --------------------------------------------------------------------------------------


def test_r14_1_the_first_to_play_the_last_face_down_card_wins():
    t = mid(hands=["", "B9"], up=["", "R9"], down=["R9", "B1"], pile="B4")
    t.flip(0, 0)
    assert t.state.over and t.state.winners == [0]
    assert t.view()["result"]["text"] == "Ann wins!"


def test_r14_2_the_last_card_as_a_follow_up_wins():
    t = mid(hands=["GC+2", "B9"], up=["", "R9"], down=["R9", "B1"])
    t.act(0, "play GC+2")
    t.act(0, "flip 0")
    assert t.state.over and t.state.winners == [0]


def test_r14_3_a_last_face_down_card_that_fails_is_no_win():
    t = mid(hands=["", "B9"], up=["", "R9"], down=["R2", "B1"], pile="B9")
    t.flip(0, 0)
    assert not t.state.over and t.hand(0) == ["B9", "R2"]


def test_r14_4_the_round_ends_as_soon_as_someone_goes_out():
    t = mid(hands=["", "B9", "G9"], up=["", "R9", "B8"], down=["R9", "B1", "G1"], n=3)
    t.flip(0, 0)
    assert t.state.over and t.view()["result"]["standings"][0] == {
        "seat": 0,
        "name": "Ann",
        "place": 1,
        "detail": "Went out first",
    }

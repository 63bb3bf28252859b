"""The rules file's engine test vectors (own-trumps.md §2.15), one test each, and its sample flow.

Player A (seat 0, Ann) has spades as trumps, player B (seat 1, Bob) hearts. Each beating vector is
checked twice: by the pure relation `beats` and by the engine on B's turn (whether it accepts the
beat, and the sentence it gives when it refuses). Pick-up vectors check `pickup_count` and the cards
B really takes; end-of-game vectors play the last move.
"""

import doctest

import pytest
from own_trumps_helpers import two_player_table

from pygames_wasm.core.i18n import render
from pygames_wasm.games import own_trumps as G

A, B = 0, 1


def engine_beat(card: str, top: str) -> str | None:
    """B (hearts) holds `card` and two other cards, `top` is on the pile: None if the engine accepts
    the beat (adding another card), else its sentence."""
    spare, keep = [c for c in ("6C", "7C", "8C") if c not in (card, top)][:2]
    table = two_player_table()
    table.arrange({A: "AC", B: f"{card} {spare} {keep}"}, pile=top, turn=B)
    if f"beat {card} {spare}" in table.actions(B):
        table.act(B, f"beat {card} {spare}")
        assert table.pile[-3:] == [top, card, spare]
        return None
    return table.error(B, {"type": "beat", "card": card, "add": spare})


def check_beat(card: str, top: str, expected: bool, sentence: str | None = None):
    assert G.beats(card, top, "H") is expected
    why = engine_beat(card, top)
    assert (why is None) is expected, why
    if sentence:
        assert why == sentence


def test_vector_01_higher_card_of_the_same_suit_beats():
    check_beat("KD", "9D", True)


def test_vector_02_own_trump_beats_a_non_trump_ace():
    check_beat("6H", "AD", True)


def test_vector_03_lower_card_of_the_same_suit_does_not_beat():
    check_beat("8D", "9D", False, "8♦ does not beat 9♦: lower, and diamonds are not your trump.")


def test_vector_04_another_suit_that_is_not_a_trump_does_not_beat():
    check_beat("KC", "9D", False, "K♣ does not beat 9♦: another suit, and clubs are not your trump.")


def test_vector_05_the_other_players_trump_has_no_power_on_your_turn():
    check_beat("AS", "9D", False, "A♠ does not beat 9♦: another suit, and spades are Ann's trump, not yours.")


def test_vector_06_higher_own_trump_beats_own_trump():
    check_beat("8H", "7H", True)


def test_vector_07_lower_own_trump_does_not_beat_own_trump():
    check_beat("6H", "7H", False, "6♥ does not beat 7♥: lower, and your own trumps are beaten only by a higher one.")


def test_vector_08_only_a_higher_own_trump_beats_an_own_trump():
    check_beat("AS", "7H", False, "A♠ does not beat 7♥: 7♥ is one of your own trumps, beaten only by a higher heart.")


def test_vector_09_own_trump_beats_the_other_players_trump_ace():
    check_beat("7H", "AS", True)


def test_vector_10_same_suit_higher_beats_whoever_owns_the_suit():
    check_beat("KS", "QS", True)


def check_pickup(top: str, size: int, expected: int):
    assert G.pickup_count(size, top, "H") == expected
    table = two_player_table()
    under = [c for c in ("6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC") if c != top][: size - 1]
    table.arrange({A: "6D 7D", B: "8D"}, pile=" ".join(under + [top]), turn=B, rest=A)
    before = len(table.pile)
    table.act(B, "pick_up")
    assert len(table.hand(B)) == 1 + expected
    assert len(table.pile) == before - expected
    assert top in table.hand(B)


def test_vector_11_non_trump_top_takes_three():
    check_pickup("9D", 7, 3)


def test_vector_12_non_trump_top_takes_the_whole_small_pile():
    check_pickup("9D", 2, 2)


def test_vector_13_own_trump_top_takes_five():
    check_pickup("9H", 7, 5)


def test_vector_14_own_trump_top_takes_the_whole_small_pile():
    check_pickup("9H", 4, 4)


def test_vector_15_own_trump_ace_takes_the_whole_pile():
    check_pickup("AH", 7, 7)


def test_vector_16_the_other_players_trump_ace_takes_three():
    check_pickup("AS", 10, 3)


def finish(a_hand: str, b_hand: str, move: str) -> dict:
    """A holds `a_hand`, the top card is 10♣, A plays `move` and runs out; B holds `b_hand`."""
    table = two_player_table()
    table.arrange({A: a_hand, B: b_hand}, pile="10C", turn=A)
    table.act(A, move)
    return table.state.games[-1]


def test_vector_17_draw_when_the_last_card_is_an_own_trump():
    game = finish("JC 8S", "9H", "beat JC 8S")
    assert game["ended"] == "draw_rule" and game["loser"] is None
    assert render(game["text"]) == "Ann is out of cards, but Bob's last card, the 9♥, beats the 8♠: game 1 is drawn."


def test_vector_18_draw_when_the_last_card_is_higher_of_the_same_suit():
    game = finish("JC 8S", "9S", "beat JC 8S")
    assert game["ended"] == "draw_rule" and game["loser"] is None


def test_vector_19_a_wins_when_the_last_card_cannot_beat():
    game = finish("JC 8S", "7S", "beat JC 8S")
    assert game["ended"] == "out" and game["loser"] == B and game["out"] == [A]
    assert render(game["text"]) == "Ann is out of cards and wins game 1; Bob loses."


def test_vector_20_a_wins_when_b_holds_two_cards():
    game = finish("JC 8S", "9H 6D", "beat JC 8S")
    assert game["ended"] == "out" and game["loser"] == B


def test_vector_21_draw_against_the_beating_card_played_last():
    game = finish("JC", "QC", "beat JC")
    assert game["ended"] == "draw_rule" and game["loser"] is None
    assert game["top"] == "JC"


def test_vector_22_a_wins_when_the_last_card_is_lower():
    game = finish("JC", "9C", "beat JC")
    assert game["ended"] == "out" and game["loser"] == B


def test_sample_flow():
    """A leads 9♦; B beats with 7♥ and adds Q♣; A holds no higher club and no spade, so A must pick
    up 3 (Q♣, 7♥, 9♦) and the pile is empty; B leads. The sixes rule is off: with it, B would hand A
    the 6♠ and A would hold a spade."""
    # A: every diamond, six hearts, and the clubs below the queen (no spade, no K♣ or A♣).
    a = "6D 7D 8D 9D 10D JD QD KD AD 8H 9H 10H JH QH KH 6C 7C 8C"
    b = "7H QC"
    table = two_player_table(hands={A: a, B: b}, options={"pass_sixes": False})
    assert table.hand(A) == sorted(a.split(), key=G.ORDER.__getitem__)
    table.act(A, "lead 9D")
    table.act(B, "beat 7H QC")
    assert table.pile == ["9D", "7H", "QC"]
    assert table.actions(A) == ["pick_up 3"]  # no beat: the pick-up is forced
    events = table.act(A, "pick_up")
    assert events == ["Ann picks up 3 cards: Q♣, 7♥ and 9♦."]
    assert table.pile == []
    assert {"QC", "7H", "9D"} <= set(table.hand(A))
    assert table.state.turn == B
    assert table.actions(B) == [f"lead {c}" for c in table.hand(B)]


def test_beating_relation_doc_examples():
    """The examples in the docstrings of `beats` and `pickup_count` (§2.7, §2.15) run as doctests."""
    failures, tried = doctest.testmod(G, verbose=False)
    assert tried >= 7 and failures == 0


@pytest.mark.parametrize("trump", G.SUITS)
def test_beating_relation_matches_its_definition_for_every_pair(trump):
    """§2.7 exactly, for every card, top card and trump suit."""
    for x in G.DECK:
        for y in G.DECK:
            if x == y:
                continue
            higher_same = x[-1] == y[-1] and G.RANKS.index(x[:-1]) > G.RANKS.index(y[:-1])
            own_trump = x[-1] == trump and y[-1] != trump
            assert G.beats(x, y, trump) is (higher_same or own_trump), (x, y, trump)

"""Bad input: every malformed or illegal Own Trumps action gets a clear error naming the problem, and
the game is exactly as it was (checked on the state, and through `pygames_wasm.api.call` on the record
and the views)."""

import pytest
from own_trumps_helpers import Table, two_player_table

from pygames_wasm import api

A, B = 0, 1


@pytest.fixture
def beat_table():
    """B (hearts) to play on the 9♦, holding K♦ 6C 7C; A (spades) holds 7♠ 8♣."""
    table = two_player_table()
    table.arrange({A: "7S 8C", B: "KD 6C 7C"}, pile="9D", turn=B)
    return table


def test_a_beat_without_its_second_card(beat_table):
    assert beat_table.error(B, "beat KD") == (
        "After beating with the K♦ you must add one more card of your choice on top: say which."
    )
    assert beat_table.code(B, {"type": "beat", "card": "KD", "add": None}) == "illegal_action"


def test_a_second_card_that_is_not_in_hand(beat_table):
    assert beat_table.error(B, "beat KD QC") == "You do not hold the Q♣ to add."
    assert beat_table.code(B, "beat KD QC") == "not_in_hand"


def test_the_beating_card_twice(beat_table):
    assert beat_table.error(B, "beat KD KD") == "The card to add must be another card: the K♦ is the one that beats."


def test_a_beating_card_that_is_not_in_hand(beat_table):
    assert beat_table.error(B, "beat QD 6C") == "You do not hold the Q♦."


def test_a_card_that_does_not_beat(beat_table):
    assert beat_table.error(B, "beat 6C 7C") == "6♣ does not beat 9♦: another suit, and clubs are not your trump."
    assert beat_table.code(B, "beat 6C 7C") == "illegal_card"


def test_a_pick_up_count_the_player_chose(beat_table):
    assert beat_table.error(B, {"type": "pick_up", "count": 5}) == (
        "You cannot choose how many cards to pick up: you take 3 (9♦ is not one of your trumps: 3 cards, R8)."
    )
    assert beat_table.error(B, "pick_up 1").startswith("You cannot choose how many cards to pick up: you take 3")
    beat_table.act(B, {"type": "pick_up", "count": 3})  # the count the rules give is fine


def test_a_pick_up_count_on_an_own_trump_ace():
    table = two_player_table()
    table.arrange({A: "7S 8C", B: "6C 7C"}, pile="9C 8D AH", turn=B, rest=A)
    assert table.error(B, "pick_up 5") == (
        "You cannot choose how many cards to pick up: you take 3 (A♥ is the Ace of your trumps: the whole pile, R8)."
    )


def test_a_lead_on_a_pile_that_is_not_empty(beat_table):
    assert beat_table.error(B, "lead 6C") == "The pile is not empty: beat the 9♦ or pick up."


def test_a_beat_or_pick_up_on_an_empty_pile():
    table = two_player_table(hands={A: "9D KD"})
    assert table.error(A, "beat KD 9D") == "The pile is empty: lead any one card."
    assert table.error(A, "pick_up") == "The pile is empty: there is nothing to pick up. Lead any one card."
    assert table.error(A, "lead QC") == "You do not hold the Q♣."


def test_a_trump_suit_already_taken():
    table = Table(players=3, trumps=None)
    table.act(A, "trump H")
    table.act(B, "trump C")
    assert table.error(2, "trump H") == "Hearts are already Ann's trump: choose spades or diamonds."
    assert table.code(2, "trump C") == "illegal_action"


def test_acting_out_of_turn():
    table = Table(players=2, trumps=None)
    assert table.error(B, "trump S") == "It is Ann's turn to choose trumps."
    assert table.code(B, "trump S") == "not_your_turn"
    assert table.error(B, "lead 6C") == "The cards are not dealt yet: Ann is choosing trumps."
    assert table.error(A, "lead 6C") == "Choose your trump suit first: the cards are dealt after that."
    table.act(A, "trump S")
    assert table.error(A, "trump H") == "You have chosen spades; it is Bob's turn to choose trumps."
    table.act(B, "trump H")
    assert table.error(A, "trump D") == "The trumps of this game have been chosen."
    card = table.hand(B)[0]
    assert table.error(B, f"lead {card}") == "It is Ann's turn."
    assert table.code(B, f"lead {card}") == "not_your_turn"


def test_after_the_match_is_over():
    table = two_player_table(options={"match_games": 1})
    table.arrange({A: "AD", B: "6C"}, turn=A, rest=B)
    table.act(A, "lead AD")
    assert table.error(B, "lead 6C") == "The match is over."
    assert table.code(B, "lead 6C") == "game_over"


@pytest.mark.parametrize(
    "action, code, sentence",
    [
        (None, "bad_action", 'An action needs a type, such as {"type": "lead", "card": "9D"}.'),
        (["lead", "9D"], "bad_action", None),
        (
            {"type": "play", "card": "9D"},
            "bad_action",
            "'play' is not an Own Trumps action (trump, lead, beat or pick_up).",
        ),
        ("", "bad_action", None),
        ({"type": "lead"}, "bad_action", 'The card to lead must be a card code such as "9D" or "10H".'),
        (
            {"type": "lead", "card": "1D"},
            "unknown_card",
            "There is no card '1D' in Own Trumps (6 to Ace in four suits).",
        ),
        ({"type": "lead", "card": "9D", "add": "KD"}, "bad_action", "Unexpected field 'add' in a 'lead' action."),
        (
            {"type": "beat", "card": "KD", "add": 7},
            "bad_action",
            'The card to add must be a card code such as "9D" or "10H".',
        ),
        ({"type": "trump", "suit": "X"}, "bad_action", "'X' is not a suit: choose S, H, D or C."),
        ({"type": "pick_up", "count": "3"}, "bad_action", "A pick-up count is a whole number, not '3'."),
        ({"type": "pick_up", "count": True}, "bad_action", "A pick-up count is a whole number, not True."),
        ("beat KD QC 7C", "bad_action", "Too many words for a 'beat' action: 'beat KD QC 7C'."),
        ("pick_up three", "bad_action", "A pick-up count is a whole number, not 'three'."),
        ("lead " + "X" * 80, "unknown_card", None),
    ],
)
def test_malformed_actions(beat_table, action, code, sentence):
    message = beat_table.error(B, action)
    assert beat_table.code(B, action) == code
    if sentence:
        assert message == sentence
    assert len(message) < 160  # input is echoed only in part


@pytest.mark.parametrize("seat", [2, -1, True, "1", None])
def test_a_seat_that_does_not_exist(beat_table, seat):
    assert beat_table.code(seat, "pick_up") == "bad_seats"


def test_every_bad_action_through_the_api_changes_nothing():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    handle = api.call("new_game", {"game": "own_trumps", "seats": seats, "seed": 3, "dealer": 1})["handle"]
    assert "error" not in api.call("act", {"handle": handle, "seat": 0, "action": "trump S"})
    bad = [(0, "trump S"), (1, "trump S"), (0, "lead 6C")]
    for seat, action in bad:
        before = (api.call("save", {"handle": handle}), api.call("view", {"handle": handle, "seat": seat}))
        reply = api.call("act", {"handle": handle, "seat": seat, "action": action})
        assert reply["error"]["message"] and reply["error"]["code"] in ("not_your_turn", "illegal_action")
        assert (api.call("save", {"handle": handle}), api.call("view", {"handle": handle, "seat": seat})) == before
    api.call("act", {"handle": handle, "seat": 1, "action": "trump H"})
    view = api.call("view", {"handle": handle, "seat": 0})["view"]
    card = view["hand"][0]["card"]
    api.call("act", {"handle": handle, "seat": 0, "action": {"type": "lead", "card": card}})
    hand = [c["card"] for c in api.call("view", {"handle": handle, "seat": 1})["view"]["hand"]]
    attempts = [
        {"type": "lead", "card": hand[0]},
        {"type": "pick_up", "count": 7},
        {"type": "beat", "card": "XX"},
        {"type": "beat", "card": hand[0], "add": card},
        "pick_up 0",
        {"type": "trump", "suit": "D"},
    ]
    for action in attempts:
        before = api.call("save", {"handle": handle})
        reply = api.call("act", {"handle": handle, "seat": 1, "action": action})
        assert set(reply) == {"error"} and reply["error"]["message"], (action, reply)
        assert api.call("save", {"handle": handle}) == before
        explained = api.call("explain", {"handle": handle, "seat": 1, "action": action})
        assert explained == {"legal": False, "why": reply["error"]["message"]}
    api.call("close", {"handle": handle})

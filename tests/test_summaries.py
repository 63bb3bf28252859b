""" "Read the table": the API's `read_table` says the whole situation in a few sentences, which the
page reads aloud on request. The engine builds it (like every sentence a player reads), from the
seat's point of view ("you"), and it ends with the last public move. It is made only when asked: no
view carries it."""

from canasta_helpers import table as canasta_table
from conftest import stacked_game
from own_trumps_helpers import two_player_table
from three_up_helpers import table as three_up_table

from pygames_wasm import api
from pygames_wasm.games import own_trumps


def test_ono99_says_the_total_the_turn_what_can_be_played_and_the_others_cards():
    g = stacked_game(
        [["7", "5", "ONO", "REV"], ["1", "2", "3", "4"], ["8", "8", "9", "P2"]],
        draw=["6", "10", "0", "-10", "9"],
        first=0,
    )
    assert g.read_table(0) == (
        "Total 0, play goes clockwise. Your turn: 4 cards in your hand, 3 can be "
        "played. Bob has 4 cards and Cy has 4 cards."
    )
    g.act(0, "play 7")
    assert g.read_table(0) == (
        "Total 7, play goes clockwise. You must draw 1 card. Bob's turn. You hold "
        "3 cards. Bob has 4 cards and Cy has 4 cards. Last move: Ann played Seven: "
        "total 7."
    )
    g.act(0, "draw")
    assert g.read_table(1).startswith(
        "Total 7, play goes clockwise. Your turn: 4 cards in your hand, all can "
        "be played. Ann has 4 cards and Cy has 4 cards. Last move: Ann drew"
    )
    # The public table names everyone and no hand.
    assert g.read_table(None).startswith(
        "Total 7, play goes clockwise. Bob's turn. Ann has 4 cards, Bob has 4 cards and Cy has 4 cards."
    )


def test_every_game_says_who_won_once_it_is_over():
    for game, n in (("ono99", 3), ("canasta", 4), ("three_up", 3), ("own_trumps", 2)):
        handle = api.call(
            "new_game",
            {"game": game, "seed": 5, "options": {}, "seats": [{"name": f"P{i}", "kind": "bot"} for i in range(n)]},
        )["handle"]
        for _ in range(20_000):
            view = api.call("view", {"handle": handle, "seat": None})["view"]
            if view["over"]:
                break
            api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
        assert api.call("read_table", {"handle": handle, "seat": None})["text"].startswith(
            f"The {'match' if game == 'own_trumps' else 'game'} is over. {view['result']['text']}"
        )
        api.call("close", {"handle": handle})


def test_canasta_says_the_score_the_phase_the_pile_the_hands_and_the_melds():
    t = canasta_table(hands={0: "7H 7D 7S KC KD"}, pile="9C")
    assert t.read_table(0) == (
        "Hand 1. Score: North-South 0, East-West 0. Your turn: draw from the stock or take the pile. Discard pile: "
        "1 card, Nine of clubs on top. Stock: 63 cards. You hold 11 cards. East has 11 cards, South has 11 cards "
        "and West has 11 cards. North-South melds: none. East-West melds: none. Last move: The upcard: 9♣."
    )
    t.give(1, "QH QD QS")
    t.pass_turn(0)
    summary = t.read_table(None)
    assert "East's turn. Discard pile: 2 cards" in summary
    assert "North has 11 cards, East has 11 cards, South has 11 cards and West has 11 cards." in summary
    assert "East-West melds: 3 cards of Queens." in summary
    assert summary.endswith(f"Last move: {t.view(None)['events'][-1]['text']}")


def test_three_up_names_face_up_cards_and_counts_the_hidden_ones():
    t = three_up_table(up=["R4 R5 G6", "B5 R6 G7"], hand=["B9 B2 G3", None], n=2, picked=False)
    # While choosing, the others' picks are secret.
    assert t.read_table(1).startswith(
        "Choose three of your cards to lie face up. The pile is empty. Draw "
        "pile: 56 cards. You: 6 in hand; 3 face down. Ann: 6 in hand; 3 face "
        "down."
    )
    t.pick_all()
    assert t.read_table(0).startswith(
        "Your turn. The pile is empty. Draw pile: 56 cards. You: 3 in hand; face up Red 4, Red 5 and Green 6; 3 face "
        "down. Bob: 3 in hand; face up Blue 5, Red 6 and Green 7; 3 face down. Last move: Everyone has chosen."
    )
    t.play(0, "B2")
    assert "Pile: 1 card, Blue 2 on top." in t.read_table(None)


def test_own_trumps_says_the_trumps_the_top_card_and_the_hands():
    t = two_player_table(trumps="")
    assert t.read_table(0).startswith("Game 1 of 3. No trumps chosen yet. Choose your trump suit.")
    assert t.read_table(1).startswith("Game 1 of 3. No trumps chosen yet. Ann chooses a trump suit.")
    t.choose("SH")
    t.arrange({0: "6D 7D KC", 1: "8C 6C"}, pile="QC KD 9D", turn=0, rest=1)
    assert t.read_table(0) == (
        "Game 1 of 3. Trumps: your spades and Bob's hearts. Your turn. On top: Nine of "
        "diamonds, played by Bob, 3 cards in the pile. You hold 3 cards and Bob holds "
        "30 cards."
    )
    assert t.read_table(1).startswith(
        "Game 1 of 3. Trumps: Ann's spades and your hearts. Ann's turn. On top: Nine of diamonds, played by you"
    )


def test_no_view_carries_the_sentences_they_are_made_when_asked():
    """Made with every view, they were a third of a Canasta view's cost, for a button seldom pressed;
    a computer player never reads them."""
    t = two_player_table()
    for brief in (False, True):
        assert "summary" not in own_trumps.view(t.state, 0, brief=brief)
    game = api.call("new_game", {"game": "canasta", "seed": 3, "seats": [{"name": n, "kind": "human"} for n in "ABCD"]})
    for seat in (None, 0, 3):
        assert "summary" not in api.call("view", {"handle": game["handle"], "seat": seat})["view"]
    assert api.call("read_table", {"handle": game["handle"], "seat": 4})["error"]["code"] == "bad_seats"
    api.call("close", {"handle": game["handle"]})

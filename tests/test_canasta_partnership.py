"""Canasta computer players as partners (issue 22): answering "Partner, may I go out?" for the hand
they hold, asking before going out, not going out while the partner holds many cards, and discards
the next opponent cannot take the pile with. Each decision is made from the seat's own view."""

import random

from canasta_helpers import table

from pygames_wasm.bots import canasta_bot
from pygames_wasm.bots.canasta_search import GAME, policy
from pygames_wasm.bots.search import Budget, decide
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import canasta as C

KINGS = "KH KS KD KC KH KS KD"  # a natural canasta: the team may go out


def asking_table(partner_hand: str, options=None):
    """North (seat 0) can go out with three 9s and asks; South (seat 2) holds `partner_hand`."""
    t = table(draw="4C", options={"ask_partner": True} | (options or {}))
    t.give(0, KINGS)
    t.set_hand(0, "9H 9S 9D")
    t.set_hand(2, partner_hand)
    t.act(0, "draw")
    t.act(0, "ask_go_out")
    return t


def answer(t, seat=2) -> bool:
    action = canasta_bot.choose(C.view(t.state, seat, brief=True), None)
    assert action["type"] == "answer"
    return action["yes"]


def test_partner_says_no_when_it_could_lay_down_more_than_going_out_brings():
    # Next turn: three queens, two aces with the wild card, the king on the canasta: 2 x 120 points.
    t = asking_table("QH QS QD AH AS 2C KC 5S")
    assert not answer(t)


def test_partner_says_yes_with_a_big_hand_it_could_not_lay_down_anyway():
    # 135 points of single cards (the old rule said no above 60): waiting would not lay them down,
    # and the opponents' cards are stuck too if the hand ends now.
    t = asking_table("AH QS JD 10C 9C 8H 7D 6C 5S 4H")
    assert C.count(t.state.hands[2]) > 60
    assert answer(t)


def test_partner_says_yes_when_an_opponent_is_nearly_out():
    t = asking_table("QH QS QD AH AS 2C KC 5S")
    t.set_hand(1, "4D 5D 6D")  # East could go out before South plays again: take the bonus now
    assert answer(t)


def test_the_hard_players_playouts_answer_the_same_way():
    for hand, yes in (("QH QS QD AH AS 2C KC 5S", False), ("AH QS JD 10C 9C 8H 7D 6C 5S 4H", True)):
        t = asking_table(hand)
        assert policy(t.state, 2, random.Random(1)) == {"type": "answer", "yes": yes}


def test_a_player_who_could_go_out_asks_first_and_goes_out_after_a_yes():
    t = table(draw="4C", options={"ask_partner": True})
    t.give(0, KINGS)
    t.set_hand(0, "9H 9S 9D")
    t.act(0, "draw")
    view = C.view(t.state, 0, brief=True)
    assert canasta_bot.choose(view, None) == {"type": "ask_go_out"}
    t.act(0, "ask_go_out")
    t.act(2, "answer yes")
    while t.state.hand_no == 1:
        t.act(0, canasta_bot.choose(C.view(t.state, 0, brief=True), None))
    assert t.sheets[-1]["out_seat"] == 0


def going_out_table(partner_hand: str | None, scores=None):
    """North (seat 0) could go out by melding three 9s and discarding the 4♣ drawn."""
    t = table(draw="4C", scores=scores)
    t.give(0, KINGS)
    t.set_hand(0, "9H 9S 9D")
    if partner_hand:
        t.set_hand(2, partner_hand)
    t.act(0, "draw")
    return t


def test_no_going_out_while_the_partner_holds_many_cards():
    heavy = going_out_table(None)  # South holds 11 cards: they would count against the team
    assert canasta_bot.choose(C.view(heavy.state, 0, brief=True), None)["type"] == "discard"
    light = going_out_table("5S 6H")
    assert canasta_bot.choose(C.view(light.state, 0, brief=True), None)["type"] == "meld"


def test_going_out_with_a_heavy_partner_when_an_opponent_is_nearly_out():
    t = going_out_table(None)
    t.set_hand(3, "4D 5D")
    assert canasta_bot.choose(C.view(t.state, 0, brief=True), None)["type"] == "meld"


def test_going_out_with_a_heavy_partner_when_it_wins_the_game():
    t = going_out_table(None, scores=(4800, 1000))
    assert canasta_bot.choose(C.view(t.state, 0, brief=True), None)["type"] == "meld"


def test_a_discard_the_next_opponent_cannot_take_the_pile_with_comes_first():
    """The pile is frozen, so East needs a natural pair of the discard's rank. Six 8s are in East-West's
    meld and one in North's hand: the last 8 cannot make a pair, while the 9 could (a single of the
    same value, which North would otherwise throw first)."""
    t = table(pile="2C 5C", draw="QD")
    t.give(1, "8H 8S 8D 8C 8H 8S")
    t.set_hand(0, "9C 8D QH QS")
    t.act(0, "draw")
    view = C.view(t.state, 0, brief=True)
    assert view["pile"]["frozen"]
    assert canasta_bot.choose(view, None) == {"type": "discard", "card": "8D"}


def test_a_hard_partner_answers_without_imagining_an_asker_who_cannot_go_out():
    """The asker's hand is hidden from the partner, and most deals of it could not go out, yet a yes
    makes it go out: the Hard player answers by the rule instead of searching such deals."""
    for hand, yes in (("QH QS QD AH AS 2C KC 5S", False), ("AH QS JD 10C 9C 8H 7D 6C 5S 4H", True)):
        t = asking_table(hand)
        view = C.view(t.state, 2, brief=True)
        history = [{"seat": 0, "action": {"type": "draw"}}, {"seat": 0, "action": {"type": "ask_go_out"}}]
        assert decide(GAME, view, history, SplitMix64(1), Budget(deals=8)).action == {"type": "answer", "yes": yes}


def test_the_hard_player_weighs_going_out_when_the_normal_player_holds_back():
    t = going_out_table(None)  # South holds 11 cards: the Normal player discards instead
    view = C.view(t.state, 0, brief=True)
    moves = GAME.candidates(view)
    assert moves[0]["type"] == "discard" and {"type": "meld", "melds": [["9S", "9H", "9D"]]} in moves

"""The Hard Canasta player (bots/canasta_search.py): the deals it imagines fit what its seat knows
(the pile it saw built, the cards a player picked up), its playout moves are legal, it takes a
pile worth taking, and with a fixed number of deals it decides the same way every time."""

import random
from collections import Counter

import pytest
from canasta_helpers import table

from pygames_wasm.bots import BOTS
from pygames_wasm.bots.canasta_search import GAME, determinize, policy, seen_this_hand
from pygames_wasm.bots.search import Budget, decide
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import canasta as C


class Recorded:
    """A stacked table whose moves are kept as the public history a bot receives."""

    def __init__(self, **kw):
        self.t = table(**kw)
        self.history = []

    def act(self, seat, action):
        self.history.append({"seat": seat, "action": C.parse_action(action)})
        self.t.act(seat, action)

    def pass_turn(self, seat):
        """Draw, and discard the card drawn."""
        before = Counter(self.t.state.hands[seat])
        self.act(seat, "draw")
        drawn = next(iter(Counter(self.t.state.hands[seat]) - before))
        self.act(seat, f"discard {drawn}")

    def samples(self, seat, n=20):
        view = C.view(self.t.state, seat, brief=True)
        return view, [determinize(view, self.history, random.Random(i)) for i in range(n)]


def picked_up_pile():
    """Seat 1 picks up a pile of six cards with its pair of 9s: the table, and the five cards that
    went into its hand."""
    r = Recorded(hands={0: "9C 4D", 1: "9H 9S"}, pile="5C", draw="8C 7D")
    r.t.give(1, "KH KS KD")  # a team that has melded takes an unfrozen pile with a natural pair
    r.act(0, "draw")
    r.act(0, "discard 4D")
    r.pass_turn(1)
    r.pass_turn(2)
    r.pass_turn(3)
    r.act(0, "draw")
    r.act(0, "discard 9C")
    taken = r.t.state.pile[:-1]
    r.act(1, "take_pile 9H 9S")
    return r, taken


def test_a_pile_picked_up_is_in_the_takers_hand_in_every_deal():
    r, taken = picked_up_pile()
    assert taken[:3] == ["5C", "4D", "7D"] and len(taken) == 5
    discard = next(c for c in r.t.state.hands[1] if c not in taken)
    r.act(1, f"discard {discard}")
    _view, deals = r.samples(2)
    for state in deals:
        assert not Counter(taken) - Counter(state.hands[1])
        assert state.pile == [discard]


def test_cards_played_from_a_picked_up_pile_are_no_longer_placed_there():
    r, taken = picked_up_pile()
    r.act(1, "discard 5C")
    seen = seen_this_hand(C.view(r.t.state, 2, brief=True), r.history)
    assert seen.held[1] == Counter(taken) - Counter(["5C"])
    assert seen.pile == ["5C"]


def test_the_seats_own_hand_stays_and_the_hidden_cards_vary():
    r = Recorded(hands={0: "7H 7S"}, pile="8D")
    view, deals = r.samples(0)
    own = sorted(c["card"] for c in view["hand"])
    assert all(sorted(state.hands[0]) == own for state in deals)
    assert len({tuple(sorted(state.hands[1])) for state in deals}) > 1
    assert len({tuple(state.stock) for state in deals}) > 1


def test_hidden_red_threes_are_dealt_only_to_the_stock():
    r = Recorded(hands={0: "7H"})
    for state in r.samples(0, 30)[1]:
        assert not any(C.is_red_three(c) for hand in state.hands for c in hand)
        C.check_invariants(state)


def test_the_pile_is_rebuilt_from_the_upcards_and_the_discards():
    r = Recorded(hands={0: "4D"}, pile="2C JK 9C", draw="8C")
    r.act(0, "draw")
    r.act(0, "discard 4D")
    view, deals = r.samples(1)
    assert view["upcards"] == ["2C", "JK", "9C"] and view["hand_moves"] == 2
    assert all(state.pile == ["2C", "JK", "9C", "4D"] and state.frozen_by == "2C" for state in deals)


def heuristic_positions(seed, moves=120, options=None):
    """(view, history, rng) of every decision in the first moves of a game of Normal players."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(4)]
    match = Match(C, BOTS["canasta"], C.FIXED_TEAMS | (options or {}), seats, seed)
    out = []
    while len(match.actions) < moves and not match.state.over:
        seat = C.to_act(match.state)
        out.append(match.knowledge(seat))
        match.act(seat, match.bot_move(seat))
    return out


@pytest.mark.parametrize("options", [{}, {"ask_partner": True}])
def test_playout_moves_are_legal(options):
    rng = random.Random(3)
    for view, history, _ in heuristic_positions(4, options=options)[::10]:
        state = determinize(view, history, rng)
        for _ in range(40):
            if state.over:
                break
            seat = C.to_act(state)
            action = policy(state, seat, rng)
            assert C.check(state, seat, C.parse_action(action)) is None, action
            C.apply(state, seat, action)
            C.check_invariants(state)


def test_it_picks_up_a_big_pile_it_can_take():
    # Seat 0 holds a natural pair of 7s; two rounds of discards build an 8-card pile topped by the 7♣.
    r = Recorded(hands={0: "7H 7S", 3: "7C"}, pile="5C", draw="KC QD JD 10D 9D 8D 6D 4D")
    r.t.give(0, "KH KS KD")
    for seat in (0, 1, 2, 3, 0, 1, 2):
        r.pass_turn(seat)
    r.act(3, "draw")
    r.act(3, "discard 7C")
    view = C.view(r.t.state, 0, brief=True)
    assert view["pile"]["count"] == 9 and {"type": "draw"} in view["actions"]
    decision = decide(GAME, view, r.history, SplitMix64(1), Budget(ms=None, deals=20))
    assert decision.action["type"] == "take_pile"


def test_a_fixed_number_of_deals_decides_the_same_way_every_time():
    searched = 0
    for view, history, rng in heuristic_positions(6, moves=40)[::7]:
        seed = rng.next64()
        first = decide(GAME, view, history, SplitMix64(seed), Budget(ms=None, deals=3))
        again = decide(GAME, view, history, SplitMix64(seed), Budget(ms=None, deals=3))
        assert first.tried == again.tried
        searched += first.deals > 0
    assert searched


def test_a_player_who_drew_instead_of_taking_the_pile_is_dealt_no_natural_pair_of_its_top_card():
    r = Recorded(hands={0: "4D 9C", 1: "KH KS KD QH QS QD"}, draw="8C 7D 6D 5D 4C 10D")
    r.act(0, "draw")
    r.act(0, "discard 4D")
    r.act(1, "draw")
    r.act(1, "meld KH KS KD | QH QS QD")  # seat 1's team has melded: a natural pair of 9s would take the pile
    r.act(1, "discard 7D")
    r.pass_turn(2)
    r.pass_turn(3)
    r.act(0, "draw")
    r.act(0, "discard 9C")
    r.pass_turn(1)
    seen = seen_this_hand(C.view(r.t.state, 2, brief=True), r.history)
    assert seen.declined[1] == "9" and seen.declined[0] is None  # team 0 has not melded
    for state in r.samples(2, 40)[1]:
        assert sum(C.rank(c) == "9" for c in state.hands[1]) <= 1


def test_the_view_counts_this_hands_moves_and_shows_its_upcards():
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(4)]
    match = Match(C, BOTS["canasta"], C.FIXED_TEAMS, seats, 8)
    started, hand_no, upcards = 0, 1, list(match.state.pile)
    while hand_no < 3:
        view = C.view(match.state, None)
        assert view["hand_moves"] == len(match.actions) - started and view["upcards"] == upcards
        seat = C.to_act(match.state)
        match.act(seat, match.bot_move(seat))
        if match.state.hand_no != hand_no:
            started, hand_no, upcards = len(match.actions), match.state.hand_no, list(match.state.pile)

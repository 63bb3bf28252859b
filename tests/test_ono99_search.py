"""ONO 99's Hard player (bots/ono99_search.py): its imagined deals keep to what the seat knows, its
playout move is legal, and its search finds the move that wins. The generic checks (every deal fits
the view exactly, fairness, no bot reaches the game) are in test_search.py."""

from collections import Counter
from dataclasses import asdict
from random import Random

import pytest
from conftest import stacked_table

from pygames_wasm.bots import BOTS, ono99_search
from pygames_wasm.bots.ono99_search import GAME, determinize, discarded, duty_passed_over, passed_over, policy, reads
from pygames_wasm.bots.search import Budget, decide
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import ono99

DEALS = Budget(ms=None, deals=8)


def positions(options: dict, players: int, seed: int):
    """(match, seat) before every decision of a game between Normal and Easy players."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal" if i % 2 else "easy"} for i in range(players)]
    match = Match(ono99, BOTS["ono99"], options, seats, seed)
    while not match.state.over and len(match.actions) < 600:
        seat = ono99.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        yield match, seat
        match.act(seat, match.bot_move(seat))


def played(table, plays) -> list:
    """Play each (seat, card) of `plays` at `table`, each followed by the player's draw; returns the
    public history of it, as a bot is given it."""
    history = []
    for seat, card in plays:
        table.play(seat, card)
        history += [
            {"seat": seat, "action": {"type": "play", "card": card}},
            {"seat": seat, "action": {"type": "draw"}},
        ]
    return history


def test_the_view_shows_the_public_facts_a_deal_needs():
    table = stacked_table([["5", "7", "0", "1"], ["2", "3", "4", "6"]])
    view = table.view(0)
    assert view["rules"] | {"deck": view["rules"]["deck_counts"]} == asdict(table.state.opts) | {
        "deck_counts": table.state.opts.deck
    }
    assert view["dealer_seat"] == table.state.dealer
    assert view["played_in_round"] is False
    table.play(0, "5")
    assert table.view(1)["played_in_round"] is True


@pytest.mark.parametrize("options, players", [({}, 2), ({}, 4), ({"version": "1980", "scoring": "points_lowest"}, 3)])
def test_a_deal_keeps_the_seats_hand_the_discard_pile_and_the_laid_down_cards(options, players):
    checked = 0
    for match, seat in positions(options, players, seed=5):
        view, history, _ = match.knowledge(seat)
        world = determinize(view, history, Random(checked))
        state = match.state
        assert Counter(world.hands[seat]) == Counter(state.hands[seat])  # the seat's own hand is never dealt again
        assert world.discard == state.discard  # the last cards played, in order
        assert list(map(Counter, world.laid_down)) == list(map(Counter, state.laid_down))
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        unseen = Counter(world.draw_pile) + sum((Counter(h) for s, h in enumerate(world.hands) if s != seat), Counter())
        assert unseen == Counter(state.draw_pile) + sum(
            (Counter(h) for s, h in enumerate(state.hands) if s != seat), Counter()
        )
        checked += 1
    assert checked > 20


def test_the_discard_pile_is_read_from_the_cards_played():
    history = [
        {"seat": 0, "action": {"type": "play", "card": "7"}},
        {"seat": 0, "action": {"type": "draw"}},
        {"seat": 1, "action": {"type": "discard4"}},
        {"seat": 0, "action": {"type": "bust", "card": "9"}},
    ]
    assert discarded(history) == ["7", "ONO", "ONO", "ONO", "ONO", "9"]


def test_the_other_hands_and_the_draw_pile_vary_between_deals():
    match, seat = next((m, s) for m, s in positions({}, 3, seed=2) if len(m.actions) > 10)
    view, history, _ = match.knowledge(seat)
    deals = {tuple(determinize(view, history, Random(k)).draw_pile[-5:]) for k in range(5)}
    assert len(deals) > 1


@pytest.mark.parametrize(
    "options, players",
    [
        ({}, 3),
        ({"version": "1980"}, 2),
        ({"version": "1980", "scoring": "points_elimination", "ono99_on_zero": True}, 4),
    ],
)
def test_the_playout_move_is_legal(options, players):
    rng = Random(1)
    for match, seat in positions(options, players, seed=3):
        world = determinize(*match.knowledge(seat)[:2], rng)
        assert policy(world, seat, rng) in ono99.legal_actions(world, seat)


def test_the_search_plays_the_card_that_leaves_the_other_player_nothing():
    """Total 90, a deck of fives and one each of the rest: the 8 takes the total to 98, where the
    other player's fives all bust; the 0 leaves 90, a five makes 95, and then every card we hold busts."""
    deck = {"5": 12, "8": 1, "0": 1, "ONO": 2}
    table = stacked_table([["8", "0", "ONO", "ONO"], ["5", "5", "5", "5"]], options={"deck": deck}, total=90)
    decision = decide(GAME, ono99.view(table.state, 0, brief=True), [], SplitMix64(3), DEALS)
    assert decision.action == {"type": "play", "card": "8"}
    assert [(a["card"], mean) for a, _, mean in decision.tried] == [("8", 1.0), ("0", 0.0)]


def test_with_a_number_of_deals_the_choice_is_reproducible():
    match, seat = next(
        (m, s) for m, s in positions({}, 2, seed=9) if m.state.total >= 70 and len(ono99.legal_actions(m.state, s)) > 1
    )
    view, history, _ = match.knowledge(seat)
    first = decide(GAME, view, history, SplitMix64(4), DEALS)
    assert first.tried == decide(GAME, view, history, SplitMix64(4), DEALS).tried
    assert first.deals == 8


def test_a_free_choice_of_card_says_what_the_player_did_not_hold():
    """The Normal player plays its highest number while it can, else its cheapest escape card."""
    opts = ono99.make_options({})
    assert passed_over(opts, 45, "3") == {"4", "5", "6", "7", "8", "9", "10"}
    assert passed_over(opts, 85, "3") == {"4", "5", "6", "7", "8", "9", "10", "P2", "DP"}  # 95 is still safe
    assert passed_over(opts, 60, "HOLD") == {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
    assert passed_over(opts, 90, "DP") == {"P2"}


def test_a_deal_gives_another_player_none_of_the_cards_it_passed_over(monkeypatch):
    """Seat 1 played a 3 on 45 and drew: of its four cards, only the one drawn may be a 4 to 10."""
    table = stacked_table([["5", "0", "REV", "REV"], ["3", "1", "2", "0"]], draw=["9", "-10"], total=40)
    history = played(table, ((0, "5"), (1, "3")))
    view = ono99.view(table.state, 0, brief=True)
    assert reads(view, history, table.state.opts) == {1: [(passed_over(table.state.opts, 45, "3"), 1)]}

    def high_cards(slip: float) -> list[int]:
        monkeypatch.setattr(ono99_search, "SLIP", slip)
        hands = [determinize(view, history, Random(k)).hands[1] for k in range(40)]
        return [sum(card in {"4", "5", "6", "7", "8", "9", "10"} for card in hand) for hand in hands]

    assert max(high_cards(0.0)) <= 1
    assert max(high_cards(1.0)) >= 2  # a player taken to play otherwise: dealt as the cards fall


def test_a_card_held_through_two_free_choices_fits_both(monkeypatch):
    """Seat 1 played a 1 on 45 (so held no 2 to 10), drew, then an 8 on 46 (no 9 or 10), and drew:
    two of its cards were held through both choices, so at most two of its four are a 2 to 8."""
    table = stacked_table([["5", "0", "REV", "REV"], ["1", "8", "0", "0"]], draw=["0", "REV", "0", "REV"], total=40)
    history = played(table, ((0, "5"), (1, "1"), (0, "0"), (1, "8")))
    view = ono99.view(table.state, 0, brief=True)
    opts = table.state.opts
    assert reads(view, history, opts) == {1: [(passed_over(opts, 46, "8"), 1), (passed_over(opts, 45, "1"), 2)]}
    monkeypatch.setattr(ono99_search, "SLIP", 0.0)
    middling = {"2", "3", "4", "5", "6", "7", "8"}
    hands = [determinize(view, history, Random(k)).hands[1] for k in range(60)]
    assert max(sum(card in middling for card in hand) for hand in hands) == 2


def test_the_first_of_two_owed_cards_says_whether_the_player_could_pass_them_on():
    """From 50 the Normal player answers a Play 2 with its cheapest card that passes it on; below
    that, it passes it on only when few of its cards are safe (nothing read), and otherwise chooses
    as freely."""
    opts = ono99.make_options({})
    assert duty_passed_over(opts, 60, "5") == {"P2", "HOLD", "REV"}
    assert duty_passed_over(opts, 85, "REV") == {"P2", "HOLD"}  # Play 2 comes first near the top
    assert duty_passed_over(opts, 60, "P2") == {"HOLD", "REV"}
    assert duty_passed_over(opts, 40, "5") == passed_over(opts, 40, "5") == {"6", "7", "8", "9", "10"}
    assert duty_passed_over(opts, 40, "REV") == set()


def test_a_player_who_owed_two_cards_and_played_two_held_nothing_to_pass_them_on(monkeypatch):
    """Seat 1 owed two cards on 60 and played a 3, then (on 63) a 4: it held no Reverse or Play 2 at
    the first (else it would have passed the duty on), and no 5 to 10 at the second."""
    table = stacked_table([["P2", "0", "0", "0"], ["3", "4", "1", "2"]], draw=["0", "REV", "P2", "0"], total=60)
    history = played(table, ((0, "P2"), (1, "3"), (1, "4")))  # seat 1 owes two: one card, a draw, the other
    assert table.state.total == 67 and ono99.to_act(table.state) == 0
    view = ono99.view(table.state, 0, brief=True)
    opts = table.state.opts
    assert reads(view, history, opts) == {1: [(passed_over(opts, 63, "4"), 1), (duty_passed_over(opts, 60, "3"), 2)]}
    monkeypatch.setattr(ono99_search, "SLIP", 0.0)
    hands = [determinize(view, history, Random(k)).hands[1] for k in range(60)]
    # two cards were held through both choices: neither passes a duty on; the two drawn may
    assert max(sum(card in {"REV", "P2"} for card in hand[:2]) for hand in hands) == 0
    assert max(sum(card in {"REV", "P2"} for card in hand) for hand in hands) == 2


def test_a_play_after_a_free_reverse_is_read_as_free():
    """A Reverse played freely passes no duty on: the next player's card is a free choice."""
    table = stacked_table(
        [["0", "5", "5", "-10"], ["1", "2", "3", "-10"], ["REV", "1", "1", "-10"]], draw=["6", "7", "8", "9"], total=45
    )
    history = played(table, ((0, "0"), (1, "1"), (2, "REV"), (1, "2")))  # after the Reverse, seat 1 is next again
    view = ono99.view(table.state, 0, brief=True)
    opts = table.state.opts
    assert reads(view, history, opts)[1] == [(passed_over(opts, 46, "2"), 1), (passed_over(opts, 45, "1"), 2)]


@pytest.mark.parametrize("players", [2, 4])
def test_every_read_of_normal_players_is_true_of_the_hands_they_held(players):
    """Played by Normal players, every read of every seat's view holds for the real hands: of the
    cards a player held through its choices (all but those drawn since), none is one it passed over
    (so a change to the Normal player's choices that the reads miss fails here)."""
    checked = 0
    for seed in range(12):
        seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(players)]
        match = Match(ono99, BOTS["ono99"], {}, seats, seed)
        while not match.state.over:
            seat = ono99.to_act(match.state)
            assert seat is not None  # a game that is not over waits for somebody
            view, history, _ = match.knowledge(seat)
            for other, choices in reads(view, history, match.state.opts).items():
                hand = match.state.hands[other]
                passed: set[str] = set()
                for passed_then, drawn in choices:  # latest first: a card held longer fits more of them
                    passed |= passed_then
                    assert sum(card not in passed for card in hand) >= len(hand) - drawn, (seed, other, hand, choices)
                    checked += 1
            match.act(seat, match.bot_move(seat))
    assert checked > 1000

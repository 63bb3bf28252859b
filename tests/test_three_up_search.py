"""The Hard 3UP 3DOWN player (bots/three_up_search.py): it deals the cards its seat cannot see
consistently with what the seat saw (a picked-up pile stays in the taker's hand, a player who could
not play holds only lower cards), its playout moves are legal, and its search finds the move that
clearly wins. The generic checks of every game's search are in test_search.py."""

import random
from collections import Counter

from test_three_up_bots import EVERY_OPTION
from test_three_up_rules import mid
from three_up_helpers import NAMES, table

from pygames_wasm.bots import BOTS, three_up_bot
from pygames_wasm.bots import three_up_search as S
from pygames_wasm.bots.search import Budget, decide
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import three_up as T


def samples(t, seat: int, count: int = 30, history=()) -> list:
    view = T.view(t.state, seat, brief=True)
    rng = random.Random(5)
    return [S.determinize(view, list(history), rng) for _ in range(count)]


def picked_up_on_a_nine():
    """Ann plays a 9; Bob, holding only lower cards, picks it up."""
    t = table(hand=["R9 R2 B10", "B2 B3 G3"], first=0)
    t.play(0, "R9")
    t.pickup(1)
    return t


def test_the_view_tells_what_everyone_saw_a_player_take():
    t = picked_up_on_a_nine()
    bob = t.view(0)["players"][1]
    assert [c["card"] for c in bob["seen"]] == ["R9"] and bob["low"] == {"count": 3, "below": 9}
    t.play(0, "R2")
    t.play(1, "B3")  # one of the low cards
    bob = t.view(0)["players"][1]
    assert [c["card"] for c in bob["seen"]] == ["R9"] and bob["low"] == {"count": 2, "below": 9}
    t.play(0, "B10")
    t.pickup(1)
    bob = t.view(0)["players"][1]
    assert [c["card"] for c in bob["seen"]] == ["R2", "B3", "R9", "B10"] and bob["low"] == {"count": 2, "below": 10}


def test_a_seen_pickup_stays_in_the_takers_hand_and_the_rest_is_lower():
    t = picked_up_on_a_nine()
    for state in samples(t, 0):
        assert "R9" in state.hands[1] and len(state.hands[1]) == 4
        rest = list(state.hands[1])
        rest.remove("R9")
        assert all(not T.is_clear(c) and T.number(c) < 9 for c in rest)
        assert sorted(state.hands[0]) == t.hand(0) and state.up == t.state.up  # never dealt again


def test_the_unseen_cards_vary_and_the_view_is_the_seats():
    t = picked_up_on_a_nine()
    view = T.view(t.state, 0, brief=True)
    states = samples(t, 0)
    assert len({tuple(sorted(s.hands[1])) for s in states}) > 5
    assert len({tuple(s.draw_pile) for s in states}) == len(states)
    for state in states:
        assert T.view(state, 0, brief=True) == view
        T.check_invariants(state)


def test_a_failed_flip_leaves_a_card_below_the_top_in_the_hand():
    t = mid(hands=["", "B9 B8"], up=["", "R9"], down=["R2 GC", "B1"], pile="G9 B10")
    t.flip(0, 0)  # the R2 cannot go on the 10: Ann takes the pile and the R2
    assert t.view(1)["players"][0]["low"] == {"count": 1, "below": 10}
    hands = [Counter(s.hands[0]) for s in samples(t, 1)]
    assert all(h["G9"] == h["B10"] == 1 and h["GC"] == 0 and len(list(h.elements())) == 3 for h in hands)
    assert {c for h in hands for c in h} == {"G9", "B10", "R2", "B1"}  # Bob does not know his own face-down B1


def test_picks_are_hidden_from_the_others_in_the_history():
    pick = {"type": "pick", "cards": ["R9", "B9", "GC"]}
    assert T.public_action(pick, 0, 1) == {"type": "pick"}
    assert T.public_action(pick, 0, 0) == pick
    t = table(picked=False, n=3)
    t.act(0, {"type": "pick", "cards": t.ups[0][0]})
    view = T.view(t.state, 1, brief=True)
    for state in samples(t, 1, 10):  # Ann's picks are dealt, as Ann would pick them, from what Bob cannot see
        assert len(state.up[0]) == 3 and len(state.hands[0]) == 3
        assert T.view(state, 1, brief=True) == view


def every_position(options: dict, kinds: list, seed: int):
    """A bot game's positions, one per action: the match and the seat to act."""
    seats = [{"name": NAMES[i], "kind": "bot", "bot": k} for i, k in enumerate(kinds)]
    match = Match(T, BOTS["three_up"], options, seats, seed)
    while not match.state.over:
        seat = T.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        yield match, seat
        match.act(seat, match.bot_move(seat))


def test_every_option_every_seat_samples_fit_the_view_and_the_policy_is_legal():
    rng = random.Random(1)
    for step, (match, _seat) in enumerate(every_position(EVERY_OPTION, ["normal", "random", "normal"], 3)):
        if step % 3:
            continue
        for viewer in range(3):
            view = T.view(match.state, viewer, brief=True)
            state = S.determinize(view, match.history(viewer), rng)
            assert T.view(state, viewer, brief=True) == view
            T.check_invariants(state)
        mover = T.to_act(state)
        assert T.check(state, mover, T.parse_action(S.policy(state, mover, rng))) is None


def test_playouts_run_to_the_end_with_legal_moves():
    rng = random.Random(2)
    for step, (match, seat) in enumerate(every_position({}, ["normal", "normal"], 8)):
        if step % 10:
            continue
        state = S.determinize(T.view(match.state, seat, brief=True), match.history(seat), rng)
        while not state.over:
            mover = T.to_act(state)
            T.apply(state, mover, S.policy(state, mover, rng))  # checked, unlike in the search
        assert state.winners is not None


def test_the_search_passes_a_high_card_that_the_last_card_cannot_beat():
    """Ann holds a 3 and an 8; Bob's last card is the only one she cannot see (every other card is
    out of the game), a 5. The 3 (the Normal player's lowest card) lets Bob go out; the 8 makes him
    pick it up, and Ann's 3 goes out next."""
    t = mid(hands=["R3 R8", "B5"])
    view = T.view(t.state, 0, brief=True)
    decision = decide(S.GAME, view, [], SplitMix64(1), Budget(ms=None, deals=4))
    assert decision.action == {"type": "play", "cards": ["R8"]}
    assert decision.tried[0][2] == 1.0 and decision.tried[1][2] == 0.0


def test_candidates_keep_one_action_per_effect():
    t = mid(hands=["R7 B7 G9", "B5"], up=["", ""], down=["", ""])
    view = T.view(t.state, 0, brief=True)
    assert len(view["actions"]) == 4  # R7, B7, R7 B7, G9
    assert [T.action_text(a) for a in S.candidates(view)] == ["play R7", "play R7 B7", "play G9"]
    t = mid(hands=["", "B5"], up=["", ""], down=["R2 R3 R4", ""])
    assert len(S.candidates(T.view(t.state, 0, brief=True))) == 1  # three unknown face-down cards


def test_a_deals_only_budget_decides_the_same_every_time():
    t = mid(hands=["R3 R5 R8 GC", "B4 B6 G7"], up=["G9", "B9"], down=["R2", "B2"])
    view = T.view(t.state, 0, brief=True)
    first, again = (decide(S.GAME, view, [], SplitMix64(9), Budget(ms=None, deals=6)) for _ in range(2))
    assert first.tried == again.tried and first.deals == 6
    assert len(first.tried) == 4  # R3, R5, R8, the Clear


def test_while_the_draw_pile_is_long_hard_plays_as_normal():
    t = picked_up_on_a_nine()
    view = T.view(t.state, 0, brief=True)
    assert view["draw_count"] > S.EARLY
    assert S.candidates(view) == [three_up_bot.choose(view, None)]


def test_clone_is_independent():
    state = S.determinize(T.view(picked_up_on_a_nine().state, 0, brief=True), [], random.Random(3))
    copy = S.clone(state)
    T.apply(copy, 0, T.legal_actions(copy, 0)[0])
    assert copy.pile != state.pile or copy.hands != state.hands
    assert state.rng.position() == S.clone(state).rng.position()

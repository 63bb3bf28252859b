"""Canasta property tests (Hypothesis): random games with random options and random actions.

After every action: the engine's invariants hold (the 108 cards are conserved, melds are valid,
each team's score is the sum of its sheets and each sheet the sum of its parts), somebody can act
unless the game is over, every listed action is legal, and a view shows no hidden card: it holds only
its own hand and does not change when the other hands and the stock are dealt differently. Random
melds composed from the hand are either applied or refused with a reason and no change. Every hand
ends within a bound, and so does every game (to a small target).
"""

from collections import Counter

from canasta_helpers import NAMES, try_action
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from e2e.soak import examples
from pygames_wasm.core import NO_SETUP, Rng, game_rng
from pygames_wasm.core.match import explain
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import canasta as C

MAX_HAND_ACTIONS = 1500  # a hand: at most ~64 draws per seat plus melds, pile pick-ups and discards
SETTINGS = settings(max_examples=examples(40, 160), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw):
    options = {
        "wild_ratio": draw(st.sampled_from(["standard", "literal", "no_outnumber"])),
        "black_three_freezes": draw(st.booleans()),
        "concealed_min_only_if_pile": draw(st.booleans()),
        "ask_partner": draw(st.booleans()),
        "partnership_draw": draw(st.sampled_from(["partners", "first_player", "off"])),
        "target": draw(st.sampled_from([500, 1000])),
        "hand_limit": draw(st.sampled_from([5, 30])),
    }
    return options, draw(st.one_of(st.integers(0, 2**32 - 1), st.binary(min_size=16, max_size=16).map(bytes.hex)))


def check_view_hides_cards(state, seat, rng: Rng) -> None:
    view = C.view(state, seat)
    if seat is None:
        assert view["hand"] is None and view["actions"] == []
    else:
        assert Counter(h["card"] for h in view["hand"]) == Counter(state.hands[seat])
    for line in view["players"]:
        assert line["hand_count"] == len(state.hands[line["seat"]])
    # Non-interference: deal the hidden cards (other hands, the stock) differently: the same view.
    hands, stock = [list(h) for h in state.hands], list(state.stock)
    hidden = [c for s in range(4) if s != seat for c in state.hands[s]] + state.stock
    rng.shuffle(hidden)
    for s in range(4):
        if s != seat:
            state.hands[s] = [hidden.pop() for _ in hands[s]]
    state.stock = hidden
    try:
        assert C.view(state, seat) == view, f"the view of seat {seat} shows hidden cards"
    finally:
        state.hands, state.stock = hands, stock


def random_composed(state, seat, rng: Rng) -> dict:
    """A meld or addition composed from random hand cards (legal or not)."""
    hand = state.hands[seat]
    picks = [hand[rng.below(len(hand))] for _ in range(1 + rng.below(4))] if hand else ["AS"]
    if rng.below(2) and state.melds[C.team_of(state, seat)]:
        target = rng.choice(sorted(state.melds[C.team_of(state, seat)]))
        return {"type": "add", "meld": target, "cards": picks}
    return {"type": "meld", "melds": [picks]}


def play_out(options: dict, seed: int, check_views_every: int = 3):
    opts = C.make_options(options)
    state = C.new_state(opts, NAMES, game_rng(seed), NO_SETUP)
    rng = SplitMix64(77 if isinstance(seed, str) else seed * 1000 + 77)
    C.check_invariants(state)
    steps, hand_steps, hand_no = 0, 0, state.hand_no
    while not state.over:
        seat = C.to_act(state)
        assert seat is not None  # a game that is not over waits for somebody
        legal = C.legal_actions(state, seat)
        assert legal, "nobody can act, but the game is not over"
        for other in range(4):
            if other not in C.waiting_for(state):
                assert C.legal_actions(state, other) == []
        if steps % 5 == 0:
            for action in legal:
                assert explain(C, state, seat, action) is None, action
        if state.phase == "play" and rng.below(4) == 0:
            try_action(state, seat, random_composed(state, seat, rng))
        else:
            C.apply(state, seat, rng.choice(legal))
        C.check_invariants(state)
        steps += 1
        if state.hand_no != hand_no:
            hand_no, hand_steps = state.hand_no, 0
        hand_steps += 1
        assert hand_steps < MAX_HAND_ACTIONS, "a hand does not end"
        if steps % check_views_every == 0:
            viewer = rng.below(5)
            check_view_hides_cards(state, None if viewer == 4 else viewer, rng)
    assert all(C.legal_actions(state, s) == [] for s in range(4))
    return state


@SETTINGS
@given(games())
def test_random_games_keep_the_invariants_and_hide_cards(game):
    options, seed = game
    state = play_out(options, seed)
    teams = [sorted(t) for t in C.teams(state)]
    assert state.winners in teams or (state.winners == [0, 1, 2, 3] and state.scores[0] == state.scores[1])
    assert max(state.scores) >= options["target"] or state.hand_no == options["hand_limit"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_same_seed_and_actions_give_the_same_game(seed):
    opts = C.make_options({"target": 500})
    state = C.new_state(opts, NAMES, game_rng(seed), NO_SETUP)
    rng = SplitMix64(seed)
    taken = []
    while not state.over and len(taken) < 400:
        seat = C.to_act(state)
        assert seat is not None  # a game that is not over waits for somebody
        action = rng.choice(C.legal_actions(state, seat))
        C.apply(state, seat, action)
        taken.append((seat, C.action_text(action)))
    again = C.new_state(opts, NAMES, game_rng(seed), NO_SETUP)
    for seat, text in taken:  # the string forms replay the game
        C.apply(again, seat, text)
    assert [C.view(again, s) for s in (None, 0, 1, 2, 3)] == [C.view(state, s) for s in (None, 0, 1, 2, 3)]


@SETTINGS
@given(st.lists(st.sampled_from([c for c in C.DECK if not C.is_red_three(c)]), max_size=20), st.booleans())
def test_a_hands_suggested_melds_are_valid_under_every_option_and_in_display_order(hand, exclude_some):
    # hand_melds lists its melds without checking them (it builds only valid ones): this is the check.
    exclude = {C.rank(c) for c in hand[:3]} if exclude_some else set()
    melds = C.hand_melds(hand, exclude)
    assert not Counter(c for m in melds for c in m) - Counter(hand), "a meld uses a card the hand lacks"
    for ratio in ("standard", "literal", "no_outnumber"):
        opts = C.make_options({"wild_ratio": ratio})
        assert all(C.meld_block(opts, m) is None for m in melds), (ratio, melds)
    assert all(m == C.sorted_cards(m) and C.meld_rank(m) not in exclude for m in melds)

"""3UP 3DOWN property tests (Hypothesis): random games at 2-6 seats with random options and random
actions. After every action the engine's invariants hold, and they include the view checks: cards
conserved over hands, face-up, face-down, draw pile, pile and removed cards; the public view does not
change when every hidden card is dealt again differently (no event names a flipped card that went
back to a hand); a seat's view is the public view plus its own cards. Every listed action is legal,
seats not asked have none, random plays composed from the hand are applied or refused with the same
reason as `explain` and no change, every game ends, and the same actions replay the same game.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from three_up_helpers import NAMES, try_action

from e2e.soak import examples
from pygames_wasm.core import NO_SETUP, Rng, game_rng
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import three_up as T

SETTINGS = settings(max_examples=examples(12, 50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
COLOURS_FOR = {
    2: ["RBG", "RG", "RB", "G", "R"],
    3: ["RBG", "RG", "BG"],
    4: ["RBG", "RG", "RB"],
    5: ["RBG", "RG"],
    6: ["RBG"],
}


@st.composite
def games(draw):
    n = draw(st.integers(2, 6))
    options = {
        "colours": draw(st.sampled_from(COLOURS_FOR[n])),
        "first_player": draw(st.sampled_from(["left_of_dealer", "random"])),
        "mix_zones": draw(st.booleans()),
        "failed_flip": draw(st.sampled_from(["hand", "back"])),
        "refill_after_clear": draw(st.booleans()),
        "followup_draws": draw(st.sampled_from(["each", "one"])),
        "empty_followup": draw(st.sampled_from(["draw", "forfeit"])),
        "clear_followup": draw(st.sampled_from(["ends_turn", "counts"])),
        "nested_clear": draw(st.sampled_from(["adds", "replaces"])),
        "triple_followup": draw(st.sampled_from(["ends_turn", "continue"])),
        "triple_across": draw(st.booleans()),
        "placings": draw(st.booleans()),
        "draw_instead": draw(st.booleans()),
        "ones_reverse": draw(st.booleans()),
        "reverse_per": draw(st.sampled_from(["play", "card"])),
        "scoring": draw(st.booleans()),
        "rounds": draw(st.integers(1, 2)),
        "score_zones": draw(st.sampled_from(["hand", "all"])),
        "pile_switch": draw(st.sampled_from(["off", "any", "nobody_keeps"])),
        "trading": draw(st.booleans()),
        "trade_limit": draw(st.sampled_from([T.NO_LIMIT, 1, 2, 3])),
        "four_colour": draw(st.booleans()),
        "four_colour_on_triple": draw(st.booleans()),
        "turn_limit": draw(st.sampled_from([100, 300])),
    }
    seed = draw(st.one_of(st.integers(0, 2**32 - 1), st.binary(min_size=16, max_size=16).map(bytes.hex)))
    return n, options, seed


def composed_play(state, seat, rng: Rng) -> dict:
    """A play of one to three cards from the seat's hand and face-up cards (legal or not)."""
    pool = state.hands[seat] + state.up[seat] or ["R5"]
    return {"type": "play", "cards": [pool[rng.below(len(pool))] for _ in range(1 + rng.below(3))]}


def play_out(n: int, options: dict, seed) -> tuple:
    opts = T.make_options(options)
    state = T.new_state(opts, NAMES[:n], game_rng(seed), NO_SETUP)
    rng = SplitMix64(hash(str(seed)) & 0xFFFFFFFF)
    T.check_invariants(state)
    # Random trading (no limit) ends when "done" comes up: it is one of the listed actions every time.
    taken: list[tuple[int, str]] = []
    limit = opts.round_count * (opts.turn_limit * 8 + 200 + (400 * n if opts.trading else 0))
    while not state.over:
        waiting = T.waiting_for(state)
        assert waiting, "nobody can act, but the game is not over"
        seat = waiting[rng.below(len(waiting))]
        legal = T.legal_actions(state, seat)
        assert legal, "a seat that is waited for has nothing to do"
        for other in set(range(n)) - set(waiting):
            assert T.legal_actions(state, other) == []
        if len(taken) % 7 == 0:
            for action in legal:
                assert T.check(state, seat, action) is None, action
        if state.phase in ("play", "follow") and rng.below(5) == 0:
            action = composed_play(state, seat, rng)
            if not try_action(state, seat, action):
                continue
        else:
            action = rng.choice(legal)
            T.apply(state, seat, action)
        taken.append((seat, T.action_text(action)))
        T.check_invariants(state)
        assert len(taken) < limit, "the game does not end"
    return opts, state, taken


@SETTINGS
@given(games())
def test_random_games_keep_the_invariants_and_end(game):
    n, options, seed = game
    opts, state, _taken = play_out(n, options, seed)
    assert state.round == opts.round_count
    if state.winners:
        assert all(0 <= s < n for s in state.winners)
    else:
        assert not opts.scoring and state.turns > opts.turn_limit
    assert all(T.legal_actions(state, s) == [] for s in range(n))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_the_same_actions_replay_the_same_game(game):
    n, options, seed = game
    opts, state, taken = play_out(n, options, seed)
    again = T.new_state(opts, NAMES[:n], game_rng(seed), NO_SETUP)
    for seat, text in taken:  # the string forms replay the game
        T.apply(again, seat, text)
    assert [T.view(again, s) for s in (None, *range(n))] == [T.view(state, s) for s in (None, *range(n))]

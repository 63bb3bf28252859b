"""Own Trumps property tests (Hypothesis): many random games at every seat count with random options.

After every action the engine's invariants hold (the 36 cards are conserved, the tally is the games,
the players out are those without cards, the views handed out name no hidden card); every listed
action is legal and every other action tried is refused with its reason and no change; a view does
not change when the hidden cards are dealt differently (non-interference); every game ends, by the
rules or by the safeguard; and the same record replays the same match.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from own_trumps_helpers import NAMES, try_action

from e2e.soak import examples
from pygames_wasm.core import NO_SETUP, Rng, game_rng
from pygames_wasm.core.match import explain
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import own_trumps as G

SETTINGS = settings(max_examples=examples(15, 60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def matches(draw):
    options = {
        "pass_sixes": draw(st.booleans()),
        "voluntary_pickup": draw(st.booleans()),
        "allow_same_trump": draw(st.booleans()),
        "repetition_draw": draw(st.booleans()),
        "turn_limit": 100,
        "match_games": draw(st.integers(1, 2)),
    }
    players = draw(st.integers(2, 4))
    seed = draw(st.one_of(st.integers(0, 2**32 - 1), st.binary(min_size=16, max_size=16).map(bytes.hex)))
    return options, players, seed


def check_view_hides_cards(state, seat, rng: Rng) -> None:
    """Deal every hidden card (in the other hands, not publicly known) differently: the view of
    `seat` must not change."""
    view = G.view(state, seat)
    hands = [list(h) for h in state.hands]
    hidden = [c for s in range(state.n) if s != seat for c in state.hands[s] if c not in state.known[s]]
    rng.shuffle(hidden)
    for s in range(state.n):
        if s != seat:
            secret = sum(1 for c in state.hands[s] if c not in state.known[s])
            state.hands[s] = sorted(state.known[s]) + [hidden.pop() for _ in range(secret)]
    try:
        assert G.view(state, seat) == view, f"the view of seat {seat} shows hidden cards"
    finally:
        state.hands = hands


def random_action(state, seat, rng: Rng) -> dict:
    """Any action at all, most of them illegal: a card from anywhere, a beat with any two cards, a
    pick-up with a count, a trump choice."""
    cards = list(G.DECK)
    kind = rng.choice(["trump", "lead", "beat", "pick_up"])
    if kind == "trump":
        return {"type": "trump", "suit": rng.choice(G.SUITS)}
    if kind == "pick_up":
        return {"type": "pick_up", "count": rng.below(8)} if rng.below(2) else {"type": "pick_up"}
    card = rng.choice(state.hands[seat] or cards) if rng.below(2) else rng.choice(cards)
    if kind == "lead":
        return {"type": "lead", "card": card}
    return {"type": "beat", "card": card, "add": rng.choice(cards)} if rng.below(4) else {"type": "beat", "card": card}


def play_out(options: dict, players: int, seed) -> tuple:
    opts = G.make_options(options)
    state = G.new_state(opts, NAMES[:players], game_rng(seed), NO_SETUP)
    rng = SplitMix64(99 if isinstance(seed, str) else seed + 99)
    G.check_invariants(state)
    taken, steps = [], 0
    bound = opts.match_games * (opts.turn_limit + players + 1)  # every game ends by the turn limit at the latest
    while not state.over:
        seat = G.to_act(state)
        assert seat is not None  # a game that is not over waits for somebody
        legal = G.legal_actions(state, seat)
        assert legal, "nobody can act, but the match is not over"
        assert all(G.legal_actions(state, s) == [] for s in range(players) if s != seat)
        if steps % 7 == 0:
            for action in legal:
                assert explain(G, state, seat, action) is None, action
        if rng.below(3) == 0:
            other = rng.below(players)
            attempt = random_action(state, other, rng)
            if try_action(G, state, other, attempt):
                taken.append((other, G.action_text(G.parse_action(attempt))))
                G.check_invariants(state)
                continue
        action = rng.choice(legal)
        G.apply(state, seat, action)
        taken.append((seat, G.action_text(action)))
        G.check_invariants(state)
        steps += 1
        assert steps <= bound, "a match does not end"
        if steps % 5 == 0:
            viewer = rng.below(players + 1)
            check_view_hides_cards(state, None if viewer == players else viewer, rng)
    assert all(G.legal_actions(state, s) == [] for s in range(players))
    return state, taken


@SETTINGS
@given(matches())
def test_random_matches_keep_the_invariants_hide_cards_and_end(match):
    options, players, seed = match
    state, _ = play_out(options, players, seed)
    assert len(state.games) == options["match_games"]
    for game in state.games:
        assert game["ended"] in ("out", "draw_rule", "repetition", "turn_limit")
        assert game["turns"] <= options["turn_limit"]
        if game["ended"] == "repetition":
            assert options["repetition_draw"]
    fewest = min(state.losses)
    assert state.winners == [s for s in range(players) if state.losses[s] == fewest]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_the_same_record_replays_the_same_match(match):
    options, players, seed = match
    state, taken = play_out(options, players, seed)
    again = G.new_state(G.make_options(options), NAMES[:players], game_rng(seed), NO_SETUP)
    for seat, text in taken:  # the string forms replay the match
        G.apply(again, seat, text)
    assert [G.view(again, s) for s in [None, *range(players)]] == [G.view(state, s) for s in [None, *range(players)]]
    assert again.games == state.games

"""Property tests (Hypothesis): random games with random options and random legal actions.

After every action: the engine's invariants hold (cards conserved, the total's floor and the bust
rule, hand sizes, a live turn), somebody can act unless the game is over, and no view shows a card
its seat may not see: a view holds only its own hand, does not change when the other hands and the
pile are dealt differently, and after an action played from a pile in another order, everyone but
the actor sees exactly the same (so neither views nor events reveal a drawn card). Every game ends
within a bound, an illegal action changes nothing, and the same seed with the same actions gives
the same game (also through a saved record).
"""

import copy
import json

from conftest import NAMES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from statekit import state_snapshot

from e2e.soak import examples
from pygames_wasm import api
from pygames_wasm.core import NO_SETUP, GameError, Rng, game_rng
from pygames_wasm.core.game import Move
from pygames_wasm.core.i18n import rendered
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import ono99

PLAYER_LINE_KEYS = {"seat", "name", "status", "hand_count", "laid_down", "tokens", "score", "missing_cards"}
MAX_ACTIONS = 6000  # far above the longest game seen (see test_games_end_within_the_bound)
SETTINGS = settings(max_examples=examples(50, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw):
    """(options, number of players, seed) for a random game of either version."""
    version = draw(st.sampled_from(["2022", "1980"]))
    options = {
        "version": version,
        "bust_at_99": draw(st.booleans()),
        "minus10_floor": draw(st.booleans()),
        "reverse_deflects_in_2p": draw(st.booleans()),
        "first_play_number": draw(st.booleans()),
    }
    if version == "2022":
        options["four_ono_discard"] = draw(st.sampled_from(["on_turn", "free_swap", "off"]))
    else:
        options.update(
            {
                "ono99_on_zero": draw(st.booleans()),
                "draw_speed_penalty": draw(st.booleans()),
                "scoring": draw(st.sampled_from(["tokens", "points_elimination", "points_lowest"])),
                "tokens": draw(st.integers(0, 3)),
                "target_points": draw(st.integers(25, 150)),
                "bust_total_after": draw(st.sampled_from(["revert", "keep", "reset"])),
                "tie_rule": draw(st.sampled_from(["share", "play_on"])),
                "next_round_starter": draw(st.sampled_from(["rotate", "loser"])),
            }
        )
    return options, draw(st.integers(2, 8)), draw(st.integers(0, 2**32 - 1))  # A3: 2 to 8 in either version


def actors(state) -> list:
    """Every seat with something to do now, and what."""
    out = []
    for seat in range(state.n):
        actions = ono99.legal_actions(state, seat)
        if actions:
            out.append((seat, actions))
    return out


def check_views_hide_hands(state, rng: Rng) -> None:
    """A view holds only its own seat's hand, and does not change when the hidden cards do."""
    pick = rng.below(state.n + 1)
    seat = None if pick == state.n else pick
    view = ono99.view(state, seat)
    for line in view["players"]:
        assert set(line) == PLAYER_LINE_KEYS
        assert line["hand_count"] == len(state.hands[line["seat"]])
    if seat is None:
        assert view["hand"] is None and view["actions"] == []
    else:
        assert sorted(h["card"] for h in view["hand"]) == sorted(state.hands[seat])
    # Non-interference: deal the hidden cards (other hands, the draw pile) differently: same view.
    hands, pile = [list(h) for h in state.hands], list(state.draw_pile)
    hidden = [c for s in range(state.n) if s != seat for c in state.hands[s]] + state.draw_pile
    rng.shuffle(hidden)
    for s in range(state.n):
        if s != seat:
            state.hands[s] = [hidden.pop() for _ in hands[s]]
    state.draw_pile = hidden
    try:
        assert ono99.view(state, seat) == view, f"the view of seat {seat} shows hidden cards"
    finally:
        state.hands, state.draw_pile = hands, pile


def check_illegal_action_changes_nothing(state, seat: int, legal: list, rng: Rng) -> None:
    cards = sorted(ono99.CARD_NAMES)
    for _ in range(5):
        action = rng.choice(
            [
                {"type": "play", "card": rng.choice(cards)},
                {"type": "draw"},
                {"type": "lay_down"},
                {"type": "discard4"},
                {"type": "bust", "card": rng.choice(cards)},
            ]
        )
        if action not in legal:
            break
    else:
        return
    before = state_snapshot(state)
    try:
        ono99.apply(state, seat, action)
    except GameError as err:
        assert err.code and err.message
    else:
        raise AssertionError(f"{action} was applied although it is not legal")
    assert state_snapshot(state) == before, f"the illegal {action} changed the game"


def twin_with_another_pile(state, rng: Rng):
    """A copy of the game whose draw pile (unseen by everyone) is in another order."""
    twin = copy.copy(state)
    for key, value in vars(state).items():
        if key != "events":
            setattr(twin, key, copy.deepcopy(value))
    twin.events = list(state.events)  # entries are never changed once logged
    rng.shuffle(twin.draw_pile)
    return twin


def check_same_for_the_others(state, twin, seat: int) -> None:
    """After `seat` acted in both games, nobody else can tell the piles apart (the drawer can)."""
    for other in [None, *range(state.n)]:
        if other != seat:
            assert ono99.view(twin, other) == ono99.view(state, other), (
                f"seat {other} can see which card seat {seat} drew"
            )


def play_out(options: dict, players: int, seed: int, check_every: int = 1):
    """Play a random game to its end; return its state and the actions taken."""
    opts = ono99.make_options(options)
    state = ono99.new_state(opts, NAMES[:players], game_rng(seed), NO_SETUP)
    rng = SplitMix64(seed * 1000 + 99)
    taken: list[Move] = []
    ono99.check_invariants(state)
    while not state.over:
        assert len(taken) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        who = actors(state)
        assert who, "nobody can act, but the game is not over"
        seat, legal = rng.choice(who)
        if len(taken) % 7 == 0:
            check_illegal_action_changes_nothing(state, seat, legal, rng)
        action = rng.choice(legal)
        twin = twin_with_another_pile(state, rng) if len(taken) % 3 == 0 else None
        round_before = state.round
        ono99.apply(state, seat, action)
        if twin is not None and state.round == round_before and not state.over:  # (a round's end shows hands)
            ono99.apply(twin, seat, action)
            check_same_for_the_others(state, twin, seat)
        taken.append({"seat": seat, "action": action})
        ono99.check_invariants(state)
        if len(taken) % check_every == 0:
            check_views_hide_hands(state, rng)
    assert actors(state) == [], "a finished game still offers actions"
    assert state.winners and all(state.status[w] != "eliminated" or opts.points for w in state.winners)
    return state, taken


def all_views(state) -> list:
    return [ono99.view(state, s) for s in [None, *range(state.n)]]


@SETTINGS
@given(games())
def test_random_games_keep_the_invariants_and_hide_hands(game):
    options, players, seed = game
    play_out(options, players, seed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_same_seed_and_actions_give_the_same_game(game):
    options, players, seed = game
    state, taken = play_out(options, players, seed, check_every=10)
    replayed = ono99.new_state(ono99.make_options(options), NAMES[:players], game_rng(seed), NO_SETUP)
    for entry in taken:
        ono99.apply(replayed, entry["seat"], entry["action"])
    assert all_views(replayed) == all_views(state)

    # Through the API: a record with these actions loads to the same views, and round-trips JSON.
    reply = api.call(
        "new_game", {"game": "ono99", "options": options, "seed": seed, "seats": [{"name": n} for n in NAMES[:players]]}
    )
    handle = reply["handle"]
    try:
        record = api.call("save", {"handle": handle})["record"]
        record["actions"] = taken
        loaded = api.call("load", {"record": json.loads(json.dumps(record))})
        assert "handle" in loaded, loaded
        try:
            for seat in [None, *range(players)]:
                view = api.call("view", {"handle": loaded["handle"], "seat": seat})["view"]
                for line in view["players"]:
                    del line["kind"]  # the match adds the seat kind and undo fields to the game's view
                for event in view.get("events", []):
                    event.pop("sound", None)  # and the API the sound an event makes (sounds.py)
                mine = rendered(ono99.view(state, seat))  # the API gives words, the module messages
                assert {k: v for k, v in view.items() if k in mine} == mine
            assert api.call("save", {"handle": loaded["handle"]})["record"]["actions"] == taken
        finally:
            api.call("close", {"handle": loaded["handle"]})
    finally:
        api.call("close", {"handle": handle})


@settings(max_examples=examples(5, 40), deadline=None)
@given(st.sampled_from([("2022", 8), ("1980", 8)]), st.integers(0, 2**32 - 1))
def test_games_end_within_the_bound_at_the_largest_table(version_players, seed):
    version, players = version_players
    state, taken = play_out({"version": version}, players, seed, check_every=25)
    assert state.over and len(taken) < MAX_ACTIONS

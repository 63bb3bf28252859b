"""Hidden information, for every game: nothing a bot receives gives back the deal, and a view is a
copy that no caller can use to change a game."""

import json

import pytest

from pygames_wasm import api
from pygames_wasm.bots import BOTS
from pygames_wasm.core.match import Match
from pygames_wasm.games import GAMES
from statekit import state_snapshot

MASK = (1 << 64) - 1
GAMMA, SALT = 0x9E3779B97F4A7C15, 0xD1B54A32D192ED03


def unxorshift(x: int, shift: int) -> int:
    """Undo x ^= x >> shift."""
    y = x
    for _ in range(64 // shift + 1):
        y = x ^ (y >> shift)
    return y & MASK


def splitmix_state_from_output(out: int) -> int:
    """The SplitMix64 state that produced `out` (the mixing function is a bijection)."""
    z = unxorshift(out, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return unxorshift(z, 30)


def old_fork_attack(first_output: int, move: int, seat: int) -> int:
    """What a bot could do with the old streams (Rng(seed).fork(move, seat)): work back from the first
    number it drew to the match seed, and from the seed to every hidden card."""
    state = (splitmix_state_from_output(first_output) - GAMMA) & MASK  # before the bot's draw
    state = ((state - GAMMA) & MASK) ^ (seat * SALT & MASK)
    return ((state - GAMMA) & MASK) ^ (move * SALT & MASK)


def spy_on(game_id: str, seed) -> list:
    """Play a few bot moves, recording (move number, seat, the first number of the bot's stream)."""
    seen = []
    kinds = {"ono99": 3, "canasta": 4}
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "spy"} for i in range(kinds.get(game_id, 2))]

    def spy(view, history, rng, budget):
        seen.append((len(match.actions), view["seat"], rng.next64()))
        return BOTS[game_id]["random"](view, history, rng, budget)

    match = Match(GAMES[game_id], {**BOTS[game_id], "spy": spy}, {}, seats, seed)
    for _ in range(5):
        seat = GAMES[game_id].to_act(match.state)
        match.act(seat, match.bot_move(seat))
    return seen


def test_the_attack_works_on_the_old_streams():
    """The attack is real: on a stream made the old way it gives back the seed."""
    from pygames_wasm.core.rng import SplitMix64
    seed, move, seat = 123456789, 17, 2
    rng = SplitMix64(seed)
    for salt in (move, seat):
        rng.state = (rng.state ^ (salt * SALT)) & MASK
        rng.next64()
    assert old_fork_attack(rng.next64(), move, seat) == seed


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [123456789, "5e" * 16])
def test_a_bots_random_stream_does_not_give_back_the_seed(game_id, seed):
    for move, seat, first in spy_on(game_id, seed):
        assert old_fork_attack(first, move, seat) != (seed if isinstance(seed, int) else int(seed, 16) & MASK)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bot_streams_differ_by_move_and_seat_and_replay_the_same(game_id):
    first = spy_on(game_id, "5e" * 16)
    assert len({out for _, _, out in first}) == len(first)
    assert spy_on(game_id, "5e" * 16) == first


# --- Views are copies ---------------------------------------------------------------------------------

def vandalise(value) -> None:
    """Change every list and dict inside a view, in place."""
    if isinstance(value, dict):
        for key in list(value):
            vandalise(value[key])
            value[key] = "changed"
        value["extra"] = 1
    elif isinstance(value, list):
        for item in value:
            vandalise(item)
        value.append("changed")


def a_game_with_history(game_id: str) -> str:
    """A game played by bots until its views hold score sheets or round summaries."""
    options = {"ono99": {"version": "1980"}, "canasta": {"target": 500}}.get(game_id, {})
    count = {"ono99": 3, "canasta": 4}.get(game_id, 2)
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "random"} for i in range(count)]
    handle = api.call("new_game", {"game": game_id, "seats": seats, "options": options, "seed": 11})["handle"]
    for _ in range(3000):
        view = api.call("view", {"handle": handle, "seat": None})["view"]
        if view["over"] or view.get("last_round") or view.get("last_hand"):
            break
        api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
    return handle


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_changing_a_view_changes_no_game(game_id):
    handle = a_game_with_history(game_id)
    count = len(api.call("save", {"handle": handle})["record"]["seats"])

    def everything():
        views = [api.call("view", {"handle": handle, "seat": s})["view"] for s in [None, *range(count)]]
        return json.dumps([api.call("save", {"handle": handle}), views], sort_keys=True)

    before = everything()
    assert '"last_round": {' in before or '"last_hand": {' in before or '"over": true' in before
    for seat in [None, *range(count)]:
        vandalise(api.call("view", {"handle": handle, "seat": seat})["view"])
    assert everything() == before


def a_finished_match(game_id: str) -> Match:
    """A match played by Normal bots to its end (small targets), so that its views hold a result."""
    options = {"ono99": {"version": "1980"}, "canasta": {"target": 500, "hand_limit": 5}}.get(game_id, {})
    count = {"ono99": 3, "canasta": 4}.get(game_id, 2)
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(count)]
    match = Match(GAMES[game_id], BOTS[game_id], options, seats, 11)
    while not match.state.over:
        seat = match.module.to_act(match.state)
        match.act(seat, match.bot_move(seat))
    return match


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_changing_what_a_bot_receives_changes_no_game(game_id):
    """A bot's view and history are its own: editing them (a list of cards in an action, a card's name
    that events share) changes neither the game nor its record, nor what another seat is given."""
    match = a_finished_match(game_id)
    moves = len(match.actions)
    for stop in range(5, moves, max(1, moves // 12)):
        match.state = match.replay(match.actions[:stop])
        record = json.dumps(match.actions[:stop])
        seat = match.module.to_act(match.state)
        other = (seat + 1) % len(match.seats)
        before = state_snapshot(match.state), match.history(other)[:], match.module.view(match.state, other, brief=True)
        view, history, _ = match.knowledge(seat)
        vandalise(view)
        vandalise(history)
        after = state_snapshot(match.state), match.history(other)[:], match.module.view(match.state, other, brief=True)
        assert after == before and json.dumps(match.actions[:stop]) == record, stop


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_results_winners_are_a_copy(game_id):
    match = a_finished_match(game_id)
    winners = list(match.state.winners)
    for seat in range(len(match.seats)):
        match.module.view(match.state, seat, brief=True)["result"]["winners"].append(99)
    assert match.state.winners == winners

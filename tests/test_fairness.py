"""Hidden information, for every game: nothing a bot receives gives back the deal, and a view is a
copy that no caller can use to change a game."""

import json
import pickle
import sys
from dataclasses import replace
from random import Random

import pytest
from statekit import state_snapshot

from pygames_wasm import api
from pygames_wasm.bots import BOTS, SEARCH, search
from pygames_wasm.core.match import Match
from pygames_wasm.games import GAMES, canasta

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
        assert seat is not None  # a game that is not over waits for somebody
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
        assert seat is not None  # a game that is not over waits for somebody
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
        assert seat is not None  # a game that is not over waits for somebody
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


# --- Hard decides from what its seat may know: a re-deal in place of the hidden cards changes nothing


def hidden_places(game_id: str, state, seat: int) -> list:
    """Where the cards `seat` cannot see lie: (list, index) pairs of other hands (less the cards
    everyone saw them take), the stock, and face-down cards (less the seat's own that it has seen)."""
    others = [s for s in range(len(state.hands)) if s != seat]

    def hands(known=lambda s: ()):
        places = []
        for s in others:
            shown = list(known(s))
            for i, card in enumerate(state.hands[s]):
                if card in shown:
                    shown.remove(card)
                else:
                    places.append((state.hands[s], i))
        return places

    def whole(cards, stays=lambda card: False):
        return [(cards, i) for i in range(len(cards)) if not stays(cards[i])]

    if game_id == "ono99":
        return hands() + whole(state.draw_pile)
    if game_id == "canasta":
        return hands() + whole(state.stock, stays=canasta.is_red_three)  # a red three never stays in a hand
    if game_id == "three_up":
        down = [
            (state.down[s], i)
            for s in range(len(state.down))
            for i in range(len(state.down[s]))
            if s != seat or not state.known[s][i]
        ]
        return hands(lambda s: state.seen[s]) + down + whole(state.draw_pile)
    if game_id == "own_trumps":
        return hands(lambda s: state.known[s]) + whole(state.undealt)
    raise AssertionError(f"say where {game_id} hides its cards")


def redeal_in_place(game_id: str, state, seat: int, rng: Random) -> list:
    """Deal the cards `seat` cannot see again, in the very lists the game holds (so that anything
    holding the real game sees the new cards); returns the old cards, to put back."""
    places = hidden_places(game_id, state, seat)
    old = [cards[i] for cards, i in places]
    new = old[:]
    rng.shuffle(new)
    for (cards, i), card in zip(places, new):
        cards[i] = card
    return old


def put_back(game_id: str, state, seat: int, old: list) -> None:
    for (cards, i), card in zip(hidden_places(game_id, state, seat), old):
        cards[i] = card


HARD_SEATS = {"ono99": 3, "canasta": 4, "three_up": 2, "own_trumps": 3}


def hard_decision(handle: str, seat: int, deals: int) -> tuple:
    """Hard's move for the seat, and the hint's reason: how each move fared in the imagined deals (a
    finer trace of what the search saw than the move alone)."""
    ask = {"handle": handle, "seat": seat, "deals": deals}
    hint = api.call("hint", ask)
    return api.call("bot_move", ask)["action"], hint["action"], hint["reason"]


def hard_decisions_after_redeals(game_id: str, seed: int = 3, every: int = 6, deals: int = 4) -> list:
    """Play a game of Hard players through the API; every `every` moves, ask the seat to act for its
    decision, re-deal the hidden cards in place in the registered match, ask again (the same stream),
    and put the cards back. The positions where the two decisions differ."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "hard"} for i in range(HARD_SEATS[game_id])]
    handle = api.call("new_game", {"game": game_id, "seats": seats, "seed": seed})["handle"]
    match, rng, differ, compared = api._matches[handle], Random(seed), [], 0
    while not match.state.over and len(match.actions) < 240:
        seat = match.module.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        if len(match.actions) % every == 0:
            before = hard_decision(handle, seat, deals)
            view = match.module.view(match.state, seat)
            old = redeal_in_place(game_id, match.state, seat, rng)
            assert match.module.view(match.state, seat) == view, "the re-deal changed what the seat sees"
            match.module.check_invariants(match.state)
            if hard_decision(handle, seat, deals) != before:
                differ.append(len(match.actions))
            put_back(game_id, match.state, seat, old)
            compared += 1
        assert "error" not in api.call("bot_act", {"handle": handle, "seat": seat, "deals": 1})
    api.call("close", {"handle": handle})
    assert compared >= 8
    return differ


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_decides_the_same_when_the_hidden_cards_are_dealt_again(game_id):
    """Hard reads only its seat's view and history: the real game re-dealt behind its back, in place,
    changes none of its decisions."""
    assert hard_decisions_after_redeals(game_id) == []


def peek_through_the_api(view, history, rng):
    """A cheat: the real game, found in the API's table of open games."""
    return next(
        pickle.loads(pickle.dumps(m.state))
        for m in api._matches.values()
        if view["game"] == m.module.GAME_ID
        and len(m.seats) == len(view["players"])
        and not m.state.over
        and m.module.view(m.state, view["seat"], brief=True) == view
    )


def peek_up_the_stack(view, history, rng):
    """A cheat: the real game, found in a caller's frame."""
    frame = sys._getframe(1)
    while not any(isinstance(value, Match) for value in frame.f_locals.values()):
        frame = frame.f_back
    match = next(value for value in frame.f_locals.values() if isinstance(value, Match))
    return pickle.loads(pickle.dumps(match.state))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("peek", [peek_through_the_api, peek_up_the_stack])
def test_the_fairness_check_catches_a_hard_player_that_peeks(game_id, peek, monkeypatch):
    """The check above can fail: a Hard player whose sampler returns the real hidden cards is caught."""
    cheat = replace(SEARCH[game_id], determinize=peek)
    monkeypatch.setitem(SEARCH, game_id, cheat)  # the hint's search
    monkeypatch.setitem(BOTS[game_id], "hard", search.player(cheat))
    assert hard_decisions_after_redeals(game_id) != []

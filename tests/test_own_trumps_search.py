"""Own Trumps' Hard player (bots/own_trumps_search.py): its imagined deals keep to what the seat knows
(the known cards, what forced pick-ups show), its playout move is legal, its candidates are legal and
few, and its search finds the move that wins. The generic checks are in test_search.py."""

from random import Random

import pytest
from own_trumps_helpers import Table

from pygames_wasm.bots import BOTS, own_trumps_bot
from pygames_wasm.bots.own_trumps_search import GAME, MAX_CANDIDATES, candidates, determinize, policy
from pygames_wasm.bots.search import Budget, decide
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import own_trumps as G

DEALS = Budget(ms=None, deals=4)


def positions(options: dict, players: int, seed: int):
    """(match, seat) before every decision of a match between Normal and Easy players."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal" if i % 2 else "easy"} for i in range(players)]
    match = Match(G, BOTS["own_trumps"], {"match_games": 2} | options, seats, seed)
    while not match.state.over:
        seat = G.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        yield match, seat
        match.act(seat, match.bot_move(seat))


def test_heads_up_the_other_hand_is_known_exactly_after_the_deal():
    worlds = 0
    for match, seat in positions({}, 2, seed=1):
        world = determinize(*match.knowledge(seat)[:2], Random(worlds))
        if match.state.phase == "play":
            assert [sorted(h) for h in world.hands] == [sorted(h) for h in match.state.hands]
            worlds += 1
        else:
            assert world.undealt == list(G.DECK) and not any(world.hands)  # before the deal
    assert worlds > 20


@pytest.mark.parametrize("players", [3, 4])
def test_known_cards_stay_with_their_holders_and_the_seats_hand_is_its_own(players):
    checked = 0
    for match, seat in positions({}, players, seed=2):
        if match.state.phase != "play":
            continue
        world = determinize(*match.knowledge(seat)[:2], Random(checked))
        assert sorted(world.hands[seat]) == sorted(match.state.hands[seat])
        for s in range(players):
            assert match.state.known[s] <= set(world.hands[s])
            assert len(world.hands[s]) == len(match.state.hands[s])
        checked += 1
    assert checked > 20


def test_a_player_who_had_to_pick_up_holds_no_hidden_card_that_beats_that_card():
    """With picking up at will off, a pick-up shows the player could not beat the top card, and a
    hidden card has been in that hand since the deal."""
    checked = 0
    for match, seat in positions({"voluntary_pickup": False}, 3, seed=4):
        if match.state.phase != "play":
            continue
        view, history, _ = match.knowledge(seat)
        game_moves = history[max(i for i, e in enumerate(history) if e["action"]["type"] == "trump") + 1 :]
        pickups = [e for e in game_moves if e["action"]["type"] == "pick_up" and e["seat"] != seat]
        if not pickups:
            continue
        for k in range(3):
            world = determinize(view, history, Random(k))
            for entry in pickups:
                picker = entry["seat"]
                top = top_when(game_moves, entry)
                hidden = set(world.hands[picker]) - world.known[picker]
                assert not any(G.beats(c, top, world.trumps[picker]) for c in hidden), (picker, top)
                checked += 1
    assert checked > 10


def top_when(moves: list, pickup: dict) -> str:
    """The top card a pick-up was made from, replaying the pile of this game's moves."""
    pile: list[str] = []
    for entry in moves:
        action = entry["action"]
        if entry is pickup:
            return pile[-1]
        if action["type"] == "pick_up":
            del pile[-action["count"] :]
        else:
            pile += [action["card"]] + ([action["add"]] if "add" in action else [])
    raise AssertionError("the pick-up is not among the moves")


@pytest.mark.parametrize("players, options", [(2, {}), (4, {}), (3, {"voluntary_pickup": False})])
def test_the_playout_move_and_the_candidates_are_legal(players, options):
    rng = Random(1)
    for match, seat in positions(options, players, seed=5):
        view, history, _ = match.knowledge(seat)
        world = determinize(view, history, rng)
        assert policy(world, seat, rng) in G.legal_actions(world, seat)
        chosen = candidates(view)
        assert all(a in view["actions"] for a in chosen) and len(chosen) <= MAX_CANDIDATES + 1
        if view["phase"] == "play":
            assert chosen[0] == own_trumps_bot.choose(view, None)  # the Normal player's best, first


def test_the_search_goes_out_when_it_can():
    """Ann (spades) beats the 9♦ with the 10♦ and adds the Q♣, her last card: Bob's last card, the
    J♣, does not beat it (hearts are his trump), so she wins. Picking up would not."""
    table = Table(players=2, trumps="SH")
    table.arrange({0: "10D QC", 1: "JC"}, pile="9D", turn=0)
    decision = decide(GAME, G.view(table.state, 0, brief=True), [], SplitMix64(2), DEALS)
    assert decision.action == {"type": "beat", "card": "10D", "add": "QC"}
    assert decision.tried[0][2] == 1.0 > decision.tried[1][2]


def test_with_a_number_of_deals_the_choice_is_reproducible():
    match, seat = next((m, s) for m, s in positions({}, 4, seed=6) if m.state.phase == "play" and m.state.turns > 6)
    view, history, _ = match.knowledge(seat)
    first = decide(GAME, view, history, SplitMix64(4), DEALS)
    assert first.tried == decide(GAME, view, history, SplitMix64(4), DEALS).tried and first.deals == 4

"""The Hard player's search (bots/search.py) and, for every game that has one, its sampling.

The games' determinize must fit what the seat knows exactly: the seat's own view of an imagined deal
is its real view. Fairness itself (a re-deal of everything the seat cannot see gives the same
decision) is tested through the API in tests/test_fairness.py, where a peeking sampler is caught.
"""

import ast
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random
from types import SimpleNamespace

import pytest

from pygames_wasm.bots import BOTS, SEARCH, search
from pygames_wasm.bots.search import Budget, SearchGame, decide
from pygames_wasm.core.i18n import render
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import GAMES

FEW_DEALS = Budget(ms=None, deals=6)
SEATS = {"ono99": 3, "canasta": 4, "three_up": 2, "own_trumps": 3}


# --- The search, on a toy game: say a number, then a hidden card is added; 10 or more loses -------


@dataclass
class Toy:
    hidden: int
    total: int = 0
    over: bool = False


class ToyRules:
    @staticmethod
    def apply(state, seat, action):
        state.total = action["n"] + state.hidden
        state.over = True

    @staticmethod
    def to_act(state):
        return 0


def toy_game(calls=None):
    def determinize(view, history, rng):
        if calls is not None:
            calls.append(view)
        return Toy(hidden=rng.randrange(1, 7))  # the unseen card: 1 to 6

    return SearchGame(
        rules=ToyRules,
        determinize=determinize,
        policy=None,
        stop=lambda s, v: True,
        value=lambda state, seat: 1.0 if state.total < 10 else 0.0,
    )


TOY_VIEW = {"seat": 0, "actions": [{"n": 8}, {"n": 3}, {"n": 6}]}


def test_search_picks_the_move_that_wins_in_most_imagined_deals():
    decision = decide(toy_game(), TOY_VIEW, [], SplitMix64(1), Budget(ms=None, deals=60))
    assert decision.action == {"n": 3}  # 3 + (1..6) is always below 10; 6 + (4..6) is not
    assert [a["n"] for a, _, _ in decision.tried] == [3, 6, 8]
    assert decision.tried[0][2] == 1.0 and decision.deals == 60
    assert "60 imagined deals" in render(decision.reason())


def test_search_stops_at_its_budget_and_is_reproducible_with_deals_alone():
    calls = []
    first = decide(toy_game(calls), TOY_VIEW, [], SplitMix64(5), Budget(ms=None, deals=9))
    assert len(calls) == 9
    again = decide(toy_game(), TOY_VIEW, [], SplitMix64(5), Budget(ms=None, deals=9))
    assert first.tried == again.tried
    timed = decide(toy_game(), TOY_VIEW, [], SplitMix64(5), Budget(ms=5, deals=None))
    assert timed.deals >= 1 and timed.ms < 200


def test_the_clock_stops_the_search_inside_a_deal_which_is_then_left_out():
    """A playout of 20 ms, three moves, 70 ms to think: the first deal (60 ms) is finished; the
    second is begun but not finished (the page's Hard keeps to its time even where one deal is long)."""
    playouts = []

    def slow(state, seat):
        playouts.append(state)
        time.sleep(0.02)
        return 1.0 if state.total < 10 else 0.0

    game = SearchGame(**{**vars(toy_game()), "value": slow})
    decision = decide(game, TOY_VIEW, [], SplitMix64(1), Budget(ms=70, deals=None))
    assert decision.deals == 1 and [deals for _, deals, _ in decision.tried] == [1, 1, 1]
    assert 3 <= len(playouts) < 6  # never a whole second deal


def test_a_single_candidate_needs_no_search():
    calls = []
    decision = decide(toy_game(calls), {"seat": 0, "actions": [{"n": 8}]}, [], SplitMix64(1))
    assert decision.action == {"n": 8} and calls == [] and render(decision.reason()) == "It is the only move."
    pruned = SearchGame(**{**vars(toy_game(calls)), "candidates": lambda view: view["actions"][:1]})
    decision = decide(pruned, TOY_VIEW, [], SplitMix64(1))
    assert decision.action == {"n": 8} and calls == [] and "no other is worth weighing" in render(decision.reason())


def test_a_budget_must_bound_the_search():
    with pytest.raises(ValueError):
        Budget(ms=None, deals=None)


# --- Every bot is given the seat's view, the public history and its own stream: nothing else -----


def imports(path: Path) -> set:
    """The modules a bot module imports, by full name (`from . import x` -> pygames_wasm.bots.x)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = ["pygames_wasm.bots", "pygames_wasm"][node.level - 1]
                base = f"{package}.{base}" if base else package
            names |= {base} | {f"{base}.{a.name}" for a in node.names}
    return names


def test_no_bot_module_can_reach_a_real_game():
    """Bots import rules (to imagine deals), never the match, the API, the simulator or the Oracle."""
    forbidden = {"pygames_wasm.core.match", "pygames_wasm.api", "pygames_wasm.simulate", "pygames_wasm.arena"}
    forbidden.add("pygames_wasm.oracle")  # the arena's yardstick: it reads the real game
    bot_modules = list(Path(search.__file__).parent.glob("*.py"))
    assert len(bot_modules) >= 8
    for path in bot_modules:
        assert not imports(path) & forbidden, path.name


def test_a_bot_is_called_with_the_view_history_stream_and_budget_only():
    seen = []

    def spy(*args):
        seen.append(args)
        return args[0]["actions"][0]

    seats = [{"name": "A", "kind": "bot", "bot": "spy"}, {"name": "B", "kind": "human"}]
    match = Match(GAMES["ono99"], {"spy": spy}, {}, seats, 3)
    match.act(0, match.bot_move(0, FEW_DEALS))
    view, history, _rng, budget = seen[0]
    assert view == GAMES["ono99"].view(match.replay([]), 0, brief=True)
    assert history == [] and budget == FEW_DEALS
    assert match.module.to_act(match.state) == 0  # ONO 99: a play, then the draw
    match.bot_move(0)
    assert seen[1][1] == [{"seat": 0, "action": match.actions[0]["action"]}] and seen[1][3] is None


# --- Each game's sampling -------------------------------------------------------------------------


def positions(game_id: str, seed: int, every: int = 7):
    """(match, seat) at every `every`th decision of a game between Normal and Easy players."""
    n = SEATS[game_id]
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal" if i % 2 == 0 else "easy"} for i in range(n)]
    match = Match(GAMES[game_id], BOTS[game_id], {}, seats, seed)
    module = match.module
    while not match.state.over and len(match.actions) < 1500:
        seat = module.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        if len(match.actions) % every == 0:
            yield match, seat
        match.act(seat, match.bot_move(seat))


@pytest.mark.parametrize("game_id", sorted(SEARCH))
def test_imagined_deals_fit_the_seats_view_exactly(game_id):
    game, varied = SEARCH[game_id], 0
    for seed in (1, 2):
        for match, seat in positions(game_id, seed):
            view, history, _ = match.knowledge(seat)
            others = None
            for k in range(3):
                world = game.determinize(view, history, Random(k))
                assert game.rules.view(world, seat, brief=True) == view, (seed, len(match.actions))
                game.rules.check_invariants(world)
                seen_by_others = [game.rules.view(world, s, brief=True) for s in range(SEATS[game_id]) if s != seat]
                varied += others is not None and seen_by_others != others
                others = seen_by_others
    assert varied, "the unseen cards never changed between imagined deals"


@pytest.mark.parametrize("game_id", sorted(SEARCH))
def test_every_move_the_search_makes_is_legal_and_in_the_form_the_rules_record(game_id):
    """The search performs its moves unchecked (search.Unchecked): here each one, the candidates
    and every playout move, goes through the game's checked `apply` instead, which refuses an
    illegal move and returns the action's one normal form."""
    module, applied = GAMES[game_id], []

    def checked_apply(state, seat, action):
        recorded = module.apply(state, seat, action)
        assert recorded == action, (action, recorded)
        applied.append(action)
        return recorded

    rules = SimpleNamespace(
        apply=checked_apply, to_act=module.to_act, view=module.view, check_invariants=module.check_invariants
    )
    game = replace(SEARCH[game_id], rules=rules)
    for seed in (5, 6):
        for match, seat in positions(game_id, seed, every=11):
            view, history, _ = match.knowledge(seat)
            decide(game, view, history, SplitMix64(seed), FEW_DEALS)
    assert len(applied) > 500


@pytest.mark.parametrize("game_id", sorted(SEARCH))
def test_hard_decides_the_same_from_a_copy_of_its_view(game_id):
    """What the Hard player reads is plain JSON: a copy made through JSON gives the same choice."""
    for match, seat in positions(game_id, 4, every=13):
        view, history, _ = match.knowledge(seat)
        copied = json.loads(json.dumps(view)), json.loads(json.dumps(history))
        choose = BOTS[game_id]["hard"]
        assert choose(*copied, SplitMix64(7), FEW_DEALS) == choose(view, history, SplitMix64(7), FEW_DEALS)
        break


def test_the_arena_thinks_as_long_as_the_page_at_each_table_size():
    # A bigger table makes every imagined deal slower: a size between two measured ones takes the larger's count.
    game = replace(SEARCH["ono99"], arena_deals={2: 100, 4: 64})
    assert [game.deals_at(players) for players in (2, 3, 4, 8)] == [100, 64, 64, 64]

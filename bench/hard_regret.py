#!/usr/bin/env python3
"""Hard's regret: the win chance a Hard decision gives up against a player who sees every hand, in
minutes where an arena takes hours (issue 22).

    python bench/hard_regret.py [--game ono99] [--players 4] [--positions 60] [--oracle-deals 3000]
                                [--deals 294,1200] [--repeats 2] [--ismcts 1.0] [--quiet]

Positions are decisions of Normal games (seeds from 1; every other decision where the game's search
has more than one candidate, three a game at most). Each one comes from a real game, so its hidden
cards are a fair draw of what the seat cannot see. At each, the Oracle's search (pygames_wasm/oracle.py:
every hand as it is, the stock dealt again) values every candidate over --oracle-deals deals; a
choice's regret is the best candidate's value less its own, in points of win chance (as the
search's playouts value it). Printed: the mean regret of Normal's choice and of Hard's at each count
of deals (--repeats searches a position, each with its own stream), with 95% intervals from
resampling the positions, how often each chose the Oracle's best, and how each further count of
deals changes Hard's regret on the same positions (a paired difference, a narrower interval).

--ismcts C1,C2 also searches each position with information-set MCTS (bench/ismcts.py, the search
issue 22 suggested) at each exploration constant, given as many playouts as Hard's flat search at the
first count (deals x candidates), and prints its regret, its change from that flat search on the same
positions, and the CPU time of each.

--quiet asks about the other decisions: those where the game's search keeps Normal's choice without
searching (one candidate: ONO 99 below QUIET_TOTAL, say), though the seat has more than one action.
There Hard and the Oracle both search every legal action, and the change printed is Hard's regret
against Normal's: whether searching those decisions too would make Hard stronger.

Reading it: Hard's regret falling with more deals says that thinking longer (a faster search) would
make it stronger; Hard's regret close to Normal's says its search adds little to Normal's choice at
that table, whatever it thinks: what separates it from the Oracle is what it cannot see.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ismcts  # noqa: E402  (bench/ismcts.py)

from pygames_wasm import oracle  # noqa: E402
from pygames_wasm.bots import BOTS, SEARCH  # noqa: E402
from pygames_wasm.bots.search import Budget, SearchGame, decide  # noqa: E402
from pygames_wasm.core.match import Match  # noqa: E402
from pygames_wasm.core.rng import SplitMix64  # noqa: E402
from pygames_wasm.games import GAMES  # noqa: E402

PER_GAME = 3  # positions from one game at most, so that many games are sampled


def key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def every_action(search: SearchGame) -> SearchGame:
    """`search` weighing every legal action of a decision (its own first choice first)."""
    return replace(search, candidates=lambda view: unique(search.candidates(view) + view["actions"]))


def unique(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`actions` without repeats, in their order."""
    return list({key(a): a for a in actions}.values())  # (a dict keeps each key where it came first)


def positions(game: str, players: int, count: int, quiet: bool = False) -> list[tuple[Any, ...]]:
    """(view, history, the real game as the Oracle starts from it, seed) of `count` decisions: where
    the game's search has more than one candidate, or (`quiet`) where it has one but the seat has
    more than one action."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(players)]
    found: list[tuple[Any, ...]] = []
    seed = 1
    while len(found) < count:
        match, taken, choices = Match(GAMES[game], BOTS[game], {}, seats, seed), 0, 0
        while not match.state.over and len(found) < count and taken < PER_GAME:
            seat = match.module.to_act(match.state)
            assert seat is not None  # a game that is not over waits for somebody
            view, history, _ = match.knowledge(seat)
            searched = len(SEARCH[game].candidates(view)) > 1
            if (not searched and len(view["actions"]) > 1) if quiet else searched:
                choices += 1
                if choices % 2 == 0:
                    taken += 1
                    found.append((view, history, oracle.known(game, match.state), seed))
            match.act(seat, match.bot_move(seat))
        seed += 1
    return found


def oracle_values(
    game: str, searched: SearchGame, view: Any, history: Any, table: Any, normal: dict[str, Any], seed: int, deals: int
) -> dict[str, float]:
    """Every candidate of `searched` valued by a player who sees every hand (with `normal`, Normal's
    choice, among them)."""
    listed = searched.candidates(view)
    search = replace(
        searched,
        candidates=lambda v: listed + ([normal] if normal not in listed else []),
        determinize=lambda v, h, rng: oracle.world(game, table, rng),
    )
    decision = decide(search, view, history, SplitMix64(seed), Budget(ms=None, deals=deals))
    return {key(action): value for action, _, value in decision.tried}


def interval(values: list[float]) -> tuple[float, float]:
    """A 95% interval of the mean of `values` (one per position), from resampling the positions."""
    rng = random.Random(1)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(2000))
    return means[50], means[1949]


def summary(regrets: list[list[float]]) -> str:
    """Mean regret in points (each position's searches averaged) with its interval, and how often the
    choice was the Oracle's best."""
    per_position = [statistics.fmean(r) for r in regrets]
    low, high = interval(per_position)
    best = statistics.fmean(r <= 0 for searches in regrets for r in searches)
    return (
        f"{100 * statistics.fmean(per_position):5.2f} points ({100 * low:.2f} to {100 * high:.2f}), "
        f"the Oracle's best {100 * best:.0f}% of {sum(map(len, regrets))}"
    )


def change(fewer: list[list[float]], more: list[list[float]]) -> str:
    """How much the regret changes from `fewer` deals to `more`, position by position (paired)."""
    differences = [statistics.fmean(b) - statistics.fmean(a) for a, b in zip(fewer, more)]
    low, high = interval(differences)
    return f"{100 * statistics.fmean(differences):+.2f} points ({100 * low:+.2f} to {100 * high:+.2f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="ono99", choices=sorted(SEARCH))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--oracle-deals", type=int, default=3000)
    ap.add_argument("--deals", default=None, help="Hard's counts, comma-separated (default: the arena's)")
    ap.add_argument("--repeats", type=int, default=2, help="Hard's searches of each position at each count")
    ap.add_argument("--ismcts", default="", help="exploration constants of an ISMCTS to compare, comma-separated")
    ap.add_argument("--quiet", action="store_true", help="the decisions the search leaves to Normal, all searched")
    args = ap.parse_args(argv)
    search = every_action(SEARCH[args.game]) if args.quiet else SEARCH[args.game]
    counts = [int(d) for d in args.deals.split(",")] if args.deals else [SEARCH[args.game].deals_at(args.players)]
    start = time.process_time()
    normal: list[list[float]] = []
    hard: dict[int, list[list[float]]] = {deals: [] for deals in counts}  # per position, its searches' regrets
    explorations = [float(c) for c in args.ismcts.split(",") if c]
    tree: dict[float, list[list[float]]] = {c: [] for c in explorations}
    seconds = dict.fromkeys([*counts, *explorations], 0.0)
    for view, history, table, seed in positions(args.game, args.players, args.positions, args.quiet):
        usual = BOTS[args.game]["normal"](view, history, SplitMix64(seed), None)
        values = oracle_values(args.game, search, view, history, table, usual, seed, args.oracle_deals)
        best = max(values.values())
        normal.append([best - values[key(usual)]])
        for deals in counts:
            began = time.process_time()
            chosen = [
                decide(search, view, history, SplitMix64(seed * 1000 + repeat), Budget(ms=None, deals=deals))
                for repeat in range(args.repeats)
            ]
            seconds[deals] += time.process_time() - began
            hard[deals].append([best - values[key(decision.action)] for decision in chosen])
        playouts = counts[0] * len(search.candidates(view))
        for exploration in explorations:
            began = time.process_time()
            picks = [
                ismcts.choose(search, view, history, random.Random(seed * 1000 + repeat), playouts, exploration)
                for repeat in range(args.repeats)
            ]
            seconds[exploration] += time.process_time() - began
            tree[exploration].append([best - values[key(action)] for action in picks])
    print(
        f"{args.game}, {args.players} players, {args.positions} {'quiet ' if args.quiet else ''}positions, "
        f"the Oracle at {args.oracle_deals} "
        f"deals ({time.process_time() - start:.0f} s CPU); regret per decision against the Oracle's values:"
    )
    print(f"  Normal            {summary(normal)}")
    for deals, regrets in hard.items():
        print(f"  Hard, {deals:>5} deals {summary(regrets)}, {seconds[deals]:.0f} s CPU")
    for exploration, regrets in tree.items():
        print(f"  ISMCTS, C {exploration:<5} {summary(regrets)}, {seconds[exploration]:.0f} s CPU")
    print(f"  Hard at {counts[0]} deals against Normal, the same positions: {change(normal, hard[counts[0]])}")
    for deals in counts[1:]:
        print(
            f"  Hard at {deals} deals against {counts[0]}, the same positions: {change(hard[counts[0]], hard[deals])}"
        )
    for exploration in explorations:
        print(
            f"  ISMCTS at C {exploration} against Hard at {counts[0]} deals (as many playouts), the same positions: "
            f"{change(hard[counts[0]], tree[exploration])}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Bot against bot, fairly: seat-rotated games with duplicate deals.

    python -m pygames_wasm arena ono99 --players 2 --bots hard,normal --games 1000 --seed 7

Each deal (seed) is played once per rotation of the seats (hard,normal then normal,hard), so luck
of the cards cancels out; `--games` counts every game played. Prints each kind of bot's win rate per
seat with a 95% interval, the games per second and each kind's decision time (p50/p95).

The interval is over deals: each deal gives a kind its mean result over the rotations, and those
means are independent, unlike the games of one deal. A partnership's win counts for both partners; a
win shared by several players (or teams) counts as a share, and a game with no winner (a draw) as
an equal share for all.

Searching bots think for a fixed number of deals (`--deals`, default the game's own), not for a
time, so that a run gives the same numbers on any machine; `--think-ms` uses the clock instead.
`--jobs 2` plays deals in two processes.
"""

import argparse
import json
import math
import statistics
import time
from collections import defaultdict
from multiprocessing import get_context
from typing import Any

from .bots import SEARCH
from .bots.search import Budget
from .core.game import GameModule, GameState
from .core.rules import final_winners
from .games import GAMES
from .simulate import play_one, seat_kinds


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    arena = sub.add_parser("arena", help="bots against bots with seat rotation and duplicate deals")
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument("--players", type=int, default=2)
    arena.add_argument("--bots", default="hard,normal", help="comma-separated kinds per seat; the last repeats")
    arena.add_argument("--games", type=int, default=100, help="games in all (deals x rotations)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--deals", type=int, help="imagined deals per decision of a searching bot")
    arena.add_argument("--think-ms", type=float, help="thinking time per decision instead of --deals")
    arena.add_argument("--options", help="game options as JSON")
    arena.add_argument("--jobs", type=int, default=1)


def rotations(kinds: list[str]) -> list[list[str]]:
    """The distinct rotations of the seat kinds: every kind sits in every seat in turn."""
    seen: list[list[str]] = []
    for shift in range(len(kinds)):
        rotated = kinds[shift:] + kinds[:shift]
        if rotated not in seen:
            seen.append(rotated)
    return seen


def budget_for(args: argparse.Namespace) -> Budget:
    if args.think_ms is not None:
        return Budget(ms=args.think_ms, deals=None)
    search = SEARCH.get(args.game)
    return Budget(ms=None, deals=args.deals or (search.arena_deals if search else 1))


# A deal to play: (game, options, seatings, seed, budget)
Job = tuple[str, dict[str, Any], list[list[str]], int, Budget]


def play_deal(job: Job) -> dict[str, Any]:
    """Every rotation of one deal: each kind's mean result per seat, game lengths, decision times."""
    game, options, seatings, seed, budget = job
    share: defaultdict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = {}
    actions = 0
    for kinds in seatings:
        match = play_one(game, options, kinds, seed, budget, times)
        for seat, result in enumerate(results(GAMES[game], match.state)):
            share[kinds[seat]] += result / kinds.count(kinds[seat])
        actions += len(match.actions)
    fair = statistics.fmean(results(GAMES[game], match.state))  # 1 / the number of sides
    return {"share": {k: v / len(seatings) for k, v in share.items()}, "times": times, "actions": actions, "fair": fair}


def results(module: GameModule[Any, Any], state: GameState) -> list[float]:
    """Each seat's result in a finished game, 0 to 1: its side's share of the win (a side is a team in
    a partnership game, else a seat)."""
    sides = module.teams(state) if hasattr(module, "teams") else [[seat] for seat in range(len(state.names))]
    won = [side for side in sides if set(side) <= set(final_winners(state))] or sides  # no winner: a draw
    out = [0.0] * len(state.names)
    for side in won:
        for seat in side:
            out[seat] = 1 / len(won)
    return out


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation over independent deals)."""
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(values))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run(args: argparse.Namespace) -> int:
    module = GAMES[args.game]
    kinds = seat_kinds(args.bots, args.players, hasattr(module, "teams"))
    options = getattr(module, "FIXED_TEAMS", {}) | (json.loads(args.options) if args.options else {})
    seatings = rotations(kinds)
    deals = max(1, args.games // len(seatings))
    budget = budget_for(args)
    jobs = [(args.game, options, seatings, args.seed + i, budget) for i in range(deals)]
    start = time.perf_counter()
    if args.jobs > 1:
        with get_context("fork").Pool(args.jobs) as pool:
            played = pool.map(play_deal, jobs, chunksize=max(1, deals // (8 * args.jobs)))
    else:
        played = [play_deal(job) for job in jobs]
    seconds = time.perf_counter() - start
    games = deals * len(seatings)
    thinking = f"{budget.deals} deals a decision" if budget.ms is None else f"{budget.ms:g} ms a decision"
    thinking = f", Hard thinks {thinking}" if "hard" in kinds else ""
    print(
        f"{games} games of {args.game} ({deals} deals x {len(seatings)} seatings), {args.players} players, "
        f"seeds {args.seed}..{args.seed + deals - 1}{thinking}; fair share {100 * played[0]['fair']:.1f}%"
    )
    for kind in sorted(set(kinds), key=kinds.index):
        mean, half = interval([r["share"].get(kind, 0.0) for r in played])
        times = [t for r in played for t in r["times"].get(kind, [])]
        print(
            f"  {kind}: wins {100 * mean:.1f}% per seat (95% interval {100 * (mean - half):.1f} to "
            f"{100 * (mean + half):.1f}), decisions {len(times)}, p50 {percentile(times, 0.5):.1f} ms, "
            f"p95 {percentile(times, 0.95):.1f} ms"
        )
    print(f"  average length: {sum(r['actions'] for r in played) / games:.1f} actions")
    print(f"  speed: {games / seconds:.2f} games/s ({seconds:.1f} s, {args.jobs} job{'s' if args.jobs > 1 else ''})")
    return 0

#!/usr/bin/env python3
"""Hard against Normal at Canasta, counted by hands (a game to 5,000 is about seven hands, so hands
are seven times cheaper to measure): each deal's first hand is played twice, a Hard team in seats
1 and 3 and then in seats 2 and 4 (duplicate deals), and scored with the hand's score sheet.

    python bench/canasta_hands.py [--deals 500] [--seed 7] [--think-deals 8] [--jobs 2]

Prints the Hard team's share of hands won (a level hand is half a win) with a 95% interval over deals
(as the arena computes it), its mean lead in points per hand, and Hard's decision time p50/p95.
Target (issue 11): >= 60% of hands.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames_wasm.bots import BOTS, SEARCH  # noqa: E402
from pygames_wasm.bots.search import Budget  # noqa: E402
from pygames_wasm.core.match import Match  # noqa: E402
from pygames_wasm.games import canasta  # noqa: E402


def hand(seed: int, hard_team: int, budget: Budget) -> tuple:
    """The Hard team's lead in the first hand of the deal, and its decision times (ms)."""
    kinds = ["hard" if seat % 2 == hard_team else "normal" for seat in range(canasta.PLAYERS)]
    seats = [{"name": f"P{seat}", "kind": "bot", "bot": kind} for seat, kind in enumerate(kinds)]
    match = Match(canasta, BOTS["canasta"], canasta.FIXED_TEAMS, seats, seed)
    times = []
    while match.state.hand_no == 1 and not match.state.over:
        seat = canasta.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        start = time.perf_counter()
        action = match.bot_move(seat, budget)
        if kinds[seat] == "hard":
            times.append((time.perf_counter() - start) * 1000)
        match.act(seat, action)
    sheet = match.state.sheets[0]["teams"]
    return sheet[hard_team]["total"] - sheet[1 - hard_team]["total"], times


def deal(job: tuple) -> tuple:
    """Both seatings of one deal: the Hard team's mean hand result (1 won, 0.5 level, 0 lost), its
    mean lead, and the decision times."""
    seed, budget = job
    leads, times = [], []
    for hard_team in (0, 1):
        lead, spent = hand(seed, hard_team, budget)
        leads.append(lead)
        times += spent
    return statistics.fmean((lead > 0) + 0.5 * (lead == 0) for lead in leads), statistics.fmean(leads), times


def interval(values: list) -> tuple:
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=500, help="deals, each played in both seatings")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--think-deals", type=int, help="imagined deals per decision (default: the arena's)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    budget = Budget(ms=None, deals=args.think_deals or SEARCH["canasta"].deals_at(4))
    jobs = [(args.seed + i, budget) for i in range(args.deals)]
    start = time.perf_counter()
    with get_context("fork").Pool(args.jobs) as pool:
        played = pool.map(deal, jobs, chunksize=1)
    seconds = time.perf_counter() - start
    won, half = interval([p[0] for p in played])
    lead, lead_half = interval([p[1] for p in played])
    times = sorted(t for p in played for t in p[2])
    print(
        f"{2 * args.deals} Canasta hands ({args.deals} deals x 2 seatings), seeds {args.seed}.."
        f"{args.seed + args.deals - 1}, Hard thinks {budget.deals} deals a decision"
    )
    print(
        f"  Hard team: wins {100 * won:.1f}% of hands (95% interval {100 * (won - half):.1f} to "
        f"{100 * (won + half):.1f}), leads by {lead:.0f} points a hand (95% interval {lead - lead_half:.0f} "
        f"to {lead + lead_half:.0f})"
    )
    print(
        f"  Hard decisions {len(times)}, p50 {times[len(times) // 2]:.1f} ms, "
        f"p95 {times[int(0.95 * len(times))]:.1f} ms"
    )
    print(f"  speed: {2 * args.deals / seconds:.2f} hands/s ({seconds:.1f} s, {args.jobs} jobs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

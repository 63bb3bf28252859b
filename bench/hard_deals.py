#!/usr/bin/env python3
"""How many imagined deals the Hard player completes in the page's thinking time, in Pyodide: the
count the arena should think for (SearchGame.arena_deals), so that its figures are the ones a player
meets (issue 22).

    python bench/hard_deals.py [--games ono99,three_up,own_trumps,canasta] [--positions 20] [--think-ms 200]

The same positions (decisions of Normal games where Hard has a choice, from five games at least,
seeds from 1) are searched
for a fixed number of deals in CPython and in Pyodide under Node (tests/pyodide_runner.mjs, the
built wheel), timing each search in CPU time of the process, so that other work on the machine does
not shorten the count the way a clock would. Prints each game's CPU time per deal in both, and the
deals Pyodide completes in `--think-ms` at the median and the slowest tenth of positions.
Needs ./build.sh build (the wheel) and node.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLAYERS = {"canasta": 4}
DEALS = {"ono99": 20, "three_up": 10, "own_trumps": 3, "canasta": 3}  # per search: enough to time, not too long

SEARCH_POSITIONS = """
import json
from pygames_wasm.bots import BOTS, SEARCH
from pygames_wasm.bots.search import Budget, decide
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import GAMES


def per_deal(game, players, count, deals):
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(players)]
    found, seed, spread = [], 1, max(1, count // 5)  # from five games at least, all through each
    while len(found) < count and seed < 60:
        match = Match(GAMES[game], BOTS[game], {}, seats, seed)
        seed, mine = seed + 1, 0
        while not match.state.over and len(found) < count and len(match.actions) < 3000:
            seat = match.module.to_act(match.state)
            view, history, _ = match.knowledge(seat)
            every = {"canasta": 17, "ono99": 3}.get(game, 7)
            if mine < spread and len(SEARCH[game].candidates(view)) > 1 and len(match.actions) % every == 0:
                mine += 1
                start = cpu_ms()
                decision = decide(SEARCH[game], view, history, SplitMix64(seed), Budget(ms=None, deals=deals))
                found.append((cpu_ms() - start) / decision.deals)
            match.act(seat, match.bot_move(seat))
    return found


print(json.dumps({game: per_deal(game, players, count, deals) for game, players, count, deals in JOBS}))
"""

CPYTHON_CLOCK = "import time\ndef cpu_ms():\n    return time.process_time() * 1000\n"
PYODIDE_CLOCK = (
    "import js\ndef cpu_ms():  # Node's CPU time of the process (Pyodide's own clocks are the wall's)\n"
    "    used = js.process.cpuUsage()\n    return (used.user + used.system) / 1000\n"
)


def run(code: str, pyodide: bool) -> dict[str, list[float]]:
    if pyodide:
        cmd = ["node", str(ROOT / "tests" / "pyodide_runner.mjs"), "-"]
        out = subprocess.run(cmd, input=code, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    else:
        out = subprocess.run(
            [sys.executable, "-"], input=code, capture_output=True, text=True, check=True, cwd=ROOT
        ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="ono99,three_up,own_trumps,canasta")
    ap.add_argument("--players", type=int, default=2, help="seats (Canasta always 4)")
    ap.add_argument("--positions", type=int, default=20, help="positions searched per game")
    ap.add_argument("--think-ms", type=float, default=200)
    args = ap.parse_args(argv)
    from pygames_wasm.bots import SEARCH

    games = args.games.split(",")
    jobs = [(g, PLAYERS.get(g, args.players), args.positions, DEALS[g]) for g in games]
    code = f"JOBS = {jobs!r}\n" + SEARCH_POSITIONS
    start = time.perf_counter()
    cpython, pyodide = run(CPYTHON_CLOCK + code, False), run(PYODIDE_CLOCK + code, True)
    print(f"CPU time per imagined deal, {args.positions} positions a game ({time.perf_counter() - start:.0f} s):")
    for game in games:
        c, p = sorted(cpython[game]), sorted(pyodide[game])
        median, slow = statistics.median(p), p[int(0.9 * (len(p) - 1))]
        print(
            f"  {game:<10} CPython {statistics.median(c):6.2f} ms, Pyodide {median:6.2f} ms "
            f"({median / statistics.median(c):.1f}x): in {args.think_ms:g} ms Pyodide completes "
            f"{int(args.think_ms // median)} deals (slowest tenth: {int(args.think_ms // slow)}); "
            f"the arena thinks for {SEARCH[game].deals_at(PLAYERS.get(game, args.players))}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Own Trumps numbers: random games per second (CPython and Pyodide, 2 and 4 seats), how the games
end (by the rules or by the safeguard), heuristic-vs-random results from the simulator, and in
Chromium the tap-to-redraw time and the heuristic bot's decision time in the worker.

    python bench/own_trumps_speed.py [--games 40] [--sim-games 1000] [--taps 40]
                                     [--skip-sim] [--skip-page] [--json out.json]

(a) games/s: whole one-game matches of random bots (default options: the turn limit is 500)
    through `pygames_wasm.api.call` (new_game, view, bot_act until over), fixed seeds, the built
    wheel; the same code on CPython and in Pyodide under Node (bench/engine_speed.py's runners).
    Random players rarely finish a game (see the safeguard counts), so most of these games are long.
(b) heuristic bot decision time in Pyodide under Node: every bot_move of a heuristic seat timed
    inside Python (heuristic against random, heads-up and four seats).
(c) heuristic vs random: `python -m pygames_wasm simulate own_trumps --games N --players 2|4
    --seed 7 --bots heuristic,random --options '{"match_games": 1}'` (invariants after every action),
    its output printed as it is.
(d) in Chromium against dist/site (1 person, 1 heuristic computer, ?speed=fast&bench=1): a tap on a
    beating card → the hand redrawn with the cards to add (measure "tap-to-redraw", action "select",
    no engine call), and a tap that plays (lead, the second card of a beat, pick up) → the table
    redrawn after the engine applied it (action "lead" / "beat" / "pick_up"). Target p95 < 50 ms.
    The worker times every bot_move (?bench=1 asks it before each bot_act). Target p95 < 100 ms.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchkit import API_PLAY, bench_main, bench_page, start_table, tap_numbers  # noqa: E402
from engine_speed import built_wheel, run_cpython, run_pyodide  # noqa: E402

from e2e.pagekit import CARD_CORNER  # noqa: E402

BENCH_CODE = (
    API_PLAY
    + r"""
from collections import Counter

GAMES, WARMUP = __GAMES__, 1

def play(seed, bots, time_moves=None):
    actions, view = play_api("own_trumps", bots, seed, {"match_games": 1}, time_moves=time_moves)
    return actions, view["last_game"]["ended"]

out = {"python": sys.version.split()[0]}
for players in (2, 4):
    play(999, ["random"] * players)
    t0 = time.perf_counter()
    actions, ended = 0, Counter()
    for seed in range(GAMES):
        a, how = play(seed, ["random"] * players)
        actions += a
        ended[how] += 1
    seconds = time.perf_counter() - t0
    out[f"random{players}"] = {"games": GAMES, "seconds": seconds, "games_per_s": GAMES / seconds,
                               "actions_per_s": actions / seconds, "actions": actions, "ended": dict(ended)}
decisions = []
for seed in range(6):
    play(20_000 + seed, ["heuristic", "random"], decisions)
    play(30_000 + seed, ["heuristic", "random", "random", "heuristic"], decisions)
decisions.sort()
out["decisions"] = {"n": len(decisions), "median": decisions[len(decisions) // 2],
                    "p95": decisions[int(0.95 * (len(decisions) - 1))], "max": decisions[-1]}
print(json.dumps(out))
"""
)


def engine_numbers(games: int) -> dict:
    wheel = built_wheel()
    code = BENCH_CODE.replace("__GAMES__", str(games))
    out = {"cpython": run_cpython(code, wheel), "pyodide": run_pyodide(code, wheel)}
    print(f"(a) Own Trumps engine: {games} one-game matches of random bots per seat count, wheel {wheel.name}")
    print(f"    {'runtime':<18}{'seats':>6}{'games/s':>9}{'actions/s':>11}{'actions/game':>14}  ended")
    for rt, r in out.items():
        for players in (2, 4):
            g = r[f"random{players}"]
            print(
                f"    {rt + ' ' + r['python']:<18}{players:>6}{g['games_per_s']:>9.2f}{g['actions_per_s']:>11.0f}"
                f"{g['actions'] / g['games']:>14.0f}  {g['ended']}"
            )
    for rt, r in out.items():
        d = r["decisions"]
        print(
            f"(b) heuristic bot_move in {rt:<8} {d['n']} decisions: median {d['median']:6.2f} ms   p95 {d['p95']:6.2f} ms"
            f"   max {d['max']:6.2f} ms   (target p95 < 100 ms)"
        )
    return out


def simulate_numbers(games: int) -> dict:
    out = {}
    for players in (2, 4):
        cmd = [
            sys.executable,
            "-m",
            "pygames_wasm",
            "simulate",
            "own_trumps",
            "--games",
            str(games),
            "--players",
            str(players),
            "--seed",
            "7",
            "--bots",
            "heuristic,random",
            "--options",
            '{"match_games": 1}',
        ]
        shown = " ".join(cmd[1:4] + cmd[4:-1]) + " '" + cmd[-1] + "'"
        print(f"(c) python {shown}")
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if proc.returncode:
            raise SystemExit(proc.stderr)
        print("    " + proc.stdout.strip().replace("\n", "\n    "))
        out[players] = {"output": proc.stdout, "seconds": time.perf_counter() - t0}
    return out


def page_numbers(taps: int) -> dict:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with bench_page() as page:
        start_table(page, "Own Trumps", ["Person", "Normal computer"])
        idle = "!document.querySelector('#table[aria-busy=true]')"
        mine = (
            "document.querySelector('#hand-area.my-turn') && !document.querySelector('dialog[open]') && "
            "!document.querySelector('#table[aria-busy=true]')"
        )
        selects = 0
        deadline = time.monotonic() + 240

        def tap(locator, card: bool = False) -> None:
            """The page redraws after every move; a button gone meanwhile is simply looked up again. A
            card of the hand is tapped by its corner index, as a player does: the next card covers
            the rest of it."""
            with contextlib.suppress(PlaywrightTimeout):
                locator.click(timeout=2000, **({"position": CARD_CORNER} if card else {}))

        while selects < taps and time.monotonic() < deadline:
            dialog = page.locator("dialog[open]")
            if dialog.count():
                tap(
                    dialog.get_by_role("button", name="Continue")
                    .or_(dialog.get_by_role("button", name="Play again"))
                    .first
                )
                continue
            suit = page.locator("button.ot-suit:not([aria-disabled=true])")
            if suit.count() and page.evaluate(idle):
                tap(suit.first)
                continue
            if not page.evaluate(mine):
                page.wait_for_timeout(5)
                continue
            marked = page.locator("#hand button.can-beat")
            if page.locator("#turn-line").inner_text().startswith("Your turn: lead"):
                tap(page.locator("#hand button").last, card=True)
            elif marked.count() and page.locator("#hand button").count() > 1:
                tap(marked.first, card=True)  # timed: select
                selects += 1
                tap(page.locator('#hand button[aria-pressed="false"]').last, card=True)  # timed: beat
            elif marked.count():
                tap(marked.first, card=True)
            else:
                tap(page.locator("#actions .action-pick_up"))
            page.wait_for_function(idle)
        return tap_numbers(page, "Own Trumps", ("bot_move", "act", "view"))


def main(argv=None):
    return bench_main(
        argv,
        __doc__,
        [
            ("engine", engine_numbers, "--games", 40, "random one-game matches per seat count and runtime"),
            ("simulate", simulate_numbers, "--sim-games", 1000, "games for the heuristic-vs-random simulation"),
            ("page", page_numbers, "--taps", 40, "beating-card taps to time in the page"),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())

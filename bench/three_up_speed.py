#!/usr/bin/env python3
"""3UP 3DOWN speed and strength: engine games per second (CPython and Pyodide), heuristic bot
decision time, heuristic-vs-random win rates, and tap-to-redraw on the table in Chromium.

    python bench/three_up_speed.py [--games 100] [--sim-games 1000] [--taps 60] [--skip-page] [--skip-sim]
                                   [--json out.json]

(a) games/s: whole games of four random bots through `pygames_wasm.api.call` (new_game, view,
    bot_act until over), fixed seeds, the built wheel; the same code on CPython and in Pyodide under
    Node (bench/engine_speed.py's runners). Heuristic bot_move is timed in a separate pass.
(b) heuristic vs random: `python -m pygames_wasm simulate three_up --games 1000 --players 2|4 --seed 1
    --bots heuristic,random` (one heuristic seat; invariants are checked after every action there).
(c) in Chromium against dist/site, one person and three heuristic computers (?bench=1: the worker
    times bot_move before each bot_act): every tap on a card or action button → the table redrawn
    (measure "tap-to-redraw": "play", "refill", "pickup", "flip", "pick"; "select" is a tap that only
    selects a card of a multiple). Targets: tap-to-redraw p95 < 50 ms, bot decision p95 < 100 ms.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchkit import API_PLAY, bench_main, bench_page, start_table, tap_numbers  # noqa: E402
from engine_speed import built_wheel, run_cpython, run_pyodide  # noqa: E402

from e2e.pagekit import tap_card  # noqa: E402

BENCH_CODE = (
    API_PLAY
    + r"""
GAMES, WARMUP = __GAMES__, 2
decisions = []

def play(seed, bot, time_moves=False):
    return play_api("three_up", [bot] * 4, seed, time_moves=decisions if time_moves else None)[0]

for seed in range(WARMUP):
    play(10_000 + seed, "random")
t0 = time.perf_counter()
actions = sum(play(seed, "random") for seed in range(GAMES))
seconds = time.perf_counter() - t0
for seed in range(5):
    play(20_000 + seed, "heuristic", time_moves=True)
decisions.sort()
print(json.dumps({"python": sys.version.split()[0], "games": GAMES, "actions": actions, "seconds": seconds,
                  "games_per_s": GAMES / seconds, "actions_per_s": actions / seconds,
                  "decisions": len(decisions), "decision_median_ms": decisions[len(decisions) // 2],
                  "decision_p95_ms": decisions[int(0.95 * (len(decisions) - 1))], "decision_max_ms": decisions[-1]}))
"""
)


def engine_numbers(games: int) -> dict:
    wheel = built_wheel()
    code = BENCH_CODE.replace("__GAMES__", str(games))
    out = {"cpython": run_cpython(code, wheel), "pyodide": run_pyodide(code, wheel)}
    print(f"(a) 3UP 3DOWN engine: {games} whole games of 4 random bots, wheel {wheel.name}")
    print(f"    {'runtime':<18}{'games/s':>9}{'actions/s':>11}{'ms/game':>9}")
    for rt, r in out.items():
        print(
            f"    {rt + ' ' + r['python']:<18}{r['games_per_s']:>9.1f}{r['actions_per_s']:>11.0f}"
            f"{1000 * r['seconds'] / r['games']:>9.1f}"
        )
    for rt, r in out.items():
        print(
            f"    heuristic bot_move in {rt:<8} {r['decisions']} decisions: median {r['decision_median_ms']:5.2f} ms"
            f"   p95 {r['decision_p95_ms']:5.2f} ms   max {r['decision_max_ms']:5.2f} ms"
        )
    return out


def simulate_numbers(games: int) -> dict:
    out = {}
    print(f"(b) heuristic vs random, {games} games each (one heuristic seat):")
    for players in (2, 4):
        cmd = [
            sys.executable,
            "-m",
            "pygames_wasm",
            "simulate",
            "three_up",
            "--games",
            str(games),
            "--players",
            str(players),
            "--seed",
            "1",
            "--bots",
            "heuristic,random",
        ]
        text = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
        found = re.search(r"seat 1 \(heuristic\): [\d.]+ wins \(([\d.]+)%\)", text)
        assert found, text
        rate = float(found.group(1))
        out[players] = rate
        print(
            f"    {players} players: heuristic wins {rate:.1f}% (fair share {100 / players:.0f}%)   "
            f"$ python -m pygames_wasm simulate three_up --games {games} --players {players} --seed 1 "
            f"--bots heuristic,random"
        )
    return out


def page_numbers(taps: int) -> dict:
    idle = "!document.querySelector('#table[aria-busy=true]') && !document.querySelector('#actions .checking')"
    with bench_page() as page:
        start_table(page, "3UP 3DOWN", ["Person"] + ["Normal computer"] * 3, players=4)
        tapped = 0
        deadline = time.monotonic() + 300
        while tapped < taps and time.monotonic() < deadline:
            dialog = page.locator("dialog[open]")
            if dialog.count():
                dialog.get_by_role("button", name="Play again").click()
                continue
            if not (page.locator("#hand-area.my-turn").count() and page.evaluate(idle)):
                page.wait_for_timeout(5)
                continue
            tapped += tap_once(page)
            page.wait_for_function(idle)
        return tap_numbers(page, "3UP 3DOWN", ("bot_move", "view", "act", "explain"))


def tap_once(page) -> int:
    """One tap (or two for a multiple) of the person, as a player would: pick, refill, play, flip, pick up."""
    if page.locator("#turn-line").inner_text() == "Choose three cards to lie face up":
        for _ in range(3):
            tap_card(page.locator("#hand button[aria-pressed=false]").first)
            page.wait_for_function("!document.querySelector('#actions .checking')")
        page.locator("#actions button[data-action=pick]").click()
        return 4
    for selector in (
        "#actions button[data-action=refill]",
        "#hand button[data-playable=true]",
        "#tu-up button[data-playable=true]",
        "#tu-down button[data-playable=true]",
        "#actions button[data-action=pickup]",
        "#actions button[data-action=draw]",
    ):
        target = page.locator(selector)
        if target.count():
            if "[data-playable=true]" in selector:
                tap_card(target.first)  # by its corner index, as a player does: the next card covers the rest
            else:
                target.first.click()
            play = page.locator("#actions button[data-action=play]")
            if selector.endswith("[data-playable=true]") and "tu-down" not in selector:
                page.wait_for_function("!document.querySelector('#actions .checking')")
                if play.count():
                    play.click()
                    return 2
            return 1
    return 0


def main(argv=None):
    return bench_main(
        argv,
        __doc__,
        [
            ("engine", engine_numbers, "--games", 100, "random 4-seat games to time per runtime"),
            ("simulate", simulate_numbers, "--sim-games", 1000, "games per heuristic-vs-random run"),
            ("page", page_numbers, "--taps", 60, "taps to time in the page"),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())

"""What the benchmarks share: percentiles, counting instructions, a game bench's command line, and
timing taps on a game's table in Chromium."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


# Python run by a game bench on CPython and in Pyodide (engine_speed's runners), before its own code:
# whole games of bots through the page's API.
API_PLAY = r'''
import json, sys, time
from pygames_wasm import api

def ok(reply):
    assert "error" not in reply, reply
    return reply

def play_api(game, bots, seed, options=None, stop=None, time_moves=None, timed=("heuristic",)):
    """One game of `bots` (their kinds, by seat) through api.call, until it is over or `stop(view)`
    says so: its number of actions and the last public view. With `time_moves` (a list), the
    bot_move of each seat whose kind is in `timed` is timed there first (ms)."""
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "bot": bot} for i, bot in enumerate(bots)]
    handle = ok(api.call("new_game", {"game": game, "seats": seats, "seed": seed, "options": options or {}}))["handle"]
    actions = 0
    while True:
        view = ok(api.call("view", {"handle": handle, "seat": None}))["view"]
        if view["over"] or (stop and stop(view)):
            break
        seat = view["to_act"]
        if time_moves is not None and bots[seat] in timed:
            t0 = time.perf_counter()
            ok(api.call("bot_move", {"handle": handle, "seat": seat}))
            time_moves.append(1000 * (time.perf_counter() - t0))
        ok(api.call("bot_act", {"handle": handle, "seat": seat}))
        actions += 1
    api.call("close", {"handle": handle})
    return actions, view
'''


def instructions(command: list[str], **run) -> tuple[int, str]:
    """The instructions `command` executed (valgrind: the same count on every run, however busy the
    machine), and what it printed."""
    if shutil.which("valgrind") is None:
        raise SystemExit("counting instructions needs valgrind (apt-get install valgrind)")
    proc = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        check=True,
        **run,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{proc.stderr[-500:]}")
    return int(found.group(1).replace(",", "")), proc.stdout


def pct(values, q):
    if not values:
        return float("nan")
    s = sorted(values)
    k = (len(s) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summary(values) -> dict:
    return {"n": len(values), "median": statistics.median(values), "p95": pct(values, 0.95)}


def bench_main(argv, doc: str, parts: list) -> int:
    """A game bench's command line. `parts` are (name, measure, flag, default, help): each measure
    gets its flag's count. --skip-sim and --skip-page leave out the parts named "simulate" and
    "page"; --json also writes every part's numbers to a file."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    for _, _, flag, default, help_text in parts:
        ap.add_argument(flag, type=int, default=default, help=help_text)
    names = [name for name, *_ in parts]
    if "simulate" in names:
        ap.add_argument("--skip-sim", action="store_true", help="no simulator runs")
    ap.add_argument("--skip-page", action="store_true", help="no Chromium")
    ap.add_argument("--json", help="also write the numbers to this file")
    args = ap.parse_args(argv)
    skipped = {"simulate": getattr(args, "skip_sim", False), "page": args.skip_page}
    out = {
        name: measure(getattr(args, flag.lstrip("-").replace("-", "_")))
        for name, measure, flag, _, _ in parts
        if not skipped.get(name)
    }
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


def start_table(page, game: str, kinds: list, players: int | None = None) -> None:
    """From the lobby, start a game of `game` (its radio button's name) with these seats."""
    page.get_by_role("radio", name=game).check()
    if players:
        page.get_by_label("Number of players").select_option(str(players))
    for i, kind in enumerate(kinds, start=1):
        page.get_by_label(f"Seat {i} player").select_option(label=kind)
    page.get_by_role("button", name="Start game").click()


@contextmanager
def bench_page(query: str = "?speed=fast&bench=1&seed=5"):
    """Chromium on the built site (dist/site), the lobby ready to start. ?bench=1 makes the worker
    time a bot_move before each bot_act. The page forbids eval (CSP) and wait_for_function needs it,
    so the bench context bypasses the CSP."""
    from playwright.sync_api import sync_playwright

    from e2e.pagekit import SiteServer, ensure_site, launch_chromium

    ensure_site()
    server = SiteServer()
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            ctx = browser.new_context(viewport={"width": 1024, "height": 768}, base_url=server.url, bypass_csp=True)
            ctx.set_default_timeout(60_000)
            page = ctx.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"./{query}")
            page.wait_for_function("document.getElementById('loading').classList.contains('done')", timeout=120_000)
            yield page
            ctx.close()
            browser.close()
            assert not errors, errors
    finally:
        server.stop()


def tap_numbers(page, title: str, worker_methods: tuple) -> dict:
    """The page's tap-to-redraw measures, by action, and the worker's timings of `worker_methods`,
    printed and returned."""
    measures = page.evaluate(
        "performance.getEntriesByName('tap-to-redraw').map(m => [m.detail && m.detail.action, m.duration])"
    )
    timings = page.evaluate("pygames.stats()")["timings"]
    by: dict[str, list[float]] = {}
    for action, d in measures:
        by.setdefault(action, []).append(d)
    every = [d for _, d in measures]
    print(f"(c) tap → {title} table redrawn, in Chromium (target p95 < 50 ms):")
    for action, v in [("all", every), *sorted(by.items())]:
        if v:
            print(
                f"    {action:<8} {len(v):>3} taps: median {statistics.median(v):6.1f} ms   p95 {pct(v, 0.95):6.1f} ms"
                f"   max {max(v):6.1f} ms"
            )
    for method in worker_methods:
        v = timings.get(method, [])
        if v:
            print(
                f"    worker {method:<9} {len(v):>4} calls: median {statistics.median(v):6.2f} ms   p95 {pct(v, 0.95):6.2f} ms"
                f"   max {max(v):6.2f} ms" + ("   (target p95 < 100 ms)" if method == "bot_move" else "")
            )
    return (
        {"tap_all": summary(every)}
        | {a: summary(v) for a, v in by.items()}
        | {f"worker_{m}": summary(timings[m]) for m in worker_methods if timings.get(m)}
    )

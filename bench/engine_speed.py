#!/usr/bin/env python3
"""Engine speed: whole 4-player ONO 99 games of random bots per second, on CPython and in Pyodide.

    python bench/engine_speed.py [--games 200] [--preset 2022|1980] [--runtime cpython|pyodide | --both]

Both runtimes run the very same Python source (BENCH_CODE) against the built wheel
(dist/site/wheels, from ./build.sh build): CPython imports the unpacked wheel, Pyodide runs it
through tests/pyodide_runner.mjs under Node, as the page's worker would. Games go through
`pygames_wasm.api.call` (new_game, view, bot_act until over), with fixed seeds, so every run
plays the same games. Pyodide's start-up time is reported separately, not counted in games/s.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide_runner.mjs"

BENCH_CODE = r'''
import json, sys, time
from pygames_wasm import api

GAMES, PRESET, WARMUP = __GAMES__, __PRESET__, 3

def ok(reply):
    assert "error" not in reply, reply
    return reply

ono = next(g for g in ok(api.call("list_games", {}))["games"] if g["id"] == "ono99")
options = next((p["options"] for p in ono.get("presets", []) if p["id"] == PRESET), None)

def play(seed):
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "bot": "random"} for i in range(4)]
    params = {"game": "ono99", "seats": seats, "seed": seed}
    if options is not None:
        params["options"] = options
    handle = ok(api.call("new_game", params))["handle"]
    actions = 0
    while True:
        view = ok(api.call("view", {"handle": handle, "seat": None}))["view"]
        if view["over"]:
            break
        ok(api.call("bot_act", {"handle": handle, "seat": view["to_act"]}))
        actions += 1
    api.call("close", {"handle": handle})
    return actions

for seed in range(WARMUP):
    play(10_000 + seed)
t0 = time.perf_counter()
actions = sum(play(seed) for seed in range(GAMES))
seconds = time.perf_counter() - t0
print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform, "games": GAMES,
                  "preset": PRESET, "actions": actions, "seconds": seconds,
                  "games_per_s": GAMES / seconds, "actions_per_s": actions / seconds}))
'''


def bench_code(games: int, preset: str) -> str:
    return BENCH_CODE.replace("__GAMES__", str(games)).replace("__PRESET__", repr(preset))


def built_wheel() -> Path:
    info_file = ROOT / "dist" / "site" / "build-info.json"
    if not info_file.exists():
        raise SystemExit("no dist/site/build-info.json: run ./build.sh build first")
    return ROOT / "dist" / "site" / json.loads(info_file.read_text())["wheel"]


def run_cpython(code: str, wheel: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-cpython-") as site:
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(site)
        proc = subprocess.run([sys.executable, "-c", code], cwd=site, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": site})
    if proc.returncode != 0:
        raise SystemExit(f"CPython run failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def run_pyodide(code: str, wheel: Path) -> dict:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed for --runtime pyodide")
    proc = subprocess.run([node, str(RUNNER), "--wheel", str(wheel), "-"], input=code, cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{proc.stderr}")
    result = json.loads(proc.stdout)
    m = re.search(r"startup_ms=(\d+)", proc.stderr)
    result["startup_ms"] = int(m.group(1)) if m else None
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games to time (default 200)")
    ap.add_argument("--preset", default="2022", help="rules preset id (default 2022)")
    ap.add_argument("--runtime", choices=["cpython", "pyodide"], default="cpython")
    ap.add_argument("--both", action="store_true", help="run on CPython and in Pyodide, side by side")
    ap.add_argument("--json", action="store_true", help="print the raw results as JSON")
    args = ap.parse_args(argv)

    wheel = built_wheel()
    code = bench_code(args.games, args.preset)
    runtimes = ["cpython", "pyodide"] if args.both else [args.runtime]
    results = {}
    for rt in runtimes:
        results[rt] = run_cpython(code, wheel) if rt == "cpython" else run_pyodide(code, wheel)

    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print(f"engine speed: {args.games} games of 4 random bots, ONO 99 preset {args.preset}, "
          f"wheel {wheel.name}")
    print(f"{'runtime':<22}{'games/s':>10}{'actions/s':>12}{'ms/game':>10}{'start-up':>11}")
    for rt, r in results.items():
        name = f"{'CPython' if rt == 'cpython' else 'Pyodide'} {r['python']}"
        startup = f"{r['startup_ms']} ms" if r.get("startup_ms") is not None else "-"
        print(f"{name:<22}{r['games_per_s']:>10.1f}{r['actions_per_s']:>12.0f}"
              f"{1000 * r['seconds'] / r['games']:>10.2f}{startup:>11}")
    if len(results) == 2:
        ratio = results["cpython"]["games_per_s"] / results["pyodide"]["games_per_s"]
        print(f"Pyodide is {ratio:.1f}x slower than CPython here")
        if results["cpython"]["actions"] != results["pyodide"]["actions"]:
            print("WARNING: the runtimes played different games (action counts differ)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

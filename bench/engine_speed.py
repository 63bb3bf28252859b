#!/usr/bin/env python3
"""Engine speed: random legal play, on CPython and in Pyodide, optionally against a baseline build.

    python bench/engine_speed.py [--game canasta|ono99|all] [--runtime cpython|pyodide | --both]
                                 [--rounds 5] [--baseline DIR] [--api [--as-json]] [--late] [--instructions] [--json]

Two loops, the same Python source on both runtimes, against the built wheel (dist/site/wheels,
from ./build.sh build): CPython imports the engine's sources (the wheel holds only Pyodide's
bytecode), Pyodide runs the wheel through tests/pyodide_runner.mjs under Node, as the page's worker
would.
- engine (the default): the game module alone, as a peer engine is timed: `legal_actions` of the
  seat to act, a uniformly random choice, `apply`. Canasta plays the first 5 hands of each game (20
  hands a round), ONO 99 whole 4-player games (100 a round). Fixed seeds: every round plays the
  same games.
- api (--api): a person's path, through `pygames_wasm.api.call`, four people at one device: per
  move the public view (whose turn it is), that seat's `legal_actions`, and `act` with a random
  one, until the same number of hands or games.
  Issue 21's target: >= 2x the engine of d2bf4e3 (--baseline).
  --as-json: each call through `api.handle`, JSON text in and out, as the page's worker makes it
  (the reply parsed back here, where the page parses it in JavaScript): what a page's move costs
  the engine, the reply's encoding included.

--late (Canasta, --api's path): one long game of four people playing at random (100 hands at
most and a target of 10,000, so that it runs past move 2,000); each `act` is timed and the medians around move 100 and
around move 2,000 are printed, and their ratio (issue 21: flat in the game's length, <= 1 ms on
CPython at move 2,000).

--baseline DIR times another build in the same run (DIR is a checkout with its own dist/site
built, e.g. `git worktree add ../wt-d2bf4e3 d2bf4e3`), alternating with ours round by round; the
printed speed-up is the median of the per-round ratios, so load on the machine cancels out.
--instructions counts, instead of timing, what one action costs each build on CPython (valgrind's
instruction count, the same on every run however busy the machine; a ratio of instructions is not
one of speed, but it shows a change that timing on a shared machine cannot tell from noise).

Times are the process's CPU time (`time.process_time`), not the wall clock: on a machine shared with
others a process waiting for a core is not slower code.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
RUNNER = ROOT / "tests" / "pyodide_runner.mjs"
from benchkit import instructions  # noqa: E402

BENCH_CODE = r"""
import json, sys, time
from pygames_wasm import api
from pygames_wasm.games import GAMES
from pygames_wasm.core import rng as R

GAME, LOOP, AS_JSON = __GAME__, __LOOP__, __AS_JSON__
LATE_MOVES = 2050  # --late: the acts timed late are moves 1,950 to 2,050
HANDS_PER_GAME = 5  # Canasta: hands timed per game (a whole game can run to 30 hands)
WORK = __WORK__ or {"canasta": 20, "ono99": 100}[GAME]  # hands / games a round
try:  # the test setup came with 128-bit seeds; a baseline build may predate both
    from pygames_wasm.core import NO_SETUP
    def new_state(module, seed):
        return module.new_state(module.make_options({}), NAMES, R.game_rng(seed), NO_SETUP)
except ImportError:
    def new_state(module, seed):
        return module.new_state(module.make_options({}), NAMES, seed)
Stream = getattr(R, "SplitMix64", None) or R.Rng
NAMES = ["A", "B", "C", "D"]
module = GAMES[GAME]

def deals(state):  # finished hands (Canasta) or games (ONO 99)
    return state.hand_no - 1 + state.over if GAME == "canasta" else int(state.over)

def engine_game(seed):
    state, rng, actions = new_state(module, seed), Stream(seed), 0
    while not state.over and deals(state) < HANDS_PER_GAME:
        seat = module.to_act(state)
        module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
        actions += 1
    return deals(state), actions

def ok(reply):
    assert "error" not in reply, reply
    return reply

def call(method, params):
    if AS_JSON:  # as the page's worker calls it (the page parses the reply in JavaScript, this here)
        return json.loads(api.handle(json.dumps({"method": method, "params": params})))
    return api.call(method, params)

def api_game(seed, stop=lambda view, actions: False, timed=None):
    # Four people at one device, through the API, a move at a time: the view (the public one: the
    # table, and whose turn it is), that seat's legal actions, and act with a random one.
    seats = [{"name": n, "kind": "human"} for n in NAMES]
    options = {"hand_limit": 100, "target": 10_000} if timed is not None else {}
    handle = ok(call("new_game", {"game": GAME, "seats": seats, "seed": seed, "options": options}))["handle"]
    rng, actions = Stream(seed), 0
    while True:
        view = ok(call("view", {"handle": handle, "seat": None}))["view"]
        done = view["hand_no"] - 1 + view["over"] if GAME == "canasta" else int(view["over"])  # as deals()
        if view["over"] or done >= HANDS_PER_GAME and timed is None or stop(view, actions):
            break
        seat = view["to_act"]
        choices = ok(call("legal_actions", {"handle": handle, "seat": seat}))["actions"]
        params = {"handle": handle, "seat": seat, "action": rng.choice(choices)}
        t0 = time.process_time()
        ok(call("act", params))
        if timed is not None:
            timed.append(time.process_time() - t0)
        actions += 1
    call("close", {"handle": handle})
    return min(done, HANDS_PER_GAME), actions

if LOOP == "late":
    acts = []
    api_game(7, stop=lambda view, actions: actions >= LATE_MOVES, timed=acts)
    assert len(acts) >= LATE_MOVES, f"the game ended after {len(acts)} moves"
    early, late = sorted(acts[50:150]), sorted(acts[LATE_MOVES - 100:LATE_MOVES])
    print(json.dumps({"python": sys.version.split()[0], "game": GAME, "loop": LOOP, "moves": len(acts),
                      "early_ms": 1000 * early[len(early) // 2], "late_ms": 1000 * late[len(late) // 2]}))
    raise SystemExit

play = engine_game if LOOP == "engine" else api_game
play(10_000)  # warm-up
t0 = time.process_time()
done = actions = seed = 0
while done < WORK:
    d, a = play(seed)
    done, actions, seed = done + d, actions + a, seed + 1
seconds = time.process_time() - t0
print(json.dumps({"python": sys.version.split()[0], "game": GAME, "loop": LOOP, "deals": done,
                  "actions": actions, "seconds": seconds, "actions_per_s": actions / seconds,
                  "deals_per_s": done / seconds}))
"""


def bench_code(game: str, loop: str, work: int | None = None, as_json: bool = False) -> str:
    """The bench's code for one round; `work`: hands (Canasta) or games (ONO 99), if not the usual;
    `as_json`: the api loop's calls through `api.handle`, JSON text in and out."""
    return (
        BENCH_CODE.replace("__GAME__", repr(game))
        .replace("__LOOP__", repr(loop))
        .replace("__WORK__", repr(work))
        .replace("__AS_JSON__", repr(as_json))
    )


def built_wheel(root: Path = ROOT) -> Path:
    info_file = root / "dist" / "site" / "build-info.json"
    if not info_file.exists():
        raise SystemExit(f"no {info_file}: run ./build.sh build there first")
    return root / "dist" / "site" / json.loads(info_file.read_text())["wheel"]


@contextmanager
def cpython_site(wheel: Path) -> Iterator[str]:
    """Where this CPython finds the engine of `wheel`: the wheel unpacked, or, when the wheel holds
    only Pyodide's bytecode (which CPython 3.11 cannot read), the sources it was built from."""
    with tempfile.TemporaryDirectory(prefix="bench-cpython-") as site:
        with zipfile.ZipFile(wheel) as zf:
            sources = any(name.endswith(".py") for name in zf.namelist())
            if sources:
                zf.extractall(site)
        yield site if sources else str(wheel.parents[3])  # <checkout>/dist/site/wheels/<wheel>


def run_cpython(code: str, wheel: Path) -> dict:
    """`code` on this CPython, with the engine of `wheel`."""
    with cpython_site(wheel) as site:
        proc = subprocess.run(
            [sys.executable, "-c", code],
            cwd=site,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": site},
        )
    if proc.returncode != 0:
        raise SystemExit(f"CPython run failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


# --instructions: the work of two runs (hands or games), whose difference is counted per action, so
# that start-up, imports and the warm-up game cancel out.
COUNTED_WORK = {"canasta": (2, 6), "ono99": (10, 40)}


def instructions_per_action(game: str, loop: str, wheel: Path, as_json: bool = False) -> float:
    """What one action of `loop` costs the engine of `wheel` on CPython, in instructions (valgrind)."""
    runs = []
    with cpython_site(wheel) as site:
        for work in COUNTED_WORK[game]:
            command = [sys.executable, "-c", bench_code(game, loop, work, as_json)]
            count, out = instructions(command, cwd=site, env={**os.environ, "PYTHONPATH": site})
            runs.append((count, json.loads(out)["actions"]))
    (fewer, fewer_actions), (more, more_actions) = runs
    return (more - fewer) / (more_actions - fewer_actions)


def run_pyodide(code: str, wheel: Path) -> dict:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed for --runtime pyodide")
    site = wheel.parents[1]  # <site>/wheels/<wheel>: run on what that site ships (its standard library too)
    proc = subprocess.run(
        [node, str(RUNNER), "--site", str(site), "-"], input=code, cwd=ROOT, capture_output=True, text=True
    )
    if proc.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{proc.stderr}")
    result = json.loads(proc.stdout)
    m = re.search(r"startup_ms=(\d+)", proc.stderr)
    result["startup_ms"] = int(m.group(1)) if m else None
    return result


RUN = {"cpython": run_cpython, "pyodide": run_pyodide}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=["canasta", "ono99", "all"], default="all")
    ap.add_argument("--runtime", choices=["cpython", "pyodide"], default="cpython")
    ap.add_argument("--both", action="store_true", help="CPython and Pyodide")
    ap.add_argument("--rounds", type=int, default=5, help="timed rounds; medians are reported (default 5)")
    ap.add_argument("--baseline", type=Path, help="a checkout with dist/site built, timed in the same run")
    ap.add_argument("--api", action="store_true", help="time a person's path (api.call) instead of the module")
    ap.add_argument(
        "--as-json", action="store_true", help="with --api: through api.handle, JSON in and out, as the page"
    )
    ap.add_argument("--late", action="store_true", help="time act early and late in a long Canasta game")
    ap.add_argument("--instructions", action="store_true", help="count instructions per action (CPython, valgrind)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    if args.as_json and not (args.api or args.late):
        ap.error("--as-json changes the api loop: give --api too")
    loop = "late" if args.late else "api" if args.api else "engine"
    builds = {"ours": built_wheel()} | ({"baseline": built_wheel(args.baseline)} if args.baseline else {})
    games = ["canasta"] if args.late else ["canasta", "ono99"] if args.game == "all" else [args.game]
    runtimes = ["cpython", "pyodide"] if args.both else [args.runtime]
    if args.instructions:
        if args.late:
            ap.error("--instructions counts the engine or api loop, not --late")
        return print_instructions(games, loop, builds, args.as_json)
    results = {}
    for game in games:
        for rt in runtimes:
            rounds: dict[str, list[dict]] = {name: [] for name in builds}
            for _ in range(args.rounds):  # alternate, so both builds see the same load
                for name, wheel in builds.items():
                    rounds[name].append(RUN[rt](bench_code(game, loop, as_json=args.as_json), wheel))
            results[(game, rt)] = rounds

    if args.json:
        print(json.dumps({f"{g}/{rt}": r for (g, rt), r in results.items()}, indent=1))
        return 0
    if args.late:
        return print_late(results, args)
    unit = {"canasta": "hands", "ono99": "games"}
    print(
        f"engine speed, {loop} loop{' through api.handle (JSON)' if args.as_json else ''}, random legal play,"
        f" medians of {args.rounds} rounds" + (f"; baseline {args.baseline}" if args.baseline else "")
    )
    print(
        f"{'game':<9}{'runtime':<18}{'build':<10}{'actions/s':>11}{'deals/s':>10}"
        + ("   speed-up (median of per-round ratios)" if args.baseline else "")
    )
    for (game, rt), rounds in results.items():
        for name, runs in rounds.items():
            line = (
                f"{game:<9}{rt + ' ' + runs[0]['python']:<18}{name:<10}"
                f"{statistics.median(r['actions_per_s'] for r in runs):>11.0f}"
                f"{statistics.median(r['deals_per_s'] for r in runs):>9.1f} {unit[game][0]}"
            )
            if name == "ours" and "baseline" in rounds:
                ratios = [a["actions_per_s"] / b["actions_per_s"] for a, b in zip(runs, rounds["baseline"])]
                line += (
                    f"   {statistics.median(ratios):.2f}x actions/s  (rounds: {', '.join(f'{x:.2f}' for x in ratios)})"
                )
            print(line)
    return 0


def print_instructions(games: list[str], loop: str, builds: dict[str, Path], as_json: bool) -> int:
    how = " through api.handle (JSON)" if as_json else ""
    print(f"instructions per action, {loop} loop{how}, random legal play, CPython (valgrind: the same on every run)")
    for game in games:
        counts = {name: instructions_per_action(game, loop, wheel, as_json) for name, wheel in builds.items()}
        line = f"{game:<9}" + "".join(f"{name} {count:>12,.0f}   " for name, count in counts.items())
        if "baseline" in counts:
            line += f"baseline / ours {counts['baseline'] / counts['ours']:.2f}x"
        print(line)
    return 0


def print_late(results: dict, args: argparse.Namespace) -> int:
    print(f"act early and late in one Canasta game of four people playing at random, medians of {args.rounds} runs")
    print(f"{'runtime':<18}{'build':<10}{'move ~100':>11}{'move ~2,000':>13}{'late/early':>12}")
    for (_, rt), rounds in results.items():
        for name, runs in rounds.items():
            early = statistics.median(r["early_ms"] for r in runs)
            late = statistics.median(r["late_ms"] for r in runs)
            print(f"{rt + ' ' + runs[0]['python']:<18}{name:<10}{early:>9.3f} ms{late:>11.3f} ms{late / early:>11.2f}x")
    print("target (issue 21): flat in the game's length, <= 1 ms on CPython at move 2,000")
    return 0


if __name__ == "__main__":
    sys.exit(main())

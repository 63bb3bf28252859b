#!/usr/bin/env python3
"""Where a resume's time goes in Pyodide: the first `load` in a fresh runtime against the ones after
it, under Node, with V8 compiling Pyodide's WebAssembly as a browser does and then ahead of time.

    .venv/bin/python bench/resume_node.py [--runs 3] [--loads 8] [--site dist/site]

The records are bench/page_speed.py's long Canasta games (595 and 2,449 moves, each with the
checkpoint the page's worker keeps); each is loaded `--loads` times through `api.handle`, as the
worker sends it, in a fresh Node process per run (tests/pyodide_runner.mjs, on what the site ships).
Two ways of compiling:
- as a browser does: each WebAssembly function compiled on its first call (Liftoff), the hot ones
  compiled again, optimized, in the background;
- ahead of time (`node --no-wasm-lazy-compilation --no-liftoff`, which no page can ask for): every
  function optimized before Python starts.
What the first load costs beyond the later ones in the first way, and not in the second, is V8
compiling code that Python's start-up did not run: issue 21's resume target (p95 <= 30 ms in the
page) is measured on that first call, the one a reload makes.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from page_speed import long_records  # noqa: E402

TIMED_LOADS = r"""
import json, time
from pygames_wasm import api
out = []
for _ in range(LOADS):
    t0 = time.perf_counter()
    reply = json.loads(api.handle(REQUEST))
    out.append(1000 * (time.perf_counter() - t0))
    api.handle(json.dumps({"method": "close", "params": {"handle": reply["handle"]}}))
print(json.dumps(out))
"""

COMPILING = {
    "as a browser does": [],
    "ahead of time": ["--no-wasm-lazy-compilation", "--no-liftoff"],
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3, help="fresh Node processes per way of compiling")
    ap.add_argument("--loads", type=int, default=8, help="loads of each record in a process")
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    args = ap.parse_args()
    node = shutil.which("node") or sys.exit("node is needed")
    print(
        f"load in Pyodide under Node, ms, a fresh runtime per run: its first call; the {args.loads - 1} after (median)"
    )
    for record, checkpoint in long_records().values():
        request = json.dumps({"method": "load", "params": {"record": record, "checkpoint": checkpoint, "lang": "en"}})
        code = f"REQUEST = {request!r}\nLOADS = {args.loads}\n{TIMED_LOADS}"
        for way, flags in COMPILING.items():
            runs = [run_node([node, *flags], code, args.site) for _ in range(args.runs)]
            firsts = ", ".join(f"{run[0]:.0f}" for run in runs)
            later = ", ".join(f"{statistics.median(run[1:]):.0f}" for run in runs)
            print(f"  {len(record['actions']):5d} moves, {way:18s} first {firsts}; later {later}")
    return 0


def run_node(command: list[str], code: str, site: Path) -> list[float]:
    runner = [str(ROOT / "tests" / "pyodide_runner.mjs"), "--site", str(site), "-"]
    proc = subprocess.run(command + runner, input=code, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"Pyodide run failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


if __name__ == "__main__":
    raise SystemExit(main())

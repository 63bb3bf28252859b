#!/usr/bin/env python3
"""Our Canasta against the peer engine canasta-openspiel (../shared/peers), random legal play,
alternating rounds on CPython; prints the median per-round ratios.

    python bench/peer_canasta.py [--rounds 5] [--peer-python ../peer-venv/bin/python]

Needs the peer's venv (../shared/peers/README.md says how) and a built site (./build.sh build).
Both engines are timed by their process's CPU time (the peer's runner is made to). Issue 21's
target: >= 1.5x player actions per second.
The peer's hands are shorter (it stops at the next deal, and often when its stock runs out), so
player actions per second are compared first, hands per second second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from engine_speed import bench_code, built_wheel, run_cpython  # noqa: E402

PEER = ROOT.parent / "shared" / "peers" / "run_canasta_openspiel.py"
# The peer's runner, timed by its process's CPU time as engine_speed.py times ours: on a machine
# shared with others the wall clock counts the time a process waits for a core.
PEER_BY_CPU_TIME = """import runpy, sys, time
time.perf_counter = time.process_time
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--peer-python", default=str(ROOT.parent / "peer-venv" / "bin" / "python"))
    ap.add_argument("--peer-seconds", type=float, default=8.0)
    args = ap.parse_args(argv)
    wheel = built_wheel()
    actions, hands = [], []
    for _ in range(args.rounds):
        peer = json.loads(
            subprocess.run(
                [args.peer_python, "-c", PEER_BY_CPU_TIME, str(PEER), str(args.peer_seconds)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        ours = run_cpython(bench_code("canasta", "engine"), wheel)
        actions.append(ours["actions_per_s"] / peer["player_actions_per_s"])
        hands.append(ours["deals_per_s"] / peer["hands_per_s"])
        print(
            f"  peer {peer['player_actions_per_s']:>7} actions/s {peer['hands_per_s']:6.1f} hands/s;"
            f"  ours {ours['actions_per_s']:>7.0f} actions/s {ours['deals_per_s']:6.1f} hands/s"
        )
    print(
        f"ours / peer, median of {args.rounds} rounds: {statistics.median(actions):.2f}x player actions per second,"
        f" {statistics.median(hands):.2f}x hands per second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

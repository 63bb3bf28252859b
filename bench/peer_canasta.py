#!/usr/bin/env python3
"""Our Canasta against the peer engine canasta-openspiel (../shared/peers), random legal play,
alternating rounds on CPython; prints the median per-round ratios.

    python bench/peer_canasta.py [--rounds 5] [--peer-python ../peer-venv/bin/python] [--instructions]

Needs the peer's venv (../shared/peers/README.md says how) and a built site (./build.sh build).
Both engines are timed by their process's CPU time (the peer's runner is made to). Issue 21's
target: >= 1.5x player actions per second.
The peer's hands are shorter (it stops at the next deal, and often when its stock runs out), so
player actions per second are compared first, hands per second second.
--instructions counts instead what each engine executes per player action (valgrind's
cachegrind): a second figure, the same on every run where the clock on a shared machine is not.
The two run at different instructions per second (ours is interpreted dict and list work, the
peer's partly OpenSpiel's C++), so the clock's ratio is the one the target means.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from benchkit import instructions  # noqa: E402
from engine_speed import bench_code, built_wheel, run_cpython  # noqa: E402

PEER = ROOT.parent / "shared" / "peers" / "run_canasta_openspiel.py"
# Ours plays this many hands a round (~1 s of CPU, as the peer's seconds are): engine_speed.py's
# usual 20 hands take ~0.07 s, too short a stretch to time steadily.
OUR_HANDS = 300
# The peer's runner, timed by its process's CPU time as engine_speed.py times ours: on a machine
# shared with others the wall clock counts the time a process waits for a core.
PEER_BY_CPU_TIME = """import runpy, sys, time
time.perf_counter = time.process_time
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""
# The peer's runner with a clock that counts its hands: asked for N "seconds", it plays N - 1 hands.
PEER_BY_HANDS = """import itertools, runpy, sys, time
time.perf_counter = itertools.count().__next__
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""
# Ours for --instructions: random legal play as engine_speed.py's engine loop, N games of 5 hands.
OURS_GAMES = """import sys
from pygames_wasm.games import canasta as C
from pygames_wasm.core import NO_SETUP, game_rng
from pygames_wasm.core.rng import SplitMix64
actions = 0
for seed in range(int(sys.argv[1])):
    state, rng = C.new_state(C.make_options({}), list("ABCD"), game_rng(seed), NO_SETUP), SplitMix64(seed)
    while not state.over and state.hand_no - 1 + state.over < 5:
        seat = C.to_act(state)
        C.apply(state, seat, rng.choice(C.legal_actions(state, seat)))
        actions += 1
print(actions)
"""


def per_action(command: list[str], work: int, actions_of, **run) -> float:
    """Instructions per player action: `work` played, less the same command with none (start-up)."""
    busy, out = instructions([*command, str(work)], **run)
    idle, _ = instructions([*command, "0"], **run)
    return (busy - idle) / actions_of(out)


def count_instructions(peer_python: str) -> None:
    ours = per_action([sys.executable, "-c", OURS_GAMES], 3, int, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    peer = per_action([peer_python, "-c", PEER_BY_HANDS, str(PEER)], 41, lambda out: json.loads(out)["player_actions"])
    print(f"instructions per player action: ours {ours:,.0f}, the peer {peer:,.0f} (ours / peer {ours / peer:.2f})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--peer-python", default=str(ROOT.parent / "peer-venv" / "bin" / "python"))
    ap.add_argument("--peer-seconds", type=float, default=8.0)
    ap.add_argument("--instructions", action="store_true", help="count instructions per action instead (valgrind)")
    args = ap.parse_args(argv)
    if args.instructions:
        count_instructions(args.peer_python)
        return 0
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
        ours = run_cpython(bench_code("canasta", "engine", OUR_HANDS), wheel)
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

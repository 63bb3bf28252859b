#!/usr/bin/env python3
"""How strong the Hard player is, as issue 22 asks: per game and table size, Normal, Hard and the
Oracle (Hard's search given every hand, pygames_wasm/oracle.py) against Normal players, and Hard's
share of the gap (Hard - Normal) / (Oracle - Normal).

    python bench/hard_strength.py [--games 200] [--cells ono99/2,three_up/4] [--deals N] [--jobs 2]

Each cell is two arenas of `--games` games (duplicate deals, seat-rotated, seeds from 1): Hard against
Normal and the Oracle against Normal, at the arena's deals per decision unless `--deals` says. The
results are kept in `--data` (a run that stops resumes there; delete it to measure again) and the
table is printed. `python -m pygames_wasm arena --report` does the same for docs/strength.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames_wasm import arena  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per arena (deals x rotations)")
    ap.add_argument("--cells", help="only these, e.g. ono99/2,canasta/4 (default: every game and table size)")
    ap.add_argument("--deals", type=int, help="deals per decision (default: each game's arena count)")
    ap.add_argument("--kinds", default="hard,oracle", help=f"levels to measure, of {','.join(arena.YARDSTICK)}")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--data", type=Path, default=Path("/tmp/hard_strength.json"), help="where results are kept")
    args = ap.parse_args(argv)
    data = json.loads(args.data.read_text()) if args.data.exists() else {}
    arena.measure(
        data, arena.chosen_cells(args.cells), args.kinds.split(","), args.games, args.deals, args.jobs, args.data
    )
    rows, commands = arena.table(data)
    print("\n".join(rows))
    print("\nCommands (each row's two arenas):\n" + "\n".join(commands))
    return 0


if __name__ == "__main__":
    sys.exit(main())

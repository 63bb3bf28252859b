"""`python -m pygames_wasm`: the command line, `simulate` (bot games at speed, invariants checked) and
`arena` (bots against bots, seat-rotated on duplicate deals). The arena plays its games with the
simulator's `play_one`, so only this module knows both."""

import argparse

from . import arena, oracle, simulate
from .bots import BOTS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames_wasm")
    sub = parser.add_subparsers(dest="command", required=True)
    simulate.add_parser(sub)
    arena.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "arena" and args.report:
        return arena.run(args)
    if args.game is None:
        parser.error("say which game")
    kinds = set(BOTS[args.game]) | {oracle.KIND}
    unknown = set(args.bots.split(",")) - kinds
    if unknown:
        parser.error(f"unknown bot kind {sorted(unknown)[0]!r}; choose from {', '.join(sorted(kinds))}")
    return arena.run(args) if args.command == "arena" else simulate.run(args)

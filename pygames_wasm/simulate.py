"""Bot-only games at speed, checking the game's invariants after every action.

    python -m pygames_wasm simulate ono99 --games 1000 --seconds 0 --players 4 --seed 7 --bots heuristic,random

Prints wins per seat and per kind of bot, the average game length and games per second; exits
non-zero on the first invariant failure (with the seed that reproduces it). A partnership game (its
module defines `teams(state)`, e.g. Canasta) also gets one line per team, and its bot list repeats
from the start so that partners play the same kind: `--bots heuristic,random` is heuristic seats
1 and 3 against random seats 2 and 4. A module may define `simulation_counts(state) -> {label: n}`:
counts of a finished game (how its rounds ended, say) that are added up and printed, one line each.
"""

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from . import oracle
from .bots import BOTS
from .bots.search import Budget
from .core.game import GameState
from .core.match import Match
from .core.rules import final_winners
from .games import GAMES

MAX_ACTIONS = 20000  # a game longer than this is taken as one that never ends


def play_one(
    game: str,
    options: dict[str, Any],
    kinds: list[str],
    seed: int,
    budget: Budget | None = None,
    times: dict[str, list[float]] | None = None,
    checked: bool = True,
) -> Match[Any, Any]:
    """One bot game, invariants checked after every action (unless not `checked`: a test of the bots'
    strength, whose games the property tests check). `budget`: how long searching bots think;
    `times`: if given, {kind: [ms per decision]} gets each decision's CPU time. Besides the lobby's bots,
    the Oracle (pygames_wasm/oracle.py) may sit: it reads this game."""
    seats = [{"name": f"Seat {i + 1} ({kind})", "kind": "bot", "bot": kind} for i, kind in enumerate(kinds)]
    bots = BOTS[game] | {oracle.KIND: oracle.player(game, lambda: match.state)}
    match = Match(GAMES[game], bots, options, seats, seed)
    check = GAMES[game].check_invariants if checked else lambda state: None
    check(match.state)
    while not match.state.over:
        if len(match.actions) >= MAX_ACTIONS:
            raise AssertionError(f"no end after {MAX_ACTIONS} actions")
        seat = GAMES[game].to_act(match.state)
        assert seat is not None, "a game that is not over waits for somebody"
        start = time.process_time()  # CPU time: other work on the machine does not lengthen it
        action = match.bot_move(seat, budget)
        if times is not None:
            times.setdefault(kinds[seat], []).append((time.process_time() - start) * 1000)
        match.act(seat, action)
        check(match.state)
    return match


def seat_kinds(spec: str, players: int, partnerships: bool = False) -> list[str]:
    """'heuristic,random' for 4 players -> heuristic, random, random, random (the last repeats); in a
    partnership game the list repeats from the start -> heuristic, random, heuristic, random, so
    partners (seats 1 and 3, seats 2 and 4) are the same kind."""
    kinds = spec.split(",")
    if partnerships:
        return [kinds[i % len(kinds)] for i in range(players)]
    return (kinds + [kinds[-1]] * players)[:players]


def run(args: argparse.Namespace) -> int:
    module = GAMES[args.game]
    kinds = seat_kinds(args.bots, args.players, hasattr(module, "teams"))
    # Partners as seated, so that partners are the same kind of bot (unless --options says otherwise).
    options = getattr(module, "FIXED_TEAMS", {}) | (json.loads(args.options) if args.options else {})
    if args.preset:
        options = {"version": args.preset} | options
    wins: defaultdict[int, float] = defaultdict(float)  # a shared win counts a share to each winner
    wins_by_kind: defaultdict[str, float] = defaultdict(float)
    team_wins: Counter[int] = Counter()
    actions, rounds = 0, 0
    # Optional hooks: a partnership game's teams (a list of seat lists), a game's own counts.
    teams: Callable[[GameState], list[list[int]]] | None = getattr(GAMES[args.game], "teams", None)
    counting: Callable[[GameState], dict[str, int]] | None = getattr(module, "simulation_counts", None)
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    games = 0
    while games < args.games and (games == 0 or not args.seconds or time.perf_counter() - start < args.seconds):
        seed = args.seed + games
        games += 1
        try:
            match = play_one(args.game, options, kinds, seed)
        except AssertionError as failure:
            print(f"INVARIANT FAILED in game seed={seed}: {failure}", file=sys.stderr)
            return 1
        winners = final_winners(match.state)
        for seat in winners:
            share = 1 / len(winners)
            wins[seat] += share
            wins_by_kind[kinds[seat]] += share
        if teams:
            for i_team, seats in enumerate(teams(match.state)):
                team_wins[i_team] += set(seats) <= set(winners)
        actions += len(match.actions)
        rounds += getattr(match.state, "round", 1)
        if counting:
            counts.update(counting(match.state))
    seconds = time.perf_counter() - start
    print(f"{games} games of {args.game}, {args.players} players, seeds {args.seed}..{args.seed + games - 1}")
    for seat, kind in enumerate(kinds):
        print(f"  seat {seat + 1} ({kind}): {wins[seat]:.1f} wins ({100 * wins[seat] / games:.1f}%)")
    for kind in sorted(set(kinds)):
        seated = kinds.count(kind)
        rate = wins_by_kind[kind] / games
        print(
            f"  {kind} ({seated} seat{'s' if seated > 1 else ''}): {100 * rate:.1f}% of wins, "
            f"{100 * rate / seated:.1f}% per seat (fair share {100 / args.players:.1f}%)"
        )
    if teams:
        for i_team, seats in enumerate(teams(match.state)):
            names = "+".join(str(s + 1) for s in seats)
            print(
                f"  team of seats {names} ({','.join(kinds[s] for s in seats)}): {team_wins[i_team]} wins "
                f"({100 * team_wins[i_team] / games:.1f}%)"
            )
    for label, total in counts.items():
        print(f"  {label}: {total}")
    print(f"  average length: {actions / games:.1f} actions, {rounds / games:.2f} rounds")
    print(f"  speed: {games / seconds:.1f} games/s ({seconds:.2f} s); invariants held after every action")
    return 0


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    sim = sub.add_parser("simulate", help="play bot games and check invariants")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100)
    # Every action is checked, which makes a long game slow (a four-seat Own Trumps match of random
    # players is ~1,500 actions, a few seconds): by default no new game starts after this many seconds.
    sim.add_argument("--seconds", type=float, default=5, help="start no game after this long (0: play --games)")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="random", help="comma-separated bot kinds per seat; the last repeats")
    sim.add_argument("--preset", help="a rules preset, e.g. 1980")
    sim.add_argument("--options", help="game options as JSON")

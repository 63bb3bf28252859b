"""Bot against bot, fairly: seat-rotated games with duplicate deals.

    python -m pygames_wasm arena ono99 --players 2 --bots hard,normal --games 1000 --seed 7
    python -m pygames_wasm arena --report --games 1000 --jobs 2

Each deal (seed) is played once per rotation of the seats (hard,normal then normal,hard), so luck
of the cards cancels out; `--games` counts every game played. Prints each kind of bot's win rate per
seat with a 95% interval, the games per second and each kind's decision time (p50/p95, in CPU time
of the process, so that other work on the machine does not lengthen it).

The interval is over deals: each deal gives a kind its mean result over the rotations, and those
means are independent, unlike the games of one deal. A partnership's win counts for both partners; a
win shared by several players (or teams) counts as a share, and a game with no winner (a draw) as
an equal share for all.

Searching bots think for a fixed number of deals (`--deals`, default the game's own), not for a
time, so that a run gives the same numbers on any machine; `--think-ms` uses the clock instead.
`--jobs 2` plays deals in two processes. Besides the lobby's kinds, the Oracle (pygames_wasm/oracle.py)
may sit: the Hard player's search given every hand, the yardstick of Hard's strength.

`--report` measures the published strength of the computer players (docs/strength.md): for every
game and table size, Easy, Hard and the Oracle each against Normal players on the same deals, and
Hard's share of the gap `(Hard - Normal) / (Oracle - Normal)`. Each measurement is kept in
docs/strength.json as it goes (every SAVE_EVERY games: a run that stops resumes there; one made
again at a new count of deals replaces the old figures once it is whole); the page's side
(bench/hard_speed.py --save) adds the Chromium worker's decision times and deals. The same run writes the win rates the lobby
quotes in each level's line (pygames_wasm/bots/strength.json). `--report` with `--games 0` only
writes the page and the lobby's figures.
"""

import argparse
import json
import math
import random
import statistics
import time
from collections import Counter, defaultdict
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from . import oracle
from .bots import SEARCH
from .bots.search import Budget
from .core import i18n
from .core.game import GameModule, GameState
from .core.rules import final_winners
from .games import GAMES
from .simulate import play_one, seat_kinds

# The measurements of docs/strength.md: every game, heads-up and at four seats (Canasta is four).
CELLS = [
    ("ono99", 2),
    ("ono99", 4),
    ("three_up", 2),
    ("three_up", 4),
    ("own_trumps", 2),
    ("own_trumps", 4),
    ("canasta", 4),
]
YARDSTICK = ("easy", "hard", oracle.KIND)  # each measured against Normal players
QUOTED = ("easy", "hard")  # the levels whose win rates the lobby quotes
REPORT = Path("docs/strength.md")
LOBBY_FIGURES = Path(__file__).resolve().parent / "bots" / "strength.json"
REPORT_SEED = 1
BOOTSTRAP = 2000  # resamples of the deals for the gap share's interval
SAVE_EVERY = 100  # games a report's measurement plays between saves of docs/strength.json
GAMES_UNLESS_TOLD = 100  # an arena's games when --games is not given (never a report's: it replaces nothing)
HEADS_UP_GOAL = 0.70  # Hard's win rate asked for against one Normal player (issue 22), where the cards allow


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    arena = sub.add_parser("arena", help="bots against bots with seat rotation and duplicate deals")
    arena.add_argument("game", nargs="?", choices=sorted(GAMES))
    arena.add_argument("--players", type=int, default=2)
    arena.add_argument("--bots", default="hard,normal", help="comma-separated kinds per seat; the last repeats")
    arena.add_argument(
        "--games",
        type=int,
        help=f"games in all (deals x rotations; {GAMES_UNLESS_TOLD} unless told); with --report, each measurement "
        "is played to this many (without it, the page is only written again)",
    )
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--deals", type=int, help="imagined deals per decision of a searching bot")
    arena.add_argument("--think-ms", type=float, help="thinking time per decision instead of --deals")
    arena.add_argument("--options", help="game options as JSON")
    arena.add_argument("--jobs", type=int, default=1)
    arena.add_argument("--report", action="store_true", help=f"measure every game and write {REPORT}")
    arena.add_argument("--cells", help="with --report: only these, e.g. ono99/2,canasta/4")
    arena.add_argument("--kinds", help=f"with --report: only these of {','.join(YARDSTICK)}")


def rotations(kinds: list[str]) -> list[list[str]]:
    """The distinct rotations of the seat kinds: every kind sits in every seat in turn."""
    seen: list[list[str]] = []
    for shift in range(len(kinds)):
        rotated = kinds[shift:] + kinds[:shift]
        if rotated not in seen:
            seen.append(rotated)
    return seen


def arena_budget(game: str, players: int, deals: int | None = None, think_ms: float | None = None) -> Budget:
    if think_ms is not None:
        return Budget(ms=think_ms, deals=None)
    search = SEARCH.get(game)
    return Budget(ms=None, deals=deals or (search.deals_at(players) if search else 1))


# A deal to play: (game, options, seatings, seed, budget)
Job = tuple[str, dict[str, Any], list[list[str]], int, Budget]


def play_deal(job: Job) -> dict[str, Any]:
    """Every rotation of one deal: each kind's mean result per seat, game lengths, decision times."""
    game, options, seatings, seed, budget = job
    share: defaultdict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = {}
    actions = 0
    for kinds in seatings:
        match = play_one(game, options, kinds, seed, budget, times)
        for seat, result in enumerate(results(GAMES[game], match.state)):
            share[kinds[seat]] += result / kinds.count(kinds[seat])
        actions += len(match.actions)
    fair = statistics.fmean(results(GAMES[game], match.state))  # 1 / the number of sides
    return {"share": {k: v / len(seatings) for k, v in share.items()}, "times": times, "actions": actions, "fair": fair}


def results(module: GameModule[Any, Any], state: GameState) -> list[float]:
    """Each seat's result in a finished game, 0 to 1: its side's share of the win (a side is a team in
    a partnership game, else a seat)."""
    sides = module.teams(state) if hasattr(module, "teams") else [[seat] for seat in range(len(state.names))]
    won = [side for side in sides if set(side) <= set(final_winners(state))] or sides  # no winner: a draw
    out = [0.0] * len(state.names)
    for side in won:
        for seat in side:
            out[seat] = 1 / len(won)
    return out


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation over independent deals)."""
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(values))


def timing(counts: dict[str, int]) -> dict[str, Any]:
    """Decision times in brief, from their counts per whole millisecond: how many, the median and the
    95th percentile (ms), and the counts themselves (so that a measurement can be extended)."""
    ordered = sorted((int(ms), n) for ms, n in counts.items())
    decisions = sum(n for _, n in ordered)

    def at(q: float) -> float:
        rank = min(decisions - 1, int(q * decisions))  # the rank in the sorted times
        for ms, n in ordered:
            rank -= n
            if rank < 0:
                return float(ms)
        return 0.0

    return {"decisions": decisions, "p50": at(0.5), "p95": at(0.95), "ms": {str(ms): n for ms, n in ordered}}


def millisecond_counts(times: list[float]) -> dict[str, int]:
    """Decision times (ms) counted per whole millisecond."""
    return Counter(str(round(t)) for t in times)


def play(
    game: str, players: int, spec: str, games: int, seed: int, budget: Budget, options: str | None = None, jobs: int = 1
) -> dict[str, Any]:
    """Play an arena: `games` games in all, seat-rotated on deals seeded `seed`, `seed + 1`, ...: the
    seatings, each kind's result per deal, its decision times, the game lengths and the time it took."""
    module = GAMES[game]
    kinds = seat_kinds(spec, players, hasattr(module, "teams"))
    chosen = getattr(module, "FIXED_TEAMS", {}) | (json.loads(options) if options else {})
    seatings = rotations(kinds)
    deals = max(1, games // len(seatings))
    work = [(game, chosen, seatings, seed + i, budget) for i in range(deals)]
    start = time.perf_counter()
    if jobs > 1:
        with get_context("fork").Pool(jobs) as pool:
            played = pool.map(play_deal, work, chunksize=max(1, deals // (8 * jobs)))
    else:
        played = [play_deal(job) for job in work]
    return {
        "game": game,
        "players": players,
        "kinds": kinds,
        "seatings": len(seatings),
        "deals": deals,
        "games": deals * len(seatings),
        "seed": seed,
        "budget": budget_of(budget),
        "fair": played[0]["fair"],
        "shares": {kind: [r["share"].get(kind, 0.0) for r in played] for kind in dict.fromkeys(kinds)},
        "times": {
            kind: timing(millisecond_counts([t for r in played for t in r["times"].get(kind, [])]))
            for kind in dict.fromkeys(kinds)
        },
        "actions": sum(r["actions"] for r in played),
        "seconds": time.perf_counter() - start,
        "jobs": jobs,
    }


def run(args: argparse.Namespace) -> int:
    if args.report:
        return report(args)
    budget = arena_budget(args.game, args.players, args.deals, args.think_ms)
    out = play(
        args.game, args.players, args.bots, args.games or GAMES_UNLESS_TOLD, args.seed, budget, args.options, args.jobs
    )
    kinds, games = out["kinds"], out["games"]
    thinking = f"{budget.deals} deals a decision" if budget.ms is None else f"{budget.ms:g} ms a decision"
    thinking = f", Hard thinks {thinking}" if {"hard", oracle.KIND} & set(kinds) else ""
    print(
        f"{games} games of {args.game} ({out['deals']} deals x {out['seatings']} seatings), {args.players} players, "
        f"seeds {args.seed}..{args.seed + out['deals'] - 1}{thinking}; fair share {100 * out['fair']:.1f}%"
    )
    for kind, shares in out["shares"].items():
        mean, half = interval(shares)
        times = out["times"][kind]
        print(
            f"  {kind}: wins {100 * mean:.1f}% per seat (95% interval {100 * (mean - half):.1f} to "
            f"{100 * (mean + half):.1f}), decisions {times['decisions']}, p50 {times['p50']:.1f} ms, "
            f"p95 {times['p95']:.1f} ms"
        )
    seconds = out["seconds"]
    print(f"  average length: {out['actions'] / games:.1f} actions")
    print(f"  speed: {games / seconds:.2f} games/s ({seconds:.1f} s, {args.jobs} job{'s' if args.jobs > 1 else ''})")
    return 0


# --- The published report ----------------------------------------------------------------------------


def gap_share(hard: list[float], best: list[float], fair: float, rng: random.Random) -> dict[str, float | None]:
    """Hard's share of the gap between Normal (the fair share, exactly: Normal against itself) and the
    Oracle, with a 95% interval by resampling the deals (both played the same deals, so they are
    resampled in pairs). None where the Oracle is not clearly ahead of Normal in a resample."""
    n = len(hard)

    def share(picks: list[int]) -> float | None:
        gap = statistics.fmean(best[i] for i in picks) - fair
        return (statistics.fmean(hard[i] for i in picks) - fair) / gap if gap > 0 else None

    value = share(list(range(n)))
    samples = [share([rng.randrange(n) for _ in range(n)]) for _ in range(BOOTSTRAP)]
    finite = sorted(s for s in samples if s is not None)
    if value is None or len(finite) < 0.975 * BOOTSTRAP:  # the Oracle's lead is within the noise
        return {"share": value, "low": None, "high": None}
    return {"share": value, "low": finite[int(0.025 * len(finite))], "high": finite[int(0.975 * len(finite)) - 1]}


def cell_key(game: str, players: int, kind: str) -> str:
    return f"{game}/{players}/{kind}"


def measure(
    data: dict[str, Any],
    cells: list[tuple[str, int]],
    kinds: list[str],
    games: int,
    deals: int | None,
    jobs: int,
    save: Path,
) -> None:
    """Play each of `kinds` against Normal in each cell that `data` does not hold yet at this many
    games (seeds from REPORT_SEED), saving `data` to `save` every SAVE_EVERY games: a measurement that
    stops (hours long at the page's counts) resumes where it was. A cell measured on fewer games with
    the same budget is extended with the deals it lacks (the next seeds): the same figures as one run
    of them all. A cell measured at another budget is measured again apart (data["partial"]) and
    replaces the old figures only once it has all its games, so that the page never shows fewer games
    than were asked for in place of a longer measurement."""
    found = data.setdefault("arena", {})
    for game, players in cells:
        for kind in kinds:
            key = cell_key(game, players, kind)
            old = found.get(key)
            budget = arena_budget(game, players, deals)
            if old and old["games"] >= games and old["budget"] == budget_of(budget):
                continue  # measured already (at another count of deals, it is measured again)
            partial = data.setdefault("partial", {})
            store = found if old and extendable(old, budget) else partial
            if store is found:
                partial.pop(key, None)  # a remeasurement at another count, made obsolete
            kept = store.get(key) if key in store and extendable(store[key], budget) else None
            print(f"{key}: {games} games ({kept['games'] if kept else 0} of them kept)...", flush=True)
            while kept is None or kept["games"] < games:
                count = min(SAVE_EVERY, games - (kept["games"] if kept else 0))
                first = REPORT_SEED + (kept["deals"] if kept else 0)
                more = play(game, players, f"{kind},normal", count, first, budget, None, jobs)
                kept = store[key] = extended(kept, more) if kept else more
                if kept["games"] >= games and store is partial:
                    found[key] = partial.pop(key)
                if not partial:
                    data.pop("partial", None)
                save.write_text(json.dumps(data, indent=1) + "\n")
                print(f"  {key}: {kept['games']} of {games} games, saved", flush=True)


def extendable(cell: dict[str, Any], budget: Budget) -> bool:
    """A measurement that more deals can extend: played from REPORT_SEED at `budget`, with its decision
    times kept per millisecond (older measurements kept only their percentiles)."""
    same_budget = cell["budget"] == budget_of(budget)
    return cell["seed"] == REPORT_SEED and same_budget and all("ms" in t for t in cell["times"].values())


def budget_of(budget: Budget) -> dict[str, float | None]:
    """A budget as a measurement keeps it."""
    return {"ms": budget.ms, "deals": budget.deals}


def extended(old: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    """One measurement from `old` and `more`, played on the deals that follow `old`'s."""
    assert more["seed"] == old["seed"] + old["deals"] and more["kinds"] == old["kinds"]
    times = {kind: timing(Counter(t["ms"]) + Counter(more["times"][kind]["ms"])) for kind, t in old["times"].items()}
    return old | {
        "deals": old["deals"] + more["deals"],
        "games": old["games"] + more["games"],
        "shares": {kind: old["shares"][kind] + more["shares"][kind] for kind in old["shares"]},
        "times": times,
        "actions": old["actions"] + more["actions"],
        "seconds": old["seconds"] + more["seconds"],
    }


def chosen_cells(spec: str | None) -> list[tuple[str, int]]:
    """CELLS, or those named in `spec` (e.g. "ono99/2,canasta/4")."""
    return [c for c in CELLS if not spec or f"{c[0]}/{c[1]}" in spec.split(",")]


def report(args: argparse.Namespace) -> int:
    """Play every measurement of docs/strength.md that docs/strength.json does not hold yet at
    --games games (none without --games: a report asked for no games must not replace a long
    measurement made at an older count of deals with a short one), then write the page."""
    data_path = REPORT.with_suffix(".json")
    data = json.loads(data_path.read_text()) if data_path.exists() else {}
    if args.games:
        kinds = args.kinds.split(",") if args.kinds else list(YARDSTICK)
        measure(data, chosen_cells(args.cells), kinds, args.games, args.deals, args.jobs, data_path)
    REPORT.write_text(render(data))
    LOBBY_FIGURES.write_text(json.dumps(lobby_figures(data), indent=1, sort_keys=True) + "\n")
    print(f"wrote {REPORT} and {LOBBY_FIGURES.name}")
    return 0


def lobby_figures(data: dict[str, Any]) -> dict[str, dict[str, dict[str, float]]]:
    """game -> level -> table size -> its win rate per seat against Normal players, to the percent:
    what the lobby's line on each level quotes (bots.levels)."""
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for key, row in sorted(data.get("arena", {}).items()):
        game, players, kind = key.split("/")
        if kind in QUOTED:
            rate = round(statistics.fmean(row["shares"][kind]), 2)
            figures.setdefault(game, {}).setdefault(kind, {})[players] = rate
    return figures


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def spread(mean: float, half: float) -> str:
    """A win rate's interval, within 0 to 100% (the normal approximation can pass them on few deals)."""
    return f"{pct(max(0.0, mean - half))} to {pct(min(1.0, mean + half))}"


def render(data: dict[str, Any]) -> str:
    """docs/strength.md from the measurements."""
    browser = data.get("browser", {})
    lines = [
        "# How strong the computer players are",
        "",
        "Written by `python -m pygames_wasm arena --report` from docs/strength.json (do not edit by hand);",
        "the Chromium columns come from `python bench/hard_speed.py --save`.",
        "",
        "Every figure is an arena of duplicate deals, seat-rotated: a deal is played once per rotation of the",
        "seats, so every kind of player holds every hand. Each measured player takes one seat (Canasta: one",
        "partnership) against Normal players. Win rates are per seat (Canasta: per partnership) with a 95%",
        "interval over deals. Normal against Normal wins exactly the fair share (1/2, 1/4; Canasta 1/2):",
        "every seat is the same player. The **Oracle** is the Hard player's search given every hand at the",
        "table (not the order of the stock): the yardstick. Hard's **share of the gap** is",
        "`(Hard - Normal) / (Oracle - Normal)`, its interval from resampling the deals. The lobby's line on",
        "Easy and Hard quotes their win rates here (pygames_wasm/bots/strength.json, written with this page).",
        "",
        "Hard and the Oracle think for a fixed number of imagined deals per decision (the arena's count,",
        "the median Hard completes in 200 ms, the page's default thinking time, in Pyodide in the Chromium",
        "worker, at that table size), so the figures are the ones a player meets; in brackets, the median",
        "of the last measurement in the page. Where a row's count is below that median (the page has been",
        "measured again since), its figures understate the Hard a player meets: the next `--report`",
        "measures it again at the game's new count (SearchGame.arena_deals); a row whose Hard and Oracle",
        "think for different counts (one is measured again, the other not yet) names both, and its share",
        "of the gap compares them as they are. Decision times in CPython are CPU time of the process (they",
        "include the moves with nothing to weigh); in Chromium they are what the page waits for a Hard",
        "move at the 200 ms setting.",
        "",
    ]
    rows, commands = table(data)
    lines += [*rows, "", *remeasuring(data.get("partial", {})), *ceilings(data.get("arena", {})), ""]
    lines += ["## To reproduce", "", "Each measurement, one arena (`--jobs 2` plays it in two processes):", "", "```"]
    lines += commands + ["```", ""]
    if browser:
        lines += [
            "The Chromium columns: `python bench/hard_speed.py --save` (Hard against Normal players in the",
            f"page's engine worker at the 200 ms setting; {browser_note(browser)}).",
            "",
        ]
    return "\n".join(lines)


def table(data: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The table of the measurements (Markdown lines), and the command of each arena in it."""
    cells, browser = data.get("arena", {}), data.get("browser", {})
    lines = [
        "| game | seats | games | Normal | Easy (95% interval) | Hard (95% interval) | Oracle (95% interval) |"
        " Hard's share of the gap | deals a decision (Chromium's median) | Hard p50 / p95, CPython | Hard p50 / p95, Chromium |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    commands = []
    for game, players in CELLS:
        easy = cells.get(cell_key(game, players, "easy"))
        hard, best = cells.get(cell_key(game, players, "hard")), cells.get(cell_key(game, players, oracle.KIND))
        if not hard or not best:
            continue
        fair = hard["fair"]
        h, o = hard["shares"]["hard"], best["shares"][oracle.KIND]
        (hm, hh), (om, oh) = interval(h), interval(o)
        easy_rate = "not measured"
        if easy:
            em, eh = interval(easy["shares"]["easy"])
            easy_rate = f"{pct(em)} ({spread(em, eh)}, {easy['games']} games)"
        both = min(len(h), len(o))  # the deals both played (a cell may have been measured further for one)
        # Each cell's bootstrap has its own seed: measuring one cell further leaves the others' as they were.
        gap = gap_share(h[:both], o[:both], fair, random.Random(f"{REPORT_SEED}:{game}/{players}"))
        if gap["share"] is None:
            share = "none (the Oracle is not ahead)"
        elif gap["low"] is None:
            share = f"{gap['share']:.2f} (interval unbounded: the Oracle's lead is within noise)"
        else:
            share = f"{gap['share']:.2f} ({gap['low']:.2f} to {gap['high']:.2f})"
        times = hard["times"]["hard"]
        page = browser.get(f"{game}/{players}")
        chromium = f"{page['p50']:.0f} / {page['p95']:.0f} ms" if page else "not measured"
        deals = f"{hard['budget']['deals']}"
        if best["budget"] != hard["budget"]:  # one measured again at a new count, the other not yet
            deals = f"Hard {hard['budget']['deals']}, Oracle {best['budget']['deals']}"
            share += ", at different counts"
        deals += f" ({page['deals_p50']:.0f})" if page and "deals_p50" in page else ""
        lines.append(
            f"| {i18n.render(GAMES[game].TITLE)} | {players} | {hard['games']} | {pct(fair)} | {easy_rate} "
            f"| {pct(hm)} ({spread(hm, hh)}) | {pct(om)} ({spread(om, oh)}) | {share} | {deals} | "
            f"{times['p50']:.0f} / {times['p95']:.0f} ms | {chromium} |"
        )
        for row in (easy, hard, best) if easy else (hard, best):
            kind = row["kinds"][0]
            commands.append(
                f"python -m pygames_wasm arena {game} --players {players} --bots {kind},normal --games {row['games']} "
                f"--seed {row['seed']} --deals {row['budget']['deals']}  # seeds {row['seed']}..{row['seed'] + row['deals'] - 1}"
            )
    return lines, commands


def remeasuring(partial: dict[str, Any]) -> list[str]:
    """The measurements being made again at the page's present count of deals, not whole yet: what
    they show so far (the table keeps the figures they will replace until they are whole)."""
    if not partial:
        return []
    lines = [
        "Being measured again at the page's present count of deals (the table shows the older figures until then):",
        "",
    ]
    for key, cell in sorted(partial.items()):
        game, players, kind = key.split("/")
        mean, half = interval(cell["shares"][kind])
        lines.append(
            f"- {i18n.render(GAMES[game].TITLE)}, {players} seats, {kind.capitalize()}: {pct(mean)} ({spread(mean, half)}) on "
            f"{cell['games']} games so far, at {cell['budget']['deals']} deals a decision"
        )
    return [*lines, ""]


def ceilings(cells: dict[str, Any]) -> list[str]:
    """How far seeing every hand gets one player (Canasta: one partnership) against Normal: the Oracle's
    win rate, the ceiling of a player who sees only its own hand, set beside HEADS_UP_GOAL."""
    lines = [
        "## How far seeing every hand gets",
        "",
        "Where the cards decide most games, even a player who sees every hand wins little more than its",
        "fair share, and one who sees only its own can hope for less. The Oracle's win rate stands for that",
        "ceiling (it is measured with Hard's own search: a stronger search might pass it, by a little).",
        "Against one Normal player (Canasta: partnership against partnership), beside the",
        f"{pct(HEADS_UP_GOAL)} asked of Hard:",
        "",
    ]
    for game, players in CELLS:
        if players != (4 if game == "canasta" else 2):
            continue
        hard, best = cells.get(cell_key(game, players, "hard")), cells.get(cell_key(game, players, oracle.KIND))
        if not hard or not best:
            continue
        (hm, _), (om, oh) = interval(hard["shares"]["hard"]), interval(best["shares"][oracle.KIND])
        if hm >= HEADS_UP_GOAL:
            verdict = f"Hard reaches {pct(HEADS_UP_GOAL)}"
        elif om + oh < HEADS_UP_GOAL:
            verdict = f"{pct(HEADS_UP_GOAL)} is beyond even a player who sees every hand"
        else:
            verdict = f"Hard is below {pct(HEADS_UP_GOAL)}, the Oracle is not"
        lines.append(
            f"- {i18n.render(GAMES[game].TITLE)}: the Oracle {pct(om)} ({spread(om, oh)}), Hard {pct(hm)}: {verdict}."
        )
    return lines


def browser_note(browser: dict[str, Any]) -> str:
    counts = ", ".join(f"{key} {row['moves']} moves" for key, row in sorted(browser.items()))
    return f"Hard moves timed: {counts}"

#!/usr/bin/env python3
"""The Hard computer player in the page: its decision time in the Chromium worker, and whether the
page stays responsive while it thinks.

    python bench/hard_speed.py [--decisions 60] [--think-ms 200] [--games ono99,canasta,...] [--players 4]
                               [--count-deals] [--save]

For each game, in Chromium against dist/site: an engine worker of the page (engine/client.js) plays
games of one Hard seat against Normal seats (two players; Canasta four) through `bot_act` with the
page's thinking time, and times every Hard move from the page (the worker's round trip: what a
player waits). Meanwhile the page's own thread runs a 10 ms timer; its lateness during Hard's
moves shows whether a tap would be answered at once (the search runs in the worker, not the page).
`--count-deals` first asks for a hint at each Hard move (the same search): how many deals Hard imagines
in the thinking time, the count the arena should use (SearchGame.arena_deals). Target (issue 11): p95
<= 300 ms at the default thinking time (200 ms). `--save` keeps the times in
docs/strength.json for the Chromium column of docs/strength.md (`python -m pygames_wasm arena --report`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchkit import bench_page, pct  # noqa: E402

PLAY = """async ([game, players, decisions, thinkMs, countDeals]) => {
  const { EngineClient } = await import("./engine/client.js");
  const client = new EngineClient();
  await client.ready;
  const seats = [...Array(players)].map((_, i) =>
    ({ name: `P${i}`, kind: "bot", bot: i % 2 === 0 && (i === 0 || game === "canasta") ? "hard" : "normal" }));
  const moves = [], lateness = [], deals = [];
  let seed = 1, handle = null;
  while (moves.length < decisions) {
    if (handle === null) handle = (await client.call("new_game", { game, seats, seed: seed++ })).handle;
    const view = (await client.call("view", { handle, seat: null })).view;
    if (view.over) { await client.call("close", { handle }); handle = null; continue; }
    const seat = view.to_act, hard = seats[seat].bot === "hard";
    if (hard && countDeals) {  // the hint is Hard's own search: its reason says how many deals it imagined
      const found = /In (\\d+) imagined deals/.exec((await client.call("hint", { handle, seat, think_ms: thinkMs })).reason);
      if (found) deals.push(Number(found[1]));
    }
    const start = performance.now();
    let late = null;
    if (hard) setTimeout(() => { late = performance.now() - start - 10; }, 10);
    await client.call("bot_act", { handle, seat, think_ms: thinkMs });
    if (hard) { moves.push(performance.now() - start); if (late !== null) lateness.push(late); }
  }
  client.worker.terminate();
  return { moves, lateness, deals };
}"""

PLAYERS = {"canasta": 4}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=60, help="Hard moves timed per game")
    ap.add_argument("--think-ms", type=int, default=200)
    ap.add_argument("--games", default="ono99,three_up,own_trumps,canasta")
    ap.add_argument("--players", type=int, help="seats at the table (default: 2; Canasta always 4)")
    ap.add_argument("--count-deals", action="store_true", help="also ask for a hint before each Hard move: its deals")
    ap.add_argument("--save", action="store_true", help="keep the times in docs/strength.json")
    args = ap.parse_args(argv)
    saved: dict[str, dict[str, float]] = {}
    with bench_page("?sw=off") as page:
        print(f"Hard's moves in the Chromium worker, thinking time {args.think_ms} ms (target p95 <= 300 ms):")
        for game in args.games.split(","):
            players = PLAYERS.get(game, args.players or 2)
            out = page.evaluate(PLAY, [game, players, args.decisions, args.think_ms, args.count_deals])
            moves, late, deals = out["moves"], out["lateness"], out["deals"]
            lateness = (
                f"p95 {pct(late, 0.95):5.1f} ms (max {max(late):5.1f}) over {len(late)} long moves" if late else "n/a"
            )
            print(
                f"  {game:<10} {len(moves):>4} moves: median {statistics.median(moves):6.1f} ms   "
                f"p95 {pct(moves, 0.95):6.1f} ms   max {max(moves):6.1f} ms;   page timer late by {lateness}"
            )
            if deals:  # the moves Hard searched (the others had one move worth weighing)
                print(f"  {'':<10} searched {len(deals)} of its moves: {statistics.median(deals):.0f} deals (median)")
            saved[f"{game}/{players}"] = {
                "p50": statistics.median(moves),
                "p95": pct(moves, 0.95),
                "moves": len(moves),
                "think_ms": args.think_ms,
            } | ({"deals_p50": statistics.median(deals), "searched": len(deals)} if deals else {})
    if args.save:
        path = ROOT / "docs" / "strength.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.setdefault("browser", {}).update(saved)
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"saved in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

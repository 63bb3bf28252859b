#!/usr/bin/env python3
"""Play between devices in Chromium (two browser contexts on this machine, a real data channel).

    python bench/online_speed.py [--joins 5] [--moves 40]

(a) join: the host presses Connect with the guest's answer pasted → the guest's table is drawn
    (the first join, then the guest's page closed and its seat taken again, --joins times in all);
(b) a move's round trip: the guest taps a card → the host's engine applies it → the new view is
    back and drawn on the guest's table (the page's own "tap-to-redraw" measure), over --moves.

Target (issue 23, for information): the guest's table in under a second after the answer is
accepted, on a warm cache.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import pct  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from e2e.pagekit import SiteServer, ensure_site, launch_chromium  # noqa: E402
from e2e.test_online import Table  # noqa: E402

ROUND_TRIPS = "performance.getEntriesByName('tap-to-redraw').map(m => m.duration)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--joins", type=int, default=5)
    ap.add_argument("--moves", type=int, default=40)
    args = ap.parse_args(argv)
    ensure_site()
    server = SiteServer()
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            table = Table(browser, server.url)
            joins = [table.start(hold_bots=False)]
            while len(joins) < args.joins:
                table.guest.close()
                table.host.get_by_role("button", name="Reconnect").click()
                joins.append(table.join())
                print(f"join {len(joins)}: {joins[-1]:.2f} s", file=sys.stderr)
            trips: list[float] = []
            result = table.guest.get_by_role("dialog", name=re.compile(r"wins?!|Game over"))
            while len(trips) < args.moves and not result.is_visible():
                if not table.play_one():
                    table.host.wait_for_timeout(10)
                trips = table.guest.evaluate(ROUND_TRIPS)
            expect(table.guest.locator("#table")).to_be_visible()
            table.close()
            browser.close()
    finally:
        server.stop()
    ms = [1000 * s for s in joins]
    print(f"join → guest's table: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms ({len(ms)} joins)")
    print(
        f"guest's move round trip: median {statistics.median(trips):.0f} ms, p95 {pct(trips, 0.95):.0f} ms "
        f"({len(trips)} moves)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Canasta speed: engine hands per second (CPython and Pyodide), heuristic bot decision time
in Pyodide, and tap-to-redraw on the Canasta table in Chromium.

    python bench/canasta_speed.py [--hands 40] [--taps 40] [--skip-page] [--json out.json]

(a) hands/s: whole hands of four bots through `pygames_wasm.api.call` (new_game, view,
    bot_act until the hand's score sheet appears), fixed seeds, the built wheel; the same
    code on CPython and in Pyodide under Node (bench/engine_speed.py's runners).
(b) heuristic bot decision time in Pyodide: every `bot_move` of a heuristic seat is timed
    (inside Python, under Node) before the move is applied; and in Chromium's worker
    (?bench=1 asks bot_move before each bot_act) while the page is played. Target p95 < 200 ms.
(c) tap-to-redraw on the Canasta table, in Chromium against dist/site: a tap on a card in
    the hand → the choices redrawn, each checked with the engine's `explain` (measure
    "tap-to-redraw", action "select"); a tap on Draw / Discard → the table redrawn after the
    engine applied it (action "draw" / "discard"). Target p95 < 50 ms.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchkit import API_PLAY, bench_main, bench_page, start_table, tap_numbers  # noqa: E402
from engine_speed import built_wheel, run_cpython, run_pyodide  # noqa: E402

from e2e.pagekit import CARD_CORNER  # noqa: E402

BENCH_CODE = (
    API_PLAY
    + r'''
HANDS, BOT, WARMUP = __HANDS__, __BOT__, 1
decisions = []

def play_hands(seed, hands, time_moves):
    """Whole hands of four `BOT`s, up to `hands` of them: (hands played, actions)."""
    actions, view = play_api("canasta", [BOT] * 4, seed, stop=lambda view: hands_done(view) >= hands,
                             time_moves=decisions if time_moves else None, timed=(BOT,))
    return min(hands_done(view), hands), actions

def hands_done(view):  # the next hand is dealt as one ends
    return view["hand_no"] - 1 + view["over"]

play_hands(999, WARMUP, False)
t0 = time.perf_counter()
hands = actions = 0
seed = 0
while hands < HANDS:
    h, a = play_hands(seed, min(5, HANDS - hands), False)
    hands += h; actions += a; seed += 1
seconds = time.perf_counter() - t0
# Decision time: a separate pass, so the timing does not slow the hands/s figure.
play_hands(10_000, 2, True)
decisions.sort()
p95 = decisions[int(0.95 * (len(decisions) - 1))] if decisions else None
print(json.dumps({"python": sys.version.split()[0], "bot": BOT, "hands": hands, "actions": actions,
                  "seconds": seconds, "hands_per_s": hands / seconds, "actions_per_s": actions / seconds,
                  "decisions": len(decisions), "decision_median_ms": decisions[len(decisions) // 2] if decisions else None,
                  "decision_p95_ms": p95, "decision_max_ms": decisions[-1] if decisions else None}))
'''
)


def engine_numbers(hands: int) -> dict:
    wheel = built_wheel()
    out = {}
    for bot in ("heuristic", "random"):
        code = BENCH_CODE.replace("__HANDS__", str(hands)).replace("__BOT__", repr(bot))
        out[bot] = {"cpython": run_cpython(code, wheel), "pyodide": run_pyodide(code, wheel)}
    print(f"(a) Canasta engine: {hands} whole hands of 4 bots, wheel {wheel.name}")
    print(f"    {'bots':<11}{'runtime':<18}{'hands/s':>9}{'actions/s':>11}{'ms/hand':>9}")
    for bot, rts in out.items():
        for rt, r in rts.items():
            print(
                f"    {bot:<11}{rt + ' ' + r['python']:<18}{r['hands_per_s']:>9.1f}{r['actions_per_s']:>11.0f}"
                f"{1000 * r['seconds'] / r['hands']:>9.1f}"
            )
    for rt in ("cpython", "pyodide"):
        r = out["heuristic"][rt]
        print(
            f"(b) heuristic bot_move in {rt:<8} {r['decisions']} decisions: median {r['decision_median_ms']:6.2f} ms"
            f"   p95 {r['decision_p95_ms']:6.2f} ms   max {r['decision_max_ms']:6.2f} ms   (target p95 < 200 ms in Pyodide)"
        )
    return out


def page_numbers(taps: int) -> dict:
    from playwright.sync_api import Error as PlaywrightError

    with bench_page() as page:
        start_table(page, "Canasta", ["Person"] + ["Normal computer"] * 3)
        selects = 0
        deadline = time.monotonic() + 240
        idle = "!document.querySelector('#table[aria-busy=true]') && !document.querySelector('#actions .checking')"

        def tap(locator, card: bool = False) -> None:
            """A tap that a dialog opening meanwhile (the end of a hand) may block: the loop then
            closes the dialog and looks again, rather than waiting a minute and failing. A card of
            the hand is tapped by its corner index, as a player does: the next card covers the rest."""
            locator.click(timeout=3000, **({"position": CARD_CORNER} if card else {}))
            page.wait_for_function(idle)

        while selects < taps and time.monotonic() < deadline:
            dialog = page.locator("dialog[open]")
            if dialog.count():
                dialog.get_by_role("button", name="Continue").or_(
                    dialog.get_by_role("button", name="Play again")
                ).first.click()
                continue
            mine = page.locator("#hand-area.my-turn").count() and page.evaluate(idle)
            if not mine:
                page.wait_for_timeout(5)
                continue
            try:
                selects += my_turn(page, tap)
            except PlaywrightError as e:  # a dialog came up, or the table changed under the tap
                if "Timeout" not in str(e) and "intercepts pointer events" not in str(e):
                    raise
        return tap_numbers(page, "Canasta", ("act", "persist", "summary", "bot_move", "explain", "view"))


def my_turn(page, tap) -> int:
    """One step of a person's turn: draw, or select two cards and unselect one (timed), then discard
    the other (timed). Returns the number of card taps timed."""
    draw = page.get_by_role("button", name="Draw from the stock")
    end = page.get_by_role("button", name="End the hand (the stock is empty)")
    if end.count():
        tap(end)
        return 0
    if draw.count():
        tap(draw.first)
        return 0
    usable = page.locator("#actions button:not([aria-disabled=true])")
    clear = usable.and_(page.get_by_role("button", name="Clear selection"))
    if clear.count():  # a step before was cut short (a tap timed out): start from no selection
        tap(clear.first)
    cards = page.locator("#hand button")
    n = cards.count()
    for i in (n - 1, n - 2, n - 2):
        tap(cards.nth(i), card=True)
    discard = usable.filter(has_text="Discard")
    if discard.count():
        tap(discard.first)
    else:  # going out is refused: try the others
        tap(cards.nth(n - 1), card=True)
        for i in range(n - 1):
            tap(cards.nth(i), card=True)
            if discard.count():
                tap(discard.first)
                break
            tap(cards.nth(i), card=True)
    return 3


def main(argv=None):
    return bench_main(
        argv,
        __doc__,
        [
            ("engine", engine_numbers, "--hands", 40, "hands to time per runtime and bot kind"),
            ("page", page_numbers, "--taps", 40, "card taps to time in the page"),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())

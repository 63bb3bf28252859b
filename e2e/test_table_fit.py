"""The table fits the screen: for every game and seat count, at five window sizes (phones both ways,
a tablet both ways, a desktop), the page itself never scrolls, and your hand and your choices lie
inside the window. One game per case, turned through the five sizes (the seats are placed again on
every resize); a screenshot of each is kept in test-results/table-fit/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.pagekit import START_TIMEOUT_MS, settled

SIZES = [(390, 844), (844, 390), (768, 1024), (1024, 768), (1440, 900)]
CASES = [
    ("ono99", 2),
    ("ono99", 4),
    ("ono99", 8),
    ("canasta", 4),
    ("three_up", 2),
    ("three_up", 4),
    ("three_up", 6),
    ("own_trumps", 2),
    ("own_trumps", 4),
]
SHOTS = Path(__file__).resolve().parent.parent / "test-results" / "table-fit"

# What must be on screen: the hand's cards, the choices, and whatever the player taps to start
# (the stock to draw from, a trump suit to choose).
OUTSIDE = """() => {
  const vw = innerWidth, vh = innerHeight;
  const wanted = [...document.querySelectorAll(
    '#hand-area button, #hand-area select, #draw-pile button, .ot-suit, #history-button')]
    .filter((b) => b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden');
  return wanted.map((b) => [b.getAttribute('aria-label') || b.textContent.trim(), b.getBoundingClientRect()])
    .filter(([, r]) => r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1)
    .map(([name, r]) => `${name}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
}"""
SCROLLS = """() => {
  const d = document.scrollingElement;
  return [d.scrollHeight, innerHeight, d.scrollWidth, innerWidth];
}"""


def start(page: Page, game: str, players: int):
    page.goto("./?speed=fast&seed=7")
    expect(page.get_by_role("button", name="Start game")).to_be_enabled(timeout=START_TIMEOUT_MS)
    page.locator(f'input[name="game"][value="{game}"]').check()
    count = page.get_by_label("Number of players")
    if not count.locator(f'option[value="{players}"]').count():
        page.locator('input[name="preset"][value="1980"]').check()  # ONO 99: eight seats in the 1980 rules
    if count.is_visible():  # a game with one seat count (Canasta) says it in words
        count.select_option(str(players))
    page.get_by_role("button", name="Start game").click()
    # One person and computers: the person's turn comes at once or after the computers' moves.
    expect(page.locator("#table")).to_be_visible(timeout=START_TIMEOUT_MS)
    expect(page.locator("#players > li")).to_have_count(players)
    page.wait_for_function(
        "() => document.querySelector('#hand-area.my-turn') || document.querySelector('.ot-suit:not([aria-disabled])')",
        timeout=20_000,
    )
    settled(page)


@pytest.mark.parametrize("game,players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_table_fits_every_size(page: Page, game: str, players: int):
    start(page, game, players)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w]) => innerWidth === w", arg=[width])
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.screenshot(path=str(SHOTS / f"{game}-{players}-{width}x{height}.png"))
        sh, vh, sw, vw = page.evaluate(SCROLLS)
        if sh > vh or sw > vw:
            problems.append(f"{width}x{height}: the page scrolls ({sw}x{sh} in {vw}x{vh})")
        outside = page.evaluate(OUTSIDE)
        if outside:
            problems.append(f"{width}x{height}: outside the window: {outside}")
        # Every seat is drawn, none on top of another.
        overlaps = page.evaluate("""() => {
          const r = [...document.querySelectorAll('#players > li')].map((li) => li.getBoundingClientRect());
          const out = [];
          r.forEach((a, i) => r.forEach((b, j) => {
            if (j > i && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(`${i} and ${j}`);
          }));
          return out;
        }""")
        if overlaps:
            problems.append(f"{width}x{height}: seats overlap: {overlaps}")
    assert not problems, "\n".join(problems)

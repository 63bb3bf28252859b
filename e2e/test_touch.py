"""Touch first: a game played by taps alone on tablet and phone sizes, both orientations.

Contexts emulate touch (has_touch, is_mobile); every choice is a tap. At each size the
table must not scroll sideways and every visible button must be at least 44 px in both
directions. Screenshots are kept in test-results/ as artifacts.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from e2e.conftest import give_snapshot
from e2e.pagekit import NO_SIDEWAYS_SCROLL, ROOT, engine_ready, my_turn
from e2e.soak import sampled
from e2e.test_ono99_page import take_turn

ARTIFACTS = ROOT / "test-results"
# A radio or checkbox is tapped through its label: the biggest of them counts.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, input, summary')]
    .filter((b) => b.offsetParent !== null && !b.closest('[hidden], dialog:not([open])'))
    .map((b) => [b.getAttribute('aria-label') || b.textContent.trim() || b.id || b.value,
                 [b, ...(b.labels || [])].map((e) => e.getBoundingClientRect())
                   .reduce((a, r) => (r.width * r.height > a.width * a.height ? r : a))])
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def tap_until(scope, page, *, turns: int | None = None, seconds: float = 120):
    """Tap through turns (and curtains) until `turns` were taken, or the game ends."""
    result = scope.get_by_role("dialog", name=re.compile(r"wins?!|Game over"))
    curtain = scope.get_by_role("button", name=re.compile(r"^Pass the device to .+ — tap when ready$"))
    taken = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if result.count() and result.is_visible():
            return "over"
        if turns is not None and taken >= turns:
            return "turns"
        if curtain.count() and curtain.is_visible():
            curtain.tap()
            continue
        if my_turn(scope):
            take_turn(scope, press="tap")
            taken += 1
            expect(scope.locator("#table[aria-busy=true]")).to_have_count(0)
            continue
        page.wait_for_timeout(20)
    raise AssertionError("the game did not get there in time")


def check_layout(page, where: str):
    assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{where}: the page scrolls sideways"
    small = page.evaluate(SMALL_TARGETS)
    assert not small, f"{where}: targets under 44px: {small}"


SIZES = [
    ("tablet-landscape", 1024, 768, False),
    ("tablet-portrait", 768, 1024, False),
    ("phone-portrait", 390, 844, True),
    ("phone-landscape", 844, 390, False),
]


# Every run: a tablet on its side and a phone upright, to the end; a soak run, all four.
@pytest.mark.parametrize("name,width,height,to_the_end", sampled([pytest.param(*s, id=s[0]) for s in SIZES], every=2))
def test_a_game_by_taps(browser, site_url, start_snapshot, errors, name, width, height, to_the_end):
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=site_url,
        has_touch=True,
        is_mobile=True,
        device_scale_factor=1,
        service_workers="block",
    )
    give_snapshot(context, start_snapshot)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors.watch(page)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.goto("./?speed=fast&seed=9")
        start = page.get_by_role("button", name="Start game")
        engine_ready(page)
        check_layout(page, f"{name} lobby")
        page.screenshot(path=str(ARTIFACTS / f"touch-{name}-lobby.png"))
        start.tap()  # the lobby's default: one person, two computers
        expect(page.locator("#hand button").first).to_be_visible()
        tap_until(page, page, turns=3)
        check_layout(page, f"{name} table")
        page.screenshot(path=str(ARTIFACTS / f"touch-{name}-table.png"))
        if to_the_end:
            assert tap_until(page, page, seconds=150) == "over"
            result = page.get_by_role("dialog", name=re.compile(r"wins?!|Game over"))
            page.screenshot(path=str(ARTIFACTS / f"touch-{name}-result.png"))
            result.get_by_role("button", name="Play again").tap()
            expect(page.locator("#hand button").first).to_be_visible()
    finally:
        context.close()
    assert not errors.unexpected(), errors.unexpected()


def test_nothing_needs_hover():
    """No control is revealed or enabled only on hover: :hover rules only restyle."""
    css = (ROOT / "web" / "styles/style.css").read_text() + (ROOT / "web" / "styles/embed.css").read_text()
    for rule in re.findall(r"[^{}]*:hover[^{}]*\{[^}]*\}", css):
        assert not re.search(r"\b(display|visibility|opacity|pointer-events)\s*:", rule), rule

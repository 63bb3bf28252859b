"""Start-up in Chromium: the bytecode the build ships, the memory snapshot a first visit leaves for
the next one, the normal start a return visit falls back to, and a new build's own snapshot."""

from __future__ import annotations

import json
import time
import zipfile

import pytest
from playwright.sync_api import Page, expect

from e2e.pagekit import SITE, START_TIMEOUT_MS, engine_ready, snapshot_outcome
from e2e.test_offline import CONTROLLED, publish_new_build
from e2e.test_ono99_page import open_lobby, set_seats, settled, take_turn

SNAPSHOT_KEYS = """async () => (await (await caches.open("pygames-snapshot")).keys())
    .map((r) => new URL(r.url).pathname)"""
BREAK_SNAPSHOT = """async () => {
  const cache = await caches.open("pygames-snapshot");
  const [key] = await cache.keys();
  await cache.put(key, new Response(new Uint8Array(1 << 20)));  // a megabyte of zeros
}"""


@pytest.fixture
def page(cold_page: Page) -> Page:
    """A context that never saw the site: these tests are about the first visit and what it leaves."""
    return cold_page


def started_from(page: Page) -> str:
    return page.evaluate("async () => (await pygames.stats()).startedFrom")


def snapshot_keys(page: Page, want: int = 1, seconds: int = 90) -> list[str]:
    """The snapshot cache's keys, once it holds `want` of them (it is written in the background)."""
    for _ in range(seconds * 5):
        keys = page.evaluate(SNAPSHOT_KEYS)
        if len(keys) >= want:
            return keys
        page.wait_for_timeout(200)
    raise AssertionError("no start-up snapshot was made")


def play_a_little(page: Page, moves: int = 2):
    for _ in range(moves):
        expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=START_TIMEOUT_MS)
        settled(page)
        take_turn(page)
        settled(page)


def start_a_game(page: Page):
    open_lobby(page)
    set_seats(page, [("Ann", "Person"), ("Robo", "Normal computer")])
    page.get_by_role("button", name="Start game").click()
    play_a_little(page)


def test_the_build_ships_bytecode_for_pyodides_own_python_and_only_what_it_uses():
    info = json.loads((SITE / "build-info.json").read_text())
    with zipfile.ZipFile(SITE / "pyodide" / "python_stdlib.zip") as z:
        names = z.namelist()
    assert "typing.pyc" in names and "json/__init__.pyc" in names and "gettext.pyc" in names
    assert not [n for n in names if n.endswith(".py")], "the standard library is all bytecode"
    assert "unittest/__init__.pyc" not in names and "email/message.pyc" not in names  # trimmed
    assert json.loads((SITE / "pyodide" / "pyodide-lock.json").read_text())["packages"] == {}
    with zipfile.ZipFile(SITE / info["wheel"]) as z:
        names = z.namelist()
        record = z.read(next(n for n in names if n.endswith("RECORD"))).decode()
    assert "pygames_wasm/api.pyc" in names and not [n for n in names if n.endswith(".py")]
    for module in (n for n in names if n.endswith(".pyc")):  # each module's 3.14 bytecode, in the RECORD
        assert f"{module}," in record, module


def test_the_engine_worker_starts_before_the_pages_own_modules_have_loaded(page: Page):
    """engine/start.js starts the worker the moment the page begins: with app/controller.js held
    back two seconds, Python is loading all the while, and its first messages reach the page."""

    def held_back(route):
        time.sleep(2)
        route.continue_()

    page.route("**/app/controller.js", held_back)
    page.goto("./")
    engine_ready(page)
    stats = page.evaluate("pygames.stats()")
    started = stats["timeOrigin"] - page.evaluate("performance.timeOrigin")
    assert started < 1500, f"the worker started {started:.0f} ms after navigation"
    assert stats["startedFrom"] == "start" and list(stats["stages"])[:2] == ["fetch", "start-python"]
    start_a_game(page)


def test_a_return_visit_starts_from_the_snapshot_and_plays_on(page: Page):
    start_a_game(page)
    assert started_from(page) == "start"
    info = json.loads((SITE / "build-info.json").read_text())
    assert snapshot_keys(page) == [f"/snapshot/{info['pyodide']}/{info['hash']}"]
    page.reload()  # the game in progress resumes, on Python restored from the snapshot
    play_a_little(page)
    assert started_from(page) == "snapshot"


def test_tables_opened_together_make_one_snapshot(page: Page, errors):
    """Two first visits at once (two tabs; a blog's embedded tables): one makes the snapshot, under a
    lock; the other does not start a second Python to write the same 31 MB again."""
    other = page.context.new_page()
    errors.watch(other)
    for pg in (page, other):
        pg.goto("/")
    outcomes = []
    for pg in (page, other):
        engine_ready(pg)
        outcomes.append(snapshot_outcome(pg))
    assert outcomes.count("made") == 1, outcomes
    outcomes.remove("made")
    assert outcomes in (["being made by another page"], ["made by another page"]), outcomes
    assert len(snapshot_keys(page)) == 1


def test_a_snapshot_that_will_not_restore_falls_back_and_is_not_made_again(page: Page, errors):
    errors.allow(r"[Ss]napshot")  # Pyodide reports the bad snapshot in the worker's console
    start_a_game(page)
    snapshot_keys(page)
    page.evaluate(BREAK_SNAPSHOT)
    page.reload()
    play_a_little(page)
    assert started_from(page) == "start (the snapshot failed)"
    page.wait_for_timeout(3000)  # longer than a new snapshot would take to be started
    assert [k for k in page.evaluate(SNAPSHOT_KEYS) if k.startswith("/snapshot/")] == []
    page.reload()
    play_a_little(page)
    assert started_from(page) == "start"


def test_a_new_build_starts_normally_and_replaces_the_old_snapshot(browser, site_copy, errors):
    copy, url = site_copy
    context = browser.new_context(base_url=url)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.page_errors.append(f"pageerror: {exc}"))
    try:
        start_a_game(page)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        old = json.loads((copy / "build-info.json").read_text())
        assert snapshot_keys(page) == [f"/snapshot/{old['pyodide']}/{old['hash']}"]
        publish_new_build(copy, "e" * 12)
        page.reload()
        banner = page.get_by_role("status").filter(has_text="A new version of the game is ready")
        expect(banner).to_be_visible(timeout=START_TIMEOUT_MS)
        banner.get_by_role("button", name="Reload").click()
        page.wait_for_function("() => window.pygamesBuild === 'new'", timeout=START_TIMEOUT_MS)
        play_a_little(page)
        assert started_from(page) == "start"  # the old build's snapshot is not this build's
        for _ in range(450):
            if page.evaluate(SNAPSHOT_KEYS) == [f"/snapshot/{old['pyodide']}/{'e' * 12}"]:
                break
            page.wait_for_timeout(200)
        assert page.evaluate(SNAPSHOT_KEYS) == [f"/snapshot/{old['pyodide']}/{'e' * 12}"]  # and only it
    finally:
        context.close()

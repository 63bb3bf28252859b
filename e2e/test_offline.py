"""Offline play and new builds: the service worker precaches the build by its hash."""
from __future__ import annotations

import json
import shutil

import pytest
from playwright.sync_api import Page, expect

from e2e.pagekit import SITE, START_TIMEOUT_MS, SiteServer
from e2e.test_ono99_page import hand_buttons, open_lobby, set_seats

CONTROLLED = "navigator.serviceWorker && !!navigator.serviceWorker.controller"


def test_plays_offline_after_the_first_visit(page: Page):
    open_lobby(page)
    # The worker claims the page once every file of the build is cached.
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.context.set_offline(True)
    try:
        page.reload()
        open_lobby(page)
        set_seats(page, [("Ann", "Person"), ("Robo", "Computer (random)")])
        page.get_by_role("button", name="Start game").click()
        expect(hand_buttons(page).first).to_be_visible(timeout=20_000)
    finally:
        page.context.set_offline(False)


@pytest.fixture
def site_copy(tmp_path):
    """A copy of the built site that the test may change, served on its own port."""
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server = SiteServer(copy)
    try:
        yield copy, server.url
    finally:
        server.stop()


def test_a_new_build_offers_a_reload(browser, site_copy, errors):
    copy, url = site_copy
    context = browser.new_context(base_url=url)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.page_errors.append(f"pageerror: {exc}"))
    try:
        open_lobby(page)
        page.wait_for_function(CONTROLLED, timeout=60_000)

        # Publish a "new build": another hash, another page title.
        info = json.loads((copy / "build-info.json").read_text())
        info["hash"] = "f" * 12
        (copy / "build-info.json").write_text(json.dumps(info))
        index = copy / "index.html"
        index.write_text(index.read_text().replace("<title>ONO 99 · pygames</title>", "<title>New build</title>"))

        page.reload()  # still the cached build, which notices the new one
        banner = page.get_by_role("status").filter(has_text="A new version of the game is ready")
        expect(banner).to_be_visible(timeout=START_TIMEOUT_MS)
        assert page.title() != "New build"
        banner.get_by_role("button", name="Reload").click()
        expect(page).to_have_title("New build", timeout=30_000)
        expect(page.get_by_role("button", name="Start game")).to_be_enabled(timeout=START_TIMEOUT_MS)
    finally:
        context.close()

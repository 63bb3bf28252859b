"""Offline and installable: the service worker precaches the build by its hash.

- a first visit online, then offline: a reload still loads, a game is played to its end,
  and every request of the whole run went to the page's own origin;
- a new build: the page offers a reload, and after it only the new build's files are used;
- the manifest and its icons, and the page's Content-Security-Policy.
"""

from __future__ import annotations

import json
import re
import struct
import time
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_page
from e2e.pagekit import SITE, START_TIMEOUT_MS, engine_ready
from e2e.test_ono99_page import hand_buttons, my_turn, open_lobby, set_seats, settled, take_turn

CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
CACHES = "async () => (await caches.keys()).filter((name) => name.startsWith('pygames-site-'))"  # the builds
CACHED_URLS = """async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => r.url);
}"""


def origin(url: str) -> str:
    u = urlparse(url)
    return f"{u.scheme}://{u.netloc}"


def play_to_the_end(page: Page, seconds: float = 120):
    result = page.get_by_role("dialog", name=re.compile(r"wins?!|Game over"))
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if result.count() and result.is_visible():
            return result
        if my_turn(page):
            take_turn(page)
            settled(page)
            continue
        page.wait_for_timeout(20)
    raise AssertionError("the game did not end in time")


@pytest.fixture
def page(browser, site_url, errors) -> Iterator[Page]:
    """The usual page, with its service worker (the other page tests block it)."""
    yield from open_page(browser, site_url, errors, service_workers="allow")


def test_plays_offline_after_the_first_visit(page: Page, site_url):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    open_lobby(page)
    # The worker claims the page once every file of the build is cached.
    page.wait_for_function(CONTROLLED, timeout=60_000)
    info = json.loads((SITE / "build-info.json").read_text())
    names = page.evaluate(CACHES)
    assert names == [f"pygames-site-{info['hash']}"], names
    cached = {urlparse(u).path.lstrip("/") for u in page.evaluate(CACHED_URLS, names[0])}
    missing = set(info["files"]) - cached
    assert not missing, f"not precached: {sorted(missing)}"

    page.context.set_offline(True)
    try:
        page.reload()
        open_lobby(page, seed=4)
        set_seats(page, [("Ann", "Person"), ("Robo", "Easy computer")])
        page.get_by_role("button", name="Start game").click()
        expect(hand_buttons(page).first).to_be_visible(timeout=20_000)
        result = play_to_the_end(page)
        expect(result.get_by_role("button", name="Play again")).to_be_visible()
    finally:
        page.context.set_offline(False)
    others = sorted({u for u in requests if not u.startswith(("data:", "blob:")) and origin(u) != origin(site_url)})
    assert not others, f"requests to other origins: {others}"
    assert len(requests) > 10


def publish_new_build(copy, new_hash: str):
    """Make the served copy a "new build": another hash, another page title, another app/controller.js."""
    info = json.loads((copy / "build-info.json").read_text())
    (copy / "build-info.json").write_text(json.dumps({**info, "hash": new_hash}))
    index = copy / "index.html"
    index.write_text(re.sub(r"<title>[^<]*</title>", "<title>New build</title>", index.read_text()))
    app = copy / "app/controller.js"
    app.write_text(app.read_text() + '\nwindow.pygamesBuild = "new";\n')


def test_a_new_build_offers_a_reload_and_then_uses_only_new_files(browser, site_copy, errors) -> None:
    copy, url = site_copy
    context = browser.new_context(base_url=url)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.page_errors.append(f"pageerror: {exc}"))
    try:
        open_lobby(page)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        old_hash = json.loads((copy / "build-info.json").read_text())["hash"]
        assert page.evaluate(CACHES) == [f"pygames-site-{old_hash}"]

        publish_new_build(copy, "f" * 12)
        page.reload()  # still the cached build, which notices the new one
        banner = page.get_by_role("status").filter(has_text="A new version of the game is ready")
        expect(banner).to_be_visible(timeout=START_TIMEOUT_MS)
        # Until the player says so, the page is all old build: no new file was mixed in.
        assert page.title() != "New build"
        assert page.evaluate("() => window.pygamesBuild") is None

        served: list[tuple[str, bool]] = []
        page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
        banner.get_by_role("button", name="Reload").click()
        expect(page).to_have_title("New build", timeout=30_000)
        engine_ready(page)
        assert page.evaluate("() => window.pygamesBuild") == "new"
        # The old build's cache is gone; the new one holds every file.
        assert page.evaluate(CACHES) == ["pygames-site-" + "f" * 12]
        # After the reload the page's files come from the new build's cache.
        for name in ("index.html", "app/controller.js", "styles/style.css"):
            hits = [
                sw
                for u, sw in served
                if urlparse(u).path.endswith("/" + name) or (name == "index.html" and urlparse(u).path == "/")
            ]
            assert hits and all(hits), (name, hits)
    finally:
        context.close()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_installable_manifest_icons_and_a_same_origin_policy(page: Page, errors):
    open_lobby(page)
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href
    manifest = json.loads((SITE / href).read_text())
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        data = (SITE / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h = _png_size(data)
            assert f"{w}x{h}" == icon["sizes"]
            assert len(data) < 50_000
            sizes.add(w)
    assert {192, 512} <= sizes
    # The policy is in the page itself: nothing from another origin, ever.
    for name in ("index.html", "embed.html"):
        html = (SITE / name).read_text()
        found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
        assert found, name
        csp = found.group(1)
        assert "default-src 'self'" in csp and "script-src 'self' 'wasm-unsafe-eval'" in csp
        assert not re.search(r'(src|href)="(https?:)?//', html)
    # The browser enforces it: a request to another origin is refused by the page.
    errors.allow("Content Security Policy")
    blocked = page.evaluate("""() => new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.blockedURI), { once: true });
        fetch("http://example.invalid/x").catch(() => {});
    })""")
    assert blocked.startswith("http://example.invalid")

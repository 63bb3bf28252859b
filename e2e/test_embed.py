"""Embedding: the demo rules blog (demo/) on a second origin embeds two games with embed.js.

The blog is served by tools/serve.py on another port (another origin), with no special
headers. Both games load and are played by
taps; the blog's own styles and globals are untouched; each embedded game saves in its own
slot, apart from the full app's; the iframes follow their table's height and fit 320 px.
"""

from __future__ import annotations

import re
import shutil

import pytest
from playwright.sync_api import expect

from e2e import pagekit
from e2e.pagekit import ROOT, START_TIMEOUT_MS, SiteServer
from e2e.test_touch import ARTIFACTS, tap_until

SAVE_KEYS = """() => new Promise((resolve, reject) => {
    const req = indexedDB.open("pygames", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("saves");
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const tx = req.result.transaction("saves", "readonly");
      const keys = tx.objectStore("saves").getAllKeys();
      // One key a saved game (its moves and checkpoint are kept under "<key>|...").
      tx.oncomplete = () => { req.result.close(); resolve(keys.result.filter((k) => !k.includes("|"))); };
    };
})"""
HOST_LOOK = """() => {
    const body = getComputedStyle(document.body), button = getComputedStyle(document.getElementById("subscribe"));
    return {
      body: [body.fontFamily, body.color, body.backgroundColor, body.fontSize, body.maxWidth],
      button: [button.backgroundColor, button.color, button.borderRadius],
      sheets: [...document.styleSheets].map((s) => s.href),
      styles: document.querySelectorAll("style").length,
    };
}"""
NEW_GLOBALS = """() => Object.getOwnPropertyNames(window)
    .filter((n) => !window.blogGlobalsBefore.includes(n) && n !== "blogGlobalsBefore" && !/^\\d+$/.test(n))"""


@pytest.fixture(scope="module")
def blog_url(site_url, tmp_path_factory):
    """demo/ pointed at the test's game server, served from a second origin."""
    copy = tmp_path_factory.mktemp("blog") / "demo"
    shutil.copytree(ROOT / "demo", copy)
    page = copy / "index.html"
    html = page.read_text().replace("http://localhost:8000/", site_url)
    html = html.replace('data-game="ono99"', 'data-game="ono99" data-speed="fast"')
    page.write_text(html)
    server = SiteServer(copy)
    try:
        assert server.url.split("/")[2] != site_url.split("/")[2]
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def blog(browser, blog_url, errors):
    context = browser.new_context(viewport={"width": 800, "height": 1100}, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors.watch(page)
    try:
        yield page
    finally:
        context.close()
    assert not errors.unexpected(), errors.unexpected()


def frames(page):
    iframes = page.locator("article iframe")
    expect(iframes).to_have_count(3)  # the third is the Punjabi table (data-lang="pa")
    return [page.frame_locator(f"article iframe >> nth={i}") for i in range(2)], iframes


def test_two_embedded_games_play_on_another_origin(blog, blog_url, site_url) -> None:
    page = blog
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(blog_url)
    before = page.evaluate(HOST_LOOK)
    (solo, shared), iframes = frames(page)
    for i in range(2):
        assert iframes.nth(i).get_attribute("src").startswith(site_url + "embed.html?")

    # Game 1: one person and two computers, straight to the table.
    expect(solo.locator("#hand button").first).to_be_visible(timeout=START_TIMEOUT_MS)
    expect(solo.get_by_role("heading", name="Set up a game")).to_be_hidden()
    tap_until(solo, page, turns=3)
    # Game 2: two people pass the device (its curtain covers the iframe's own viewport,
    # so bring the whole iframe into view, as a reader scrolling down would).
    iframes.nth(1).scroll_into_view_if_needed()
    curtain = shared.get_by_role("button", name=re.compile(r"^Pass the device to .+ — tap when ready$"))
    expect(curtain.or_(shared.locator("#hand button").first)).to_be_visible(timeout=START_TIMEOUT_MS)
    tap_until(shared, page, turns=3)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "embed-blog.png"), full_page=True)

    # The host page is as it was: same styles, same globals.
    assert page.evaluate(HOST_LOOK) == before
    assert before["sheets"] == [blog_url + "blog.css"] and before["styles"] == 0
    assert page.evaluate(NEW_GLOBALS) == []
    assert page.evaluate("() => window.blog") == {"name": "Rules corner", "subscribers": 42}

    # The iframes follow their table's height (the default 560 px was replaced).
    heights = [iframes.nth(i).evaluate("f => f.getBoundingClientRect().height") for i in range(2)]
    assert all(h >= 320 and h != 560 for h in heights), heights
    for i in range(2):
        inner = iframes.nth(i).content_frame
        assert inner.locator("html").evaluate("e => e.scrollWidth <= e.clientWidth")

    # Each embed saved in its own slot; the full app's slot is untouched.
    frame = iframes.nth(0).element_handle().content_frame()
    keys = frame.evaluate(SAVE_KEYS)
    assert sorted(keys) == [f"pygames:embed:ono99:/#{i}:save:ono99" for i in range(3)], keys  # 3: the Punjabi one
    others = {u.split("/")[2] for u in requests if u.startswith("http")}
    assert others == {blog_url.split("/")[2], site_url.split("/")[2]}, others

    # Reloading the blog brings each game back where it was.
    hand = solo.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    total = solo.locator("#total").inner_text()
    page.reload()
    (solo, shared), _ = frames(page)
    expect(solo.locator("#hand button").first).to_be_visible(timeout=START_TIMEOUT_MS)
    assert solo.locator("#total").inner_text() == total
    assert solo.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))") == hand


def test_a_cross_site_embed_plays_even_without_storage(blog, blog_url):
    """Another host name too (localhost): the browser may refuse storage to a third-party
    iframe (Chromium's Playwright contexts do); the table still starts and plays."""
    page = blog
    page.goto(blog_url.replace("127.0.0.1", "localhost"))
    (solo, _), _ = frames(page)
    expect(solo.locator("#hand button").first).to_be_visible(timeout=START_TIMEOUT_MS)
    tap_until(solo, page, turns=2)


def test_an_embed_fits_a_320_px_column(browser, site_url, errors):
    context = browser.new_context(viewport={"width": 320, "height": 640}, base_url=site_url, has_touch=True)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.page_errors.append(f"pageerror: {exc}"))
    try:
        page.goto("./embed.html?game=ono99&players=4&id=narrow&speed=fast")
        expect(page.locator("#hand button").first).to_be_visible(timeout=START_TIMEOUT_MS)
        tap_until(page, page, turns=2)
        assert page.evaluate("() => document.documentElement.scrollWidth <= 320")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "embed-320.png"), full_page=True)
        # Its save is its own: the full app's slot stays empty.
        assert page.evaluate(SAVE_KEYS) == ["pygames:embed:ono99:narrow:save:ono99"]
    finally:
        context.close()
    assert not errors.unexpected(), errors.unexpected()


def test_the_punjabi_table_of_the_blog(blog, blog_url):
    """The blog's third table has data-lang="pa": its page is in Punjabi."""
    blog.goto(blog_url)
    frame = blog.frame_locator("article iframe >> nth=2")
    expect(frame.locator("html")).to_have_attribute("lang", "pa", timeout=START_TIMEOUT_MS)
    expect(frame.locator("#table")).to_be_visible(timeout=START_TIMEOUT_MS)
    expect(frame.get_by_role("button", name=pagekit.T("pa", "Rules"))).to_be_visible()

"""Playwright fixtures: build (if needed), serve dist/site, drive Chromium.

Uncaught page errors and console errors fail a test (a test may mark expected
console errors as allowed).

A fresh context is a first visit: Python starts from nothing (~4 s here), and a
memory snapshot is then made in the background (another start's worth of CPU).
Most tests are about what happens after the start, so the `page` fixture's pages
start as a player's return visit does, from the start-up snapshot the session's
first visit made: each start takes ~1.5 s less here and makes no snapshot.
They all open in one browser context, which is given that snapshot once and is
emptied after every test of everything else a page may leave (site storage,
routes, permissions, offline): giving the snapshot to a fresh context per test
took ~1 s of each test. The first visit itself is tested with `cold_page`
(test_start_up.py) and test_offline.py's own pages.
"""

from __future__ import annotations

import base64
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, sync_playwright

from e2e.pagekit import SITE, SiteServer, engine_ready, ensure_site, launch_chromium, snapshot_outcome

# Where the tests' server keeps files of its own, beside the site's.
TEST_FILES = "__e2e__"


@pytest.fixture(scope="session")
def served_dir(tmp_path_factory) -> Path:
    """The site as the tests' server serves it: links to dist/site's files, and a folder of its own."""
    ensure_site()
    if not (SITE / "index.html").exists():
        pytest.fail(f"{SITE} has no index.html: run ./build.sh build")
    root = tmp_path_factory.mktemp("served")
    for entry in SITE.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / TEST_FILES).mkdir()
    return root


@pytest.fixture(scope="session")
def site_url(served_dir):
    server = SiteServer(served_dir)
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = launch_chromium(p)
        try:
            yield b
        finally:
            b.close()


class PageErrors:
    def __init__(self) -> None:
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []
        self.allowed: list[re.Pattern] = []

    def allow(self, pattern: str):
        """Expect console errors matching `pattern` (they do not fail the test)."""
        self.allowed.append(re.compile(pattern))

    def watch(self, page: Page) -> None:
        """Note the page's uncaught errors and console errors."""
        page.on("pageerror", lambda exc: self.page_errors.append(f"pageerror: {exc}"))
        page.on("console", self.note_console)

    def note_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"console: {message.text}")

    def check(self) -> None:
        """Fail on the errors no test allowed."""
        bad = self.unexpected()
        assert not bad, "errors in the page:\n" + "\n".join(bad)

    def unexpected(self) -> list[str]:
        bad = list(self.page_errors)
        bad += [e for e in self.console_errors if not any(p.search(e) for p in self.allowed)]
        return bad


@pytest.fixture
def errors():
    return PageErrors()


@dataclass(frozen=True)
class StartSnapshot:
    """The engine's start-up snapshot of this build, as a first visit left it in Cache Storage:
    under `key` there, and served by the tests' server at `path`."""

    key: str
    path: str


READ_SNAPSHOT = """async () => {
  const cache = await caches.open("pygames-snapshot");
  const key = (await cache.keys()).find((r) => new URL(r.url).pathname.startsWith("/snapshot/"));
  const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return [key.url, btoa(text)];
}"""
SEED_SNAPSHOT = """async ([key, path]) => {
  const cache = await caches.open("pygames-snapshot");
  await cache.put(key, await fetch(path));
}"""


@pytest.fixture(scope="session")
def start_snapshot(browser, site_url, served_dir) -> StartSnapshot:
    """A first visit, left until its snapshot is made; the snapshot, served to the other tests."""
    context = browser.new_context(service_workers="block", base_url=site_url)
    try:
        pg = context.new_page()
        pg.goto("/")
        engine_ready(pg)
        assert snapshot_outcome(pg) == "made", "the first visit made no start-up snapshot"
        key, text = pg.evaluate(READ_SNAPSHOT)
    finally:
        context.close()
    path = f"{TEST_FILES}/snapshot"
    (served_dir / path).write_bytes(base64.b64decode(text))
    return StartSnapshot(key=key, path="/" + path)


def give_snapshot(context, snapshot: StartSnapshot) -> None:
    """Put `snapshot` in the context's Cache Storage, from a page of its own (the test's page then
    starts with no history)."""
    pg = context.new_page()
    put_snapshot(pg, snapshot)
    pg.close()


def put_snapshot(pg: Page, snapshot: StartSnapshot) -> None:
    """Put `snapshot` in Cache Storage through `pg`, which goes to a file of the site for it."""
    pg.goto("/build-info.json")  # any page of the site's origin, to reach its Cache Storage
    pg.evaluate(SEED_SNAPSHOT, [snapshot.key, snapshot.path])


def open_page(browser, site_url, errors, snapshot: StartSnapshot | None = None, **context_options):
    """A page in a fresh context (a fixture's body): yields it, then fails on unexpected errors.
    With `snapshot`, the context has it before the page's first visit (see the module's comment).
    Its service worker is blocked (a test may allow it): installing one copies the whole site into
    its cache in every fresh context, a fifth of a short test's time; test_offline.py tests it."""
    context_options.setdefault("service_workers", "block")
    context = browser.new_context(viewport={"width": 1024, "height": 768}, base_url=site_url, **context_options)
    context.set_default_timeout(20_000)
    if snapshot:
        give_snapshot(context, snapshot)
    pg = context.new_page()
    errors.watch(pg)
    try:
        yield pg
    finally:
        context.close()
    errors.check()


# What a page of the site may leave in its origin's storage, all cleared after each test but the
# snapshot's cache (Cache Storage is emptied by RESET_CACHES, which keeps the snapshot).
SITE_STORAGE = "cookies,indexeddb,local_storage,service_workers,file_systems,shared_storage,storage_buckets"
RESET_CACHES = """async (key) => {
  for (const name of await caches.keys()) if (name !== "pygames-snapshot") await caches.delete(name);
  const cache = await caches.open("pygames-snapshot");
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
  return Boolean(await cache.match(key));
}"""


@dataclass
class SharedContext:
    """A context the `page` fixture's pages open in, the origins its pages have been to, and a page
    of its own (the site's build-info.json) through which it is emptied."""

    context: BrowserContext
    snapshot: StartSnapshot
    origins: set[str]
    keeper: Page

    def reset(self) -> None:
        """Close the test's pages and leave the context as it was made: the snapshot in Cache
        Storage, nothing else stored, no routes, online, no permissions granted."""
        for pg in self.context.pages:
            if pg != self.keeper:
                pg.close()
        self.context.unroute_all(behavior="ignoreErrors")
        self.context.set_offline(False)
        self.context.clear_permissions()
        self.context.clear_cookies()
        cdp = self.context.new_cdp_session(self.keeper)
        for origin in self.origins:
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": SITE_STORAGE})
        cdp.detach()
        self.origins.clear()
        if not self.keeper.evaluate(RESET_CACHES, self.snapshot.key):  # a test dropped it: give it again
            put_snapshot(self.keeper, self.snapshot)


class ReturnVisits:
    """The shared contexts (see the module's comment): one as a player's browser has it, and one
    with the page's CSP bypassed, for tests that inject axe-core."""

    def __init__(self, browser, site_url: str, snapshot: StartSnapshot) -> None:
        self.browser, self.site_url, self.snapshot = browser, site_url, snapshot
        self.contexts: dict[bool, SharedContext] = {}

    def context(self, bypass_csp: bool = False) -> SharedContext:
        if bypass_csp not in self.contexts:
            context = self.browser.new_context(
                viewport={"width": 1024, "height": 768},
                base_url=self.site_url,
                service_workers="block",
                bypass_csp=bypass_csp,
            )
            context.set_default_timeout(20_000)
            keeper = context.new_page()
            put_snapshot(keeper, self.snapshot)
            self.contexts[bypass_csp] = SharedContext(context, self.snapshot, visited_origins(context), keeper)
        return self.contexts[bypass_csp]

    def open(self, errors: PageErrors, bypass_csp: bool = False) -> Iterator[Page]:
        """A new page in a shared context (a fixture's body): yields it, empties the context, then
        fails on unexpected errors."""
        shared = self.context(bypass_csp)
        pg = shared.context.new_page()
        errors.watch(pg)
        try:
            yield pg
        finally:
            shared.reset()
        errors.check()

    def close(self) -> None:
        for shared in self.contexts.values():
            shared.context.close()


def visited_origins(context: BrowserContext) -> set[str]:
    """The origins the context's pages go to from now on (collected as they navigate)."""
    origins: set[str] = set()

    def watch(pg: Page) -> None:
        pg.on("framenavigated", lambda frame: origins.update(origin_of(frame.url)))

    context.on("page", watch)
    return origins


def origin_of(url: str) -> set[str]:
    """{the URL's origin}, or {} for a URL with no storage of its own (about:blank, data:)."""
    parts = urlsplit(url)
    return {f"{parts.scheme}://{parts.netloc}"} if parts.scheme in ("http", "https") else set()


@pytest.fixture(scope="session")
def return_visits(browser, site_url, start_snapshot) -> Iterator[ReturnVisits]:
    visits = ReturnVisits(browser, site_url, start_snapshot)
    try:
        yield visits
    finally:
        visits.close()


@pytest.fixture
def page(return_visits, errors) -> Iterator[Page]:
    """A page whose first visit finds the start-up snapshot (a return visit's start), in a context
    emptied of what earlier tests left."""
    yield from return_visits.open(errors)


@pytest.fixture
def cold_page(browser, site_url, errors) -> Iterator[Page]:
    """A page in a context that never saw the site: a first visit."""
    yield from open_page(browser, site_url, errors)


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

"""Playwright fixtures: build (if needed), serve dist/site, drive Chromium.

Every test gets a fresh browser context; uncaught page errors and console
errors fail the test (a test may mark expected console errors as allowed).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, sync_playwright

from e2e.pagekit import SITE, SiteServer, ensure_site, launch_chromium


@pytest.fixture(scope="session")
def site_url():
    ensure_site()
    if not (SITE / "index.html").exists():
        pytest.fail(f"{SITE} has no index.html: run ./build.sh build")
    server = SiteServer()
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

    def unexpected(self) -> list[str]:
        bad = list(self.page_errors)
        bad += [e for e in self.console_errors if not any(p.search(e) for p in self.allowed)]
        return bad


@pytest.fixture
def errors():
    return PageErrors()


def open_page(browser, site_url, errors, **context_options):
    """A page in a fresh context (a fixture's body): yields it, then fails on unexpected errors.
    Its service worker is blocked (a test may allow it): installing one copies the whole site into
    its cache in every fresh context, a fifth of a short test's time; test_offline.py tests it."""
    context_options.setdefault("service_workers", "block")
    context = browser.new_context(viewport={"width": 1024, "height": 768}, base_url=site_url, **context_options)
    context.set_default_timeout(20_000)
    pg = context.new_page()
    pg.on("pageerror", lambda exc: errors.page_errors.append(f"pageerror: {exc}"))
    pg.on("console", lambda msg: msg.type == "error" and errors.console_errors.append(f"console: {msg.text}"))
    try:
        yield pg
    finally:
        context.close()
    bad = errors.unexpected()
    assert not bad, "errors in the page:\n" + "\n".join(bad)


@pytest.fixture
def page(browser, site_url, errors) -> Iterator[Page]:
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

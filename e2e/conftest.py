"""Playwright fixtures: build (if needed), serve dist/site, drive Chromium.

- The site is built with ./build.sh build only when dist/site is missing
  (E2E_SKIP_BUILD=1 never builds).
- tools/serve.py serves it on a free localhost port in a subprocess.
- Chromium: $CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own.
- Every test gets a fresh browser context; uncaught page errors and console
  errors fail the test (a test may mark expected console errors as allowed).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Pyodide starts in a few seconds; give slow CI machines room.
START_TIMEOUT_MS = 90_000


def chromium_path() -> str | None:
    env = os.environ.get("CHROMIUM_PATH")
    if env:
        return env
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return None  # Playwright's own browser


def launch_chromium(playwright):
    return playwright.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
    )


class SiteServer:
    """tools/serve.py in a subprocess on a free port."""

    def __init__(self, directory: Path = SITE):
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0",
             "--dir", str(directory), "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
        )
        line = self.proc.stdout.readline()
        match = re.search(r"at (http://\S+?)/?$", line.strip())
        if not match:
            self.stop()
            raise RuntimeError(f"tools/serve.py did not start: {line!r}")
        self.url = match.group(1).replace("localhost", "127.0.0.1") + "/"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def ensure_site():
    if os.environ.get("E2E_SKIP_BUILD") == "1":
        return
    if not (SITE / "index.html").exists():
        subprocess.run([str(ROOT / "build.sh"), "build"], cwd=ROOT, check=True)


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
    def __init__(self):
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


@pytest.fixture
def page(browser, site_url, errors) -> Page:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, base_url=site_url)
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

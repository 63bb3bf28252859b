#!/usr/bin/env python3
"""Download size: the wheel, and every file of dist/site a first visit fetches, raw and gzipped.

    python bench/size.py              # the files of the build (build-info.json lists them)
    python bench/size.py --browser    # the files a real first visit fetched (Chromium, Playwright)
    python bench/size.py --visits     # bytes the server sent on a first visit and on a return visit

Without --browser the list is every file of the built site (build-info.json's "files"): a
first visit loads all of them (checked with --browser), and a precaching service worker would
fetch them all anyway. --browser serves dist/site on a
free local port, opens index.html in Debian's Chromium, waits until the network is quiet, and
lists what was really requested. gzip sizes use level 6, as a typical web server would.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"


def group(rel: str) -> str:
    if rel.startswith("pyodide/"):
        return "pyodide"
    if rel.startswith("wheels/"):
        return "wheel"
    return "page"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def browser_files(site: Path, page: str, settle_s: float) -> list[str]:
    sys.path.insert(0, str(ROOT / "tools"))
    from playwright.sync_api import sync_playwright
    from serve import make_server, server_url

    server = make_server(site, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = server_url(server)
    seen: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            ctx = browser.new_context()
            ctx.on("requestfinished", lambda r: seen.append(r.url))
            pg = ctx.new_page()
            pg.goto(base + page, wait_until="networkidle", timeout=120_000)
            time.sleep(settle_s)  # the worker and the service worker keep fetching after load
            pg.wait_for_load_state("networkidle")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    files = []
    for url in seen:
        u = urlparse(url)
        if u.netloc != urlparse(base).netloc:
            print(f"WARNING: fetched from another host: {url}", file=sys.stderr)
            continue
        rel = u.path.lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        if (site / rel).is_file() and rel not in files:
            files.append(rel)
    return files


def visits(site: Path, settle_s: float) -> int:
    """Bytes the server really sent (bodies + headers), on a first visit and on a return visit.

    First visit: a fresh browser context opens the page and waits until the service worker
    has precached the build and controls the page. Return visit: the same context opens
    the page again (a new tab, as a player coming back would); with the build in the
    service worker's cache only the page's own check for a new version should reach the
    network (build-info.json?fresh=…, and the browser's update check of sw.js).
    """
    sys.path.insert(0, str(ROOT / "tools"))
    from playwright.sync_api import sync_playwright
    from serve import SiteHandler, server_url

    log: list[tuple[str, int, int]] = []

    class Counting(SiteHandler):
        def send_response(self, code, message=None):
            self._code = code
            super().send_response(code, message)

        def end_headers(self):
            super().end_headers()
            self._sent_headers = True

        def copyfile(self, source, outputfile):
            n = 0
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                n += len(chunk)
            self._body = n

        def handle_one_request(self):
            self._code, self._body = None, 0
            super().handle_one_request()
            if self._code is not None:
                log.append((self.path, self._code, self._body))

    import functools
    from http.server import ThreadingHTTPServer

    Counting.quiet = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site.resolve())))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = server_url(server).replace("localhost", "127.0.0.1")
    ready = "() => document.getElementById('loading').classList.contains('done')"
    try:
        with sync_playwright() as p:
            # A profile on disk, as a real browser has: Playwright's default in-memory context keeps no
            # file as large as the wasm, so it would count repeated downloads no user makes.
            profile = tempfile.mkdtemp(prefix="size-profile-")
            ctx = p.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", args=["--no-sandbox"], headless=True
            )
            page = ctx.new_page()
            page.goto(base, timeout=120_000)
            page.wait_for_function(ready, timeout=120_000)
            page.wait_for_function(
                "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)", timeout=120_000
            )
            time.sleep(settle_s)
            first = list(log)
            log.clear()
            page.close()
            page = ctx.new_page()
            page.goto(base, timeout=120_000)
            page.wait_for_function(ready, timeout=120_000)
            time.sleep(settle_s)
            second = list(log)
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.shutdown()
        server.server_close()
    for name, rows in (("first visit", first), ("return visit", second)):
        body = sum(b for _, _, b in rows)
        codes: dict[int, int] = {}
        for _, c, _ in rows:
            codes[c] = codes.get(c, 0) + 1
        print(f"{name}: {len(rows)} requests, {body:,} body bytes ({body / 2**20:.2f} MiB), status {codes}")
        if name == "return visit" or os.environ.get("SIZE_VERBOSE"):
            for path, c, b in rows:
                print(f"    {c} {b:>10,}  {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--browser", action="store_true", help="record a real first visit in Chromium")
    ap.add_argument(
        "--visits", action="store_true", help="bytes sent on a first and a return visit (Chromium, service worker)"
    )
    ap.add_argument("--page", default="index.html", help="page to open with --browser")
    ap.add_argument("--settle", type=float, default=5.0, help="seconds to wait after load with --browser")
    args = ap.parse_args(argv)
    site: Path = args.site
    info_file = site / "build-info.json"
    if not info_file.exists():
        raise SystemExit(f"no {info_file}: run ./build.sh build first")
    info = json.loads(info_file.read_text())
    if args.visits:
        return visits(site, min(args.settle, 3.0))

    if args.browser:
        files = browser_files(site, args.page, args.settle)
        how = f"fetched by a first visit to {args.page} (Chromium)"
    else:
        files = list(
            info.get("files") or sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
        )
        files = [f for f in files if f != "build-info.json"] + ["build-info.json"]
        how = "every file of the build (--browser records a real visit)"

    wheel = site / info["wheel"]
    wheel_bytes = wheel.read_bytes()
    print(f"wheel {wheel.name}: {len(wheel_bytes):,} bytes ({gz(wheel_bytes):,} gzipped)")
    print(f"\nfirst visit: {how}")
    print(f"{'file':<52}{'bytes':>12}{'gzip':>12}")
    totals: dict[str, list[int]] = {}
    for rel in sorted(files, key=lambda f: (["page", "pyodide", "wheel"].index(group(f)), f)):
        data = (site / rel).read_bytes()
        raw, small = len(data), gz(data)
        print(f"{rel:<52}{raw:>12,}{small:>12,}")
        t = totals.setdefault(group(rel), [0, 0, 0])
        t[0] += 1
        t[1] += raw
        t[2] += small
    print()
    for g in ("page", "pyodide", "wheel"):
        if g in totals:
            n, raw, small = totals[g]
            print(f"{g + f' ({n} files)':<52}{raw:>12,}{small:>12,}")
    n = sum(t[0] for t in totals.values())
    raw = sum(t[1] for t in totals.values())
    small = sum(t[2] for t in totals.values())
    print(f"{f'total ({n} files)':<52}{raw:>12,}{small:>12,}")
    print(f"{'':<52}{raw / 2**20:>10.2f}MiB{small / 2**20:>9.2f}MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

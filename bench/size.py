#!/usr/bin/env python3
"""Download size: the wheel, and every file of dist/site a first visit fetches, raw and gzipped.

    python bench/size.py              # the files of the build (build-info.json lists them)
    python bench/size.py --browser    # the files a real first visit fetched (Chromium, Playwright)

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
import sys
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
    from serve import make_server, server_url  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--browser", action="store_true", help="record a real first visit in Chromium")
    ap.add_argument("--page", default="index.html", help="page to open with --browser")
    ap.add_argument("--settle", type=float, default=5.0, help="seconds to wait after load with --browser")
    args = ap.parse_args(argv)
    site: Path = args.site
    info_file = site / "build-info.json"
    if not info_file.exists():
        raise SystemExit(f"no {info_file}: run ./build.sh build first")
    info = json.loads(info_file.read_text())

    if args.browser:
        files = browser_files(site, args.page, args.settle)
        how = f"fetched by a first visit to {args.page} (Chromium)"
    else:
        files = list(info.get("files") or sorted(
            p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()))
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

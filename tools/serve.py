#!/usr/bin/env python3
"""Serve the built site (dist/site) over http with the MIME types Pyodide needs.

    python tools/serve.py [--port 8000] [--dir dist/site] [--bind 127.0.0.1] [--quiet]

--port 0 picks a free port. The first line printed is always
"Serving <dir> at http://<host>:<port>/" so a test can read the address.
Tests can also use it in-process:

    server = make_server(site_dir, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = server_url(server)
    ...
    server.shutdown(); server.server_close()

Standard library only. Files are sent with "Cache-Control: no-cache" so a
reload always revalidates (the page's service worker does the offline caching).
"""

from __future__ import annotations

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
    "": "application/octet-stream",
}


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES
    # Keep-alive: a page load fetches ~16 files; every reply has a Content-Length.
    protocol_version = "HTTP/1.1"
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path | str, port: int = 8000, bind: str = "127.0.0.1", quiet: bool = False
) -> ThreadingHTTPServer:
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise SystemExit(f"no such directory: {directory} (run ./build.sh build)")
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    server = ThreadingHTTPServer((bind, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def server_url(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    assert isinstance(host, str)  # an IP server's address, never bytes
    if host in ("127.0.0.1", "0.0.0.0", ""):
        host = "localhost"
    return f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the built site.")
    ap.add_argument("--port", type=int, default=8000, help="port (0: any free port); default 8000")
    ap.add_argument("--dir", type=Path, default=ROOT / "dist" / "site", help="directory to serve")
    ap.add_argument("--bind", default="127.0.0.1", help="address to listen on; default 127.0.0.1")
    ap.add_argument("--quiet", action="store_true", help="do not log each request")
    args = ap.parse_args(argv)
    server = make_server(args.dir, args.port, args.bind, args.quiet)
    print(f"Serving {Path(args.dir).resolve()} at {server_url(server)}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

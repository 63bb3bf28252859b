#!/usr/bin/env python3
"""Build the engine wheel and assemble the static site in dist/site/.

Used by ./build.sh (``python tools/build_site.py site``) and by the tests
(``build_wheel(out_dir)``), so the wheel the tests run is built the same way
as the one the page loads. Standard library only, apart from the wheel build
itself, which runs pip with setuptools.

dist/site/ holds:
  web/*                  copied as is (the page, its worker, styles, icons, manifest, ...)
  embed.html             index.html for an iframe: <html data-embed> plus styles/embed.css
                         (made here, so it never lags behind index.html)
  pyodide/*              the Pyodide core files from node_modules/pyodide, with the standard
                         library compiled to bytecode by that Pyodide's own Python
                         (tools/compile_bytecode.mjs; cached in dist/cache/, it changes only
                         with the pinned Pyodide), and trimmed to the modules Pyodide's start-up
                         and the engine use (traced in that Pyodide: tools/trace_stdlib.py; the
                         package lock lists no packages, as the page loads none)
  wheels/<wheel>.whl     the engine, a py3-none-any wheel holding only its bytecode for that
                         Python (the sources it was built from are the checkout's)

  games.json             the engine's list_games, so that a first visit draws the lobby (games,
                         options, seats) before the engine has loaded; games.pa.json, games.gu.json
                         the same in Punjabi and Gujarati
  locale/<lang>.json     the page's words and the engine's in Punjabi and Gujarati (tools/i18n.py)
  fonts/*.woff2          Noto Sans Gurmukhi and Gujarati, 400 and 700 (from @fontsource)
  vendor/*               the page's modules from npm: qrcode-generator draws QR codes, jsQR reads
                         them where the browser has no BarcodeDetector (VENDOR_FILES)
  build-info.json        {"wheel", "pyodide", "hash", "files"}

`site --full` (./build.sh build --full) ships the whole standard library, the whole package lock and
the wheel with its sources beside the bytecode, as Pyodide's own files would be: the way to turn the
trimming off (for debugging, and to compare).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.7"

# What loadPyodide() fetches for a bare start (no packages), checked by
# recording a browser's requests against the built site: the loader module,
# the Emscripten module, the WebAssembly binary, the standard library and the
# package lock (read at start even when no package is loaded).
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Source files the wheel is built from (copied to a clean staging dir, so a
# stale build/ or *.egg-info in the work tree can never leak into the wheel).
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "pygames_wasm")


def log(msg: str) -> None:
    print(f"[build] {msg}", file=sys.stderr, flush=True)


def _can_build_offline() -> bool:
    """True if this interpreter can build without an isolated build env."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    import setuptools

    major = int(setuptools.__version__.split(".")[0])
    return major >= 68 and importlib.util.find_spec("wheel") is not None


def build_wheel(out_dir: Path | str, root: Path | str = ROOT) -> Path:
    """Build the engine wheel into out_dir and return its path.

    The sources are staged in a temporary directory first. With setuptools
    and wheel installed (the .venv has them) the build needs no network;
    otherwise pip makes an isolated build environment from PyPI.
    """
    root = Path(root)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if not (root / "pygames_wasm").is_dir():
        raise SystemExit(f"no engine package at {root / 'pygames_wasm'}")
    i18n.compile_engine()  # the .mo catalogs go into the wheel
    with tempfile.TemporaryDirectory(prefix="pygames-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in WHEEL_SOURCES:
            p = root / name
            if p.is_dir():
                shutil.copytree(
                    p,
                    src / name,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"),
                )
            elif p.exists():
                shutil.copy2(p, src / name)
        built = Path(tmp) / "out"
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(src),
            "--no-deps",
            "--quiet",
            "--disable-pip-version-check",
            "-w",
            str(built),
        ]
        if _can_build_offline():
            cmd.append("--no-build-isolation")
        # Fixed zip timestamps: the same sources give the same wheel bytes, so
        # the site hash (and the service worker's cache) only changes when
        # something really changed.
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")
        subprocess.run(cmd, check=True, stdout=sys.stderr, env=env)
        wheels = sorted(built.glob("*.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"expected one wheel, got {wheels}")
        wheel = wheels[0]
        if not wheel.name.endswith("-py3-none-any.whl"):
            raise SystemExit(f"not a pure-Python wheel: {wheel.name}")
        dest = out_dir / wheel.name
        shutil.copy2(wheel, dest)
    return dest


def compile_bytecode(kind: str, src: Path, dst: Path, root: Path = ROOT, keep_sources: bool = False) -> None:
    """tools/compile_bytecode.mjs: `kind` is "stdlib" or "wheel" (see that file); a wheel keeps its
    sources beside the bytecode only with `keep_sources`."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to compile the bytecode (Node 20+)")
    subprocess.run(
        [node, str(root / "tools" / "compile_bytecode.mjs"), f"--{kind}", str(src), str(dst)]
        + (["--keep-sources"] if keep_sources else []),
        check=True,
        cwd=root,
        stdout=sys.stderr,
    )


def compiled_stdlib(pyo: Path, root: Path = ROOT) -> Path:
    """The pinned standard library as bytecode, compiled once per Pyodide and compiler script."""
    key = hashlib.sha256(
        (pyo / "python_stdlib.zip").read_bytes() + (root / "tools" / "compile_bytecode.mjs").read_bytes()
    ).hexdigest()[:16]
    cached = root / "dist" / "cache" / f"python_stdlib-{key}.zip"
    if not cached.exists():
        log("compiling the standard library to bytecode (once per Pyodide version)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".tmp")
        compile_bytecode("stdlib", pyo / "python_stdlib.zip", partial, root)
        os.replace(partial, cached)
    return cached


def engine_imports(root: Path = ROOT) -> list[str]:
    """Every module the engine's sources name in an import, anywhere in them: what can change the
    standard library the engine needs (part of the trimmed library's cache key)."""
    names = set()
    for path in sorted((root / "pygames_wasm").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(names)


def trimmed_stdlib(compiled: Path, source_wheel: Path, root: Path = ROOT) -> Path:
    """The compiled standard library cut down to what the page uses (tools/compile_bytecode.mjs
    --trim). Traced again when the library, the tracer or the modules the engine imports change."""
    key = hashlib.sha256(
        compiled.read_bytes()
        + (root / "tools" / "compile_bytecode.mjs").read_bytes()
        + (root / "tools" / "trace_stdlib.py").read_bytes()
        + "\n".join(engine_imports(root)).encode()
    ).hexdigest()[:16]
    cached = root / "dist" / "cache" / f"python_stdlib-trimmed-{key}.zip"
    if not cached.exists():
        log("tracing the standard library the engine uses (when its imports change)")
        partial = cached.with_suffix(".tmp")
        node = shutil.which("node")
        if node is None:
            raise SystemExit("node is needed to trim the standard library (Node 20+)")
        subprocess.run(
            [
                node,
                str(root / "tools" / "compile_bytecode.mjs"),
                "--trim",
                str(compiled),
                str(source_wheel),
                str(partial),
            ],
            check=True,
            cwd=root,
            stdout=sys.stderr,
        )
        os.replace(partial, cached)
    return cached


def bare_lock(lock: Path) -> str:
    """Pyodide's package lock without its packages: the page loads none, and the lock is read at start."""
    info = json.loads(lock.read_text())
    return json.dumps({"info": info["info"], "packages": {}}, separators=(",", ":"))


def pyodide_dir(root: Path | str = ROOT) -> Path:
    d = Path(root) / "node_modules" / "pyodide"
    pkg = d / "package.json"
    if not pkg.exists():
        raise SystemExit(f"{d} is missing: run `npm ci` (./build.sh build does)")
    version = json.loads(pkg.read_text())["version"]
    if version != PYODIDE_VERSION:
        raise SystemExit(f"node_modules has pyodide {version}, want {PYODIDE_VERSION}: run `npm ci`")
    return d


# The Punjabi (Gurmukhi) and Gujarati fonts the page's styles/style.css names (@font-face with a unicode-range,
# so a page fetches only the faces of the letters it shows): only these subsets and weights, from the pinned @fontsource
# packages (package.json), into the site's fonts/ (precached with every other file: offline too).
FONT_FILES = tuple(
    (f"@fontsource/noto-sans-{script}", f"noto-sans-{script}-{script}-{weight}-normal.woff2")
    for script in ("gurmukhi", "gujarati")
    for weight in (400, 700)
)


def copy_fonts(stage: Path, root: Path = ROOT) -> int:
    """The page's fonts into stage/fonts/; returns their bytes."""
    (stage / "fonts").mkdir(exist_ok=True)
    total = 0
    for package, name in FONT_FILES:
        src = root / "node_modules" / package / "files" / name
        if not src.exists():
            raise SystemExit(f"{src} is missing: run `npm ci` (./build.sh build does)")
        shutil.copy2(src, stage / "fonts" / name)
        total += src.stat().st_size
    return total


# Page modules from npm, served from this origin like Pyodide: (package, file in it, name in vendor/).
# jsQR reads QR codes where the browser cannot (web/net/scan.js); its licence (Apache-2.0) asks that
# a copy go with it.
VENDOR_FILES = [
    ("qrcode-generator", "dist/qrcode.mjs", "qrcode.mjs"),
    ("jsqr", "dist/jsQR.js", "jsQR.js"),
    ("jsqr", "LICENSE", "jsQR.LICENSE.txt"),
]


def copy_vendor(stage: Path, root: Path = ROOT) -> None:
    """The page's modules from npm into stage/vendor/ (web/net/qr.js draws QR codes, scan.js reads them)."""
    (stage / "vendor").mkdir(exist_ok=True)
    for package, path, name in VENDOR_FILES:
        src = root / "node_modules" / package / path
        if not src.exists():
            raise SystemExit(f"{src} is missing: run `npm ci` (./build.sh build does)")
        shutil.copy2(src, stage / "vendor" / name)


def make_embed_page(index_html: str) -> str:
    """embed.html from index.html: the same page, marked data-embed, plus styles/embed.css.

    The app (web/app/embed-mode.js) reads the mark: no lobby at first, a save slot of
    its own, and its height posted to the parent for web/embed.js.
    """
    html, n = re.subn(r"<html\b([^>]*)>", r"<html\1 data-embed>", index_html, count=1)
    if n != 1:
        raise SystemExit("web/index.html has no <html> tag to mark for embed.html")
    links = list(re.finditer(r'<link rel="stylesheet" href="styles/style.css">', html))
    if len(links) != 1:
        raise SystemExit(
            'web/index.html must link styles/style.css once (<link rel="stylesheet" href="styles/style.css">)'
        )
    at = links[0].end()
    html = html[:at] + '\n  <link rel="stylesheet" href="styles/embed.css">' + html[at:]
    return html


def check_page(html: str, name: str) -> None:
    """The page says, in its own Content-Security-Policy, that it talks to no other origin."""
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    if not m or "default-src 'self'" not in m.group(1):
        raise SystemExit(f"{name} has no Content-Security-Policy meta with default-src 'self'")
    if re.search(r'(src|href)="(https?:)?//', html):
        raise SystemExit(f"{name} refers to another origin")


def site_files(site: Path) -> list[str]:
    """All files of the site, as sorted '/'-separated relative paths."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def content_hash(site: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0")
        h.update(hashlib.sha256((site / rel).read_bytes()).digest())
    return h.hexdigest()[:12]


def games_list(root: Path, lang: str = "en") -> str:
    """The engine's list_games reply (its `games`) in one language as JSON, from the source the wheel is
    built from: the lobby offers the games before the engine has loaded."""
    code = (
        "import json; from pygames_wasm import api; "
        f"print(json.dumps(api.call('list_games', {{'lang': {lang!r}}})['games'], ensure_ascii=False))"
    )
    return subprocess.run([sys.executable, "-c", code], cwd=root, check=True, capture_output=True, text=True).stdout


def assemble_site(root: Path | str = ROOT, out: Path | str | None = None, full: bool = False) -> dict:
    """Build the wheel and (re)create the site directory; return build-info. `full`: the whole standard
    library and package lock, and the wheel's sources (see the module's docstring)."""
    root = Path(root)
    out = Path(out) if out else root / "dist" / "site"
    stage = out.with_name(out.name + ".tmp")
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)

    web = root / "web"
    if web.is_dir():
        shutil.copytree(web, stage, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    else:
        log("warning: no web/ directory; the site has no page yet")

    index = stage / "index.html"
    if index.exists():
        if (web / "embed.html").exists():
            raise SystemExit("web/embed.html would be overwritten: it is made from index.html")
        page = index.read_text(encoding="utf-8")
        check_page(page, "web/index.html")
        (stage / "embed.html").write_text(make_embed_page(page), encoding="utf-8")

    copy_fonts(stage, root)
    copy_vendor(stage, root)

    wheel = build_wheel(stage / "wheels", root)  # first: it compiles the catalogs games_list reads
    pyo = pyodide_dir(root)
    (stage / "pyodide").mkdir()
    stdlib = compiled_stdlib(pyo, root) if full else trimmed_stdlib(compiled_stdlib(pyo, root), wheel, root)
    for name in PYODIDE_CORE_FILES:
        if name == "pyodide-lock.json" and not full:
            (stage / "pyodide" / name).write_text(bare_lock(pyo / name))
        else:
            shutil.copy2(stdlib if name == "python_stdlib.zip" else pyo / name, stage / "pyodide" / name)
    compile_bytecode("wheel", wheel, wheel, root, keep_sources=full)
    (stage / "games.json").write_text(games_list(root), encoding="utf-8")
    (stage / "locale").mkdir(exist_ok=True)
    for lang in i18n.LANGUAGES:
        (stage / f"games.{lang}.json").write_text(games_list(root, lang), encoding="utf-8")
        (stage / "locale" / f"{lang}.json").write_text(
            json.dumps(i18n.page_catalog(lang), ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
        shutil.rmtree(stage / "locale" / lang, ignore_errors=True)  # the page's .po sources are not served

    files = site_files(stage)
    if "build-info.json" in files:
        raise SystemExit("web/build-info.json would be overwritten; remove it")
    info = {
        "wheel": f"wheels/{wheel.name}",
        "pyodide": PYODIDE_VERSION,
        "hash": content_hash(stage, files),
        # Every file of the site (build-info.json aside), for the service
        # worker to precache.
        "files": files,
    }
    (stage / "build-info.json").write_text(json.dumps(info, indent=1) + "\n")

    # Swap the finished site in.
    old = out.with_name(out.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        os.replace(out, old)
    os.replace(stage, out)
    shutil.rmtree(old, ignore_errors=True)
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("site", help="build the wheel and assemble dist/site")
    s.add_argument("--out", type=Path, default=ROOT / "dist" / "site")
    s.add_argument(
        "--full", action="store_true", help="the whole standard library and package lock, and the wheel's sources"
    )
    w = sub.add_parser("wheel", help="build only the wheel")
    w.add_argument("--out", type=Path, default=ROOT / "dist" / "wheels")
    args = ap.parse_args(argv)
    if args.cmd == "site":
        info = assemble_site(ROOT, args.out, full=args.full)
        log(f"site: {args.out} ({len(info['files']) + 1} files, hash {info['hash']}, {info['wheel']})")
    else:
        print(build_wheel(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the site ships works in Pyodide, and the same seed gives the same game there as on CPython.

Pyodide (Node, from node_modules, pinned in package.json) runs what ./build.sh build put in
dist/site: the engine wheel (Pyodide's bytecode only), unpacked as the page's worker does, on the
site's standard library (trimmed to what the engine uses). CPython runs the sources that wheel was
built from. Both run the very same Python source (GAMES_CODE below): whole ONO 99 games of three
random bots, 3UP 3DOWN games, and Own Trumps matches of 2 to 4 bots, through `api.call`; the records
(`save`) must be identical.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide_runner.mjs"

SEEDS = [1, 2, 3, 42, 2024, "0123456789abcdef" * 2]  # integer seeds (old saves) and a 128-bit hex seed

# Runs unchanged on CPython and in Pyodide; prints one JSON document.
GAMES_CODE = r"""
import json, sys
from pygames_wasm import api

def ok(reply):
    assert "error" not in reply, reply
    return reply

def play(seed, options, game="ono99", bots=("random",) * 3):
    seats = [{"name": f"B{i + 1}", "kind": "bot", "bot": bot} for i, bot in enumerate(bots)]
    params = {"game": game, "seats": seats, "seed": seed}
    if options is not None:
        params["options"] = options
    handle = ok(api.call("new_game", params))["handle"]
    steps = 0
    while True:
        view = ok(api.call("view", {"handle": handle, "seat": None}))["view"]
        if view["over"]:
            break
        ok(api.call("bot_act", {"handle": handle, "seat": view["to_act"]}))
        steps += 1
        assert steps < 20000, "the game does not end"
    record = ok(api.call("save", {"handle": handle}))["record"]
    ok(api.call("close", {"handle": handle}))
    return {"seed": seed, "options": options, "steps": steps, "over": view["over"],
            "result": view["result"], "record": record}

games = ok(api.call("list_games", {}))["games"]
ono = next(g for g in games if g["id"] == "ono99")
variants = [None] + [p["options"] for p in ono.get("presets", [])]
out = [play(seed, options) for options in variants for seed in SEEDS]
three_up = next(g for g in games if g["id"] == "three_up")
out += [play(seed, p["options"], "three_up") for p in three_up["presets"][:2] for seed in SEEDS[:3]]

# Own Trumps: heads-up and four seats (its heuristic bot's arithmetic included), and random play
# that ends by the safeguard (a short turn limit), with a hex seed as the page makes.
out += [play(seed, {"match_games": 2}, "own_trumps", ("heuristic", "random")) for seed in SEEDS]
out += [play(seed, {"match_games": 1}, "own_trumps", ("heuristic", "random", "heuristic", "heuristic"))
        for seed in SEEDS[:3]]
out.append(play("9f" * 16, {"match_games": 1, "turn_limit": 100, "allow_same_trump": True}, "own_trumps",
                ("random",) * 3))

# The same words in every language: the compiled catalogs (.mo) ship in the wheel and gettext reads them.
out.append({"languages": {lang: [[b["title"] for b in ok(api.call("list_games", {"lang": lang}))["games"][0]["bots"]],
                                 api.call("view", {"handle": "none", "lang": lang})["error"]["message"]]
                          for lang in ("en", "pa", "gu")}})

# Input deep enough to exhaust Pyodide's stack if it were parsed: one clear error, and the engine lives on.
deep = [json.loads(api.handle(text))["error"]["code"] for text in ("[" * 6000, '{"a":' * 6000)]
out.append({"deep_requests": deep})

# The JSON entry point the browser uses, once.
reply = json.loads(api.handle(json.dumps({"method": "list_games", "params": {}})))
out.append({"handle_list_games": [g["id"] for g in reply["games"]]})
# Where the engine came from (PEP 552 flags: 1 is an unchecked hash-based .pyc, as the build writes for
# Pyodide; None: a source file), and how much of the standard library there was to import from.
import os
flags = int.from_bytes(open(api.__file__, "rb").read()[4:8], "little") if api.__file__.endswith(".pyc") else None
stdlib = [p for p in sys.path if p.endswith(".zip") and os.path.exists(p)]
print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform, "games": out,
                  "bytecode": [os.path.basename(api.__file__), flags],
                  "stdlib_bytes": os.path.getsize(stdlib[0]) if stdlib else None}))
""".replace("SEEDS", repr(SEEDS))


def _missing(what: str) -> NoReturn:
    """Outside CI a missing tool skips; in CI (CI=true) it fails, so nothing is silently untested."""
    msg = f"{what} (./build.sh build sets it up)"
    if os.environ.get("CI"):
        pytest.fail(msg)
    pytest.skip(msg)


SITE = ROOT / "dist" / "site"


@pytest.fixture(scope="module")
def wheel() -> Path:
    """The wheel the built site ships (./build.sh build), with Pyodide's bytecode only."""
    info = SITE / "build-info.json"
    if not info.exists():
        _missing("dist/site is not built")
    return SITE / json.loads(info.read_text())["wheel"]


@pytest.fixture(scope="module")
def node() -> str:
    exe = shutil.which("node")
    if exe is None:
        _missing("node is not installed")
    if not (ROOT / "node_modules" / "pyodide" / "package.json").exists():
        _missing("node_modules/pyodide is missing")
    return exe


def run_cpython(code: str, tmp: Path) -> dict:
    """`code` on this CPython, with the engine's sources (the wheel's bytecode is Pyodide's only)."""
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "random"},
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def run_pyodide(node: str, code: str) -> dict:
    """`code` in Pyodide, on what the site ships (the runner's default)."""
    proc = subprocess.run(
        [node, str(RUNNER), "--site", str(SITE), "-"],
        input=code,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def runs(wheel, node, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("runs")
    return run_cpython(GAMES_CODE, tmp), run_pyodide(node, GAMES_CODE)


def test_wheel_is_pure_python_and_standard_library_only(wheel):
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
    assert "pygames_wasm/api.pyc" in names and "pygames_wasm/api.pyc," in record
    assert not [n for n in names if n.endswith(".py")], "the wheel ships bytecode only"
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dll"))]
    runtime_deps = [line for line in meta.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert runtime_deps == [], "the engine must need nothing but the standard library"


def test_runtimes_are_what_we_think(runs):
    cpython, pyodide = runs
    assert cpython["platform"] != "emscripten"
    assert pyodide["platform"] == "emscripten"
    assert pyodide["bytecode"] == ["api.pyc", 1]  # the engine ran from the shipped bytecode
    assert cpython["bytecode"] == ["api.py", None]
    # on the site's standard library, trimmed to what the engine uses
    shipped = (SITE / "pyodide" / "python_stdlib.zip").stat().st_size
    assert pyodide["stdlib_bytes"] == shipped
    # (the whole library as bytecode is 1.76x Pyodide's own zip of sources: trimmed, it is smaller)
    assert shipped < (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").stat().st_size


def test_games_end_with_a_winner_in_pyodide(runs):
    _, pyodide = runs
    games = [g for g in pyodide["games"] if "record" in g]
    assert len(games) >= len(SEEDS)
    for game in games:
        assert game["over"] is True
        assert game["result"]["winners"], game["result"]
        assert game["steps"] > 0
        assert len(game["record"]["actions"]) == game["steps"]
    assert {"ono99", "three_up", "own_trumps"} <= set(pyodide["games"][-1]["handle_list_games"])
    assert pyodide["games"][-2] == {"deep_requests": ["bad_request", "bad_request"]}
    trumps = [g for g in games if g["record"]["game"] == "own_trumps"]
    assert len(trumps) == len(SEEDS) + 4 and {len(g["record"]["seats"]) for g in trumps} == {2, 3, 4}


def test_pyodide_speaks_punjabi_and_gujarati(runs):
    _, pyodide = runs
    words = pyodide["games"][-3]["languages"]
    assert words["en"] == [["Easy", "Normal", "Hard"], "That game is not open (it may have been closed)."]
    assert words["pa"][0] == ["ਸੌਖਾ", "ਆਮ", "ਔਖਾ"] and words["gu"][0] == ["સરળ", "સામાન્ય", "અઘરું"]
    assert words["pa"][1].endswith("।")


def test_same_seed_same_record_on_cpython_and_pyodide(runs):
    cpython, pyodide = runs
    assert len(cpython["games"]) == len(pyodide["games"])
    for a, b in zip(cpython["games"], pyodide["games"]):
        for game in (a, b):  # a match's id is random by design; everything else must agree
            game.get("record", {}).pop("id", None)
        assert a == b, f"seed {a.get('seed')} options {a.get('options')}: the runtimes disagree"


# The engine's command-line tools: never loaded by the page, so their modules (argparse,
# multiprocessing) may be left out of the standard library the site ships.
COMMAND_LINE = {"__main__.py", "cli.py", "arena.py", "simulate.py"}


def standard_modules_the_engine_names() -> list[str]:
    """Every module of the standard library that an engine module (not a command-line tool) names in
    an import, anywhere in it: at the top or inside a function, so on any game's rarest path too."""
    import ast

    names: set[str] = set()
    for path in (ROOT / "pygames_wasm").rglob("*.py"):
        if path.name in COMMAND_LINE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(n for n in names if not n.startswith("pygames_wasm"))


def test_every_module_the_engine_imports_is_in_the_shipped_standard_library(wheel, node):
    """The site's standard library is trimmed to what the build's trace loaded (tools/trace_stdlib.py):
    this proves nothing the engine can import, in any game, was trimmed away, and that the page's
    engine never loads a command-line tool."""
    modules = standard_modules_the_engine_names()
    assert "gettext" in modules and "argparse" not in modules
    code = f"""
import importlib, json, sys
from pygames_wasm import api
missing = []
for name in {modules!r}:
    try:
        importlib.import_module(name)
    except ImportError as e:
        missing.append(f"{{name}}: {{e}}")
for game in ("canasta", "ono99", "three_up", "own_trumps"):  # and a few moves of every game, by every bot
    seats = [{{"name": name, "kind": "bot", "bot": bot}} for name, bot in zip("ABCD", ("random", "easy", "normal", "hard"))]
    handle = api.call("new_game", {{"game": game, "seats": seats[:3 if game == "ono99" else 4], "seed": 1}})["handle"]
    for _ in range(8):
        seat = api.call("view", {{"handle": handle, "seat": None}})["view"]["to_act"]
        assert "error" not in api.call("bot_act", {{"handle": handle, "seat": seat, "deals": 2}})
tools = [m for m in ("pygames_wasm.cli", "pygames_wasm.arena", "pygames_wasm.simulate") if m in sys.modules]
print(json.dumps({{"missing": missing, "tools": tools}}))
"""
    assert run_pyodide(node, code) == {"missing": [], "tools": []}

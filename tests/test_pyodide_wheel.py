"""The built wheel works in Pyodide, and the same seed gives the same game there as on CPython.

Both runtimes run the very same Python source (GAMES_CODE below) against the very same wheel:
CPython imports the unpacked wheel, Pyodide (Node, from node_modules, pinned in package.json)
installs it with unpackArchive, as the page's worker does. Each plays whole ONO 99 games of three
random bots, 3UP 3DOWN games, and Own Trumps matches of 2 to 4 bots, through `api.call`; the records
(`save`) must be identical.
"""

from __future__ import annotations

import importlib.util
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
# Where this Python looks for the engine's bytecode, and what is there (PEP 552 flags: 1 is an
# unchecked hash-based .pyc, as the build writes for Pyodide; None: none was shipped for it).
import importlib.util, os
cached = importlib.util.cache_from_source(api.__file__)
flags = int.from_bytes(open(cached, "rb").read()[4:8], "little") if os.path.exists(cached) else None
print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform, "games": out,
                  "bytecode": [os.path.basename(cached), flags]}))
""".replace("SEEDS", repr(SEEDS))


def _load_build_site():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _missing(what: str) -> NoReturn:
    """Outside CI a missing tool skips; in CI (CI=true) it fails, so nothing is silently untested."""
    msg = f"{what} (./build.sh build sets it up)"
    if os.environ.get("CI"):
        pytest.fail(msg)
    pytest.skip(msg)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory, node) -> Path:
    """A fresh wheel of the current sources, built the way ./build.sh builds it: with the bytecode
    of Pyodide's own Python beside each module (CPython 3.11 ignores it and reads the sources)."""
    build_site = _load_build_site()
    built = build_site.build_wheel(tmp_path_factory.mktemp("wheel"))
    build_site.compile_bytecode("wheel", built, built)
    return built


@pytest.fixture(scope="module")
def node() -> str:
    exe = shutil.which("node")
    if exe is None:
        _missing("node is not installed")
    if not (ROOT / "node_modules" / "pyodide" / "package.json").exists():
        _missing("node_modules/pyodide is missing")
    return exe


def run_cpython(code: str, wheel: Path, tmp: Path) -> dict:
    site = tmp / "cpython-site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=site,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(site), "PYTHONHASHSEED": "random"},
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def run_pyodide(node: str, code: str, wheel: Path) -> dict:
    proc = subprocess.run(
        [node, str(RUNNER), "--wheel", str(wheel), "-"],
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
    return run_cpython(GAMES_CODE, wheel, tmp), run_pyodide(node, GAMES_CODE, wheel)


def test_wheel_is_pure_python_and_standard_library_only(wheel):
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "pygames_wasm/api.py" in names and "pygames_wasm/__pycache__/api.cpython-314.pyc" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dll"))]
    runtime_deps = [line for line in meta.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert runtime_deps == [], "the engine must need nothing but the standard library"


def test_runtimes_are_what_we_think(runs):
    cpython, pyodide = runs
    assert cpython["platform"] != "emscripten"
    assert pyodide["platform"] == "emscripten"
    assert pyodide["bytecode"] == ["api.cpython-314.pyc", 1]  # the engine ran from the shipped bytecode


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

"""What of the standard library the page's engine uses: run inside the pinned Pyodide by
tools/compile_bytecode.mjs --trim (the build), after Pyodide's own start-up and the engine worker's
start (web/engine/python-boot.js: the engine wheel unpacked, or from the snapshot, without its files).
The build ships only the modules in `sys.modules` afterwards (Pyodide's start-up, the worker's, the
engine's and this workload's).

The workload is every API method of every game, in every language, with every kind of player, and
the paths that import late: a refused request, an engine bug's traceback, a resume from a checkpoint.
Each module the engine's loaded modules name in an import (at the top, or inside a function) is
imported too, so that a rare branch never meets a missing module. The build then runs this again on
the trimmed standard library, and tests/test_pyodide_wheel.py plays on what ships.
"""

import ast
import importlib
import io
import json
import sys
import traceback
import warnings
from pathlib import Path
from typing import Any

from pygames_wasm import api
from pygames_wasm.core.i18n import LANGUAGES


def named_imports(source: str) -> set[str]:
    """The absolute modules a source imports, anywhere in it."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def engine_imports() -> set[str]:
    """The modules the loaded engine modules import anywhere (not the command line's: argparse and
    multiprocessing stay out, as cli.py, arena.py and simulate.py are never loaded by the page).
    A start from the snapshot has none of the engine's files: the normal start, traced too, reads them."""
    names: set[str] = set()
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if name.startswith("pygames_wasm") and path and path.endswith(".py") and Path(path).exists():
            names |= named_imports(Path(path).read_text(encoding="utf-8"))
    return {n for n in names if not n.startswith("pygames_wasm")}


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in reply, reply
    return reply


def play(game: str, kinds: list[str], seed: int, moves: int) -> None:
    """A few moves of every kind through the API, in every language."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": kind} for i, kind in enumerate(kinds)]
    seats[0] = {"name": "P0", "kind": "human"}
    handle = ok(api.call("new_game", {"game": game, "seats": seats, "seed": seed}))["handle"]
    for move in range(moves):
        view = ok(api.call("view", {"handle": handle, "seat": 0, "lang": LANGUAGES[move % len(LANGUAGES)]}))["view"]
        if view["over"]:
            break
        seat = view["to_act"]
        if seat == 0:
            ok(api.call("hint", {"handle": handle, "seat": 0, "deals": 2}))
            action = ok(api.call("legal_actions", {"handle": handle, "seat": 0}))["actions"][0]
            ok(api.call("explain", {"handle": handle, "seat": 0, "action": action}))
            ok(api.call("act", {"handle": handle, "seat": 0, "action": action}))
            api.call("undo", {"handle": handle, "seat": 0})
            api.call("act", {"handle": handle, "seat": 0, "action": action})
        else:
            ok(api.call("bot_act", {"handle": handle, "seat": seat, "deals": 2}))
    record = ok(api.call("save", {"handle": handle}))["record"]
    checkpoint = ok(api.call("checkpoint", {"handle": handle}))["checkpoint"]
    for lang in LANGUAGES:
        for method in ("summary", "info", "events"):
            ok(api.call(method, {"handle": handle, "lang": lang}))
    ok(api.call("close", {"handle": handle}))
    loaded = ok(api.call("load", {"record": record, "checkpoint": checkpoint}))
    ok(api.call("close", {"handle": loaded["handle"]}))
    ok(api.call("close", {"handle": ok(api.call("load", {"record": record}))["handle"]}))


def workload() -> None:
    for lang in LANGUAGES:
        games = ok(api.call("list_games", {"lang": lang}))["games"]
    for info in games:
        kinds = ["random", "easy", "normal", "hard"][: info["players"]["max"]]
        play(info["id"], kinds, 1, 40)
    for request in ("not json", "[" * 100, json.dumps({"method": "nothing"}), json.dumps({"method": "view"})):
        json.loads(api.handle(request))
    api.call("load", {"record": {"format": 2, "game": "ono99", "actions": "damaged"}})
    try:  # an engine bug's traceback goes to the worker's console (api.call)
        raise RuntimeError("traced")
    except RuntimeError:
        traceback.print_exc(file=io.StringIO())
    with warnings.catch_warnings(record=True):
        warnings.warn("traced", stacklevel=1)


for module in sorted(engine_imports()):
    importlib.import_module(module)
workload()

"""The browser side of the page tests and benchmarks: build, serve, launch.

Shared by e2e/conftest.py and bench/page_*.py. e2e/ is a package, so its
conftest never shadows tests/conftest.py when both folders run together.
- The site is built with ./build.sh build only when dist/site is missing
  (E2E_SKIP_BUILD=1 never builds).
- tools/serve.py serves it on a free localhost port in a subprocess.
- Chromium: $CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import expect

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
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)


def _die_with_parent():
    """Linux: the server ends when the process that started it dies, even by a crash."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass


class SiteServer:
    """tools/serve.py in a subprocess on a free port."""

    def __init__(self, directory: Path = SITE):
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--dir", str(directory), "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        assert self.proc.stdout is not None  # stdout=PIPE
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


def engine_ready(page, timeout: int = START_TIMEOUT_MS) -> None:
    """The engine is up (the lobby can be filled in and Start pressed before: the game then starts
    when it is up, see e2e/test_lobby.py)."""
    expect(page.locator("#loading.done")).to_be_attached(timeout=timeout)


def my_turn(scope) -> bool:
    """The viewer's hand is up, it is their move, and nothing covers the table (scope: a page or frame)."""
    return (
        scope.locator("#hand-area.my-turn").is_visible()
        and scope.locator("#table[aria-busy=true]").count() == 0
        and scope.locator("dialog[open]").count() == 0
    )


# A card of a long hand lies partly under the next one (tables/layout.js overlaps the cards, every
# corner index left in view): a finger taps it by its corner, and so do the tests, not at its middle.
CARD_CORNER = {"x": 10, "y": 14}


def tap_card(card, **kwargs) -> None:
    """Click a card of a hand (or a face-up or face-down card of 3UP 3DOWN) by its corner index."""
    card.click(position=CARD_CORNER, **kwargs)


def resize(page, width: int, height: int) -> None:
    """Set the window's size and wait until the page has laid itself out again: the resize event
    comes with the next frame, and its fitting is done by the frame after (a fixed wait was not
    enough on a loaded machine)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


# A JS statement: every card in flight lands now (an endless glow keeps pulsing).
LAND_CARDS = """document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .forEach((a) => a.finish());"""


def snapshot_outcome(page, seconds: int = 120) -> str:
    """What became of the start-up snapshot of `page`'s first visit, once known: it is made in the
    background, once the engine has been idle for 2 s ("made", or why not)."""
    for _ in range(seconds * 5):
        outcome = page.evaluate("async () => (await pygames.stats()).snapshotMaking")
        if outcome != "to be made":
            return outcome
        page.wait_for_timeout(200)
    return outcome


def hand_places(page) -> dict:
    """Where each card of the hand (and of 3UP 3DOWN's face-up row) rests ([left, top, width, height,
    aria-pressed]), and where the choices are and how many: a tap that only selects must leave all but
    the selected card in place."""
    page.evaluate(f"() => {{ {LAND_CARDS} }}")  # where the cards come to rest, not mid-glide
    return page.evaluate(
        """() => {
        const box = (e) => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
        return {
          cards: [...document.querySelectorAll('#hand > .card, #tu-up button')].map((c) => [...box(c), c.getAttribute('aria-pressed')]),
          choices: box(document.getElementById('actions')),
          count: document.querySelectorAll('#actions > *').length,
        };
      }"""
    )


def moved_by_selecting(before: dict, after: dict) -> list[str]:
    """What a selection moved, from two `hand_places`: the choices, or a card (a selected card may
    only rise, in place)."""
    problems = []
    if (after["choices"], after["count"]) != (before["choices"], before["count"]):
        problems.append(
            f"the choices moved: {before['choices']} x{before['count']} -> {after['choices']} x{after['count']}"
        )
    for i, (was, now) in enumerate(zip(before["cards"], after["cards"], strict=True)):
        rises = now[4] == "true" or was[4] == "true"
        if [now[0], *now[2:4]] != [was[0], *was[2:4]] or (not rises and now[1] != was[1]):
            problems.append(f"card {i} moved: {was[:4]} -> {now[:4]}")
    return problems


def settled(page):
    """Not redrawing after a choice, and every choice shown has been checked with the engine."""
    expect(page.locator("#table[aria-busy=true]")).to_have_count(0)
    expect(page.locator("#actions .checking")).to_have_count(0)


def pass_to(page, name: str, nothing_shown) -> None:
    """The curtain names `name`; `nothing_shown(page)` checks the page holds no hand while it is up;
    their tap lowers it."""
    curtain = page.get_by_role("dialog", name=f"Pass the device to {name}")
    expect(curtain).to_be_visible(timeout=20_000)
    nothing_shown(page)
    curtain.get_by_role("button", name=f"Pass the device to {name} — tap when ready").click()
    expect(curtain).to_be_hidden()
    settled(page)


def hand_labels(scope) -> list[str]:
    return scope.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")


# Holds the computers' moves while `window.holdBots` is set (from the tab's sessionStorage at each
# load, or set by the test): the page stays in a computer's turn for as long as the test looks at it.
# `stepBots()` lets the held move go and holds the next; `heldBots()` counts the moves held. Only the
# last move held is sent: one held before it was asked for by a table drawn again since (a change of
# language), whose answer the page drops; sent as well, it would be a second move of that seat.
# Test-only: an init script (page.add_init_script) that wraps the worker's postMessage.
HOLD_BOTS = """(() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  window.holdBots = sessionStorage.getItem("holdBots") === "1";
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (window.holdBots && msg && msg.method === "bot_act") { held.push(() => post.call(this, msg, ...rest)); return; }
    return post.call(this, msg, ...rest);
  };
  window.heldBots = () => held.length;
  window.stepBots = () => { const send = held.pop(); held.length = 0; if (send) send(); };
  window.releaseBots = () => { window.holdBots = false; window.stepBots(); };
})()"""


def hold_bots(page) -> None:
    """From now on the computers' moves wait (see HOLD_BOTS)."""
    page.evaluate("() => { window.holdBots = true; }")


def held_or_my_turn(page, timeout: int = 20_000) -> None:
    """A computer's move is held, or it is the viewer's turn; the table is drawn for it."""
    page.wait_for_function(
        "() => window.heldBots() > 0 || !!document.querySelector('#hand-area.my-turn, button.ot-suit')", timeout=timeout
    )
    settled(page)


def step_bots(page) -> None:
    """One computer's move (the one held) goes ahead; the next is held; the table is drawn for it."""
    page.evaluate("() => window.stepBots()")
    held_or_my_turn(page)


# The one slot the page had before a slot per game: a save planted there is moved to its game's slot
# (`pygames:main:save:<game>`) and resumed on the next load, as the page did with it before.
SAVE_DB, SAVE_STORE, SAVE_KEY = "pygames", "saves", "pygames:main:current"


def put_save(page, value, key: str = SAVE_KEY) -> None:
    """Put `value` where the app keeps its saved game (as a stacked deal, or as damage): the page must
    be on the site's origin."""
    page.evaluate(
        """([db, store, key, value]) => new Promise((resolve, reject) => {
            const req = indexedDB.open(db, 1);
            req.onupgradeneeded = () => req.result.createObjectStore(store);
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              const tx = req.result.transaction(store, "readwrite");
              tx.objectStore(store).put(value, key);
              tx.oncomplete = () => { req.result.close(); resolve(); };
              tx.onerror = () => reject(tx.error);
            };
        })""",
        [SAVE_DB, SAVE_STORE, key, value],
    )


def write_save(page, value, key: str = SAVE_KEY) -> None:
    """Put `value` where the app keeps its saved game, then reload the page (the app on it)."""
    put_save(page, value, key)
    page.reload()


def open_on_save(page, value, url: str = "./?speed=fast", key: str = SAVE_KEY) -> None:
    """Open the app at `url` with `value` as its saved game, which it resumes as it resumes any. The save
    is put from a bare page of the site's origin, so that the engine starts once, not twice; the
    browser's own request for a favicon on that page is answered here rather than with a 404."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto("./build-info.json")
    put_save(page, value, key)
    page.goto(url)


NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
SMALL_BUTTONS = """() => [...document.querySelectorAll('button')]
    .filter(b => b.offsetParent !== null)
    .map(b => [b.getAttribute('aria-label') || b.textContent.trim(), b.getBoundingClientRect()])
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""


# ---------------------------------------------------------------- languages
# The page's words in Punjabi and Gujarati come from the catalog JSON the build writes for the page
# (locale/<lang>.json: the page's and the engine's translations), so a test names a button in a
# language exactly as the page does. English is the msgid itself.
_CATALOGS: dict[str, dict] = {}
_FIELD = re.compile(r"\{([a-z_0-9]+)(?:[:!][^}]*)?\}")


def catalog(lang: str) -> dict:
    if lang == "en":
        return {}
    if lang not in _CATALOGS:
        import json

        _CATALOGS[lang] = json.loads((SITE / "locale" / f"{lang}.json").read_text(encoding="utf-8"))["messages"]
    return _CATALOGS[lang]


def _fill(text: str, args: dict) -> str:
    return _FIELD.sub(lambda m: str(args[m.group(1)]) if m.group(1) in args else m.group(0), text)


def T(lang: str, msgid: str, **args) -> str:
    """`msgid` as the page shows it in `lang`, its {fields} filled."""
    found = catalog(lang).get(msgid)
    return _fill(found if isinstance(found, str) and found else msgid, args)


def plural_forms(lang: str, one: str, many: str) -> list[str]:
    found = catalog(lang).get(one)
    return list(found) if isinstance(found, list) and len(found) >= 2 else [one, many]


def TN(lang: str, one: str, many: str, n: int, **args) -> str:
    """A counted phrase: form 0 for "one" (pa: 0 and 1; gu: 0 and 1; en: 1), else form 1."""
    forms = plural_forms(lang, one, many)
    is_one = n == 1 if lang == "en" else n in (0, 1)
    return _fill(forms[0 if is_one else 1], {"n": n, **args})


def T_re(lang: str, *msgids: str, **args) -> re.Pattern:
    """A whole-name pattern for any of these msgids (or plural forms) in `lang`: each {field} not
    given in `args` matches any text."""
    parts = []
    for msgid in msgids:
        text = T(lang, msgid)
        out, at = "", 0
        for m in _FIELD.finditer(text):
            out += re.escape(text[at : m.start()])
            out += re.escape(str(args[m.group(1)])) if m.group(1) in args else ".+?"
            at = m.end()
        parts.append(out + re.escape(text[at:]))
    return re.compile("^(?:" + "|".join(parts) + ")$")


def TN_re(lang: str, one: str, many: str, **args) -> re.Pattern:
    forms = plural_forms(lang, one, many)
    return re.compile("|".join(f"(?:{T_re(lang, f, **args).pattern})" for f in forms))

"""The page holds no hand it is not showing: at every pass-the-device curtain and while a computer
plays, a heap snapshot of the page (Chrome DevTools Protocol, HeapProfiler) holds no card of any hand,
in each of the four games, with two people and a Hard computer at the table.

What a hand is comes from the engine itself: the test opens the saved game a second time inside the
engine's worker (whose heap is its own and holds the game by right) and asks it for every seat's view;
nothing of that passes through the page. A card counts as hidden when its code or its name is in a
hand and nowhere in the public view (a card of the same name on the pile is public), and the page did
not hold the string before any game began. It is found when the page holds it as data, alone or as a
part of a key, not only as a constant of its code (the page's scripts name card faces). The search is
shown to work: while a person's hand is on the table, the snapshot holds each of its hidden cards.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from functools import cached_property
from itertools import chain, repeat

import pytest
from playwright.sync_api import Page, expect

from e2e import test_canasta_page as canasta
from e2e import test_own_trumps_page as own_trumps
from e2e import test_three_up_page as three_up
from e2e.conftest import PageErrors, open_page
from e2e.pagekit import HOLD_BOTS, engine_ready, my_turn, settled
from e2e.soak import sampled
from e2e.test_ono99_page import take_turn as ono99_turn


class Heap:
    """A heap snapshot of the page's own heap (its main thread; the engine's worker has a heap of its
    own), taken through the DevTools protocol, which collects the garbage first."""

    def __init__(self, page: Page):
        cdp = page.context.new_cdp_session(page)
        chunks: list[str] = []
        cdp.on("HeapProfiler.addHeapSnapshotChunk", lambda e: chunks.append(e["chunk"]))
        try:
            cdp.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False})
        finally:
            cdp.detach()
        snap = json.loads("".join(chunks))
        meta = snap["snapshot"]["meta"]
        nf, ef = meta["node_fields"], meta["edge_fields"]
        self.node_types, self.edge_types = meta["node_types"][0], meta["edge_types"][0]
        self.strings = snap["strings"]
        nodes, edges = snap["nodes"], snap["edges"]
        self.type = nodes[nf.index("type") :: len(nf)]
        self.name = nodes[nf.index("name") :: len(nf)]
        self.edge_type = edges[ef.index("type") :: len(ef)]
        self.edge_name = edges[ef.index("name_or_index") :: len(ef)]
        self.edge_from = list(
            chain.from_iterable(repeat(k, n) for k, n in enumerate(nodes[nf.index("edge_count") :: len(nf)]))
        )
        self.edge_to = [to // len(nf) for to in edges[ef.index("to_node") :: len(ef)]]
        self.code = {self.node_types.index("code")}
        self.text = {self.node_types.index(t) for t in ("string", "concatenated string", "sliced string")}

    @cached_property
    def retainers(self) -> dict[int, list[int]]:
        """Node -> the edges that hold it (weak ones aside)."""
        weak = self.edge_types.index("weak")
        out: dict[int, list[int]] = defaultdict(list)
        for e, (kind, to) in enumerate(zip(self.edge_type, self.edge_to)):
            if kind != weak:
                out[to].append(e)
        return out

    def _named(self, text: str) -> set[int]:
        return {i for i, s in enumerate(self.strings) if s == text}

    def _holders(self, node: int, edge_name: set[int]) -> set[int]:
        return {self.edge_from[e] for e in self.retainers[node] if self.edge_name[e] in edge_name}

    @cached_property
    def foreign(self) -> set[int]:
        """The page runs scripts in worlds other than its own (the one whose global holds `pygames`):
        Playwright's, where the test's own lookups run. The last string a regular expression matched
        there (the name of a card the test looked for) is the test's, not the page's."""
        pygames, global_object = self._named("pygames"), self._named("global_object")
        last_match = self._named("regexp_last_match_info")
        page_globals = {self.edge_from[e] for e, n in enumerate(self.edge_name) if n in pygames}
        page_world = set().union(set(), *(self._holders(g, global_object) for g in page_globals))
        matches = self._named("system / RegExpMatchInfo")
        return {
            k for k, name in enumerate(self.name) if name in matches and not self._holders(k, last_match) & page_world
        }

    def held(self, values: set[str]) -> dict[str, str]:
        """Which of `values` the page holds as data (not only as a constant of its code), alone or as
        a part of a key ("en:p:KD:false", the card faces' cache): each with the way it is held
        ("'Six' <-label- Object <-0- Array <-hand- ..."), for the message."""
        parts = {i: values & {s, *s.split(":")} for i, s in enumerate(self.strings)}
        wanted = {i for i, found in parts.items() if found}
        out: dict[str, str] = {}
        for k, name in enumerate(self.name):
            if name in wanted and self.type[k] in self.text and not parts[name] <= out.keys():
                way = self._data_holder(k)
                if way:
                    out.update(dict.fromkeys(parts[name], way))
        return out

    def _step(self, e: int) -> str:
        holder, name = self.edge_from[e], self.edge_name[e]
        edge = (
            self.strings[name]
            if self.edge_types[self.edge_type[e]] in ("context", "property", "internal", "shortcut")
            else name
        )
        return f" <-{edge}- {self.node_types[self.type[holder]]} {self.strings[self.name[holder]][:40]!r}"

    def _data_holder(self, k: int) -> str | None:
        """A chain of holders of node `k` that are not code, a few steps up, or None. A string that
        is part of a longer string is held as that string is."""
        todo, seen = [(k, repr(self.strings[self.name[k]]))], {k}
        while todo:
            node, way = todo.pop()
            for e in self.retainers[node]:
                holder = self.edge_from[e]
                if holder in seen or self.type[holder] in self.code or holder in self.foreign:
                    continue
                seen.add(holder)
                if self.type[holder] in self.text:
                    todo.append((holder, way + self._step(e)))
                else:
                    return self._onwards(holder, way + self._step(e))
        return None

    def _onwards(self, node: int, way: str, steps: int = 5) -> str:
        for _ in range(steps):
            up = next((e for e in self.retainers[node] if self.type[self.edge_from[e]] not in self.code), None)
            if up is None:
                break
            way += self._step(up)
            node = self.edge_from[up]
        return way


# Runs in the engine's worker: open the game saved under `key` a second time, ask for the views of
# the public and of every seat, and close it again. Its messages to the page are caught on the way
# out, so the views never reach the page.
ENGINE_VIEWS = """async ([key, seats]) => {
  const post = self.postMessage;
  const waiting = new Map();
  self.postMessage = function (msg, ...rest) {
    if (msg && waiting.has(msg.id)) return waiting.get(msg.id)(msg);
    return post.call(this, msg, ...rest);
  };
  let n = 0;
  const call = (method, params) =>
    new Promise((resolve, reject) => {
      const id = `hidden-hands:${++n}`;
      waiting.set(id, (msg) => (msg.error ? reject(new Error(msg.error.message)) : resolve(msg.result)));
      self.onmessage({ data: { id, method, params: { lang: "en", ...params } } });
    });
  try {
    const { handle } = await call("resume", { key });
    const views = { public: (await call("view", { handle, seat: null })).view };
    for (const seat of seats) views[seat] = (await call("view", { handle, seat })).view;
    await call("close", { handle });
    return views;
  } finally {
    self.postMessage = post;
  }
}"""


def engine_views(page: Page, game: str, seats: int) -> dict:
    worker = next(w for w in page.workers if w.url.split("?")[0].endswith("/engine/worker.js"))
    return worker.evaluate(ENGINE_VIEWS, [f"pygames:main:save:{game}", list(range(seats))])


def strings_in(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(strings_in(v) for v in value))
    return set()


def hidden_cards(views: dict, seat: int, before: set[str]) -> set[str]:
    """The codes and names of `seat`'s hand that nothing public names, and the page never held."""
    cards = set()
    for c in views[str(seat)].get("hand") or []:
        cards |= {c[k] for k in ("card", "label", "short") if isinstance(c.get(k), str)}
    return cards - strings_in(views["public"]) - before


class Game:
    """One game with two people (Ann, Bob) and a Hard computer: its lobby, and one step of a person."""

    def __init__(self, id: str, radio: str, seats: list[tuple[str, str]], step):
        self.id, self.radio, self.seats, self.step = id, radio, seats, step


def own_trumps_step(page: Page):
    if page.locator("button.ot-suit:not([aria-disabled=true])").count():
        own_trumps.choose_first_free_suit(page)
    else:
        own_trumps.play_turn(page, Counter())


HARD = "Hard computer"
GAMES = [
    Game("ono99", "ONO 99", [("Ann", "Person"), ("Bob", "Person"), ("Cy", HARD)], ono99_turn),
    Game(
        "canasta",
        "Canasta",
        [("Ann", "Person"), ("Bob", "Person"), ("Cy", HARD), ("Dee", HARD)],
        lambda page: canasta.play_turn(page, Counter()),
    ),
    Game(
        "three_up",
        "3UP 3DOWN",
        [("Ann", "Person"), ("Bob", "Person"), ("Cy", HARD)],
        lambda p: three_up.take_turn(p, {}),
    ),
    Game("own_trumps", "Own Trumps", [("Ann", "Person"), ("Bob", "Person"), ("Cy", HARD)], own_trumps_step),
]


@pytest.fixture(scope="module")
def table(browser, site_url, start_snapshot):
    """One page for the four games."""
    errors = PageErrors()
    for page in open_page(browser, site_url, errors, snapshot=start_snapshot):
        page.add_init_script(HOLD_BOTS)
        yield page


def start(page: Page, game: Game) -> set[str]:
    """Open the lobby, start `game`, and return the strings the page held before it began."""
    if page.url.startswith("http"):
        page.evaluate("() => localStorage.clear()")  # the lobby, not the game played before
    page.goto("./?speed=fast&seed=17")
    engine_ready(page)
    page.get_by_role("radio", name=game.radio).check()
    if page.get_by_label("Number of players").is_visible():
        page.get_by_label("Number of players").select_option(str(len(game.seats)))
    for i, (name, kind) in enumerate(game.seats, start=1):
        page.get_by_label(f"Seat {i} player").select_option(label=kind)
        page.get_by_label(f"Seat {i} name").fill(name)
    before = set(Heap(page).strings)
    page.evaluate("() => { window.holdBots = true; }")  # each computer move waits for the test
    page.get_by_role("button", name="Start game").click()
    return before


# One of the games on every run (the page keeps hands the same way in all four); all four in a soak run.
@pytest.mark.parametrize("game", sampled([pytest.param(g, id=g.id) for g in GAMES], every=4))
def test_no_hand_in_memory_at_the_curtain_or_while_a_computer_plays(table: Page, game: Game):
    page = table
    before = start(page, game)
    seats = range(len(game.seats))
    curtain = page.locator("#curtain")
    # Each until it has been checked with a person's cards still hidden (see nothing_held); a curtain
    # after a computer is checked too when one comes first.
    wanted = ("the hand shown", "at the curtain after a person", "while a computer plays")
    checked: Counter = Counter()
    last = None  # who moved last: "a person" or "a computer"
    person, seen = None, set()  # the person the table showed last, and the hidden cards it showed

    def nothing_held(moment: str):
        """Checked until the moment is one where the person the table showed last still holds some
        of the cards it showed them."""
        if checked[moment] or person is None:
            return
        views = engine_views(page, game.id, len(seats))
        hidden = {seat: hidden_cards(views, seat, before) for seat in seats}
        heap = Heap(page)
        for seat in seats:
            found = heap.held(hidden[seat])
            assert not found, f"{moment}, the page holds {game.seats[seat][0]}'s cards:\n" + "\n".join(found.values())
        checked[moment] += bool(hidden[person] & seen)

    deadline = time.monotonic() + 90
    while not all(checked[moment] for moment in wanted):
        assert time.monotonic() < deadline, f"not every moment came in time: {dict(checked)}"
        if curtain.is_visible():
            if last:
                nothing_held(f"at the curtain after {last}")
            curtain.get_by_role("button").click()
            expect(curtain).to_be_hidden()
            settled(page)
        elif my_turn(page) or page.locator("button.ot-suit:not([aria-disabled=true])").count():
            settled(page)
            person = int(page.locator("#players li.me").get_attribute("data-seat") or "")
            seen = hidden_cards(engine_views(page, game.id, len(seats)), person, before)
            if seen and not checked["the hand shown"]:
                # The search finds a hand when the page holds one: the hand on the table now.
                found = Heap(page).held(seen)
                assert set(found) == seen, f"the search misses {sorted(seen - set(found))} of {sorted(seen)}"
                checked["the hand shown"] += 1
            game.step(page)
            settled(page)
            last = "a person"
        elif page.evaluate("() => window.heldBots()") > 0:
            settled(page)
            if last == "a person":
                nothing_held("while a computer plays")
            page.evaluate("() => window.stepBots()")
            last = "a computer"
        else:
            page.wait_for_timeout(20)

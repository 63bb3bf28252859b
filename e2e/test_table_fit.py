"""The table as a person sees it, at six window sizes (phones and tablets both ways up, a desktop, and
a 320x480 phone), for every game at the seat counts its layout tells apart, with computers (in
English) and with two people passing the device (in Punjabi), at moments reached by playing: the
first turn, the middle of the game and late in it (Canasta with six melds a team and more, Own Trumps
with a big pile and a big hand, 3UP 3DOWN playing from the face-up and from the face-down cards).
Also the demo blog's embedded table on a 390 px phone, and the lobby's Start button at every size.

At each moment and size (tables/layout.js places and fits the table on every resize, so one page per
game is turned through the sizes):
- nothing inside the table scrolls or cuts its content, and no text is cut, but a seat's last move
  (the whole round is one tap away, in the history, which is the one list that scrolls);
- every card of your hand (and of your face-up and face-down cards) is on screen, at least 44 px
  wide, its corner index in view (nothing drawn over it); every button is a 44 px target on screen;
- no two seats, piles or melds overlap, and all of them are on screen;
- the turn line and the piles are in view, and the seat to act is marked;
- axe finds nothing serious or critical at each moment (at one of the sizes, a different one at each
  moment, so that every layout is asked).
A screenshot of each is kept in test-results/table-fit/ (ignored by git) for a person to look at.

The moments are records played by the computers in CPython (e2e is allowed the engine: the same
record gives the same game in the page), resumed through the lobby's list of saved games, as a
player resumes one; the computers' moves are held (HOLD_BOTS), so the page stays at the person's turn.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.axe import ALSO, BLOCKING, violations
from e2e.pagekit import HOLD_BOTS, LAND_CARDS, SAVE_DB, SAVE_STORE, START_TIMEOUT_MS, T, engine_ready, settled
from e2e.soak import SOAK_ONLY, sampled
from e2e.test_embed import blog_url  # noqa: F401 (a fixture: the demo blog on a second origin)
from e2e.test_touch import tap_until
from pygames_wasm import api

SIZES = [(390, 844), (844, 390), (768, 1024), (1024, 768), (1440, 900), (320, 480)]
SHOTS = Path(__file__).resolve().parent.parent / "test-results" / "table-fit"
# Per game, a deal that reaches every moment below with a person to act (checked when the record is
# made; a change to the computers' play may need another: Canasta's 1 ended too soon once they learnt
# to hold back for their partner).
SEEDS = {"ono99": 1, "canasta": 4, "three_up": 1, "own_trumps": 1}


# ---------------------------------------------------------------- moments, played in CPython
def ono99_mid(v, moves, look):
    return moves >= 3 * len(v["players"])


def ono99_late(v, moves, look):
    return v["total"] >= 80 or any(p["status"] != "in" for p in v["players"])


def canasta_late(v, moves, look):
    return min(len(team["melds"]) for team in v["teams"]) >= 6


def three_up_up(v, moves, look):
    me = look(v["to_act"])
    return v["phase"] == "play" and not me["hand"] and bool(me["my_up"])


def three_up_down(v, moves, look):
    me = look(v["to_act"])
    return v["phase"] == "play" and not me["hand"] and not me["my_up"] and bool(me["my_down"])


def own_trumps_late(v, moves, look):
    return v["phase"] == "play" and len(v["pile"]) >= 12 and len(look(v["to_act"])["hand"]) >= 12


FIRST = ("first", lambda v, moves, look: True)
MOMENTS = {
    "ono99": [FIRST, ("mid", ono99_mid), ("late", ono99_late)],
    "canasta": [FIRST, ("mid", lambda v, moves, look: moves >= 60), ("late", canasta_late)],
    "three_up": [
        ("first", lambda v, moves, look: v["phase"] == "pick"),
        ("mid", lambda v, moves, look: v["phase"] == "play" and moves >= 4 * len(v["players"])),
        ("face-up", three_up_up),
        ("face-down", three_up_down),
    ],
    "own_trumps": [
        ("first", lambda v, moves, look: v["phase"] == "trumps"),  # the first choice: a trump suit
        ("mid", lambda v, moves, look: v["phase"] == "play" and len(v["pile"]) >= 6),
        ("late", own_trumps_late),
    ],
}
# Per game: its seat counts with one person and computers (in English), and the seat count it is
# played at by two people passing the device (in Punjabi). The counts are those the layout tells
# apart (tables/layout.js): one other seat, three (a seat a side), and the most the game has (rows
# of seats; two side columns on a phone on its side).
GAMES: dict[str, tuple[list[int], int]] = {
    "ono99": ([2, 8], 4),
    "canasta": ([4], 4),
    "three_up": ([2, 6], 4),
    "own_trumps": ([2, 4], 2),
}


def record(game: str, seats: int, people: int, lang: str, until) -> dict:
    """A saved game: Ann (and Bob) and computers, named as the lobby names them in `lang`, played by
    the computers until a person is to act and `until(public view, moves made, look)` holds;
    `look(seat)` is a seat's own view."""
    names = [{"name": T(lang, name), "kind": "human"} for name in ("Ann", "Bob")[:people]]
    names += [
        {"name": T(lang, "Computer {number}", number=i), "kind": "bot", "bot": "heuristic"}
        for i in range(1, seats - people + 1)
    ]
    options = {"version": "1980"} if game == "ono99" and seats > 6 else {}  # eight seats: the 1980 rules
    handle = api.call("new_game", {"game": game, "seed": SEEDS[game], "seats": names, "options": options})["handle"]

    def look(seat):
        return api.call("view", {"handle": handle, "seat": seat})["view"]

    try:
        for moves in range(3000):
            view = look(None)
            assert not view["over"], f"{game} ended before the moment was reached"
            waiting = view.get("waiting_for") or [view["to_act"]]
            if view["to_act"] in range(people) and until(view, moves, look):
                return api.call("save", {"handle": handle})["record"]
            assert "error" not in api.call("bot_act", {"handle": handle, "seat": view["to_act"] or waiting[0]})
        raise AssertionError(f"{game}: the moment was not reached")
    finally:
        api.call("close", {"handle": handle})


# ---------------------------------------------------------------- what a person sees
LOOK = """() => {
  const out = [];
  const vw = innerWidth, vh = innerHeight;
  const embedded = document.documentElement.hasAttribute('data-embed');
  const table = document.getElementById('table');
  const name = (e) => {
    const text = (e.getAttribute('aria-label') || e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} "${text}"`;
  };
  const shown = (e) => e.getClientRects().length > 0 && e.checkVisibility({ visibilityProperty: true });
  const box = (e) => e.getBoundingClientRect();
  const inView = (r) => r.left >= -1 && r.top >= -1 && r.right <= vw + 1 && r.bottom <= vh + 1;
  const at = (r) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  // A seat's last move may be cut to its lines: the whole round is one tap away, in the history,
  // which is the one list that scrolls.
  const oneTapAway = (e) => e.closest('.last-move, #history');
  const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim());

  const d = document.scrollingElement;
  if (!embedded && (d.scrollHeight > vh + 1 || d.scrollWidth > vw + 1))
    out.push(`the page scrolls (${d.scrollWidth}x${d.scrollHeight})`);
  if (embedded && d.scrollWidth > vw + 1) out.push(`the page scrolls sideways (${d.scrollWidth})`);

  // Nothing scrolls or cuts what it holds; no text is cut or spills out of its box.
  for (const e of table.querySelectorAll('*')) {
    if (!shown(e) || oneTapAway(e)) continue;
    const r = box(e);
    if (r.width <= 2 || r.height <= 2) continue;  // visually hidden: for assistive tech
    const cs = getComputedStyle(e);
    const overX = e.scrollWidth > e.clientWidth + 1, overY = e.scrollHeight > e.clientHeight + 1;
    if ((cs.overflowX !== 'visible' && overX) || (cs.overflowY !== 'visible' && overY))
      out.push(`scrolls or cuts its content: ${name(e)} (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`);
    else if (ownText(e) && cs.display !== 'inline' && overX)
      out.push(`text wider than its box: ${name(e)} (${e.scrollWidth} in ${e.clientWidth})`);
  }

  // Your cards: on screen, 44 px wide at least, the corner index in view.
  for (const c of document.querySelectorAll('#hand .card, #tu-up .card, #tu-down .card')) {
    if (!shown(c)) continue;
    const r = box(c);
    if (!inView(r)) out.push(`a card of the hand is not all on screen: ${name(c)} at ${at(r)}`);
    if (r.width < 43.5) out.push(`a card of the hand is ${Math.round(r.width)} px wide: ${name(c)}`);
    const idx = c.querySelector('.idx.tl, .tu-slot');
    if (!idx) continue;
    const i = box(idx);
    const points = [[i.left + 1, i.top + 1], [i.right - 1, i.top + 1], [i.left + 1, i.bottom - 1], [i.right - 1, i.bottom - 1], [(i.left + i.right) / 2, (i.top + i.bottom) / 2]];
    const hidden = points.filter(([x, y]) => { const hit = document.elementFromPoint(x, y); return !hit || !c.contains(hit); });
    if (hidden.length) out.push(`the corner index of ${name(c)} is covered (by ${name(document.elementFromPoint(...hidden[0]) || document.body)})`);
  }

  // Buttons: 44 px targets, on screen.
  for (const b of document.querySelectorAll('#table button, .topbar button')) {
    if (!shown(b)) continue;
    const r = box(b);
    if (r.width < 43.5 || r.height < 43.5) out.push(`a button smaller than 44 px: ${name(b)} ${at(r)}`);
    if (!inView(r)) out.push(`a button off screen: ${name(b)} at ${at(r)}`);
  }

  // Seats, piles and melds: on screen, none over another.
  const things = [...document.querySelectorAll(
    '#players > li, #draw-pile > .card, #discard-pile > .card, #discard-pile > .pile-stack, #discard-pile > .tu-pile, .ot-top, .meld')]
    .filter(shown).map((e) => [e, box(e)]);
  for (const [e, r] of things) if (!inView(r)) out.push(`not all on screen: ${name(e)} at ${at(r)}`);
  things.forEach(([a, ra], i) => things.slice(i + 1).forEach(([b, rb]) => {
    if (a.contains(b) || b.contains(a)) return;
    if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1)
      out.push(`${name(a)} and ${name(b)} overlap`);
  }));
  const piles = things.filter(([e]) => !e.matches('#players > li, .meld'));
  if (!piles.length && !document.querySelector('.ot-suits')) out.push('no pile is shown');

  // A team's red threes (hundreds of points): shown but at the tightest step, which leaves them to
  // "Read the table".
  for (const r of document.querySelectorAll('.red-threes'))
    if (!shown(r) && !table.classList.contains('fit-5')) out.push(`a team's red threes are hidden: ${name(r)}`);

  // The turn line, in view and not covered; the seat to act, marked.
  const line = document.getElementById('turn-line');
  const lr = box(line);
  if (!line.textContent.trim() || !shown(line)) out.push('no turn line');
  else {
    if (!inView(lr)) out.push(`the turn line is off screen at ${at(lr)}`);
    const hit = document.elementFromPoint((lr.left + lr.right) / 2, (lr.top + lr.bottom) / 2);
    if (!hit || !line.contains(hit)) out.push(`the turn line is covered by ${hit ? name(hit) : 'nothing'}`);
  }
  const marked = [...document.querySelectorAll('#players > li.turn')].filter(shown);
  if (!marked.length) out.push('no seat is marked as the one to act');
  for (const li of marked) if (getComputedStyle(li).borderTopColor !== 'rgb(242, 193, 78)') out.push(`the seat to act has no gold mark: ${name(li)}`);
  return out;
}"""

# At a new size: wait for it, land the cards in flight (a glow may pulse on), give the layout two
# frames, then look.
AT_SIZE = """async ([width, look]) => {
  while (width && innerWidth !== width) await new Promise((r) => requestAnimationFrame(r));
  LAND_CARDS
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return look ? (LOOK)() : [];
}""".replace("LOOK", LOOK).replace("LAND_CARDS", LAND_CARDS)


def axe_findings(scope, also=ALSO) -> list[str]:
    """What axe finds serious or critical (or one of the rules `also` held to zero) in `scope` now."""
    found = [v for v in violations(scope) if v["impact"] in BLOCKING or v["id"] in also]
    return [f"axe: {v['id']} ({v['impact']}): {v['help']}: " + "; ".join(v["nodes"]) for v in found]


def look_at_every_size(page: Page, scope, shot: str, sizes=SIZES, axe_at=None, also=ALSO) -> list[str]:
    """Turn the window through `sizes`, checking what a person sees at each (in `scope`: the page or
    a frame), a screenshot of each kept, and asking axe too at the size `axe_at`. Returns the
    problems, each with its size."""
    problems = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        found = scope.evaluate(AT_SIZE, [width if scope is page else None, True])
        page.screenshot(path=str(SHOTS / f"{shot}-{width}x{height}.jpg"), type="jpeg", quality=70)
        if (width, height) == axe_at:
            found += axe_findings(scope, also)
        problems += [f"{shot} at {width}x{height}: {p}" for p in found]
    return problems


# ---------------------------------------------------------------- the page
@pytest.fixture
def page(return_visits, errors) -> Iterator[Page]:
    """The usual page, in a context that lets the test inject axe-core despite the page's CSP, with
    the computers' moves held."""
    for pg in return_visits.open(errors, bypass_csp=True):
        pg.add_init_script(HOLD_BOTS)
        yield pg


PLANT = """([db, store, key, value]) => new Promise((resolve, reject) => {
  const req = indexedDB.open(db, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(store);
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const tx = req.result.transaction(store, "readwrite");
    tx.objectStore(store).put(value, key);
    tx.oncomplete = () => { req.result.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
})"""


def plant(page: Page, saved: dict, slot: int) -> None:
    """A saved game in a slot of its own, as the lobby lists saved games (the newest first)."""
    key = f"pygames:main:save:fit-{slot}"
    page.evaluate(PLANT, [SAVE_DB, SAVE_STORE, key, {"savedAt": int(time.time() * 1000), "record": saved}])


def leave(page: Page) -> None:
    """Leave the game on the table (it stays saved), for the lobby."""
    if page.locator("#table").is_visible():
        page.locator("#leave-button").click()
        page.locator("#confirm-yes").click()
    expect(page.locator("#lobby")).to_be_visible()


MY_TURN = "#hand-area.my-turn, button.ot-suit"


def resume_newest(page: Page, people: int) -> None:
    """From the table (Leave game) or the lobby: resume the newest saved game other than the one open;
    pass the device when two people play; the person's turn is shown (their hand, or Own Trumps' trump
    suits to choose from), after the summary of a hand that closed before it."""
    leave(page)
    page.locator("#saves .save-row button.secondary").first.click()
    expect(page.locator("#lobby")).to_be_hidden(timeout=START_TIMEOUT_MS)
    for _ in range(6):
        page.wait_for_function(
            f"() => document.querySelector('dialog[open], {MY_TURN}') || !document.getElementById('curtain').hidden",
            timeout=20_000,
        )
        if page.locator("#round-dialog[open]").count():
            page.locator("#round-continue").click()
        elif page.locator("#curtain").is_visible() and people > 1:
            page.locator("#curtain-button").click()
        elif page.locator(MY_TURN).count():
            break
    expect(page.locator(MY_TURN).first).to_be_visible()
    settled(page)


def choose_language(page: Page, lang: str) -> None:
    page.locator("#lang-select").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


# Canasta (the most crowded table) on every run; the other three in a soak run.
@pytest.mark.parametrize("game", sampled(sorted(GAMES, key=lambda g: g != "canasta"), every=len(GAMES)))
def test_every_table_fits_every_size_all_through_a_game(page: Page, game: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("./?speed=fast")
    page.evaluate("() => { sessionStorage.setItem('holdBots', '1'); window.holdBots = true; }")
    engine_ready(page)
    expect(page.locator("#setup")).to_be_visible()
    with_bots, with_people = GAMES[game]
    runs = [(seats, 1, "en") for seats in with_bots] + [(with_people, 2, "pa")]
    problems, slot = [], 0
    for seats, people, lang in runs:
        if lang != page.locator("html").get_attribute("lang"):
            leave(page)
            choose_language(page, lang)
        for moment, until in MOMENTS[game]:
            slot += 1
            plant(page, record(game, seats, people, lang, until), slot)
            if slot == 1:  # the lobby listed the saved games before this one was planted
                page.reload()
                engine_ready(page)
            resume_newest(page, people)
            who = "bots" if people == 1 else "people"
            shot = f"{game}-{seats}-{who}-{lang}-{moment}"
            # axe at one size a moment, a different one each time: every layout is asked in turn.
            problems += look_at_every_size(page, page, shot, axe_at=SIZES[slot % len(SIZES)])
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the demo blog's embedded table
# A soak run: every run, test_embed.py plays the blog's tables and fits an embed to a 320 px column.
@SOAK_ONLY
def test_the_embedded_table_fits_a_phone_all_through_a_game(browser, blog_url, errors):  # noqa: F811
    """The blog on a 390 px phone: its first table (one person, two computers) at the first turn, a few
    turns in and late in the game, played by taps; its Punjabi table at the first turn."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        bypass_csp=True,  # for axe
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors.watch(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = [(390, 844)]
    problems = []
    try:
        page.goto(blog_url)
        iframes = page.locator("article iframe")
        first, punjabi = page.frame_locator("article iframe >> nth=0"), page.frame_locator("article iframe >> nth=2")
        # axe: serious and critical only; the embedded table's headings go under its host page's own.
        for moment, turns in (("first", 0), ("mid", 3), ("late", 9)):
            if turns:
                tap_until(first, page, turns=turns)
            expect(first.locator("#hand-area.my-turn")).to_be_visible(timeout=START_TIMEOUT_MS)
            iframes.nth(0).scroll_into_view_if_needed()
            frame = iframes.nth(0).element_handle().content_frame()
            problems += look_at_every_size(page, frame, f"embed-ono99-en-{moment}", phone, axe_at=phone[0], also=())
        iframes.nth(2).scroll_into_view_if_needed()
        expect(punjabi.locator("#hand-area.my-turn")).to_be_visible(timeout=START_TIMEOUT_MS)
        frame = iframes.nth(2).element_handle().content_frame()
        problems += look_at_every_size(page, frame, "embed-ono99-pa-first", phone, axe_at=phone[0], also=())
    finally:
        context.close()
    assert not errors.unexpected(), errors.unexpected()
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the lobby
def test_the_lobby_start_button_is_in_view_at_every_size(page: Page):
    """The longest form (ONO 99 with the most seats, longer than every window here): Start is on
    screen and not covered at every size, without scrolling. (The form comes with the page: no need
    to wait for the engine.)"""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto("./?speed=fast")
    page.locator('#games input[value="ono99"]').check()
    page.locator("#seat-count").select_option(index=page.locator("#seat-count option").count() - 1)
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(AT_SIZE, [width, False])
        place = page.evaluate(START_PLACE)
        if place["top"] < 0 or place["bottom"] > height or not place["clear"]:
            problems.append(
                f"at {width}x{height}: Start at {place['top']:.0f}..{place['bottom']:.0f}, clear: {place['clear']}"
            )
        page.screenshot(path=str(SHOTS / f"lobby-{width}x{height}.png"))
    assert not problems, "\n".join(problems)


START_PLACE = """() => {
  const b = document.getElementById('start-button').getBoundingClientRect();
  const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
  return { top: b.top, bottom: b.bottom, clear: !!hit && !!hit.closest('#start-button') };
}"""

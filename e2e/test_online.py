"""Play between devices (issue 23): two browser contexts on this machine, a real RTCPeerConnection.

The codes go as a person passes them: the host's invitation link is read from its page and opened
in the guest's, the guest's answer read from its page and pasted into the host's. One ONO 99 game
(Ann at the host, Bea on "another device", a computer) serves the first tests, in order: the guest's
refused messages, the guest's page closed and its seat taken again, a connection that never comes
up (said on both pages, then tried again), the host's page reloaded, then the game to its end, with
every message the guest received searched for the other seats' hands; then the host starts an Own
Trumps match against the guest, played to its end.

Then, each with pages of its own: Canasta with two guests, a person at the host and a computer (the
QR codes read from a picture of the host's panels by the page's own decoder); a guest that joins by
scanning the host's QR code with a (fake) camera; and the STUN server a device may set in Settings.
"""

from __future__ import annotations

import base64
import json
import re
import time
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e import test_canasta_page as canasta
from e2e import test_own_trumps_page as ot
from e2e.conftest import StartSnapshot, give_snapshot
from e2e.pagekit import (
    CHROMIUM_ARGS,
    HOLD_BOTS,
    START_TIMEOUT_MS,
    chromium_path,
    engine_ready,
    held_or_my_turn,
    my_turn,
    settled,
)
from e2e.soak import SOAK_ONLY
from e2e.test_ono99_page import take_turn

# The guest's page keeps every message its data channel hears, and the channel, for the tests.
RECORD_CHANNEL = """(() => {
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  window.received = [];
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    get() { return d.get.call(this); },
    set(fn) {
      window.channel = this;
      d.set.call(this, (e) => { window.received.push(e.data); fn(e); });
    },
  });
})()"""

# The host's page keeps every hand its engine showed to a seat, as [seat, the hand as JSON].
RECORD_HANDS = """(() => {
  const d = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage");
  window.hands = [];
  Object.defineProperty(Worker.prototype, "onmessage", {
    get() { return d.get.call(this); },
    set(fn) {
      d.set.call(this, (e) => {
        const v = e.data && e.data.result && e.data.result.view;
        if (v && v.hand) window.hands.push([v.seat, JSON.stringify(v.hand)]);
        fn(e);
      });
    },
  });
})()"""

# Every page keeps each RTCPeerConnection it makes, and its configuration (for `connections`). A
# page whose address has `?unreachable` offers the other device no address (only relayed ones, and it
# has no relay), as a device on another network would not be reached: its connection never comes up.
RECORD_PEERS = """(() => {
  const Peer = RTCPeerConnection;
  window.peerConfigs = [];
  window.peers = [];
  window.RTCPeerConnection = class extends Peer {
    constructor(config) {
      window.peerConfigs.push(config);
      const cut = new URLSearchParams(location.search).has("unreachable");
      super(cut ? { ...config, iceTransportPolicy: "relay" } : config);
      window.peers.push(this);
    }
  };
})()"""

# How far each of a page's connections got: its states, its DTLS transport's, each pair of addresses
# ICE checked (checks sent, answers heard), and its data channel's messages.
CONNECTIONS = """async () => Promise.all(window.peers.map(async (pc) => {
  const states = [pc.signalingState, pc.iceGatheringState, pc.iceConnectionState, pc.connectionState];
  const parts = [];
  const stats = await pc.getStats().catch(() => new Map());
  stats.forEach((s) => {
    if (s.type === "transport") parts.push(`dtls ${s.dtlsState}`);
    if (s.type === "data-channel") parts.push(`channel ${s.state}: ${s.messagesSent} sent, ${s.messagesReceived} heard`);
    if (s.type === "candidate-pair")
      parts.push(`pair ${s.state}${s.nominated ? " nominated" : ""}: ${s.requestsSent} checks, ${s.responsesReceived} answers, ${s.requestsReceived} heard`);
  });
  return `${states.join("/")}: ${parts.join("; ")}`;
}))"""


def connections(page: Page) -> str:
    """What `CONNECTIONS` says of the page's connections (made with RECORD_PEERS), for a failure's message."""
    try:
        return "\n  ".join(page.evaluate(CONNECTIONS))
    except Exception as error:  # a page closed or gone: say so instead
        return f"(unknown: {error})"


def expect_connected(host: Page, guest: Page, name: str) -> None:
    """The guest's table comes up; if not, the failure says how far both sides' connections got."""
    try:
        expect(guest.locator("#table")).to_be_visible(timeout=CONNECT_MS)
    except AssertionError as failure:
        panel = host.get_by_role("region", name=f"Invite {name}")
        raise AssertionError(
            f"{failure}\nThe host's panel: {panel.inner_text() if panel.count() else '(none)'}"
            f"\nThe host's connections:\n  {connections(host)}\nThe guest's connections:\n  {connections(guest)}"
        ) from failure


REMOTE = "Player on another device"
# Ceilings, not measurements (bench/online_speed.py times both): an answer is made once the guest's
# addresses are gathered, and a connection's checks then take a second or two, longer on a busy machine.
ANSWER_MS = 20_000
CONNECT_MS = 30_000
PYTHON_FILES = re.compile(r"pyodide|worker\.js|\.whl|python", re.I)


def watch(page: Page, who: str, errors: list[str]) -> Page:
    """The page's errors (uncaught, or written to its console) go into `errors`, named by `who`."""

    def console(message):
        if message.type == "error":
            errors.append(f"{who}: {message.text}")

    page.on("pageerror", lambda exc: errors.append(f"{who}: {exc}"))
    page.on("console", console)
    return page


def pass_codes(host: Page, guest: Page, name: str, paste: str | None = None) -> float:
    """`name` opens the host's invitation for them on their device (`paste`: pastes it into their
    page's box and presses this button); the host pastes their answer into that seat's panel.
    Returns the seconds from Connect to their table."""
    panel = host.get_by_role("region", name=f"Invite {name}")
    link = panel.get_by_role("textbox", name=f"Invitation for {name}")
    expect(link).to_have_value(re.compile(r"#join=[A-Za-z0-9_-]{100,}$"), timeout=START_TIMEOUT_MS)
    if paste:
        guest.get_by_label("The host's new invitation (a link or a code)").fill(link.input_value())
        guest.get_by_role("button", name=paste).click()
    else:
        guest.goto(link.input_value().replace("#", "?speed=fast#"))  # her moves animate briefly too
    answer = guest.get_by_role("textbox", name="Your answer")
    expect(answer).to_have_value(re.compile(r"^[A-Za-z0-9_-]{60,}$"), timeout=ANSWER_MS)
    panel.get_by_role("textbox", name=f"{name}'s answer").fill(answer.input_value())
    began = time.monotonic()
    panel.get_by_role("button", name="Connect").click()
    expect_connected(host, guest, name)
    return time.monotonic() - began


class Table:
    """The host's page, the guest's, and what the guest heard and fetched over every page it had."""

    def __init__(self, browser, site_url, snapshot: StartSnapshot | None = None):
        """`snapshot`: the host starts from it (the tests'); without, a first visit (the bench's)."""
        self.host_context = browser.new_context(
            viewport={"width": 1024, "height": 768}, base_url=site_url, service_workers="block"
        )
        if snapshot:
            give_snapshot(self.host_context, snapshot)
        self.guest_context = browser.new_context(viewport={"width": 420, "height": 800}, base_url=site_url)
        for context in (self.host_context, self.guest_context):
            context.set_default_timeout(20_000)
        self.host_context.add_init_script(HOLD_BOTS)
        self.host_context.add_init_script(RECORD_HANDS)
        self.guest_context.add_init_script(RECORD_CHANNEL)
        for context in (self.host_context, self.guest_context):
            context.add_init_script(RECORD_PEERS)
        self.errors: list[str] = []
        self.guest_requests: list[str] = []
        self.heard: list[str] = []
        self.host = watch(self.host_context.new_page(), "host", self.errors)
        self.guest = self._guest_page()

    def _guest_page(self) -> Page:
        pg = watch(self.guest_context.new_page(), "guest", self.errors)
        pg.on("request", lambda r: self.guest_requests.append(r.url))
        return pg

    def start(self, hold_bots: bool = True) -> float:
        """Ann at the host, Bea on another device, a computer (its moves held): the host starts, Bea
        joins. Returns the seconds from Connect to Bea's table."""
        h = self.host
        h.goto("./?speed=fast&seed=7")
        engine_ready(h)
        h.get_by_label("Number of players").select_option("3")
        seats = [("Ann", "Person"), ("Bea", "Player on another device"), ("Robo", "Normal computer")]
        for i, (name, kind) in enumerate(seats, start=1):
            h.get_by_label(f"Seat {i} player").select_option(label=kind)
            h.get_by_label(f"Seat {i} name").fill(name)
        if hold_bots:
            h.evaluate("() => { window.holdBots = true; }")
        h.get_by_role("button", name="Start game").click()
        return self.join()

    def play_one(self) -> bool:
        """One move of Ann's or Bea's if it is theirs (False: neither's turn now)."""
        for pg in (self.host, self.guest):
            if my_turn(pg):
                take_turn(pg)
                settled(pg)
                return True
        return False

    def join(self, paste: str | None = None) -> float:
        """Bea opens the host's invitation on her device (`paste`: pastes it into her page's box
        and presses this button); the host pastes her answer. Returns the seconds from Connect to
        Bea's table."""
        self.keep_heard()
        if self.guest.is_closed():
            self.guest = self._guest_page()
        took = pass_codes(self.host, self.guest, "Bea", paste)
        expect(self.host.locator("#invitations")).to_be_hidden()
        return took

    def keep_heard(self):
        if not self.guest.is_closed():
            self.heard += self.guest.evaluate("() => window.received")

    def reply_to(self, message: dict) -> dict:
        """Send a call on the guest's channel; the host's reply to it (a view it pushes may come first)."""
        g = self.guest
        count = g.evaluate("() => window.received.length")
        g.evaluate("(m) => window.channel.send(JSON.stringify(m))", message)
        mine = "([n, id]) => window.received.slice(n).some((m) => JSON.parse(m).id === id)"
        g.wait_for_function(mine, arg=[count, message["id"]])
        heard = map(json.loads, g.evaluate("(n) => window.received.slice(n)", count))
        return next(m for m in heard if m.get("id") == message["id"])

    def call(self, message) -> dict:
        """Send a raw message on the guest's channel; the host's next message back."""
        g = self.guest
        count = g.evaluate("() => window.received.length")
        g.evaluate("(m) => window.channel.send(typeof m === 'string' ? m : JSON.stringify(m))", message)
        g.wait_for_function(f"() => window.received.length > {count}")
        return json.loads(g.evaluate(f"() => window.received[{count}]"))

    def close(self):
        self.keep_heard()
        self.host_context.close()
        self.guest_context.close()


# Chromium names this machine's addresses by mDNS (<uuid>.local), and two pages of one headless
# browser do not always resolve each other's names in time: here the candidates carry the addresses
# themselves. (The codes carry mDNS names too: tests/js/invite_test.mjs.)
NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"


@pytest.fixture(scope="module")
def own_browser(browser):
    own = browser.browser_type.launch(executable_path=chromium_path(), headless=True, args=[*CHROMIUM_ARGS, NO_MDNS])
    yield own
    own.close()


@pytest.fixture(scope="module")
def table(own_browser, site_url, start_snapshot):
    t = Table(own_browser, site_url, start_snapshot)
    try:
        t.start()
        yield t
    finally:
        t.close()
        assert not t.errors, "errors in the pages:\n" + "\n".join(t.errors)  # (beside a failure, too)


def public_view(table) -> str:
    """The game as the host's engine holds it, asked for over the guest's channel (its own seat)."""
    reply = table.call({"v": 1, "t": "call", "id": 900, "method": "view", "params": {"lang": "en"}})
    return json.dumps(reply["result"]["view"], sort_keys=True)


def guest_heard_no_other_hand(table) -> list[dict]:
    """Every view Bea's pages heard is her seat's (1), and no other seat's hand, as the host's engine
    showed it to that seat, is in any message they heard. Returns the views."""
    table.keep_heard()
    views = [m["view"] for m in map(json.loads, table.heard) if m.get("t") == "update"]
    assert {v["seat"] for v in views} == {1}
    others = {hand for seat, hand in table.host.evaluate("() => window.hands") if seat != 1}
    assert others, "the host's record of the other seats' hands"
    for hand in others:
        if len(json.loads(hand)) >= 2:
            assert not any(hand in m for m in table.heard), f"another seat's hand reached the guest: {hand}"
    return views


def test_guest_cannot_act_for_another_seat_out_of_turn_or_with_junk(table):
    h = table.host
    # Ann (the host) plays first; then Bea; then the computer, whose move the host holds.
    while h.evaluate("() => window.heldBots()") == 0:
        if not table.play_one():
            h.wait_for_timeout(20)
    held_or_my_turn(h)
    before = public_view(table)
    play = {"type": "play", "card": json.loads(before)["hand"][0]["card"]}  # a card Bea holds
    assert table.call("not json at all") == {"v": 1, "t": "error", "id": None, "error": {"code": "bad_message"}}
    assert table.call({"v": 1, "t": "call", "id": 1, "method": "new_game", "params": {}})["error"]["code"] == (
        "bad_message"
    )
    assert table.call({"v": 1, "t": "call", "id": 2, "method": "bot_act", "params": {}})["error"]["code"] == (
        "bad_message"
    )
    other = table.call({"v": 1, "t": "call", "id": 3, "method": "act", "params": {"seat": 2, "action": play}})
    assert other["error"]["code"] == "not_your_seat"
    late = table.call({"v": 1, "t": "call", "id": 4, "method": "act", "params": {"action": play, "lang": "pa"}})
    assert late["error"]["code"] == "not_your_turn"
    assert re.search(r"[\u0a00-\u0a7f]", late["error"]["message"]), "refused in the guest's language"
    bad = table.call({"v": 1, "t": "call", "id": 5, "method": "act", "params": {"action": {"type": "fly"}}})
    assert bad["error"]["code"] in ("bad_action", "not_your_turn")
    assert public_view(table) == before, "a refused message changed the game"
    h.evaluate("() => window.releaseBots()")


def test_the_guest_reads_the_table_in_the_hosts_words_for_its_own_seat(table):
    """ "Read the table" on Bea's page: the host's engine says it, for her seat only (she is "you")."""
    said = table.reply_to({"v": 1, "t": "call", "id": 6, "method": "read_table", "params": {}})["result"]["text"]
    assert said.startswith("Total ") and "Ann has" in said and "Bea has" not in said, said
    other = table.reply_to({"v": 1, "t": "call", "id": 7, "method": "read_table", "params": {"seat": 0}})
    assert other["error"]["code"] == "not_your_seat"
    g = table.guest
    g.get_by_role("button", name="Read the table").click()
    announced = g.locator("#announcer p").last
    expect(announced).to_have_text(re.compile(r"^Total \d+, play goes"))
    assert "Ann has" in announced.inner_text() and "Bea has" not in announced.inner_text()


def test_guest_closes_its_page_and_takes_its_seat_again(table):
    h = table.host
    table.keep_heard()
    table.guest.close()
    expect(h.get_by_text("Connection lost with Bea.")).to_be_visible()
    h.get_by_role("button", name="Reconnect").click()
    table.join()
    # The same seat, with its hand: the ticket kept on Bea's device brought her back.
    expect(table.guest.locator("#players")).to_contain_text("Bea")
    expect(table.guest.get_by_role("heading", name="Bea's hand")).to_be_visible()


# The guest's answer as another device would give it: its certificate's fingerprint is not the
# guest's (the code whole, its checksum made again).
FORGE = """async (code) => {
  const { decode, encode } = await import("./net/invite.js");
  const e = decode(code);
  e.fingerprint = (e.fingerprint.startsWith("00") ? "11" : "00") + e.fingerprint.slice(2);
  return encode(e);
}"""


def test_a_connection_that_never_comes_up_is_said_and_tried_again(table):
    """Two answers the host cannot connect with: one whose certificate is not the guest's (the
    connection fails at once), and one from a device that cannot reach the host's (it never comes
    up: given up after the wait, 3 s here, `?connect_ms`). Each time both pages say so, and the host
    tries again with a new invitation; then Bea, her page asking for it, joins her seat again (her
    device kept its ticket)."""
    h = table.host
    table.keep_heard()
    table.guest.close()
    h.get_by_role("button", name="Reconnect").click()
    h.evaluate("() => history.replaceState(null, '', location.search + '&connect_ms=3000')")
    g = table.guest = table._guest_page()
    panel = h.get_by_role("region", name="Invite Bea")
    for query, forged in (("?speed=fast", True), ("?speed=fast&connect_ms=3000&unreachable", False)):
        link = panel.get_by_role("textbox", name="Invitation for Bea")
        expect(link).to_have_value(re.compile(r"#join="))
        g.goto(link.input_value().replace("#", f"{query}#"))
        answer = g.get_by_role("textbox", name="Your answer")
        expect(answer).to_have_value(re.compile(r"^[A-Za-z0-9_-]{40,}$"), timeout=ANSWER_MS)
        code = h.evaluate(FORGE, answer.input_value()) if forged else answer.input_value()
        panel.get_by_role("textbox", name="Bea's answer").fill(code)
        panel.get_by_role("button", name="Connect").click()
        expect(panel.get_by_role("alert")).to_have_text(
            "Could not connect to Bea. Both devices must be on the same network (Wi-Fi or a phone's hotspot)."
        )
        expect(g.get_by_role("alert")).to_contain_text("Could not connect to the host.")
        panel.get_by_role("button", name="Try again").click()
    # The same pages, their addresses without the test's settings (the guest's keeps `?speed=fast`).
    h.evaluate("() => history.replaceState(null, '', location.search.replace('&connect_ms=3000', ''))")
    g.evaluate("() => history.replaceState(null, '', location.pathname + '?speed=fast' + location.hash)")
    table.join(paste="Join")
    expect(table.guest.get_by_role("heading", name="Bea's hand")).to_be_visible()


def test_host_reloads_resumes_and_invites_again(table):
    h, g = table.host, table.guest
    hand = g.locator("#hand").inner_text()
    h.reload()
    # The guest hears at once; the host's game comes back from its save with Bea's seat to invite.
    expect(g.get_by_text(re.compile(r"^Connection lost\."))).to_be_visible()
    table.join(paste="Reconnect")
    expect(table.guest.locator("#hand")).to_have_text(hand)


def test_game_to_the_end_and_the_guest_never_sees_another_hand(table):
    h, g = table.host, table.guest
    result = re.compile(r"wins?!|Game over")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if g.get_by_role("dialog", name=result).is_visible() and h.get_by_role("dialog", name=result).is_visible():
            break
        if not table.play_one():
            h.wait_for_timeout(20)
    else:
        raise AssertionError("the game did not end in time")
    expect(g.get_by_role("list", name="Standings")).to_contain_text("Bea")

    assert len(guest_heard_no_other_hand(table)) > 10
    # The guest's pages loaded no Python.
    assert not [u for u in table.guest_requests if PYTHON_FILES.search(u)]


@SOAK_ONLY  # every run: a whole ONO 99 game and a Canasta hand between devices (above)
def test_own_trumps_heads_up_host_against_guest(table):
    """After the ONO 99 game the host starts Own Trumps against Bea, who joins from her page; both
    choose trumps and play the game (a match of one) to its end. Both tables tell the same story, and
    Bea never hears Ann's hand."""
    h, g = table.host, table.guest
    h.get_by_role("dialog", name=re.compile(r"wins?!|Game over")).get_by_role("button", name="New game").click()
    expect(g.get_by_text("The host has left the game.")).to_be_visible()
    # A deal whose game is short as these two play (about twenty moves; seed 7's goes past eighty):
    # the host's page opened again with that seed.
    h.goto("./?speed=fast&seed=91")
    engine_ready(h)
    h.get_by_role("radio", name="Own Trumps").check()
    h.get_by_label("Number of players").select_option("2")
    for i, name in enumerate(("Ann", "Bea"), start=1):
        h.get_by_label(f"Seat {i} player").select_option(label="Person" if i == 1 else "Player on another device")
        h.get_by_label(f"Seat {i} name").fill(name)
    h.get_by_text("More options").click()
    h.get_by_label("Games in the match").fill("1")
    h.get_by_label("Games in the match").press("Tab")
    h.get_by_role("button", name="Start game").click()
    table.join(paste="Join")
    g = table.guest
    done = {"lead": 0, "beat": 0, "pick_up": 0, "trump": 0}
    deadline = time.monotonic() + 60
    while not (g.locator("#result-dialog").is_visible() and h.locator("#result-dialog").is_visible()):
        assert time.monotonic() < deadline, f"too slow: {done}"
        moved = False
        for pg in (h, g):
            if pg.locator("#table[aria-busy=true]").count() == 0 and ot.choose_first_free_suit(pg):
                done["trump"] += 1
                moved = True
            elif ot.my_move(pg):
                ot.play_turn(pg, done)
                moved = True
            if moved:
                settled(pg)
                break
        if not moved:
            h.wait_for_timeout(20)
    assert done["trump"] == 2 and done["beat"] >= 2, done
    for pg in (h, g):
        expect(pg.locator("#result-dialog")).to_contain_text(re.compile(r"(wins|share) the match"))
    # Both tables tell the same story: the host's moves and the guest's, as the host's engine saw them.
    story = h.locator("#log li").all_inner_texts()
    assert story and g.locator("#log li").all_inner_texts() == story
    guest_heard_no_other_hand(table)


# The text of the QR code in a PNG (base64), read in the page by the decoder it brings (scan.js).
READ_QR = """async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const { readQr } = await import("./net/scan.js");
  return readQr(image, image.width, image.height);
}"""

PILE = "#discard-pile .pile-stack"  # its name: the pile's count, its top card, whether it is frozen


def same_pile(pages: list[Page]) -> str:
    """The discard pile every page shows, once they all show the same one (each draws its table
    from the view it last got)."""
    deadline = time.monotonic() + 10
    while True:
        tops = [pg.locator(PILE).get_attribute("aria-label") for pg in pages]
        if len(set(tops)) == 1 and tops[0]:
            return tops[0]
        assert time.monotonic() < deadline, f"the tables show different piles: {tops}"
        pages[0].wait_for_timeout(50)


def test_canasta_two_guests_a_person_here_and_a_computer(own_browser, site_url, start_snapshot):
    """Canasta: Ann at the host, Bea and Cid each on their own device, a computer. Four turns of the
    people (so one of them twice, and every seat, the computer's too, in between); after each, the
    three tables show the same discard pile. Neither guest ever hears another seat's hand."""
    errors: list[str] = []
    host_context = own_browser.new_context(
        viewport={"width": 1024, "height": 768}, base_url=site_url, service_workers="block"
    )
    give_snapshot(host_context, start_snapshot)
    host_context.add_init_script(RECORD_HANDS)
    contexts = [host_context]
    guests: dict[str, Page] = {}
    for name in ("Bea", "Cid"):
        context = own_browser.new_context(
            viewport={"width": 420, "height": 800}, base_url=site_url, service_workers="block"
        )
        context.add_init_script(RECORD_CHANNEL)
        contexts.append(context)
        guests[name] = watch(context.new_page(), name, errors)
    for context in contexts:
        context.set_default_timeout(20_000)
        context.add_init_script(RECORD_PEERS)
    try:
        h = watch(host_context.new_page(), "host", errors)
        h.goto("./?speed=fast&seed=3")
        engine_ready(h)
        h.get_by_role("radio", name="Canasta").check()
        seats = [("Ann", "Person"), ("Bea", REMOTE), ("Cid", REMOTE), ("Robo", "Normal computer")]
        for i, (name, kind) in enumerate(seats, start=1):
            h.get_by_label(f"Seat {i} player").select_option(label=kind)
            h.get_by_label(f"Seat {i} name").fill(name)
        h.get_by_role("button", name="Start game").click()
        for name, guest in guests.items():
            # The QR code beside the link, read from a picture of the panel, is the link itself.
            panel = h.get_by_role("region", name=f"Invite {name}")
            link = panel.get_by_role("textbox", name=f"Invitation for {name}")
            expect(link).to_have_value(re.compile(r"#join="), timeout=START_TIMEOUT_MS)
            assert h.evaluate(READ_QR, base64.b64encode(panel.screenshot()).decode()) == link.input_value()
            pass_codes(h, guest, name)
        expect(h.locator("#invitations")).to_be_hidden()

        people = {"Ann": h, **guests}
        played: Counter[str] = Counter()
        done: Counter[str] = Counter()
        tops = [same_pile(list(people.values()))]
        deadline = time.monotonic() + 40
        while played.total() < 4:
            assert time.monotonic() < deadline, f"too slow: {played}"
            mover = next((name for name, pg in people.items() if my_turn(pg)), None)
            if mover is None:
                h.wait_for_timeout(20)
                continue
            canasta.play_turn(people[mover], done)
            settled(people[mover])
            played[mover] += 1
            # Someone's turn again (the computer's, if it came between, is played by then).
            while not any(my_turn(pg) for pg in people.values()):
                assert time.monotonic() < deadline, f"too slow: {played}"
                h.wait_for_timeout(20)
            tops.append(same_pile(list(people.values())))
        assert set(played) == {"Ann", "Bea", "Cid"} and done["discard"] == 4, (played, done)
        assert len(set(tops)) > 1, tops

        hands = h.evaluate("() => window.hands")
        for name, guest in guests.items():
            heard = guest.evaluate("() => window.received")
            seat = next(m["seat"] for m in map(json.loads, heard) if m.get("t") == "welcome")
            views = [m["view"] for m in map(json.loads, heard) if m.get("t") == "update"]
            assert views and {v["seat"] for v in views} == {seat}, name
            others = {hand for s, hand in hands if s != seat and len(json.loads(hand)) >= 2}
            assert len({s for s, _ in hands} - {seat}) >= 2, "the host's record of the other people's hands"
            leaked = [hand for hand in others if any(hand in m for m in heard)]
            assert not leaked, f"another seat's hand reached {name}: {leaked}"
    finally:
        for context in contexts:
            context.close()
    assert not errors, "errors in the pages:\n" + "\n".join(errors)


# A PNG (base64) as one frame for a fake camera: drawn large (smoothed, as a lens would) in the
# middle of a white w × h frame, returned as its grey levels (base64, a byte a pixel).
GREY_FRAME = """async ([png, w, h]) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const canvas = Object.assign(document.createElement("canvas"), { width: w, height: h });
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, w, h);
  const side = 0.9 * Math.min(w, h);
  g.drawImage(image, (w - side) / 2, (h - side) / 2, side, side);
  const rgba = g.getImageData(0, 0, w, h).data;
  let grey = "";
  for (let i = 0; i < rgba.length; i += 4) grey += String.fromCharCode(rgba[i + 1]);
  return btoa(grey);
}"""


def y4m(grey: bytes, width: int, height: int) -> bytes:
    """One frame of video as Chromium's fake camera reads it (YUV 4:2:0), grey: no colour."""
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    return f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n" + grey + chroma + chroma


def test_the_guest_scans_the_invitation_with_its_camera(own_browser, site_url, start_snapshot, tmp_path):
    """Bea's browser has no BarcodeDetector (Chromium on Linux): the page's own decoder reads the
    host's QR code from her camera (Chromium's fake one, showing a picture of the host's QR code),
    and she joins from the lobby's "Join a game" without pasting anything."""
    errors: list[str] = []
    host_context = own_browser.new_context(
        viewport={"width": 1024, "height": 768}, base_url=site_url, service_workers="block"
    )
    give_snapshot(host_context, start_snapshot)
    host_context.set_default_timeout(20_000)
    host_context.add_init_script(RECORD_PEERS)
    camera = tmp_path / "camera.y4m"
    scanner = None
    try:
        h = watch(host_context.new_page(), "host", errors)
        h.goto("./?speed=fast&seed=7")
        engine_ready(h)
        for i, (name, kind) in enumerate([("Ann", "Person"), ("Bea", REMOTE)], start=1):
            h.get_by_label(f"Seat {i} player").select_option(label=kind)
            h.get_by_label(f"Seat {i} name").fill(name)
        h.get_by_role("button", name="Start game").click()
        panel = h.get_by_role("region", name="Invite Bea")
        link = panel.get_by_role("textbox", name="Invitation for Bea")
        expect(link).to_have_value(re.compile(r"#join="), timeout=START_TIMEOUT_MS)
        qr = panel.get_by_role("img", name="Invitation for Bea (QR code)").screenshot()
        width, height = 640, 480
        grey = base64.b64decode(h.evaluate(GREY_FRAME, [base64.b64encode(qr).decode(), width, height]))
        camera.write_bytes(y4m(grey, width, height))

        # Bea's browser: its camera shows that picture (the file is read when the browser starts).
        scanner = own_browser.browser_type.launch(
            executable_path=chromium_path(),
            headless=True,
            args=[
                *CHROMIUM_ARGS,
                NO_MDNS,
                "--use-fake-device-for-media-stream",
                "--use-fake-ui-for-media-stream",
                f"--use-file-for-fake-video-capture={camera}",
            ],
        )
        guest_context = scanner.new_context(
            viewport={"width": 420, "height": 800}, base_url=site_url, service_workers="block"
        )
        guest_context.set_default_timeout(20_000)
        guest_context.add_init_script(RECORD_PEERS)
        g = watch(guest_context.new_page(), "guest", errors)
        g.goto("./")
        assert not g.evaluate("() => 'BarcodeDetector' in window"), "this test is of the page's own decoder"
        g.get_by_text("Join a game on another device").click()
        g.get_by_role("button", name="Scan with the camera").click()
        answer = g.get_by_role("textbox", name="Your answer")
        expect(answer).to_have_value(re.compile(r"^[A-Za-z0-9_-]{60,}$"), timeout=ANSWER_MS)
        assert g.evaluate("() => location.hash") == "#" + link.input_value().split("#", 1)[1]
        panel.get_by_role("textbox", name="Bea's answer").fill(answer.input_value())
        panel.get_by_role("button", name="Connect").click()
        expect_connected(h, g, "Bea")
    finally:
        host_context.close()
        if scanner:
            scanner.close()
    assert not errors, "errors in the pages:\n" + "\n".join(errors)


# The host's side of a connection begins (not awaited: its candidates are not wanted); the
# configuration it was made with.
INVITE_CONFIG = """async () => {
  const { invite } = await import("./net/peer.js");
  invite();
  return window.peerConfigs.at(-1);
}"""


# A frame of the fake camera in the test above, as a page drew it (an invitation's code, 432 pixels
# wide in a 640 x 480 frame): jsQR misses it at that size, on every frame of a still camera.
MISSED_AT_640 = Path(__file__).parent / "data" / "qr-missed-at-640.png"

READ_FRAMES = """async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const { readQr, jsQrFrames } = await import("./net/scan.js");
  const read = jsQrFrames();
  const frames = [];
  for (let i = 0; i < 3; i++) frames.push(await read(image, image.width, image.height));
  return { whole: await readQr(image, image.width, image.height), smaller: await readQr(image, 480, 360), frames };
}"""


def test_a_code_the_decoder_misses_at_one_size_is_read_at_another(page):
    """The camera's frames are read at 640, 480 and 320 pixels in turn, so a still picture of a code
    jsQR cannot read at the camera's own size is read within three frames."""
    page.goto("./")
    read = page.evaluate(READ_FRAMES, base64.b64encode(MISSED_AT_640.read_bytes()).decode())
    assert read["whole"] is None, "jsQR now reads this frame at 640 x 480: the picture no longer shows the case"
    assert read["smaller"], "jsQR does not read this frame at 480 x 360 either"
    assert read["smaller"] in read["frames"], read["frames"]


def test_a_stun_server_set_in_settings_is_checked_kept_and_used(own_browser, site_url):
    """No ICE server by default; Settings refuse an address that is not `stun:host[:port]`, keep one
    that is, and both sides' connections then use it. (No STUN server exists here: a loopback
    address, and nothing waits for it.)"""
    errors: list[str] = []
    context = own_browser.new_context(viewport={"width": 420, "height": 800}, base_url=site_url)
    context.add_init_script(RECORD_PEERS)
    context.set_default_timeout(20_000)
    try:
        pg = watch(context.new_page(), "guest", errors)
        pg.goto("./?speed=fast#join=x")  # a guest's page (no engine), its invitation damaged
        assert pg.evaluate(INVITE_CONFIG) == {"iceServers": []}
        offer = pg.evaluate("async () => (await (await import('./net/peer.js')).invite()).code")
        checked = pg.evaluate(
            """async (values) => {
          const { isStunServer } = await import("./app/settings.js");
          return values.map(isStunServer);
        }""",
            [
                "",
                "stun:a.example",
                "stun:10.0.0.2:3478",
                "stun:[::1]:3478",
                "stun.a.example",
                "turn:a.example",
                "stun:",
                "stun:a.example:0",
                "stun:a.example:65536",
                "stun:a b",
                "stun:a.example/x",
            ],
        )
        assert checked == [True] * 4 + [False] * 7

        server = "stun:127.0.0.1:3478"
        pg.locator("#settings-button").click()
        field = pg.get_by_label("STUN server for play across networks")
        expect(field).to_have_value("")
        field.fill("stun.example.org")
        field.press("Tab")
        problem = pg.get_by_role("alert").filter(has_text="Write it as stun:host or stun:host:port")
        expect(problem).to_be_visible()
        field.fill(server)
        field.press("Tab")
        expect(problem).to_be_hidden()
        assert pg.evaluate(INVITE_CONFIG) == {"iceServers": [{"urls": server}]}

        # The guest's side, on a page of its own: the server is kept on this device. (Its answer
        # would wait for the server's reply, in vain here, as long as gathering may take.)
        pg.goto(f"./#join={offer}")
        pg.wait_for_function("() => window.peerConfigs.length > 0")
        assert pg.evaluate("() => window.peerConfigs") == [{"iceServers": [{"urls": server}]}]
        pg.locator("#settings-button").click()
        expect(field).to_have_value(server)
    finally:
        context.close()
    assert not errors, "errors in the pages:\n" + "\n".join(errors)

"""Own Trumps through the page only: people tap suit buttons, card buttons and "Pick up N cards",
found by their accessible names; whether a card can beat is read from the page (the marked cards,
the sentence in the alert), never asked of the engine. Games are seeded (?seed=N) and computers move
without the readable pause (?speed=fast); exact situations are planted as a saved game made from a
stacked deck, which the page resumes as it resumes any save.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from e2e import pagekit
from e2e.pagekit import (
    NO_SIDEWAYS_SCROLL,
    SMALL_BUTTONS,
    START_TIMEOUT_MS,
    engine_ready,
    hand_labels,
    hand_places,
    moved_by_selecting,
    open_on_save,
    resize,
    settled,
    tap_card,
    write_save,
)
from e2e.soak import SOAK_ONLY

RANK = {"Six": 6, "Seven": 7, "Eight": 8, "Nine": 9, "Ten": 10, "Jack": 11, "Queen": 12, "King": 13, "Ace": 14}
CARD_NAME = re.compile(r"\b(Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of (spades|hearts|diamonds|clubs)\b")
COMPUTER = "Normal computer"


# ---------------------------------------------------------------- helpers
def start(page: Page, seats, seed: int, options: dict | None = None):
    page.goto(f"./?speed=fast&seed={seed}")
    engine_ready(page)
    page.get_by_role("radio", name="Own Trumps").check()
    expect(page.locator("#seats li")).to_have_count(2)  # two seats by default
    page.get_by_label("Number of players").select_option(str(len(seats)))
    for i, (name, kind) in enumerate(seats, start=1):
        page.get_by_label(f"Seat {i} player").select_option(label=kind)
        page.get_by_label(f"Seat {i} name").fill(name)
    if options:
        page.get_by_text("More options").click()
        for label, value in options.items():
            page.get_by_label(label).fill(str(value))
            page.get_by_label(label).press("Tab")
    page.get_by_role("button", name="Start game").click()


def my_move(page: Page) -> bool:
    return (
        page.locator("#hand-area.my-turn").is_visible()
        and page.locator("#table[aria-busy=true]").count() == 0
        and page.locator("dialog[open]").count() == 0
    )


def suit_of(label: str) -> str:
    return label.split(" of ")[1]


def rank_of(label: str) -> int:
    return RANK[label.split(" of ")[0]]


def short(label: str) -> str:
    """'Ten of diamonds' -> '10♦', as the events write cards."""
    r = rank_of(label)
    face = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(r, str(r))
    return face + {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}[suit_of(label)]


def trumps_by_player(page: Page) -> dict:
    out = {}
    for li in page.locator("#players li").all():
        name = li.locator(".name").inner_text()
        badge = li.locator(".ot-trump").get_attribute("aria-label") or ""
        out[name] = badge.removeprefix("Trumps: ") or None
    return out


def my_name(page: Page) -> str:
    return page.locator("#players li.me .name").inner_text()


def next_trump(page: Page) -> str | None:
    """The trump suit of the next player still holding cards after the viewer."""
    rows = page.locator("#players li").all()
    names = [r.locator(".name").inner_text() for r in rows]
    me = names.index(my_name(page))
    trumps = trumps_by_player(page)
    for k in range(1, len(rows)):
        row = rows[(me + k) % len(rows)]
        if "status-out" not in (row.get_attribute("class") or ""):
            return trumps[names[(me + k) % len(rows)]]
    return None


def play_turn(page: Page, done: dict):
    """One turn of the viewer by taps, with a simple plan read from the page: beat with the cheapest
    marked card, add a card of the next player's trump suit (highest first: they need a higher one
    or pick up 5), else the highest other card; lead likewise; pick up when nothing is marked."""
    mine = trumps_by_player(page)[my_name(page)]
    cards = hand_labels(page)
    theirs = next_trump(page)

    def add_order(pool):
        return sorted(pool, key=lambda c: (suit_of(c) != theirs, suit_of(c) == mine, -rank_of(c)))

    if page.locator("#turn-line").inner_text().startswith("Your turn: lead"):
        tap_card(page.get_by_role("button", name=add_order(cards)[0], exact=True))
        done["lead"] += 1
        return
    marked = page.locator("#hand button.can-beat").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    if not marked:
        page.get_by_role("button", name=re.compile(r"^Pick up \d+ cards?")).click()
        done["pick_up"] += 1
        return
    beater = min(marked, key=lambda c: (suit_of(c) == mine, rank_of(c)))
    tap_card(page.get_by_role("button", name=beater, exact=True))
    if len(cards) == 1:
        done["beat"] += 1
        return
    expect(page.get_by_role("button", name=beater, exact=True)).to_have_attribute("aria-pressed", "true")
    add = add_order([c for c in cards if c != beater])[0]
    tap_card(page.get_by_role("button", name=add, exact=True))
    done["beat"] += 1


def choose_first_free_suit(page: Page) -> str | None:
    """Tap the first suit still free (looked up and tapped at once: the table may just be redrawing)."""
    return page.evaluate("""() => { const b = document.querySelector('button.ot-suit:not([aria-disabled=true])');
        if (b) b.click(); return b && b.getAttribute('aria-label'); }""")


def visible_card_names(page: Page, scope: str = "#app") -> list[str]:
    """Every card named in `scope` (which may be absent): by accessible names and by text."""
    texts = page.locator(f"{scope}, {scope} [aria-label]").evaluate_all(
        "es => es.flatMap(e => [e.getAttribute('aria-label') || '', e.textContent])"
    )
    return [m.group(0) for text in texts for m in CARD_NAME.finditer(text)]


def public_card_names(page: Page) -> set[str]:
    """Cards the page may show to anyone: the pile and the cards players are known to hold."""
    return (
        set(visible_card_names(page, "#ot-pile"))
        | set(visible_card_names(page, ".ot-known"))
        | set(visible_card_names(page, "#discard-pile"))
    )


def check_no_hand_while_curtain(page: Page, hands: dict):
    """Nothing of a hand in the page while the curtain is up: no card buttons, and no card of any
    hand seen so far unless it is public now (in the pile, or known from a pick-up)."""
    expect(page.locator("#hand button")).to_have_count(0)
    public = public_card_names(page)
    shown = set(visible_card_names(page))
    secret = set().union(*hands.values()) - public if hands else set()
    assert not (shown & secret), sorted(shown & secret)


def pass_to(page: Page, name: str, hands: dict):
    pagekit.pass_to(page, name, lambda page: check_no_hand_while_curtain(page, hands))


def plant(
    page: Page, seats: list, deck: list, actions: list, options: dict | None = None, dealer: int = 1, fresh: bool = True
):
    """Open the page on a saved game dealt from `deck`, after `actions` (string forms by seat);
    `fresh=False` replaces the game of a page already open."""
    from pygames_wasm import api

    handle = api.call(
        "new_game",
        {"game": "own_trumps", "seed": 1, "seats": seats, "options": options or {}, "deck": deck, "dealer": dealer},
    )["handle"]
    for seat, action in actions:
        assert "error" not in api.call("act", {"handle": handle, "seat": seat, "action": action}), action
    record = api.call("save", {"handle": handle})["record"]
    api.call("close", {"handle": handle})
    if fresh:
        open_on_save(page, {"savedAt": int(time.time() * 1000), "record": record})
    else:
        write_save(page, {"savedAt": int(time.time() * 1000), "record": record})


def two_hands_deck(ann: str, other: str) -> list:
    """A deck dealing Ann (seat 0, who leads) these cards and the other seat those, both filled up."""
    from pygames_wasm.core import stack_deck
    from pygames_wasm.games import own_trumps as G

    a, b = ann.split(), other.split()
    free = [c for c in G.DECK if c not in a + b]
    a += [free.pop(0) for _ in range(18 - len(a))]
    b += free
    return stack_deck(G.DECK, [card for pair in zip(a, b) for card in pair])


# Ann (hearts) leads the 6♣; the computer (spades) beats with the 7♣ adding the 6♦; Ann beats with the
# 7♦ adding the 8♣; the computer beats with the 9♣ and adds the K♥: Ann's own trump, which only the A♥
# (the computer's) beats. Ann must pick up 5 of the 7 cards.
PICK_UP_FIVE: dict[str, Any] = dict(
    deck=two_hands_deck("6C 7D 8C QH 10D JD 8S", "7C 6D 9C KH AH"),
    actions=[(0, "trump H"), (1, "trump S"), (0, "lead 6C"), (1, "beat 7C 6D"), (0, "beat 7D 8C"), (1, "beat 9C KH")],
    options={"pass_sixes": False},
)
# The same deal two moves earlier: Ann faces the 6♦ and holds the 7♦ and 10♦ (and her hearts).
TWO_TAPS = PICK_UP_FIVE | {"actions": PICK_UP_FIVE["actions"][:4]}
SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Computer 1", "kind": "bot", "bot": "heuristic"}]


# ---------------------------------------------------------------- tests
def test_choosing_trumps(page: Page):
    start(page, [("Ann", "Person"), ("Computer 1", COMPUTER)], seed=2)  # Ann deals: the computer chooses first
    expect(page.get_by_role("heading", name="Choose your trump suit")).to_be_visible(timeout=20_000)
    taken = page.locator(".ot-suit[aria-disabled=true]")
    expect(taken).to_have_count(1)
    taken_name = taken.get_attribute("aria-label")  # "Choose clubs (Computer 1's trump)"
    found = re.match(r"Choose (\w+) \(Computer 1's trump\)$", taken_name or "")
    assert found, taken_name
    suit = found.group(1)
    assert trumps_by_player(page) == {"Ann": None, "Computer 1": suit}
    taken.click(force=True)  # greyed (aria-disabled), but a tap still says why
    expect(page.get_by_role("alert")).to_have_text(
        re.compile(rf"^{suit.capitalize()} are already Computer 1's trump: choose ")
    )
    free = [n for n in ("spades", "hearts", "diamonds", "clubs") if n != suit]
    mine = free[1]
    page.get_by_role("button", name=f"Choose {mine}", exact=True).click()
    # The deal: the hand is up, and both trumps stay next to the names for the whole game.
    expect(page.locator("#hand button").first).to_be_visible(timeout=20_000)
    assert trumps_by_player(page) == {"Ann": mine, "Computer 1": suit}
    expect(page.locator("#hand-title")).to_contain_text("trumps")
    own = page.locator("#hand button.own-trump").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert own and all(c.endswith(mine) for c in own)


def test_whole_two_person_game_through_the_curtain(page: Page):
    start(page, [("Ann", "Person"), ("Bob", "Person")], seed=1, options={"Games in the match": 1})
    hands: dict[str, set] = {}
    done = {"lead": 0, "beat": 0, "pick_up": 0, "trump": 0}
    result = page.locator("#result-dialog")
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not result.is_visible():
        title = page.locator("#curtain-title")
        if page.locator("#curtain").is_visible():
            name = title.inner_text().removeprefix("Pass the device to ")
            pass_to(page, name, hands)
            continue
        if page.locator("#table[aria-busy=true]").count() == 0 and choose_first_free_suit(page):
            done["trump"] += 1
            settled(page)
            continue
        if my_move(page):
            hands[my_name(page)] = set(hand_labels(page))
            play_turn(page, done)
            settled(page)
            continue
        page.wait_for_timeout(20)
    expect(result).to_be_visible()
    assert done["trump"] == 2 and done["lead"] >= 1 and done["beat"] >= 2, done
    expect(result).to_contain_text(re.compile(r"(wins|share) the match"))
    expect(result.get_by_role("table")).to_be_visible()  # the tally
    expect(result.get_by_role("button", name="Play again")).to_be_visible()


@SOAK_ONLY  # a whole two-person game runs every time (test_whole_two_person_game_through_the_curtain)
def test_four_seat_game_with_computers_to_the_end(page: Page):
    seats = [("Ann", "Person")] + [(f"Computer {i}", COMPUTER) for i in (1, 2, 3)]
    start(page, seats, seed=6, options={"Games in the match": 1})
    done = {"lead": 0, "beat": 0, "pick_up": 0, "fast_forward": 0}
    result = page.locator("#result-dialog")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not result.is_visible():
        if page.locator("#table[aria-busy=true]").count() == 0 and choose_first_free_suit(page):
            settled(page)
            continue
        # Ann is out: the computers finish without the readable pause. (The button is drawn anew
        # with every computer move, so it is pressed from inside the page.)
        if page.evaluate("""() => { const b = [...document.querySelectorAll('#actions button')]
                .find((x) => x.textContent === 'Fast-forward to the end'); if (b) b.click(); return !!b; }"""):
            done["fast_forward"] += 1
            continue
        if my_move(page):
            play_turn(page, done)
            settled(page)
            continue
        page.wait_for_timeout(20)
    expect(result).to_be_visible()
    trumps = trumps_by_player(page)
    assert len(set(trumps.values())) == 4  # four players, four different suits
    standings = result.get_by_role("list", name="Standings").get_by_role("listitem")
    expect(standings).to_have_count(4)
    expect(result).to_contain_text(re.compile(r"(is left holding cards and loses|drawn)"))
    result.get_by_role("button", name="Play again").click()
    expect(result).to_be_hidden()
    expect(page.locator("#ot-match")).to_have_text("")  # a new one-game match


def test_pick_up_five_on_your_own_trump(page: Page):
    plant(page, SEATS, **PICK_UP_FIVE)
    pick = page.get_by_role("button", name="Pick up 5 cards")
    expect(pick).to_be_visible(timeout=START_TIMEOUT_MS)
    expect(page.get_by_role("img", name="Top card: King of hearts, played by Computer 1")).to_be_visible()
    expect(page.locator("#ot-pile li")).to_have_count(7)  # the whole pile, in order
    expect(page.locator("#ot-pile li").first).to_have_attribute("aria-label", "Six of clubs (Ann)")
    expect(page.locator("#turn-line")).to_have_text("Your turn: nothing beats the K♥, pick up 5 cards")
    expect(page.locator("#hand button.can-beat")).to_have_count(0)
    before = len(hand_labels(page))
    pick.click()
    settled(page)
    expect(page.locator("#hand button")).to_have_count(before + 5)
    for card in ("King of hearts", "Nine of clubs", "Eight of clubs", "Seven of diamonds", "Six of diamonds"):
        expect(page.get_by_role("button", name=card, exact=True)).to_be_visible()
    expect(page.locator("#log li").filter(has_text="Ann picks up 5 cards: K♥, 9♣, 8♣, 7♦ and 6♦.")).to_have_count(1)


def test_an_illegal_tap_says_why(page: Page):
    plant(page, SEATS, **PICK_UP_FIVE)
    queen = page.get_by_role("button", name="Queen of hearts", exact=True)
    expect(queen).to_be_visible(timeout=START_TIMEOUT_MS)
    tap_card(queen)
    expect(page.get_by_role("alert")).to_have_text(
        "Q♥ does not beat K♥: lower, and your own trumps are beaten only by a higher one."
    )
    tap_card(page.get_by_role("button", name="Ten of diamonds", exact=True))
    expect(page.get_by_role("alert")).to_have_text(
        "10♦ does not beat K♥: K♥ is one of your own trumps, beaten only by a higher heart."
    )
    expect(page.locator("#ot-pile li")).to_have_count(7)  # nothing was played


def test_a_beat_takes_two_taps_and_the_first_can_be_taken_back(page: Page):
    plant(page, SEATS, **TWO_TAPS)
    marked = page.locator("#hand button.can-beat")
    expect(marked.first).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    expect(page.get_by_role("button", name="Seven of diamonds", exact=True)).to_have_class(re.compile("can-beat"))
    tap_card(page.get_by_role("button", name="Eight of spades", exact=True))  # the computer's trump: plain here
    expect(page.get_by_role("alert")).to_have_text(
        "8♠ does not beat 6♦: another suit, and spades are Computer 1's trump, not yours."
    )
    beater = marked.first.get_attribute("aria-label")
    assert beater
    before = hand_places(page)
    tap_card(page.get_by_role("button", name=beater, exact=True))
    expect(page.get_by_role("button", name=beater, exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#turn-line")).to_contain_text("now tap the card to add on top")
    assert not moved_by_selecting(before, hand_places(page))  # the same choices, the cards in place
    tap_card(page.get_by_role("button", name=beater, exact=True))  # taken back
    expect(page.get_by_role("button", name=beater, exact=True)).to_have_attribute("aria-pressed", "false")
    assert hand_places(page) == before
    tap_card(page.get_by_role("button", name=beater, exact=True))
    add = next(c for c in hand_labels(page) if c != beater)
    tap_card(page.get_by_role("button", name=add, exact=True))
    settled(page)
    said = f"Ann beats the 6♦ with the {short(beater)} and adds the {short(add)}."
    expect(page.locator("#log li").filter(has_text=said)).to_have_count(1)


def record_before_the_last_move(seed: int) -> tuple[dict, dict]:
    """Game 1 of a seeded match played by the heuristic bot for both seats (in CPython), stopped just
    before the move that ends it: (the saved record, that move)."""
    from pygames_wasm import api

    handle = api.call("new_game", {"game": "own_trumps", "seats": SEATS, "seed": seed})["handle"]
    while True:
        seat = api.call("view", {"handle": handle, "seat": None})["view"]["to_act"]
        move = api.call("bot_move", {"handle": handle, "seat": seat})["action"]
        record = api.call("save", {"handle": handle})["record"]
        api.call("act", {"handle": handle, "seat": seat, "action": move})
        if api.call("view", {"handle": handle, "seat": None})["view"]["games"]:
            api.call("close", {"handle": handle})
            assert seat == 0, "the seed must let Ann end the game"
            return record, move


def test_a_match_game_summary_tally_and_the_loser_deals_next(page: Page):
    record, move = record_before_the_last_move(7)  # seed 7: Ann runs out, beating with the K♦ and adding the A♦
    assert move == {"type": "beat", "card": "KD", "add": "AD"}
    open_on_save(page, {"savedAt": int(time.time() * 1000), "record": record})
    king = page.get_by_role("button", name="King of diamonds", exact=True)
    expect(king).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    tap_card(king)
    tap_card(page.get_by_role("button", name="Ace of diamonds", exact=True))
    summary = page.get_by_role("dialog", name="Game 1 of 3")
    expect(summary).to_be_visible(timeout=20_000)
    expect(summary).to_contain_text("Ann is out of cards and wins game 1; Computer 1 loses.")
    expect(summary).to_contain_text("Computer 1 deals the next game.")
    table = summary.get_by_role("table")
    expect(table.get_by_role("row", name=re.compile(r"^Ann .* 0 1 0 0$"))).to_have_count(1)
    expect(table.get_by_role("row", name=re.compile(r"^Computer 1 .* 0 1 0$"))).to_have_count(1)
    summary.get_by_role("button", name="Continue").click()
    # Game 2: the loser deals, so Ann leads and chooses trumps first; the tally runs on.
    expect(page.get_by_role("heading", name="Choose your trump suit")).to_be_visible(timeout=20_000)
    expect(page.locator("#ot-match")).to_have_text("Game 2 of 3")
    expect(page.locator("#players li").filter(has_text="Computer 1")).to_contain_text("dealer")
    expect(page.locator("#players li").filter(has_text="Ann")).to_contain_text("Won 1 · Lost 0 · Drawn 0")


def test_reload_resumes(page: Page):
    start(page, [("Ann", "Person"), ("Computer 1", COMPUTER)], seed=1)  # Ann leads and chooses first
    expect(page.get_by_role("heading", name="Choose your trump suit")).to_be_visible(timeout=20_000)
    page.get_by_role("button", name="Choose diamonds", exact=True).click()
    expect(page.locator("#turn-line")).to_have_text("Your turn: lead any card", timeout=20_000)
    settled(page)
    card = hand_labels(page)[-1]
    tap_card(page.get_by_role("button", name=card, exact=True))
    expect(page.locator("#log li").first).to_contain_text("Computer 1", timeout=20_000)  # it has answered
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    before = (
        hand_labels(page),
        page.locator("#ot-pile").inner_text(),
        page.locator("#turn-line").inner_text(),
        trumps_by_player(page),
    )
    page.reload()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    after = (
        hand_labels(page),
        page.locator("#ot-pile").inner_text(),
        page.locator("#turn-line").inner_text(),
        trumps_by_player(page),
    )
    assert after == before
    expect(page.locator("#ot-match")).to_have_text("Game 1 of 3")


# Each hand card's face: its layout size, and whether it covers the card's inside (within a pixel).
HAND_FACES = """() => [...document.querySelectorAll('#hand > .card')].map((c) => {
  const face = c.querySelector(':scope > .face');
  const r = c.getBoundingClientRect(), f = face.getBoundingClientRect();
  const inside = [r.left + c.clientLeft, r.top + c.clientTop, r.right - c.clientLeft, r.bottom - c.clientTop];
  const covers = [f.left, f.top, f.right, f.bottom].every((v, i) => Math.abs(v - inside[i]) <= 1);
  return { card: c.getAttribute('aria-label'), width: Math.round(r.width), laidOut: [face.offsetWidth, face.offsetHeight], covers };
})"""


def test_layouts_phone_and_tablet(page: Page):
    plant(page, SEATS, **PICK_UP_FIVE)
    expect(page.get_by_role("button", name="Pick up 5 cards")).to_be_visible(timeout=START_TIMEOUT_MS)
    laid_out, widths = set(), set()
    for width, height in ((390, 844), (844, 390), (768, 1024), (1024, 768)):
        resize(page, width, height)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), f"the Own Trumps table scrolls sideways at {width}x{height}"
        small = page.evaluate(SMALL_BUTTONS)
        assert not small, f"targets under 44px at {width}x{height}: {small}"
        page.screenshot(path=f"test-results/own-trumps-{width}x{height}.png", full_page=True)
        faces = page.evaluate(HAND_FACES)
        assert all(f["covers"] for f in faces), f"a face does not cover its card at {width}x{height}: {faces}"
        laid_out |= {tuple(f["laidOut"]) for f in faces}
        widths |= {f["width"] for f in faces}
    # The cards are drawn at several widths, their faces laid out at one size and scaled: a hand
    # resized costs no layout of its faces.
    assert len(widths) > 1 and len(laid_out) == 1, (widths, laid_out)
    # The trump choice at phone size too.
    page.set_viewport_size({"width": 390, "height": 844})
    plant(page, SEATS, **(PICK_UP_FIVE | {"actions": []}), fresh=False)
    expect(page.get_by_role("button", name="Choose hearts", exact=True)).to_be_visible(timeout=START_TIMEOUT_MS)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert not page.evaluate(SMALL_BUTTONS)
    page.screenshot(path="test-results/own-trumps-trumps-390x844.png", full_page=True)


def test_embedded_table(page: Page):
    page.goto("./embed.html?game=own_trumps&players=2&speed=fast&seed=1")
    expect(page.get_by_role("button", name="Choose spades", exact=True)).to_be_visible(timeout=START_TIMEOUT_MS)
    page.get_by_role("button", name="Choose spades", exact=True).click()
    expect(page.locator("#hand button").first).to_be_visible(timeout=20_000)
    expect(page.locator("#players li")).to_have_count(2)

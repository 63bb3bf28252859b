"""Canasta through the page only: the person taps card buttons and action buttons found by
their accessible names; whether a choice is possible is read from the page (aria-disabled,
the sentence in the alert), never asked of the engine.

Games are seeded (?seed=N) and the computers move without the readable pause (?speed=fast).
Where a test needs the engine's exact sentence, it replays the same seeded game in CPython.
"""
from __future__ import annotations

import re
import time
from collections import Counter

from playwright.sync_api import Page, expect

from e2e.pagekit import START_TIMEOUT_MS

SEATS = [("Ann", "Person"), ("Computer 1", "Computer (heuristic)"),
         ("Computer 2", "Computer (heuristic)"), ("Computer 3", "Computer (heuristic)")]
SEED = 3
RANK_CODES = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J", "Ten": "10", "Nine": "9",
              "Eight": "8", "Seven": "7", "Six": "6", "Five": "5", "Four": "4", "Three": "3",
              "Two": "2", "Joker": "JK"}
NO_SIDEWAYS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


# ---------------------------------------------------------------- helpers
def start(page: Page, seed: int = SEED, seats=SEATS):
    page.goto(f"./?speed=fast&seed={seed}")
    expect(page.get_by_role("button", name="Start game")).to_be_enabled(timeout=START_TIMEOUT_MS)
    page.get_by_role("radio", name="Canasta").check()
    for i, (name, kind) in enumerate(seats, start=1):
        page.get_by_label(f"Seat {i} player").select_option(label=kind)
        page.get_by_label(f"Seat {i} name").fill(name)
    expect(page.locator("#teams-note")).to_contain_text("Partners sit opposite")
    page.get_by_role("button", name="Start game").click()


def settled(page: Page):
    """Not redrawing after a choice, and every choice has been checked with the engine."""
    expect(page.locator("#table[aria-busy=true]")).to_have_count(0)
    expect(page.locator("#actions .checking")).to_have_count(0)


def my_turn(page: Page) -> bool:
    return page.locator("#hand-area.my-turn").is_visible() and \
        page.locator("#table[aria-busy=true]").count() == 0 and \
        page.locator("dialog[open]").count() == 0


def hand_labels(page: Page) -> list[str]:
    return page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")


def rank(label: str) -> str:
    return RANK_CODES[label.split(" ")[0]]


def is_wild(label: str) -> bool:
    return rank(label) in ("2", "JK")


def select(page: Page, labels: list[str]):
    """Tap the card buttons with these names (duplicates: the next one not yet pressed)."""
    for label in labels:
        page.locator("#hand button[aria-pressed=false]").and_(
            page.get_by_role("button", name=label, exact=True)).first.click()
    settled(page)


def clear_selection(page: Page):
    clear = page.get_by_role("button", name="Clear selection")
    if clear.count():
        clear.click()
        settled(page)


def usable(page: Page, name) -> object | None:
    """The action button with this name, if the engine accepts it (not aria-disabled)."""
    b = page.locator("#actions button:not([aria-disabled=true])").and_(page.get_by_role("button", name=name))
    return b.first if b.count() else None


def own_meld_ranks(page: Page) -> set[str]:
    return set(page.locator("section.team.ours .meld").evaluate_all("ms => ms.map(m => m.dataset.rank)"))


def play_turn(page: Page, done: Counter):
    """One whole turn of the person, by taps: draw, meld / add when the page allows, discard."""
    if usable(page, "End the hand (the stock is empty)"):
        usable(page, "End the hand (the stock is empty)").click()
        done["end"] += 1
        return
    page.get_by_role("button", name="Draw from the stock").first.click()
    settled(page)
    expect(page.get_by_text("Your turn: meld or add to melds, then discard")).to_be_visible()

    # Add single naturals to the team's melds of their rank (keep two cards to discard/hold).
    for _ in range(6):
        labels = hand_labels(page)
        ranks = own_meld_ranks(page)
        card = next((c for c in labels if not is_wild(c) and rank(c) in ranks), None)
        if card is None or len(labels) <= 2:
            break
        select(page, [card])
        add = usable(page, re.compile(r"^Add to .+ meld$"))
        if add is None:
            clear_selection(page)
            break
        add.click()
        settled(page)
        done["add"] += 1

    # New melds: every rank held three or more times (naturals only), put aside, then Meld all.
    labels = hand_labels(page)
    groups = Counter(rank(c) for c in labels if not is_wild(c) and rank(c) != "3")
    staged = 0
    for r, n in groups.items():
        if n < 3 or len(hand_labels(page)) - n < 2:
            continue
        select(page, [c for c in hand_labels(page) if rank(c) == r and not is_wild(c)])
        page.get_by_role("button", name="Put aside as a meld").click()
        settled(page)
        staged += 1
    if staged:
        meld_all = usable(page, re.compile(r"^Meld all"))
        if meld_all:
            meld_all.click()
            settled(page)
            done["meld"] += 1
        else:
            clear_selection(page)

    # Discard: prefer a lone card that is not wild; the engine greys what it refuses.
    labels = hand_labels(page)
    counts = Counter(rank(c) for c in labels)
    order = sorted(labels, key=lambda c: (is_wild(c), counts[rank(c)], labels.index(c)))
    for card in order:
        select(page, [card])
        discard = usable(page, f"Discard {card}")
        if discard:
            discard.click()
            settled(page)
            done["discard"] += 1
            return
        clear_selection(page)
    raise AssertionError("no card could be discarded:\n" + page.locator("#table").inner_text())


def replay_to_first_turn(seed: int):
    """The same seeded game in CPython, up to the person's first draw."""
    from pygames_wasm import api

    seats = [{"name": n, "kind": "human"} if k == "Person" else {"name": n, "kind": "bot", "bot": "heuristic"}
             for n, k in SEATS]
    handle = api.call("new_game", {"game": "canasta", "seed": seed, "seats": seats})["handle"]
    for _ in range(200):
        v = api.call("view", {"handle": handle, "seat": 0})["view"]
        if v["to_act"] == 0:
            break
        api.call("bot_act", {"handle": handle, "seat": v["to_act"]})
    return api, handle


# ---------------------------------------------------------------- tests
def test_whole_hand_one_person_three_computers(page: Page):
    start(page)
    sheet = page.get_by_role("dialog", name=re.compile(r"^Hand 1 score sheet$"))
    done = Counter()
    deadline = time.monotonic() + 80
    while time.monotonic() < deadline:
        if sheet.is_visible():
            break
        if my_turn(page):
            play_turn(page, done)
            continue
        page.wait_for_timeout(20)
    else:
        raise AssertionError(f"the hand did not end in time ({dict(done)})")
    assert done["meld"] >= 1 and done["add"] >= 1 and done["discard"] >= 3, dict(done)
    # The score sheet: one column per team, every part of the score, and the running totals.
    table = sheet.get_by_role("table")
    for header in ("North-South", "East-West"):
        expect(table.get_by_role("columnheader", name=header)).to_be_visible()
    for row in ("Melds", "Canasta bonuses", "Red threes", "Going out", "Cards left in hand", "Running total"):
        expect(table.get_by_role("rowheader", name=row)).to_be_visible()
    sheet.get_by_role("button", name="Continue").click()
    expect(sheet).to_be_hidden()
    # The next hand is dealt; the running totals are on the table.
    expect(page.locator("section.team .team-score").first).not_to_have_text("0 points")


def test_rejected_meld_says_why(page: Page):
    api, handle = replay_to_first_turn(SEED)
    api.call("act", {"handle": handle, "seat": 0, "action": {"type": "draw"}})
    hand = api.call("view", {"handle": handle, "seat": 0})["view"]["hand"]
    # Three naturals of one rank that do not reach the first meld's minimum.
    by_rank: dict[str, list] = {}
    for c in hand:
        by_rank.setdefault(c["card"][:-1], []).append(c)
    attempt = why = None
    for cards in sorted(by_rank.values(), key=len, reverse=True):
        if len(cards) >= 2 and cards[0]["card"][:-1] not in ("2", "3", "J"):
            pick = cards[:3] if len(cards) >= 3 else cards
            r = api.call("explain", {"handle": handle, "seat": 0,
                                     "action": {"type": "meld", "melds": [[c["card"] for c in pick]]}})
            if not r["legal"]:
                attempt, why = [c["label"] for c in pick], r["why"]
                break
    assert attempt, "the seed gives no refusable meld"

    start(page)
    expect(page.get_by_role("button", name="Draw from the stock").first).to_be_visible(timeout=20_000)
    settled(page)
    page.get_by_role("button", name="Draw from the stock").first.click()
    settled(page)
    select(page, attempt)
    meld = page.get_by_role("button", name="Meld these")
    expect(meld).to_have_attribute("aria-disabled", "true")
    before = hand_labels(page)
    meld.click(force=True)  # greyed, but a tap still says why
    expect(page.get_by_role("alert")).to_have_text(why)
    assert hand_labels(page) == before  # nothing was melded
    assert page.locator("section.team.ours .meld").count() == 0


def test_reload_mid_hand_resumes_and_undo(page: Page):
    start(page)
    draw = page.get_by_role("button", name="Draw from the stock").first
    expect(draw).to_be_visible(timeout=20_000)
    settled(page)
    # The pile and the first-meld line are on the table from the start.
    expect(page.get_by_role("img", name=re.compile(r"^Discard pile: \d+ cards?"))).to_be_visible()
    expect(page.locator("section.team.ours .initial-line")).to_have_text(
        re.compile(r"^Your team's first meld needs \d+ points$"))
    draw.click()
    settled(page)
    before = (hand_labels(page), page.locator("#stock-count").inner_text(), page.locator("#turn-line").inner_text())

    page.reload()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    after = (hand_labels(page), page.locator("#stock-count").inner_text(), page.locator("#turn-line").inner_text())
    assert after == before

    # A drawn card is final: no undo. A discard ends the turn; the computers play on.
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    card = hand_labels(page)[-1]
    select(page, [card])
    page.get_by_role("button", name=f"Discard {card}").click()
    expect(page.locator("#turn-line")).not_to_have_text(before[2])


def test_phone_layout_fits_and_targets_are_big(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    start(page)
    draw = page.get_by_role("button", name="Draw from the stock").first
    expect(draw).to_be_visible(timeout=20_000)
    draw.click()
    settled(page)
    select(page, hand_labels(page)[:2])
    assert page.evaluate(NO_SIDEWAYS), "the Canasta table scrolls sideways on a phone"
    small = page.evaluate("""() => [...document.querySelectorAll('button')]
        .filter(b => b.offsetParent !== null)
        .map(b => [b.getAttribute('aria-label') || b.textContent.trim(), b.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert not small, f"targets under 44px: {small}"

"""Accessibility: axe-core on every screen of every game (Canasta on every run, all four in a soak
run), and again after moves (the person's, a
draw among them; a computer's; a new deal after a round's summary), keyboard-only play, where the
focus goes, "Read the table", refusals announced.

Each screen is reached the way a player reaches it, or by resuming a saved game recorded in CPython
(the same record gives the same game in the page), so that a score sheet or a result is one reload
away; the moves after it are made through the page. axe-core (the npm package) is injected by the
test into a page whose CSP is bypassed; it is never part of the site. Zero serious or critical violations anywhere.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.axe import assert_accessible
from e2e.pagekit import (
    HOLD_BOTS,
    START_TIMEOUT_MS,
    held_or_my_turn,
    my_turn,
    open_on_save,
    settled,
    step_bots,
    tap_card,
)
from e2e.soak import sampled
from e2e.test_languages import canasta_turn, choose_free_suit, ono99_turn, own_trumps_turn, three_up_turn
from pygames_wasm import api

SEED = 3
# Per game: its lobby title, seats, the options of the games whose record reaches a round's summary
# (ONO 99's 1980 rules score rounds; 3UP 3DOWN shows score sheets only when scoring), and the moves
# made before the person's turn is looked at (Canasta's: melds enough that its felt scrolls).
GAMES: dict[str, dict[str, Any]] = {
    "ono99": {"title": "ONO 99", "seats": 3, "options": {"version": "1980"}, "turn_after": 2},
    "canasta": {"title": "Canasta", "seats": 4, "options": {"target": 1500}, "turn_after": 40},
    "three_up": {"title": "3UP 3DOWN", "seats": 3, "options": {"scoring": True, "rounds": 2}, "turn_after": 2},
    "own_trumps": {"title": "Own Trumps", "seats": 2, "options": {"match_games": 2}, "turn_after": 2},
}
FELT_SCROLLS = "() => { const f = document.getElementById('felt'); return f.scrollHeight > f.clientHeight; }"
SUMMARY = ("last_round", "last_hand", "last_game")  # a finished round, hand or game, by game


@pytest.fixture
def page(return_visits, errors) -> Iterator[Page]:
    """The usual page, in a context that lets the test inject axe-core despite the page's CSP."""
    for pg in return_visits.open(errors, bypass_csp=True):
        pg.add_init_script(HOLD_BOTS)
        yield pg


# ---------------------------------------------------------------- records made in CPython
def record(game: str, people: int = 1, until=lambda view, moves: False, options=None, seed=SEED) -> dict:
    """A saved game: seat 0 is Ann (and seat 1 Bea when `people` is 2), the rest computers; every
    seat's computer plays until `until(public view, moves made)` holds or the game is over. The
    public view has a `look(seat)` to see a seat's own view."""
    n = GAMES[game]["seats"]
    seats = [{"name": name, "kind": "human"} for name in ("Ann", "Bea")[:people]]
    seats += [{"name": f"Computer {i}", "kind": "bot", "bot": "heuristic"} for i in range(1, n - people + 1)]
    handle = api.call("new_game", {"game": game, "seed": seed, "seats": seats, "options": options or {}})["handle"]
    for moves in range(20_000):
        view = api.call("view", {"handle": handle, "seat": None})["view"]
        view["look"] = lambda seat: api.call("view", {"handle": handle, "seat": seat})["view"]
        if view["over"] or until(view, moves):
            break
        assert "error" not in api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
    saved = api.call("save", {"handle": handle})["record"]
    api.call("close", {"handle": handle})
    return saved


def seat_view(saved: dict, seat: int) -> dict:
    """The view of `seat` after a record, as the page's engine will have it."""
    reply = api.call("load", {"record": saved})
    view = api.call("view", {"handle": reply["handle"], "seat": seat})["view"]
    api.call("close", {"handle": reply["handle"]})
    return view


def seat_words(saved: dict, seat: int) -> str:
    """ "Read the table" for `seat` after a record, as the page's engine will say it."""
    handle = api.call("load", {"record": saved})["handle"]
    words = api.call("read_table", {"handle": handle, "seat": seat})["text"]
    api.call("close", {"handle": handle})
    return words


def resume(page: Page, saved: dict, hold_bots: bool = False):
    """Open the page on `saved`, as the page resumes any saved game."""
    page.goto("./build-info.json")  # the tab's sessionStorage, before the app reads it
    page.evaluate(
        "hold => hold ? sessionStorage.setItem('holdBots', '1') : sessionStorage.removeItem('holdBots')", hold_bots
    )
    open_on_save(page, {"savedAt": int(time.time() * 1000), "record": saved})
    expect(page.locator("#lobby")).to_be_hidden(timeout=START_TIMEOUT_MS)


def assert_focus_not_lost(page: Page, after: str):
    """The focus is on something (it may take a redraw and a frame to get there), not <body>."""
    try:
        page.wait_for_function(
            "() => document.activeElement && document.activeElement !== document.body", timeout=3_000
        )
    except Exception:
        raise AssertionError(f"the focus fell to <body> after {after}") from None


# One thing the person does on their turn, by game (a draw or a play; Canasta's draw is done apart).
TURNS = {"ono99": ono99_turn, "canasta": canasta_turn, "three_up": three_up_turn, "own_trumps": own_trumps_turn}


def persons_turn_with_axe(page: Page, game: str):
    """Ann's whole turn, one tap (or choice) at a time, axe after each; then one computer's turn."""
    title = GAMES[game]["title"]
    done: dict = {}
    for _ in range(8):
        if not my_turn(page):
            break
        if page.locator("#turn-line").inner_text() == "Your turn: draw from the stock or take the pile":
            page.get_by_role("button", name="Draw from the stock").click()  # Canasta: the draw alone
            done["draw"] = 1
        else:
            TURNS[game](page, "en", done)
        held_or_my_turn(page)
        assert_accessible(page, f"the {title} table after Ann's {', '.join(done)}")
    assert done, f"Ann had no turn at the {title} table"
    step_bots(page)
    assert_accessible(page, f"the {title} table after a computer's turn")


def new_deal_shown(page: Page):
    """After a round's summary: the new deal, up to the person's hand (the trumps chosen first in Own
    Trumps), the computers moving one at a time."""
    for _ in range(12):
        if page.locator("#hand button").count() and (my_turn(page) or page.evaluate("window.heldBots() > 0")):
            return
        if not choose_free_suit(page):
            step_bots(page)
        held_or_my_turn(page)
    raise AssertionError("the new deal did not come to the table")


# ---------------------------------------------------------------- axe on every screen
# Every run: Canasta (the most screens: melds, a partner's question, hands and a game's end); a soak
# run, all four. The tests below look at the other games' tables too.
@pytest.mark.parametrize("game", sampled(["canasta", "ono99", "own_trumps", "three_up"], every=4))
def test_every_screen_has_no_serious_or_critical_violation(page: Page, game: str):
    g = GAMES[game]
    page.goto("./?speed=fast")
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()
    assert_accessible(page, "the lobby while the engine loads")
    expect(page.get_by_role("button", name="Start game")).to_be_enabled(timeout=START_TIMEOUT_MS)
    page.get_by_role("radio", name=g["title"]).check()
    page.get_by_text("More options").click()
    assert_accessible(page, f"the {g['title']} lobby with its options open")

    # A person to act, and the rules over the table; then the person's moves and a computer's.
    resume(page, record(game, until=lambda v, m: m >= g["turn_after"] and v["to_act"] == 0), hold_bots=True)
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    if game == "canasta":
        # A long board (melds): the felt holds it, drawn compactly (tables/layout.js), no scroll box.
        assert not page.evaluate(FELT_SCROLLS), "the felt scrolls: the melds were meant to fit it"
    assert_accessible(page, f"the {g['title']} table, the person's turn")
    rules = page.get_by_role("button", name="Rules")
    rules.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=re.compile("^How to play"))
    expect(dialog).to_be_visible()
    assert_accessible(page, f"the {g['title']} rules")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(rules).to_be_focused()  # back where it was
    persons_turn_with_axe(page, game)
    page.evaluate("window.releaseBots()")

    # A computer's turn: the computers wait while axe looks.
    resume(page, record(game, until=lambda v, m: m >= 3 and v["to_act"] not in (None, 0)), hold_bots=True)
    expect(page.locator("#hand button").first).to_be_visible(timeout=20_000)  # Ann watches with her hand
    expect(page.locator("#hand-area.my-turn")).to_have_count(0)
    expect(page.locator("#turn-line")).not_to_have_text(re.compile(r"^(Your turn.*)?$"))
    assert_accessible(page, f"the {g['title']} table, a computer's turn")
    page.evaluate("window.releaseBots()")

    # Two people: the curtain between them.
    resume(page, record(game, people=2, until=lambda v, m: m >= 1 and v["to_act"] == 1))
    curtain = page.get_by_role("dialog", name="Pass the device to Bea")
    expect(curtain).to_be_visible()
    assert_accessible(page, f"the {g['title']} curtain")
    curtain.get_by_role("button").click()
    expect(curtain).to_be_hidden()
    assert_focus_not_lost(page, "the curtain")

    # The summary of a round, hand or game, then the end of the game.
    resume(page, record(game, options=g["options"], until=lambda v, m: any(v.get(k) for k in SUMMARY)), hold_bots=True)
    summary = page.locator("#round-dialog")
    expect(summary).to_be_visible(timeout=20_000)
    assert_accessible(page, f"the {g['title']} summary of a round")
    summary.get_by_role("button", name="Continue").click()
    expect(summary).to_be_hidden()
    assert_focus_not_lost(page, "the summary closed")
    new_deal_shown(page)
    assert_accessible(page, f"the {g['title']} table after a new deal")
    page.evaluate("window.releaseBots()")

    resume(page, record(game, options=g["options"]))
    result = page.locator("#result-dialog")
    expect(result).to_be_visible(timeout=20_000)
    assert_accessible(page, f"the {g['title']} result")


def test_canasta_partner_question_has_no_serious_or_critical_violation(page: Page):
    """ "Partner, may I go out?" as the partner sees it: the question and its two answers."""
    from e2e.test_canasta_page import ACES_HANDS, stacked_deck

    seats = [
        {"name": "Ann", "kind": "human"},
        {"name": "Computer 1", "kind": "bot", "bot": "heuristic"},
        {"name": "Cy", "kind": "human"},
        {"name": "Computer 3", "kind": "bot", "bot": "heuristic"},
    ]
    handle = api.call(
        "new_game",
        {
            "game": "canasta",
            "seed": 1,
            "seats": seats,
            "options": {"ask_partner": True},
            "deck": stacked_deck(ACES_HANDS, "KC", ["9C"]),
            "dealer": 3,
        },
    )["handle"]
    for action in ({"type": "draw"}, {"type": "ask_go_out"}):
        assert "error" not in api.call("act", {"handle": handle, "seat": 0, "action": action})
    saved = api.call("save", {"handle": handle})["record"]
    api.call("close", {"handle": handle})
    resume(page, saved)
    page.get_by_role("button", name="Pass the device to Cy — tap when ready").click()
    expect(page.get_by_role("button", name="No, do not go out")).to_be_visible()
    settled(page)
    assert_accessible(page, "the Canasta partner's question")


# ---------------------------------------------------------------- keyboard, focus, reading
def ono99_turn_with_a_card_refused() -> dict:
    """ONO 99, Ann's turn, with a card she may not play and one she may."""

    def ready(view, moves):
        if moves < 2 or view["to_act"] != 0:
            return False
        playable = {line["playable"] for line in view["look"](0)["hand"]}
        return playable == {True, False}

    return record("ono99", until=ready)


def test_keyboard_only_play_with_arrow_keys(page: Page):
    saved = ono99_turn_with_a_card_refused()
    hand = seat_view(saved, 0)["hand"]
    resume(page, saved)
    cards = page.locator("#hand button")
    expect(cards).to_have_count(len(hand), timeout=20_000)
    settled(page)
    # The hand is one tab stop: Tab from the top bar lands on a card, the next Tab leaves the hand.
    page.get_by_role("button", name="Leave game").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#hand button:focus")).to_have_count(1)
    expect(page.locator('#hand button[tabindex="0"]')).to_have_count(1)
    page.keyboard.press("Tab")
    expect(page.locator("#hand button:focus")).to_have_count(0)
    page.keyboard.press("Shift+Tab")
    # Home, End and the arrows move within the hand (and wrap).
    for key, lands_on in (
        ("Home", cards.first),
        ("End", cards.last),
        ("ArrowRight", cards.first),
        ("ArrowLeft", cards.last),
        ("ArrowDown", cards.first),
        ("ArrowUp", cards.last),
    ):
        page.keyboard.press(key)
        expect(lands_on).to_be_focused()
    expect(page.locator('#hand button[tabindex="0"]')).to_have_count(1)

    # Enter on a refused card: the reason is announced (an alert, shown, not display: none).
    refused = next(i for i, line in enumerate(hand) if not line["playable"])
    page.keyboard.press("Home")
    for _ in range(refused):
        page.keyboard.press("ArrowRight")
    expect(cards.nth(refused)).to_be_focused()
    page.keyboard.press("Enter")
    message = page.get_by_role("alert")
    expect(message).to_have_text(hand[refused]["why"])
    assert message.evaluate("m => getComputedStyle(m).display") != "none"

    # Space on a playable card plays it; the focus goes on to the draw, which Enter takes.
    played = next(i for i, line in enumerate(hand) if line["playable"])
    page.keyboard.press("Home")
    for _ in range(played):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("#log")).to_contain_text(f"Ann played {hand[played]['label']}")
    draw = page.get_by_role("button", name=re.compile(r"^Draw (a card|\d+ cards)$"))
    expect(draw).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text("Ann drew")
    assert_focus_not_lost(page, "a draw")


def test_the_focus_stays_on_its_card_while_the_computers_play(page: Page):
    # A computer's move draws the whole table again: the focus stays on the card it was on, not on the
    # hand's first card, where a lost focus would land (app/keyboard.js keepFocus).
    saved = ono99_turn_with_a_card_refused()
    hand = seat_view(saved, 0)["hand"]
    resume(page, saved, hold_bots=True)
    cards = page.locator("#hand button")
    expect(cards).to_have_count(len(hand), timeout=20_000)
    settled(page)
    cards.nth(next(i for i, line in enumerate(hand) if line["playable"])).focus()
    page.keyboard.press("Space")
    draw = page.get_by_role("button", name=re.compile(r"^Draw (a card|\d+ cards)$"))
    expect(draw).to_be_focused()
    page.keyboard.press("Enter")
    held_or_my_turn(page)
    assert page.evaluate("() => window.heldBots()") > 0, "the computers' turn is held"
    cards.last.focus()
    key = cards.last.get_attribute("data-focus-key")
    newest = page.locator("#log li").first
    drew = newest.inner_text()
    step_bots(page)
    expect(newest).not_to_have_text(drew)  # the computer has moved: the table is drawn again
    expect(page.locator(f'#hand button[data-focus-key="{key}"]')).to_be_focused()


def test_read_the_table_says_the_engines_sentence(page: Page):
    saved = ono99_turn_with_a_card_refused()
    sentence = seat_words(saved, 0)
    assert sentence.startswith("Total ") and "Your turn" in sentence
    resume(page, saved)
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    announcer = page.locator("#announcer[aria-live=polite] p").last
    page.locator("#hand button").first.focus()
    page.keyboard.press("r")
    expect(announcer).to_have_text(sentence)
    page.evaluate("document.querySelector('#announcer').replaceChildren()")
    page.get_by_role("button", name="Read the table").click()
    expect(announcer).to_have_text(sentence)
    # R is a letter in a text field: the lobby's name field gets it.
    page.get_by_role("button", name="Leave game").click()
    page.get_by_role("button", name="Leave the game").click()
    name = page.get_by_label("Seat 1 name")
    name.fill("Ann")
    name.press("r")
    expect(name).to_have_value("Annr")


def test_focus_after_start_clear_selection_and_dialogs(page: Page):
    page.goto(f"./?speed=fast&seed={SEED}")
    start = page.get_by_role("button", name="Start game")
    expect(start).to_be_enabled(timeout=START_TIMEOUT_MS)
    page.get_by_role("radio", name="Canasta").check()
    start.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#lobby")).to_be_hidden(timeout=START_TIMEOUT_MS)
    expect(page.locator("#hand button").first).to_be_visible(timeout=20_000)
    settled(page)
    assert_focus_not_lost(page, "Start")
    assert page.evaluate("() => document.getElementById('table').contains(document.activeElement)")

    # Clear selection stays where it was, unavailable until cards are selected again, and keeps the focus.
    deadline = time.monotonic() + 30
    while not my_turn(page):
        assert time.monotonic() < deadline, "Ann's turn did not come"
        page.wait_for_timeout(20)
    tap_card(page.locator("#hand button").first)
    clear = page.get_by_role("button", name="Clear selection")
    clear.focus()
    page.keyboard.press("Enter")
    expect(clear).to_have_attribute("aria-disabled", "true")
    expect(clear).to_be_focused()
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(0)

    # A dialog gives the focus back to what opened it.
    page.get_by_role("button", name="Leave game").click()
    page.get_by_role("button", name="Keep playing").click()
    expect(page.get_by_role("button", name="Leave game")).to_be_focused()

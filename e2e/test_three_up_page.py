"""3UP 3DOWN through the page only: the people tap card buttons and action buttons found by their
accessible names; what is legal, and why not, is read from the page (data-playable, aria-disabled,
the sentence in the alert), never asked of the engine.

Games are stacked: a saved game is planted where the page keeps its save (pagekit.write_save), made
in CPython from a small deck dealt exactly as the test names it (and, for a mid-round position, the
moves that lead there), so the page resumes it as it resumes any saved game. ?speed=fast shortens the
computers' pauses.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from e2e import pagekit
from e2e.pagekit import (
    NO_SIDEWAYS_SCROLL,
    SMALL_BUTTONS,
    START_TIMEOUT_MS,
    hand_labels,
    hand_places,
    moved_by_selecting,
    my_turn,
    open_on_save,
    settled,
    tap_card,
)

PERSON = {"kind": "human"}
BOT = {"kind": "bot", "bot": "heuristic"}


# ---------------------------------------------------------------- a planted game
def deck_order(up, hand, down, draw, first):
    """The top of the deck that deals these cards: three face down each from the first player, then
    six each (the face-up picks, then the hand)."""
    n = len(up)
    seats = [(first + k) % n for k in range(n)]
    dealt = [up[s].split() + hand[s].split() for s in range(n)]
    return (
        [down[s].split()[r] for r in range(3) for s in seats]
        + [dealt[s][r] for r in range(6) for s in seats]
        + draw.split()
    )


def plant(page: Page, seats, up, hand, down, draw="", first=0, moves=(), options=None):
    """Open the page on a saved game dealt from exactly these cards (the deck is these cards), with
    `moves` [(seat, action)] already played."""
    from pygames_wasm import api

    order = deck_order(up, hand, down, draw, first)
    deck: dict[str, int] = {}
    for card in order:
        deck[card] = deck.get(card, 0) + 1
    handle = api.call(
        "new_game",
        {
            "game": "three_up",
            "seed": 1,
            "seats": seats,
            "options": {"deck": deck, **(options or {})},
            "deck": order,
            "dealer": (first - 1) % len(seats),
        },
    )["handle"]
    for seat, action in moves:
        reply = api.call("act", {"handle": handle, "seat": seat, "action": action})
        assert "error" not in reply, (seat, action, reply)
    record = api.call("save", {"handle": handle})["record"]
    api.call("close", {"handle": handle})
    open_on_save(page, {"savedAt": int(time.time() * 1000), "record": record})


def picks(up, first=0):
    n = len(up)
    return [((first + k) % n, f"pick {up[(first + k) % n]}") for k in range(n)]


def named(name: str, **kind) -> dict:
    return {"name": name, **kind}


# ---------------------------------------------------------------- page helpers
def no_cards_in_dom(page: Page):
    """While the curtain is up the page holds no card at all: no hand, no face-down card, no face."""
    expect(page.locator("#hand button")).to_have_count(0)
    expect(page.locator("#tu-down button")).to_have_count(0)
    expect(page.locator("#tu-up button")).to_have_count(0)
    assert page.locator("#app [data-card]").count() == 0
    names = page.locator("#app [aria-label]").evaluate_all("es => es.map(e => e.getAttribute('aria-label'))")
    assert not [n for n in names if re.search(r"\b(Red|Blue|Green) (\d+|Clear)", n)], names


def pass_to(page: Page, name: str):
    pagekit.pass_to(page, name, no_cards_in_dom)


def playable(page: Page, where: str):
    return page.locator(f"{where} button[data-playable=true]")


def choose_three(page: Page):
    """Setup: tap three cards of the six and put them face up."""
    for _ in range(3):
        tap_card(page.locator("#hand button[aria-pressed=false]").first)
        settled(page)
    page.get_by_role("button", name=re.compile(r"^Put three cards face up: .+")).click()
    settled(page)


def take_turn(page: Page, done: dict):
    """One action of the person by taps: refill, pick, play the first playable card (a multiple if the
    tap starts one), flip, or pick up."""
    refill = page.get_by_role("button", name=re.compile(r"^Draw (a card|\d cards)$"))
    if page.locator("#turn-line").inner_text() == "Choose three cards to lie face up":
        choose_three(page)
        done["pick"] = done.get("pick", 0) + 1
        return
    if refill.count():
        refill.click()
        done["refill"] = done.get("refill", 0) + 1
    elif playable(page, "#hand").count() or playable(page, "#tu-up").count():
        card = (playable(page, "#hand") if playable(page, "#hand").count() else playable(page, "#tu-up")).first
        tap_card(card)
        settled(page)
        play = page.locator("#actions button[data-action=play]")
        if play.count():
            play.click()
            done["multiple"] = done.get("multiple", 0) + 1
        done["play"] = done.get("play", 0) + 1
    elif playable(page, "#tu-down").count():
        tap_card(playable(page, "#tu-down").first)
        done["flip"] = done.get("flip", 0) + 1
    elif page.get_by_role("button", name=re.compile(r"^Pick up the pile")).count():
        page.get_by_role("button", name=re.compile(r"^Pick up the pile")).click()
        done["pickup"] = done.get("pickup", 0) + 1
    else:
        page.get_by_role("button", name="Draw a card").click()
        done["draw"] = done.get("draw", 0) + 1
    settled(page)


# ---------------------------------------------------------------- tests
ROUND = dict(
    up=["R9 B9 G10", "R10 B10 G9", "R8 B8 G8"],
    hand=["R2 R3 RC+1", "B2 B4 BC", "G2 G3 G4"],
    down=["R4 R5 R6", "B5 B6 B7", "G5 G6 G7"],
    draw="R7 B3 G1 RC R1 B1",
)


def test_whole_round_two_people_and_a_computer(page: Page):
    seats = [named("Ann", **PERSON), named("Bea", **PERSON), named("Computer 1", **BOT)]
    plant(page, seats, **ROUND)
    title = page.locator("#curtain-title")
    expect(title).to_have_text("Pass the device to Ann", timeout=START_TIMEOUT_MS)
    # Setup behind the curtain: Ann picks; Bea sees nobody's picks until all have chosen.
    pass_to(page, "Ann")
    expect(page.locator("#turn-line")).to_have_text("Choose three cards to lie face up")
    assert len(hand_labels(page)) == 6
    expect(page.locator("#tu-down button")).to_have_count(3)
    before = hand_places(page)
    tap_card(page.get_by_role("button", name="Red 9"))
    tap_card(page.get_by_role("button", name="Blue 9"))
    tap_card(page.get_by_role("button", name="Green 10"))
    settled(page)
    assert not moved_by_selecting(before, hand_places(page))  # the choice keeps its words: nothing moves
    page.get_by_role("button", name="Put three cards face up: Red 9, Blue 9 and Green 10").click()
    pass_to(page, "Bea")
    expect(page.locator("#turn-line")).to_have_text("Choose three cards to lie face up")
    expect(page.locator('li[data-seat="0"] [aria-label^="Ann\'s face-up"]')).to_have_count(0)
    expect(page.locator('li[data-seat="0"] .player-status')).to_contain_text("has chosen")
    choose_three(page)
    # The computer picks; then everyone's face-up cards are on the table and Ann plays first.
    pass_to(page, "Ann")
    expect(page.locator('li[data-seat="1"] [aria-label^="Bea\'s face-up"]')).to_have_count(3)
    expect(page.locator("#turn-line")).to_have_text("Your turn")

    done: dict = {}
    result = page.locator("#result-dialog")
    deadline = time.monotonic() + 100
    while time.monotonic() < deadline:
        if result.is_visible():
            break
        if page.locator("#curtain").is_visible():
            pass_to(page, page.locator("#curtain-title").inner_text().removeprefix("Pass the device to "))
        elif my_turn(page):
            take_turn(page, done)
        else:
            page.wait_for_timeout(20)
    else:
        raise AssertionError(f"the round did not end in time ({done})")
    assert done.get("play", 0) >= 5 and done.get("refill", 0) >= 1, done
    expect(page.locator("#result-title")).to_have_text(re.compile(r" wins!$"))
    expect(result.get_by_role("list", name="Standings")).to_be_visible()
    result.get_by_role("button", name="Play again").click()
    expect(result).to_be_hidden()
    expect(page.locator("#curtain-title")).to_have_text(re.compile(r"^Pass the device to (Ann|Bea)$"))


def test_clear_plus_two_turn_with_both_follow_ups(page: Page):
    seats = [named("Ann", **PERSON), named("Computer 1", **BOT)]
    up = ["R9 B9 G9", "R10 B10 G10"]
    plant(
        page,
        seats,
        up=up,
        hand=["GC+2 R5 B6", "R2 R3 R4"],
        down=["R6 R7 R8", "B1 B2 B3"],
        draw="G5 G6 G7 G8 G1 G2",
        moves=picks(up),
    )
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    tap_card(page.get_by_role("button", name="Green Clear +2"))
    settled(page)
    expect(page.locator("#turn-line")).to_have_text("Play 2 more cards (one play each): any card, or draw first.")
    expect(page.get_by_role("img", name="The pile is empty")).to_be_visible()
    expect(page.locator("#tu-removed")).to_have_text("Out of the game: 1")
    page.get_by_role("button", name="Draw a card first").click()  # the optional draw before the +1 play
    settled(page)
    assert "Green 5" in hand_labels(page)
    expect(page.get_by_role("button", name="Draw a card first")).to_have_count(0)
    tap_card(page.get_by_role("button", name="Red 5"))  # two 5s: the tap starts a multiple
    settled(page)
    page.get_by_role("button", name="Play selected: Red 5").click()
    settled(page)
    expect(page.locator("#turn-line")).to_have_text("Play 1 more card: a 5 or higher, or a Clear, or draw first.")
    tap_card(page.get_by_role("button", name="Blue 6"))
    settled(page)
    expect(page.get_by_role("img", name="Pile: 2 cards, on top Blue 6")).to_be_visible()
    expect(page.locator("#turn-line")).to_have_text("Draw 2 cards to end your turn")
    page.get_by_role("button", name="Draw 2 cards").click()
    expect(page.locator("#turn-line")).not_to_have_text("Draw 2 cards to end your turn")
    assert sorted(hand_labels(page)) == ["Green 5", "Green 6", "Green 7"]


# Ann (the person) reaches her face-down cards on her third turn with a 10 on the pile: every
# face-down card she has is lower, so the flip fails.
FLIP = dict(up=["R9 B9 G9", "R3 B3 G3"], hand=["R5 B5 G5", "G10 R6 R7"], down=["R2 B2 G2", "R1 B1 G1"])
FLIP_MOVES = [*picks(FLIP["up"]), (0, "play R5 B5 G5"), (1, "play R6"), (0, "play R9 B9 G9"), (1, "play G10")]


def test_a_face_down_flip_that_fails_goes_to_the_hand_unseen_by_others(page: Page):
    plant(page, [named("Ann", **PERSON), named("Computer 1", **BOT)], **FLIP, moves=FLIP_MOVES)
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    expect(page.get_by_role("button", name=re.compile(r"^Face-down card \d$"))).to_have_count(3)
    expect(page.locator("#hand button")).to_have_count(0)
    tap_card(page.get_by_role("button", name="Face-down card 1"))
    note = page.locator("#tu-note")
    expect(note).to_have_text(
        re.compile(
            r"^Your face-down card was the (Red|Blue|Green) 2: it cannot go on a 10, "
            r"so it goes into your hand and you pick up the pile\.$"
        )
    )
    flipped = note.inner_text().split(" was the ")[1].split(":")[0]
    assert sorted(hand_labels(page)) == sorted([flipped, "Green 10"])
    log = page.locator("#log").inner_text()
    assert "flipped a face-down card that cannot go on a 10" in log and flipped not in log
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)  # a card was turned up: final


def test_an_illegal_tap_says_why_and_changes_nothing(page: Page):
    plant(page, [named("Ann", **PERSON), named("Computer 1", **BOT)], **FLIP, moves=FLIP_MOVES[:3])
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    face_up = page.get_by_role("button", name="Face-up Red 9")
    expect(face_up).to_have_attribute("data-playable", "true")
    down = page.get_by_role("button", name="Face-down card 2")
    expect(down).to_have_attribute("data-playable", "false")
    tap_card(down)
    expect(page.get_by_role("alert")).to_have_text("Play all your face-up cards before you flip a face-down one.")
    expect(page.locator("#tu-up button")).to_have_count(3)
    before = hand_places(page)
    tap_card(page.get_by_role("button", name="Face-up Red 9"))  # three 9s could go together: a selection
    settled(page)
    assert not moved_by_selecting(before, hand_places(page))  # Play selected was there, waiting
    tap_card(page.get_by_role("button", name="Face-up Blue 9"))
    settled(page)
    expect(page.locator("#actions button[data-action=play]")).to_have_accessible_name("Play selected: Red 9 and Blue 9")
    page.get_by_role("button", name="Clear selection").click()
    settled(page)
    expect(page.locator("#tu-up button[aria-pressed=true]")).to_have_count(0)


def test_a_card_lower_than_the_pile_says_why(page: Page):
    plant(
        page,
        [named("Ann", **PERSON), named("Computer 1", **BOT)],
        up=["R9 B9 G9", "R1 B1 G1"],
        hand=["R2 R8 B8", "G7 G8 B10"],
        down=["R5 R6 R7", "B5 B6 B7"],
        draw="G2 G3 G4 G5",
        first=1,
        moves=picks(["R9 B9 G9", "R1 B1 G1"], first=1),
    )
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    two = page.get_by_role("button", name="Red 2")
    expect(two).to_have_attribute("data-playable", "false")
    before = hand_labels(page)
    tap_card(two)
    expect(page.get_by_role("alert")).to_have_text("A 2 cannot go on a 7: play a 7 or higher, or a Clear.")
    assert hand_labels(page) == before
    expect(page.get_by_role("img", name="Pile: 1 card, on top Green 7")).to_be_visible()


def test_reload_mid_round_resumes_and_undo_before_the_refill(page: Page):
    up = ["R9 B9 G9", "R10 B10 G10"]
    plant(
        page,
        [named("Ann", **PERSON), named("Computer 1", **BOT)],
        up=up,
        hand=["R2 R8 B8", "G7 R3 R4"],
        down=["R5 R6 R7", "B5 B6 B7"],
        draw="G2 G3 G4 G5",
        moves=picks(up),
    )
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    tap_card(page.get_by_role("button", name="Red 2"))
    settled(page)
    expect(page.locator("#turn-line")).to_have_text("Draw a card to end your turn")
    before = (
        hand_labels(page),
        page.locator("#discard-pile").inner_text(),
        page.locator("#tu-draw-count").inner_text(),
    )

    page.reload()
    expect(page.locator("#turn-line")).to_have_text("Draw a card to end your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    assert (
        hand_labels(page),
        page.locator("#discard-pile").inner_text(),
        page.locator("#tu-draw-count").inner_text(),
    ) == before
    page.get_by_role("button", name="Undo").click()  # nothing new was seen: the play comes back
    settled(page)
    expect(page.locator("#turn-line")).to_have_text("Your turn")
    assert sorted(hand_labels(page)) == ["Blue 8", "Red 2", "Red 8"]
    tap_card(page.get_by_role("button", name="Red 8"))
    settled(page)
    page.get_by_role("button", name="Play selected: Red 8").click()
    settled(page)
    page.get_by_role("button", name="Draw a card").click()
    settled(page)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)  # the drawn card is final


def test_phone_and_tablet_layouts(page: Page):
    up = ["R9 B9 G9", "R10 B10 G10", "R8 B8 G8", "R7 B7 G7"]
    seats = [named("Ann", **PERSON)] + [named(f"Computer {i}", **BOT) for i in (1, 2, 3)]
    plant(
        page,
        seats,
        up=up,
        hand=["R2 R3 RC+1", "B2 B3 B4", "G2 G3 G4", "R4 R5 R6"],
        down=["R1 B1 G1", "B5 B6 G5", "G6 R10 B10", "G10 RC BC"],
        draw="GC+2 G1",
        moves=picks(up),
    )
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    for width, height in ((390, 844), (844, 390), (768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), f"the table scrolls sideways at {width}x{height}"
        small = page.evaluate(SMALL_BUTTONS)
        assert not small, f"targets under 44px at {width}x{height}: {small}"
        hand = page.get_by_role("button", name="Red 2")
        if height < width and height < 500:
            hand.scroll_into_view_if_needed()  # a phone on its side scrolls down to the hand
        expect(hand).to_be_in_viewport()
        page.screenshot(path=f"test-results/three-up-{width}x{height}.png", full_page=True)


# The hand cards that lie under one of your face-down cards.
HAND_UNDER_DOWNS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const downs = [...document.querySelectorAll('#tu-down .card')].map(box);
  return [...document.querySelectorAll('#hand .card')].filter((c) => downs.some((d) => over(box(c), d)))
    .map((c) => c.getAttribute('aria-label'));
}"""


def test_a_new_card_size_while_playing_fits_the_table_again(page: Page):
    # Large cards take more room beside the hand (the face-down ones): the hand is laid out again
    # for what is left, not left under them.
    page.set_viewport_size({"width": 1024, "height": 768})
    up = ["R9 B9 G9", "R10 B10 G10", "R8 B8 G8"]
    seats = [named("Ann", **PERSON)] + [named(f"Computer {i}", **BOT) for i in (1, 2)]
    plant(page, seats, up=up, hand=["R2 R3 RC+1", "B2 B3 B4", "G2 G3 G4"], down=["R1 B1 G1", "B5 B6 G5", "G6 R7 B7"])
    expect(page.get_by_role("button", name="Put three cards face up")).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_role("group", name="Card size").get_by_role("radio", name="Large").check()
    settings.get_by_role("button", name="Done").click()
    settled(page)
    assert page.evaluate("() => document.documentElement.dataset.cardSize") == "large"
    assert not page.evaluate(HAND_UNDER_DOWNS)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)


def test_embedded_table_starts_at_the_picks(page: Page):
    page.goto("./embed.html?game=three_up&players=3&speed=fast&seed=4")
    expect(page.locator("#turn-line")).to_have_text("Choose three cards to lie face up", timeout=START_TIMEOUT_MS)
    choose_three(page)
    expect(page.locator("#turn-line")).not_to_have_text("Choose three cards to lie face up")
    expect(page.locator("li.tu-player")).to_have_count(3)


TRADING = "Your turn to trade: a hand card for another player's face-up card, as often as you like"


@pytest.mark.parametrize(
    "limit, prompts",
    [
        (None, [TRADING, TRADING]),  # no limit (the default): trading ends with "Done trading"
        (
            2,
            [
                "Your turn to trade (2 left): a hand card for another player's face-up card",
                "Your turn to trade (1 left): a hand card for another player's face-up card",
            ],
        ),
    ],
)
def test_trading_in_setup_by_taps(page: Page, limit, prompts):
    up = ["R9 B9 G9", "R10 B10 G10"]
    options = {"trading": True} | ({"trade_limit": limit} if limit else {})
    plant(
        page,
        [named("Ann", **PERSON), named("Computer 1", **BOT)],
        up=up,
        hand=["R2 R3 R4", "B2 B3 B4"],
        down=["R5 R6 R7", "B5 B6 B7"],
        draw="G2 G3 G4",
        moves=picks(up),
        options=options,
    )
    expect(page.locator("#turn-line")).to_have_text(prompts[0], timeout=START_TIMEOUT_MS)
    settled(page)
    trade = page.locator("#actions button[data-action=trade]")
    expect(trade).to_have_count(0)
    tap_card(page.get_by_role("button", name="Red 2"))
    page.get_by_role("button", name="Take Computer 1's face-up Blue 10").click()
    settled(page)
    page.get_by_role("button", name="Trade your Red 2 for Computer 1's Blue 10").click()
    settled(page)
    expect(page.get_by_role("button", name="Take Computer 1's face-up Red 2")).to_be_visible()
    assert "Blue 10" in hand_labels(page)
    expect(page.locator("#log")).to_contain_text("Ann traded the Red 2 for Computer 1’s face-up Blue 10.")
    expect(page.locator("#turn-line")).to_have_text(prompts[1])
    page.get_by_role("button", name="Done trading").click()
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=20_000)  # the computer traded; Ann plays


def test_four_of_a_colour_swap(page: Page):
    up = ["B8 G8 B9", "B10 G10 G9"]
    options = {"four_colour": True, "scoring": True, "rounds": 2}
    moves = [
        *picks(up, first=1),
        (1, "play R2"),
        (1, "refill"),
        (0, "play R3"),
        (0, "refill"),
        (1, "play R4"),
        (1, "refill"),
    ]
    plant(
        page,
        [named("Ann", **PERSON), named("Computer 1", **BOT)],
        up=up,
        hand=["R3 R5 B2", "R2 R4 B7"],
        down=["G1 G2 G3", "B1 B3 B4"],
        draw="G4 G5 G6 G7",
        first=1,
        moves=moves,
        options=options,
    )
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    settled(page)
    tap_card(page.get_by_role("button", name="Red 5"))  # the fourth red in a row (Green 5 could join it)
    settled(page)
    page.get_by_role("button", name="Play selected: Red 5").click()
    settled(page)
    expect(page.locator("#turn-line")).to_have_text(
        "Four of a colour! Swap a hand card for one of your face-up cards, or keep them"
    )
    tap_card(page.get_by_role("button", name="Blue 2"))
    tap_card(page.get_by_role("button", name="Face-up Blue 9"))
    settled(page)
    page.get_by_role("button", name="Swap your Blue 2 for your face-up Blue 9").click()
    settled(page)
    expect(page.get_by_role("button", name="Face-up Blue 2")).to_be_visible()
    assert "Blue 9" in hand_labels(page)
    expect(page.locator("#turn-line")).to_have_text("Draw a card to end your turn")


def test_a_scored_round_ends_with_its_score_sheet(page: Page):
    # Ann's last face-down card makes three 10s on the pile: she goes out, the computer holds 2 and 3.
    last = dict(up=["R9 B9 G9", "B1 B2 B3"], hand=["R5 B5 G5", "R1 R2 R3"], down=["R10 B10 G10", "G1 G2 G3"])
    moves = [
        *picks(last["up"]),
        (0, "play R5 B5 G5"),
        (1, "play R1"),
        (0, "play R9 B9 G9"),
        (1, "play R2"),
        (0, "flip 0"),
        (1, "pickup"),
        (0, "flip 0"),
        (1, "play R10"),
    ]
    plant(
        page,
        [named("Ann", **PERSON), named("Computer 1", **BOT)],
        **last,
        moves=moves,
        options={"scoring": True, "rounds": 2},
    )
    expect(page.locator("#turn-line")).to_have_text("Your turn", timeout=START_TIMEOUT_MS)
    expect(page.locator("#tu-round")).to_have_text("Round 1 of 2")
    settled(page)
    tap_card(page.get_by_role("button", name="Face-down card 1"))
    sheet = page.get_by_role("dialog", name="Round 1 score sheet")
    expect(sheet).to_be_visible(timeout=20_000)
    expect(sheet).to_contain_text("Round 1: Ann went out first. Points: Ann 0, Computer 1 5.")
    expect(sheet.get_by_role("row", name=re.compile(r"^Total"))).to_have_text(re.compile(r"Total\s*0\s*5"))
    sheet.get_by_role("button", name="Continue").click()
    expect(page.locator("#tu-round")).to_have_text("Round 2 of 2")
    expect(page.locator("#turn-line")).to_have_text(re.compile(r"^(Choose three cards to lie face up|Waiting for)"))

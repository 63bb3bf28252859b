"""ONO 99 through the page only: buttons found by their accessible names, as a player would.

Playability is read from the DOM (data-playable on the card buttons), never asked
of the engine. Games are seeded (?seed=N) so a failure can be replayed; the
computer seats move without the readable pause (?speed=fast).
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from e2e.pagekit import (
    NO_SIDEWAYS_SCROLL,
    SMALL_BUTTONS,
    START_TIMEOUT_MS,
    engine_ready,
    hand_labels,
    my_turn,
    settled,
    write_save,
)

HAND_MARKERS = ("hand-card", "data-playable")


# ---------------------------------------------------------------- helpers
def open_lobby(page: Page, seed: int | None = None):
    page.goto(f"./?speed=fast{'' if seed is None else f'&seed={seed}'}")
    # The lobby is there at once, before Pyodide is ready.
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible(timeout=5_000)
    engine_ready(page)


def set_seats(page: Page, seats: list[tuple[str, str]]):
    """seats: (name, "Person" | "Normal computer" | "Easy computer")."""
    page.get_by_label("Number of players").select_option(str(len(seats)))
    for i, (name, kind) in enumerate(seats, start=1):
        page.get_by_label(f"Seat {i} player").select_option(label=kind)
        page.get_by_label(f"Seat {i} name").fill(name)


def start(page: Page, seats, seed: int | None = None):
    open_lobby(page, seed)
    set_seats(page, seats)
    page.get_by_role("button", name="Start game").click()


def curtain_button(page: Page):
    return page.get_by_role("button", name=re.compile(r"^Pass the device to .+ — tap when ready$"))


def hand_buttons(page: Page):
    return page.locator("#hand button")


def total(page: Page) -> str:
    return page.locator("#total").inner_text()


def assert_no_hand_in_dom(page: Page):
    html = page.content()
    for marker in HAND_MARKERS:
        assert marker not in html, f"{marker!r} is in the DOM while the curtain is up"


def take_turn(scope, press: str = "click") -> str:
    """Do one thing the viewer can do now, by a click or a tap; return what was done.
    `scope` is the page, or a frame locator for an embedded table."""

    def push(locator):
        getattr(locator, press)()

    draw = scope.get_by_role("button", name=re.compile(r"^Draw (a card|\d+ cards)$"))
    if draw.count():
        push(draw)
        return "draw"
    playable = scope.locator('#hand button[data-playable="true"]')
    if playable.count():
        label = playable.first.get_attribute("aria-label")
        push(scope.get_by_role("button", name=label, exact=True).and_(playable).first)
        return f"play {label}"
    for name in ("Discard four ONO 99 cards", "Lay down your hand"):
        b = scope.get_by_role("button", name=name)
        if b.count():
            push(b)
            return name
    bust = scope.get_by_role("button", name=re.compile(r"^Play .+ and go out of the round$"))
    if bust.count():
        push(bust.first)
        return "bust"
    raise AssertionError("my turn, but nothing to tap:\n" + scope.locator("#table").inner_text())


# ---------------------------------------------------------------- tests
def test_whole_game_two_people_and_a_computer(page: Page):
    start(page, [("Ann", "Person"), ("Bob", "Person"), ("Robo", "Normal computer")], seed=7)
    result = page.get_by_role("dialog", name=re.compile(r"wins?!|Game over"))
    curtains = plays = 0
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        if result.count() and result.is_visible():
            break
        if curtain_button(page).is_visible():
            assert_no_hand_in_dom(page)
            curtains += 1
            curtain_button(page).click()
            continue
        if my_turn(page):
            done = take_turn(page)
            plays += done != "draw"
            settled(page)
            continue
        page.wait_for_timeout(20)
    else:
        raise AssertionError("the game did not end in time")

    expect(result).to_be_visible()
    assert curtains >= 2 and plays >= 2, (curtains, plays)
    # What the others did was announced in the polite live region.
    expect(page.locator("#announcer[aria-live=polite]")).to_contain_text(re.compile(r"(Robo|Ann|Bob) played"))
    expect(page.get_by_role("list", name="Standings")).to_contain_text("Ann")
    expect(result.get_by_role("button", name="Play again")).to_be_visible()
    result.get_by_role("button", name="New game").click()
    expect(page.get_by_role("button", name="Start game")).to_be_visible()


def test_reload_resumes_the_same_table(page: Page):
    start(page, [("Ann", "Person"), ("Bob", "Person"), ("Robo", "Easy computer")], seed=11)
    # Play until someone has played a card and not yet drawn (the table then waits).
    draw = page.get_by_role("button", name="Draw a card")
    for _ in range(200):
        if curtain_button(page).is_visible():
            curtain_button(page).click()
        if my_turn(page) and draw.count() == 0:
            before_play = (total(page), sorted(hand_labels(page)))
            done = take_turn(page)
            settled(page)
            if done.startswith("play") and draw.count():
                break
        page.wait_for_timeout(20)
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
    who = page.locator("#hand-title").inner_text()
    before = (total(page), hand_labels(page))

    page.reload()
    expect(draw).to_be_visible(timeout=START_TIMEOUT_MS)
    assert page.locator("#hand-title").inner_text() == who
    assert (total(page), hand_labels(page)) == before

    # Undo still works after the reload: the card comes back, the total goes back.
    page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(draw).to_have_count(0)
    assert (total(page), sorted(hand_labels(page))) == before_play
    assert take_turn(page).startswith("play")
    settled(page)

    # Draw: the device passes to the other person sooner or later; a reload keeps the curtain up.
    draw.click()
    expect(curtain_button(page)).to_be_visible(timeout=20_000)
    name = curtain_button(page).get_attribute("aria-label")
    page.reload()
    expect(curtain_button(page)).to_be_visible(timeout=START_TIMEOUT_MS)
    assert curtain_button(page).get_attribute("aria-label") == name
    assert_no_hand_in_dom(page)
    curtain_button(page).click()
    expect(hand_buttons(page).first).to_be_visible()


def test_unplayable_card_says_why(page: Page):
    from pygames_wasm import api  # the same engine, in CPython, to know the exact sentence

    seed = 5
    seats = [("Ann", "Person"), ("Robo", "Normal computer")]
    start(page, seats, seed=seed)
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    played = take_turn(page)
    assert played.startswith("play ")
    settled(page)
    expect(page.get_by_role("button", name="Draw a card")).to_be_visible()

    unplayable = page.locator('#hand button[data-playable="false"]')
    assert unplayable.count() > 0
    label = unplayable.first.get_attribute("aria-label")
    before = (total(page), hand_labels(page))
    unplayable.first.click()

    # Replay the same seeded game in CPython to learn the engine's reason.
    g = api.call(
        "new_game",
        {
            "game": "ono99",
            "seed": seed,
            "seats": [{"name": "Ann", "kind": "human"}, {"name": "Robo", "kind": "bot", "bot": "heuristic"}],
        },
    )
    handle = g["handle"]
    for _ in range(50):
        v = api.call("view", {"handle": handle, "seat": 0})["view"]
        if v["to_act"] == 0:
            break
        api.call("bot_act", {"handle": handle, "seat": v["to_act"]})
    card = next(c["card"] for c in v["hand"] if c["label"] == played[5:] and c["playable"])
    api.call("act", {"handle": handle, "seat": 0, "action": {"type": "play", "card": card}})
    v = api.call("view", {"handle": handle, "seat": 0})["view"]
    why = next(c["why"] for c in v["hand"] if c["label"] == label and not c["playable"])

    alert = page.get_by_role("alert")
    expect(alert).to_have_text(why)
    assert (total(page), hand_labels(page)) == before  # nothing was played


def test_corrupted_save_offers_a_new_game(page: Page, errors):
    start(page, [("Ann", "Person"), ("Robo", "Easy computer")], seed=3)
    expect(hand_buttons(page).first).to_be_visible(timeout=20_000)
    slot = "pygames:main:save:ono99"  # the game in progress, damaged
    write_save(page, {"record": {"format": 1, "game": "ono99", "seats": "garbage", "actions": 42}}, slot)
    expect(page.get_by_role("alert").filter(has_text="This saved game could not be read")).to_be_visible(
        timeout=START_TIMEOUT_MS
    )
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("dialog", name="Replace your saved ONO 99 game?").get_by_role("button", name="Replace it").click()
    expect(hand_buttons(page).first).to_be_visible(timeout=20_000)

    # A save that is not even an object is refused the same way, in its game's slot or in the one
    # slot of before.
    for key in (slot, "pygames:main:current"):
        write_save(page, "}{ not json", key)
        expect(page.get_by_role("alert").filter(has_text="This saved game could not be read")).to_be_visible(
            timeout=START_TIMEOUT_MS
        )


def test_1980_rounds_summary_result_and_play_again(page: Page):
    open_lobby(page, seed=2)
    page.get_by_role("radio", name="1980 rules (O'NO 99)").check()
    page.get_by_text("More options").click()
    page.get_by_label("Scoring").select_option(label="Tokens: lose a round, lose a token")
    page.get_by_label("Tokens each").fill("0")
    page.get_by_label("Tokens each").press("Tab")
    set_seats(page, [("Ann", "Person"), ("Robo", "Normal computer"), ("Rita", "Easy computer")])
    page.get_by_role("button", name="Start game").click()

    round_dialog = page.get_by_role("dialog", name=re.compile(r"^End of round \d+$"))
    result = page.get_by_role("dialog", name=re.compile(r"wins?!|Game over"))
    rounds = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if result.is_visible():
            break
        if round_dialog.is_visible():
            rounds += 1
            expect(round_dialog.get_by_role("img", name=re.compile("."))).not_to_have_count(0)
            round_dialog.get_by_role("button", name="Continue").click()
            continue
        if my_turn(page):
            take_turn(page)
            settled(page)
            continue
        page.wait_for_timeout(20)
    else:
        raise AssertionError("the 1980 game did not end in time")
    assert rounds >= 1
    expect(result.get_by_role("list", name="Standings")).to_be_visible()

    result.get_by_role("button", name="Play again").click()
    expect(result).to_be_hidden()
    expect(hand_buttons(page).first).to_be_visible()
    expect(page.get_by_role("list", name="Players")).to_contain_text("Rita")


def test_rules_and_leaving_the_table_and_coming_back(page: Page):
    open_lobby(page)
    page.get_by_role("button", name="Rules").click()
    rules = page.get_by_role("dialog", name=re.compile("^How to play"))
    expect(rules).to_contain_text("99")
    rules.get_by_role("button", name="Close").click()
    set_seats(page, [("Ann", "Person"), ("Robo", "Normal computer")])
    page.get_by_role("button", name="Start game").click()
    expect(hand_buttons(page).first).to_be_visible()

    page.get_by_role("button", name="Leave game").click()
    page.get_by_role("button", name="Keep playing").click()
    expect(hand_buttons(page).first).to_be_visible()
    page.get_by_role("button", name="Leave game").click()
    page.get_by_role("button", name="Leave the game").click()
    expect(hand_buttons(page)).to_have_count(0)
    page.get_by_role("button", name="Back to the game: ONO 99").click()
    expect(hand_buttons(page).first).to_be_visible()
    page.get_by_role("button", name="Rules").click()
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("This game's options")
    expect(rules).to_contain_text("Reaching 99 busts: yes")
    expect(rules).to_contain_text("Undo: you can take back the card you just played until you draw")


def test_phone_layout_fits_and_targets_are_big(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_lobby(page)
    page.get_by_role("radio", name="1980 rules (O'NO 99)").check()
    page.get_by_text("More options").click()
    assert page.evaluate(NO_SIDEWAYS_SCROLL), "the lobby scrolls sideways on a phone"
    set_seats(page, [("Ann", "Person")] + [(f"Computer {i}", "Easy computer") for i in range(1, 8)])
    page.get_by_role("button", name="Start game").click()
    expect(hand_buttons(page).first).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL), "the table scrolls sideways on a phone"
    small = page.evaluate(SMALL_BUTTONS)
    assert not small, f"targets under 44px: {small}"


BOX_NOTE = "The 2022 box says 2 to 6 players; more can play with this deck."


def test_eight_players_with_the_2022_rules_fit_a_phone(page: Page):
    """A3: up to 8 in either version; past the 2022 box's 6 the lobby says so (and not for 1980's 8)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_lobby(page)
    expect(page.get_by_role("radio", name="2022 rules (Mattel)")).to_be_checked()
    note = page.locator("#seat-count-note")
    page.get_by_label("Number of players").select_option("6")
    expect(note).to_be_hidden()
    page.get_by_role("radio", name="1980 rules (O'NO 99)").check()
    page.get_by_label("Number of players").select_option("8")
    expect(note).to_be_hidden()
    page.get_by_role("radio", name="2022 rules (Mattel)").check()
    expect(page.get_by_label("Number of players")).to_have_value("8")
    expect(note).to_have_text(BOX_NOTE)
    expect(page.get_by_label("Number of players")).to_have_accessible_description(BOX_NOTE)
    note.scroll_into_view_if_needed()
    page.screenshot(path="test-results/ono99-2022-eight-lobby-390x844.png")
    set_seats(page, [("Ann", "Person")] + [(f"Computer {i}", "Normal computer") for i in range(1, 8)])
    page.get_by_role("button", name="Start game").click()
    expect(hand_buttons(page).first).to_be_visible(timeout=START_TIMEOUT_MS)
    expect(page.locator("#players li.player")).to_have_count(8)
    settled(page)
    assert page.evaluate(NO_SIDEWAYS_SCROLL), "the table scrolls sideways on a phone"
    small = page.evaluate(SMALL_BUTTONS)
    assert not small, f"targets under 44px: {small}"
    page.screenshot(path="test-results/ono99-2022-eight-390x844.png", full_page=True)


def test_between_turns_no_hand_is_on_the_table(page: Page):
    """Two people and two computers, at the readable pace: once Ann has played and drawn, her hand
    leaves the table while the computers play (the device may be on its way to Bob), and Bob's hand
    appears only after the curtain."""
    page.goto("./?seed=7")
    engine_ready(page)
    set_seats(page, [("Ann", "Person"), ("Robo", "Normal computer"), ("Bob", "Person"), ("Rita", "Normal computer")])
    page.get_by_role("button", name="Start game").click()
    checked = 0
    deadline = time.monotonic() + 60
    while checked < 2 and time.monotonic() < deadline:
        if curtain_button(page).is_visible():
            assert_no_hand_in_dom(page)
            curtain_button(page).click()
            continue
        if my_turn(page):
            while my_turn(page):  # play, then draw: the turn is over
                take_turn(page)
                settled(page)
            expect(page.locator("#turn-line")).to_contain_text("is thinking")  # a computer plays now
            # Checked at once (not waited for): the computer's pause is the moment the device passes.
            assert page.locator("#hand button").count() == 0 and page.locator("#hand-area").is_hidden()
            assert_no_hand_in_dom(page)
            checked += 1
            continue
        page.wait_for_timeout(20)
    assert checked == 2, "Ann and Bob each took a turn"

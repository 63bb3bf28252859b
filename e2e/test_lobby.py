"""The lobby as a new player meets it: a saved game per game, listed and resumed; nothing replaced
without a yes; two players of one name refused; Back that closes a dialog and asks before leaving a
game; rules that open at their title; settings kept on the device; and a first visit where the lobby
is filled in and Start pressed before the engine has loaded."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, expect

from e2e.pagekit import START_TIMEOUT_MS, engine_ready, hand_labels, settled, write_save
from e2e.test_embed import SAVE_KEYS
from e2e.test_ono99_page import set_seats, take_turn
from pygames_wasm import api

SAVES = "#saves li"


def lobby(page: Page, query: str = "?speed=fast&seed=5"):
    page.goto(f"./{query}")
    engine_ready(page)
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()


def start_ono99(page: Page):
    set_seats(page, [("Ann", "Person"), ("Robo", "Normal computer")])
    page.get_by_role("button", name="Start game").click()
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=20_000)
    settled(page)


def start_canasta(page: Page):
    page.get_by_role("radio", name="Canasta").check()
    page.get_by_label("Seat 1 player").select_option(label="Person")
    page.get_by_label("Seat 1 name").fill("Ann")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator('#table[data-game="canasta"]')).to_be_visible(timeout=20_000)


def one_move(page: Page):
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    take_turn(page)
    settled(page)


def leave(page: Page):
    page.get_by_role("button", name="Leave game").click()
    page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Leave the game").click()
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()


def saved_lines(page: Page) -> list[str]:
    return page.locator("#saves .save-text").all_inner_texts()


def test_two_saved_games_of_different_games_are_listed_and_resumable(page: Page):
    lobby(page)
    start_ono99(page)
    one_move(page)
    leave(page)
    start_canasta(page)
    leave(page)
    expect(page.locator(SAVES)).to_have_count(2)
    lines = saved_lines(page)
    assert any(re.fullmatch(r"Canasta · hand 1 · 0 to 0 · just now", line) for line in lines), lines
    assert any(re.fullmatch(r"ONO 99 · 2 players still in · just now", line) for line in lines), lines

    # Both are kept on the device: after a reload (on the lobby, so nothing resumes on its own)
    # either can be resumed.
    page.reload()
    engine_ready(page)
    expect(page.locator(SAVES)).to_have_count(2)
    page.get_by_role("button", name="Resume ONO 99").click()
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=20_000)
    ono_hand = hand_labels(page)
    leave(page)
    page.get_by_role("button", name="Resume Canasta").click()
    expect(page.locator('#table[data-game="canasta"]')).to_be_visible(timeout=20_000)
    leave(page)
    page.get_by_role("button", name="Resume ONO 99").click()
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=20_000)
    assert hand_labels(page) == ono_hand  # the same game, where it was


def test_replacing_a_saved_game_asks_first_and_a_save_can_be_deleted(page: Page):
    lobby(page)
    start_ono99(page)
    one_move(page)
    leave(page)
    before = saved_lines(page)

    page.get_by_role("button", name="Start game").click()
    question = page.get_by_role("dialog", name="Replace your saved ONO 99 game?")
    expect(question).to_be_visible()
    question.get_by_role("button", name="Keep it").click()
    expect(question).to_be_hidden()
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()
    assert saved_lines(page) == before  # kept as it was

    page.get_by_role("button", name="Start game").click()
    question.get_by_role("button", name="Replace it").click()
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=20_000)
    leave(page)
    expect(page.locator(SAVES)).to_have_count(1)  # one save per game: the new one

    page.get_by_role("button", name="Delete the saved ONO 99 game").click()
    delete = page.get_by_role("dialog", name="Delete your saved ONO 99 game?")
    delete.get_by_role("button", name="Keep it").click()
    expect(page.locator(SAVES)).to_have_count(1)
    page.get_by_role("button", name="Delete the saved ONO 99 game").click()
    delete.get_by_role("button", name="Delete it").click()
    expect(page.locator("#saves-box")).to_be_hidden()
    page.get_by_role("button", name="Start game").click()  # nothing to replace now: no question
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=20_000)


def test_two_players_of_one_name_are_refused_beside_the_field(page: Page):
    lobby(page)
    set_seats(page, [("Ann", "Person"), ("Bob", "Person")])
    name = page.get_by_label("Seat 2 name")
    name.fill("  ann ")
    problem = page.locator("#seat-1-problem")
    expect(problem).to_have_text("Player 1 is already called ann: choose another name.")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description("Player 1 is already called ann: choose another name.")
    expect(page.get_by_role("button", name="Start game")).to_be_disabled()
    name.fill("Bea")
    expect(problem).to_be_hidden()
    expect(page.get_by_role("button", name="Start game")).to_be_enabled()
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("dialog", name=re.compile(r"^Pass the device to (Ann|Bea)$"))).to_be_visible(timeout=20_000)


def test_back_closes_a_dialog_and_asks_before_leaving_a_game(page: Page):
    lobby(page)
    url = page.url
    page.get_by_role("button", name="Rules").click()
    rules = page.get_by_role("dialog", name=re.compile("^How to play"))
    expect(rules).to_be_visible()
    page.go_back()
    expect(rules).to_be_hidden()
    assert page.url == url
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()

    start_ono99(page)
    page.go_back()
    question = page.get_by_role("dialog", name="Leave this game?")
    expect(question).to_be_visible()
    question.get_by_role("button", name="Keep playing").click()
    expect(page.locator("#hand button").first).to_be_visible()
    page.go_back()  # Back again asks again: the game is still guarded
    expect(question).to_be_visible()
    page.go_back()  # Back with the question open closes it, and stays in the game
    expect(question).to_be_hidden()
    expect(page.locator("#hand button").first).to_be_visible()
    assert page.url == url
    page.go_back()
    question.get_by_role("button", name="Leave the game").click()
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()
    assert page.url == url
    # In the lobby Back leaves the page as usual: nothing holds it there.
    page.wait_for_function("() => !(history.state && history.state.pygamesGuard)")
    page.go_back()
    assert page.url == "about:blank"


def test_back_twice_quickly_asks_once_more_and_the_answer_counts(page: Page):
    """Back twice in quick succession at the table: the first closes "Leave this game?", the second
    asks it again before the browser has told the page that the first one closed. That late close
    must not answer the new question (it did: "Leave the game" then did nothing)."""
    lobby(page)
    start_ono99(page)
    page.go_back()
    question = page.get_by_role("dialog", name="Leave this game?")
    expect(question).to_be_visible()
    # What two quick Backs do, in one task: close the question, then ask it again.
    page.evaluate("""() => {
        document.querySelector("dialog[open]").close();
        document.getElementById("leave-button").click();
    }""")
    expect(question).to_be_visible()
    question.get_by_role("button", name="Leave the game").click()
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()


def test_rules_open_at_their_title_with_headings(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    lobby(page)
    page.get_by_role("radio", name="Canasta").check()  # the longest rules
    page.get_by_role("button", name="Rules").click()
    rules = page.get_by_role("dialog", name="How to play Canasta")
    expect(rules).to_be_visible()
    dialog = page.locator("#rules-dialog")
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight"), "the rules should need scrolling here"
    assert dialog.evaluate("d => d.scrollTop") == 0
    expect(page.locator("#rules-title")).to_be_focused()
    expect(page.locator("#rules-title")).to_be_in_viewport()
    expect(rules.get_by_role("heading", name="Taking the discard pile")).to_be_visible()
    # Read to the end and closed, the rules open at the top again.
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")
    rules.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Rules").click()
    assert dialog.evaluate("d => d.scrollTop") == 0


def test_settings_are_kept_on_the_device(page: Page):
    lobby(page)
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    expect(settings.get_by_role("radio", name="Normal").first).to_be_checked()
    settings.get_by_role("group", name="Card size").get_by_role("radio", name="Large").check()
    settings.get_by_role("group", name="Animation speed").get_by_role("radio", name="Slow").check()
    settings.get_by_role("checkbox", name="Four-colour deck").check()
    settings.get_by_role("group", name="How long the Hard computer thinks").get_by_role(
        "radio", name="Almost a second (plays best)"
    ).check()
    settings.get_by_role("button", name="Done").click()
    stored = json.loads(page.evaluate("() => localStorage.getItem('pygames:settings')"))
    assert stored == {"cardSize": "large", "motion": "slow", "fourColour": True, "thinkMs": 800}

    page.reload()
    engine_ready(page)
    start_ono99(page)  # the gear is at the table too
    page.get_by_role("button", name="Settings").click()
    expect(settings.get_by_role("group", name="Card size").get_by_role("radio", name="Large")).to_be_checked()
    expect(settings.get_by_role("group", name="Animation speed").get_by_role("radio", name="Slow")).to_be_checked()
    expect(settings.get_by_role("checkbox", name="Four-colour deck")).to_be_checked()
    expect(
        settings.get_by_role("group", name="How long the Hard computer thinks").get_by_role(
            "radio", name="Almost a second (plays best)"
        )
    ).to_be_checked()


def test_a_first_visit_can_fill_in_the_lobby_and_start_before_the_engine_is_ready(cold_page: Page):
    # A first visit (no start-up snapshot: a start from one does not wait for the wheel).
    page = cold_page
    held = []
    page.context.route("**/wheels/*.whl", lambda route: held.append(route))  # the engine waits for it
    page.goto("./?speed=fast&seed=5&sw=off")
    # The games, options and seats come with the page.
    expect(page.get_by_role("radio", name="Canasta")).to_be_visible(timeout=10_000)
    page.wait_for_function("() => document.querySelectorAll('#games input').length === 4")
    page.get_by_role("radio", name="1980 rules (O'NO 99)").check()
    set_seats(page, [("Ann", "Person"), ("Robo", "Easy computer"), ("Rita", "Normal computer")])
    expect(page.get_by_text("Easy: Plays sensibly, but slips now and then.")).to_be_visible()
    start = page.get_by_role("button", name="Start game")
    start.click()
    waiting = page.get_by_role("button", name="Starting as soon as the cards are ready…")
    expect(waiting).to_be_disabled()
    expect(waiting).to_be_focused()  # the focus stays where the player pressed
    waiting.click(force=True)  # a second press while waiting starts nothing more
    expect(page.locator("#loading.done")).to_have_count(0)
    assert held, "the wheel was requested and is held back"
    for route in held:
        route.continue_()
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=START_TIMEOUT_MS)
    expect(page.get_by_role("list", name="Players")).to_contain_text("Rita")
    expect(page.locator("dialog[open]")).to_have_count(0)  # one game started, nothing to replace
    page.get_by_role("button", name="Rules").click()
    expect(page.get_by_role("dialog", name="How to play ONO 99")).to_contain_text("Draw-speed penalty: no")


def test_a_game_saved_in_the_one_slot_of_before_moves_to_its_games_slot_and_resumes(page: Page):
    """Earlier versions kept one game under `pygames:main:current`: it is moved to its game's slot
    (with its page state) and resumed, as the page resumed it before."""
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Robo", "kind": "bot", "bot": "heuristic"}]
    g = api.call("new_game", {"game": "ono99", "seats": seats, "seed": 11})
    record = api.call("save", {"handle": g["handle"]})["record"]
    api.call("close", {"handle": g["handle"]})
    lobby(page)
    write_save(page, {"savedAt": int(time.time() * 1000), "record": record})
    expect(page.locator('#table[data-game="ono99"] #hand button').first).to_be_visible(timeout=START_TIMEOUT_MS)
    assert page.evaluate(SAVE_KEYS) == ["pygames:main:save:ono99"]
    leave(page)
    expect(page.locator(SAVES)).to_have_count(1)
    expect(page.get_by_role("button", name="Back to the game: ONO 99")).to_be_visible()

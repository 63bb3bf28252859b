"""The Hard computer player in the page: chosen by its level's name, it plays, and it suggests a
person's move ("Suggest a move") by marking the cards, with the engine's one-line reason."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.pagekit import engine_ready, settled


def start(page: Page, game: str, seats: list[tuple[str, str]]):
    page.goto("./?speed=fast&seed=4")
    engine_ready(page)
    page.get_by_role("radio", name=game).check()
    if page.get_by_label("Number of players").count():
        page.get_by_label("Number of players").select_option(str(len(seats)))
    for i, (name, kind) in enumerate(seats, start=1):
        page.get_by_label(f"Seat {i} player").select_option(label=kind)
        page.get_by_label(f"Seat {i} name").fill(name)
    page.get_by_role("button", name="Start game").click()


def test_the_lobby_names_the_levels_for_people(page: Page):
    page.goto("./?speed=fast")
    engine_ready(page)
    options = page.get_by_label("Seat 2 player").locator("option").all_inner_texts()
    assert options == ["Person", "Player on another device", "Easy computer", "Normal computer", "Hard computer"]
    assert not re.search(r"heuristic|random", page.locator("#lobby").inner_text(), re.I)


def test_a_hard_computer_plays_and_suggests_a_move(page: Page):
    """On each of Ann's turns to play a card, the suggestion marks one card of her hand, a playable
    one; she plays it, draws, and the Hard computer answers."""
    start(page, "ONO 99", [("Ann", "Person"), ("Hal", "Hard computer")])
    played = 0
    while played < 3:
        expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=30_000)
        settled(page)
        draw = page.get_by_role("button", name=re.compile(r"^Draw (a card|\d+ cards)$"))
        if draw.count():
            draw.click()
            continue
        page.get_by_role("button", name="Suggest a move").click()
        expect(page.locator("#message")).to_contain_text("Suggestion: the marked card. ", timeout=30_000)
        marked = page.locator("#hand button.hinted")
        expect(marked).to_have_count(1)
        assert marked.get_attribute("data-playable") == "true"  # the engine suggests a legal move
        before = page.locator("#log li").count()
        marked.click()
        expect(page.locator("#log li")).not_to_have_count(before, timeout=10_000)
        played += 1

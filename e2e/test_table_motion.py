"""Moves you can follow: a computer's move is a card that moves (an animation runs), and with motion
"off" the table still changes but nothing moves; the history holds every move of the round, more
than any one view of the engine carries (30 events).

ONO 99, Ann against computers, ?speed=fast (short pauses; moves still animate, briefly)."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Page, expect

from e2e.pagekit import START_TIMEOUT_MS, my_turn, settled
from e2e.test_ono99_page import take_turn

# Counts, at every change of the history, the card moves running then and who made the last move.
RECORDER = """() => {
  window.__moves = [];
  new MutationObserver(() => {
    const top = document.querySelector('#log li');
    window.__moves.push({
      seat: top ? top.dataset.seat : null,
      text: top ? top.textContent : '',
      running: document.getAnimations().filter((a) => a.id === 'card-move' && a.playState === 'running').length,
    });
  }).observe(document.getElementById('log'), { childList: true });
}"""
HISTORY = """() => {
  const ns = [...document.querySelectorAll('#log li')].map((li) => Number(li.dataset.n)).reverse();
  return { count: ns.length, first: ns[0] || 0, last: ns[ns.length - 1] || 0,
           whole: ns.every((n, i) => i === 0 || n === ns[i - 1] + 1) };
}"""


def start(page: Page, motion: str, players: int = 3):
    page.add_init_script(f"localStorage.setItem('pygames:settings', {json.dumps(json.dumps({'motion': motion}))})")
    page.goto("./?speed=fast&seed=11")
    expect(page.get_by_role("button", name="Start game")).to_be_enabled(timeout=START_TIMEOUT_MS)
    page.locator('input[name="game"][value="ono99"]').check()
    page.get_by_label("Number of players").select_option(str(players))
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=START_TIMEOUT_MS)
    settled(page)
    page.evaluate(RECORDER)


def computer_moves(page: Page, turns: int) -> list[dict]:
    """Take `turns` of Ann's turns; the history changes each computer move made meanwhile caused."""
    for _ in range(turns):
        expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
        settled(page)
        before = page.locator("#log li").count()
        take_turn(page)
        # The move has landed (else the next look at the hand could still see the one before it).
        expect(page.locator("#log li")).not_to_have_count(before)
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    return [m for m in page.evaluate("() => window.__moves") if m["seat"] not in (None, "0")]


def test_a_computer_move_is_a_moving_card(page: Page):
    start(page, "normal")
    moves = computer_moves(page, 3)
    assert moves, "no computer moved"
    assert all(m["running"] > 0 for m in moves), moves


def test_with_motion_off_the_table_changes_and_nothing_moves(page: Page):
    start(page, "off")
    before = page.locator("#discard-pile").inner_html()
    moves = computer_moves(page, 3)
    assert moves and all(m["running"] == 0 for m in moves), moves
    assert page.locator("#discard-pile").inner_html() != before
    assert page.evaluate("() => document.getAnimations().filter((a) => a.id === 'card-move').length") == 0
    # Each seat shows its last move.
    expect(page.locator("#players > li[data-seat='1'] .last-move")).to_have_text(
        page.locator("#log li[data-seat='1']").first.inner_text()
    )


def test_the_history_holds_every_move_of_the_round(page: Page):
    start(page, "off", players=2)
    longest = 0
    deadline = time.monotonic() + 90
    while longest <= 40 and time.monotonic() < deadline:
        round_end = page.get_by_role("dialog", name="End of the round")
        if round_end.count() and round_end.is_visible():
            round_end.get_by_role("button", name="Continue").click()
            settled(page)
            h = page.evaluate(HISTORY)
            # A new round starts a new history.
            assert h["count"] < 10, h
            continue
        if page.get_by_role("dialog", name="Game over").count():
            break
        if not my_turn(page):
            page.wait_for_timeout(20)
            continue
        take_turn(page)
        settled(page)
        h = page.evaluate(HISTORY)
        # Every event from the round's first to the latest, none missing.
        assert h["whole"] and h["count"] == h["last"] - h["first"] + 1, h
        longest = max(longest, h["count"])
    assert longest > 40, f"the longest history held {longest} moves (a view carries 30)"
    # The Moves button says how many, and opens the history.
    button = page.get_by_role("button", name=f"Moves ({page.evaluate(HISTORY)['count']})")
    button.click()
    expect(page.get_by_role("heading", name="Moves this round")).to_be_visible()


# Every endless animation running now, with the properties its keyframes change.
ENDLESS = """() => document.getAnimations()
    .filter((a) => a.playState === 'running' && a.effect.getComputedTiming().endTime === Infinity)
    .map((a) => ({ target: a.effect.target.className + (a.effect.pseudoElement || ''),
                   props: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))]
                     .filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p)) }))"""


def test_the_draw_cue_pulses_without_repainting_the_table(page: Page):
    """The pulse that says "draw" runs for as long as the player thinks. It may change only what the
    compositor draws alone (opacity, transform): a growing box-shadow kept half a core busy."""
    start(page, "normal")
    for _ in range(12):
        if page.locator("#draw-pile .draw-button").count():
            break
        take_turn(page)
        expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
        settled(page)
    expect(page.locator("#draw-pile .draw-button")).to_be_visible()
    endless = page.evaluate(ENDLESS)
    assert endless, "the draw button does not pulse"
    for animation in endless:
        assert set(animation["props"]) <= {"opacity", "transform"}, animation

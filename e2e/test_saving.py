"""Saving as the worker does it: a game's record is a header plus one entry per move, so a move
writes one small entry; undo removes one; a reload resumes from them. Every 50 moves a checkpoint
is kept beside them, which only saves time: a checkpoint the engine refuses or passes over never
costs the game (it resumes from the record alone) and is replaced by a fresh one."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from e2e import test_own_trumps_page as own_trumps
from e2e.conftest import PageErrors, open_page
from e2e.pagekit import HOLD_BOTS, SAVE_KEY, SITE, engine_ready, hand_labels, hold_bots, my_turn
from e2e.soak import sampled
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
    # A fixed deal that lasts: seed 3's game runs to 99 moves with four Normal computers, where about
    # one random deal in fifty is over before move 50 and so never has a checkpoint.
    page.goto("./?speed=fast&seed=3")
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
    resume = last_resume(page)
    assert resume["checkpoint"] == "used", resume
    assert resume["fromCheckpoint"] >= 50 and resume["moves"] >= resume["fromCheckpoint"], resume


def last_resume(page: Page) -> dict:
    """How the worker resumed the game last: {moves, fromCheckpoint, checkpoint: "used" | "refused" |
    "unused" | "stale" | "none"}."""
    return page.evaluate("async () => (await pygames.stats()).lastResume")


def table_now(page: Page) -> dict:
    """What the table shows of the game (the public view): the seats, the piles, the whose turn."""
    return page.evaluate("""() => ({
        players: document.querySelector("#players").innerText,
        piles: [...document.querySelectorAll("#felt [aria-label]")].map((e) => e.getAttribute("aria-label")),
        turn: document.querySelector("#turn-line").textContent })""")


def test_a_long_own_trumps_game_resumes_at_the_same_move(page: Page):
    """Two computers play Own Trumps well past 50 moves, the checkpoints saved as the page saves them
    (seed 1's at move 50 is one the engine of issue 18 refused: nested too deep); a reload resumes at
    the same move, the table as it was."""
    page.add_init_script(HOLD_BOTS)
    own_trumps.start(page, [("Robo", own_trumps.COMPUTER), ("Bob", own_trumps.COMPUTER)], seed=1)
    key = "pygames:main:save:own_trumps"
    for _ in range(600):
        summary = page.locator("#round-dialog[open]")
        if summary.count():  # between the games of the match
            summary.get_by_role("button", name="Continue").click()
        header = saved(page, key)["header"]
        if header and header["moves"] >= 56 and saved(page, f"{key}|checkpoint")["header"]:
            break
        page.wait_for_timeout(100)
    hold_bots(page)
    page.wait_for_function("() => window.heldBots() > 0 || !!document.querySelector('#round-dialog[open]')")
    if page.locator("#round-dialog[open]").count():
        page.locator("#round-dialog").get_by_role("button", name="Continue").click()
        page.wait_for_function("() => window.heldBots() > 0")
    settled(page)
    moves = saved(page, key)["header"]["moves"]
    assert moves >= 56 and saved(page, f"{key}|checkpoint")["header"]["moves"] == 50
    before = table_now(page)

    page.evaluate("() => sessionStorage.setItem('holdBots', '1')")
    page.reload()
    expect(page.locator("#table")).to_be_visible(timeout=90_000)
    page.wait_for_function("() => window.heldBots() > 0")
    settled(page)
    resume = last_resume(page)
    assert resume["moves"] == moves and resume["checkpoint"] in ("used", "refused"), resume
    assert table_now(page) == before
    expect(page.locator("#lobby-problem")).to_be_hidden()
    if resume["checkpoint"] == "refused":  # replaced by one of the game as it was resumed
        assert saved(page, f"{key}|checkpoint")["header"]["moves"] == moves


def plant_checkpoint(page: Page, key: str, moves: int, damage: str):
    """Put a checkpoint of this build under `key`'s, damaged as `damage` says."""
    build = json.loads((SITE / "build-info.json").read_text())["hash"]
    page.evaluate(
        """([key, build, moves, damage]) => new Promise((resolve, reject) => {
        let state = { hands: [] };
        if (damage === "nested") for (let i = 0; i < 40; i++) state = [state];  // deeper than a request may be
        const checkpoint = { build, moves, state, digest: "0".repeat(64) };  // a digest that fits nothing
        if (damage === "circular") checkpoint.state.self = checkpoint;  // cannot even be sent as JSON
        const req = indexedDB.open("pygames", 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction("saves", "readwrite");
          tx.objectStore("saves").put(checkpoint, key + "|checkpoint");
          tx.oncomplete = () => { req.result.close(); resolve(); };
          tx.onerror = () => reject(tx.error);
        };
    })""",
        [key, build, moves, damage],
    )


@pytest.mark.parametrize(
    "damage, seen", sampled([("nested", "refused"), ("circular", "refused"), ("digest", "unused")])
)
def test_a_damaged_checkpoint_never_costs_the_game(page: Page, damage: str, seen: str):
    """A checkpoint the engine refuses (nested too deep, one that cannot be sent) or passes over (its
    digest fits nothing): the game resumes from its record alone at the same position, no problem
    shown, and a fresh checkpoint takes the damaged one's place, so the next resume uses it."""
    key = "pygames:main:save:ono99"
    start(page, [("Ann", "Person"), ("Robo", "Normal computer")], seed=3)
    for _ in range(4):  # two turns of Ann's (play, draw) and the computer's after each
        page.wait_for_function("() => document.querySelector('#hand-area.my-turn')")
        settled(page)
        take_turn(page)
        settled(page)
    page.wait_for_function("() => document.querySelector('#hand-area.my-turn')")
    settled(page)
    moves = saved(page, key)["header"]["moves"]
    hand = hand_labels(page)
    plant_checkpoint(page, key, moves, damage)

    page.reload()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=90_000)
    settled(page)
    assert last_resume(page) == {"moves": moves, "fromCheckpoint": 0, "checkpoint": seen}
    assert hand_labels(page) == hand
    expect(page.locator("#lobby-problem")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("")
    fresh = saved(page, f"{key}|checkpoint")["header"]  # before the moves an undo could take back
    assert 0 < fresh["moves"] <= moves and re.fullmatch("[0-9a-f]{64}", fresh["digest"]) and fresh["digest"] != "0" * 64

    page.reload()  # quick again: from the fresh checkpoint
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=90_000)
    assert last_resume(page) == {"moves": moves, "fromCheckpoint": fresh["moves"], "checkpoint": "used"}
    assert hand_labels(page) == hand


# ---------------------------------------------------------------- damaged saves
# A save's header and its move entries, put back exactly as they were read (READ_SAVE), and changed:
# `header` and `summary` fields set, the summary's fields named in `unset` deleted, the entries
# numbered in `drop` left out.
PUT_SAVE = """([key, save, header, summary, unset, drop]) => new Promise((resolve, reject) => {
    const req = indexedDB.open("pygames", 1);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const tx = req.result.transaction("saves", "readwrite");
      const store = tx.objectStore("saves");
      store.delete(IDBKeyRange.bound(key + "|", key + "|~"));
      const value = structuredClone(save.header);
      Object.assign(value, header);
      Object.assign(value.summary, summary);
      for (const field of unset) delete value.summary[field];
      store.put(value, key);
      save.moves.forEach((move, i) => drop.includes(i) || store.put(move, key + "|move|" + String(i).padStart(7, "0")));
      tx.oncomplete = () => { req.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
})"""
ONO99 = "pygames:main:save:ono99"


def damaged_row(page: Page):
    return page.locator("#saves li.damaged")


@pytest.fixture(scope="module")
def saved_game(browser, site_url, start_snapshot):
    """One page with an ONO 99 game of some moves saved (Ann and a computer, seed 3), at Ann's turn;
    and that save as it was read, to put back damaged."""
    for page in open_page(browser, site_url, PageErrors(), snapshot=start_snapshot):
        start(page, [("Ann", "Person"), ("Robo", "Normal computer")], seed=3)
        for _ in range(6):  # three turns of Ann's (play, draw) and the computer's after each
            page.wait_for_function("() => document.querySelector('#hand-area.my-turn')")
            settled(page)
            take_turn(page)
            settled(page)
        page.wait_for_function("() => document.querySelector('#hand-area.my-turn')")
        settled(page)
        whole = saved(page, ONO99)
        assert whole["header"]["moves"] == len(whole["moves"]) >= 8
        assert {k: whole["header"]["summary"][k] for k in ("game", "over")} == {"game": "ono99", "over": False}
        yield page, whole


def reload_damaged(page: Page, whole: dict, header=None, summary=None, unset=(), drop=(), playing: bool = True):
    """The whole save put back with this damage; the page reloaded (on the game when `playing`, as
    after leaving the page at the table; else on the lobby)."""
    page.evaluate(PUT_SAVE, [ONO99, whole, header or {}, summary or {}, list(unset), list(drop)])
    page.evaluate(
        "(playing) => playing ? localStorage.setItem('pygames:main:playing', JSON.stringify('pygames:main:save:ono99'))"
        " : localStorage.removeItem('pygames:main:playing')",
        playing,
    )
    page.reload()
    engine_ready(page)


def test_a_whole_save_is_listed_as_it_is(saved_game):
    """The save put back as it was read: listed with its progress, not as damaged."""
    page, whole = saved_game
    reload_damaged(page, whole, playing=False)
    expect(page.locator("#saves li")).to_have_count(1)
    expect(damaged_row(page)).to_have_count(0)
    text = page.locator("#saves .save-text")
    expect(text).to_have_text(re.compile(r"^ONO 99 · .+ · just now$"))
    expect(text).not_to_contain_text("damaged")
    expect(page.get_by_role("button", name="Resume ONO 99")).to_have_text("Resume")


@pytest.mark.parametrize("moves", [None, "x", -3], ids=["null", "text", "negative"])
def test_a_save_that_does_not_say_how_many_moves_it_holds_is_not_resumed_as_if_whole(saved_game, moves):
    """The header's count of moves is missing or not a count: the page does not resume the game (it
    would be somewhere else than it says); the lobby says so and offers the moves that can be read."""
    page, whole = saved_game
    n = len(whole["moves"])
    reload_damaged(page, whole, header={"moves": moves})
    expect(page.locator("#lobby-problem")).to_have_text(
        "Your saved ONO 99 game is damaged, so it was not resumed: see below."
    )
    expect(page.locator("#table")).to_be_hidden()
    expect(damaged_row(page).locator(".save-text")).to_contain_text(f"ONO 99 · damaged: {n} moves can be read")
    resume = damaged_row(page).get_by_role("button", name=f"Resume at move {n}: ONO 99")
    expect(resume).to_have_text(f"Resume at move {n}")
    resume.click()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    after = saved(page, ONO99)  # saved again whole
    assert after["header"]["moves"] == n and after["moves"] == whole["moves"]


@pytest.mark.parametrize("missing", ["the last two", "one in the middle"])
def test_a_save_missing_moves_offers_to_resume_at_the_last_it_holds(saved_game, missing):
    """Fewer moves are stored than the header says (or one is missing): the game is not resumed
    some moves back without a word; the lobby offers exactly the moves that can be read, and a
    resume there saves the game again whole at that move."""
    page, whole = saved_game
    n = len(whole["moves"])
    drop = [n - 2, n - 1] if missing == "the last two" else [3]
    readable = min(drop)
    reload_damaged(page, whole, drop=drop)
    expect(page.locator("#lobby-problem")).to_have_text(
        "Your saved ONO 99 game is damaged, so it was not resumed: see below."
    )
    expect(page.locator("#table")).to_be_hidden()
    row = damaged_row(page)
    expect(row.locator(".save-text")).to_contain_text(f"ONO 99 · damaged: {readable} of its {n} moves can be read")
    resume = row.get_by_role("button", name=f"Resume at move {readable} of {n}: ONO 99")
    expect(resume).to_have_text(f"Resume at move {readable} of {n}")
    if missing == "the last two":  # in the player's language too
        page.locator("#lang-select").select_option("pa")
        expect(row.locator(".save-text")).to_contain_text(f"ਖ਼ਰਾਬ: ਇਸ ਦੀਆਂ {n} ਚਾਲਾਂ ਵਿੱਚੋਂ {readable} ਪੜ੍ਹੀਆਂ ਜਾ ਸਕਦੀਆਂ ਹਨ")
        expect(row.locator("button").first).to_have_text(f"{n} ਵਿੱਚੋਂ ਚਾਲ {readable} 'ਤੇ ਜਾਰੀ ਰੱਖੋ")
        page.locator("#lang-select").select_option("en")
        expect(resume).to_be_visible()
    resume.click()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)  # the computer has moved, if due
    settled(page)
    after = saved(page, ONO99)
    assert after["moves"][:readable] == whole["moves"][:readable]
    assert after["header"]["moves"] == len(after["moves"]) >= readable  # whole again, at that move and on


def test_a_save_whose_summary_cannot_be_shown_is_listed_as_damaged_and_can_be_deleted(saved_game):
    """A summary without its words in each language and with a title that is no text (one that
    cannot even be turned into text), and a time that is no time, no longer stops the lobby: the
    engine is ready, the save is listed as damaged, and it can be deleted (or resumed: its moves
    are whole)."""
    page, whole = saved_game
    title = {"toString": "no function"}  # String(title) throws
    reload_damaged(
        page, whole, header={"savedAt": "yesterday"}, summary={"title": title}, unset=["texts"], playing=False
    )
    expect(page.get_by_role("button", name="Start game")).to_be_enabled()
    row = damaged_row(page)
    expect(row.locator(".save-text")).to_have_text("ONO 99 · damaged")
    expect(row.get_by_role("button", name="Resume ONO 99")).to_be_visible()
    row.get_by_role("button", name="Delete the saved ONO 99 game").click()
    page.get_by_role("dialog", name="Delete your saved ONO 99 game?").get_by_role("button", name="Delete it").click()
    expect(page.locator("#saves-box")).to_be_hidden()
    assert saved(page, ONO99) == {"header": None, "moves": []}


def test_a_save_naming_its_game_wrongly_is_listed_and_not_replaced_without_asking(saved_game):
    """summary.game of the wrong type: the save is still that of its slot's game, listed as damaged,
    and a new game of that game asks before it takes its place."""
    page, whole = saved_game
    reload_damaged(page, whole, summary={"game": 7}, playing=False)
    expect(damaged_row(page).locator(".save-text")).to_have_text(re.compile(r"^ONO 99 · damaged"))
    page.get_by_role("button", name="Start game").click()
    question = page.get_by_role("dialog", name="Replace your saved ONO 99 game?")
    question.get_by_role("button", name="Keep it").click()
    expect(question).to_be_hidden()
    assert saved(page, ONO99)["moves"] == whole["moves"]
    damaged_row(page).get_by_role("button", name="Resume ONO 99").click()  # its moves are whole
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    after = saved(page, ONO99)
    assert after["moves"] == whole["moves"] and after["header"]["summary"]["game"] == "ono99"  # described again


DELETE_SAVE = """(key) => new Promise((resolve, reject) => {
    const req = indexedDB.open("pygames", 1);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const tx = req.result.transaction("saves", "readwrite");
      tx.objectStore("saves").delete(key);
      tx.objectStore("saves").delete(IDBKeyRange.bound(key + "|", key + "|~"));
      tx.oncomplete = () => { req.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
})"""


def test_a_game_of_the_one_slot_of_before_missing_moves_is_offered_from_the_last_it_holds(saved_game):
    """The one slot of before (`pygames:main:current`: saves were per move before there was a slot
    per game) holding a game with moves missing: it is neither moved and resumed as if whole nor
    dropped by the next Start; it is listed as damaged with the moves that can be read, a new game
    of its game asks first, and resumed at that move it is saved whole in its game's slot."""
    page, whole = saved_game
    n = len(whole["moves"])
    readable = n - 2
    page.evaluate(DELETE_SAVE, ONO99)
    page.evaluate(PUT_SAVE, [SAVE_KEY, whole, {}, {}, [], [n - 2, n - 1]])
    page.evaluate("() => localStorage.removeItem('pygames:main:playing')")
    page.reload()
    engine_ready(page)
    expect(page.locator("#lobby-problem")).to_have_text(
        "Your saved ONO 99 game is damaged, so it was not resumed: see below."
    )
    row = damaged_row(page)
    expect(row.locator(".save-text")).to_contain_text(f"ONO 99 · damaged: {readable} of its {n} moves can be read")
    page.get_by_role("button", name="Start game").click()  # the setup of before: ONO 99
    question = page.get_by_role("dialog", name="Replace your saved ONO 99 game?")
    question.get_by_role("button", name="Keep it").click()
    expect(question).to_be_hidden()
    row.get_by_role("button", name=f"Resume at move {readable} of {n}: ONO 99").click()
    expect(page.locator("#hand-area.my-turn")).to_be_visible(timeout=20_000)
    settled(page)
    assert saved(page, SAVE_KEY) == {"header": None, "moves": []}
    after = saved(page, ONO99)
    assert after["moves"][:readable] == whole["moves"][:readable]
    assert after["header"]["moves"] == len(after["moves"]) >= readable

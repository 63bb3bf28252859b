"""The page's own values in localStorage (web/app/stored.js): the device's settings, the last setup,
the cached list of games, the game on the table when the page was left, and each game's page state.
Each may come back damaged (not JSON, of another type, a list for an object, fields of the wrong
type, names every object inherits such as __proto__): the lobby still comes up, Start still starts a
game, what is right of the value is kept, and the damaged value is replaced in storage."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import PageErrors, open_page
from e2e.pagekit import SITE, engine_ready, settled
from e2e.soak import sampled

SETTINGS = "pygames:settings"
SETUP = "pygames:main:setup"
GAMES = "pygames:main:games"
PLAYING = "pygames:main:playing"
ONO99_SAVE = "pygames:main:save:ono99"
ONO99_UI = "pygames:main:ui:ono99"
GAME_IDS = ["ono99", "canasta", "three_up", "own_trumps"]
ALLOWED_SETTINGS: dict[str, list] = {
    "cardSize": ["small", "normal", "large"],
    "motion": ["auto", "slow", "normal", "fast", "off"],
    "fourColour": [False, True],
    "thinkMs": [100, 200, 400, 800],
    "lang": ["auto", "en", "pa", "gu"],
    "sound": ["auto", "off", "quiet", "normal"],
    "vibrate": [False, True],
    "stun": [""],  # none is planted; a damaged one is dropped (app/settings.js isStunServer)
}

# Everything the page keeps emptied (its saved games too), then `values` ({key: raw text}) stored.
PLANT = """async (values) => {
  localStorage.clear();
  await new Promise((resolve, reject) => {
    const req = indexedDB.open("pygames", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("saves");
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const tx = req.result.transaction("saves", "readwrite");
      tx.objectStore("saves").clear();
      tx.oncomplete = () => { req.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  });
  for (const [key, text] of Object.entries(values)) localStorage.setItem(key, text);
}"""


@pytest.fixture(scope="module")
def visit(browser, site_url, start_snapshot):
    """One tab for the module (the engine's snapshot makes each load quick) and its errors, which
    every test checks for itself."""
    errors = PageErrors()
    for page in open_page(browser, site_url, errors, snapshot=start_snapshot):
        yield page, errors


@pytest.fixture
def page(visit) -> Iterator[Page]:
    page, errors = visit
    errors.page_errors.clear()
    errors.console_errors.clear()
    yield page
    errors.check()


APP = "./?speed=fast&seed=5&sw=off"  # no service worker: the page's own files are its own, as served
CONTROLLER = "**/app/controller.js"


def plant_and_load(page: Page, values: dict[str, str]) -> None:
    """Store `values` (raw texts) from the page without its app (nothing there saves anything
    meanwhile), then load the app on them: its lobby comes up and the engine starts."""
    page.route(CONTROLLER, lambda route: route.fulfill(body="", content_type="text/javascript"))
    page.goto(APP)
    page.evaluate(PLANT, values)
    page.unroute(CONTROLLER)
    page.goto(APP)
    expect(page.get_by_role("heading", name="Set up a game")).to_be_visible()
    engine_ready(page)


def stored(page: Page, key: str):
    """The value under `key`, parsed (None: nothing stored)."""
    text = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if text is None else json.loads(text)


def start_and_play(page: Page) -> None:
    """Start the game the lobby shows: its table comes up with the person's hand."""
    start = page.get_by_role("button", name="Start game")
    expect(start).to_be_enabled()
    start.click()
    expect(page.locator("#table[data-game] #hand button").first).to_be_visible(timeout=20_000)
    settled(page)


def assert_all_whole(page: Page) -> None:
    """Everything the page keeps is of the shape the page writes."""
    settings = stored(page, SETTINGS)
    assert settings is None or all(settings[k] in ALLOWED_SETTINGS[k] for k in settings), settings
    games = stored(page, GAMES)
    assert [g["id"] for g in games] == GAME_IDS
    setup = stored(page, SETUP)
    assert setup["game"] in GAME_IDS and setup["seats"], setup
    assert all(isinstance(s["name"], str) and s["kind"] in ("human", "bot") for s in setup["seats"]), setup
    assert stored(page, PLAYING) == f"pygames:main:save:{setup['game']}"


def real_games() -> list[dict]:
    return json.loads((SITE / "games.json").read_text(encoding="utf-8"))


def games_with(damage: Callable[[dict], object], game_id: str = "canasta") -> Callable[[], str]:
    """The real list of games (read once the site is built), one of them damaged by `damage`."""

    def text() -> str:
        games = real_games()
        damage(next(g for g in games if g["id"] == game_id))
        return json.dumps(games)

    return text


def chosen_game(page: Page) -> str | None:
    return page.locator("#games input:checked").get_attribute("value")


def seat_names(page: Page) -> list[str]:
    return page.locator("#seats input[type=text]").evaluate_all("xs => xs.map(x => x.value)")


# Values with nothing right in them, stored under every key at once: what each key holds once the
# page has loaded (None: nothing).
NOTHING_RIGHT = [("not JSON", "{oops"), ("a number", "7"), ("text", '"large"'), ("a list", "[1, 2]"), ("null", "null")]


@pytest.mark.parametrize("raw", sampled([pytest.param(raw, id=name) for name, raw in NOTHING_RIGHT], every=2))
def test_a_value_with_nothing_right_is_dropped_in_every_key(page: Page, raw: str):
    plant_and_load(page, {SETTINGS: raw, SETUP: raw, GAMES: raw, PLAYING: raw})
    assert stored(page, SETTINGS) == {}
    assert stored(page, SETUP) is None
    assert stored(page, PLAYING) is None
    assert stored(page, GAMES) == real_games()  # the engine's list, written as soon as it is up
    start_and_play(page)
    assert_all_whole(page)


# The values with something right in them, or wrong deep inside: (id, key, the raw text stored (or a
# function that gives it), what the key holds once the page has loaded: a value, None for nothing,
# or a check of the page and the value).

SETTINGS_CASES = [
    (
        "settings: fields of the wrong type and __proto__",
        SETTINGS,
        '{"__proto__": {"cardSize": "large"}, "cardSize": "small", "motion": 5, "thinkMs": "800",'
        ' "fourColour": "yes", "lang": "constructor"}',
        {"cardSize": "small"},
    ),
]


def canasta_seats_kept(page: Page, value) -> None:
    assert value == {
        "game": "canasta",
        "preset": "classic",
        "seats": [{"name": "Bob", "kind": "human"}, {"name": "Eve", "kind": "bot", "bot": "hard"}],
    }
    assert chosen_game(page) == "canasta"
    names = seat_names(page)
    assert names[:2] == ["Bob", "Eve"] and len(names) == 4  # two computers added, as Canasta seats four
    expect(page.get_by_label("Seat 2 player")).to_have_value("bot:hard")


def ono99_values_checked(page: Page, value) -> None:
    # Stored: only the values named like an option (each is checked against its option when drawn).
    assert value == {
        "game": "ono99",
        "values": {
            "version": "1980",
            "tokens": "7",
            "bust_at_99": "no",
            "scoring": "points_lowest",
            "target_points": 99999,
            "tie_rule": "play_on",
            "next_round_starter": "winner",
        },
        "seats": [{"name": "Ann", "kind": "human"}, {"name": "Robo", "kind": "bot"}],
    }
    assert chosen_game(page) == "ono99"
    expect(page.get_by_role("radio", name="1980 rules (O'NO 99)")).to_be_checked()  # a version it has
    # Each value the option may take is kept; one of the wrong type, out of range or not among its
    # choices falls back to the default.
    expect(page.get_by_label("Scoring")).to_have_value('"points_lowest"')
    expect(page.get_by_label("Tie for lowest score")).to_have_value('"play_on"')
    expect(page.get_by_label("Next round starts with")).to_have_value('"rotate"')
    expect(page.get_by_label("Target points")).to_have_value("100")
    expect(page.get_by_label("Reaching 99 busts")).to_be_checked()
    assert seat_names(page) == ["Ann", "Robo"]
    expect(page.get_by_label("Seat 2 player")).to_have_value("bot:normal")  # no level named: the default


SETUP_CASES = [
    ("setup: a list for the object", SETUP, '[{"game": "canasta"}]', None),
    ("setup: only __proto__", SETUP, '{"__proto__": {"game": "canasta", "seats": []}}', None),
    (
        "setup: seats without a name or a kind",
        SETUP,
        json.dumps(
            {
                "game": "canasta",
                "preset": "classic",
                "seats": [
                    {"name": 7, "kind": "human"},
                    {"name": "Bob", "kind": "human"},
                    {"name": "Cy", "kind": "robot"},
                    "Dee",
                    None,
                    {"name": "   ", "kind": "bot", "bot": "easy"},
                    {"name": "x" * 300, "kind": "human"},
                    {"name": "Eve", "kind": "bot", "bot": "hard", "__proto__": {"kind": "human"}},
                ],
            }
        ),
        canasta_seats_kept,
    ),
    (
        "setup: values of the wrong type, out of range, or named __proto__",
        SETUP,
        '{"game": "ono99", "preset": 5, "values": {"__proto__": {"draw_speed_penalty": true}, "constructor": 1,'
        ' "version": "1980", "tokens": "7", "bust_at_99": "no", "scoring": "points_lowest", "target_points": 99999,'
        ' "tie_rule": "play_on", "next_round_starter": "winner"}, "seats": [{"name": "Ann", "kind": "human"},'
        ' {"name": "Robo", "kind": "bot", "bot": {"level": "hard"}}]}',
        ono99_values_checked,
    ),
    ("setup: a game that is no text", SETUP, '{"game": ["canasta"], "seats": {"0": {"name": "Ann"}}}', None),
]


def replaced_by_the_engines_list(page: Page, value) -> None:
    assert value == real_games()


GAMES_CASES = [
    (f"games: {name}", GAMES, raw, replaced_by_the_engines_list)
    for name, raw in [
        ("an object for the list", lambda: json.dumps({str(i): g for i, g in enumerate(real_games())})),
        ("items that are no game", '[null, 5, "ono99", [], {"__proto__": {"id": "ono99"}}]'),
        ("a title that is no text", games_with(lambda g: g.update(title={"toString": 1}))),
        ("seats past counting", games_with(lambda g: g.update(players={"min": 4, "max": 1e9}))),
        ("no players", games_with(lambda g: g.pop("players"))),
        ("an option named __proto__", games_with(lambda g: g["options"][0].update(key="__proto__"))),
        ("a preset setting __proto__", games_with(lambda g: g["presets"][0]["options"].update(__proto__={"a": 1}))),
        ("a default of the wrong type", games_with(lambda g: g["options"][5].update(default="5000"))),
        ("choices that are no list", games_with(lambda g: g["options"][0].update(choices="standard"))),
        ("teams of names", games_with(lambda g: g.update(teams=[["a"], ["b"]]))),
        (
            "a note without words",
            games_with(lambda g: g.update(player_notes={"key": "version", "values": {"2022": 6}}), "ono99"),
        ),
        (
            "a deck of the wrong cards",
            games_with(lambda g: g["presets"][0]["options"]["deck"].update(X="lots"), "ono99"),
        ),
    ]
]

LESSONS = "pygames:lessons"  # the games whose lesson has been offered (app/lesson.js)
LESSONS_CASES: list[tuple[str, str, str, object]] = [
    ("lessons: a list with a number in it", LESSONS, '{"seen": ["ono99", 5], "__proto__": {"seen": []}}', {}),
    ("lessons: a game named like an inherited property", LESSONS, '{"seen": ["constructor"]}', {}),
]

PLAYING_CASES = [
    ("playing: a key of no save slot", PLAYING, '"pygames:main:current"', None),
    ("playing: an object", PLAYING, '{"__proto__": "pygames:main:save:ono99"}', None),
    ("playing: a list", PLAYING, '["pygames:main:save:ono99"]', None),
]


@pytest.mark.parametrize(
    "key,raw,after",
    sampled(
        [
            pytest.param(*case[1:], id=case[0])
            for case in SETTINGS_CASES + SETUP_CASES + GAMES_CASES + LESSONS_CASES + PLAYING_CASES
        ]
    ),
)
def test_a_damaged_value_neither_stops_the_page_nor_stays(page: Page, key: str, raw, after):
    plant_and_load(page, {key: raw() if callable(raw) else raw})
    value = stored(page, key)
    if callable(after):
        after(page, value)
    else:
        assert value == after
    start_and_play(page)
    assert_all_whole(page)


def test_a_setting_can_be_chosen_again_after_its_value_was_damaged(page: Page):
    """Text where the settings' object should be: choosing a card size once threw (a field set on
    text); now it is kept, and shown."""
    plant_and_load(page, {SETTINGS: '"large"'})
    page.get_by_role("button", name="Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.get_by_role("group", name="Card size").get_by_role("radio", name="Large").check()
    dialog.get_by_role("button", name="Done").click()
    assert stored(page, SETTINGS) == {"cardSize": "large"}
    expect(page.locator("html")).to_have_attribute("data-card-size", "large")


def test_whole_values_are_kept_as_they_are(page: Page):
    """What the page itself wrote passes its own checks: a reload rewrites nothing."""
    plant_and_load(page, {SETTINGS: '{"cardSize": "large", "thinkMs": 400}'})
    start_and_play(page)
    keys = [SETTINGS, SETUP, GAMES, PLAYING, ONO99_UI]
    before = page.evaluate("(keys) => keys.map((k) => localStorage.getItem(k))", keys)
    assert all(before), before
    page.reload()
    engine_ready(page)
    expect(page.locator("#table[data-game=ono99] #hand button").first).to_be_visible(timeout=20_000)
    assert page.evaluate("(keys) => keys.map((k) => localStorage.getItem(k))", keys) == before


@pytest.mark.parametrize(
    "damage",
    sampled(
        [
            pytest.param("{oops", id="not JSON"),
            pytest.param("[0, 0, 0]", id="a list"),
            pytest.param('"ui"', id="text"),
            pytest.param('{"viewer": "0", "roundShown": -1, "lastEvent": {"n": 1}, "id": ["x"]}', id="no field right"),
            pytest.param("MATCH_ID_AND_BAD_FIELDS", id="its id and wrong fields"),
        ]
    ),
)
def test_a_damaged_page_state_of_a_game_does_not_stop_its_resume(page: Page, damage: str):
    """A game's page state (who was looking, the rounds shown) is read when the game resumes: damaged,
    the game still resumes at once, and the state is written again whole."""
    plant_and_load(page, {})
    start_and_play(page)
    match_id = stored(page, ONO99_UI)["id"]
    if damage == "MATCH_ID_AND_BAD_FIELDS":
        damage = json.dumps({"id": match_id, "viewer": "Ann", "roundShown": 1.5, "__proto__": {"lastEvent": 9}})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [ONO99_UI, damage])
    page.reload()
    engine_ready(page)
    expect(page.locator("#table[data-game=ono99] #hand button").first).to_be_visible(timeout=20_000)
    settled(page)
    ui = stored(page, ONO99_UI)
    assert ui["id"] == match_id and set(ui) == {"viewer", "roundShown", "lastEvent", "id"}, ui
    assert ui["viewer"] in (None, 0) and isinstance(ui["roundShown"], int) and isinstance(ui["lastEvent"], int)

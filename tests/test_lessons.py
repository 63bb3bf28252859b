"""The first games that teach (pygames_wasm/lessons/): each game's lesson, followed through the API
from its start to its end by taking each step's expected action, with every step legal where it
comes. A change of a rule or of a lesson's stacked deal that broke a lesson fails here."""

import json

import pytest

from pygames_wasm import api
from pygames_wasm.games import GAMES
from pygames_wasm.lessons import LEARNER, LESSONS

GAMES_WITH_LESSONS = sorted(LESSONS)


def call(method, **params):
    reply = api.call(method, params)
    assert "error" not in reply, reply
    return reply


def follow(game, lang="en"):
    """Play a lesson to its end as a learner who follows every prompt: the learner takes the
    expected action, the computers play the script (bot_act). Yields each learner step."""
    started = call("new_lesson", game=game, lang=lang)
    handle = started["handle"]
    lesson = started["lesson"]
    while not lesson["done"]:
        seat = lesson["seat"]
        if seat == LEARNER:
            assert lesson["prompt"] and lesson["expect"]
            # only the learner waits (the page would ask a waiting computer for a move meanwhile)
            assert call("view", handle=handle, seat=None)["view"]["waiting_for"] == [LEARNER]
            # legal where it comes (legal_actions lists a sample of Canasta's melds: the engine is asked)
            assert call("explain", handle=handle, seat=seat, action=lesson["expect"]) == {"legal": True, "why": None}
            yield handle, lesson
            call("act", handle=handle, seat=seat, action=lesson["expect"])
        else:
            assert lesson["expect"] is None  # a computer's move is not told to the learner
            call("bot_act", handle=handle, seat=seat)
        lesson = call("lesson", handle=handle, seat=LEARNER)["lesson"]
    assert lesson["prompt"]  # the closing words
    assert lesson["step"] == lesson["steps"]
    yield handle, lesson


@pytest.mark.parametrize("game", GAMES_WITH_LESSONS)
def test_each_lesson_can_be_followed_to_its_end(game):
    steps = list(follow(game))
    numbers = [lesson["step"] for _, lesson in steps[:-1]]
    assert numbers == list(range(1, len(numbers) + 1))
    assert 3 <= len(numbers) <= 8  # a few turns
    handle, _ = steps[-1]
    view = call("view", handle=handle, seat=LEARNER)["view"]
    assert not view["over"]  # the game goes on as an ordinary game after the lesson


def test_every_game_has_a_lesson_and_the_lobby_is_told():
    assert set(LESSONS) == set(GAMES)
    assert all(g["lesson"] for g in call("list_games")["games"])


@pytest.mark.parametrize("game", GAMES_WITH_LESSONS)
def test_a_computer_plays_the_script_while_it_lasts(game):
    """Each computer move of the script is the one bot_move (and bot_act) gives, never the bot's own."""
    lesson = LESSONS[game]
    handle = call("new_lesson", game=game)["handle"]
    module = GAMES[game]
    for step in lesson.steps:
        if step.seat != LEARNER:
            assert call("bot_move", handle=handle, seat=step.seat)["action"] == module.parse_action(step.action)
        call("act", handle=handle, seat=step.seat, action=step.action)


def test_a_legal_move_that_is_not_the_lesson_is_refused_in_the_lessons_words_and_changes_nothing():
    handle = call("new_lesson", game="ono99")["handle"]
    before = call("view", handle=handle, seat=LEARNER)["view"]
    reply = api.call("act", {"handle": handle, "seat": LEARNER, "action": {"type": "play", "card": "-10"}})
    assert reply["error"]["code"] == "not_in_lesson"
    assert "highlighted" in reply["error"]["message"]
    assert call("view", handle=handle, seat=LEARNER)["view"] == before


def test_an_illegal_move_gets_the_games_own_refusal():
    handle = call("new_lesson", game="ono99")["handle"]
    reply = api.call("act", {"handle": handle, "seat": LEARNER, "action": {"type": "play", "card": "ONO"}})
    assert reply["error"] == {"code": "illegal_card", "message": "The ONO 99 card can never be played."}


def test_undo_takes_the_lesson_back_a_step():
    handle = call("new_lesson", game="ono99")["handle"]
    call("act", handle=handle, seat=LEARNER, action="play 7")
    assert call("lesson", handle=handle, seat=LEARNER)["lesson"]["expect"] == {"type": "draw"}
    call("undo", handle=handle, seat=LEARNER)
    assert call("lesson", handle=handle, seat=LEARNER)["lesson"]["expect"] == {"type": "play", "card": "7"}


def test_a_lesson_speaks_the_requested_language():
    started = call("new_lesson", game="own_trumps", lang="pa")
    english = call("new_lesson", game="own_trumps")
    assert started["lesson"]["prompt"] != english["lesson"]["prompt"]
    assert started["info"]["seats"][0]["name"] != english["info"]["seats"][0]["name"]


def test_lesson_errors():
    plain = call("new_game", game="ono99", seats=[{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}])
    assert api.call("lesson", {"handle": plain["handle"], "seat": 0})["error"]["code"] == "not_a_lesson"
    assert api.call("new_lesson", {"game": "uno"})["error"]["code"] == "unknown_game"


# --- Sounds: the kind of each event (pygames_wasm/sounds.py), which the page maps to a tone ------------


def test_every_sounding_message_is_one_a_game_logs():
    """A msgid renamed in a game would silence its sound: each one here is in a game's source."""
    from pathlib import Path

    from pygames_wasm.sounds import SOUND_OF

    sources = "".join(p.read_text() for p in (Path(__file__).parent.parent / "pygames_wasm" / "games").glob("*.py"))
    assert [msgid for msgid in SOUND_OF if f'"{msgid}"' not in sources] == []


@pytest.mark.parametrize(
    ("game", "action", "sound"),
    [
        ("ono99", "play 7", "play"),  # a card played
        ("canasta", "draw", "draw"),  # a card drawn
    ],
)
def test_an_event_carries_its_sound(game, action, sound):
    handle = call("new_lesson", game=game)["handle"]
    events = call("act", handle=handle, seat=LEARNER, action=action)["events"]
    assert [e.get("sound") for e in events] == [sound]
    assert call("view", handle=handle, seat=LEARNER)["view"]["events"][-1]["sound"] == sound


def test_a_views_events_are_put_into_words_once_and_are_each_callers_own():
    """A view's events carry their sound, their words found once per language (sounds.heard): the
    page's JSON reads the same as a call's reply, which its caller may change without changing the
    next one; another language has its own words."""
    handle = call("new_lesson", game="canasta")["handle"]
    call("act", handle=handle, seat=LEARNER, action="draw")
    params = {"handle": handle, "seat": LEARNER}
    first = call("view", **params)["view"]["events"]
    again = call("view", **params)["view"]["events"]
    assert first == again and first[-1]["sound"] == "draw" and first[-1] is not again[-1]
    first[-1]["sound"] = "changed"
    first[-1]["text"] = "changed"
    first.clear()
    assert call("view", **params)["view"]["events"] == again
    page = json.loads(api.handle(json.dumps({"method": "view", "params": params})))["view"]["events"]
    assert page == again
    punjabi = call("view", **params, lang="pa")["view"]["events"]
    assert [e["n"] for e in punjabi] == [e["n"] for e in again] and punjabi[-1]["sound"] == "draw"
    assert punjabi[-1]["text"] != again[-1]["text"]
    assert call("view", **params)["view"]["events"] == again  # English again, as it was


def test_the_lessons_sound_a_pickup_and_a_burn():
    """Canasta's lesson takes the pile (pickup); 3UP 3DOWN's clears it with a Clear card (burn)."""
    heard = {}
    for game in ("canasta", "three_up"):
        handle, _ = list(follow(game))[-1]
        heard[game] = {e.get("sound") for e in call("events", handle=handle, since=0)["events"]}
    assert "pickup" in heard["canasta"]
    assert "burn" in heard["three_up"]

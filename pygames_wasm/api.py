"""The JSON facade: the only thing the browser calls (documented in docs/api.md).

`handle(request_json) -> reply_json` for the Web Worker; `call(method, params) -> dict` for Python.
Every reply is the method's result or {"error": {"code", "message"}}; an error changes no game, and
no input, however malformed, makes `handle` raise. Every method takes `lang` ("en", "pa", "gu"; English
when absent): the engine's messages in the reply are put into that language (core/i18n.py).
"""

import json
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import asdict
from itertools import accumulate, count
from typing import Any

from . import between
from .bots import BOTS, SEARCH, levels
from .bots.search import DEFAULT_MS, Budget, decide
from .core import GameError, Setup, shown
from .core.game import Action, GameModule, Move
from .core.i18n import LANGUAGES, Said, msg, rendered
from .core.match import RECORD_FORMAT, Match, check_distinct_names
from .core.rng import new_seed
from .games import GAMES
from .lessons import LESSON_SEED, LESSONS, Lesson, lesson_reply, lesson_seats, lesson_setup, off_script, scripted
from .sounds import heard, with_sounds

AnyMatch = Match[Any, Any]  # a match of any game
Reply = dict[str, Any]  # a method's result, as JSON

_matches: dict[str, AnyMatch] = {}
_replays: dict[str, between.Replay] = {}  # finished games watched again (between.py)
_lessons: dict[str, Lesson] = {}  # handle -> the lesson its match follows (lessons/__init__.py)
_handles = count(1)
MIN_THINK_MS, MAX_THINK_MS = 20, 5000  # a Hard player's thinking time, per move
MAX_DEALS = 2000  # a Hard player's imagined deals, per move, when counted instead of timed
MAX_DEPTH = 32  # nesting of a request; ours need 6. Deeper JSON would exhaust the stack in Pyodide.
# For `nesting`: braces read as square brackets (a pair is a pair, whichever kind); all bytes but the
# brackets and the quotes; a string's two quotes and what is left of it.
_BRACES_AS_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS_OR_QUOTES = bytes(b for b in range(256) if b not in b'[]{}"')
_STRING = re.compile(rb'"[^"]*"')
_STEP = {ord("["): 1, ord("]"): -1}
MOVE_KEYS = frozenset({"seat", "action"})  # a recorded move
# A reply's JSON for the page without the spaces after separators: ~13% fewer characters to send
# and parse on every move. Made once (json.dumps with options makes a new encoder at every call).
_COMPACT = json.JSONEncoder(separators=(",", ":"))


def handle(request_json: str) -> str:
    if not isinstance(request_json, str):
        return _error_reply(GameError("bad_request", msg("The request must be JSON text.")))
    if nesting(request_json) > MAX_DEPTH:
        return _error_reply(
            GameError("bad_request", msg("The request is nested more than {depth} levels deep.", depth=MAX_DEPTH))
        )
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError, RecursionError):
        return _error_reply(GameError("bad_request", msg("The request is not valid JSON.")))
    if not isinstance(request, dict):
        return _error_reply(GameError("bad_request", msg("The request must be a JSON object.")))
    return _COMPACT.encode(_answer(request.get("method"), request.get("params"), fresh=False))


def nesting(text: str) -> int:
    """How deep the brackets of a JSON text go (outside its strings), or MAX_DEPTH + 1 if deeper, at C
    speed: a saved game of thousands of moves is measured in a millisecond or two.

    The escapes go first (a backslash pairs with the next character), then everything but brackets
    and quotes; then the strings, whose quotes now alternate: an empty one "" at once (two quotes side
    by side enclose nothing that is outside a string, whichever pair they are), the few holding a
    bracket by a pattern. Then each pass takes the innermost pairs of brackets off: one per level (a
    replace does not look again at what it has joined)."""
    if "\\" in text:  # (rare: a record holds none)
        text = text.replace("\\\\", "").replace('\\"', "")
    marks = text.encode().translate(_BRACES_AS_BRACKETS, _NOT_BRACKETS_OR_QUOTES).replace(b'""', b"")
    brackets = _STRING.sub(b"", marks).replace(b'"', b"") if b'"' in marks else marks  # (an unclosed one)
    depth, left = 0, brackets
    while left and depth <= MAX_DEPTH:
        inner = left.replace(b"[]", b"")
        if len(inner) == len(left):  # brackets that do not pair (the parser refuses the text): counted
            return max(accumulate(map(_STEP.__getitem__, brackets)))
        left, depth = inner, depth + 1
    return depth


def _error_reply(error: GameError) -> str:
    return json.dumps({"error": error.to_dict()})


def call(method: object, params: object = None) -> Reply:
    """The reply to one request, the caller's own to change."""
    return _answer(method, params)


def _answer(method: object, params: object = None, fresh: bool = True) -> Reply:
    """The reply to one request; unless `fresh`, it shares words remembered for other replies (one
    about to be turned into JSON needs no copies of them: the score sheet of a hand, say)."""
    if params is None:
        params = {}
    lang, domain = "en", None
    try:
        if not isinstance(method, str) or method not in METHODS:
            raise GameError("bad_request", msg("There is no method {method}.", method=shown(method)))
        if not isinstance(params, dict):
            raise GameError("bad_request", msg("The params must be a JSON object."))
        lang, domain = language(params.get("lang")), _game_of(params)
        reply = METHODS[method](params)
        return reply if method in UNRENDERED else rendered(reply, lang, domain, fresh)
    except GameError as error:
        return {"error": error.to_dict(lang, domain)}
    except Exception:  # an engine bug: never crash the worker (games are replayed intact)
        # The details go to the worker's console only: an exception's text could name a hidden card.
        traceback.print_exc(file=sys.stderr)
        return {"error": GameError("internal", msg("The engine hit a problem; the game is as it was.")).to_dict(lang)}


# --- Parameters ---------------------------------------------------------------------------------


def _game_of(params: dict[str, Any]) -> str | None:
    """The game a request is about, if any: its words are looked up in that game's catalog first."""
    key = params.get("handle")
    match = _matches.get(key) if isinstance(key, str) else None
    if match is None and isinstance(key, str) and key in _replays:
        match = _replays[key].match
    if match is not None:
        return match.module.GAME_ID
    record = params.get("record")
    game = record.get("game") if isinstance(record, dict) else params.get("game")
    return game if isinstance(game, str) and game in GAMES else None


def language(code: object) -> str:
    """The language a request asks for: 'pa', 'pa-IN' and 'PA' are Punjabi; None is English."""
    if code is None:
        return "en"
    base = code.replace("_", "-").split("-")[0].lower() if isinstance(code, str) else None
    if base not in LANGUAGES:
        raise GameError(
            "bad_request",
            msg("There is no language {code} (only {known}).", code=shown(code), known=", ".join(LANGUAGES)),
        )
    return base


def _match(params: dict[str, Any]) -> AnyMatch:
    key = params.get("handle")
    if not isinstance(key, str) or key not in _matches:
        raise GameError("unknown_handle", msg("That game is not open (it may have been closed)."))
    return _matches[key]


def _seat(params: dict[str, Any], match: AnyMatch) -> int:
    seat = params.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(match.seats):
        raise GameError("bad_seats", msg("There is no seat {seat} in this game.", seat=shown(seat)))
    return seat


def _open(match: AnyMatch) -> Reply:
    key = f"g{next(_handles)}"
    _matches[key] = match
    return {"handle": key, "info": match.info()}


def _game_module(game_id: object) -> GameModule[Any, Any]:
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise GameError("unknown_game", msg("There is no game {game}.", game=shown(game_id)))
    return GAMES[game_id]


def _new_match(
    game_id: object, options: object, seats: object, seed: object, setup: Setup, match_id: object = None
) -> AnyMatch:
    module = _game_module(game_id)
    return Match(module, BOTS[module.GAME_ID], options, seats, seed, setup, match_id)


# --- Methods ------------------------------------------------------------------------------------


def list_games(params: dict[str, Any]) -> Reply:
    lang = language(params.get("lang"))
    return {
        "games": [
            rendered(module.info() | {"bots": levels(game), "lesson": game in LESSONS}, lang, game)
            for game, module in GAMES.items()
        ]
    }


def new_game(params: dict[str, Any]) -> Reply:
    """A new match. `seed`, `deck`/`decks`, `dealer` and `start` are for tests (see docs/api.md)."""
    seed = params.get("seed")
    setup = Setup.parse(params.get("deck"), params.get("decks"), params.get("dealer"), params.get("start"))
    match = _new_match(
        params.get("game"), params.get("options"), params.get("seats"), new_seed() if seed is None else seed, setup
    )
    check_distinct_names(match.seats)
    return _open(match)


def new_lesson(params: dict[str, Any]) -> Reply:
    """A game's first game that teaches: its stacked deal, seats and script (lessons/)."""
    module = _game_module(params.get("game"))
    lesson = LESSONS.get(module.GAME_ID)
    if lesson is None:
        raise GameError("unknown_game", msg("There is no lesson for {game}.", game=shown(module.GAME_ID)))
    seats = lesson_seats(lesson, language(params.get("lang")))
    reply = _open(_new_match(lesson.game, lesson.options, seats, LESSON_SEED, lesson_setup(lesson)))
    _lessons[reply["handle"]] = lesson
    return reply | lesson_reply(lesson, _matches[reply["handle"]], 0)


def lesson(params: dict[str, Any]) -> Reply:
    """The step of the lesson due now, as `seat` sees it."""
    match = _match(params)
    taught = _lessons.get(params["handle"])
    if taught is None:
        raise GameError("not_a_lesson", msg("That game is not a lesson."))
    return lesson_reply(taught, match, _seat(params, match))


def load(params: dict[str, Any]) -> Reply:
    """Open a saved record; anything wrong with it is one clear `bad_save` error."""
    try:
        match, actions = _match_from_record(params.get("record"))
        match.load_actions(actions, params.get("checkpoint"))
    except GameError as error:
        raise GameError("bad_save", msg("This saved game could not be read: {why}", why=error.text)) from None
    except Exception:  # a damaged save must never crash the page
        raise GameError("bad_save", msg("This saved game could not be read: it is damaged.")) from None
    base = match.base
    return _open(match) | {"resumed_at": base["moves"] if base is not None else 0, "checkpoint_used": base is not None}


def _match_from_record(record: object) -> tuple[AnyMatch, list[Move]]:
    """The match a record starts from (before its actions), and its actions. Format 1 (integer seeds,
    `deck` and `dealer` at the top) is still read, so games saved before format 2 resume."""
    if not isinstance(record, dict):
        raise GameError("bad_save", msg("it is not a saved game"))
    version = record.get("format")
    if isinstance(version, bool) or not isinstance(version, int) or version not in (1, RECORD_FORMAT):
        raise GameError("bad_save", msg("it was saved by a different version of the app"))
    actions = record.get("actions")
    if not isinstance(actions, list) or not _moves(actions):
        raise GameError("bad_save", msg("its list of moves is damaged"))
    if version == 1:
        setup = Setup.parse(deck=record.get("deck"), dealer=record.get("dealer"))
    else:
        raw = record.get("setup") or {}
        if not isinstance(raw, dict):
            raise GameError("bad_save", msg("its setup is damaged"))
        setup = Setup.parse(decks=raw.get("decks"), dealer=raw.get("dealer"), start=raw.get("start"))
    match = _new_match(
        record.get("game"), record.get("options"), record.get("seats"), record.get("seed"), setup, record.get("id")
    )
    return match, actions


def _moves(actions: list[Any]) -> bool:
    """Whether every item is a move's dict, {"seat", "action"}: checked at C speed (a long game's
    record holds thousands)."""
    return (
        set(map(type, actions)) <= {dict}
        and set(map(len, actions)) <= {len(MOVE_KEYS)}
        and all(map(MOVE_KEYS.issuperset, actions))
    )


def save(params: dict[str, Any]) -> Reply:
    return {"record": _match(params).record()}


def checkpoint(params: dict[str, Any]) -> Reply:
    return {"checkpoint": _match(params).checkpoint()}


def info(params: dict[str, Any]) -> Reply:
    """What the page may know about the open match (as new_game and load give it), e.g. to show its
    options again in another language."""
    return {"info": _match(params).info()}


def summary(params: dict[str, Any]) -> Reply:
    """What the list of saved games shows for this match (the worker keeps it with the save)."""
    return {"summary": _match(params).summary()}


def view(params: dict[str, Any]) -> Reply:
    return {"view": _seen(params, _match(params))}


def _seen(params: dict[str, Any], match: AnyMatch) -> Reply:
    """What `seat` (null: the public table) sees of `match`, its events in words with their sounds."""
    seen = match.view(None if params.get("seat") is None else _seat(params, match))
    if "events" in seen:
        seen["events"] = heard(seen["events"], language(params.get("lang")), match.module.GAME_ID)
    return seen


def read_table(params: dict[str, Any]) -> Reply:
    """ "Read the table": what `seat` (null: the public table) sees, said in a few sentences."""
    match = _match(params)
    return {"text": match.read_table(None if params.get("seat") is None else _seat(params, match))}


def events(params: dict[str, Any]) -> Reply:
    """The public events after number `since` (0: all) that the open match has seen, e.g. to show the
    history again in another language."""
    match = _match(params)
    since = params.get("since", 0)
    if isinstance(since, bool) or not isinstance(since, int):
        raise GameError("bad_request", msg("since is an event number."))
    return {"events": with_sounds(match.events(since))}


def legal_actions(params: dict[str, Any]) -> Reply:
    match = _match(params)
    # Made anew at each call and holding no message: not walked for words (core/views.py, actions_of).
    return {"actions": Said(match.legal_actions(_seat(params, match)))}


def act(params: dict[str, Any]) -> Reply:
    match = _match(params)
    if "action" not in params:
        raise GameError("bad_action", msg("Say which action to take."))
    seat = _seat(params, match)
    taught = _lessons.get(params["handle"])
    if taught is not None:
        off_script(taught, match, seat, params["action"])
    events = with_sounds(match.act(seat, params["action"]))
    return {"ok": True, "events": events, "recorded": match.actions[-1]}


def explain(params: dict[str, Any]) -> Reply:
    """Would this action be accepted? Nothing changes either way."""
    match = _match(params)
    why = match.explain(_seat(params, match), params.get("action"))
    return {"legal": why is None, "why": why}


def _budget(params: dict[str, Any]) -> Budget:
    """How long a Hard player may think: `think_ms` (the player's setting), else the default; or a
    number of imagined `deals` and no clock (tests and the arena: a decision that does not depend on
    the machine's speed), with `think_ms` as well if both are given."""
    ms = params.get("think_ms", DEFAULT_MS)
    if not isinstance(ms, int) or isinstance(ms, bool) or not MIN_THINK_MS <= ms <= MAX_THINK_MS:
        raise GameError(
            "bad_request",
            msg("think_ms must be a whole number from {low} to {high}.", low=MIN_THINK_MS, high=MAX_THINK_MS),
        )
    deals = params.get("deals")
    if deals is None:
        return Budget(ms=ms)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        raise GameError("bad_request", msg("deals must be a whole number from {low} to {high}.", low=1, high=MAX_DEALS))
    return Budget(ms=ms if "think_ms" in params else None, deals=deals)


def bot_move(params: dict[str, Any]) -> Reply:
    match = _match(params)
    seat = _seat(params, match)
    return {"action": _bot_choice(params, match, seat)}


def _bot_choice(params: dict[str, Any], match: AnyMatch, seat: int) -> Action:
    """The computer's move: the lesson's, while its script lasts; else its bot's."""
    taught = _lessons.get(params["handle"])
    move = scripted(taught, match, seat) if taught is not None else None
    return move if move is not None else match.bot_move(seat, _budget(params))


def bot_act(params: dict[str, Any]) -> Reply:
    match = _match(params)
    seat = _seat(params, match)
    action = _bot_choice(params, match, seat)
    events = with_sounds(match.act(seat, action))
    return {"action": action, "events": events, "recorded": match.actions[-1]}


def hint(params: dict[str, Any]) -> Reply:
    """ "Suggest a move": what the Hard player would do in this seat, from this seat's view and the
    public history only, with a one-line reason. Changes nothing."""
    match = _match(params)
    seat = _seat(params, match)
    decision = decide(SEARCH[match.module.GAME_ID], *match.knowledge(seat), _budget(params))
    return {"action": decision.action, "reason": decision.reason()}


def undo(params: dict[str, Any]) -> Reply:
    match = _match(params)
    match.undo(_seat(params, match))
    return {"ok": True}


def close(params: dict[str, Any]) -> Reply:
    _match(params)
    del _matches[params["handle"]]
    _lessons.pop(params["handle"], None)
    return {"ok": True}


# --- Between games (between.py) ---------------------------------------------------------------------


def _finished(params: dict[str, Any]) -> tuple[AnyMatch, list[Move]]:
    """A fresh match of the `record` given, and its actions; the record is read as `load` reads it."""
    try:
        return _match_from_record(params.get("record"))
    except GameError as error:
        raise GameError("bad_save", msg("This saved game could not be read: {why}", why=error.text)) from None


def game_stats(params: dict[str, Any]) -> Reply:
    """Each seat's outcome and the game's own figures, from a finished game's record."""
    return {"stats": between.game_stats(*_finished(params))}


def open_replay(params: dict[str, Any]) -> Reply:
    """A finished game's record, opened to be watched again (`replay_view`)."""
    replay = between.Replay(*_finished(params))
    key = f"r{next(_handles)}"
    _replays[key] = replay
    return {"handle": key, "info": replay.match.info(), "moves": len(replay.actions)}


def replay_view(params: dict[str, Any]) -> Reply:
    """The view of `seat` (null: the public table) after `move` moves; with `open`, every hand too."""
    key = params.get("handle")
    if not isinstance(key, str) or key not in _replays:
        raise GameError("unknown_handle", msg("That game is not open (it may have been closed)."))
    replay = _replays[key]
    match = replay.at(params.get("move"))
    hands = replay.hands() if params.get("open") is True else None
    return {"view": _seen(params, match), "move": len(match.actions), "moves": len(replay.actions), "hands": hands}


def close_replay(params: dict[str, Any]) -> Reply:
    key = params.get("handle")
    if not isinstance(key, str) or _replays.pop(key, None) is None:
        raise GameError("unknown_handle", msg("That game is not open (it may have been closed)."))
    return {"ok": True}


def deal_again(params: dict[str, Any]) -> Reply:
    """A new match of a finished game's deal: its seed, options and setup; each player `rotate`
    seats on (0: the same seats)."""
    match, actions = _finished(params)
    between.game_stats(match, actions)  # the game must be over (and whole)
    rotate = params.get("rotate", 0)
    if isinstance(rotate, bool) or not isinstance(rotate, int):
        raise GameError("bad_request", msg("rotate is a number of seats."))
    seats = between.rotated(match.seats, rotate)
    again = Match(match.module, match.bots, asdict(match.options), seats, match.seed, match.setup)
    return _open(again) | {"again_of": match.id}


# A checkpoint is the game's state as data, messages and all: rendered, it would no longer fit its digest.
UNRENDERED = {"checkpoint", "save"}
METHODS: dict[str, Callable[[dict[str, Any]], Reply]] = {
    f.__name__: f
    for f in (
        list_games,
        new_game,
        new_lesson,
        lesson,
        load,
        save,
        checkpoint,
        info,
        summary,
        view,
        read_table,
        events,
        legal_actions,
        act,
        explain,
        bot_move,
        bot_act,
        hint,
        undo,
        close,
        game_stats,
        open_replay,
        replay_view,
        close_replay,
        deal_again,
    )
}

"""Every sentence the engine can show, in English, Punjabi and Gujarati (core/i18n.py, tools/i18n.py).

* The catalogs: Punjabi and Gujarati have every msgid the code has (engine and page), with the same
  {fields}; a missing one fails here, not on a player's screen.
* Random games of every game, with many options: every message in every event, view, info and
  refusal renders in all three languages from a real translation (not the English fallback), and no
  English prose escapes into a view without going through a message.
* The API: `lang` picks the language of a whole reply, errors included, and changes no game.
* The code: every `msg`/`plural` names its msgid literally (or the extractor would miss it).
"""

import ast
import importlib.util
import random
import re
from pathlib import Path

import pytest

from pygames_wasm import api
from pygames_wasm.bots import BOTS
from pygames_wasm.core.errors import GameError
from pygames_wasm.core.i18n import LANGUAGES, catalog, is_message, listed, msg, plural, render, rendered
from pygames_wasm.core.match import Match
from pygames_wasm.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Bob", "Cy", "Dee"]
PROSE = re.compile(r"[A-Za-z]{2,}[,.:;]? [a-z]{2,}")  # English words in a row: a sentence, not an id


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


TOOL = _tool()


def translated_ids(lang: str, domain: str) -> set:
    """The msgids a language really translates (not fuzzy, not empty) in a domain."""
    ids = set()
    for m in TOOL.read(domain, lang):
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        if m.id and not m.fuzzy and all(strings):
            ids.add(m.id if isinstance(m.id, str) else m.id[0])
    return ids


OTHERS = [lang for lang in LANGUAGES if lang != "en"]
TRANSLATED = {(lang, domain): translated_ids(lang, domain) for lang in OTHERS for domain in ("core", *TOOL.GAMES)}


def messages(tree):
    """Every message in a JSON-like tree, nested ones (a message's parameters) included. A row of items
    (core/i18n.py `series`) is read through its two sentences, e.g. "{first} and {last}" and
    "{first}, {rest}"."""
    if is_message(tree) and "list" in tree:
        yield {"msg": tree["msg"], "args": {"first": "A", "last": "B", "rest": "B"}}
        yield {"msg": tree["each"], "args": {"first": "A", "rest": "B"}}
        yield from messages(tree["list"])
    elif is_message(tree):
        yield tree
        for value in tree.get("args", {}).values():
            yield from messages(value)
    elif isinstance(tree, dict):
        for value in tree.values():
            yield from messages(value)
    elif isinstance(tree, list):
        for value in tree:
            yield from messages(value)


def untranslated(tree, game: str) -> list:
    """What does not render from a real translation: a msgid that neither the game's catalog nor core
    has in a language, or a translation whose {fields} do not fit the message's parameters (render
    would fall back to English)."""
    found = []
    for message in messages(tree):
        for lang in OTHERS:
            if message["msg"] not in TRANSLATED[lang, game] | TRANSLATED[lang, "core"]:
                found.append(f"{lang}: no translation of {message['msg']!r}")
                continue
            words = catalog(lang, game)
            text = (
                words.ngettext(message["msg"], message["plural"], message["n"])
                if "plural" in message
                else words.gettext(message["msg"])
            )
            try:
                text.format(
                    **{k: render(v, lang, game) if is_message(v) else v for k, v in message.get("args", {}).items()}
                )
            except (KeyError, IndexError, ValueError) as error:
                found.append(f"{lang}: {message['msg']!r} does not format: {error!r}")
    return found


def prose_outside_messages(tree, path="view") -> list:
    """English sentences in a game's own view that are plain strings, not messages."""
    if is_message(tree):
        return []
    if isinstance(tree, dict):
        return [p for key, value in tree.items() for p in prose_outside_messages(value, f"{path}.{key}")]
    if isinstance(tree, list):
        return [p for i, value in enumerate(tree) for p in prose_outside_messages(value, f"{path}[{i}]")]
    return [f"{path}: {tree!r}"] if isinstance(tree, str) and PROSE.search(tree) else []


# --- The catalogs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("domain", TOOL.DOMAINS)
def test_punjabi_and_gujarati_have_every_message_the_code_has(domain):
    assert [p for lang in TOOL.LANGUAGES for p in TOOL.problems(domain, lang)] == []


def test_the_check_finds_a_missing_translation_and_a_wrong_field(tmp_path, monkeypatch):
    """The catalog check itself: a msgid with no msgstr, and a msgstr whose field is misspelt."""
    source = tmp_path / "game.py"
    source.write_text('msg("{name} wins.")\nmsg("Hello.")\n')
    monkeypatch.setattr(TOOL, "domain_files", lambda domain: [source])
    monkeypatch.setattr(TOOL, "ROOT", tmp_path)
    monkeypatch.setattr(TOOL, "po_path", lambda domain, lang: tmp_path / f"{lang}.po")
    (tmp_path / "pa.po").write_text('msgid "{name} wins."\nmsgstr "{naam} ਜਿੱਤਿਆ।"\n', encoding="utf-8")
    found = TOOL.problems("core", "pa")
    assert any("'{name} wins.' has fields ['naam']" in p for p in found)
    assert any("no translation of 'Hello.'" in p for p in found)


# --- Random games: everything the engine says ----------------------------------------------------


def option_sets(module, rng: random.Random, count: int) -> list:
    """The presets, then random choices of every yes/no and choice option (numbers at their default)."""
    sets = [p["options"] for p in module.info()["presets"]]
    for _ in range(count):
        chosen = {}
        for spec in module.OPTION_SPECS:
            if spec.type == "bool":
                chosen[spec.key] = rng.random() < 0.5
            elif spec.type == "choice":
                chosen[spec.key] = rng.choice([v for v, _ in spec.choices])
        sets.append(chosen)
    return sets


def refusals(match: Match, seat: int, rng: random.Random) -> list:
    """The refusals of a few wrong moves here: another seat's move, a card nobody has, a bad field."""
    n = len(match.seats)
    legal = match.view(seat)["actions"]
    tries = [dict(rng.choice(legal), card="ZZ"), {**rng.choice(legal), "extra": 1}, {"type": "nonsense"}, {}]
    tries += rng.sample(legal, min(4, len(legal)))
    found = [match.explain((seat + 1) % n, action) for action in tries[-4:]]
    found += [match.explain(seat, action) for action in tries[:4]]
    return [why for why in found if why is not None]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_message_of_random_games_renders_in_every_language(game):
    module, rng = GAMES[game], random.Random(13)
    info = module.info()
    seen, problems, leaks = {}, set(), set()

    def look(tree):
        for message in messages(tree):
            seen.setdefault(message["msg"], message)

    look(info)
    lo, hi = info["players"]["min"], min(info["players"]["max"], 4)
    for i, options in enumerate(option_sets(module, rng, 4)):
        players = lo if game == "canasta" else rng.randint(lo, hi)
        kinds = ["normal", "random"] * 2
        seats = [{"name": NAMES[s], "kind": "bot", "bot": kinds[s]} for s in range(players)]
        match = Match(module, BOTS[game], options, seats, seed=1000 + i)
        look(match.info())
        moves = 0
        while not match.state.over and moves < 3000:
            seat = module.to_act(match.state)
            if moves % 7 == 0:
                for who in [None, *range(players)]:
                    view = module.view(match.state, who)
                    look(view)
                    leaks.update(prose_outside_messages(view))
                look(refusals(match, seat, rng))
            look(match.act(seat, match.bot_move(seat)))
            moves += 1
        final = [module.view(match.state, who) for who in [None, *range(players)]]
        look(final)
        look(match.summary())
        for view in final:
            leaks.update(prose_outside_messages(view))
    for message in seen.values():
        problems.update(untranslated(message, game))
    assert sorted(problems) == []
    assert sorted(leaks) == []
    assert len(seen) > 40  # the games said many different things


# --- The API --------------------------------------------------------------------------------------


def test_lang_renders_a_whole_reply_and_changes_no_game():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot", "bot": "normal"}]
    game = api.call("new_game", {"game": "own_trumps", "seats": seats, "seed": 5})
    handle = game["handle"]
    views = {lang: api.call("view", {"handle": handle, "seat": 0, "lang": lang})["view"] for lang in LANGUAGES}
    said = {lang: api.call("read_table", {"handle": handle, "seat": 0, "lang": lang})["text"] for lang in LANGUAGES}
    assert said["en"] != said["pa"] != said["gu"]
    assert re.search("[\u0a00-\u0a7f]", said["pa"])  # Gurmukhi
    assert re.search("[\u0a80-\u0aff]", said["gu"])  # Gujarati
    assert views["en"]["events"] != views["pa"]["events"] != views["gu"]["events"]
    assert api.call("view", {"handle": handle, "seat": 0})["view"] == views["en"]
    assert views["pa"]["actions"] == views["en"]["actions"]  # only words change
    assert api.call("save", {"handle": handle, "lang": "pa"}) == api.call("save", {"handle": handle})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_message_leaves_the_api_unsaid(game):
    """Every reply reaches the page in words: parts of a view made as already said (core/i18n.py
    `Said`, which the walk for words skips) must hold no message, in any language, early or late."""
    module, rng = GAMES[game], random.Random(21)
    players = module.info()["players"]["min"] if game == "canasta" else 3
    seats = [{"name": NAMES[s], "kind": "human"} for s in range(players)]
    for lang in LANGUAGES:
        handle = api.call("new_game", {"game": game, "seats": seats, "seed": 40, "lang": lang})["handle"]
        for move in range(400):
            replies = [api.call("view", {"handle": handle, "seat": None, "lang": lang})]
            view = replies[0]["view"]
            if view["over"]:
                break
            seat = view["to_act"]
            replies.append(api.call("view", {"handle": handle, "seat": seat, "lang": lang}))
            replies.append(api.call("legal_actions", {"handle": handle, "seat": seat, "lang": lang}))
            actions = replies[-1]["actions"]
            replies.append(
                api.call("act", {"handle": handle, "seat": seat, "action": rng.choice(actions), "lang": lang})
            )
            assert list(messages(replies)) == [], (lang, move)
        api.call("close", {"handle": handle})


def test_refusals_come_in_the_requested_language():
    english = api.call("view", {"handle": "nope"})["error"]
    punjabi = api.call("view", {"handle": "nope", "lang": "pa"})["error"]
    assert english == {"code": "unknown_handle", "message": "That game is not open (it may have been closed)."}
    assert punjabi == {"code": "unknown_handle", "message": "ਇਹ ਖੇਡ ਖੁੱਲ੍ਹੀ ਨਹੀਂ ਹੈ (ਸ਼ਾਇਦ ਬੰਦ ਹੋ ਗਈ ਹੈ)।"}


def test_a_language_is_named_by_its_code_and_others_are_refused():
    assert api.call("list_games", {"lang": "pa-IN"}) == api.call("list_games", {"lang": "pa"})
    assert api.call("list_games", {"lang": "GU"}) == api.call("list_games", {"lang": "gu"})
    for bad in ("fr", 7, "", ["pa"]):
        error = api.call("list_games", {"lang": bad})["error"]
        assert error["code"] == "bad_request" and "There is no language" in error["message"], bad


def test_the_history_can_be_read_again_in_another_language():
    seats = [{"name": "Ann", "kind": "bot", "bot": "normal"}, {"name": "Bob", "kind": "bot", "bot": "normal"}]
    handle = api.call("new_game", {"game": "ono99", "seats": seats, "seed": 9})["handle"]
    said = []
    for _ in range(6):
        said += api.call("bot_act", {"handle": handle, "seat": api.call("view", {"handle": handle})["view"]["to_act"]})[
            "events"
        ]
    english = api.call("events", {"handle": handle})["events"]
    assert [e["text"] for e in english][-len(said) :] == [e["text"] for e in said]
    punjabi = api.call("events", {"handle": handle, "lang": "pa"})["events"]
    assert [e["n"] for e in punjabi] == [e["n"] for e in english]
    assert all(p["text"] != e["text"] for p, e in zip(punjabi, english))
    later = api.call("events", {"handle": handle, "since": english[-2]["n"]})["events"]
    assert later == english[-1:]
    assert api.call("events", {"handle": handle, "since": "x"})["error"]["code"] == "bad_request"


def test_a_match_s_options_can_be_read_again_in_another_language():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    opened = api.call("new_game", {"game": "ono99", "seats": seats, "seed": 9})
    english = api.call("info", {"handle": opened["handle"]})["info"]
    assert english == opened["info"]
    punjabi = api.call("info", {"handle": opened["handle"], "lang": "pa"})["info"]
    assert punjabi["options"] == english["options"] and punjabi["seats"] == english["seats"]
    assert len(punjabi["options_text"]) == len(english["options_text"])
    assert all(re.search("[\u0a00-\u0a7f]", line) for line in punjabi["options_text"])


def test_undo_forgets_the_events_of_the_move_taken_back():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    handle = api.call("new_game", {"game": "ono99", "seats": seats, "seed": 9})["handle"]
    before = api.call("events", {"handle": handle})["events"]
    seat = api.call("view", {"handle": handle})["view"]["to_act"]
    action = api.call("legal_actions", {"handle": handle, "seat": seat})["actions"][0]
    assert api.call("act", {"handle": handle, "seat": seat, "action": action})["events"]
    api.call("undo", {"handle": handle, "seat": seat})
    assert api.call("events", {"handle": handle})["events"] == before


# --- Messages -------------------------------------------------------------------------------------


def test_a_message_renders_its_parameters_in_the_same_language():
    card = msg("Queen of {suit}", suit=msg("hearts"))
    sentence = msg("The last move was {name}'s, not yours.", name=listed(["Ann", "Bob"]))
    assert render(card) == "Queen of hearts" and render(card, "pa") == "ਪਾਨ ਦੀ ਬੇਗੀ"
    assert render(card, "gu") == "લાલની રાણી"
    assert render(sentence, "pa") == "ਆਖ਼ਰੀ ਚਾਲ Ann ਅਤੇ Bob ਦੀ ਸੀ, ਤੁਹਾਡੀ ਨਹੀਂ।"
    assert render(plural("{n} card", "{n} cards", 1)) == "1 card"
    assert (
        render(
            plural(
                "{n} card",
                "{n} cards",
                2,
            ),
            "gu",
        )
        == "2 કાર્ડ"
    )
    assert render(plural("{n} card", "{n} cards", 1), "gu") == "1 કાર્ડ"
    assert rendered({"a": [card, {"b": 3}]}, "pa") == {"a": ["ਪਾਨ ਦੀ ਬੇਗੀ", {"b": 3}]}


def test_a_message_is_put_into_words_once_per_language_and_game(monkeypatch):
    """Views show the same events and card names move after move: each message (never changed once
    made) is put into words once per language and game, however often it is shown."""
    from pygames_wasm.core import i18n

    made = []
    real = i18n._render
    monkeypatch.setattr(i18n, "_render", lambda text, lang, domain: made.append(lang) or real(text, lang, domain))
    event = msg("{name} played {card}.", name="Ann", card=msg("Queen of {suit}", suit=msg("hearts")))
    views = [rendered({"events": [{"n": 1, "text": event}]}, lang) for lang in ("en", "pa", "en", "pa", "pa")]
    assert views[0] == views[2] == {"events": [{"n": 1, "text": "Ann played Queen of hearts."}]}
    assert views[1] == views[3] == views[4] != views[0]
    assert made.count("en") == 3 and made.count("pa") == 3  # the sentence, the card, the suit: once each
    assert render(dict(event), "pa") == views[1]["events"][0]["text"]  # an equal message, not the same one
    for n in range(2 * i18n.MEMO_SIZE + 1):  # far more messages than are remembered: each reads right
        assert render(msg("{n} cards", n=n)) == f"{n} cards"
    assert render(event) == "Ann played Queen of hearts."


def test_a_fixed_value_is_put_into_words_once_per_language(monkeypatch):
    """A score sheet (never changed once made, and shown in every view after its hand) is walked once
    per language, however often it is shown, and reads as the same value walked afresh; a value no
    longer known as fixed is walked again, and still reads right."""
    from copy import deepcopy

    from pygames_wasm.core import i18n

    walks = []
    real = i18n._walked
    monkeypatch.setattr(i18n, "_walked", lambda value, lang, domain: walks.append(lang) or real(value, lang, domain))
    sheet = {"hand": 1, "lines": [{"team": 0, "text": msg("{n} cards", n=3)}], "note": msg("hearts")}
    fresh = deepcopy(sheet)
    i18n.fixed(sheet)
    for lang in ("en", "pa", "en", "pa", "gu"):
        assert rendered({"sheets": [sheet]}, lang) == rendered({"sheets": [fresh]}, lang)
    assert walks == ["en", "pa", "gu"]
    assert rendered(sheet, "pa")["note"] != "hearts"  # in Punjabi
    for _ in range(i18n.FIXED_KEPT):  # more fixed values than are known: the sheet is walked as any value
        i18n.fixed({})
    assert rendered(sheet, "pa") == rendered(fresh, "pa") and walks.count("pa") == 1


def test_a_game_s_own_words_come_before_another_game_s():
    """Two games may translate one English sentence differently: a game's text looks in its own catalog
    first (core/i18n.py), so it never shows the other game's words."""
    first, second = catalog("pa", "ono99"), catalog("pa", "canasta")
    assert first is not second and catalog("pa", "ono99") is first
    assert render(msg("Easy"), "pa", "ono99") == render(msg("Easy"), "pa", "canasta") == "ਸੌਖਾ"  # core


def test_the_other_games_catalogs_are_read_only_when_a_msgid_needs_them(monkeypatch):
    """A game's catalog chain reads its own file and core's at once, and the other games' only when a
    msgid is asked for that those two lack (a page's first game, or a resume, reads two files, not five)."""
    from pygames_wasm.core import i18n

    monkeypatch.setattr(i18n, "_catalogs", {})
    seats = [{"name": n, "kind": "bot", "bot": "normal"} for n in ("Ann", "Bob", "Cy", "Dee")]
    handle = api.call("new_game", {"game": "canasta", "seats": seats, "seed": 4})["handle"]
    for _ in range(30):
        api.call("bot_act", {"handle": handle, "seat": api.call("view", {"handle": handle})["view"]["to_act"]})
    assert api.call("read_table", {"handle": handle, "seat": 0, "lang": "pa"})["text"]
    chain = catalog("pa", "canasta")
    while not isinstance(chain, i18n._Later):
        chain = chain._fallback
    assert chain._words is None  # the other games' catalogs were never read
    three_up_only = "Who plays first in each round."
    assert catalog("pa", "three_up").gettext(three_up_only) != three_up_only
    assert catalog("pa", "canasta").gettext(three_up_only) == catalog("pa", "three_up").gettext(three_up_only)
    assert chain._words is not None


def test_a_checkpoint_keeps_its_messages_so_it_still_fits_its_game():
    seats = [{"name": "Ann", "kind": "bot", "bot": "normal"}, {"name": "Bob", "kind": "bot", "bot": "normal"}]
    handle = api.call("new_game", {"game": "ono99", "seats": seats, "seed": 9})["handle"]
    for _ in range(8):
        api.call("bot_act", {"handle": handle, "seat": api.call("view", {"handle": handle})["view"]["to_act"]})
    record = api.call("save", {"handle": handle, "lang": "pa"})["record"]
    saved = api.call("checkpoint", {"handle": handle, "lang": "pa"})["checkpoint"]
    resumed = api.call("load", {"record": record, "checkpoint": saved, "lang": "pa"})
    assert resumed["resumed_at"] == len(record["actions"])


def test_an_unknown_msgid_falls_back_to_english():
    assert render(msg("Not in any catalog, {name}.", name="Ann"), "pa") == "Not in any catalog, Ann."


PICKS_UP = plural("{name} picks up the pile ({n} card).", "{name} picks up the pile ({n} cards).", 2, name="Ann")


@pytest.mark.parametrize(
    "message",
    [
        PICKS_UP | {"n": "2"},  # a count gettext cannot read: it raises on a string, None, a list
        PICKS_UP | {"n": None},
        PICKS_UP | {"plural": "{name} takes it."},  # a plural form that is not the catalog's
        msg("{name} picks up the pile ({n} card)."),  # a known msgid whose fields are not given...
        msg("{name} goes out!", name="Ann"),  # ...and one that is whole
    ],
)
def test_a_message_renders_in_every_language_exactly_when_it_renders_in_english(message):
    """What lets a resume check a checkpoint's messages in English alone (core/i18n.py `well_formed`):
    a translation that cannot be used gives the English sentence, never an error."""
    try:
        english = render(message, "en")
    except Exception:
        english = None
    for lang in OTHERS:
        if english is None:
            with pytest.raises(KeyError):
                render(message, lang, "canasta")
        else:
            assert isinstance(render(message, lang, "canasta"), str), lang


def test_an_error_keeps_its_message_and_renders_it_per_language():
    error = GameError("cannot_undo", msg("There is no move to take back."))
    assert error.message == str(error) == "There is no move to take back."
    assert error.to_dict("gu") == {"code": "cannot_undo", "message": "પાછી લેવા જેવી કોઈ ચાલ નથી."}


# --- The code -------------------------------------------------------------------------------------


def engine_calls():
    for path in sorted((ROOT / "pygames_wasm").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                yield path.relative_to(ROOT), node


def is_literal(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def test_every_message_names_its_msgid_literally():
    """The extractor reads the code: a msgid made at run time would never reach a catalog."""
    bad = []
    for path, call in engine_calls():
        name = call.func.id
        if name == "msg" and not (call.args and is_literal(call.args[0])):
            bad.append(f"{path}:{call.lineno} msg")
        if name == "plural" and not (len(call.args) >= 2 and all(map(is_literal, call.args[:2]))):
            bad.append(f"{path}:{call.lineno} plural")
    assert bad == []


def test_the_extractor_finds_every_message_in_the_code():
    """Babel reads the code as tokens, not as Python: a msgid it missed would never reach a catalog."""
    extracted = {
        m.id if isinstance(m.id, str) else m.id[0]
        for domain in ("core", *TOOL.GAMES)
        for m in TOOL.extract(domain)
        if m.id
    }
    in_code = {
        (path, call.args[0].value)
        for path, call in engine_calls()
        if call.func.id in ("msg", "plural") and call.args and is_literal(call.args[0])
    }
    assert sorted(f"{path}: {text!r}" for path, text in in_code if text not in extracted) == []


def test_no_refusal_or_event_is_plain_english():
    """A GameError or a logged event takes a message, never a string: a string would stay English."""
    bad = []
    for path, call in engine_calls():
        text = (
            call.args[1]
            if call.func.id == "GameError" and len(call.args) > 1
            else call.args[2]
            if call.func.id == "log" and len(call.args) > 2
            else None
        )
        if isinstance(text, (ast.JoinedStr, ast.Constant, ast.BinOp)):
            bad.append(f"{path}:{call.lineno} {call.func.id}")
    assert bad == []


def test_read_all_leaves_no_catalog_to_read_from_a_file(monkeypatch):
    """The page's start-up snapshot is taken after `read_all`, and a start from it has none of the
    engine's files (web/engine/python-boot.js): every language must then find every game's words,
    those of another game too (in the catalogs a chain reads only when asked), without a file."""
    import gettext

    from pygames_wasm.core import i18n

    def words_of(lang: str, domain: str) -> dict:
        with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo", "rb") as f:
            found = vars(gettext.GNUTranslations(f))["_catalog"]  # (no public accessor)
        return {k: v for k, v in found.items() if isinstance(k, str) and k}

    words = {(lang, d): words_of(lang, d) for lang in LANGUAGES[1:] for d in ("core", *GAMES)}
    monkeypatch.setattr(i18n, "_catalogs", {})
    i18n.read_all((None, *GAMES))

    def no_file(*args, **kwargs):
        raise AssertionError(f"a catalog was read from a file: {args}")

    monkeypatch.setattr(i18n, "open", no_file, raising=False)  # the module's `open` shadows the builtin
    for lang in LANGUAGES[1:]:
        for domain in GAMES:
            near = set(words[(lang, domain)]) | set(words[(lang, "core")])
            other = next(g for g in GAMES if g != domain)
            msgid, translated = next((k, v) for k, v in words[(lang, other)].items() if k not in near)
            assert i18n.catalog(lang, domain).gettext(msgid) == translated, (lang, domain, msgid)

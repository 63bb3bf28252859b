"""Player-facing text as data, rendered in the player's language only when a view or an error is made.

A message is a small JSON dict: a gettext msgid (the English sentence, with `{named}` fields) and its
parameters, e.g. `msg("{name} played {card}.", name="Asha", card=card_name)`. States, saves and events
keep messages, never words, so switching language re-renders everything, and a new language is a new
catalog (`pygames_wasm/locale/<lang>/LC_MESSAGES/*.po`, compiled to `.mo` by `tools/i18n.py`), not code.

A parameter is a plain value (a name, a number: numbers stay in Western digits in every language, see
docs/glossary-pa.md) or another message (a card's name, a list of names), rendered in the same language
first. A msgid with no translation falls back to English, as gettext does.

Each game has its own catalog (domain), and `core` has the shared words. Two games may say the same
English sentence in different words ("Your turn." is not the same line in every game), so a game's text
is rendered with its own domain first (`domain=` the game id), then core, then the others.
"""

import gettext
import marshal
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# English (the msgids, and the fallback), then every language with catalogs: a new language is new files.
LANGUAGES = ("en", *sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir()))
_catalogs: dict[tuple[str, str | None], gettext.NullTranslations] = {}

# A message as data: {"msg": msgid, "args": {...}}, and the plural and `series` forms below. Its
# parameters are plain values or messages, so its values are of any JSON kind.
Message = dict[str, Any]
# What a player reads: a message, or words that are never translated (a player's name, a team's own name).
Text = Message | str
JsonT = TypeVar("JsonT")


def msg(text: str, **args: object) -> Message:
    """A message: `text` is the English msgid (the extractor's keyword is `msg`)."""
    return {"msg": text, "args": args} if args else {"msg": text}


def plural(one: str, many: str, n: int, **args: object) -> Message:
    """A message whose words follow a count: `{n}` is the count, in both forms."""
    return {"msg": one, "plural": many, "n": n, "args": {"n": n, **args}}


# How items in a row read. A row is one flat message (`series`), whatever its length: a row nested an
# item deep, as rows once were, made a long pick-up deeper than a request may be.
AND = msg("{first} and {last}")  # "Bob and Cy"; before it, each item is put in front with a comma
COMMAS = msg("{first}, {rest}")
SEMICOLONS = msg("{first}; {rest}")
SPACES = msg("{first} {rest}")


def series(items: Sequence[Text], last_two: Message, each: Message) -> Text:
    """`items` (words or messages) in a row: the last two joined by `last_two` ("{first} and {last}"),
    and each item before them put in front of the rest by `each` ("{first}, {rest}")."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return {"msg": last_two["msg"], "each": each["msg"], "list": list(items)}


def listed(items: Sequence[Text]) -> Text:
    """'Bob', 'Bob and Cy', 'Bob, Cy and Dee', as a message (items may be messages themselves)."""
    return series(items, AND, COMMAS)


def commas(items: Sequence[Text]) -> Text:
    """'7♥, 8♠, 9♣' (no "and"), as a message."""
    return series(items, COMMAS, COMMAS)


def semicolons(items: Sequence[Text]) -> Text:
    """'a; b; c', as a message."""
    return series(items, SEMICOLONS, SEMICOLONS)


def spaced(items: Sequence[Text]) -> Text:
    """'7♥ 7♠ Joker', as a message."""
    return series(items, SPACES, SPACES)


def is_message(value: object) -> TypeGuard[Message]:
    return type(value) is dict and "msg" in value


def messages(tree: object) -> Iterator[Message]:
    """The outermost messages in a JSON-like tree (their parameters are inside them)."""
    if is_message(tree):
        yield tree
    elif isinstance(tree, dict):
        for value in tree.values():
            yield from messages(value)
    elif isinstance(tree, (list, tuple)):
        for value in tree:
            yield from messages(value)


def well_formed(message: object) -> bool:
    """Whether a message from outside the engine (a checkpoint's) renders: a message that does not would
    fail every view that shows it. English is the one to try: in another language a translation that
    cannot be used gives the English sentence (`_words`), so a message renders in every language if it
    renders in English, and a resume need not read every language's catalogs to know."""
    try:
        return isinstance(render(message, "en"), str)
    except Exception:
        return False


def catalog(lang: str, domain: str | None = None) -> gettext.NullTranslations:
    """A language's compiled catalogs chained: `domain` first, then core, then the other games. English,
    or a language whose catalogs are missing, gives the msgids themselves. The other games' catalogs
    are read only if a msgid is asked for that the first two lack (a game's text hardly ever is)."""
    key = (lang, domain)
    if key not in _catalogs:
        files = sorted(
            (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo"),
            key=lambda mo: (mo.stem != domain, mo.stem != "core", mo.stem),
        )
        first = 2 if domain is not None else 1  # the game's own and core's, or core's alone
        _catalogs[key] = _chained(files[:first], _Later(files[first:]) if files[first:] else None)
    return _catalogs[key]


def read_all(domains: Iterable[str | None]) -> None:
    """Every language's catalogs for `domains` read from their files now, those a chain reads only when
    asked (`_Later`) too: the page's start-up snapshot keeps them, and a start from it has none of the
    engine's files (web/engine/python-boot.js)."""
    for lang in LANGUAGES:
        for domain in domains:
            words: gettext.NullTranslations | None = catalog(lang, domain)
            while words is not None:
                if isinstance(words, _Later):
                    words._read()
                words = vars(words).get("_fallback")  # gettext keeps a chain's next here, with no accessor


def _chained(files: list[Path], last: gettext.NullTranslations | None = None) -> gettext.NullTranslations:
    """The catalogs of `files` read, each asked when the ones before lack a msgid, then `last`."""
    chain = None
    for mo in files:
        with open(mo, "rb") as f:
            words = gettext.GNUTranslations(f)
        if chain is None:
            chain = words
        else:
            chain.add_fallback(words)  # asked only when the ones before lack the msgid
    if last is not None:
        if chain is None:
            return last
        chain.add_fallback(last)
    return chain or gettext.NullTranslations()


class _Later(gettext.NullTranslations):
    """The end of a chain of catalogs, read from its files the first time it is asked."""

    def __init__(self, files: list[Path]) -> None:
        super().__init__()
        self._files = files
        self._words: gettext.NullTranslations | None = None

    def _read(self) -> gettext.NullTranslations:
        if self._words is None:
            self._words = _chained(self._files)
        return self._words

    def gettext(self, message: str) -> str:
        return self._read().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._read().ngettext(msgid1, msgid2, n)


def render(text: object, lang: str = "en", domain: str | None = None) -> str:
    """A message (or a plain string) in words. A translation that cannot be used (its fields do not fit
    the message's) falls back to the English sentence rather than failing a move (tests/test_i18n.py
    keeps that from happening to the game's own messages)."""
    if type(text) is not dict or "msg" not in text:
        return text if isinstance(text, str) else str(text)
    return _remembered(text, lang, domain, _render)


# Words already found, by the message's identity: a message is never changed once made (states share
# them, and undo's copies too: core/state_copy.py), so the same object always reads the same. Views
# show the same events, card names and score sheets move after move: each is put into words once.
# An entry keeps its message, so that no other object can take its id while the entry lives. A
# language's memo is emptied when it is full: what is still shown is found again, once.
MEMO_SIZE = 4096
_memos: dict[tuple[str, str | None], dict[int, tuple[Any, Any]]] = {}


def _remembered(value: Any, lang: str, domain: str | None, make: Callable[[Any, str, str | None], Any]) -> Any:
    """`make(value, lang, domain)`, found once for as long as it is used: `value` never changes."""
    memo = _memos.get((lang, domain))
    if memo is None:
        memo = _memos[lang, domain] = {}
    hit = memo.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    words = make(value, lang, domain)
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[id(value)] = (value, words)
    return words


# Values besides messages that are never changed once made (a game's score sheets, parsed once a hand
# and shown in every view): their words are remembered as a message's are, and so are found once per
# language, not once per view. The last FIXED_KEPT of them are known; an older one is walked again.
FIXED_KEPT = 256
_fixed: dict[int, Any] = {}


def fixed(value: JsonT) -> JsonT:
    """`value` (a dict or a list of plain dicts, lists, strings, numbers and messages), which nothing
    changes from now on, marked so that its words are found once per language (and copied into each
    reply that is its caller's to change)."""
    if _fixed.get(id(value)) is value:
        return value
    if len(_fixed) >= FIXED_KEPT:  # (a value known here is alive, so a new one never has its id)
        del _fixed[next(iter(_fixed))]
    _fixed[id(value)] = value
    return value


def _render(text: Message, lang: str, domain: str | None) -> str:
    if "list" in text:
        return _joined(text, [render(item, lang, domain) for item in text["list"]], lang, domain)
    args = {
        key: render(value, lang, domain) if type(value) is dict else value
        for key, value in text.get("args", {}).items()
    }
    return _words(text, args, lang, domain)


def _words(text: Message, args: dict[str, object], lang: str, domain: str | None) -> str:
    """One message's sentence in `lang`, its fields filled with `args` (already words)."""
    english = text["msg"] if "plural" not in text or text["n"] == 1 else text["plural"]
    if lang == "en":
        return english.format(**args)
    words = catalog(lang, domain)
    try:
        translated = (
            words.ngettext(text["msg"], text["plural"], text["n"]) if "plural" in text else words.gettext(text["msg"])
        )
        return translated.format(**args)
    except Exception:  # a translation whose fields do not fit, or a count gettext cannot use (n not a number)
        return english.format(**args)


def _joined(row: Message, items: list[str], lang: str, domain: str | None) -> str:
    """A `series` row in `lang`, its items already words."""
    last_two, each = {"msg": row["msg"]}, {"msg": row["each"]}
    text = _words(last_two, {"first": items[-2], "last": items[-1], "rest": items[-1]}, lang, domain)
    for item in reversed(items[:-2]):
        text = _words(each, {"first": item, "rest": text}, lang, domain)
    return text


_PLAIN = frozenset({str, int, float, bool, type(None)})


class Said(list[Any]):
    """Values with no message left in them (put into words already, or plain data such as a view's
    player lines and melds), made for one reply (its caller's own): `rendered` keeps them as they are
    (it walks only plain dicts and lists), and JSON reads them as a list. tests/test_i18n.py checks
    that no message reaches a reply unsaid."""


class SaidMap(dict[str, Any]):
    """A dict with no message in it (a view's options, say), made for one reply: as `Said`, for a dict."""


_AS_IS = _PLAIN | {Said, SaidMap}  # what the walk for words copies no deeper (no function call for it)


def rendered(value: Any, lang: str = "en", domain: str | None = None, fresh: bool = True) -> Any:
    """A reply (dicts, lists, strings, numbers) with every message in it put into words, in new dicts
    and lists (plain values are never walked into). A `fixed` value's remembered words are copied in
    (from their marshalled bytes) when `fresh`, so that a caller who changes its reply changes nobody
    else's; a reply turned into JSON at once (api.handle, the page's way in) shares them instead."""
    kind = type(value)
    if kind is dict:
        if "msg" in value:
            return render(value, lang, domain)
        if _fixed.get(id(value)) is value:
            words, kept = _remembered(value, lang, domain, _walked)
            return marshal.loads(kept) if fresh else words
        return {k: v if type(v) in _AS_IS else rendered(v, lang, domain, fresh) for k, v in value.items()}
    if kind is list:
        if _fixed.get(id(value)) is value:
            words, kept = _remembered(value, lang, domain, _walked)
            return marshal.loads(kept) if fresh else words
        return [v if type(v) in _AS_IS else rendered(v, lang, domain, fresh) for v in value]
    return value


def _walked(value: Any, lang: str, domain: str | None) -> tuple[Any, bytes]:
    """A fixed dict's or list's words, found once, and kept marshalled as well: a reply that is its
    caller's to change gets its own copy of them from the bytes (`marshal.loads` makes new dicts and
    lists at C speed, twice as fast as a walk). A fixed value is JSON-like, and so are its words."""
    if type(value) is dict:
        words: Any = {k: v if type(v) in _PLAIN else rendered(v, lang, domain) for k, v in value.items()}
    else:
        words = [v if type(v) in _PLAIN else rendered(v, lang, domain) for v in value]
    return words, marshal.dumps(words)

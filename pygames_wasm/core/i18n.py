"""Player-facing text as data, rendered in the player's language only when a view or an error is made.

A message is a small JSON dict: a gettext msgid (the English sentence, with `{named}` fields) and its
parameters, e.g. `msg("{name} played {card}.", name="Asha", card=card_name)`. States, saves and events
keep messages, never words, so switching language re-renders everything, and a new language is a new
catalog (`pygames_wasm/locale/<lang>/LC_MESSAGES/*.po`, compiled to `.mo` by `tools/i18n.py`), not code.

A parameter is a plain value (a name, a number: numbers stay in Western digits in every language, see
docs/glossary-pa.md) or another message (a card's name, a list of names), rendered in the same language
first. A msgid with no translation falls back to English, as gettext does.
"""

import gettext
from pathlib import Path

LANGUAGES = ("en", "pa", "gu")  # English first: the language of the msgids and the fallback
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_catalogs: dict = {}


def msg(text: str, **args) -> dict:
    """A message: `text` is the English msgid (the extractor's keyword is `msg`)."""
    return {"msg": text, "args": args} if args else {"msg": text}


def plural(one: str, many: str, n: int, **args) -> dict:
    """A message whose words follow a count: `{n}` is the count, in both forms."""
    return {"msg": one, "plural": many, "n": n, "args": {"n": n, **args}}


def listed(items: list) -> dict | str:
    """'Bob', 'Bob and Cy', 'Bob, Cy and Dee', as a message (items may be messages themselves)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("{first} and {last}", first=items[0], last=items[1])
    return msg("{first}, {rest}", first=items[0], rest=listed(items[1:]))


def is_message(value) -> bool:
    return type(value) is dict and "msg" in value


def language(code) -> str:
    """The language a request asks for: 'pa', 'pa-IN' and 'PA' are Punjabi; None is English."""
    from .errors import GameError, shown  # errors.py renders with this module

    if code is None:
        return "en"
    base = code.replace("_", "-").split("-")[0].lower() if isinstance(code, str) else None
    if base not in LANGUAGES:
        raise GameError("bad_request", msg("There is no language {code} (only {known}).", code=shown(code),
                                           known=", ".join(LANGUAGES)))
    return base


def catalog(lang: str) -> gettext.NullTranslations:
    """Every compiled catalog of a language, chained (one per domain: core and each game). English, or a
    language whose catalogs are missing, gives the msgids themselves."""
    if lang not in _catalogs:
        chain = gettext.NullTranslations()
        for mo in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo")):
            with open(mo, "rb") as f:
                domain = gettext.GNUTranslations(f)
            domain.add_fallback(chain)
            chain = domain
        _catalogs[lang] = chain
    return _catalogs[lang]


def render(text, lang: str = "en") -> str:
    """A message (or a plain string) in words. A translation whose fields do not fit its msgid falls back
    to the English sentence rather than failing a move (tests/test_i18n.py keeps that from happening)."""
    if not is_message(text):
        return text if isinstance(text, str) else str(text)
    args = {key: render(value, lang) if is_message(value) else value
            for key, value in text.get("args", {}).items()}
    english = text["msg"] if "plural" not in text or text["n"] == 1 else text["plural"]
    if lang == "en":
        return english.format(**args)
    words = catalog(lang)
    translated = words.ngettext(text["msg"], text["plural"], text["n"]) if "plural" in text \
        else words.gettext(text["msg"])
    try:
        return translated.format(**args)
    except (KeyError, IndexError, ValueError):
        return english.format(**args)


def rendered(value, lang: str = "en"):
    """A reply (dicts, lists, strings, numbers) with every message in it put into words."""
    if type(value) is dict:
        return render(value, lang) if "msg" in value else {k: rendered(v, lang) for k, v in value.items()}
    if type(value) is list:
        return [rendered(v, lang) for v in value]
    return value

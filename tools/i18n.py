"""The translation catalogs: gettext `.po` files, kept up to date and compiled with Babel (a dev tool).

    python tools/i18n.py update [DOMAIN ...]   extract every message from the code; add new msgids to each language's
                                   .po (untranslated), drop the ones the code no longer has
    python tools/i18n.py compile   .po -> .mo beside it, which the engine's `gettext` reads (also done by
                                   the build and by the tests)
    python tools/i18n.py check [DOMAIN ...]    list what a language lacks: untranslated, fuzzy, or with fields
                                   ({name}) that differ from the English; exit 1 if anything does

Domains: `core` (the engine's shared sentences, card names, errors), one per game (the game's rules
module and its computer players) and `web` (the page's own strings, `t("...")`/`tn("...", "...", n)`
in web/*.js, and `data-t="..."`/`data-t-label="..."` in web/index.html). The engine's catalogs live in pygames_wasm/locale/<lang>/LC_MESSAGES/<domain>.po, the
page's in web/locale/<lang>/LC_MESSAGES/web.po; the build gives the page one JSON file per language
with every domain (`page_catalog`), since the page names cards and options in the engine's words.
"""

import html
import io
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
ENGINE_LOCALE = ROOT / "pygames_wasm" / "locale"
WEB_LOCALE = ROOT / "web" / "locale"
# Besides English (the language of the msgids): every language with engine catalogs. To add one, make its
# directory (pygames_wasm/locale/<code>/) and run `update`.
LANGUAGES = tuple(sorted(p.name for p in ENGINE_LOCALE.iterdir() if p.is_dir()))
# gettext plural rules Babel's own table lacks. Punjabi and Gujarati have one form for 0 and 1 and another
# for more (CLDR: pa "one: n in 0..1", gu "one: i = 0 or n = 1"). A catalog keeps the rule it was made with.
PLURAL_RULES = {"pa": (2, "(n > 1)"), "gu": (2, "(n > 1)")}
GAMES = ("ono99", "canasta", "three_up", "own_trumps")
PY_KEYWORDS = {"msg": (1,), "plural": (1, 2)}
JS_KEYWORDS = {"t": (1,), "tn": (1, 2)}
FIXED_DATE = datetime(2026, 11, 24, tzinfo=UTC)
FIELD = re.compile(r"(?<!\{)\{([a-z_0-9]*)(?:[:!][^}]*)?\}(?!\})")


def domain_files(domain: str) -> list[Path]:
    """The source files whose messages make up a domain."""
    pkg = ROOT / "pygames_wasm"
    if domain == "web":
        return [ROOT / "web" / "index.html", *sorted((ROOT / "web").rglob("*.js"))]
    if domain == "core":
        game_files = {p for game in GAMES for p in game_sources(game)}
        files = [
            *(pkg / "core").glob("*.py"),
            pkg / "api.py",
            pkg / "between.py",
            *(pkg / "bots").glob("*.py"),
            pkg / "lessons" / "__init__.py",
        ]
        return sorted(p for p in files if p not in game_files)
    return game_sources(domain)


def game_sources(game: str) -> list[Path]:
    pkg = ROOT / "pygames_wasm"
    return sorted(
        [pkg / "games" / f"{game}.py", *(pkg / "bots").glob(f"{game}_*.py"), *(pkg / "lessons").glob(f"{game}.py")]
    )


DOMAINS = ("core", *GAMES, "web")


def po_path(domain: str, lang: str) -> Path:
    base = WEB_LOCALE if domain == "web" else ENGINE_LOCALE
    return base / lang / "LC_MESSAGES" / f"{domain}.po"


HTML_ATTRIBUTES = re.compile(rb'\bdata-t(?:-label)?="([^"]+)"')


def extract_html(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for the page's HTML: the English of every `data-t="..."` (an
    element's text) and `data-t-label="..."` (its aria-label), which web/app/i18n.js fills in the
    chosen language. Yields (lineno, funcname, message, comments) as Babel's methods do."""
    for lineno, line in enumerate(fileobj.read().splitlines(), 1):
        for found in HTML_ATTRIBUTES.finditer(line):
            yield lineno, "t", html.unescape(found.group(1).decode("utf-8")), []


def extract(domain: str) -> Catalog:
    """Every message the domain's code can show, in the order the code has them."""
    template = Catalog(project="pygames-wasm", domain=domain)
    method, keywords = ("javascript", JS_KEYWORDS) if domain == "web" else ("python", PY_KEYWORDS)
    for path in domain_files(domain):
        for _lineno, message, comments, context in extract_from_file(
            extract_html if path.suffix == ".html" else method,
            str(path),
            keywords=keywords,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        ):
            # No line number (None): the catalogs name files only. Babel writes none, though its type says int.
            where = [(str(path.relative_to(ROOT)), None)]
            template.add(message, locations=where, auto_comments=comments, context=context)  # type: ignore[arg-type]
    return template


def read(domain: str, lang: str) -> Catalog:
    path = po_path(domain, lang)
    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="pygames-wasm")
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lang = catalog.locale.language
    if lang in PLURAL_RULES:
        # Babel has no setter, and types these private attributes by their first value, None.
        catalog._num_plurals, catalog._plural_expr = PLURAL_RULES[lang]  # type: ignore[assignment]
    catalog.fuzzy = False
    catalog.header_comment = (
        f"# {catalog.locale.english_name} words of pygames-wasm ({catalog.domain}); "
        f"the terms come from docs/glossary-{lang}.md."
    )
    catalog.project, catalog.version = "pygames-wasm", "1"
    catalog.last_translator = catalog.language_team = "pygames-wasm"
    catalog.creation_date = catalog.revision_date = FIXED_DATE  # no churn in the files on every update
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    path.write_bytes(out.getvalue())


def update(domains=DOMAINS) -> None:
    for domain in domains:
        template = extract(domain)
        for lang in LANGUAGES:
            catalog = read(domain, lang)
            catalog.update(template, no_fuzzy_matching=True)
            write(catalog, po_path(domain, lang))
        print(f"{domain}: {len(template)} messages")


def compile_engine() -> list[Path]:
    """Every engine .po compiled to the .mo beside it (fuzzy entries left out, as gettext does)."""
    made = []
    for lang in LANGUAGES:
        for domain in ("core", *GAMES):
            if not po_path(domain, lang).exists():
                continue
            mo = po_path(domain, lang).with_suffix(".mo")
            out = io.BytesIO()
            write_mo(out, read(domain, lang), use_fuzzy=False)
            if not mo.exists() or mo.read_bytes() != out.getvalue():
                mo.write_bytes(out.getvalue())
            made.append(mo)
    return made


def page_catalog(lang: str) -> dict:
    """One language's words for the page: {msgid: msgstr, or [singular, plural] for a plural}, from the
    page's catalog and, for the msgids the page's code uses, the engine's (the page wins where both have
    a msgid). The engine's other sentences reach the page already rendered, so they are left out."""
    used = {m.id if isinstance(m.id, str) else m.id[0] for m in extract("web") if m.id}
    words: dict[str, object] = {}
    for domain in ("core", *GAMES, "web"):
        for message in read(domain, lang):
            if not message.id or message.fuzzy or not message.string:
                continue
            if (message.id if isinstance(message.id, str) else message.id[0]) not in used:
                continue
            if isinstance(message.id, str):
                words[message.id] = message.string
            elif all(message.string):  # a plural: every form translated
                words[message.id[0]] = list(message.string)
    return {"lang": lang, "messages": words}


def fields(text: str) -> set:
    return set(FIELD.findall(text))


def problems(domain: str, lang: str) -> list[str]:
    """What `lang` lacks for the messages the code has now: every msgid must be translated, not fuzzy,
    with the same {fields} as the English. The page's msgids may be translated by an engine domain."""
    catalog = read(domain, lang)
    engine = [read(d, lang) for d in ("core", *GAMES)] if domain == "web" else []
    found = []
    for message in extract(domain):
        if not message.id:
            continue
        entry = catalog.get(message.id)
        if entry is None or not (entry.string if isinstance(entry.string, str) else any(entry.string or ())):
            # untranslated here (a plural's strings are a tuple of ""): the page may use the engine's words
            entry = next((c.get(message.id) for c in engine if c.get(message.id) is not None), entry)
        key = message.id if isinstance(message.id, str) else message.id[0]
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [] if entry is None else [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
        if entry is None or not all(strings) or entry.fuzzy:
            found.append(f"{lang} {domain}: no translation of {key!r}")
            continue
        want = set().union(*map(fields, english))
        for text in strings:
            if fields(text) - want or (len(english) == 1 and fields(text) != want):
                found.append(f"{lang} {domain}: {key!r} has fields {sorted(fields(text))}, English {sorted(want)}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    chosen = [d for d in argv[1:] if d in DOMAINS] or DOMAINS
    if command == "update":
        update(chosen)
    elif command == "compile":
        print(f"{len(compile_engine())} catalogs compiled")
    elif command == "check":
        found = [p for domain in chosen for lang in LANGUAGES for p in problems(domain, lang)]
        print("\n".join(found) or "every message is translated")
        return 1 if found else 0
    elif command == "page":
        print(json.dumps(page_catalog(argv[1]), ensure_ascii=False))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

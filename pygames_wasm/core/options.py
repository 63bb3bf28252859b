"""Game options as one typed table: each game lists its OptionSpecs; presets are named defaults.

The lobby draws the form from `spec.to_dict()`; `parse_options` checks what comes back.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from .errors import GameError, shown
from .i18n import Message, SaidMap, Text, msg, plural

# An option's value: a switch, a choice (a word or a number), a number, a short text, a deck table.
OptionValue = bool | int | str | dict[str, int]


@dataclass(frozen=True)
class OptionSpec:
    key: str
    label: Message  # a message (core/i18n.py), like help and the choices' labels
    help: Message
    type: Literal["bool", "choice", "int", "counts", "text"]  # counts: a deck table {card: count}; text: a short name
    default: OptionValue
    choices: tuple[tuple[str | int, Text], ...] = ()  # (value, label) pairs, for "choice"
    min: int = 0  # "int"/"counts": the smallest value; "text": the fewest characters (after stripping)
    max: int = 0  # "int"/"counts": the largest value; "text": the most characters
    # {other option key: [values]} where this one matters
    when: Mapping[str, Sequence[OptionValue]] = field(default_factory=dict)
    # "text": the default as the player reads it (a default name the engine puts into the player's
    # words for as long as it is left as it is), so the lobby shows it so too
    default_words: Message | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "help": self.help,
            "type": self.type,
            "default": self.default,
        }
        if self.type == "choice":
            d["choices"] = [{"value": value, "label": label} for value, label in self.choices]
        if self.type in ("int", "counts", "text"):
            d["min"], d["max"] = self.min, self.max
        if self.when:
            d["when"] = {k: list(v) for k, v in self.when.items()}
        if self.default_words is not None:
            d["default_words"] = self.default_words
        return d

    def check(self, value: object) -> object:
        """The value if it fits this option, else a GameError naming the option."""
        bad = GameError(
            "bad_option",
            msg("Option '{key}' ({label}) cannot be {value}.", key=self.key, label=self.label, value=shown(value)),
        )
        if self.type == "bool":
            if not isinstance(value, bool):
                raise bad
        elif self.type == "choice":  # of the value's own type too: true and 1.0 are not the choice 1
            if not any(value == v and type(value) is type(v) for v, _ in self.choices):
                raise bad
        elif self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not self.min <= value <= self.max:
                raise bad
        elif self.type == "text":
            if not isinstance(value, str):
                raise bad
            text = " ".join(value.split())  # stripped, inner runs of spaces made one
            if not self.min <= len(text) <= self.max:
                raise GameError(
                    "bad_option",
                    msg(
                        "{label} must be {min} to {max} characters long.", label=self.label, min=self.min, max=self.max
                    ),
                )
            return text
        elif self.type == "counts":
            if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                raise bad
            for n in value.values():
                if isinstance(n, bool) or not isinstance(n, int) or not self.min <= n <= self.max:
                    raise bad
            return dict(value)
        return value


def options_shown(opts: Any, names: tuple[str, ...] | None = None) -> SaidMap:
    """A game's `Options` as its view shows them: each field (or only `names`), a deck table copied.
    (`asdict` copies every value deeply: it was 80% of an ONO 99 view's cost, on every move.) Options
    hold no message: made anew, they are not walked for words."""
    if names is None:
        names = _field_names.get(type(opts))
    if names is None:
        names = _field_names[type(opts)] = tuple(f.name for f in fields(opts))
    return SaidMap({name: dict(v) if type(v := getattr(opts, name)) is dict else v for name in names})


_field_names: dict[type, tuple[str, ...]] = {}  # each game's Options' fields, found once


def parse_options(specs: Sequence[OptionSpec], raw: object, defaults: Mapping[str, object]) -> dict[str, Any]:
    """Fill `raw` (a dict from the lobby or a save) with `defaults`, checking every value.

    An option that does not matter under the others (its `when` does not hold) is set back to its
    default: it has no effect, and the options of a match say so (a 1980-only rule in a 2022 game
    stays off whatever was sent)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise GameError("bad_option", msg("Options must be an object of option names and values."))
    by_key = {s.key: s for s in specs}
    unknown = sorted(map(str, set(raw) - set(by_key)))
    if unknown:
        raise GameError("bad_option", msg("Unknown option '{key}'.", key=shown(unknown[0])))
    # Each value fits its spec (checked here), so the game's Options dataclass takes them all.
    values: dict[str, Any] = {
        key: spec.check(raw.get(key, defaults.get(key, spec.default))) for key, spec in by_key.items()
    }
    for spec in specs:  # in table order, so a `when` sees the options it names already settled
        if not applies(spec, values):
            values[spec.key] = spec.check(defaults.get(spec.key, spec.default))
    return values


def applies(spec: OptionSpec, values: Mapping[str, object]) -> bool:
    """Whether the option matters under the other options' values (its `when` holds)."""
    return all(values.get(key) in allowed for key, allowed in spec.when.items())


def describe_options(specs: Sequence[OptionSpec], values: Mapping[str, Any]) -> list[Message]:
    """The options in force, as messages for the in-app rules ("Reaching 99 busts: yes"); an option
    that does not matter under the others (its `when` does not hold) is left out."""
    lines = []
    for spec in specs:
        if not applies(spec, values):
            continue
        value = values[spec.key]
        text: Text
        if spec.type == "bool":
            text = msg("yes") if value else msg("no")
        elif spec.type == "choice":
            text = dict(spec.choices)[value]
        elif spec.type == "counts":
            text = plural("{n} card", "{n} cards", sum(value.values()))
        else:
            text = str(value)
        lines.append(msg("{label}: {value}", label=spec.label, value=text))
    return lines


def lobby_info(
    game_id: str,
    title: Text,
    players: dict[str, int],
    presets: list[dict[str, Any]],
    specs: list[OptionSpec],
    rules_summary: list[tuple[Message, Message]],
    **own: object,
) -> dict[str, Any]:
    """What the lobby needs to offer a game: what every game has, then the game's `own` entries.
    `rules_summary` is a list of (heading, paragraph) pairs."""
    return {
        "id": game_id,
        "title": title,
        "players": players,
        "presets": presets,
        "options": [s.to_dict() for s in specs],
        "rules_summary": [{"heading": heading, "text": text} for heading, text in rules_summary],
        **own,
    }

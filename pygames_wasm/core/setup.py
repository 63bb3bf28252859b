"""Test-only starting conditions of a match, kept in its record so the game replays exactly.

Tests reach an exact situation with them: a stacked deck for each deal (the first hand, and later
hands too), the first dealer, and game-specific starting values such as scores or tokens (as if
earlier hands had been played). A game made by the page has none of them.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .deck import check_full_deck
from .errors import GameError, shown
from .i18n import msg


@dataclass(frozen=True)
class Setup:
    # one stacked deck per deal, top card first; deals past the last are shuffled
    decks: tuple[tuple[str, ...], ...] = ()
    dealer: int | None = None  # the first dealer (None: the game chooses, by its rules)
    start: dict[str, Any] | None = None  # the game's own starting values, e.g. {"scores": [1500, 0]}

    @classmethod
    def parse(cls, deck: object = None, decks: object = None, dealer: object = None, start: object = None) -> "Setup":
        """From request params (or a record): `deck` is short for `decks=[deck]`."""
        if deck is not None and decks is not None:
            raise GameError("bad_deck", msg("Give either one stacked deck or a list of decks, not both."))
        if deck is not None:
            decks = [deck]
        if decks is None:
            decks = []
        if not isinstance(decks, list) or not all(
            isinstance(d, list) and all(isinstance(card, str) for card in d) for d in decks
        ):
            raise GameError("bad_deck", msg("A stacked deck must be a list of card codes."))
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
            raise GameError("bad_seats", msg("The dealer is a seat number."))
        if start is not None and not isinstance(start, dict):
            raise GameError(
                "bad_deck",
                msg("The starting values must be an object, such as {example}.", example='{"scores": [0, 0]}'),
            )
        return cls(tuple(tuple(d) for d in decks), dealer, dict(start) if start else None)

    def check(self, deck_counts: dict[str, int], seats: int) -> None:
        """Each stacked deck is exactly the game's deck; the dealer is a seat of the game."""
        for deck in self.decks:
            check_full_deck(deck_counts, list(deck))
        if self.dealer is not None and not 0 <= self.dealer < seats:
            raise GameError("bad_seats", msg("There is no seat {seat} to deal.", seat=self.dealer))

    def deck_queue(self) -> list[list[str]]:
        """The stacked decks, to be dealt in order (a game pops one per deal; none left: shuffle)."""
        return [list(d) for d in self.decks]

    def start_values(self, allowed: set[str]) -> dict[str, Any]:
        """The starting values, refusing any the game does not know."""
        start = self.start or {}
        unknown = sorted(set(start) - allowed)
        if unknown:
            raise GameError("bad_deck", msg("There is no starting value '{key}' in this game.", key=shown(unknown[0])))
        return start

    def to_record(self) -> dict[str, Any] | None:
        if not self.decks and self.dealer is None and not self.start:
            return None
        return {"decks": [list(d) for d in self.decks], "dealer": self.dealer, "start": self.start}


NO_SETUP = Setup()


def int_list(start: Mapping[str, object], key: str, length: int, low: int, high: int) -> list[int] | None:
    """A starting value that is a list of `length` whole numbers in [low, high], or None if absent."""
    values = start.get(key)
    if values is None:
        return None
    if not (
        isinstance(values, list)
        and len(values) == length
        and all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values)
    ):
        raise GameError(
            "bad_deck",
            msg(
                "Starting {key} must be {length} whole numbers from {low} to {high}.",
                key=key,
                length=length,
                low=low,
                high=high,
            ),
        )
    return list(values)

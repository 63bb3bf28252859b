"""Decks as data: a deck is a table {card code: count}; a dealt deck is a list, top card first."""

from collections import Counter

from .errors import GameError, shown
from .i18n import msg


def build_deck(counts: dict[str, int]) -> list[str]:
    """Every card of a deck table, in the table's order (shuffle it before dealing)."""
    return [card for card, n in counts.items() for _ in range(n)]


def stack_deck(counts: dict[str, int], top: list[str]) -> list[str]:
    """A full deck whose first cards are `top` (in order) and the rest in table order.

    Tests use it to reach an exact situation; it refuses cards the deck does not have.
    """
    rest = Counter(counts)
    rest.subtract(Counter(top))
    short = sorted(card for card, n in rest.items() if n < 0)
    if short:
        raise GameError(
            "bad_deck",
            msg("The stacked deck asks for more {cards} than the deck holds.", cards=shown(", ".join(short))),
        )
    return list(top) + [card for card in counts for _ in range(rest[card])]


def check_full_deck(counts: dict[str, int], order: list[str]) -> None:
    """A stacked deck must be exactly the deck, in some order."""
    if Counter(order) != Counter({c: n for c, n in counts.items() if n}):
        raise GameError("bad_deck", msg("The stacked deck is not the same cards as the game's deck."))

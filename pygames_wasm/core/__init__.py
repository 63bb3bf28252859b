"""The pieces every game shares: errors, the seeded RNG, card multisets and the match record."""

from .errors import GameError
from .rng import Rng
from .deck import build_deck, check_full_deck, stack_deck

__all__ = ["GameError", "Rng", "build_deck", "check_full_deck", "stack_deck"]

"""The pieces every game shares: errors, the seeded RNG, card multisets, test setups and the match record."""

from .errors import GameError, shown
from .rng import Rng, game_rng
from .deck import build_deck, check_full_deck, stack_deck
from .setup import NO_SETUP, Setup, int_list

__all__ = [
    "GameError",
    "shown",
    "Rng",
    "game_rng",
    "build_deck",
    "check_full_deck",
    "stack_deck",
    "NO_SETUP",
    "Setup",
    "int_list",
]

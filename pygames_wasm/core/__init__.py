"""The pieces every game shares: errors, the seeded RNG, card multisets, test setups and the match record."""

from .deck import build_deck, check_full_deck, stack_deck
from .errors import GameError, shown
from .rng import Rng, game_rng
from .setup import NO_SETUP, Setup, int_list

__all__ = [
    "NO_SETUP",
    "GameError",
    "Rng",
    "Setup",
    "build_deck",
    "check_full_deck",
    "game_rng",
    "int_list",
    "shown",
    "stack_deck",
]

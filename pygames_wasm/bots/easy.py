"""The Easy player: the Normal (heuristic) player's move, but now and then another move of the same
kind, as a casual player would make: a different card, a different meld, never a different kind of
move (say, picking up the pile when it meant to play), which would look like nonsense."""

from collections.abc import Callable

from ..core.game import Action, View
from ..core.rng import Chooser, Rng

MISTAKE_PERCENT = 35

Heuristic = Callable[[View, Chooser], Action]  # a Normal player: (view, rng) -> action
Slips = Callable[[View, Action], list[Action]]  # the moves a slip from an action may make


def same_kind(view: View, action: Action) -> list[Action]:
    """The slips from `action`: every other legal move of its kind."""
    return [a for a in view["actions"] if a["type"] == action["type"] and a != action]


def easy(choose_well: Heuristic, slips: Slips = same_kind) -> Callable[[View, Rng], Action]:
    """`slips(view, action)`: the moves a slip from `action` may make (a game may narrow them)."""

    def choose(view: View, rng: Rng) -> Action:
        action = choose_well(view, rng)
        if rng.below(100) < MISTAKE_PERCENT:
            others = slips(view, action)
            if others:
                return rng.choice(others)
        return action

    return choose

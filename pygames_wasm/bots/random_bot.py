"""The baseline: any legal action, uniformly at random."""

from ..core.game import Action, View
from ..core.rng import Chooser


def choose(view: View, rng: Chooser) -> Action:
    return rng.choice(view["actions"])

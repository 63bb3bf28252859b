"""The Easy player: the Normal (heuristic) player's move, but now and then another move of the same
kind, as a casual player would make: a different card, a different meld, never a different kind of
move (say, picking up the pile when it meant to play), which would look like nonsense."""

MISTAKE_PERCENT = 35


def same_kind(view: dict, action: dict) -> list:
    """The slips from `action`: every other legal move of its kind."""
    return [a for a in view["actions"] if a["type"] == action["type"] and a != action]


def easy(choose_well, slips=same_kind):
    """`slips(view, action)`: the moves a slip from `action` may make (a game may narrow them)."""

    def choose(view: dict, rng) -> dict:
        action = choose_well(view, rng)
        if rng.below(100) < MISTAKE_PERCENT:
            others = slips(view, action)
            if others:
                return rng.choice(others)
        return action

    return choose

"""The baseline: any legal action, uniformly at random."""


def choose(view: dict, rng) -> dict:
    return rng.choice(view["actions"])

"""Game options, for every game: an option whose `when` does not hold has no effect (it is set back
to its default, whatever was sent), and the in-app rules list only the options that apply."""

from dataclasses import asdict

import pytest

from pygames_wasm.core import NO_SETUP, game_rng
from pygames_wasm.core.i18n import render
from pygames_wasm.core.options import describe_options, options_shown
from pygames_wasm.games import GAMES


def dependent_options():
    for game_id, module in sorted(GAMES.items()):
        for spec in module.OPTION_SPECS:
            for key, allowed in spec.when.items():
                yield pytest.param(module, spec, key, allowed, id=f"{game_id}-{spec.key}-{key}")


def other_value(spec, default):
    """A value of `spec` that is not its default."""
    if spec.type == "bool":
        return not default
    if spec.type == "choice":
        return next(v for v, _ in spec.choices if v != default)
    if spec.type == "int":
        return spec.max if default != spec.max else spec.min
    if spec.type == "text":
        return "Something else"
    return {k: v + 1 for k, v in default.items()}


@pytest.mark.parametrize("module, spec, key, allowed", list(dependent_options()))
def test_an_option_whose_condition_fails_has_no_effect(module, spec, key, allowed):
    controller = next(s for s in module.OPTION_SPECS if s.key == key)
    failing = next(v for v in [v for v, _ in controller.choices] + [True, False] if v not in allowed)
    base = {key: failing}
    plain = module.make_options(base)
    sent = module.make_options({**base, spec.key: other_value(spec, getattr(plain, spec.key))})
    assert sent == plain, f"{spec.key} acts although {key} is {failing!r}"
    lines = [render(line) for line in describe_options(module.OPTION_SPECS, vars(sent))]
    assert not any(line.startswith(render(spec.label) + ":") for line in lines)


def test_a_view_shows_every_option_and_changing_it_changes_no_game():
    """`options_shown` is `asdict` without its deep copies: every field, a deck table copied, and nothing
    an `Options` keeps besides its fields (3UP 3DOWN caches the deck in play on it)."""
    for game_id in ("ono99", "three_up"):
        module = GAMES[game_id]
        opts = module.make_options({})
        if game_id == "three_up":
            assert opts.cards  # the cached property, now in the object's __dict__
        shown = options_shown(opts)
        assert shown == asdict(opts)
        shown["deck"]["R7"] = 99
        assert shown["deck"] != opts.deck
    state = GAMES["ono99"].new_state(GAMES["ono99"].make_options({}), ["A", "B"], game_rng(1), NO_SETUP)
    view = GAMES["ono99"].view(state, 0)
    view["rules"]["deck_counts"]["7"] = 99
    assert GAMES["ono99"].view(state, 0)["rules"]["deck_counts"]["7"] != 99

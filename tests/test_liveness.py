"""No game ever gets stuck, for every game, every options preset and every table size it allows.

For each game's presets, and its yes/no options all turned the other way: in every state reached by
play, each seat the game waits for has at least one legal action, and every action that
`legal_actions` lists is accepted: applied to a copy of the state, it raises nothing and leaves the
game's invariants whole. Play mixes the Normal player's moves (which reach melds, pick-ups
and endgames) with random listed moves, and always takes the moves that open rare branches (asking
the partner, saying yes), where a dead end hid before.
"""

import pickle
from random import Random

import pytest

from e2e.soak import SOAK_ONLY
from pygames_wasm.bots import BOTS
from pygames_wasm.core import GameError
from pygames_wasm.core.match import Match
from pygames_wasm.games import GAMES

MOVES = 200  # per case: a few hands or rounds of every game
CHECKED_PER_STATE = 8  # listed actions applied to a copy at each state (the first few, then a sample)
ALWAYS_TAKEN = ({"type": "ask_go_out"}, {"type": "answer", "yes": True})


def option_sets(info: dict) -> dict:
    """The game's presets, and every yes/no option turned the other way from its default (where the
    rare branches are: asking the partner, trading, placings...)."""
    flipped = {o["key"]: not o["default"] for o in info["options"] if o["type"] == "bool"}
    return {**{p["id"]: p["options"] for p in info["presets"]}, "flipped": flipped}


def cases():
    """Every preset at every table size; a default run takes each preset at its smallest and largest
    tables (the short and the long stock, where dead ends hide), a soak run the sizes between too."""
    for game_id, module in sorted(GAMES.items()):
        info = module.info()
        for name, options in option_sets(info).items():
            sizes = [
                n for n in range(info["players"]["min"], info["players"]["max"] + 1) if seatable(game_id, options, n)
            ]
            for n in sizes:
                marks = () if n in (sizes[0], sizes[-1]) else SOAK_ONLY
                yield pytest.param(game_id, options, n, id=f"{game_id}-{name}-{n}", marks=marks)


def seatable(game_id: str, options: dict, n: int) -> bool:
    try:
        new_match(game_id, options, n, 1)
    except GameError:
        return False  # e.g. a table size this preset's rules do not allow
    return True


def new_match(game_id: str, options: dict, n: int, seed: int) -> Match:
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(n)]  # no undo copies
    return Match(GAMES[game_id], BOTS[game_id], options, seats, seed)


def check_listed_actions(module, state, seat: int, actions: list, rng: Random) -> None:
    sample = actions[: CHECKED_PER_STATE // 2]
    rest = actions[CHECKED_PER_STATE // 2 :]
    sample += rng.sample(rest, min(len(rest), CHECKED_PER_STATE - len(sample)))
    for action in sample:
        trial = pickle.loads(pickle.dumps(state))  # a whole copy, several times faster than deepcopy
        module.apply(trial, seat, action)  # raises if a listed action is refused
        module.check_invariants(trial)


def choose(match: Match, seat: int, actions: list, rng: Random) -> dict:
    for rare in ALWAYS_TAKEN:
        if rare in actions:
            return rare
    if rng.random() < 0.5:
        return BOTS[match.module.GAME_ID]["normal"](*match.knowledge(seat), None)
    return rng.choice(actions)


@pytest.mark.parametrize("game_id, options, n", list(cases()))
def test_every_waiting_seat_can_act_and_every_listed_action_is_accepted(game_id, options, n):
    module = GAMES[game_id]
    rng = Random(n)
    for seed in (1, 2):
        match = new_match(game_id, options, n, seed)
        for _ in range(MOVES // 2):
            state = match.state
            if state.over:
                break
            waiting = module.waiting_for(state)
            assert waiting, f"seed {seed}, move {len(match.actions)}: the game waits for nobody"
            for seat in waiting:
                actions = module.legal_actions(state, seat)
                assert actions, f"seed {seed}, move {len(match.actions)}: seat {seat} has no legal action"
                check_listed_actions(module, state, seat, actions, rng)
            seat = module.to_act(state)
            match.act(seat, choose(match, seat, module.legal_actions(state, seat), rng))

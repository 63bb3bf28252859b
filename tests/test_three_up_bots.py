"""3UP 3DOWN computer players: legal moves in every phase, decided from the seat's view alone, and the
heuristic clearly beats random play (measured over 1000 games: about 90% heads-up, 68% at four seats,
with `python -m pygames_wasm simulate three_up --games 1000 --players 2|4 --seed 1 --bots heuristic,random`)."""

from three_up_helpers import NAMES

from pygames_wasm.bots import BOTS, three_up_bot
from pygames_wasm.bots.search import Budget
from pygames_wasm.core import NO_SETUP, game_rng
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import three_up as T
from pygames_wasm.simulate import play_one

EVERY_OPTION = {
    "placings": True,
    "draw_instead": True,
    "ones_reverse": True,
    "scoring": True,
    "rounds": 2,
    "pile_switch": "any",
    "trading": True,
    "four_colour": True,
    "failed_flip": "back",
}


def bot_game(kinds: list, seed: int, options=None):
    """A game of bots straight on the module (no invariant checks: fast), each deciding from its view."""
    state = T.new_state(T.make_options(options or {}), NAMES[: len(kinds)], game_rng(seed), NO_SETUP)
    steps = 0
    while not state.over:
        seat = T.to_act(state)
        assert seat is not None  # a game that is not over waits for somebody
        action = BOTS["three_up"][kinds[seat]](T.view(state, seat), [], SplitMix64(seed * 100_003 + steps), None)
        T.apply(state, seat, action)
        steps += 1
    return state


def test_heuristic_beats_random_heads_up_and_at_four_seats():
    heads_up = sum(0 in bot_game(["heuristic", "random"], seed).winners for seed in range(60))
    assert heads_up / 60 > 0.75  # fair share 0.5; measured 0.90 over 1000 games
    four = sum(0 in bot_game(["heuristic", "random", "random", "random"], seed).winners for seed in range(60))
    assert four / 60 > 0.45  # fair share 0.25; measured 0.68 over 1000 games


def test_bots_play_every_phase_and_option_legally():
    for kinds in (["heuristic", "random", "heuristic"], ["random", "heuristic"]):
        for seed in (1, 2):
            match = play_one("three_up", EVERY_OPTION, kinds, seed)  # invariants after every action
            assert match.state.over
            types = {a["action"]["type"] for a in match.actions}
            assert {"pick", "play", "refill"} <= types


def trades_per_player(kind: str, n: int, colours: str, seed: int, budget=None) -> list:
    """The trades each seat made in a game's setup (trading on, no limit), every seat the `kind` bot."""
    seats = [{"name": NAMES[i], "kind": "bot", "bot": kind} for i in range(n)]
    match = Match(T, BOTS["three_up"], {"trading": True, "colours": colours}, seats, seed)
    while match.state.phase in ("pick", "trade"):
        seat = T.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        match.act(seat, match.bot_move(seat, budget))
    return [sum(1 for a in match.actions if a["seat"] == s and a["action"]["type"] == "trade") for s in range(n)]


def test_every_level_ends_trading_on_its_own():
    """O6 has no limit by default, so a computer must say "done": Normal, Easy (its slips too) and Hard
    trade only for a card at least 3 stronger than the one given, which raises the three hand cards'
    total strength (at most 39) by 3 or more each time: at most 12 trades, in practice a few."""
    gains, small, other = ({"type": "trade", "give": "R2", "seat": 1, "take": take} for take in ("B5", "B4", "GC"))
    view = {"actions": [gains, small, other, {"type": "done"}]}
    assert three_up_bot.gaining_trades(view["actions"]) == [gains, other]
    assert three_up_bot.slips(view, other) == [gains]  # Easy's slip from a trade: another one that gains
    for kind, n, colours, seeds, budget in (
        ("normal", 6, "RBG", range(20), None),
        ("easy", 6, "RBG", range(20), None),
        ("hard", 4, "RG", range(3), Budget(ms=None, deals=8)),
    ):
        most = max(max(trades_per_player(kind, n, colours, seed, budget)) for seed in seeds)
        assert 1 <= most <= 12, (kind, most)  # they do trade, and they stop


def test_bots_see_only_their_own_view():
    seen = []

    def spy(view, history, rng, budget):
        seen.append(view)
        return BOTS["three_up"]["heuristic"](view, history, rng, budget)

    BOTS["three_up"]["spy"] = spy
    try:
        play_one("three_up", {}, ["spy", "random"], seed=4)
    finally:
        del BOTS["three_up"]["spy"]
    assert seen and all(v["seat"] == 0 for v in seen)
    assert all("draw_pile" not in v and "hands" not in v and "down" not in v for v in seen)
    assert all(d["card"] is None for v in seen for d in v["my_down"])


def test_the_heuristic_picks_its_strongest_cards_face_up_and_plays_low():
    state = T.new_state(T.make_options({}), NAMES[:2], game_rng(1), NO_SETUP)
    state.hands[0] = ["R2", "B9", "GC", "R5", "B10", "G3"]
    pick = three_up_bot.choose(T.view(state, 0), SplitMix64(1))
    assert pick == {"type": "pick", "cards": ["B9", "B10", "GC"]}
    view = {
        "actions": [
            {"type": "play", "cards": ["R3"]},
            {"type": "play", "cards": ["R9"]},
            {"type": "play", "cards": ["R3", "B3"]},
            {"type": "play", "cards": ["RC"]},
        ],
        "phase": "play",
        "pile": {"count": 2},
        "hand": [],
    }
    assert three_up_bot.choose(view, SplitMix64(1)) == {"type": "play", "cards": ["R3", "B3"]}

"""Canasta computer players: legal moves from the view only, reproducible, fast, and the heuristic
partnership beats the random one."""

import time

from pygames_wasm import cli
from pygames_wasm.bots import BOTS, canasta_bot
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import canasta
from pygames_wasm.simulate import play_one


def seats(kinds):
    return [{"name": f"P{i}", "kind": "bot", "bot": k} for i, k in enumerate(kinds)]


def test_bots_see_only_their_own_seat():
    seen = []

    def spy(view, history, rng, budget):
        seen.append(view)
        return BOTS["canasta"]["heuristic"](view, history, rng, budget)

    BOTS["canasta"]["spy"] = spy
    try:
        play_one("canasta", {"target": 500}, ["spy", "random", "heuristic", "random"], seed=5)
    finally:
        del BOTS["canasta"]["spy"]
    assert seen and all(v["seat"] == 0 for v in seen)
    assert all("hands" not in v and "stock" not in v for v in seen)


def test_heuristic_partnership_beats_random_in_nearly_every_game():
    partners_as_seated = canasta.FIXED_TEAMS
    wins = sum(
        play_one(
            "canasta", partners_as_seated, ["heuristic", "random", "heuristic", "random"], seed, checked=False
        ).state.winners
        == [0, 2]
        for seed in range(12)
    )
    assert wins >= 11  # measured: 200 of 200 (see the report of simulate)


def test_heuristic_decisions_are_fast():
    match = play_one("canasta", {"target": 500}, ["random"] * 4, seed=9)
    from pygames_wasm.core.match import Match
    from pygames_wasm.games import GAMES

    replay = Match(GAMES["canasta"], BOTS["canasta"], {"target": 500}, seats(["heuristic"] * 4), 9)
    times = []
    for entry in match.actions[:300]:
        seat = entry["seat"]
        start = time.perf_counter()
        canasta_bot.choose(replay.view(seat), SplitMix64(1))
        times.append(time.perf_counter() - start)
        replay.act(seat, entry["action"])
    times.sort()
    assert times[int(0.95 * len(times))] < 0.05  # Pyodide is about 2x slower: well under 200 ms


def test_simulate_reports_the_partnerships(capsys):
    assert (
        cli.main(
            [
                "simulate",
                "canasta",
                "--games",
                "3",
                "--seed",
                "7",
                "--bots",
                "heuristic,random",
                "--options",
                '{"target": 1000}',
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "team of seats 1+3 (heuristic,heuristic)" in out and "team of seats 2+4 (random,random)" in out

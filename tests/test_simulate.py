"""The simulate command: plays bot games, checks invariants, exits non-zero when one breaks."""

import re
from types import SimpleNamespace

from pygames_wasm import arena, cli
from pygames_wasm.games import canasta, ono99


def test_simulate_prints_results_and_speed(capsys):
    assert (
        cli.main(["simulate", "ono99", "--games", "20", "--players", "4", "--seed", "7", "--bots", "heuristic,random"])
        == 0
    )
    out = capsys.readouterr().out
    assert "seat 1 (heuristic)" in out and "seat 4 (random)" in out
    assert "average length" in out and "games/s" in out


def test_simulate_1980_preset_with_options():
    assert (
        cli.main(
            [
                "simulate",
                "ono99",
                "--games",
                "10",
                "--players",
                "8",
                "--preset",
                "1980",
                "--options",
                '{"scoring": "points_lowest", "draw_speed_penalty": true}',
            ]
        )
        == 0
    )


def test_simulate_exits_non_zero_when_an_invariant_breaks(monkeypatch, capsys):
    def broken(state):
        assert state.total < 30, "total too high (deliberately broken check)"

    monkeypatch.setattr(ono99, "check_invariants", broken)
    assert cli.main(["simulate", "ono99", "--games", "5", "--seed", "1"]) == 1
    assert "INVARIANT FAILED" in capsys.readouterr().err


def test_arena_rotates_the_seats_over_each_deal():
    assert arena.rotations(["hard", "normal", "normal"]) == [
        ["hard", "normal", "normal"],
        ["normal", "normal", "hard"],
        ["normal", "hard", "normal"],
    ]
    assert arena.rotations(["hard", "normal", "hard", "normal"]) == [
        ["hard", "normal", "hard", "normal"],
        ["normal", "hard", "normal", "hard"],
    ]


def test_arena_counts_a_partnership_win_for_both_partners_and_shares_a_draw():
    state = SimpleNamespace(names=["N", "E", "S", "W"], order=[0, 1, 2, 3], winners=[1, 3])
    assert arena.results(canasta, state) == [0, 1, 0, 1]
    assert arena.results(ono99, SimpleNamespace(names=["A", "B", "C"], winners=[0, 2])) == [0.5, 0, 0.5]
    assert arena.results(ono99, SimpleNamespace(names=["A", "B"], winners=[])) == [0.5, 0.5]


def test_arena_prints_win_rates_with_intervals_and_decision_times(capsys):
    assert (
        cli.main(["arena", "ono99", "--players", "2", "--bots", "normal,random", "--games", "60", "--seed", "7"]) == 0
    )
    out = capsys.readouterr().out
    assert "60 games of ono99 (30 deals x 2 seatings)" in out
    rate = float(re.search(r"normal: wins ([\d.]+)% per seat \(95% interval [\d.]+ to [\d.]+\)", out).group(1))
    assert rate > 60  # the heuristic beats random play in most heads-up games
    assert re.search(r"random: wins [\d.]+% .* p50 [\d.]+ ms, p95 [\d.]+ ms", out) and "games/s" in out


def test_simulate_starts_no_game_after_its_seconds(capsys):
    assert cli.main(["simulate", "ono99", "--games", "1000", "--seconds", "0.001", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("1 games of ono99, 4 players, seeds 3..3")

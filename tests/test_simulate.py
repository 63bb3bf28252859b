"""The simulate command: plays bot games, checks invariants, exits non-zero when one breaks."""

from pygames_wasm import simulate
from pygames_wasm.games import ono99


def test_simulate_prints_results_and_speed(capsys):
    assert simulate.main(["simulate", "ono99", "--games", "20", "--players", "4", "--seed", "7",
                          "--bots", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 (heuristic)" in out and "seat 4 (random)" in out
    assert "average length" in out and "games/s" in out


def test_simulate_1980_preset_with_options():
    assert simulate.main(["simulate", "ono99", "--games", "10", "--players", "8", "--preset", "1980",
                          "--options", '{"scoring": "points_lowest", "draw_speed_penalty": true}']) == 0


def test_simulate_exits_non_zero_when_an_invariant_breaks(monkeypatch, capsys):
    def broken(state):
        assert state.total < 30, "total too high (deliberately broken check)"

    monkeypatch.setattr(ono99, "check_invariants", broken)
    assert simulate.main(["simulate", "ono99", "--games", "5", "--seed", "1"]) == 1
    assert "INVARIANT FAILED" in capsys.readouterr().err

"""The Oracle (pygames_wasm/oracle.py): the yardstick of the Hard player, which sees every hand. It
must see them (the fairness check catches it), deal again only what nobody has seen, leave the real
game alone, and never be a player anyone can choose."""

import copy
import json
from collections import Counter
from pathlib import Path
from random import Random

import pytest
from statekit import state_snapshot
from test_fairness import HARD_SEATS, put_back, redeal_in_place

from pygames_wasm import api, arena, cli, oracle
from pygames_wasm.bots import BOTS
from pygames_wasm.bots.search import Budget
from pygames_wasm.core.match import Match
from pygames_wasm.core.rng import SplitMix64
from pygames_wasm.games import GAMES

FEW_DEALS = Budget(ms=None, deals=4)
OPTIONS = {"ono99": {"version": "1980"}, "three_up": {"scoring": True}}  # rounds that leave records behind


def positions(game_id: str, players: int, seed: int = 5, every: int = 9, limit: int = 1500):
    """(match, seat) at every `every`th decision of a game of Normal players."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(players)]
    match = Match(GAMES[game_id], BOTS[game_id], OPTIONS.get(game_id, {}), seats, seed)
    while not match.state.over and len(match.actions) < limit:
        seat = match.module.to_act(match.state)
        assert seat is not None  # a game that is not over waits for somebody
        if len(match.actions) % every == 0:
            yield match, seat
        match.act(seat, match.bot_move(seat))


def stock(game_id: str, state) -> list[str]:
    """The cards nobody has seen, in their order."""
    if game_id == "three_up":
        downs = [c for down, known in zip(state.down, state.known) for c, k in zip(down, known) if not k]
        return state.draw_pile + downs
    return {"ono99": lambda: state.draw_pile, "canasta": lambda: state.stock, "own_trumps": lambda: state.undealt}[
        game_id
    ]()


def records(game_id: str, state) -> bool:
    """The game holds a record of an earlier round, hand or game (which the searches' values would
    take for the end of their playout)."""
    if game_id == "ono99":
        return state.last_round is not None
    if game_id == "canasta":
        return state.sheets_json != "[]"
    if game_id == "three_up":
        return bool(state.sheets)
    return any(game["ended"] is not None for game in state.games)


def test_the_oracle_is_no_player_of_the_lobby():
    assert oracle.KIND not in {level["id"] for game in api.call("list_games", {})["games"] for level in game["bots"]}
    for game_id in GAMES:
        assert oracle.KIND not in BOTS[game_id]
        seats = [{"name": "A", "kind": "bot", "bot": oracle.KIND}, {"name": "B", "kind": "human"}]
        reply = api.call("new_game", {"game": game_id, "seats": seats, "seed": 1})
        assert reply["error"]["code"] == "bad_seats" and "no 'oracle' computer player" in reply["error"]["message"]


@pytest.mark.parametrize(
    "game_id, players",
    [("ono99", 2), ("ono99", 4), ("three_up", 2), ("three_up", 4), ("own_trumps", 3), ("canasta", 4)],
)
def test_the_oracles_deals_hold_every_hand_as_it_is_and_leave_the_real_game_alone(game_id, players):
    varied = later = 0
    for match, _seat in positions(game_id, players):
        real = match.state
        before = state_snapshot(real)
        table = oracle.known(game_id, real)
        later += records(game_id, real)
        assert not records(game_id, table)  # as an imagined deal of Hard's starts
        first = None
        for k in range(3):
            world = oracle.world(game_id, table, Random(k))
            match.module.check_invariants(world)
            assert world.hands == real.hands
            assert getattr(world, "up", None) == getattr(real, "up", None)  # 3UP 3DOWN: the face-up cards
            assert Counter(stock(game_id, world)) == Counter(stock(game_id, real))
            varied += first is not None and stock(game_id, world) != first
            first = stock(game_id, world)
        assert state_snapshot(real) == before
    assert varied, "what nobody has seen was never dealt again"
    assert later, "no earlier round, hand or game was played"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_fairness_check_catches_the_oracle(game_id):
    """The Oracle does read the hidden cards: dealt again in the real game, they change its choices."""
    differ = 0
    for match, seat in positions(game_id, HARD_SEATS[game_id], seed=3, every=6, limit=240):
        choose = oracle.player(game_id, lambda state=match.state: state)
        view, history, _ = match.knowledge(seat)
        before = choose(view, history, SplitMix64(7), FEW_DEALS)
        old = redeal_in_place(game_id, match.state, seat, Random(len(match.actions)))
        differ += choose(view, history, SplitMix64(7), FEW_DEALS) != before
        put_back(game_id, match.state, seat, old)
    assert differ


def test_the_arena_seats_the_oracle(capsys):
    args = ["arena", "own_trumps", "--bots", "oracle,normal", "--games", "2", "--seed", "3", "--deals", "2"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "oracle: wins" in out and "normal: wins" in out


def test_hards_share_of_the_gap():
    rng = Random(1)
    oracle_wins, fair = [1.0, 1.0, 0.0, 1.0] * 10, 0.5  # 75%
    assert arena.gap_share(oracle_wins, oracle_wins, fair, rng)["share"] == pytest.approx(1.0)
    half = arena.gap_share([1.0, 0.0] * 20, oracle_wins, fair, rng)
    assert half["share"] == pytest.approx(0.0) and half["low"] < 0 < half["high"]
    assert arena.gap_share([1.0] * 40, [0.5] * 40, fair, rng)["share"] is None  # the Oracle is not ahead


def test_the_report_measures_hard_and_the_oracle_against_normal_and_writes_the_table(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(arena, "REPORT", tmp_path / "strength.md")
    monkeypatch.setattr(arena, "LOBBY_FIGURES", tmp_path / "lobby.json")
    args = ["arena", "--report", "--cells", "own_trumps/2", "--games", "2", "--deals", "1"]
    assert cli.main(args) == 0
    page = (tmp_path / "strength.md").read_text()
    row = next(line for line in page.splitlines() if line.startswith("| Own Trumps | 2 | 2 |"))
    assert "50.0%" in row and row.count("%") >= 10  # Normal's fair share; Easy, Hard and the Oracle with intervals
    assert "--bots oracle,normal --games 2 --seed 1 --deals 1" in page
    assert "--bots easy,normal --games 2 --seed 1 --deals 1" in page
    data = json.loads((tmp_path / "strength.json").read_text())
    assert set(data["arena"]) == {"own_trumps/2/easy", "own_trumps/2/hard", "own_trumps/2/oracle"}
    quoted = json.loads((tmp_path / "lobby.json").read_text())
    assert set(quoted["own_trumps"]) == {"easy", "hard"}  # the lobby quotes the levels a player meets
    assert quoted == arena.lobby_figures(data)


def test_measuring_one_cell_further_leaves_the_other_rows_of_the_report_as_they_were():
    data = json.loads((Path(arena.__file__).parent.parent / "docs" / "strength.json").read_text())
    further = copy.deepcopy(data)
    for kind in ("hard", oracle.KIND):
        cell = further["arena"][f"three_up/2/{kind}"]
        cell["shares"][kind] += cell["shares"][kind][:40]
    rows, _ = arena.table(data)
    rows_further, _ = arena.table(further)
    changed = [row.split(" | ")[:2] for row, other in zip(rows, rows_further) if row != other]
    assert changed == [["| 3UP 3DOWN", "2"]]  # each cell's bootstrap interval has its own seed


def test_a_measurement_made_in_parts_holds_what_one_run_of_all_its_deals_holds(tmp_path, monkeypatch):
    monkeypatch.setattr(arena, "REPORT", tmp_path / "strength.md")
    monkeypatch.setattr(arena, "LOBBY_FIGURES", tmp_path / "lobby.json")
    report = ["arena", "--report", "--cells", "ono99/2", "--kinds", "hard", "--deals", "2", "--games"]
    assert cli.main(report + ["4"]) == 0
    assert cli.main(report + ["10"]) == 0  # seeds 3 to 5 played; seeds 1 and 2 kept
    parts = json.loads((tmp_path / "strength.json").read_text())["arena"]["ono99/2/hard"]
    whole = arena.play("ono99", 2, "hard,normal", 10, arena.REPORT_SEED, Budget(ms=None, deals=2))
    assert (parts["games"], parts["deals"], parts["seed"]) == (10, 5, arena.REPORT_SEED)
    assert parts["shares"] == whole["shares"] and parts["actions"] == whole["actions"]
    for kind in ("hard", "normal"):  # the decision times are counted the same (their values are the clock's)
        assert sum(parts["times"][kind]["ms"].values()) == parts["times"][kind]["decisions"]
        assert parts["times"][kind]["decisions"] == whole["times"][kind]["decisions"]


def test_a_cell_measured_at_another_count_of_deals_is_measured_again(tmp_path, monkeypatch):
    monkeypatch.setattr(arena, "REPORT", tmp_path / "strength.md")
    monkeypatch.setattr(arena, "LOBBY_FIGURES", tmp_path / "lobby.json")
    report = ["arena", "--report", "--cells", "ono99/2", "--kinds", "hard", "--games", "4", "--deals"]
    assert cli.main(report + ["2"]) == 0
    assert cli.main(report + ["2"]) == 0  # nothing to play: kept
    assert cli.main(report + ["3"]) == 0  # the page thinks further now: the old figures are not the player's
    cell = json.loads((tmp_path / "strength.json").read_text())["arena"]["ono99/2/hard"]
    assert (cell["budget"], cell["games"]) == ({"ms": None, "deals": 3}, 4)
    again = arena.play("ono99", 2, "hard,normal", 4, arena.REPORT_SEED, Budget(ms=None, deals=3))
    assert cell["shares"] == again["shares"]


def test_a_measurement_is_saved_as_it_goes_and_a_remeasurement_replaces_the_old_figures_only_when_whole(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(arena, "REPORT", tmp_path / "strength.md")
    monkeypatch.setattr(arena, "LOBBY_FIGURES", tmp_path / "lobby.json")
    monkeypatch.setattr(arena, "SAVE_EVERY", 2)
    saved = tmp_path / "strength.json"
    report = ["arena", "--report", "--cells", "ono99/2", "--kinds", "hard", "--games"]
    assert cli.main([*report, "4", "--deals", "2"]) == 0
    old = json.loads(saved.read_text())["arena"]["ono99/2/hard"]
    played = arena.play

    def stopping_after_one_part(*args, **kwargs):  # the run stops (a closed laptop, say) after one save
        if "partial" in json.loads(saved.read_text()):
            raise KeyboardInterrupt
        return played(*args, **kwargs)

    monkeypatch.setattr(arena, "play", stopping_after_one_part)
    with pytest.raises(KeyboardInterrupt):
        cli.main([*report, "6", "--deals", "3"])
    data = json.loads(saved.read_text())
    assert data["arena"]["ono99/2/hard"] == old  # the page still shows the whole older measurement
    assert data["partial"]["ono99/2/hard"]["games"] == 2
    page = arena.render(data)
    assert "Being measured again" in page and "on 2 games so far, at 3 deals a decision" in page
    monkeypatch.setattr(arena, "play", played)
    assert cli.main([*report, "6", "--deals", "3"]) == 0  # resumed: seeds 2 and 3 played, seed 1 kept
    data = json.loads(saved.read_text())
    assert "partial" not in data
    cell = data["arena"]["ono99/2/hard"]
    whole = arena.play("ono99", 2, "hard,normal", 6, arena.REPORT_SEED, Budget(ms=None, deals=3))
    assert (cell["games"], cell["budget"]["deals"], cell["shares"]) == (6, 3, whole["shares"])


def test_a_report_asked_for_no_games_only_writes_the_page(tmp_path, monkeypatch):
    # Without --games nothing is played: a measurement at an older count of deals (1,000 games) must not
    # be replaced by the arena's usual 100 games.
    monkeypatch.setattr(arena, "REPORT", tmp_path / "strength.md")
    monkeypatch.setattr(arena, "LOBBY_FIGURES", tmp_path / "lobby.json")
    data = json.loads((Path(arena.__file__).parent.parent / "docs" / "strength.json").read_text())
    data["arena"]["ono99/2/hard"]["budget"]["deals"] = 1  # measured at a count the page no longer thinks for
    (tmp_path / "strength.json").write_text(json.dumps(data))
    monkeypatch.setattr(arena, "play", lambda *args: pytest.fail("a report asked for no games played some"))
    assert cli.main(["arena", "--report"]) == 0
    assert json.loads((tmp_path / "strength.json").read_text()) == data
    assert (tmp_path / "strength.md").read_text() == arena.render(data)


def test_a_row_whose_hard_and_oracle_think_for_different_counts_says_so():
    data = json.loads((Path(arena.__file__).parent.parent / "docs" / "strength.json").read_text())
    hard, best = data["arena"]["ono99/4/hard"], data["arena"]["ono99/4/oracle"]
    best["budget"] = hard["budget"]
    row = next(r for r in arena.table(data)[0] if r.startswith("| ONO 99 | 4 |"))
    assert "different counts" not in row
    best["budget"] = hard["budget"] | {"deals": 64}  # (a report stopped between the two measurements)
    row = next(r for r in arena.table(data)[0] if r.startswith("| ONO 99 | 4 |"))
    assert f"Hard {hard['budget']['deals']}, Oracle 64" in row and ", at different counts |" in row


def test_the_ceiling_of_each_heads_up_game_is_set_beside_the_goal():
    def cell(kind, wins, deals=100):
        return {"shares": {kind: [1.0] * wins + [0.0] * (deals - wins)}}

    cells = {
        "ono99/2/hard": cell("hard", 52),
        "ono99/2/oracle": cell(oracle.KIND, 57),  # 57% (47% to 67%): even seeing every hand is not enough
        "three_up/2/hard": cell("hard", 60),
        "three_up/2/oracle": cell(oracle.KIND, 72),
        "own_trumps/2/hard": cell("hard", 84),
        "own_trumps/2/oracle": cell(oracle.KIND, 84),
        "own_trumps/4/hard": cell("hard", 40),  # four seats: not a heads-up game
        "own_trumps/4/oracle": cell(oracle.KIND, 45),
    }
    lines = [line for line in arena.ceilings(cells) if line.startswith("- ")]
    assert lines == [
        "- ONO 99: the Oracle 57.0% (47.2% to 66.8%), Hard 52.0%: 70.0% is beyond even a player who sees every hand.",
        "- 3UP 3DOWN: the Oracle 72.0% (63.2% to 80.8%), Hard 60.0%: Hard is below 70.0%, the Oracle is not.",
        "- Own Trumps: the Oracle 84.0% (76.8% to 91.2%), Hard 84.0%: Hard reaches 70.0%.",
    ]


def test_decision_times_are_summed_up_from_their_counts_per_millisecond():
    counts = arena.millisecond_counts([0.2, 0.6, 1.4, 2.5, 3.0, 7.9, 8.1, 8.4, 9.0, 200.0])
    assert counts == {"0": 1, "1": 2, "2": 1, "3": 1, "8": 3, "9": 1, "200": 1}  # 2.5 rounds to even
    assert arena.timing(counts) | {"ms": None} == {"decisions": 10, "p50": 8.0, "p95": 200.0, "ms": None}
    assert arena.timing({}) == {"decisions": 0, "p50": 0.0, "p95": 0.0, "ms": {}}

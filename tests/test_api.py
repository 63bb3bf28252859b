"""The JSON API (docs/api.md): bad input never corrupts a game, saves round-trip, views hide hands.

"Unchanged" below means: the game's `save` record and every view (public and each seat's) are
byte-for-byte what they were before the failing call.
"""

import copy
import json
import random
from pathlib import Path

import pytest
from conftest import A, ApiGame, assert_error, seats, stacked_game, stacked_params

from pygames_wasm import api, arena, bots
from pygames_wasm.bots import SEARCH
from pygames_wasm.core.i18n import render
from pygames_wasm.games import GAMES, ono99

HANDS = [["7", "5", "ONO", "REV"], ["1", "2", "3", "4"], ["8", "8", "9", "P2"]]
DRAW = ["6", "10", "0", "-10", "9"]


@pytest.fixture
def game():
    """A 3-player game, Ann to play; Ann holds 7, 5, ONO 99, Reverse."""
    g = stacked_game(HANDS, draw=DRAW, first=0)
    yield g
    api.call("close", {"handle": g.handle})


def played(g: ApiGame, n: int = 3) -> ApiGame:
    """Some history: Ann plays 7 and draws, Bob plays 1 and draws, Cy starts a turn."""
    g.play(0, "7")
    g.play(1, "1")
    if n >= 3:
        g.act(2, "play 8")
    return g


# --- list_games / info ------------------------------------------------------------------------------


def test_canastas_default_team_names_come_with_their_words_in_the_players_language():
    # The lobby shows these, and sends the default itself: the engine reads it in any language later.
    for lang, words in (("en", ["North-South", "East-West"]), ("pa", ["ਉੱਤਰ-ਦੱਖਣ", "ਪੂਰਬ-ਪੱਛਮ"])):
        info = next(g for g in api.call("list_games", {"lang": lang})["games"] if g["id"] == "canasta")
        names = [o for o in info["options"] if o["key"] in ("team1_name", "team2_name")]
        assert [o["default"] for o in names] == ["North-South", "East-West"]
        assert [o["default_words"] for o in names] == words


def test_list_games_describes_ono99():
    games = api.call("list_games", {})["games"]
    info = next(g for g in games if g["id"] == "ono99")
    assert info["title"] == "ONO 99"
    assert info["players"] == {"min": 2, "max": 8} and info["player_notes"]["key"] == "version"
    assert {p["id"] for p in info["presets"]} == {"2022", "1980"}
    keys = {o["key"] for o in info["options"]}
    assert {
        "version",
        "bust_at_99",
        "minus10_floor",
        "reverse_deflects_in_2p",
        "four_ono_discard",
        "ono99_on_zero",
        "draw_speed_penalty",
        "scoring",
        "target_points",
        "bust_total_after",
        "deck",
    } <= keys  # Part 3's recommended flags
    assert all(set(p) == {"heading", "text"} and p["heading"] and p["text"] for p in info["rules_summary"])


# --- act: illegal and malformed actions ---------------------------------------------------------------


def test_unknown_card(game):
    err = game.error(0, {"type": "play", "card": "11"})
    assert err["code"] == "unknown_card" and "'11'" in err["message"]


def test_card_not_in_hand(game):
    err = game.error(0, "play 9")
    assert err["code"] == "not_in_hand" and "Nine" in err["message"]


def test_ono99_card(game):
    err = game.error(0, "play ONO")
    assert err["code"] == "illegal_card" and "ONO 99" in err["message"]


def test_wrong_seat(game):
    err = game.error(1, "play 1")
    assert err["code"] == "not_your_turn" and "Ann" in err["message"]


@pytest.mark.parametrize("seat", [3, -1, "0", None, True, 1.0])
def test_no_such_seat(game, seat):
    err = game.unchanged("act", seat=seat, action=A("play 7"))
    assert err["code"] == "bad_seats"


def test_draw_with_nothing_owed(game):
    assert game.error(0, "draw")["code"] == "nothing_to_draw"


def test_play_before_drawing(game):
    game.act(0, "play 7")
    assert game.error(0, "play 5")["code"] == "draw_first"
    assert game.error(1, "play 1")["code"] == "not_your_turn"


def test_lay_down_with_a_playable_card(game):
    err = game.error(0, "lay_down")
    assert err["code"] == "illegal_card"


def test_discard4_without_four_ono(game):
    assert game.error(0, "discard4")["code"] == "illegal_card"


def test_bust_outside_points_scoring(game):
    err = game.error(0, "bust 7")
    assert err["code"] == "illegal_card" and "1980" in err["message"]


@pytest.mark.parametrize(
    "action, words",
    [
        ({"card": "7"}, "type"),  # missing type
        ({"type": 7}, "type"),
        ({"type": "pass"}, "'pass'"),  # no such action
        ({"type": "play"}, "card"),  # a play must name a card
        ({"type": "play", "card": 7}, "card"),
        ({"type": "play", "card": ["7"]}, "card"),
        ({"type": "play", "card": "7", "seat": 0}, "seat"),  # extra field, named
        ({"type": "draw", "card": "7"}, "no card"),
        (["play", "7"], "type"),  # not an object
        ("", "action"),
        (7, "type"),
        (None, "type"),
    ],
)
def test_malformed_actions_are_bad_action(game, action, words):
    err = game.unchanged("act", seat=0, action=action)
    assert err["code"] == "bad_action"
    assert words in err["message"]


def test_missing_action_param(game):
    assert game.unchanged("act", seat=0)["code"] == "bad_action"


def test_string_actions_are_accepted_too(game):
    assert game.call("act", seat=0, action="play 7")["ok"] is True


def test_after_the_game_ended_every_action_is_game_over():
    g = stacked_game([["ONO", "ONO", "ONO", "ONO"], ["1", "2", "3", "4"]], first=0, options={"four_ono_discard": "off"})
    g.act(0, "lay_down")
    assert g.over and g.result["winners"] == [1]
    for seat, action in [(1, "play 1"), (1, "draw"), (0, "lay_down"), (1, "discard4"), (1, "lay_down")]:
        assert g.error(seat, action)["code"] == "game_over"
    assert g.unchanged("bot_move", seat=1)["code"] == "not_your_turn"
    assert g.unchanged("undo", seat=1)["code"] == "cannot_undo"


def test_unknown_handle():
    for method in ("view", "act", "save", "undo", "legal_actions", "bot_move", "bot_act", "close"):
        assert_error(api.call(method, {"handle": "nope", "seat": 0, "action": A("draw")}), "unknown_handle")


def test_closed_game_is_gone(game):
    handle = game.handle
    assert api.call("close", {"handle": handle}) == {"ok": True}
    assert_error(api.call("view", {"handle": handle, "seat": None}), "unknown_handle")


@pytest.mark.parametrize("handle", [7, None, ""])
def test_malformed_handle(handle):
    assert_error(api.call("view", {"handle": handle, "seat": None}), "unknown_handle")


@pytest.mark.parametrize("handle", [["g1"], {"h": 1}])
def test_unhashable_handle(handle):
    assert_error(api.call("view", {"handle": handle, "seat": None}), "unknown_handle")


def test_errors_leave_other_games_alone(game):
    other = stacked_game(HANDS, draw=DRAW, first=1)
    before = other.snapshot()
    game.error(0, "play ONO")
    game.error(1, "play 1")
    assert other.snapshot() == before


def test_a_failed_action_is_not_recorded(game):
    game.error(0, "play ONO")
    game.act(0, "play 7")
    assert game.record()["actions"] == [{"seat": 0, "action": A("play 7")}]


# --- requests ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_json",
    ["not json", "[1, 2]", "null", '"view"', "{}", '{"method": "nope"}', '{"method": "view", "params": []}'],
)
def test_malformed_requests(request_json):
    reply = json.loads(api.handle(request_json))
    assert_error(reply, "bad_request")


def test_handle_round_trips_json(game):
    reply = json.loads(api.handle(json.dumps({"method": "view", "params": {"handle": game.handle, "seat": 0}})))
    assert reply["view"] == game.view(0)


def test_a_reply_is_the_callers_own_and_the_page_s_json_reads_the_same():
    """After a Canasta hand the view carries its score sheet, whose words are remembered (i18n.fixed)
    from move to move. `call` gives each caller its own copy: changing one reply changes no other.
    The page's way in (`handle`) serialises the shared words at once, and reads exactly the same."""
    game = api.call("new_game", {"game": "canasta", "seats": seats(4), "seed": 3, "options": {"target": 10_000}})
    handle, rng = game["handle"], random.Random(1)
    while api.call("view", {"handle": handle, "seat": None})["view"]["last_hand"] is None:
        seat = api.call("view", {"handle": handle, "seat": None})["view"]["to_act"]
        choices = api.call("legal_actions", {"handle": handle, "seat": seat})["actions"]
        api.call("act", {"handle": handle, "seat": seat, "action": rng.choice(choices)})
    for lang in ("en", "pa"):
        params = {"handle": handle, "seat": 0, "lang": lang}
        mine = api.call("view", params)["view"]
        first = json.dumps(mine["last_hand"])
        mine["last_hand"]["teams"][0]["name"] = "changed"
        mine["last_hand"]["teams"].clear()
        again = api.call("view", params)
        assert json.dumps(again["view"]["last_hand"]) == first
        assert json.loads(api.handle(json.dumps({"method": "view", "params": params}))) == again


def scrambled(value) -> None:
    """Empty every list and dict in `value`, as a careless caller might change a reply."""
    parts = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for part in list(parts):
        scrambled(part)
    if isinstance(value, (dict, list)):
        value.clear()


def random_turns(game: str, moves: int):
    """Random play through the API (Canasta four seats, the others three): the params of each turn's
    seat ({"handle", "seat"}), yielded before its random move is played."""
    players = 4 if game == "canasta" else 3
    handle = api.call("new_game", {"game": game, "seats": seats(players), "seed": 8})["handle"]
    rng = random.Random(8)
    for _ in range(moves):
        public = api.call("view", {"handle": handle, "seat": None})["view"]
        if public["over"]:
            break
        params = {"handle": handle, "seat": public["to_act"]}
        yield params
        api.call("act", {**params, "action": rng.choice(api.call("legal_actions", params)["actions"])})
    api.call("close", {"handle": handle})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_legal_actions_are_the_callers_own(game):
    """`legal_actions` hands out the game's own lists (no walk for words: they hold no message), so
    every game must make them anew at each call: a caller who changes them changes neither the
    game nor the next answer."""
    for params in random_turns(game, 150):
        handle = params["handle"]
        before = json.dumps([api.call("save", {"handle": handle}), api.call("view", params)])
        actions = api.call("legal_actions", params)["actions"]
        first = json.dumps(actions)
        scrambled(actions)
        again = api.call("legal_actions", params)["actions"]
        assert json.dumps(again) == first
        assert json.dumps([api.call("save", {"handle": handle}), api.call("view", params)]) == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_are_the_callers_own(game):
    """A view shares what the engine remembers from view to view (words, Canasta's melds as they
    stand): a caller who empties every list and dict of one changes neither the game nor the next
    view."""
    for params in random_turns(game, 200):
        record = json.dumps(api.call("save", {"handle": params["handle"]}))
        for seat in (None, params["seat"]):
            mine = api.call("view", {**params, "seat": seat})
            first = json.dumps(mine)
            scrambled(mine)
            assert json.dumps(api.call("view", {**params, "seat": seat})) == first
        assert json.dumps(api.call("save", {"handle": params["handle"]})) == record


# --- new_game: bad options, seats, and the rest -----------------------------------------------------------


def new_game(**overrides):
    params = {"game": "ono99", "seats": seats(3), "options": {}, "seed": 1, **overrides}
    return api.call("new_game", params)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"colour": "red"}, "'colour'"),  # unknown option, named
        ({"version": "1999"}, "'version'"),
        ({"version": ["1980"]}, "'version'"),
        ({"bust_at_99": "yes"}, "'bust_at_99'"),
        ({"tokens": 11}, "'tokens'"),
        ({"tokens": True}, "'tokens'"),
        ({"target_points": 10}, "'target_points'"),
        ({"scoring": "golf"}, "'scoring'"),
        ({"deck": {"7": -1}}, "'deck'"),
        ({"deck": ["7"]}, "'deck'"),
        ({"deck": {"X": 3}}, "'X'"),  # unknown card, named
        ({"deck": {"7": 5}}, "too small"),
        ([], "object"),
        ("2022", "object"),
    ],
)
def test_bad_options(options, words):
    err = assert_error(new_game(options=options), "bad_option")
    assert words in err["message"]


@pytest.mark.parametrize(
    "seat_list, words",
    [
        ("Ann", "list"),
        ([], "list"),
        (seats(1), "2 to 8"),
        ([{"name": f"P{i}"} for i in range(9)], "2 to 8"),
        ([{"name": "Ann"}, "Bob"], "Seat 2"),
        ([{"name": "Ann"}, {"name": ""}], "Seat 2"),
        ([{"name": "Ann"}, {"name": "B" * 25}], "Seat 2"),
        ([{"name": "Ann"}, {"name": 7}], "Seat 2"),
        ([{"name": "Ann"}, {"name": "Bob", "kind": "alien"}], "Seat 2"),
        ([{"name": "Ann"}, {"name": "Bob", "kind": "bot", "bot": "genius"}], "genius"),
    ],
)
def test_bad_seats(seat_list, words):
    err = assert_error(new_game(seats=seat_list), "bad_seats")
    assert words in err["message"]


@pytest.mark.parametrize("names", [["Ann", "Ann"], ["Ann", " ann  "], ["Bob", "Mary Jo", "MARY  JO"]])
def test_two_players_of_one_name_are_refused(names):
    """The curtain says "Pass the device to Ann": that must mean one person (case and spaces aside)."""
    err = assert_error(new_game(seats=[{"name": n} for n in names]), "bad_seats")
    assert "both called" in err["message"] and "different name" in err["message"]


def test_a_game_saved_with_two_players_of_one_name_still_resumes(game):
    """The names check is for new games: a game saved before it still loads."""
    record = game.record()
    record["seats"][1]["name"] = record["seats"][0]["name"]
    reply = api.call("load", {"record": record})
    assert "handle" in reply, reply
    api.call("close", {"handle": reply["handle"]})


def test_summary_says_how_far_a_game_has_got(game):
    assert api.call("summary", {"handle": game.handle}) == {
        "summary": {"game": "ono99", "title": "ONO 99", "over": False, "progress": "3 players still in"}
    }
    for game_id, n, progress in [
        ("canasta", 4, "hand 1 · 0 to 0"),
        ("three_up", 4, "4 players still playing"),
        ("own_trumps", 2, "game 1 of 3"),
    ]:
        other = api.call("new_game", {"game": game_id, "seats": seats(n), "seed": 1})
        assert api.call("summary", {"handle": other["handle"]})["summary"]["progress"] == progress
        api.call("close", {"handle": other["handle"]})


def test_eight_seats_in_either_version():
    for version in ("2022", "1980"):
        assert "handle" in new_game(seats=seats(8), options={"version": version})


@pytest.mark.parametrize("game_id", ["uno", None, 7])
def test_unknown_game(game_id):
    assert_error(new_game(game=game_id), "unknown_game")


def test_unhashable_game_id():
    assert_error(new_game(game=["ono99"]), "unknown_game")


def test_unhashable_bot_kind():
    assert_error(new_game(seats=[{"name": "Ann"}, {"name": "Bob", "kind": "bot", "bot": ["x"]}]), "bad_seats")


@pytest.mark.parametrize("seed", [-1, "1", 1.5, True, 2**53, 10**30])
def test_bad_seed(seed):
    assert_error(new_game(seed=seed), "bad_request")


@pytest.mark.parametrize("deck", [["7"] * 112, [], "abc", 5, [["7"]], [7] * 112])
def test_bad_stacked_deck(deck):
    assert_error(new_game(deck=deck), "bad_deck")


@pytest.mark.parametrize("dealer", [3, -1, "0", 1.5, True])
def test_bad_dealer(dealer):
    assert_error(new_game(dealer=dealer), "bad_seats")


# --- save / load ---------------------------------------------------------------------------------------


def test_save_and_load_give_the_same_game(game):
    played(game)
    record = game.record()
    assert record["format"] == 2 and record["game"] == "ono99" and len(record["actions"]) == 5
    json.dumps(record)  # a record is plain JSON
    reply = api.call("load", {"record": record})
    loaded = ApiGame.__new__(ApiGame)
    loaded.handle, loaded.n = reply["handle"], 3
    assert loaded.all_views() == game.all_views()
    assert loaded.record() == record
    # Both go on the same way.
    for g in (game, loaded):
        g.act(2, "draw")
        g.play(0, "5")
    assert loaded.all_views() == game.all_views()


def test_load_survives_a_json_round_trip(game):
    played(game)
    record = json.loads(json.dumps(game.record()))
    reply = api.call("load", {"record": record})
    assert "handle" in reply


def damaged(record, **changes):
    bad = copy.deepcopy(record)
    for key, value in changes.items():
        if value is DELETE:
            del bad[key]
        else:
            bad[key] = value
    return bad


DELETE = object()


def corruptions(record):
    acts = record["actions"]
    yield "not a record", "garbage"
    yield "a number", 12
    yield "a list", [record]
    yield "nothing", None
    yield "empty", {}
    yield "a newer format", damaged(record, format=3)
    yield "format as true", damaged(record, format=True)
    yield "format as 2.0", damaged(record, format=2.0)
    yield "no format", damaged(record, format=DELETE)
    yield "format as text", damaged(record, format="1")
    yield "no action list", damaged(record, actions=DELETE)
    yield "actions not a list", damaged(record, actions="play 7")
    yield "an action entry not an object", damaged(record, actions=acts[:1] + ["draw"])
    yield "an action entry missing its seat", damaged(record, actions=acts[:1] + [{"action": A("draw")}])
    yield "an action entry with more keys", damaged(record, actions=[{**acts[0], "x": 1}] + acts[1:])
    yield "an illegal action", damaged(record, actions=acts[:2] + [{"seat": 0, "action": A("play ONO")}])
    yield "an action by the wrong seat", damaged(record, actions=[{"seat": 1, "action": acts[0]["action"]}])
    yield "a malformed action", damaged(record, actions=acts[:2] + [{"seat": 1, "action": {"type": "fly"}}])
    yield "an action seat out of range", damaged(record, actions=acts[:2] + [{"seat": 9, "action": A("play 1")}])
    yield "an action seat as text", damaged(record, actions=acts[:2] + [{"seat": "1", "action": A("play 1")}])
    yield "actions in the wrong order", damaged(record, actions=[acts[1], acts[0]] + acts[2:])
    yield "an unknown game", damaged(record, game="chess")
    yield "bad options", damaged(record, options={"bust_at_99": 3})
    yield "options not an object", damaged(record, options=[1])
    yield "unhashable version", damaged(record, options={"version": {}})
    yield "bad seats", damaged(record, seats=[{"name": "Solo"}])
    yield "no seed", damaged(record, seed=DELETE)
    yield "seed as text", damaged(record, seed="1")
    setup = record["setup"]
    yield "a setup of wrong type", damaged(record, setup=5)
    yield "a deck missing cards", damaged(record, setup={**setup, "decks": [setup["decks"][0][:-1]]})
    yield "a deck of wrong type", damaged(record, setup={**setup, "decks": 5})
    yield "a dealer out of range", damaged(record, setup={**setup, "dealer": 9})
    yield "a dealer as text", damaged(record, setup={**setup, "dealer": "x"})
    yield "an unknown starting value", damaged(record, setup={**setup, "start": {"luck": [1]}})
    yield "deep nesting", damaged(record, options={"deck": {"7": {"7": [1]}}})


def test_corrupted_saves_are_one_clear_error_and_change_nothing(game):
    played(game)
    record = game.record()
    before = game.snapshot()
    for label, bad in corruptions(record):
        reply = api.call("load", {"record": bad})
        err = assert_error(reply, "bad_save")
        assert err["message"].startswith("This saved game could not be read"), (label, err)
        assert game.snapshot() == before, label
    assert game.record() == record


def test_load_without_a_record():
    assert_error(api.call("load", {}), "bad_save")


def test_load_of_a_finished_game_is_finished():
    g = stacked_game([["ONO"] * 4, ["1", "2", "3", "4"]], first=0, options={"four_ono_discard": "off"})
    g.act(0, "lay_down")
    reply = api.call("load", {"record": g.record()})
    view = api.call("view", {"handle": reply["handle"], "seat": None})["view"]
    assert view["over"] and view["result"]["winners"] == [1]


def test_an_action_after_the_end_in_a_save_is_refused():
    g = stacked_game([["ONO"] * 4, ["1", "2", "3", "4"]], first=0, options={"four_ono_discard": "off"})
    g.act(0, "lay_down")
    record = g.record()
    record["actions"].append({"seat": 1, "action": A("play 1")})
    err = assert_error(api.call("load", {"record": record}), "bad_save")
    assert "over" in err["message"]


# --- undo through the API -------------------------------------------------------------------------------


def test_undo_errors_change_nothing(game):
    game.act(0, "play 7")
    for seat in (1, 2):
        assert game.unchanged("undo", seat=seat)["code"] == "cannot_undo"
    for seat in (5, None, "0"):
        assert game.unchanged("undo", seat=seat)["code"] == "bad_seats"


def test_undo_then_a_different_play(game):
    game.act(0, "play 7")
    assert game.undo(0) == {"ok": True}
    game.act(0, "play 5")
    assert game.total == 5
    assert game.record()["actions"] == [{"seat": 0, "action": A("play 5")}]


def test_view_says_why_undo_is_not_possible(game):
    game.play(0, "7")
    view = game.view(0)
    assert view["can_undo"] is False and "drawn" in view["undo_why"]
    assert game.view(None)["can_undo"] is False


# --- views: hidden information stays hidden --------------------------------------------------------------


def test_public_view_holds_no_hand(game):
    played(game)
    view = game.view(None)
    assert view["hand"] is None and view["actions"] == []
    for line in view["players"]:
        assert set(line) == {
            "seat",
            "name",
            "kind",
            "status",
            "hand_count",
            "laid_down",
            "tokens",
            "score",
            "missing_cards",
        }
        assert line["laid_down"] == []


def test_a_seats_view_holds_only_its_own_hand(game):
    played(game)
    for seat in range(3):
        view = game.view(seat)
        assert sorted(h["card"] for h in view["hand"]) == game.hand(seat)
        assert all(
            set(line)
            == {"seat", "name", "kind", "status", "hand_count", "laid_down", "tokens", "score", "missing_cards"}
            for line in view["players"]
        )


def test_views_do_not_show_the_seed_or_the_deck(game):
    played(game)
    for view in game.all_views():
        text = json.dumps(view)
        for key in ('"seed"', '"deck"', '"draw_pile"', '"hands"', '"dealer"'):
            assert key not in text


def test_other_seats_cards_do_not_change_a_seats_view():
    """Two games that differ only in Bob's hand and the unseen pile: Ann's and the public views match."""
    first = stacked_game(
        [["7", "5", "ONO", "REV"], ["1", "2", "3", "4"], ["8", "8", "9", "P2"]], draw=["6", "10"], first=0
    )
    second = stacked_game(
        [["7", "5", "ONO", "REV"], ["0", "0", "P2", "-10"], ["8", "8", "9", "P2"]],
        draw=["6", "10", "ONO", "ONO"],
        first=0,
    )
    for g in (first, second):
        g.play(0, "7")
    for seat in (None, 0, 2):
        assert first.view(seat) == second.view(seat)
    assert first.view(1) != second.view(1)


def test_draw_events_do_not_name_the_card(game):
    game.act(0, "play 7")
    events = game.act(0, "draw")  # Ann draws the 6
    assert events and all("Six" not in e["text"] and "6" not in e["text"] for e in events)
    assert all("Six" not in e["text"] for e in game.view(None)["events"])


def test_bot_move_uses_the_seats_own_view():
    g = stacked_game(HANDS, draw=DRAW, first=0, kinds={0: "heuristic"})
    action = g.call("bot_move", seat=0)["action"]
    assert action in g.view(0)["actions"]
    assert g.record()["actions"] == []  # bot_move decides, it does not apply


def test_the_lobby_offers_computer_levels_in_plain_words():
    for info in api.call("list_games")["games"]:
        offered = [(b["id"], b["title"]) for b in info["bots"]]
        assert offered == [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]
        assert all(b["about"] for b in info["bots"])


def test_each_level_says_how_strong_it_is_in_each_game_as_measured(monkeypatch):
    measured = {
        "ono99": {"easy": {"2": 0.31, "4": 0.2}, "hard": {"2": 0.554, "4": 0.3}},
        "canasta": {"hard": {"4": 0.8}},
    }
    monkeypatch.setattr(bots, "MEASURED", measured)
    about = {
        info["id"]: {b["id"]: b["about"] for b in info["bots"]}
        for info in api.call("list_games", {"lang": "en"})["games"]
    }
    assert about["ono99"]["hard"] == (
        "Thinks ahead about the cards it cannot see. Against Normal players it wins 55% of two-player games "
        "and 30% of four-player games (an even share: 50% and 25%)."
    )
    assert about["ono99"]["easy"].endswith(
        "it wins 31% of two-player games and 20% of four-player games (an even share: 50% and 25%)."
    )
    assert about["canasta"]["hard"].endswith(" Its partnership wins 80% of games against a Normal partnership.")
    assert about["canasta"]["easy"] == "Plays sensibly, but slips now and then."  # not measured: no figure
    assert about["three_up"]["normal"] == "A steady player that decides at once. Easy and Hard are measured against it."
    punjabi = api.call("list_games", {"lang": "pa"})["games"]
    assert "55%" in next(
        b["about"] for info in punjabi if info["id"] == "ono99" for b in info["bots"] if b["id"] == "hard"
    )


def test_the_lobby_quotes_the_published_strength():
    # bots/strength.json is written with docs/strength.md from docs/strength.json: never edited apart.
    published = json.loads(Path("docs/strength.json").read_text())
    assert arena.lobby_figures(published) == bots.MEASURED
    assert set(bots.MEASURED) == set(SEARCH)  # every game's levels say how strong they are
    assert Path("docs/strength.md").read_text() == arena.render(published)  # the page is the data's, as written


@pytest.mark.parametrize("think_ms", [0, 19, 5001, 2.5, "200", True, None])
def test_a_thinking_time_must_be_a_sensible_whole_number(think_ms):
    g = stacked_game(HANDS, draw=DRAW, first=0, kinds={0: "heuristic"})
    error = g.unchanged("bot_act", seat=0, think_ms=think_ms)
    assert error["code"] == "bad_request" and "think_ms" in error["message"]


@pytest.mark.parametrize("game_id", sorted(SEARCH))
def test_hint_suggests_a_legal_move_with_a_reason_and_changes_nothing(game_id):
    players = {"canasta": 4}.get(game_id, 2)
    reply = api.call("new_game", {"game": game_id, "seats": seats(players), "seed": 5})
    handle = reply["handle"]
    seat = api.call("view", {"handle": handle, "seat": None})["view"]["to_act"]  # new_game answers no view
    before = api.call("save", {"handle": handle})
    hint = api.call("hint", {"handle": handle, "seat": seat, "think_ms": 50})
    assert hint["action"] in api.call("view", {"handle": handle, "seat": seat})["view"]["actions"]
    assert isinstance(hint["reason"], str) and hint["reason"].endswith(".")
    assert api.call("save", {"handle": handle}) == before


def test_match_info_does_not_reveal_the_seed():
    reply = api.call("new_game", stacked_params(HANDS, draw=DRAW))
    assert "seed" not in reply["info"] and "deck" not in reply["info"]


def test_view_contract_fields(game):
    view = game.view(0)
    assert {
        "game",
        "seat",
        "version",
        "players",
        "total",
        "direction",
        "draw_count",
        "discard_count",
        "discard_top",
        "turn",
        "to_act",
        "owed_draw",
        "play2",
        "round",
        "hand",
        "actions",
        "can_undo",
        "undo_why",
        "events",
        "last_round",
        "over",
        "result",
    } <= set(view)
    labels = {h["card"]: h["label"] for h in view["hand"]}
    assert labels == {"7": "Seven", "5": "Five", "ONO": "ONO 99", "REV": "Reverse"}
    assert render(ono99.CARD_NAMES["-10"]) == "Minus ten" and render(ono99.CARD_NAMES["P2"]) == "Play 2"


def test_an_engine_bug_is_an_error_reply_and_the_game_is_intact(game, monkeypatch, capsys):
    from pygames_wasm.games import ono99

    before = game.snapshot()
    hidden = game.hand(1)[0]

    def broken(state, seat, action):
        state.total = 77  # a half-made move...
        raise KeyError(hidden)  # ...then a bug whose text names a card of another seat

    monkeypatch.setitem(ono99.PERFORM, "play", broken)
    seat = game.view(None)["to_act"]
    play = next(a for a in game.actions(seat) if a.startswith("play"))
    reply = api.call("act", {"handle": game.handle, "seat": seat, "action": play})
    # The reply says only that something went wrong: the exception text could name a hidden card.
    assert reply == {"error": {"code": "internal", "message": "The engine hit a problem; the game is as it was."}}
    assert "KeyError" in capsys.readouterr().err  # the details go to the worker's console
    monkeypatch.undo()
    assert game.snapshot() == before


def test_explain_says_why_without_changing_anything(game):
    before = game.snapshot()
    seat = game.view(None)["to_act"]
    legal = next(a for a in game.actions(seat) if a.startswith("play"))
    assert game.call("explain", seat=seat, action=legal) == {"legal": True, "why": None}
    assert game.call("explain", seat=seat, action="play ONO") == {
        "legal": False,
        "why": "The ONO 99 card can never be played.",
    }
    other = (seat + 1) % game.n
    reply = game.call("explain", seat=other, action=f"play {game.hand(other)[0]}")
    assert reply == {"legal": False, "why": "It is Ann's turn."}
    assert not game.call("explain", seat=seat, action={"type": "dance"})["legal"]
    assert game.snapshot() == before


def test_match_info_describes_the_options_in_force():
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    text = new_game(seats=seats)["info"]["options_text"]
    assert "Reaching 99 busts: yes" in text and "Deck: 112 cards" in text
    assert not any(line.startswith("Scoring") for line in text)  # a 1980-only option is left out
    text = new_game(seats=seats, options={"version": "1980", "scoring": "points_lowest"})["info"]["options_text"]
    assert "Scoring: Points: first to the target ends it, lowest wins" in text and "Target points: 100" in text
    assert "Deck: 54 cards" in text


# --- Any input: handle() always answers with one clear error -------------------------------------------


@pytest.mark.parametrize("method", [{}, [[]], 5, None, True, ["view"]])
def test_a_method_that_is_not_a_name_is_a_bad_request(method):
    reply = json.loads(api.handle(json.dumps({"method": method, "params": {}})))
    assert_error(reply, "bad_request")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1000,
        "[" * 100_000,
        '{"a":' * 5000 + "1" + "}" * 5000,
        '{"method": "view", "params": ' + "[" * 3000 + "]" * 3000 + "}",
    ],
)
def test_deeply_nested_requests_are_refused_before_parsing(text):
    assert_error(json.loads(api.handle(text)), "bad_request")


def test_a_save_stored_thousands_of_levels_deep_is_refused(game):
    record = game.record()
    deep = "[" * 3000 + json.dumps(record["actions"]) + "]" * 3000
    text = json.dumps({"method": "load", "params": {"record": {**record, "actions": "DEEP"}}}).replace('"DEEP"', deep)
    err = assert_error(json.loads(api.handle(text)), "bad_request")
    assert "nested" in err["message"]


def test_brackets_inside_strings_do_not_count_as_nesting(game):
    names = [{"name": "[" * 24, "kind": "human"}, {"name": "{[{[" * 6, "kind": "human"}]
    reply = json.loads(api.handle(json.dumps({"method": "new_game", "params": {"game": "ono99", "seats": names}})))
    assert "handle" in reply, reply


def test_nesting_is_the_depth_of_brackets_outside_strings_in_any_json():
    """api.nesting (C-speed tricks: escapes, empty strings, innermost pairs) against a character walk,
    on random JSON whose strings hold brackets, quotes and backslashes."""
    rng = random.Random(21)

    def walked(text: str) -> int:
        depth = deepest = 0
        inside = escaped = False
        for c in text:
            if inside:
                inside, escaped = (inside, False) if escaped else (c != '"', c == "\\")
            elif c == '"':
                inside = True
            elif c in "[{":
                depth += 1
                deepest = max(deepest, depth)
            elif c in "]}":
                depth -= 1
        return deepest

    def value(levels: int) -> object:
        if levels <= 0 or rng.random() < 0.3:
            return rng.choice([1, "x[", 'q"[\\', "", "{]", "\\\\", '\\"}', "ਪਾਨ ["])
        if rng.random() < 0.5:
            return [value(levels - 1) for _ in range(rng.randint(0, 3))]
        return {f'{k}"[\\': value(levels - 1) for k in range(rng.randint(0, 3))}

    for _ in range(2000):
        text = json.dumps(value(rng.randint(0, 40)), ensure_ascii=rng.random() < 0.5)
        assert api.nesting(text) == min(walked(text), api.MAX_DEPTH + 1), text


def test_handle_takes_only_text():
    assert_error(json.loads(api.handle(None)), "bad_request")


LONG = "x" * 10_000


@pytest.mark.parametrize(
    "method, params",
    [
        (LONG, {}),
        ("new_game", {"game": LONG}),
        ("new_game", {"game": "ono99", "seats": seats(2), "options": {LONG: 1}}),
        ("new_game", {"game": "ono99", "seats": seats(2), "options": {"version": LONG}}),
        ("new_game", {"game": "ono99", "seats": [{"name": "Ann"}, {"name": "Bob", "kind": "bot", "bot": LONG}]}),
        ("new_game", {"game": "ono99", "seats": seats(2), "deck": [LONG] * 112}),
        ("new_game", {"game": "ono99", "seats": seats(2), "start": {LONG: [1]}}),
        ("new_game", {"game": "canasta", "seats": seats(4), "options": {"target": LONG}}),
    ],
)
def test_error_messages_never_repeat_long_input(method, params):
    err = assert_error(api.call(method, params))
    assert len(err["message"]) < 200, err


@pytest.mark.parametrize(
    "action",
    [{"type": "play", "card": LONG}, {"type": LONG}, {"type": "play", LONG: 1}, LONG, {"type": "draw", "card": LONG}],
)
def test_action_errors_never_repeat_long_input(game, action):
    assert len(game.error(0, action)["message"]) < 200


def test_canasta_action_errors_never_repeat_long_input():
    handle = api.call("new_game", {"game": "canasta", "seats": seats(4)})["handle"]
    seat = api.call("view", {"handle": handle, "seat": None})["view"]["to_act"]
    for action in [
        {"type": LONG},
        {"type": "discard", "card": LONG},
        {"type": "meld", "melds": [[LONG]]},
        {"type": "draw", LONG: 1},
    ]:
        err = assert_error(api.call("act", {"handle": handle, "seat": seat, "action": action}))
        assert len(err["message"]) < 200, err


# --- One list of error codes, every one of them reachable ------------------------------------------------


def test_docs_list_exactly_the_engine_error_codes():
    from pathlib import Path

    from pygames_wasm.core.errors import ERROR_CODES

    docs = (Path(__file__).parent.parent / "docs" / "api.md").read_text()
    section = docs.split("## Errors (codes)")[1].split("\n## ")[0]
    import re

    assert set(re.findall(r"^- `(\w+)`", section, re.M)) == set(ERROR_CODES)


def test_every_error_code_is_reachable(monkeypatch):
    from canasta_helpers import stacked_deck

    from pygames_wasm.core.errors import ERROR_CODES
    from pygames_wasm.games import canasta

    seen = set()

    def expect(code, reply):
        assert_error(reply, code)
        seen.add(code)

    ono = stacked_game(HANDS, draw=DRAW, first=0)
    expect("bad_request", api.call("nope", {}))
    expect("not_over", api.call("game_stats", {"record": ono.record()}))
    expect("unknown_game", api.call("new_game", {"game": "uno", "seats": seats(2)}))
    expect("unknown_handle", api.call("view", {"handle": "g0", "seat": 0}))
    expect("bad_option", api.call("new_game", {"game": "ono99", "seats": seats(2), "options": {"x": 1}}))
    expect("bad_seats", api.call("new_game", {"game": "ono99", "seats": []}))
    expect("bad_deck", api.call("new_game", {"game": "ono99", "seats": seats(2), "deck": ["7"]}))
    expect("bad_action", ono.call("act", seat=0, action={"type": "fly"}))
    expect("unknown_card", ono.call("act", seat=0, action=A("play 11")))
    expect("not_in_hand", ono.call("act", seat=0, action=A("play 9")))
    expect("illegal_card", ono.call("act", seat=0, action=A("play ONO")))
    expect("not_your_turn", ono.call("act", seat=1, action=A("play 1")))
    expect("nothing_to_draw", ono.call("act", seat=0, action=A("draw")))
    expect("cannot_undo", ono.call("undo", seat=0))
    ono.act(0, "play 7")
    expect("draw_first", ono.call("act", seat=0, action=A("play 5")))
    expect("bad_save", api.call("load", {"record": {}}))
    expect("not_a_lesson", ono.call("lesson", seat=0))
    lesson = api.call("new_lesson", {"game": "ono99"})["handle"]
    expect("not_in_lesson", api.call("act", {"handle": lesson, "seat": 0, "action": A("play -10")}))
    over = stacked_game([["ONO"] * 4, ["1", "2", "3", "4"]], first=0, options={"four_ono_discard": "off"})
    over.act(0, "lay_down")
    expect("game_over", over.call("act", seat=1, action=A("play 1")))
    handle = api.call("new_game", {"game": "canasta", "seats": seats(4), "deck": stacked_deck({}), "dealer": 3})[
        "handle"
    ]
    api.call("act", {"handle": handle, "seat": 0, "action": "draw"})
    expect("already_drawn", api.call("act", {"handle": handle, "seat": 0, "action": "draw"}))
    expect("illegal_action", api.call("act", {"handle": handle, "seat": 0, "action": "add K KH"}))
    monkeypatch.setitem(canasta.PERFORM, "discard", lambda *_: 1 / 0)
    hand = api.call("view", {"handle": handle, "seat": 0})["view"]["hand"]
    expect(
        "internal",
        api.call("act", {"handle": handle, "seat": 0, "action": {"type": "discard", "card": hand[0]["card"]}}),
    )
    assert seen == set(ERROR_CODES)


# --- Deals cannot be guessed -----------------------------------------------------------------------------


def test_a_new_game_seed_is_128_bits_from_the_operating_system(monkeypatch):
    import os

    asked = []
    real = os.urandom
    monkeypatch.setattr(os, "urandom", lambda n: asked.append(n) or real(n))
    record = ApiGame({"game": "ono99", "seats": seats(3)}).record()
    assert 16 in asked
    assert isinstance(record["seed"], str) and len(record["seed"]) == 32 and int(record["seed"], 16) >= 0


def test_every_bit_of_the_seed_matters_to_the_deal():
    seed = "0" * 32
    deals = set()
    for last in "0123456789abcdef":
        g = ApiGame({"game": "canasta", "seats": seats(4), "seed": seed[:-1] + last, "dealer": 0})
        deals.add(json.dumps([g.view(s)["hand"] for s in range(4)]))
    assert len(deals) == 16


def test_hex_seeds_replay_identically():
    params = {"game": "ono99", "seats": seats(3), "seed": "1f" * 16}
    a, b = ApiGame(params), ApiGame(params)
    assert a.all_views() == b.all_views()
    loaded = api.call("load", {"record": a.record()})
    assert api.call("view", {"handle": loaded["handle"], "seat": 1})["view"] == a.view(1)


@pytest.mark.parametrize("seed", ["0" * 31, "0" * 65, "G" * 32, "ABCDEF" * 6])
def test_bad_hex_seeds(seed):
    assert_error(new_game(seed=seed), "bad_request")


def test_games_saved_before_format_2_still_load():
    """Saves made by the engine before 128-bit seeds (format 1: an integer seed, `deck` and `dealer`
    at the top), recorded with that engine: they resume with the same hands and the same history."""
    from pathlib import Path

    saved = json.loads((Path(__file__).parent / "data" / "format1_saves.json").read_text())
    for game_id, old in saved.items():
        assert old["record"]["format"] == 1 and isinstance(old["record"]["seed"], int)
        reply = api.call("load", {"record": old["record"]})
        assert "handle" in reply, (game_id, reply)
        for seat, hand in old["hands"].items():
            view = api.call("view", {"handle": reply["handle"], "seat": int(seat)})["view"]
            assert [c["card"] for c in view["hand"]] == hand, game_id
        texts = [e["text"] for e in view["events"]]
        assert texts[-10:] == old["events"][-10:], game_id


# --- Undo and history stay cheap in long games -----------------------------------------------------------


@pytest.mark.parametrize("stride", [1, 2, 8])
def test_undo_of_a_persons_moves_in_a_row_needs_no_replay_of_the_game(monkeypatch, stride):
    """Undo keeps a copy of the state before some of a person's moves in a row (every `stride`-th)
    and plays the moves since it again: every view is as it was before the move taken back."""
    from canasta_helpers import stacked_deck

    from pygames_wasm.core import match
    from pygames_wasm.core.match import Match

    monkeypatch.setattr(match, "UNDO_STRIDE", stride)
    params = {
        "game": "canasta",
        "seats": seats(4),
        "seed": 1,
        "dealer": 3,
        "deck": stacked_deck({0: "KH KS KD QH QS QD JH JS JD"}, draw="4C"),
    }
    game = ApiGame(params)
    game.act(0, "draw")
    views = [game.all_views()]
    for meld in ("meld KD KH KS | QD QH QS", "meld JD JH JS"):
        assert "error" not in game.call("act", seat=0, action=meld)
        views.append(game.all_views())
    replays = []
    monkeypatch.setattr(Match, "replay", lambda self, actions: replays.append(len(actions)))
    for expected in reversed(views[:-1]):
        assert game.undo(0) == {"ok": True}
        assert game.all_views() == expected
    assert replays == []  # each undo started from a state kept before the moves in a row
    assert "error" in game.undo(0)  # the draw showed a card: final


def test_people_passing_a_device_around_pay_for_a_copy_only_now_and_then(monkeypatch):
    """Four people at one device, in turn: a copy of the state serves the next people's moves too
    (one every UNDO_STRIDE moves at most, not one a turn), and an undo still gives back every view
    as it was before the move it takes back, without replaying the game."""
    from pygames_wasm.core import match
    from pygames_wasm.core.match import UNDO_STRIDE, Match

    copies = []
    real_copy = match.state_copy
    monkeypatch.setattr(match, "state_copy", lambda state: copies.append(1) or real_copy(state))
    game = ApiGame({"game": "canasta", "seats": seats(4), "seed": 5})
    monkeypatch.setattr(Match, "replay", lambda self, actions: 1 / 0)
    rng = random.Random(5)

    def move() -> tuple[int, object, list]:
        seat = game.view()["to_act"]
        action = rng.choice(game.call("legal_actions", seat=seat)["actions"])
        before = game.all_views()
        game.act(seat, action)
        return seat, action, before

    turns, moves, last = 0, 120, None
    for _ in range(moves):
        seat, _, _ = move()
        turns, last = turns + (seat != last), seat
    assert len(copies) <= moves // UNDO_STRIDE + 1 < turns // 2, (len(copies), turns)

    undone = 0
    for _ in range(300):
        seat, action, before = move()
        if game.undo(seat) == {"ok": True}:
            undone += 1
            assert game.all_views() == before
            game.act(seat, action)
    assert undone > 20


def test_undo_right_after_a_resume_needs_no_replay(monkeypatch):
    from pygames_wasm.core.match import Match

    g = stacked_game(HANDS, draw=DRAW, first=0)
    g.act(0, "play 7")
    before = g.all_views()
    g.act(0, "draw")
    g.act(1, "play 1")  # Bob's move, last in the record
    loaded = ApiGame.__new__(ApiGame)
    loaded.handle, loaded.n = api.call("load", {"record": g.record()})["handle"], 3
    monkeypatch.setattr(Match, "replay", lambda self, actions: 1 / 0)
    assert loaded.undo(1) == {"ok": True}  # the state before Bob's move was kept while loading
    assert "error" in loaded.undo(0)
    g.undo(1)
    assert loaded.all_views() == g.all_views() != before


def test_undo_after_a_resume_replays_the_record():
    g = stacked_game(HANDS, draw=DRAW, first=0)
    g.act(0, "play 7")
    expected = g.all_views()
    loaded = ApiGame.__new__(ApiGame)
    loaded.handle, loaded.n = api.call("load", {"record": g.record()})["handle"], 3
    loaded.act(0, "draw")
    loaded.act(1, "play 1")
    assert loaded.undo(1) == {"ok": True}
    g.act(0, "draw")
    assert loaded.all_views() == g.all_views() != expected


def test_a_long_game_keeps_a_short_history_and_counts_every_event():
    from pygames_wasm.core.views import EVENTS_KEPT
    from pygames_wasm.simulate import play_one

    match = play_one("canasta", {"target": 10_000, "hand_limit": 8}, ["random"] * 4, 3)
    events = match.state.events
    assert EVENTS_KEPT <= len(events) < 2 * EVENTS_KEPT
    assert [e["n"] for e in events] == list(range(events[0]["n"], events[-1]["n"] + 1))
    assert events[-1]["n"] > 2 * EVENTS_KEPT  # numbered across the whole game


# --- Numbers in an action's text form --------------------------------------------------------------

NOT_NUMBERS = ["²", "-²", "٣", "9" * 5000]  # str.isdigit takes the first three; int refuses them all


@pytest.mark.parametrize(
    "game_id, form",
    [
        ("three_up", "flip {}"),
        ("three_up", "flip 0 {}"),
        ("three_up", "trade R3 {} B9"),
        ("own_trumps", "pick_up {}"),
        ("ono99", "play {}"),
        ("canasta", "discard {}"),
        ("canasta", "add {} 7H"),
    ],
)
def test_a_number_that_is_not_one_is_a_bad_action_and_changes_nothing(game_id, form, monkeypatch):
    """The audit's 'flip ²' and 'flip 99…9' answered internal, and each such act replayed the record."""
    seats = [{"name": f"P{i}", "kind": "human"} for i in range({"canasta": 4}.get(game_id, 2))]
    handle = api.call("new_game", {"game": game_id, "seats": seats, "seed": 5})["handle"]
    before = api.call("save", {"handle": handle})
    monkeypatch.setattr(GAMES[game_id], "new_state", lambda *a: 1 / 0)  # no replay of the record
    for word in NOT_NUMBERS:
        action = form.format(word)
        for seat in range(len(seats)):
            reply = api.call("act", {"handle": handle, "seat": seat, "action": action})
            assert reply["error"]["code"] != "internal" and reply["error"]["message"], (action, reply)
            why = api.call("explain", {"handle": handle, "seat": seat, "action": action})
            assert why["legal"] is False and why["why"], (action, why)
    assert api.call("save", {"handle": handle}) == before

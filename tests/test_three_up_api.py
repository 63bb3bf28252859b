"""3UP 3DOWN through the JSON API: bad input is one clear error and changes nothing (the save record
and every view are byte-for-byte the same), undo never crosses a card the player had not seen, the
public view holds no hand, and a saved game resumes."""

import json

import pytest
from conftest import assert_error
from three_up_helpers import NAMES, deal_order, shown_text

from pygames_wasm import api
from pygames_wasm.core import stack_deck
from pygames_wasm.games import three_up as T


class Game:
    """A stacked 3UP 3DOWN game opened through `api.call`, as the page opens one."""

    def __init__(self, n=2, up=None, hand=None, down=None, draw="", first=0, options=None, kinds=None, pick=True):
        options = dict(options or {})
        opts = T.make_options(options)
        top, self.ups = deal_order(opts, n, up, hand, down, draw, first)
        seats = [{"name": NAMES[i], "kind": "human"} for i in range(n)]
        for i, kind in (kinds or {}).items():
            seats[i] = {"name": NAMES[i], "kind": "bot", "bot": kind}
        reply = api.call(
            "new_game",
            {
                "game": "three_up",
                "seats": seats,
                "options": options,
                "seed": 5,
                "deck": stack_deck(opts.cards, top),
                "dealer": (first - 1) % n,
            },
        )
        assert "error" not in reply, reply
        self.handle, self.n = reply["handle"], n
        if pick:
            for seat in [(first + k) % n for k in range(n)]:
                self.act(seat, {"type": "pick", "cards": self.ups[seat]})

    def call(self, method, **params):
        return api.call(method, {"handle": self.handle, **params})

    def act(self, seat, action):
        reply = self.call("act", seat=seat, action=action)
        assert "error" not in reply, reply
        return reply["events"]

    def view(self, seat=None):
        return self.call("view", seat=seat)["view"]

    def snapshot(self):
        return json.dumps([self.call("save")["record"], [self.view(s) for s in [None, *range(self.n)]]], sort_keys=True)

    def refused(self, seat, action, code):
        """The error of a refused action, after checking nothing changed and explain agrees."""
        before = self.snapshot()
        err = assert_error(self.call("act", seat=seat, action=action), code)
        assert self.snapshot() == before, f"{action!r} changed the game"
        assert self.call("explain", seat=seat, action=action) == {"legal": False, "why": err["message"]}
        return err["message"]


@pytest.fixture
def game():
    g = Game(up=["R10 B10 G10", "R9 B9 G9"], hand=["R7 B4 GC+1", "B7 B2 B3"], draw="G1 G2 G3 G4")
    yield g
    g.call("close")


def test_list_games_describes_three_up():
    info = next(g for g in api.call("list_games", {})["games"] if g["id"] == "three_up")
    assert info["title"] == "3UP 3DOWN" and info["players"] == {"min": 2, "max": 6}
    assert {p["id"] for p in info["presets"]} >= {"base", "party"}
    assert all(set(p) == {"heading", "text"} and p["heading"] and p["text"] for p in info["rules_summary"])


# --- bad input: the list --------------------------------------------------------------------


def test_a_multiple_of_mixed_numbers(game):
    assert game.refused(0, "play R7 B4", "illegal_card") == (
        "Cards played together must be one number: 4s and 7s do not mix."
    )


def test_a_face_up_card_while_the_hand_is_not_empty(game):
    assert game.refused(0, "play R10", "illegal_card").startswith("Play the cards in your hand first")


def test_two_face_down_cards_at_once(game):
    assert game.refused(0, {"type": "flip", "slot": [0, 1]}, "illegal_action") == (
        "Face-down cards are flipped one at a time: choose one."
    )
    assert game.refused(0, "flip 1", "illegal_action") == (
        "Play the cards in your hand first; face-down cards come last."
    )


def test_a_follow_up_that_was_not_owed(game):
    assert game.refused(0, "draw", "nothing_to_draw").startswith("You may draw only before a Clear +1")
    game.act(0, "play R7")
    assert game.refused(0, "play B4", "illegal_action") == (
        "Your play is done: draw back up to three cards to end your turn."
    )
    game.act(0, "refill")  # G1
    game.act(1, "play B7")
    game.act(1, "refill")
    game.act(0, "play GC+1")
    game.act(0, "play G1")  # the one follow-up owed
    assert game.refused(0, "play B4", "illegal_action").startswith("Your play is done")


def test_acting_out_of_turn(game):
    assert game.refused(1, "play B7", "not_your_turn") == "It is Ann's turn."
    assert game.refused(1, "pickup", "not_your_turn") == "It is Ann's turn."


def test_cards_not_held_and_no_such_cards(game):
    assert game.refused(0, "play R8", "not_in_hand") == "You do not have the Red 8 in your hand."
    assert game.refused(0, "play R7 R7", "not_in_hand") == "You do not have another Red 7 in your hand."
    assert game.refused(0, "play R11", "unknown_card") == "There is no card 'R11' in 3UP 3DOWN."


@pytest.mark.parametrize(
    "action, code",
    [
        ({"type": "play"}, "bad_action"),
        ({"type": "play", "cards": "R7"}, "bad_action"),
        ({"type": "play", "cards": []}, "bad_action"),
        ({"type": "play", "cards": [7]}, "bad_action"),
        ({"type": "play", "cards": ["R7"], "card": "R7"}, "bad_action"),
        ({"type": "flip", "slot": "a"}, "bad_action"),
        ({"type": "flip", "slot": True}, "bad_action"),
        ({"type": "trade", "give": "R7", "seat": "1", "take": "B9"}, "bad_action"),
        ({"type": "jump"}, "bad_action"),
        ({"cards": ["R7"]}, "bad_action"),
        (["play", "R7"], "bad_action"),
        ("play", "bad_action"),
        ("pickup now", "bad_action"),
        ("trade R7", "bad_action"),
        ("", "bad_action"),
        (None, "bad_action"),
    ],
)
def test_malformed_actions(game, action, code):
    message = game.refused(0, action, code)
    assert len(message) > 10


@pytest.mark.parametrize("seat", [2, -1, "0", None, True, 0.0])
def test_no_such_seat(game, seat):
    before = game.snapshot()
    assert_error(game.call("act", seat=seat, action="play R7"), "bad_seats")
    assert game.snapshot() == before


def test_after_the_game_is_over_every_action_is_refused():
    g = Game(
        n=2,
        options={"deck": {c: 1 for c in [f"R{v}" for v in range(1, 10)] + [f"B{v}" for v in range(1, 10)]}},
        up=["R7 R8 R9", "B7 B8 B9"],
        hand=["R1 R2 R3", "B4 B5 B6"],
        down=["R4 R5 R6", "B1 B2 B3"],
    )
    while not g.view()["over"]:
        seat = g.view()["to_act"]
        g.act(seat, g.call("legal_actions", seat=seat)["actions"][-1])
    assert g.refused(0, "pickup", "game_over") == "The game is over."


# --- undo ---------------------------------------------------------------------------------------------


def test_undo_a_pick_until_everyone_has_picked():
    g = Game(n=3, pick=False, up=["R10 B10 G10", "R9 B9 G9", "R8 B8 G8"])
    g.act(0, {"type": "pick", "cards": g.ups[0]})
    assert g.view(0)["can_undo"]
    assert g.call("undo", seat=0) == {"ok": True}
    assert g.view(0)["players"][0]["picked"] is False
    for seat in range(3):
        g.act(seat, {"type": "pick", "cards": g.ups[seat]})
    assert (
        g.view(2)["undo_why"] == "Everyone has chosen and the face-up cards are on the table, so the picks are final."
    )


def test_undo_a_play_until_the_refill_shows_new_cards(game):
    game.act(0, "play R7")
    assert game.view(0)["can_undo"]
    before = game.view(0)
    game.act(0, "refill")
    assert game.view(0)["undo_why"] == "You drew cards you had not seen, so that is final."
    assert_error(game.call("undo", seat=0), "cannot_undo")
    assert before["hand"] != game.view(0)["hand"]


def test_undo_takes_back_the_play_exactly(game):
    before = game.view(0)
    game.act(0, "play R7")
    assert game.call("undo", seat=0) == {"ok": True}
    after = game.view(0)
    assert after["hand"] == before["hand"] and after["pile"] == before["pile"] and after["phase"] == "play"


def test_undo_a_clear_plus_one_before_its_follow_up_but_not_a_draw(game):
    game.act(0, "play GC+1")
    assert game.view(0)["can_undo"]
    game.act(0, "draw")
    assert game.view(0)["undo_why"] == "You drew cards you had not seen, so that is final."


def test_undo_nothing_after_a_flip():
    g = Game(
        n=2,
        options={"deck": {f"R{v}": 1 for v in range(1, 10)} | {f"B{v}": 1 for v in range(1, 10)}},
        up=["R7 R8 R9", "B7 B8 B9"],
        hand=["R1 R2 R3", "B4 B5 B6"],
        down=["R4 R5 R6", "B1 B2 B3"],
    )
    for _ in range(60):
        seat = g.view()["to_act"]
        if any(a["type"] == "flip" for a in g.view(seat)["actions"]):
            break
        g.act(seat, g.call("legal_actions", seat=seat)["actions"][0])
    g.act(seat, "flip 0")
    assert g.view(seat)["undo_why"] == "You turned up a face-down card, so that is final."


def test_undo_after_the_turn_passed_is_refused():
    g = Game(first=1, up=["R10 B10 G10", "R9 B9 G9"], hand=["R2 R3 R4", "B9 B8 B7"], draw="G1")
    g.act(1, "play B9")
    g.act(1, "refill")
    g.act(0, "pickup")  # four in hand: no refill, the turn passes
    assert g.view(0)["undo_why"] == "Your turn is over, so that move is final."
    g.act(1, "play B8")
    assert g.view(0)["undo_why"] == "The last move was Bob's, not yours."


# --- views ------------------------------------------------------------------------------------------


def test_the_public_view_has_no_hand_and_names_no_hidden_card(game):
    public = game.view(None)
    assert public["hand"] is None and public["my_up"] is None and public["my_down"] is None
    assert public["actions"] == [] and public["note"] is None and public["can_undo"] is False
    for code in ("'R7'", "'B4'", "'B7'", "'B2'"):  # hands
        assert code not in shown_text(public)
    assert [p["kind"] for p in public["players"]] == ["human", "human"]


def test_a_seats_view_has_its_cards_and_why_each_cannot_be_played(game):
    mine = game.view(0)
    lines = {line["card"]: line for line in mine["hand"]}
    assert set(lines) == {"R7", "B4", "GC+1"} and all(line["playable"] for line in lines.values())
    assert all(line["why"].startswith("Play the cards in your hand first") for line in mine["my_up"])
    assert all(d["why"] == "Play the cards in your hand first; face-down cards come last." for d in mine["my_down"])
    bob = game.view(1)
    assert all(line["why"] == "It is Ann's turn." for line in bob["hand"])


def test_save_and_load_resume_the_same_game(game):
    game.act(0, "play R7")
    record = game.call("save")["record"]
    reply = api.call("load", {"record": record})
    assert "error" not in reply
    again = api.call("view", {"handle": reply["handle"], "seat": 0})["view"]
    assert again["hand"] == game.view(0)["hand"] and again["pile"] == game.view(0)["pile"]


def test_bots_play_through_the_api():
    g = Game(n=3, kinds={1: "heuristic", 2: "random"}, up=["R10 B10 G10", None, None], hand=["R7 B4 GC+1", None, None])
    g.act(0, "play R7")
    g.act(0, "refill")
    for seat in (1, 2):
        reply = g.call("bot_act", seat=seat)
        assert "error" not in reply, reply
        while g.view()["to_act"] == seat:
            assert "error" not in g.call("bot_act", seat=seat)

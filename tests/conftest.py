"""Shared helpers for the engine tests: stacked decks, and two tables that read like the rules.

A test sets up an exact situation by naming each seat's four cards and the next cards of the draw
pile; the helpers turn that into the full deck order (top card first) and the dealer, the way the
engine deals: one card at a time, starting with the first player (left of the dealer), 4 rounds.
Later rounds can be stacked too (`rounds=[later(hands, draw, first)]`), and a game can start from
given tokens or points (`tokens=[0, 3, 3]`): the engine's test setup, kept in the record.

* `stacked_game(...)` opens the game through the JSON API (`api.call`), as the page does.
* `stacked_table(...)` drives the game module directly; it can also start from a given running
  total (`total=90`), which the API cannot, so rule tests reach "near 99" without ten plays.

Both offer the same small surface: `act(seat, "play 7")`, `play(seat, "7")` (play then draw),
`error(seat, action)` (the error of an illegal action, after checking that nothing changed),
`view(seat)`, `hand(seat)`, `actions(seat)`, and the public `total`, `turn`, `to_act`.
"""

import json

import pytest
from statekit import GameTable, state_snapshot

from pygames_wasm import api
from pygames_wasm.core import Setup, game_rng, stack_deck
from pygames_wasm.core.i18n import rendered
from pygames_wasm.games import ono99

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def A(text: str) -> dict:
    """An action from its string form: A("play 7") == {"type": "play", "card": "7"}."""
    words = text.split()
    return {"type": words[0], "card": words[1]} if len(words) == 2 else {"type": words[0]}


def as_action(action) -> dict:
    return A(action) if isinstance(action, str) else action


def deal_order(hands: list, draw=(), first: int = 0) -> list:
    """The top of the deck that deals `hands` (one list of 4 cards per seat, by seat number; None for
    a seat out of the game, which is dealt nothing) when `first` plays first, followed by `draw` (the
    next cards of the draw pile, top first)."""
    n = len(hands)
    dealt = sorted((s for s in range(n) if hands[s] is not None), key=lambda s: (s - first) % n)
    assert all(len(hands[s]) == ono99.HAND_SIZE for s in dealt), "each hand is four cards"
    return [hands[s][r] for r in range(ono99.HAND_SIZE) for s in dealt] + list(draw)


def later(hands: list, draw=(), first: int = 0) -> tuple:
    """A later round's deal for `rounds=`: the hands by seat, the draw pile's next cards, and the seat
    the rules make start that round (the test must know it: the deal begins there)."""
    return hands, draw, first


def stacked_decks(opts, hands, draw, first, rounds) -> list:
    """The engine's test setup: one full stacked deck per deal, the first round's then `rounds`."""
    return [stack_deck(opts.deck, deal_order(h, d, f)) for h, d, f in [(hands, draw, first), *rounds]]


def start_values(tokens=None, scores=None) -> dict | None:
    start = {k: list(v) for k, v in (("tokens", tokens), ("scores", scores)) if v is not None}
    return start or None


def new_state(opts, names: list, seed=1, deck=None, dealer=None, start=None) -> ono99.State:
    """An ONO 99 state straight from the module, with an optional test setup."""
    return ono99.new_state(opts, names, game_rng(seed), Setup.parse(deck=deck, dealer=dealer, start=start))


def seats(n: int, kinds=None) -> list:
    out = []
    for i in range(n):
        kind = (kinds or {}).get(i, "human")
        seat = {"name": NAMES[i], "kind": "human" if kind == "human" else "bot"}
        if kind != "human":
            seat["bot"] = kind  # "random" or "heuristic"
        out.append(seat)
    return out


def stacked_params(
    hands, draw=(), options=None, first=0, seed=1, kinds=None, rounds=(), tokens=None, scores=None
) -> dict:
    """The `new_game` params of a stacked game (see the module docstring)."""
    options = dict(options or {})
    opts = ono99.make_options(options)
    n = len(hands)
    return {
        "game": "ono99",
        "seats": seats(n, kinds),
        "options": options,
        "seed": seed,
        "decks": stacked_decks(opts, hands, draw, first, rounds),
        "dealer": (first - 1) % n,
        "start": start_values(tokens, scores),
    }


class _Table:
    """What both tables share: actions by string, and reading the views."""

    n: int

    def play(self, seat: int, card: str) -> list:
        """Play a card and take the draw owed for it (one whole normal turn)."""
        events = self.act(seat, f"play {card}")
        if (self.view(seat)["owed_draw"] or {}).get("seat") == seat:
            events += self.act(seat, "draw")
        return events

    def hand(self, seat: int) -> list:
        return sorted(line["card"] for line in self.view(seat)["hand"])

    def actions(self, seat: int) -> list:
        return sorted(ono99.action_text(a) for a in self.view(seat)["actions"])

    def player(self, seat: int) -> dict:
        return self.view(None)["players"][seat]

    def __getattr__(self, key):  # total, turn, to_act, direction, play2, owed_draw, over, result ...
        if key.startswith("_"):
            raise AttributeError(key)
        view = self.view(None)
        if key not in view:
            raise AttributeError(key)
        return view[key]

    def all_views(self) -> list:
        return [self.view(s) for s in [None, *range(self.n)]]


class ApiGame(_Table):
    """A game opened through `api.call`."""

    def __init__(self, params: dict):
        reply = api.call("new_game", params)
        assert "error" not in reply, reply
        self.handle = reply["handle"]
        self.n = len(params["seats"])

    def call(self, method: str, **params) -> dict:
        return api.call(method, {"handle": self.handle, **params})

    def act(self, seat: int, action) -> list:
        reply = self.call("act", seat=seat, action=as_action(action))
        assert "error" not in reply, f"{action!r} by seat {seat} failed: {reply}"
        return reply["events"]

    def view(self, seat=None) -> dict:
        reply = self.call("view", seat=seat)
        assert "error" not in reply, reply
        return reply["view"]

    def read_table(self, seat=None) -> str:
        reply = self.call("read_table", seat=seat)
        assert "error" not in reply, reply
        return reply["text"]

    def record(self) -> dict:
        return self.call("save")["record"]

    def snapshot(self) -> str:
        return json.dumps([self.record(), self.all_views()], sort_keys=True)

    def unchanged(self, method: str, **params) -> dict:
        """Call a method that must fail; check the reply is a clear error and the game is as it was."""
        before = self.snapshot()
        reply = self.call(method, **params)
        assert_error(reply)
        assert self.snapshot() == before, f"{method} {params} changed the game"
        return reply["error"]

    def error(self, seat: int, action) -> dict:
        return self.unchanged("act", seat=seat, action=as_action(action))

    def undo(self, seat: int) -> dict:
        return self.call("undo", seat=seat)


class ModuleTable(GameTable[ono99.State], _Table):
    """A game driven through the ono99 module (new_state / apply / view); invariants after each act."""

    module = ono99

    def __init__(
        self,
        hands,
        draw=(),
        options=None,
        first=0,
        seed=1,
        total=None,
        direction=None,
        rounds=(),
        tokens=None,
        scores=None,
    ):
        self.opts = ono99.make_options(dict(options or {}))
        self.n = len(hands)
        setup = Setup.parse(
            decks=stacked_decks(self.opts, hands, draw, first, rounds),
            dealer=(first - 1) % self.n,
            start=start_values(tokens, scores),
        )
        self.state = ono99.new_state(self.opts, NAMES[: self.n], game_rng(seed), setup)
        for seat in range(self.n):
            assert sorted(self.state.hands[seat]) == sorted(hands[seat]), "the stacked deal went wrong"
        if total is not None:
            self.state.total = total
        if direction is not None:
            self.state.direction = direction
        ono99.check_invariants(self.state)

    def act(self, seat: int, action) -> list:
        """The events the action caused, in English words (as the API gives them)."""
        return rendered(super().act(seat, as_action(action)))

    def view(self, seat=None) -> dict:
        """The seat's view in English words (as the API gives it); `raw_view` keeps the messages."""
        return rendered(self.raw_view(seat))

    def raw_view(self, seat=None) -> dict:
        return ono99.view(self.state, seat)

    def snapshot(self):
        return state_snapshot(self.state)

    def error(self, seat: int, action) -> dict:
        before = self.snapshot()
        with pytest.raises(ono99.GameError) as info:
            ono99.apply(self.state, seat, as_action(action))
        assert self.snapshot() == before, f"the illegal {action!r} changed the game"
        err = info.value
        assert err.code and err.message
        return {"code": err.code, "message": err.message}


def assert_error(reply: dict, code: str | None = None) -> dict:
    """A reply is one clear error: a stable code and a readable sentence."""
    assert set(reply) == {"error"}, reply
    err = reply["error"]
    assert set(err) == {"code", "message"}, err
    assert isinstance(err["code"], str) and err["code"], err
    assert isinstance(err["message"], str) and len(err["message"]) > 5, err
    if code is not None:
        assert err["code"] == code, err
    return err


def stacked_game(
    hands, draw=(), options=None, first=0, seed=1, kinds=None, rounds=(), tokens=None, scores=None
) -> ApiGame:
    """A game through the API whose seats hold `hands`, `first` to play, `draw` on top of the pile;
    `rounds` stacks later deals (see `later`); `tokens`/`scores` start everyone from those."""
    return ApiGame(stacked_params(hands, draw, options, first, seed, kinds, rounds, tokens, scores))


def stacked_table(
    hands, draw=(), options=None, first=0, seed=1, total=None, direction=None, rounds=(), tokens=None, scores=None
) -> ModuleTable:
    """The same through the game module, optionally from a given running total and direction."""
    return ModuleTable(hands, draw, options, first, seed, total, direction, rounds, tokens, scores)


# The deck option for small-pile tests: few cards, so the draw pile runs out quickly.
def small_deck(**counts) -> dict:
    """A deck table from keyword counts: small_deck(n1=9, REV=1) == {"1": 9, "REV": 1}."""
    return {(k[1:] if k.startswith("n") else "-10" if k == "minus10" else k): v for k, v in counts.items()}


def pytest_sessionstart(session):
    """The engine reads compiled catalogs (.mo): compile them from the .po sources, as the build does."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "i18n.py"
    spec = importlib.util.spec_from_file_location("i18n_tool", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.compile_engine()

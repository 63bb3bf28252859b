"""Shared helpers for the engine tests: stacked decks, and two tables that read like the rules.

A test sets up an exact situation by naming each seat's four cards and the next cards of the draw
pile; the helpers turn that into the full deck order (top card first) and the dealer, the way the
engine deals: one card at a time, starting with the first player (left of the dealer), 4 rounds.

* `stacked_game(...)` opens the game through the JSON API (`api.call`), as the page does.
* `stacked_table(...)` drives the game module directly; it can also start from a given running
  total (`total=90`), which the API cannot, so rule tests reach "near 99" without ten plays.

Both offer the same small surface: `act(seat, "play 7")`, `play(seat, "7")` (play then draw),
`error(seat, action)` (the error of an illegal action, after checking that nothing changed),
`view(seat)`, `hand(seat)`, `actions(seat)`, and the public `total`, `turn`, `to_act`.
"""

import copy
import json

import pytest

from pygames_wasm import api
from pygames_wasm.core import Rng, stack_deck
from pygames_wasm.games import ono99

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def A(text: str) -> dict:
    """An action from its string form: A("play 7") == {"type": "play", "card": "7"}."""
    words = text.split()
    return {"type": words[0], "card": words[1]} if len(words) == 2 else {"type": words[0]}


def as_action(action) -> dict:
    return A(action) if isinstance(action, str) else action


def deal_order(hands: list, draw=(), first: int = 0) -> list:
    """The top of the deck that deals `hands` (one list of 4 cards per seat, by seat number) when
    `first` plays first, followed by `draw` (the next cards of the draw pile, top first)."""
    n = len(hands)
    assert all(len(h) == ono99.HAND_SIZE for h in hands), "each hand is four cards"
    top = [hands[(first + k) % n][r] for r in range(ono99.HAND_SIZE) for k in range(n)]
    return top + list(draw)


def seats(n: int, kinds=None) -> list:
    out = []
    for i in range(n):
        kind = (kinds or {}).get(i, "human")
        seat = {"name": NAMES[i], "kind": "human" if kind == "human" else "bot"}
        if kind != "human":
            seat["bot"] = kind  # "random" or "heuristic"
        out.append(seat)
    return out


def stacked_params(hands, draw=(), options=None, first=0, seed=1, kinds=None) -> dict:
    """The `new_game` params of a stacked game (see the module docstring)."""
    options = dict(options or {})
    opts = ono99.make_options(options)
    n = len(hands)
    return {"game": "ono99", "seats": seats(n, kinds), "options": options, "seed": seed,
            "deck": stack_deck(opts.deck, deal_order(hands, draw, first)), "dealer": (first - 1) % n}


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


class ModuleTable(_Table):
    """A game driven through the ono99 module (new_state / apply / view); invariants after each act."""

    def __init__(self, hands, draw=(), options=None, first=0, seed=1, total=None, direction=None, deck=None):
        self.opts = ono99.make_options(dict(options or {}))
        self.n = len(hands)
        if deck is None:
            deck = stack_deck(self.opts.deck, deal_order(hands, draw, first))
        self.state = ono99.new_state(self.opts, NAMES[:self.n], seed, deck, (first - 1) % self.n)
        for seat in range(self.n):
            assert sorted(self.state.hands[seat]) == sorted(hands[seat]), "the stacked deal went wrong"
        if total is not None:
            self.state.total = total
        if direction is not None:
            self.state.direction = direction
        ono99.check_invariants(self.state)

    def act(self, seat: int, action) -> list:
        before = len(self.state.events)
        ono99.apply(self.state, seat, as_action(action))
        ono99.check_invariants(self.state)
        return self.state.events[before:]

    def view(self, seat=None) -> dict:
        return ono99.view(self.state, seat)

    def set_hand(self, seat: int, cards: list) -> None:
        """Rig a later deal (rounds after the first are shuffled): swap `seat`'s hand for `cards`,
        taken from the draw pile, so every card is still conserved."""
        state, pile = self.state, self.state.draw_pile
        pile[:0] = state.hands[seat]  # the old hand goes to the bottom of the pile
        state.hands[seat] = []
        for card in cards:
            if card not in pile:  # another seat holds it: give that seat a pile card instead
                holder = next(s for s in range(self.n) if card in state.hands[s])
                swap = next(c for c in pile if c not in cards)
                pile.remove(swap)
                state.hands[holder][state.hands[holder].index(card)] = swap
                pile.insert(0, card)
            pile.remove(card)
            state.hands[seat].append(card)
        ono99.check_invariants(state)

    def set_draw(self, cards: list) -> None:
        """Rig the next cards of the draw pile (top first), taken from elsewhere in the pile."""
        pile = self.state.draw_pile
        for card in cards:
            pile.remove(card)
        pile.extend(reversed(cards))  # the top card is the last item
        ono99.check_invariants(self.state)

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


def state_snapshot(state) -> dict:
    """Everything in a State, comparable with == (the Rng by its position)."""
    return copy.deepcopy({k: (v.state if isinstance(v, Rng) else v) for k, v in vars(state).items()})


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


def stacked_game(hands, draw=(), options=None, first=0, seed=1, kinds=None) -> ApiGame:
    """A game through the API whose seats hold `hands`, `first` to play, `draw` on top of the pile."""
    return ApiGame(stacked_params(hands, draw, options, first, seed, kinds))


def stacked_table(hands, draw=(), options=None, first=0, seed=1, total=None, direction=None) -> ModuleTable:
    """The same through the game module, optionally from a given running total and direction."""
    return ModuleTable(hands, draw, options, first, seed, total, direction)


# The deck option for small-pile tests: few cards, so the draw pile runs out quickly.
def small_deck(**counts) -> dict:
    """A deck table from keyword counts: small_deck(n1=9, REV=1) == {"1": 9, "REV": 1}."""
    return {(k[1:] if k.startswith("n") else "-10" if k == "minus10" else k): v for k, v in counts.items()}

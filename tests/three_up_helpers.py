"""Stacked 3UP 3DOWN tables for the tests.

`table(up=["R9 B9 G10", ...], hand=["R2 R3 B4", ...], down=[...], draw="R5 B5", first=0)` deals a
game whose seat s was dealt `down[s]` face down and the six cards `up[s] + hand[s]`, and then picks
`up[s]` to lie face up (so the game is at the first turn). `draw` names the next cards of the draw
pile, top first. Anything not named is filler from the rest of the deck (number cards first, high to
low, Clear cards last), so name every card a test depends on. The deal is the engine's: three face
down each from the first player (left of the dealer), then six each.

`deck="R1 R1 B2 ..."` plays with a small deck (the `deck` option): with exactly 9 cards a player the
draw pile is empty from the start, so face-up and face-down play is reached by real play. `picked=False`
stops before the picks. `next_deals=[dict(up=..., hand=..., ...)]` stacks later rounds (their first
player is the next seat each round, as the deal passes left, unless the deal names `first`).

The table drives the module directly and checks every invariant (cards conserved, no view shows a
hidden card) after each action: `act(seat, "play R7 B7")`, `error(seat, action)` (the refusal, after
checking that nothing changed and that `explain` gives the same sentence), `view(seat)`, `hand(seat)`,
`actions(seat)`, `state`. `arrange(...)` (mid-game situations that a deal cannot give directly) moves
cards between places, every card kept: what is not named goes out of the game (removed).
"""

from collections import Counter

import statekit
from statekit import GameTable

from pygames_wasm.core import Setup, game_rng, stack_deck
from pygames_wasm.core.i18n import render, rendered
from pygames_wasm.games import three_up as T

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def cards(text) -> list:
    if text is None:
        return []
    return text.split() if isinstance(text, str) else list(text)


def small_deck(text: str) -> dict:
    """A deck option from a card list: small_deck("R1 R1 B2") == {"R1": 2, "B2": 1}."""
    return dict(Counter(cards(text)))


def filler_order(counts: Counter) -> list:
    """Cards nobody named, in the order filler takes them: numbers high to low, then Clear cards."""
    rest = list(counts.elements())
    return sorted(rest, key=lambda c: (T.is_clear(c), -(T.number(c) if not T.is_clear(c) else 0), c))


def deal_order(opts, n, up, hand, down, draw, first) -> tuple[list, list]:
    """The top of a stacked deck (top card first) that deals these cards, and the face-up cards."""
    up = [cards(x) for x in (up or [None] * n)]
    hand = [cards(x) for x in (hand or [None] * n)]
    down = [cards(x) for x in (down or [None] * n)]
    named = Counter(c for zone in (up, hand, down) for seat in zone for c in seat) + Counter(cards(draw))
    free = filler_order(Counter(opts.cards) - named)
    short = sorted((Counter(named) - Counter(opts.cards)).elements())
    assert not short, f"the deck has no more {short}"
    for s in range(n):
        while len(down[s]) < T.TABLE_CARDS:
            down[s].append(free.pop(0))
        while len(up[s]) < T.TABLE_CARDS:
            up[s].append(free.pop(0))
        while len(hand[s]) < T.DEALT - T.TABLE_CARDS:
            hand[s].append(free.pop(0))
    seats = [(first + k) % n for k in range(n)]
    dealt = [up[s] + hand[s] for s in range(n)]
    return (
        [down[s][r] for r in range(T.TABLE_CARDS) for s in seats]
        + [dealt[s][r] for r in range(T.DEALT) for s in seats]
        + cards(draw)
    ), up


class Table(GameTable[T.State]):
    module = T

    def __init__(
        self,
        up=None,
        hand=None,
        down=None,
        draw="",
        first=0,
        n=2,
        options=None,
        deck=None,
        picked=True,
        seed=1,
        next_deals=(),
    ):
        options = dict(options or {})
        if deck is not None:
            options["deck"] = small_deck(deck) if isinstance(deck, str) else deck
        self.opts = T.make_options(options)
        self.n = n
        decks, ups = [], []
        for k, deal in enumerate([dict(up=up, hand=hand, down=down, draw=draw, first=first), *next_deals]):
            top, chosen = deal_order(
                self.opts,
                n,
                deal.get("up"),
                deal.get("hand"),
                deal.get("down"),
                deal.get("draw", ""),
                deal.get("first", (first + k) % n),
            )
            decks.append(stack_deck(self.opts.cards, top))
            ups.append(chosen)
        self.ups = ups
        self.setup = Setup.parse(decks=decks, dealer=(first - 1) % n)
        self.state = T.new_state(self.opts, NAMES[:n], game_rng(seed), self.setup)
        T.check_invariants(self.state)
        if picked:
            self.pick_all()

    def pick_all(self):
        """Every seat picks the face-up cards its deal named (from the first player on)."""
        for seat in list(T.waiting_for(self.state)):
            self.act(seat, {"type": "pick", "cards": self.ups[self.state.round - 1][seat]})

    def act(self, seat: int, action) -> list:
        """The events the action caused, in English (the engine keeps messages)."""
        return rendered(super().act(seat, action))

    def error(self, seat: int, action, code: str | None = None) -> str:
        err = self.refusal(seat, action)
        if code:
            assert err.code == code, (err.code, err.message)
        return err.message

    def play(self, seat: int, text: str) -> list:
        """Play these cards (in this order) and, if the turn then needs it, the refill."""
        events = self.act(seat, {"type": "play", "cards": cards(text)})
        return events + self.refill_if_due(seat)

    def flip(self, seat: int, slot: int = 0) -> list:
        return self.act(seat, {"type": "flip", "slot": slot}) + self.refill_if_due(seat)

    def pickup(self, seat: int) -> list:
        return self.act(seat, "pickup") + self.refill_if_due(seat)

    def refill_if_due(self, seat: int) -> list:
        if self.state.phase == "refill" and self.state.turn == seat:
            return self.act(seat, "refill")
        return []

    def view(self, seat=None, lang: str = "en") -> dict:
        """The seat's view in words (English unless `lang` says otherwise)."""
        return rendered(T.view(self.state, seat), lang)

    def hand(self, seat: int) -> list:
        return sorted(self.state.hands[seat])

    def actions(self, seat: int) -> list:
        return [T.action_text(a) for a in T.legal_actions(self.state, seat)]

    def events_text(self) -> str:
        return " | ".join(render(e["text"]) for e in self.state.events)

    def arrange(self, hands=None, up=None, down=None, pile="", draw="", turn=None):
        """Put exactly these cards in these places (a list per seat; None keeps a seat's cards), every
        other card out of the game; then, with `turn`, that seat's turn begins."""
        state = self.state
        places = {"hands": hands, "up": up, "down": down}
        for key, spec in places.items():
            if spec is not None:
                for s, text in enumerate(spec):
                    if text is not None:
                        getattr(state, key)[s] = cards(text)
        state.pile, state.draw_pile = cards(pile), cards(draw)[::-1]
        state.known = [[False] * len(d) for d in state.down]
        kept = Counter(c for key in places for seat in getattr(state, key) for c in seat)
        kept += Counter(state.pile) + Counter(state.draw_pile)
        short = sorted((kept - Counter(self.opts.cards)).elements())
        assert not short, f"arrange names more {short} than the deck holds"
        state.removed = list((Counter(self.opts.cards) - kept).elements())
        if turn is not None:
            state.turns -= 1
            T.begin_turn(state, turn)
        T.check_invariants(state)


def try_action(state, seat: int, action) -> bool:
    return statekit.try_action(T, state, seat, action)


def table(**kw) -> Table:
    return Table(**kw)


PUBLIC_TABLES = ("options", "removed")  # view parts that name cards without hiding any: the deck, cards out


def shown_text(view: dict) -> str:
    """A view as text, without its public card tables: where a hidden card's name must not appear."""
    return str({k: v for k, v in view.items() if k not in PUBLIC_TABLES})


def labels(lines) -> list:
    return [line["label"] for line in lines]

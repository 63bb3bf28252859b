"""Stacked Own Trumps tables for the tests.

`Table(players=2, hands={0: "9D KD", 1: "7H QC"}, trumps="SH")` deals a game from a stacked deck:
each seat holds the cards named for it plus filler (the lowest cards nobody named), dealt as the
engine deals (one card at a time, from the leader). Seat 0 leads unless `dealer=` says otherwise.
`trumps="SH"` has the players choose spades and hearts (in the order they choose: from the leader,
clockwise); `trumps=None` stops before the choice. `next_deals=[{...hands...}]` stacks the deals of
later games of the match (each dealt from that game's leader).

`arrange(hands={0: "JC 8S", 1: "9H"}, pile="10C", turn=0)` puts the table of a game in progress in an
exact situation: those hands, `pile` on top of the pile (last card on top) and every other card
under it, or in one seat's hand with `rest=seat` (all 36 stay in play); seats given no cards are out,
in seat order. It is how the end-of-game
situations of the rules file are reached without playing 30 moves to get there.

The table drives the module directly: `act(seat, "beat KD QC")`, `error(seat, action)` (the sentence
of an illegal action, after checking that nothing changed and that `explain` gives the same
sentence), `view(seat)`, `hand(seat)`, `actions(seat)` (string forms), `state`. The module keeps
messages (core/i18n.py); `act`, `error` and `view` give them in English words, as the API does.
"""

import pytest
from statekit import GameTable, try_action  # noqa: F401 (the property tests take it from here)

from pygames_wasm.core import GameError, Setup, game_rng, stack_deck
from pygames_wasm.core.i18n import render, rendered
from pygames_wasm.games import own_trumps as G

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def cards(text) -> list:
    return text.split() if isinstance(text, str) else list(text or [])


def full_hands(players: int, hands: dict) -> list:
    """Each seat's 36/players cards: the named ones, then filler (the lowest cards nobody named)."""
    size = 36 // players
    named = {seat: cards(h) for seat, h in hands.items()}
    taken = {c for h in named.values() for c in h}
    assert len(taken) == sum(len(h) for h in named.values()), "a card is named twice"
    free = [c for c in sorted(G.DECK, key=lambda c: (G.RANK_OF[c], G.ORDER[c])) if c not in taken]
    out = []
    for seat in range(players):
        hand = named.get(seat, [])
        assert len(hand) <= size, f"seat {seat} is named {len(hand)} cards; a hand is {size}"
        while len(hand) < size:
            hand.append(free.pop(0))
        out.append(hand)
    return out


def stacked_deck(players: int, hands: dict, leader: int) -> list:
    full = full_hands(players, hands)
    size = 36 // players
    return stack_deck(G.DECK, [full[(leader + k) % players][r] for r in range(size) for k in range(players)])


class Table(GameTable[G.State]):
    module = G

    def __init__(self, players=2, hands=None, trumps="SH", dealer=None, options=None, seed=1, next_deals=()):
        self.opts = G.make_options(dict(options or {}))
        dealer = players - 1 if dealer is None else dealer
        leaders = [(dealer + 1) % players] + [deal.pop("leader") for deal in map(dict, next_deals)]
        decks = [stacked_deck(players, hands or {}, leaders[0])]
        decks += [
            stacked_deck(players, {k: v for k, v in deal.items() if k != "leader"}, leader)
            for deal, leader in zip(next_deals, leaders[1:])
        ]
        self.setup = Setup.parse(decks=decks, dealer=dealer)
        self.state = G.new_state(self.opts, NAMES[:players], game_rng(seed), self.setup)
        G.check_invariants(self.state)
        if trumps:
            self.choose(trumps)

    def choose(self, trumps: str) -> None:
        """The players choose these suits, in the order they choose (from the leader, clockwise)."""
        for suit in trumps:
            if self.state.phase != "trumps":
                break
            self.act(G.trump_chooser(self.state), f"trump {suit}")

    def arrange(self, hands: dict, pile="", turn=0, known=None, rest=None) -> None:
        """A game in progress in exactly this situation (see the module docstring); `rest=seat` puts
        the cards nobody was given into that seat's hand instead of under the pile."""
        state = self.state
        assert state.phase == "play", "arrange a game after the trumps are chosen"
        named = {s: cards(hands.get(s, "")) for s in range(state.n)}
        top = cards(pile)
        used = [c for h in named.values() for c in h] + top
        assert len(set(used)) == len(used), "a card is named twice"
        under = [c for c in G.DECK if c not in used]
        if rest is not None:
            named[rest] += under
            under = []
        state.hands = [named[s] for s in range(state.n)]
        state.pile = under + top
        state.pile_by = [(turn + 1 + i) % state.n for i in range(len(state.pile))]
        state.out = [s for s in range(state.n) if not state.hands[s]]
        state.known = [set(cards((known or {}).get(s, ""))) for s in range(state.n)]
        state.turn = turn
        state.seen, state.turns, state.sixes = {}, 0, []
        state.first_event = len(state.events) + 1  # the events so far are of cards now elsewhere
        G.remember_position(state)
        G.check_invariants(state)

    def act(self, seat: int, action) -> list:
        """The texts of the events `action` caused, in English."""
        return [render(e["text"]) for e in super().act(seat, action)]

    def error(self, seat: int, action) -> str:
        return self.refusal(seat, action).message

    def code(self, seat: int, action) -> str:
        with pytest.raises(GameError) as info:
            G.apply(self.state, seat, action)
        return info.value.code

    def view(self, seat=None) -> dict:
        """The view of `seat`, every message in it in English words."""
        return rendered(G.view(self.state, seat))

    def hand(self, seat: int) -> list:
        return G.sorted_cards(self.state.hands[seat])

    def actions(self, seat: int) -> list:
        return [G.action_text(a) for a in G.legal_actions(self.state, seat)]

    @property
    def pile(self) -> list:
        return list(self.state.pile)

    @property
    def top(self) -> str | None:
        return self.state.pile[-1] if self.state.pile else None


def two_player_table(**kw) -> Table:
    """The rules file's test table (§2.15): A (seat 0, Ann) has spades, B (seat 1, Bob) hearts."""
    return Table(players=2, **({"trumps": "SH"} | kw))

"""Stacked Canasta tables for the tests.

`table(hands={0: "7H 7S 2C"}, pile="9C", draw="KD", first=0)` deals a game whose seat 0 holds 7♥ 7♠
2♣ plus filler, whose upcard(s) are 9♣ (several cards: the upcard procedure turned them, last on
top), and whose stock's next cards are K♦. Filler is one card of each rank the hand does not name
(kings down to aces, then a black three if still short; never a wild card or a red three), so filler alone never makes a meld or a pair.
The deal is as the engine deals: one card at a time from the left of the dealer, 11 rounds.

The table drives the canasta module directly: `act(seat, "meld 7H 7S 2C")` (the events it caused, in
English words), `error(seat, action)` (the error sentence of an illegal action, after checking that
nothing changed), `view(seat)` (rendered in English, or `lang`),
`hand(seat)`, `state`. `scores=(1500, -20)` starts the game from those team scores (the engine's
test setup, as if earlier hands had been played), which sets each team's initial-meld minimum; `hands_played=29` starts at the
30th hand; `next_deals=[{"hands": ..., "pile": ..., "draw": ..., "first": ...}]` stacks later hands. `give(team, "8H 8S 8D")` lays
a meld for a team from stock cards (every card stays conserved), for tests that start mid-hand.
"""

from collections import Counter

import statekit
from statekit import GameTable

from pygames_wasm.core import Setup, game_rng, stack_deck
from pygames_wasm.core.i18n import rendered
from pygames_wasm.games import canasta as C

NAMES = ["North", "East", "South", "West"]
FILLER_RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "A", "3"]  # a black 3 only when short


def cards(text) -> list:
    return text.split() if isinstance(text, str) else list(text)


def fill_hands(hands: dict, reserved: Counter) -> list:
    """Each seat's 11 cards: the named ones, then filler from cards nobody named."""
    free = Counter(C.DECK) - reserved
    out = []
    for seat in range(4):
        hand = cards(hands.get(seat, ""))
        ranks = {C.rank(c) for c in hand}
        for r in FILLER_RANKS:
            if len(hand) >= C.HAND_SIZE:
                break
            if r in ranks:
                continue
            card = next((f"{r}{s}" for s in C.SUITS if free[f"{r}{s}"] > 0), None)
            if card:
                free[card] -= 1
                hand.append(card)
                ranks.add(r)
        assert len(hand) == C.HAND_SIZE, f"seat {seat}: cannot fill the hand {hand}"
        out.append(hand)
    return out


def deal_order(full_hands: list, first: int) -> list:
    return [full_hands[(first + k) % 4][r] for r in range(C.HAND_SIZE) for k in range(4)]


def stacked_deck(hands: dict, pile="5C", draw="", first=0) -> list:
    """The full deck of one deal: hands by seat (filled up), the upcard(s), the stock's next cards."""
    upcards, stock = cards(pile), cards(draw)
    reserved = Counter(c for h in hands.values() for c in cards(h)) + Counter(upcards) + Counter(stock)
    return stack_deck(C.DECK, deal_order(fill_hands(hands, reserved), first) + upcards + stock)


class Table(GameTable[C.State]):
    module = C

    def __init__(
        self,
        hands=None,
        pile="5C",
        draw="",
        first=0,
        options=None,
        scores=None,
        seed=1,
        hands_played=None,
        next_deals=(),
    ):
        hands = hands or {}
        self.named = {seat: Counter(cards(h)) for seat, h in hands.items()}
        self.opts = C.make_options(dict(options or {}))
        decks = [stacked_deck(hands, pile, draw, first)] + [stacked_deck(**deal) for deal in next_deals]
        start = {
            k: v
            for k, v in (("scores", scores and list(scores)), ("hands", hands_played and [hands_played]))
            if v is not None
        } or None
        self.setup = Setup.parse(decks=decks, dealer=(first - 1) % 4, start=start)
        self.state = C.new_state(self.opts, NAMES, game_rng(seed), self.setup)
        C.check_invariants(self.state)

    def give(self, team: int, meld: str) -> None:
        """Lay a meld for `team` from cards of the stock (mid-hand set-ups)."""
        state = self.state
        laid = cards(meld)
        for card in laid:
            self.take(card)
        r = C.valid_rank(laid)
        state.melds[team][r] = state.melds[team].get(r, []) + laid
        state.has_melded[team] = True
        C.check_invariants(state)

    def red_three(self, team: int, card: str) -> None:
        """Put a red three from the stock on the table for `team`."""
        self.take(card)
        self.state.red_threes[team].append(card)
        C.check_invariants(self.state)

    def set_hand(self, seat: int, hand: str) -> None:
        """Swap a hand for other cards, taken from the stock (the old hand goes to the stock's bottom)."""
        state = self.state
        state.stock[:0] = state.hands[seat]
        state.hands[seat] = []
        new = cards(hand)
        for card in new:
            self.take(card)
        state.hands[seat] = new
        self.named[seat] = Counter(new)
        C.check_invariants(state)

    def take(self, card: str) -> None:
        """Remove `card` from the stock; if a hand holds it (as filler), give that hand a stock card of a
        rank it does not hold instead."""
        state = self.state
        if card in state.stock:
            state.stock.remove(card)
            return
        holder = next(s for s in range(4) if state.hands[s].count(card) > self.named.get(s, Counter())[card])
        hand = state.hands[holder]
        ranks = {C.rank(c) for c in hand}
        fits = [c for c in state.stock if C.is_natural(c) and C.rank(c) not in ranks and C.rank(c) != C.rank(card)]
        swap = (
            fits or [c for c in state.stock if not C.is_red_three(c) and not C.is_wild(c) and C.rank(c) != C.rank(card)]
        )[0]
        state.stock.remove(swap)
        hand[hand.index(card)] = swap

    def error(self, seat: int, action) -> str:
        return self.refusal(seat, action).message

    def view(self, seat=None, lang: str = "en") -> dict:
        """The view in words, as the API gives it (`C.view` itself holds messages)."""
        return rendered(C.view(self.state, seat), lang)

    @property
    def sheets(self) -> list:
        """The score sheets of the finished hands, in English words."""
        return rendered(self.state.sheets)

    def events(self) -> list:
        """The game's public events, in English words."""
        return rendered(self.state.events)

    def act(self, seat: int, action) -> list:
        """The events the action caused, in English words."""
        return rendered(super().act(seat, action))

    def hand(self, seat: int) -> list:
        return sorted(self.state.hands[seat])

    def pass_turn(self, seat: int) -> None:
        """Draw from the stock and discard the card drawn."""
        before = list(self.state.hands[seat])
        self.act(seat, "draw")
        drawn = Counter(self.state.hands[seat]) - Counter(before)
        self.act(seat, {"type": "discard", "card": next(iter(drawn))})

    def actions(self, seat: int) -> list:
        return [C.action_text(a) for a in C.legal_actions(self.state, seat)]

    def team(self, team: int) -> dict:
        return self.view(None)["teams"][team]


def try_action(state, seat: int, action) -> bool:
    return statekit.try_action(C, state, seat, action)


def table(**kw) -> Table:
    return Table(**kw)

"""A sensible Own Trumps player, deciding from its own view only.

What it knows comes from the view: its own hand, the whole public pile, every player's trump suit
and hand size, and the cards each player is known to hold (picked up from the pile, or received as
sixes: the engine keeps that public record). Every other card is "unknown": it lies in some other
player's hidden part of their hand. With two players that is all of the opponent's hidden cards,
so after the deal the bot knows the opponent's hand exactly; with more players it estimates.

It looks one move ahead. For each legal action it scores the hand it would keep and what the next
player then faces:
* shedding cards is the aim: every card gone counts; a pick-up costs the cards taken, though cards
  worth having (its own trumps, high cards) soften that;
* a beating card or an added card spends beating power: own trumps are the bot's sure beaters, so it
  beats with the cheapest card that works and keeps its high trumps;
* the card left on top should be one the next player cannot beat (then they pick up 3, 5 or the whole
  pile: the next player's own trumps are the best cards to add, their trump Ace best of all), and
  never one that lets a player with one or two cards run out;
* running out wins (with two players, unless the opponent's last card beats the top card: a draw).
"""

from ..core.game import Action, View
from ..core.rng import Chooser
from ..games.own_trumps import DECK, RANK_OF, beats, pickup_count

WIN = 1000.0
HAND_WEIGHT = 1.0  # one card more or less in hand
TRUMP_POWER = 0.55  # an own trump kept in hand: a sure beater for later
TRUMP_RANK = 0.06  # ... and a high one beats the others' attempts on our own trumps too
PLAIN_RANK = 0.045  # a plain card's beating power grows with its rank
NEXT_PICKS = 0.8  # each card the next player would have to pick up
NEXT_SHEDS = 1.2  # the next player beats and sheds two cards


def choose(view: View, rng: Chooser) -> Action:
    actions = view["actions"]
    if len(actions) == 1:
        return actions[0]
    if view["phase"] == "trumps":
        return rng.choice(actions)  # chosen before the deal: every suit is as good as another
    return Planner(view).best(actions)


def hypergeom_none(pool: int, good: int, draws: int) -> float:
    """The chance that `draws` cards taken from `pool` unknown cards include none of `good` cards."""
    p = 1.0
    for i in range(draws):
        if pool - i <= 0:
            break
        p *= max(0, pool - good - i) / (pool - i)
        if p == 0.0:
            break
    return p


class Planner:
    def __init__(self, view: View) -> None:
        self.seat = view["seat"]
        self.players = {p["seat"]: p for p in view["players"]}
        self.trump = self.players[self.seat]["trump"]
        self.hand = [c["card"] for c in view["hand"]]
        self.pile = [c["card"] for c in view["pile"]]
        known = set()
        for p in view["players"]:
            if p["seat"] != self.seat:
                known.update(p["known"])
        self.unknown = set(DECK) - set(self.hand) - set(self.pile) - known
        self.hidden = {s: p["hand_count"] - len(p["known"]) for s, p in self.players.items() if s != self.seat}
        self.pool = sum(self.hidden.values())
        self.two = len(self.players) == 2
        self.cache: dict[tuple[int, str], float] = {}
        self.kept = sum(self.power(c) for c in self.hand)  # the value of the hand as it is

    # --- what the others can do -----------------------------------------------------------------------
    def next_player(self) -> int | None:
        n = len(self.players)
        for step in range(1, n):
            s = (self.seat + step) % n
            if self.players[s]["hand_count"] > 0:
                return s
        return None

    def p_beats(self, seat: int, top: str) -> float:
        """The chance that `seat` holds a card that beats `top` on its turn."""
        key = (seat, top)
        if key not in self.cache:
            trump = self.players[seat]["trump"]
            if any(beats(c, top, trump) for c in self.players[seat]["known"]):
                p = 1.0
            else:
                good = sum(1 for c in self.unknown if beats(c, top, trump))
                p = 1.0 - hypergeom_none(self.pool, good, self.hidden[seat])
            self.cache[key] = p
        return self.cache[key]

    # --- the value of cards kept ----------------------------------------------------------------------
    def power(self, card: str) -> float:
        if card[-1] == self.trump:
            return TRUMP_POWER + TRUMP_RANK * RANK_OF[card]
        return PLAIN_RANK * RANK_OF[card]

    # --- scoring an action ------------------------------------------------------------------------------
    def after(self, action: Action) -> tuple[int, float, int, str | None]:
        """(cards in hand after, their value, pile size after, top after) for one of our actions."""
        if action["type"] == "pick_up":
            k = action["count"]
            taken = self.pile[-k:]
            rest = len(self.pile) - k
            return (
                len(self.hand) + k,
                self.kept + sum(self.power(c) for c in taken),
                rest,
                self.pile[rest - 1] if rest else None,
            )
        played = [action["card"]] + ([action["add"]] if "add" in action else [])
        return (
            len(self.hand) - len(played),
            self.kept - sum(self.power(c) for c in played),
            len(self.pile) + len(played),
            played[-1],
        )

    def score(self, action: Action) -> float:
        cards, kept, pile_size, top = self.after(action)
        nxt = self.next_player()
        if not cards:
            if self.two and self.players[nxt]["hand_count"] == 1:
                assert nxt is not None and top is not None  # our last card is on top; the other holds one
                draw = self.p_beats(nxt, top)
                return WIN * (1 - draw) + 0.5 * WIN * draw
            return WIN
        value = kept - HAND_WEIGHT * cards
        if top is None or nxt is None:
            return value  # the next player leads a new pile
        p = self.p_beats(nxt, top)
        their_cards = self.players[nxt]["hand_count"]
        if their_cards <= 2:  # they would beat (and add their last card): out of cards
            value -= p * WIN * (0.9 if self.two else 0.3)
        picks = pickup_count(pile_size, top, self.players[nxt]["trump"])
        return value + (1 - p) * NEXT_PICKS * picks - p * NEXT_SHEDS

    def best(self, actions: list[Action]) -> Action:
        return max(actions, key=self.score)

"""A sensible 3UP 3DOWN player, deciding from its own view only.

How it plays:
- Setup: the three strongest cards lie face up (Clear cards first, then the highest numbers), since
  face-up cards are played late, when a weak card means picking up the pile; the hand keeps the low
  cards, which are easy to play while the pile is low.
- A turn: play the lowest number that is legal, every copy of it at once (a multiple sheds more cards,
  and three of a number clear the pile). Keep Clear cards for when nothing else is legal; then spend
  the plain Clear before a Clear +1 / +2. Also play a Clear first when the pile is big and the only
  numbers left to play are high (a 9 or 10 on a pile of many cards gives it to the next player cheaply,
  but saving the pile for later pick-ups costs more).
- Follow-ups: draw first while the hand is short (the refill would draw those cards anyway), then the
  lowest legal number: on the cleared pile that sheds a weak card.
- Options: never draws instead of playing unless only a Clear is legal (O2); trades its lowest hand card
  for the highest face-up card on the table while that gains, then says it is done (O6); after four of
  a colour swaps a high hand card for a lower face-up one (O7).
"""

from ..core.game import Action, View
from ..core.rng import Chooser
from ..games.three_up import is_clear, number
from .easy import same_kind

CLEAR_ORDER = {"C": 0, "C+1": 1, "C+2": 2}  # spend the plain Clear first
BIG_PILE = 8


def strength(card: str) -> int:
    return 11 + CLEAR_ORDER[card[1:]] if is_clear(card) else number(card)


def choose(view: View, rng: Chooser) -> Action:
    actions = view["actions"]
    kinds = {a["type"] for a in actions}
    if kinds == {"refill"} or kinds == {"pickup"} or kinds == {"draw"}:
        return actions[0]
    if "pick" in kinds:
        return max((a for a in actions if a["type"] == "pick"), key=lambda a: sorted(map(strength, a["cards"])))
    if "flip" in kinds:
        known = [d for d in view["my_down"] if d["card"] is not None]
        slots = [a for a in actions if a["type"] == "flip"]
        if known:  # a card seen after a failed flip: flip the unknown ones first
            unknown = [a for a in slots if view["my_down"][a["slot"]]["card"] is None]
            slots = unknown or slots
        return rng.choice(slots)
    if "done" in kinds:
        return trade(view, actions)
    if "no_swap" in kinds:
        return swap(view, actions)
    plays = [a for a in actions if a["type"] == "play"]
    if "draw" in kinds and view["phase"] == "follow" and len(view["hand"]) < 3:
        return {"type": "draw"}
    if not plays:
        return next(a for a in actions if a["type"] in ("pickup", "draw"))
    numbers = [a for a in plays if not is_clear(a["cards"][0])]
    clears = [a for a in plays if is_clear(a["cards"][0])]
    if numbers:
        low = min(number(a["cards"][0]) for a in numbers)
        if clears and low >= 9 and view["pile"]["count"] >= BIG_PILE and view["phase"] == "play":
            return cheapest_clear(clears)
        same = [a for a in numbers if number(a["cards"][0]) == low]
        return max(same, key=lambda a: len(a["cards"]))
    if "draw" in kinds and view["phase"] == "play":
        return {"type": "draw"}  # O2: keep the Clear for a bigger pile
    return cheapest_clear(clears)


def cheapest_clear(clears: list[Action]) -> Action:
    return min(clears, key=lambda a: CLEAR_ORDER[a["cards"][0][1:]])


def gaining_trades(actions: list[Action]) -> list[Action]:
    """O6: the trades that take a clearly stronger card than they give. Only these are ever made, so
    trading ends: each one raises the hand's total strength (a fixed number of cards, each at most
    a Clear +2) by at least 3."""
    return [a for a in actions if a["type"] == "trade" and strength(a["take"]) > strength(a["give"]) + 2]


def trade(view: View, actions: list[Action]) -> Action:
    """O6: the lowest hand card for the strongest face-up card of another player, while that gains."""
    trades = gaining_trades(actions)
    if trades:
        return max(trades, key=lambda a: (strength(a["take"]) - strength(a["give"]), -strength(a["give"])))
    return {"type": "done"}


def slips(view: View, action: Action) -> list[Action]:
    """The Easy player's slips: another move of the same kind, but a trade only for another trade that
    gains (so that the Easy player's trading ends too)."""
    if action["type"] == "trade":
        return [a for a in gaining_trades(view["actions"]) if a != action]
    return same_kind(view, action)


def swap(view: View, actions: list[Action]) -> Action:
    """O7: a strong hand card face up in place of a weaker face-up card."""
    swaps = [a for a in actions if a["type"] == "swap"]
    if swaps:
        best = max(swaps, key=lambda a: strength(a["give"]) - strength(a["take"]))
        if strength(best["give"]) > strength(best["take"]):
            return best
    return {"type": "no_swap"}

"""A sensible ONO 99 player, deciding from its own view only.

The idea: big number cards are only safe while the total is low, so play them early and keep the
cards that add nothing (Zero, Hold, Reverse, Play 2, Minus ten) as escapes for a high total. Play 2
is also a weapon: near the top it makes the next player play two cards, so it is kept for then.
Under a Play 2 duty, answer it with a deflecting card when playing two would be risky.
"""

from ..core.game import Action, View
from ..core.rng import Chooser
from ..games.ono99 import DEFLECTORS, is_number

ESCAPE_ORDER = ["0", "HOLD", "REV", "DP", "P2", "-10"]  # cheapest escape to spend first
HIGH_TOTAL = 80  # from here on, pressure on the next player pays
DUTY_TOTAL = 50  # from here on, two cards owed are passed on whenever a card can


def choose(view: View, rng: Chooser | None) -> Action:  # never draws at random: the search passes None
    actions = view["actions"]
    kinds = {a["type"] for a in actions}
    if "draw" in kinds:
        return {"type": "draw"}
    if "discard4" in kinds:
        return {"type": "discard4"}
    busts = [a for a in actions if a["type"] == "bust"]
    if busts:  # out of the round either way: shed the card worth the most points
        return max(busts, key=lambda a: int(a["card"]))
    plays = [a["card"] for a in actions if a["type"] == "play"]
    if not plays:
        return actions[0]
    return {"type": "play", "card": pick_card(view, plays)}


def pick_card(view: View, plays: list[str]) -> str:
    total = view["total"]
    hand = [c["card"] for c in view["hand"]]
    if "ONO" in plays:
        return "ONO"  # a dead card that can be shed
    duty = view["play2"]
    first_of_two = duty is not None and duty["seat"] == view["seat"] and duty["plays_left"] == 2
    if first_of_two:
        deflectors = [c for c in plays if c in DEFLECTORS]
        if deflectors and (total >= DUTY_TOTAL or safe_count(hand, total) < 3):
            return cheapest_escape(deflectors, total)
        keeping_a_second = [c for c in plays if has_second_card(hand, c, total)]
        plays = keeping_a_second or plays
    numbers = [c for c in plays if is_number(c) and c != "0"]
    if total >= HIGH_TOTAL and any(c in ("P2", "DP") for c in plays):
        return "P2" if "P2" in plays else "DP"
    if numbers:
        return max(numbers, key=int)
    return cheapest_escape(plays, total)


def cheapest_escape(cards: list[str], total: int) -> str:
    order = ESCAPE_ORDER if total < HIGH_TOTAL else ["P2", "DP"] + ESCAPE_ORDER
    return min(cards, key=lambda c: order.index(c) if c in order else -1)


def after(total: int, card: str) -> int:
    """Roughly what a card does to the total (the engine has the exact rule and the options)."""
    if is_number(card):
        return total + int(card)
    return max(0, total - 10) if card == "-10" else total


def safe_count(hand: list[str], total: int) -> int:
    return sum(1 for c in hand if c != "ONO" and after(total, c) < 99)


def has_second_card(hand: list[str], first: str, total: int) -> bool:
    rest = list(hand)
    rest.remove(first)
    return safe_count(rest, after(total, first)) > 0

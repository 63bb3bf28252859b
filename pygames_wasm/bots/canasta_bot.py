"""A sensible Canasta club player, deciding from its own view only.

It chooses among the actions its view lists (the engine's legal moves and suggested melds), so it
never plays an illegal move and never sees a hidden card. The plan, turn by turn:

* Draw: pick up the pile whenever the view offers it (a good pile is the game's big swing), unless
  it is a single card that would cost a wild card; otherwise draw.
* Meld: make the team's first meld as soon as it counts enough; then add naturals to the team's
  melds, lay down new natural melds, and spend a wild card only to finish a canasta or to go out.
  Go out when it can, unless the team is behind on the table and nobody is close to going out.
* Discard: a black three first (nobody can take it), then a single card the opponents cannot use
  (not a rank they have melded, not a pair it is saving), the cheapest first, or the dearest when an
  opponent is about to go out. With a big pile and opponents who have melded, freeze it with a wild.
* Partner, may I go out?: it answers yes unless it still holds many points.
"""

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core.game import Action, View
from ..core.rng import Chooser
from ..games.canasta import count, is_black_three, is_wild, rank, value

BIG_PILE = 10


def choose(view: View, rng: Chooser | None) -> Action:  # never draws at random: the search passes None
    actions = view["actions"]
    kinds = Counter(a["type"] for a in actions)
    if "answer" in kinds:
        return answer(view)
    if view["phase"] == "draw":
        return draw_choice(view, actions)
    return play_choice(view, actions)


def answer(view: View) -> Action:
    held = count(c["card"] for c in view["hand"])
    return {"type": "answer", "yes": held <= 60}


def draw_choice(view: View, actions: list[Action]) -> Action:
    takes = [a for a in actions if a["type"] == "take_pile"]
    pile = view["pile"]["count"]
    good = [a for a in takes if pile > 1 or not any(is_wild(c) for c in a["cards"])]
    if good:
        # The fewest hand cards spent, then the most extra melds (they make the first meld count).
        return min(good, key=lambda a: (sum(is_wild(c) for c in a["cards"]), len(a["cards"]), -len(a["melds"])))
    return next(a for a in actions if a["type"] in ("draw", "end_hand", "take_pile"))


def team_melds(view: View, team: int) -> dict[str, dict[str, Any]]:
    return {m["rank"]: m for m in view["teams"][team]["melds"]}


def table_points(line: dict[str, Any]) -> int:
    return sum(m["count"] for m in line["melds"]) + sum(
        500 if m["canasta"] == "natural" else 300 if m["canasta"] == "mixed" else 0 for m in line["melds"]
    )


def play_choice(view: View, actions: list[Action]) -> Action:
    team = view["team"]
    mine = view["teams"][team]
    hand = [c["card"] for c in view["hand"]]
    ours = team_melds(view, team)
    melds = [a for a in actions if a["type"] == "meld"]
    adds = [a for a in actions if a["type"] == "add"]
    going_out_ok = wants_to_go_out(view)

    def empties(a: Action) -> bool:
        used = len(a["cards"]) if a["type"] == "add" else sum(len(m) for m in a["melds"])
        return len(hand) - used <= 1

    if not going_out_ok:
        melds = [a for a in melds if not empties(a)]
        adds = [a for a in adds if not empties(a)]
    if not mine["initial_met"]:
        if melds:
            return max(
                melds, key=lambda a: (sum(len(m) for m in a["melds"]), -sum(is_wild(c) for m in a["melds"] for c in m))
            )
        return discard_choice(view, actions, hand)
    natural_adds = [a for a in adds if not any(is_wild(c) for c in a["cards"])]
    if natural_adds:
        return max(natural_adds, key=lambda a: len(a["cards"]))
    natural_melds = [a for a in melds if not any(is_wild(c) for m in a["melds"] for c in m)]
    if natural_melds:
        return max(natural_melds, key=lambda a: sum(len(m) for m in a["melds"]))
    wild_adds = [a for a in adds if any(is_wild(c) for c in a["cards"])]
    for a in wild_adds:
        size = ours[a["meld"]]["size"]
        if (size + len(a["cards"]) >= 7 and not ours[a["meld"]]["canasta"]) or (going_out_ok and empties(a)):
            return a
    if going_out_ok and len(hand) <= 4:
        for a in melds:  # pair + wild melds to get rid of the last cards
            if empties(a):
                return a
    return discard_choice(view, actions, hand)


def wants_to_go_out(view: View) -> bool:
    """Go out when the team is not behind on the table, or when the hand may end soon anyway."""
    team = view["team"]
    ours, theirs = table_points(view["teams"][team]), table_points(view["teams"][1 - team])
    opponents_low = min(p["hand_count"] for p in view["players"] if p["team"] != team) <= 4
    return ours + 200 >= theirs or opponents_low or view["stock_count"] < 15


def discard_choice(view: View, actions: list[Action], hand: list[str]) -> Action:
    discards = [a for a in actions if a["type"] == "discard"]
    if not discards:
        return actions[0]
    return max(discards, key=discard_scorer(view, hand))


def discard_scorer(view: View, hand: list[str]) -> Callable[[Action], float]:
    """How good each discard is (higher is better): discard action -> score."""
    team = view["team"]
    theirs = team_melds(view, 1 - team)
    ours = team_melds(view, team)
    pile = view["pile"]
    held = Counter(rank(c) for c in hand)
    danger = min(p["hand_count"] for p in view["players"] if p["team"] != team) <= 3
    opponents_melded = view["teams"][1 - team]["initial_met"]

    def score(a: Action) -> float:
        card = a["card"]
        r = rank(card)
        if is_black_three(card):
            return 100
        if is_wild(card):
            if pile["count"] >= BIG_PILE and not pile["frozen"] and opponents_melded and len(hand) > 3:
                return 90  # freeze a big pile against the opponents
            return -100
        s = 0.0
        if r in theirs and not pile["frozen"]:
            s -= 60  # they could add it and take the pile
        if r in ours:
            s -= 30
        s += 20 if held[r] == 1 else -15 * (held[r] - 1)
        s += value(card) / 2 if danger else -value(card) / 10
        return s

    return score

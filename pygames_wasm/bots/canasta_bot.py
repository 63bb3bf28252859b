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
* Partnership sense (R13.6 and the partner's hand): going out ends the hand with the partner's cards
  counting against the team, so it waits while the partner holds many cards, unless the opponents
  may go out first or going out wins the game. With "Partner, may I go out?" on it asks instead
  (the partner knows its hand), and as the partner it says no only when waiting a turn would let it
  lay down more than the going-out bonus is worth.
"""

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core.game import Action, View
from ..core.rng import Chooser
from ..games.canasta import (
    DECK,
    GOING_OUT_BONUS,
    MIXED_BONUS,
    RANK_VALUE,
    count,
    is_black_three,
    is_natural,
    is_red_three,
    is_wild,
    rank,
    value,
)

BIG_PILE = 10
OPPONENTS_LOW = 4  # cards: an opponent this short may go out soon
STOCK_LOW = 15  # cards: the hand may end soon anyway
NATURALS_OF_RANK = 8  # two packs
PARTNER_HEAVY = 8  # cards: at an average card's cost, about what going out brings (100)
HELD = [c for c, n in DECK.items() for _ in range(n) if not is_red_three(c)]  # a hand never keeps a red three
MEAN_CARD = count(HELD) / len(HELD)  # what an unseen card in a hand costs on average: about 11 points


def choose(view: View, rng: Chooser | None) -> Action:  # never draws at random: the search passes None
    actions = view["actions"]
    kinds = Counter(a["type"] for a in actions)
    if "answer" in kinds:
        return answer(view)
    if view["phase"] == "draw":
        return draw_choice(view, actions)
    return play_choice(view, actions, wants_to_go_out(view))


def answer(view: View) -> Action:
    """R13.6, as the partner asked "may I go out?"."""
    hand = [c["card"] for c in view["hand"]]
    melds = {r: m["cards"] for r, m in team_melds(view, view["team"]).items()}
    return {"type": "answer", "yes": lets_partner_go_out(hand, melds, hand_may_end_soon(view))}


def lets_partner_go_out(hand: list[str], melds: dict[str, list[str]], ending_soon: bool) -> bool:
    """Yes, unless waiting a turn is worth more than the going-out bonus: the cards we could lay down
    next turn count twice (off our penalty and onto the table), with a canasta's bonus if they would
    finish one, while the rest of our hand costs the same now or later. When the hand may end soon
    anyway (an opponent is nearly out, the stock is low), take the bonus now."""
    return ending_soon or waiting_gain(hand, melds) <= GOING_OUT_BONUS


def waiting_gain(hand: list[str], melds: dict[str, list[str]]) -> int:
    """Points one more turn would bring a hand that lays down what it can (see `layable`)."""
    laid = layable(hand, melds)
    wilds = sum(map(is_wild, laid))
    finishes = any(
        len(cards) + sum(rank(c) == r for c in laid if is_natural(c)) + wilds >= 7 and len(cards) < 7
        for r, cards in melds.items()
    )
    return 2 * count(laid) + (MIXED_BONUS if finishes else 0)


def layable(hand: list[str], melds: dict[str, list[str]]) -> list[str]:
    """The cards of `hand` that could go onto the team's table next turn without drawing: naturals of
    its melded ranks, natural sets of three, pairs while a wild card is left for each, and the wild
    cards once anything is laid."""
    naturals = Counter(rank(c) for c in hand if is_natural(c))
    wilds = sum(map(is_wild, hand))
    pairs = sorted((r for r, n in naturals.items() if n == 2 and r not in melds), key=lambda r: -RANK_VALUE[r])
    ranks = {r for r, n in naturals.items() if r in melds or n >= 3} | set(pairs[:wilds])
    laid = [c for c in hand if is_natural(c) and rank(c) in ranks]
    return laid + [c for c in hand if is_wild(c)] if laid or melds else laid


def hand_may_end_soon(view: View) -> bool:
    """An opponent is nearly out, or the stock nearly gone: the hand may end before our next turns."""
    opponents = min(p["hand_count"] for p in view["players"] if p["team"] != view["team"])
    return ends_soon(opponents, view["stock_count"])


def ends_soon(fewest_opponent_cards: int, stock: int) -> bool:
    """The rule of `hand_may_end_soon`, from the counts (the search reads them off its states)."""
    return fewest_opponent_cards <= OPPONENTS_LOW or stock < STOCK_LOW


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


def play_choice(view: View, actions: list[Action], going_out_ok: bool) -> Action:
    """The move after the draw; it may empty the hand only if `going_out_ok`."""
    team = view["team"]
    mine = view["teams"][team]
    hand = [c["card"] for c in view["hand"]]
    ours = team_melds(view, team)
    melds = [a for a in actions if a["type"] == "meld"]
    adds = [a for a in actions if a["type"] == "add"]
    if view["must_go_out"]:
        return actions[0]  # the partner said yes: the engine lists a step of a way out first
    if going_out_ok and any(a["type"] == "ask_go_out" for a in actions):
        return {"type": "ask_go_out"}  # the partner knows its hand: let it decide (R13.6)

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
    """Go out when the team is not behind on the table, or when the hand may end soon anyway, or
    when it wins the game. Not while the partner holds many cards (unless asking it is allowed: then
    it answers for its own hand), since they count against the team once the hand ends."""
    team = view["team"]
    ours, theirs = table_points(view["teams"][team]), table_points(view["teams"][1 - team])
    if hand_may_end_soon(view) or wins_by_going_out(view):
        return True
    if not view["options"]["ask_partner"] and partner_cards(view) >= PARTNER_HEAVY:
        return False
    return ours + 200 >= theirs


def partner_cards(view: View) -> int:
    return next(p["hand_count"] for p in view["players"] if p["seat"] == view["players"][view["seat"]]["partner"])


def wins_by_going_out(view: View) -> bool:
    """Going out now likely ends the game with our team ahead: the table, the bonus and the hands as
    their sizes suggest (the partner's hand is unseen, so it counts at an average card's value)."""
    team = view["team"]
    hands = [0.0, 0.0]
    for p in view["players"]:
        if p["seat"] != view["seat"]:
            hands[p["team"]] += MEAN_CARD * p["hand_count"]
    ours = view["teams"][team]["score"] + table_points(view["teams"][team]) + GOING_OUT_BONUS - hands[team]
    theirs = view["teams"][1 - team]["score"] + table_points(view["teams"][1 - team]) - hands[1 - team]
    return ours >= view["options"]["target"] and ours > theirs


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
    # Naturals of each rank we can see (our hand, every meld, the pile's top): the rest are unseen.
    seen = Counter(rank(c) for c in hand if is_natural(c))
    seen.update(rank(c) for line in view["teams"] for m in line["melds"] for c in m["cards"] if is_natural(c))
    if pile["top"] and is_natural(pile["top"]):
        seen[rank(pile["top"])] += 1
    # A player takes the pile with a natural pair of the discard's rank, or with one natural and a wild
    # card when the pile is open to the opponents: with at most `needs` of the rank unseen, nobody can.
    needs = 1 if pile["frozen"] or not opponents_melded else 0

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
        if NATURALS_OF_RANK - seen[r] <= needs:
            s += 40  # a safe discard: nobody can take the pile with it
        s += value(card) / 2 if danger else -value(card) / 10
        return s

    return score

"""Canasta for the Hard player's search (bots/search.py): the deals a seat can imagine, a quick
playout move, and how good a position is.

What a seat knows, besides its view: every card turned up or discarded this hand (the history and
the view's `upcards`; `hand_moves` says where this hand begins in the history), so it knows the
whole discard pile; and a player who picked up the pile holds those cards until seen melding or
discarding them. The other cards are dealt at random to the hands and the stock (red threes only
to the stock: a hand never keeps one), except that a player of a melded team who drew instead of
taking the pile gets no natural pair of its top card.

The search looks one round ahead: from the move it weighs, play goes on with the Normal player's
choices until the seat's next turn (or the end of the hand). That round shows what matters most
in Canasta: who can take the pile after a discard, and what a take or a meld brings. The position
is then scored by `standing`: what each team has on the table and in hand, as points the hand is
likely to end with.
"""

import math
from collections import Counter
from copy import copy
from dataclasses import dataclass, field, replace
from functools import lru_cache
from random import Random

from ..core.game import Action, Move, View
from ..core.i18n import Text
from ..core.rng import SplitMix64
from ..core.setup import Setup
from ..games import canasta as C
from . import canasta_bot
from .search import SearchGame, Unchecked

DISCARDS_TRIED = 4  # the Normal player's best few discards (one per rank) are compared
SCALE = 300  # points: a lead this size in a hand is worth about 73% (a logistic)


@dataclass
class Seen:
    """What this hand's public moves tell a seat."""

    pile: list[str]  # the discard pile, bottom first
    # known cards per seat
    held: list[Counter[str]] = field(default_factory=lambda: [Counter() for _ in range(C.PLAYERS)])
    melded_before: list[bool] = field(default_factory=lambda: [False] * C.PLAYERS)  # melded in an earlier turn
    melded_this_turn: bool = False
    new_melds: set[str] = field(default_factory=set)  # ranks begun in the current turn
    meld_order: list[list[str]] = field(default_factory=lambda: [[], []])  # per team, its melds' ranks as begun
    declined: list[str | None] = field(default_factory=lambda: [None] * C.PLAYERS)  # per seat, see `seen_this_hand`


def own_name(name: Text, team: int) -> str:
    """A team's name option from the view: the default names are messages (in the player's language)."""
    return name if isinstance(name, str) else C.TEAM_NAMES[team]


def seen_this_hand(view: View, history: list[Move]) -> Seen:
    """Replay this hand's public moves: the pile, the cards picked up with it, who melded when."""
    moves = history[len(history) - view["hand_moves"] :] if view["hand_moves"] else []
    team_of = {p["seat"]: p["team"] for p in view["players"]}
    seen = Seen(pile=list(view["upcards"]))
    for entry in moves:
        seat, action = entry["seat"], entry["action"]
        kind, held, team = action["type"], seen.held[entry["seat"]], team_of[entry["seat"]]
        if kind == "draw":
            seen.melded_this_turn, seen.new_melds = False, set()
            seen.declined[seat] = declined_rank(seen, team)
        elif kind == "take_pile":
            seen.melded_this_turn, seen.new_melds, seen.declined[seat] = True, set(), None
            top, rest = seen.pile[-1], seen.pile[:-1]
            melds = action["melds"]
            played(held, action["cards"] + [c for m in melds for c in m])
            held.update(c for c in rest if not C.is_red_three(c))
            seen.pile = []
            begin(seen, team, [C.rank(top)] + [C.valid_rank(m) for m in melds])
        elif kind == "meld":
            played(held, [c for m in action["melds"] for c in m])
            begin(seen, team, [C.valid_rank(m) for m in action["melds"]])
            seen.melded_this_turn = True
        elif kind == "add":
            played(held, action["cards"])
            seen.melded_this_turn = True
        elif kind == "discard":
            played(held, [action["card"]])
            seen.pile.append(action["card"])
            seen.melded_before[seat] |= seen.melded_this_turn
            seen.melded_this_turn, seen.new_melds = False, set()
    if len(seen.pile) != view["pile"]["count"] or (seen.pile and seen.pile[-1] != view["pile"]["top"]):
        raise ValueError("the history does not fit the view's discard pile")
    return seen


def declined_rank(seen: Seen, team: int) -> str | None:
    """The rank of the pile's top card when a player of a team that has melded draws from the stock
    instead: anyone takes a pile with a natural pair (the rules allow it, and the Normal player
    always does), so the player most likely holds no natural pair of that rank."""
    top = seen.pile[-1] if seen.pile else None
    return C.rank(top) if top and C.is_natural(top) and seen.meld_order[team] else None


def begin(seen: Seen, team: int, ranks: list[str]) -> None:
    """Melds of these ranks were laid (in this order): those the team did not have are new."""
    for r in ranks:
        if r not in seen.meld_order[team]:
            seen.meld_order[team].append(r)
            seen.new_melds.add(r)


def laid_order(order: list[str], r: str) -> int:
    """Where the meld of rank `r` comes among a team's melds (one the history does not show first)."""
    return order.index(r) if r in order else -1


def played(held: Counter[str], cards: list[str]) -> None:
    """Cards a player showed from the hand: those we knew of are no longer known to be there."""
    for card in cards:
        if held[card]:
            held[card] -= 1


@lru_cache(maxsize=16)
def options_of(items: tuple[tuple[str, object], ...]) -> C.Options:
    return C.make_options(dict(items))


def determinize(view: View, history: list[Move], rng: Random) -> C.State:
    """A whole state that fits the seat's view and this hand's public moves."""
    seat = view["seat"]
    seen = seen_this_hand(view, history)
    teams = view["teams"]
    hands = [list(seen.held[s].elements()) for s in range(C.PLAYERS)]
    hands[seat] = [c["card"] for c in view["hand"]]
    melds = [
        {m["rank"]: list(m["cards"]) for m in sorted(line["melds"], key=lambda m: laid_order(order, m["rank"]))}
        for line, order in zip(teams, seen.meld_order)
    ]  # as laid: the engine lists its suggestions so
    shown = Counter(seen.pile) + Counter(c for line in teams for c in line["red_threes"])
    for cards in hands + [cards for team in melds for cards in team.values()]:
        shown.update(cards)
    unseen = list((Counter(C.DECK) - shown).elements())
    rng.shuffle(unseen)
    fill = [c for c in unseen if not C.is_red_three(c)]  # a hand never keeps a red three
    for line in view["players"]:
        s = line["seat"]
        if s != seat:
            missing = line["hand_count"] - len(hands[s])
            hands[s] += fill[:missing]
            del fill[:missing]
    stock = fill + [c for c in unseen if C.is_red_three(c)]
    for s, r in enumerate(seen.declined):
        if r and s != seat:
            break_pair(hands[s], sum(seen.held[s].values()), r, stock, rng)
    rng.shuffle(stock)
    names = [line["name"] for line in view["players"]]
    opts = options_of(
        tuple(sorted(view["options"].items()))
        + (("team1_name", own_name(teams[0]["name"], 0)), ("team2_name", own_name(teams[1]["name"], 1)))
    )
    scores = [line["score"] for line in teams]
    return C.State(
        opts=opts,
        names=names,
        rng=SplitMix64(rng.getrandbits(64)),
        setup=Setup(start={"scores": list(scores), "hands": [view["hand_no"] - 1]}),  # sheets of earlier hands: unseen
        dealer=view["dealer"],
        order=list(view["order"]),
        hand_no=view["hand_no"],
        hands=hands,
        stock=stock,
        pile=seen.pile,
        upcards=list(view["upcards"]),
        hand_moves=view["hand_moves"],
        frozen_by=view["pile"]["frozen_by"],
        melds=melds,
        red_threes=[list(line["red_threes"]) for line in teams],
        initial=[line["initial_needed"] for line in teams],
        has_melded=[line["initial_met"] for line in teams],
        melded_before=seen.melded_before,
        scores=scores,
        turn=view["turn"],
        phase=view["phase"],
        drew=view["drew"],
        melded_this_turn=seen.melded_this_turn,
        asked=dict(view["asked"]) if view["asked"] else None,
        new_melds=seen.new_melds,
    )


def break_pair(hand: list[str], known: int, r: str, stock: list[str], rng: Random) -> None:
    """Swap cards of rank `r` dealt into `hand` (past its first `known` cards, which were seen going
    there) with other stock cards, until the hand holds no natural pair of `r`."""
    dealt = [i for i in range(known, len(hand)) if C.is_natural(hand[i]) and C.rank(hand[i]) == r]
    kept = sum(C.is_natural(c) and C.rank(c) == r for c in hand[:known])
    others = [j for j, c in enumerate(stock) if not C.is_red_three(c) and C.rank(c) != r]
    while dealt and kept + len(dealt) >= 2 and others:
        i, j = dealt.pop(), others.pop(rng.randrange(len(others)))
        hand[i], stock[j] = stock[j], hand[i]


def clone(state: C.State) -> C.State:
    """A copy for one playout (the public events are not needed there)."""
    return replace(
        state,
        rng=copy(state.rng),
        hands=[list(h) for h in state.hands],
        stock=list(state.stock),
        pile=list(state.pile),
        melds=[{r: list(m) for r, m in team.items()} for team in state.melds],
        red_threes=[list(r) for r in state.red_threes],
        initial=list(state.initial),
        has_melded=list(state.has_melded),
        melded_before=list(state.melded_before),
        scores=list(state.scores),
        asked=dict(state.asked) if state.asked else None,
        new_melds=set(state.new_melds),
        events=[],
    )


def policy(state: C.State, seat: int, rng: Random) -> Action:
    """The Normal player's idea, read straight from the state: take the pile when it can, lay down
    natural cards (the first meld as soon as it counts enough), finish a canasta with a wild card,
    then discard a card the opponents cannot use."""
    if state.phase == "answer":
        team = C.team_of(state, seat)
        opponents = min(len(state.hands[s]) for s in C.team_seats(state, 1 - team))
        ending_soon = canasta_bot.ends_soon(opponents, len(state.stock))
        return {
            "type": "answer",
            "yes": canasta_bot.lets_partner_go_out(state.hands[seat], state.melds[team], ending_soon),
        }
    if state.phase == "draw":
        return draw_move(state, seat)
    if C.told_to_go_out(state, seat):  # the partner said yes: the rules make the player go out
        plan = C.going_out_plan(state, seat, state.hands[seat], state.melds[C.team_of(state, seat)])
        assert plan is not None  # a yes is given only when going out is possible, and melds keep it so
        return plan[0]
    return meld_move(state, seat) or discard_move(state, seat)


def draw_move(state: C.State, seat: int) -> Action:
    """Take the pile the cheapest way (never a one-card pile with a wild card), else draw."""
    if not C.pile_block(state, seat):
        takes = [
            a
            for a in C.take_suggestions(state, seat)
            if (len(state.pile) > 1 or not any(map(C.is_wild, a["cards"])))
            and C.take_pile_block(state, seat, a) is None
        ]
        if takes:
            return min(takes, key=lambda a: (sum(map(C.is_wild, a["cards"])), len(a["cards"]), -len(a["melds"])))
    return {"type": "draw"} if state.stock else {"type": "end_hand"}


def meld_move(state: C.State, seat: int) -> Action | None:
    """The first of the engine's suggested melds that lays natural cards, or that finishes a canasta
    with a wild card (or makes the team's first meld)."""
    melds = state.melds[C.team_of(state, seat)]

    def worth(action: Action) -> bool:
        if action["type"] == "meld":
            return not any(map(C.is_wild, action["melds"][0])) or not melds
        if not C.is_wild(action["cards"][0]):
            return True
        meld = melds[action["meld"]]  # a wild card goes on a meld only to make it a canasta
        return len(meld) + 1 >= 7 and not C.canasta_kind(meld)

    for action in C.meld_suggestions(state, seat):
        if worth(action) and C.suggestion_block(state, seat, action) is None:
            return action
    return None


def discard_move(state: C.State, seat: int) -> Action:
    """A black three, else a single card that fits no opponents' meld, the cheapest first."""
    hand = state.hands[seat]
    theirs = state.melds[1 - C.team_of(state, seat)]
    held = Counter(map(C.rank, hand))

    def cost(card: str) -> tuple[bool, bool, bool, bool, int]:
        r = C.rank(card)
        return (not C.is_black_three(card), C.is_wild(card), r in theirs, held[r] > 1, C.value(card))

    return {"type": "discard", "card": min(hand, key=cost)}


def candidates(view: View) -> list[Action]:
    """Drawing or each way of taking the pile (an answer to "may I go out?": the Normal player's);
    then the Normal player's own move (a meld, say), the move it would make if it meant to go out, and
    its best few discards, one per rank (suits do not matter in play), which is also how holding back
    a meld is weighed."""
    actions = view["actions"]
    if view["phase"] == "answer":
        # Asked "may I go out?": a yes makes the asker go out, but most deals of its hidden hand could
        # not, so no deal is searched and the partner answers by the Normal player's rule.
        return [canasta_bot.choose(view, None)]
    if view["phase"] != "play":
        return actions
    hand = [c["card"] for c in view["hand"]]
    chosen = canasta_bot.choose(view, None)
    # When the Normal player holds back from going out (a heavy partner, a weak table), the search
    # weighs going out too: its deals of the partner's hidden hand tell what that would cost.
    going_out = canasta_bot.play_choice(view, actions, True)
    by_rank: dict[str, Action] = {}
    discards = [a for a in actions if a["type"] == "discard"]
    for action in sorted(discards, key=canasta_bot.discard_scorer(view, hand), reverse=True):
        by_rank.setdefault(C.rank(action["card"]), action)
    moves = [chosen] + ([going_out] if going_out != chosen else [])
    return moves + [a for a in list(by_rank.values())[:DISCARDS_TRIED] if a not in moves]


def stop(state: C.State, view: View) -> bool:
    """After one round: at the seat's next turn, or when the hand is over."""
    return state.hand_no != view["hand_no"] or (state.turn == view["seat"] and state.phase == "draw")


# How much each fact about a team is worth in points at the end of the hand: a least-squares fit of
# the final hand score on these facts (team minus opponents) over 6,000 positions of 400 hands of
# Normal players (at the start of a turn, like the positions the search scores). `t` is the part of
# the stock left (1 at the deal, 0 at its end): cards in hand are worth something early, cost late;
# a canasta is worth most late, when going out is near.
WEIGHTS = {
    "meld_points": 1.36,
    "canasta_bonus": 0.89,
    "progress": 52.9,
    "red_threes": 1.01,
    "red_threes_unmelded": -0.97,
    "cards": -31.0,
    "cards_t": 62.0,
    "card_points": 3.2,
    "card_points_t": -4.25,
    "wilds": -29.7,
    "fits": 40.3,
    "pairs": 54.4,
    "melded": 11.8,
    "pile_to_take": 33.2,
    "canasta": 343.0,
    "canasta_t": -381.0,
}
FULL_STOCK = 64


def facts(state: C.State, team: int) -> dict[str, float]:
    """What the fit scores, for one team: the table, the partners' hands, and the pile if one of the
    partners is about to draw and could take it."""
    melds = state.melds[team]
    t = len(state.stock) / FULL_STOCK
    kinds = [C.canasta_kind(cards) for cards in melds.values()]
    threes = len(state.red_threes[team])
    red = C.ALL_RED_THREES if threes == 4 else C.RED_THREE_VALUE * threes
    seats = C.team_seats(state, team)
    hand = [c for s in seats for c in state.hands[s]]
    pairs = 0
    for s in seats:
        held = Counter(C.rank(c) for c in state.hands[s] if C.is_natural(c) and C.rank(c) not in melds)
        pairs += sum(n >= 2 for n in held.values())
    mover = state.turn
    pile = 0
    if (
        mover in seats
        and state.phase == "draw"
        and not C.pile_block(state, mover)
        and any(C.take_pile_block(state, mover, a) is None for a in C.take_suggestions(state, mover))
    ):
        pile = len(state.pile)
    points = C.count(hand)
    canasta = float(any(kinds))
    return {
        "meld_points": sum(C.count(cards) for cards in melds.values()),
        "canasta_bonus": sum(C.NATURAL_BONUS if k == "natural" else C.MIXED_BONUS if k else 0 for k in kinds),
        "progress": sum(max(0, len(cards) - 3) for cards, k in zip(melds.values(), kinds) if not k),
        "red_threes": red,
        "red_threes_unmelded": 0 if melds else red,
        "cards": len(hand),
        "cards_t": len(hand) * t,
        "card_points": points,
        "card_points_t": points * t,
        "wilds": sum(map(C.is_wild, hand)),
        "fits": sum(C.rank(c) in melds for c in hand),
        "pairs": pairs,
        "melded": float(bool(melds)),
        "pile_to_take": pile,
        "canasta": canasta,
        "canasta_t": canasta * t,
    }


def standing(state: C.State, team: int) -> float:
    """The points the team's hand is likely to end with, as far as `WEIGHTS` can tell."""
    return sum(WEIGHTS[k] * v for k, v in facts(state, team).items())


def value(state: C.State, seat: int) -> float:
    """1 for a won game, 0 for a lost one; else the team's lead in this hand (the score sheet once the
    hand is over, else `standing`), squashed into 0..1."""
    team = C.team_of(state, seat)
    if state.over and state.winner_team is not None:
        return 1.0 if state.winner_team == team else 0.0
    if state.sheets_json != "[]":  # a deal starts with no sheets (`determinize`): this hand is over
        last = state.sheets[-1]["teams"]
        lead = last[team]["total"] - last[1 - team]["total"]
    else:
        lead = standing(state, team) - standing(state, 1 - team)
    return 1 / (1 + math.exp(-lead / SCALE))


GAME = SearchGame(
    rules=Unchecked(C),
    determinize=determinize,
    policy=policy,
    stop=stop,
    value=value,
    candidates=candidates,
    clone=clone,
    arena_deals={4: 97},  # measured 2026-11-28
)

"""ONO 99 for the Hard player's search (bots/search.py): imagined deals and quick playouts.

What a seat knows: its own hand, every card played (the history), the cards laid down, the counts
of every hand and of the draw pile, the total, the direction and any Play 2 duty. The discard pile
is the last `discard_count` cards played (a reshuffle or a new deal empties it), so the cards the
seat cannot see are the deck less its hand, the laid-down cards and the discard pile: they are dealt
at random to the other hands (by their counts) and the draw pile. No rule makes a player show what
they could not play, except laying the hand down (then it is seen).

What the others chose says more (`reads`): a sensible player (the Normal player's idea) plays its
highest number while it can, and an escape card only when it has no number to play, so a player
who played a 3 on 50 most likely held no 4 to 9 then; and, owing two cards on a total of 50 or
more, it passes the duty on with a Reverse or Play 2 if it can, so one who played two held neither
then. The cards it held then, all of its hand but those drawn since, are dealt from the cards that
fit; a card held through several choices fits them all (the oldest cards of a hand, as many as it
has not drawn since the earliest). Now and then (`SLIP`) a player is taken to have played otherwise,
so a player who does not play that way misleads the search little.

Known gap: after a reshuffle the draw pile can only hold cards of the reshuffled discard pile; the
deal here ignores that (it changes the odds a little, and reshuffles are rare: the 2022 deck is big).
"""

from collections import Counter
from copy import copy
from dataclasses import replace
from itertools import pairwise
from random import Random
from typing import Any

from ..core import NO_SETUP
from ..core.game import Action, Move, View
from ..core.rng import SplitMix64
from ..core.rules import final_winners
from ..games import ono99 as G
from . import ono99_bot
from .search import SearchGame, Unchecked


def discarded(history: list[Move]) -> list[str]:
    """Every card put on a discard pile in the game, in order (this round's last ones are the pile)."""
    cards = []
    for entry in history:
        action = entry["action"]
        if action["type"] == "discard4":
            cards += ["ONO"] * 4
        elif action["type"] in ("play", "bust"):
            cards.append(action["card"])
    return cards


SLIP = 0.1  # how often another player is taken to have played unlike the Normal player


def before(total: int, card: str) -> int | None:
    """The total before `card` made it `total`, where the card says (None: an ONO 99 card, or a Minus
    ten that may have stopped at 0)."""
    if card in G.NUMBER_VALUE:
        return total - G.NUMBER_VALUE[card]
    if card == "-10":
        return total + 10 if total > 0 else None
    return None if card == "ONO" else total


def ono_first(opts: G.Options, total: int) -> set[str]:
    """The ONO 99 card, when it may be played on `total`: the Normal player sheds one before all else."""
    return {"ONO"} if opts.ono99_on_zero and total % 10 == 0 else set()


def passed_over(opts: G.Options, total: int, card: str) -> set[str]:
    """The cards the Normal player would have played instead of `card` on `total` had it held them
    (ono99_bot.pick_card, with no Play 2 duty): an ONO 99 card it may play, then its highest number,
    then (from HIGH_TOTAL) a Play 2 or Double Play, then the cheapest escape."""
    if card == "ONO":
        return set()
    ono = ono_first(opts, total)
    numbers = {n for n, v in G.NUMBER_VALUE.items() if v and not G.busts(opts, total + v)}  # playable, not 0
    high = total >= ono99_bot.HIGH_TOTAL
    if high and card in ("P2", "DP"):
        return ono | ({"P2"} if card == "DP" else set())
    pressure = {"P2", "DP"} if high else set()
    if card in numbers:
        return ono | pressure | {n for n in numbers if G.NUMBER_VALUE[n] > G.NUMBER_VALUE[card]}
    order = (["P2", "DP"] if high else []) + ono99_bot.ESCAPE_ORDER
    return ono | pressure | numbers | (set(order[: order.index(card)]) if card in order else set())


def duty_passed_over(opts: G.Options, total: int, card: str) -> set[str]:
    """The cards the Normal player would have played instead of `card` as the first of two cards it
    owed (ono99_bot.pick_card). From DUTY_TOTAL it answers with its cheapest card that passes the
    duty on, if it has one; below, it passes it on only when few of its cards are safe (unknown), and
    otherwise chooses as freely (keeping a safe second card, which below DUTY_TOTAL every number does)."""
    order = (["P2", "DP"] if total >= ono99_bot.HIGH_TOTAL else []) + ono99_bot.ESCAPE_ORDER
    deflectors = [c for c in order if c in G.DEFLECTORS]
    if card in deflectors:
        cheaper = set(deflectors[: deflectors.index(card)]) if total >= ono99_bot.DUTY_TOTAL else set()
        return cheaper | ono_first(opts, total)  # (an ONO 99 card it may play comes first)
    if total < ono99_bot.DUTY_TOTAL:
        return passed_over(opts, total, card)
    return set(deflectors) | ono_first(opts, total)


def reads(view: View, history: list[Move], opts: G.Options) -> dict[int, list[tuple[set[str], int]]]:
    """seat -> [(the cards it would have played instead when it chose a card, the cards it has drawn
    since)], its latest choice first, for the other players' plays of this round that the history
    shows with their totals: read back from the total now through the plays since. A play is read
    as the Normal player's choice: freely (`passed_over`), or as the first of two cards it owed
    (`duty_passed_over`); the oldest play read back is only a start (whether it was owed is unknown)."""
    plays: list[tuple[int, str, int, int]] = []  # (seat, card, total before, cards the seat drew since), latest first
    drawn: Counter[int] = Counter()
    total = view["total"]
    for entry in reversed(history):
        action, seat = entry["action"], entry["seat"]
        if action["type"] == "draw":
            drawn[seat] += 1
            continue
        was = before(total, action["card"]) if action["type"] == "play" else None
        if was is None:
            break  # a new round, or a total the cards do not give back
        plays.append((seat, action["card"], was, drawn[seat]))
        total = was
    found: dict[int, list[tuple[set[str], int]]] = {}
    owed: bool | None = None  # whether the play in hand was the first of two owed cards (None: unknown)
    for (prior, prior_card, _, _), (seat, card, total, since) in pairwise(reversed(plays)):
        if prior == seat:
            owed = False  # the second of two cards (the first did not pass the duty on)
        elif prior_card in G.OBLIGATORS:
            owed = True
        elif prior_card not in G.DEFLECTORS:
            owed = False
        # (after a Reverse or Hold the duty is owed as it was by the one who played it: passed on)
        if seat != view["seat"] and owed is not None:
            read = duty_passed_over(opts, total, card) if owed else passed_over(opts, total, card)
            found.setdefault(seat, []).insert(0, (read, since))
    return found


def determinize(view: View, history: list[Move], rng: Random) -> G.State:
    """A whole game that fits `view` and `history`; the unseen cards dealt at random from `rng`, the
    others' hands as their last free choices of a card suggest (`reads`)."""
    seat, players = view["seat"], view["players"]
    rules = dict(view["rules"])
    deck = rules.pop("deck_counts")
    opts = G.Options(**rules, deck=deck)
    read = reads(view, history, opts)
    cards = discarded(history)
    discard = cards[len(cards) - view["discard_count"] :] if view["discard_count"] else []
    hand = [line["card"] for line in view["hand"]]
    unseen = Counter(opts.deck)
    unseen.subtract(Counter(hand) + Counter(discard) + sum((Counter(p["laid_down"]) for p in players), Counter()))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    hands = []
    for p in players:
        if p["seat"] == seat:
            hands.append(list(hand))
        elif p["seat"] in read and rng.random() >= SLIP:
            hands.append(deal_fitting(pool, p["hand_count"], read[p["seat"]]))
        else:
            hands.append(pool[: p["hand_count"]])
            del pool[: p["hand_count"]]
    owed = view["owed_draw"]
    duty = view["play2"]
    status = [p["status"] for p in players]
    state = G.State(
        opts=opts,
        names=[p["name"] for p in players],
        rng=SplitMix64(rng.getrandbits(64)),
        setup=NO_SETUP,
        dealer=view["dealer_seat"],
        hands=hands,
        draw_pile=pool,
        discard=discard,
        laid_down=[list(p["laid_down"]) for p in players],
        status=status,
        total=view["total"],
        direction=1 if view["direction"] == "clockwise" else -1,
        turn=view["turn"],
        obligated=duty is not None,
        plays_made=2 - duty["plays_left"] if duty else 0,
        owed=(owed["seat"], owed["count"]) if owed else None,
        played_in_round=view["played_in_round"],
        round=view["round"],
        tokens=[p["tokens"] for p in players],
        scores=[p["score"] for p in players],
        busted=[opts.points and s == "out_of_round" for s in status],
        out_order=out_order(history, status),
        last_loser=last_loser(history),
    )
    state.ono_played = one_ono_played(state, history)
    if not opts.rounds or opts.points:  # the players' lines show no tokens (None) then: keep counts
        state.tokens = [opts.tokens] * state.n
    if not opts.points:
        state.scores = [0] * state.n
    return state


def deal_fitting(pool: list[str], count: int, choices: list[tuple[set[str], int]]) -> list[str]:
    """`count` cards from the shuffled `pool` for a hand that made the free `choices` (`reads`: the
    cards passed over, the cards drawn since; latest first): the cards held since a choice are none
    of those passed over at it or at any later one (as many as fit), those drawn since the latest
    any. The oldest cards, bound by every choice, are dealt first."""
    passed: set[str] = set()
    tiers = []  # (the cards none of them can be, how many were held since then), latest choice first
    for passed_then, drawn in choices:
        passed |= passed_then
        tiers.append((set(passed), max(0, count - drawn)))
    hand: list[str] = []
    for excluded, held in reversed(tiers):
        fitting = [i for i, card in enumerate(pool) if card not in excluded][: max(0, held - len(hand))]
        hand += [pool[i] for i in fitting]
        for i in reversed(fitting):
            del pool[i]
    rest = count - len(hand)
    hand += pool[:rest]
    del pool[:rest]
    return hand


def out_order(history: list[Move], status: list[str]) -> list[int]:
    """The seats out of the game, in the order of their last moves (standings only)."""
    last = {entry["seat"]: i for i, entry in enumerate(history)}
    return sorted((s for s, st in enumerate(status) if st == "eliminated"), key=lambda s: last.get(s, -1))


def last_loser(history: list[Move]) -> int | None:
    """Who last could not play (1980: that player may start the next round)."""
    return next((e["seat"] for e in reversed(history) if e["action"]["type"] in ("lay_down", "bust")), None)


def one_ono_played(state: G.State, history: list[Move]) -> bool:
    """A36: the player in turn has played an ONO 99 card this turn (it is halfway through a Play 2)."""
    if not state.plays_made:
        return False
    last_play = next((e for e in reversed(history) if e["action"]["type"] == "play"), None)
    return last_play is not None and last_play["seat"] == state.turn and last_play["action"]["card"] == "ONO"


QUIET_TOTAL = 70  # below this total no choice of card is risky yet: the Normal player's is kept
DRAW = {"type": "draw"}


def policy(state: G.State, seat: int, rng: Random) -> Action:
    """The Normal player's move, from the few facts of a view it reads (the draw, the usual move,
    without listing every action)."""
    if state.owed and state.owed[0] == seat:
        return DRAW
    plays = G.legal_cards(state, seat)
    if not plays or G.can_discard_four(state, seat):
        return ono99_bot.choose({"actions": G.legal_actions(state, seat)}, rng)  # no choice of card to make
    duty = {"seat": state.turn, "plays_left": 2 - state.plays_made} if state.obligated else None
    card = ono99_bot.pick_card(
        {"seat": seat, "total": state.total, "play2": duty, "hand": [{"card": c} for c in state.hands[seat]]}, plays
    )
    return {"type": "play", "card": card}


def candidates(view: View) -> list[Action]:
    """The Normal player's choice first, so that it wins ties (the search breaks ties by order);
    below QUIET_TOTAL every card is safe for a while: the Normal player's choice is kept."""
    usual = ono99_bot.choose(view, None)
    if view["total"] < QUIET_TOTAL and view["play2"] is None:
        return [usual]
    return [usual] + [a for a in view["actions"] if a != usual]


def stop(state: G.State, view: View) -> bool:
    """The round of `view` is over, or the seat is out of the game (nothing it does matters more)."""
    return state.round != view["round"] or state.status[view["seat"]] == "eliminated"


def value(state: G.State, seat: int) -> float:
    """Won 1, lost 0; in the 1980 rounds, how the round just ended went for the seat."""
    if state.over:
        winners = final_winners(state)
        return 1 / len(winners) if seat in winners else 0.0
    if state.status[seat] == "eliminated":
        return 0.0
    if state.last_round is None:  # the playout was cut short inside the round
        return 0.5
    if state.opts.points:
        return points_value(state.last_round["lines"], seat)
    return 0.0 if state.last_round["loser"] == seat else 1.0  # tokens: whoever lost the round


def points_value(lines: list[dict[str, Any]], seat: int) -> float:
    """1980 points: the round's points of the seat against the others' (fewer is better), 0 to 1."""
    gained = [p["points"] for p in lines if p["points"] is not None]
    mine = next(p["points"] for p in lines if p["seat"] == seat)
    others = (sum(gained) - mine) / max(1, len(gained) - 1)
    worst = 25 + G.HAND_SIZE * 20
    return min(1.0, max(0.0, 0.5 + (others - mine) / (2 * worst)))


def clone(state: G.State) -> G.State:
    """A copy a playout may change (the history of events is left behind: playouts read none)."""
    return replace(
        state,
        hands=[list(h) for h in state.hands],
        draw_pile=list(state.draw_pile),
        discard=list(state.discard),
        laid_down=[list(c) for c in state.laid_down],
        status=list(state.status),
        tokens=list(state.tokens),
        scores=list(state.scores),
        busted=list(state.busted),
        out_order=list(state.out_order),
        events=[],
        rng=copy(state.rng),
        stacked=[],
    )


GAME = SearchGame(
    rules=Unchecked(G),
    determinize=determinize,
    policy=policy,
    stop=stop,
    value=value,
    clone=clone,
    candidates=candidates,
    arena_deals={2: 421, 4: 294},  # measured 2026-11-28
)

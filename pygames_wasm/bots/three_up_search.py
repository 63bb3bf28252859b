"""What the Hard 3UP 3DOWN player gives the search (bots/search.py): how to deal the cards its seat
cannot see, a quick move for the playouts, and how good a playout's end is.

What a seat knows comes from its brief view, where the game puts every public fact it needs: its
own hand and face-up cards, everyone's face-up cards once all have picked, the pile and the cards
out of the game, the counts of hands, face-down cards and the draw pile, and for every other player
the hand cards everyone saw it take and not play since (`seen`: a picked-up pile, a traded or
swapped card) and how many of its other hand cards must be below a number (`low`: it could play
nothing on that number and picked up). Face-down cards are unknown to everyone, their owner too
(unless a failed flip went back face down). Everything else is dealt at random from what is left.
"""

import json
import math
from collections import Counter
from collections.abc import Hashable
from copy import copy
from dataclasses import replace
from functools import lru_cache
from random import Random
from typing import Any

from ..core import NO_SETUP
from ..core.game import Action, Move, View
from ..core.rng import SplitMix64
from ..core.rules import final_winners
from ..games import three_up as T
from . import three_up_bot
from .search import SearchGame, Unchecked
from .three_up_bot import BIG_PILE, CLEAR_ORDER, strength

HORIZON = 5  # turns of each player a playout looks ahead before the standing is scored
EARLY = 15  # draw pile cards above which the Normal player's move is kept
CLEAR_COST, DOWN_COST = 0.5, 1.2  # what a Clear and a face-down card weigh in a player's cards left
CARDS_SCALE = 4  # cards' weight behind that makes a round about 3 to 1 against
SCORE_SCALE = 20  # points behind that make a scored match about 3 to 1 against
ARENA_DEALS = {2: 451, 4: 325}  # the arena's deals per decision (SearchGame.arena_deals), measured 2026-11-28


@lru_cache(maxsize=8)
def _options(text: str) -> T.Options:
    return T.make_options(json.loads(text))


def options(raw: dict[str, Any]) -> T.Options:
    """The game's options from the view (parsed once per set of options)."""
    return _options(json.dumps(raw, sort_keys=True))


# --- Dealing what the seat cannot see ---------------------------------------------------------------


def determinize(view: View, history: list[Move], rng: Random) -> T.State:
    """A whole state that fits `view` (its seat's brief view) and the public `history`."""
    opts = options(view["options"])
    me, players = view["seat"], view["players"]
    n = len(players)
    up = [[c["card"] for c in p["up"]] for p in players]
    seen = [[c["card"] for c in p["seen"]] for p in players]
    pile = [c["card"] for c in view["pile"]["cards"]]
    mine = [line["card"] for line in view["hand"]]
    my_known = {d["slot"]: d["card"] for d in view["my_down"] if d["card"] is not None}
    unseen = Counter(opts.cards)
    unseen.subtract(mine + pile + view["removed"] + list(my_known.values()))
    for s in range(n):
        unseen.subtract(up[s] + (seen[s] if s != me else []))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    hands = [mine if s == me else list(seen[s]) + take_low(pool, players[s]["low"]) for s in range(n)]
    hidden_picks = [s for s in range(n) if s != me and players[s]["picked"] and not up[s]]
    for s in range(n):
        want = players[s]["hand_count"] + (T.TABLE_CARDS if s in hidden_picks else 0)
        hands[s] += take(pool, want - len(hands[s]))
    for s in hidden_picks:  # R3.4: picked, not yet shown; picked as the Normal player would
        up[s] = strongest(hands[s])
        for card in up[s]:
            hands[s].remove(card)
    known = [[my_known.get(i) if s == me else None for i in range(p["down_count"])] for s, p in enumerate(players)]
    down = [[card or pool.pop() for card in places] for places in known]  # the unknown ones dealt in order
    assert len(pool) == view["draw_count"], "the unseen cards do not fill the draw pile"
    return table_state(view, history, opts, rng, hands, up, down, pool, pile, seen)


def take(pool: list[str], count: int) -> list[str]:
    taken = pool[len(pool) - count :] if count > 0 else []
    del pool[len(pool) - len(taken) :]
    return taken


def take_low(pool: list[str], low: dict[str, int] | None) -> list[str]:
    """The cards a player must hold below a number (it picked up, unable to play on it)."""
    if not low:
        return []
    fits = [i for i, c in enumerate(pool) if not T.is_clear(c) and T.number(c) < low["below"]][: low["count"]]
    return [pool.pop(i) for i in reversed(fits)]


def strongest(hand: list[str]) -> list[str]:
    return sorted(hand, key=strength)[-T.TABLE_CARDS :]


def table_state(
    view: View,
    history: list[Move],
    opts: T.Options,
    rng: Random,
    hands: list[list[str]],
    up: list[list[str]],
    down: list[list[str]],
    draw_pile: list[str],
    pile: list[str],
    seen: list[list[str]],
) -> T.State:
    """The state of `view` with these cards in place (the other fields from the view and history)."""
    me, players = view["seat"], view["players"]
    n = len(players)
    phase, turn = view["phase"], view["turn"] if view["turn"] is not None else view["first"]
    state = T.State(
        opts=opts,
        names=[p["name"] for p in players],
        rng=SplitMix64(rng.getrandbits(64)),
        setup=NO_SETUP,
        dealer=view["dealer"],
        round=view["round"],
        phase=phase,
        first=view["first"],
        turn=turn,
        direction=1 if view["direction"] == "clockwise" else -1,
        hands=hands,
        up=up,
        down=down,
        known=[[s == me and view["my_down"][i]["card"] is not None for i in range(len(down[s]))] for s in range(n)],
        draw_pile=draw_pile,
        pile=pile,
        removed=list(view["removed"]),
        owed=view["owed"],
        switched=[p["cards_from"] for p in players] if players[0]["cards_from"] is not None else None,
        out=sorted((s for s in range(n) if players[s]["out"]), key=lambda s: players[s]["out"]),
        turns=view["turns"],
        scores=list(view["scores"]) if view["scores"] else [0] * n,
        notes=[view["note"] if s == me else None for s in range(n)],
        seen=seen,
        low=[[p["low"]["count"], p["low"]["below"]] if p["low"] else None for p in players],
    )
    if view["over"]:
        state.winners, state.drawn = list(view["result"]["winners"]), view["result"]["drawn"]
    if phase == "trade":
        order = [(view["first"] + k) % n for k in range(n)]
        state.traders = order[order.index(turn) + 1 :]
        state.trades = 0 if view["trades_left"] is None else opts.trade_limit - view["trades_left"]
    mine_now = this_turn(history, turn)
    if phase in ("follow", "swap"):  # the cards the player laid this turn (a flip laid one)
        laid = sum(len(a.get("cards", [None])) for a in mine_now if a["type"] in ("play", "flip"))
        state.mine_on_pile = min(len(pile), laid)
    if phase == "swap" and not pile:
        state.ended_by = "clear"
    if phase == "refill":
        state.refill_then = "pass" if mine_now else "play"  # a turn that began with an empty hand
    if phase == "follow":
        state.draw_ok = True  # the optional draw, unless the view says it is used
        state.draw_ok = T.owed_text(state, turn) == view["owed_text"]
    if opts.scoring and state.out and not state.over:
        T.take_scores(state)  # taken when the first went out, from hands unseen: as dealt here
    return state


def this_turn(history: list[Move], seat: int) -> list[Action]:
    """The actions `seat` took in the turn going on (the history's tail, after any setup)."""
    k = len(history)
    while k and history[k - 1]["seat"] == seat and history[k - 1]["action"]["type"] not in ("pick", "trade", "done"):
        k -= 1
    return [h["action"] for h in history[k:]]


# --- Playouts ----------------------------------------------------------------------------------------

REFILL, DRAW, PICKUP = {"type": "refill"}, {"type": "draw"}, {"type": "pickup"}


def policy(state: T.State, seat: int, rng: Random) -> Action:
    """The Normal player's idea, read from the state: the lowest legal number, every copy of it;
    a Clear only when nothing else goes (or to pass on a big pile when only a 9 or 10 would)."""
    phase = state.phase
    if phase == "refill":
        return REFILL
    if phase == "pick":
        return {"type": "pick", "cards": strongest(state.hands[seat])}
    if phase == "trade":
        return {"type": "done"}
    if phase == "swap":
        return {"type": "no_swap"}
    where = T.zone(state, seat)
    if where == "need_draw":
        return DRAW
    if where == "down":
        return {"type": "flip", "slot": rng.randrange(len(state.down[seat]))}
    hand = state.hands[seat]
    if phase == "follow" and state.draw_ok and state.draw_pile and len(hand) < T.HAND_TARGET:
        return DRAW
    cards = hand if where == "hand" else state.up[seat]
    top = T.top_number(state)
    lowest, clears = None, []
    for card in cards:
        if T.is_clear(card):
            clears.append(card)
        elif (top is None or T.NUMBERS[card] >= top) and (lowest is None or T.NUMBERS[card] < lowest):
            lowest = T.NUMBERS[card]
    if lowest is not None and not (clears and lowest >= 9 and len(state.pile) >= BIG_PILE and phase == "play"):
        return {"type": "play", "cards": [c for c in cards if not T.is_clear(c) and T.NUMBERS[c] == lowest]}
    if clears:
        return {"type": "play", "cards": [min(clears, key=lambda c: CLEAR_ORDER[T.kind(c)])]}
    return PICKUP


def stop(state: T.State, view: View) -> bool:
    """The round of `view` is over, or the playout has looked far enough ahead."""
    return state.round != view["round"] or state.turns >= view["turns"] + HORIZON * state.n


def value(state: T.State, seat: int) -> float:
    """A finished game: won 1, drawn 0.5, lost 0. A playout cut short: the seat's standing."""
    if state.over:
        return 0.5 if state.drawn else float(seat in final_winners(state))
    if state.sheets:  # a round of a scored match is over (the playouts begin with no sheet)
        return match_standing(state, seat)
    return standing(state, seat)


def match_standing(state: T.State, seat: int) -> float:
    """Lowest total wins: how far the seat's total is below the best of the others'."""
    best_other = min(state.scores[s] for s in range(state.n) if s != seat)
    return 1 / (1 + math.exp((state.scores[seat] - best_other) / SCORE_SCALE))


def cards_left(state: T.State, s: int) -> float:
    """How far `s` is from going out: the cards it still has to play, a low number weighing most (only
    a low pile takes it), a Clear least (it goes on anything), a face-down card about average."""
    weight = sum(CLEAR_COST if T.is_clear(c) else 1.5 - T.NUMBERS[c] / 20 for c in state.hands[s] + state.up[s])
    return weight + DOWN_COST * len(state.down[s])


def standing(state: T.State, seat: int) -> float:
    """A round cut short: how far the seat is ahead of the best placed other player, as a chance of
    going out first."""
    mine = cards_left(state, seat)
    if not mine:
        return 1.0
    best_other = min(cards_left(state, s) for s in range(state.n) if s != seat and s not in state.out)
    return 1 / (1 + math.exp((mine - best_other) / CARDS_SCALE))


# --- What to compare ---------------------------------------------------------------------------------


def candidates(view: View) -> list[Action]:
    """One action per distinct effect: the copies of a number differ only in colour (which matters
    only with four of a colour), unknown face-down cards are all alike. While the draw pile is long,
    and for the picks, the Normal player's move: the short playouts cannot tell those moves apart
    (face-up cards come into play far beyond them), and comparing them only added noise (measured:
    Hard won fewer games against Normal when it searched them too). Trades only those that gain, as
    the Normal player's, so that trading ends."""
    if view["phase"] == "pick" or view["draw_count"] > EARLY:
        # No flip can be chosen yet (face-down cards come last), so the Normal player draws nothing at random.
        return [three_up_bot.choose(view, None)]  # type: ignore[arg-type]
    actions = view["actions"]
    if view["phase"] == "trade":
        actions = three_up_bot.gaining_trades(actions) + [{"type": "done"}]
    colours = view["options"]["four_colour"]
    chosen: list[Action] = []
    effects: set[Hashable] = set()
    for action in actions:
        key = effect(action, view, colours)
        if key not in effects:
            effects.add(key)
            chosen.append(action)
    return chosen


def effect(action: Action, view: View, colours: bool) -> Hashable:
    kind = action["type"]
    name = (lambda c: c) if colours else T.kind
    if kind in ("play", "pick"):
        return kind, tuple(sorted(map(name, action["cards"])))
    if kind == "flip":
        return kind, view["my_down"][action["slot"]]["card"]
    if kind == "trade":
        return kind, name(action["give"]), action["seat"], name(action["take"])
    if kind == "swap":
        return kind, name(action["give"]), name(action["take"])
    return kind


def clone(state: T.State) -> T.State:
    return replace(
        state,
        rng=copy(state.rng),
        stacked=[],
        hands=[list(h) for h in state.hands],
        up=[list(u) for u in state.up],
        down=[list(d) for d in state.down],
        known=[list(k) for k in state.known],
        draw_pile=list(state.draw_pile),
        pile=list(state.pile),
        removed=list(state.removed),
        switched=copy(state.switched),
        traders=list(state.traders),
        out=list(state.out),
        round_points=copy(state.round_points),
        scores=list(state.scores),
        sheets=list(state.sheets),
        notes=list(state.notes),
        seen=[list(s) for s in state.seen],
        low=[copy(x) for x in state.low],
        winners=copy(state.winners),
        events=[],
    )


GAME = SearchGame(Unchecked(T), determinize, policy, stop, value, candidates, clone, ARENA_DEALS)

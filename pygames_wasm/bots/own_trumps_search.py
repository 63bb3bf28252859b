"""Own Trumps for the Hard player's search (bots/search.py): imagined deals and quick playouts.

What a seat knows: its own hand, the whole pile (who played each card), every trump suit, the hand
counts, and the cards each player is known to hold (picked up, or received as sixes). Every other
card lies hidden in another player's hand: with two players that is the whole unseen rest, so after
the deal the search knows the other hand exactly; with three or four the unseen cards are dealt at
random among the others by their hidden counts. A hidden card was dealt to its holder, so it was in
that hand all game: where picking up is forced (the option "pick up at will" off), a player who
picked up held no hidden card that beats the card they picked up from, and the deal keeps to that.
Before the deal (the trump choice) the whole pack is shuffled, as the engine would.
"""

from copy import copy
from dataclasses import replace
from random import Random
from typing import Any

from ..core import NO_SETUP
from ..core.game import Action, Move, View
from ..core.rng import SplitMix64
from ..games import own_trumps as G
from . import own_trumps_bot
from .search import SearchGame, Unchecked

MAX_CANDIDATES = 6  # beat-and-add moves worth comparing, as the Normal player ranks them
DEAL_TRIES = 50  # random deals tried for one that keeps every "could not beat" fact


def game_actions(history: list[Move]) -> list[Move]:
    """This game's moves: those after its trump choice (every game of the match starts with one)."""
    start = max((i for i, e in enumerate(history) if e["action"]["type"] == "trump"), default=-1)
    return history[start + 1 :]


def forced_pickups(view: View, history: list[Move]) -> dict[int, list[str]]:
    """seat -> the cards it picked up from when it had to (no card of its hidden ones beat them)."""
    if view["options"]["voluntary_pickup"] or view["phase"] != "play":
        return {}
    tops: dict[int, list[str]] = {}
    pile: list[str] = []
    for entry in game_actions(history):
        action = entry["action"]
        if action["type"] == "lead":
            pile.append(action["card"])
        elif action["type"] == "beat":
            pile += [action["card"]] + ([action["add"]] if "add" in action else [])
        else:
            tops.setdefault(entry["seat"], []).append(pile[-1])
            del pile[-action["count"] :]
    return tops


def deal_hidden(view: View, history: list[Move], rng: Random) -> list[list[str]]:
    """Each player's hand: its known cards plus hidden ones dealt at random, keeping to what forced
    pick-ups show (tried again on a clash; a clash-free deal always exists: the real one)."""
    seat, players = view["seat"], view["players"]
    hand = [line["card"] for line in view["hand"]]
    seen = set(hand) | {c["card"] for c in view["pile"]}
    for p in players:
        seen.update(p["known"])
    unseen = [c for c in G.DECK if c not in seen]
    tops = forced_pickups(view, history)
    for _ in range(DEAL_TRIES):
        rng.shuffle(unseen)
        hands, rest = [], list(unseen)
        for p in players:
            if p["seat"] == seat:
                hands.append(list(hand))
                continue
            hidden = p["hand_count"] - len(p["known"])
            hands.append(list(p["known"]) + rest[:hidden])
            del rest[:hidden]
        if all(fits(hands[s], tops[s], players[s]) for s in tops):
            return hands
    return hands  # improbable: keep the last deal (the counts and known cards still fit)


def fits(hand: list[str], tops: list[str], player: dict[str, Any]) -> bool:
    hidden = [c for c in hand if c not in player["known"]]
    return not any(G.beats(c, top, player["trump"]) for top in tops for c in hidden)


def earlier_game(number: int) -> dict[str, Any]:
    """An earlier game of the match, as far as the search needs it: its number (the tally in the
    players' lines says the rest; `ended` None marks it as not played here)."""
    return {
        "game": number,
        "dealer": None,
        "trumps": [],
        "ended": None,
        "loser": None,
        "out": [],
        "text": "",
        "turns": 0,
        "top": None,
        "cards_left": [],
        "tally": [],
    }


def determinize(view: View, history: list[Move], rng: Random) -> G.State:
    """A whole game that fits `view` and `history`; the unseen cards dealt at random from `rng`."""
    players = view["players"]
    n = len(players)
    opts = G.Options(**view["options"], match_games=view["match_games"])
    playing = view["phase"] == "play"
    state = G.State(
        opts=opts,
        names=[p["name"] for p in players],
        rng=SplitMix64(rng.getrandbits(64)),
        setup=NO_SETUP,
        dealer=view["dealer"],
        game_no=view["game_no"],
        phase=view["phase"],
        trumps=[p["trump"] for p in players],
        chooser=view["trump_choice"]["chooser"] if view["trump_choice"] else None,
        hands=deal_hidden(view, history, rng) if playing else [[] for _ in range(n)],
        pile=[c["card"] for c in view["pile"]],
        pile_by=[c["by"] for c in view["pile"]],
        undealt=[] if playing else list(G.DECK),
        turn=view["turn"] if playing else (view["dealer"] + 1) % n,
        out=sorted((p["seat"] for p in players if p["place"]), key=lambda s: players[s]["place"]),
        known=[set(p["known"]) for p in players],
        sixes=[dict(s) for s in view["sixes"]],
        repeats=view["repeats"] or 1,
        turns=view["turns"],
        wins=[p["wins"] for p in players],
        losses=[p["losses"] for p in players],
        draws=[p["draws"] for p in players],
        games=[earlier_game(k) for k in range(1, view["game_no"])],
    )
    if playing:
        state.seen = {G.position(state): state.repeats}  # earlier positions are not known: a fresh count
    return state


def policy(state: G.State, seat: int, rng: Random) -> Action:
    """A quick move: beat with the cheapest card that beats, and leave on top (or lead) the cheapest
    card the next player cannot beat (any cheap card if there is none); pick up only when forced."""
    if state.phase == "trumps":
        return {"type": "trump", "suit": rng.choice(G.free_suits(state))}
    hand, trump, pile = state.hands[seat], G.trump_of(state, seat), state.pile
    if pile:
        top = pile[-1]
        beaters = [c for c in hand if G.beats(c, top, trump)]
        if not beaters:
            return {"type": "pick_up", "count": G.pickup_count(len(pile), top, trump)}
        card = min(beaters, key=lambda c: cost(c, trump))
        if len(hand) == 1:
            return {"type": "beat", "card": card}
        return {"type": "beat", "card": card, "add": best_top(state, seat, [c for c in hand if c != card])}
    return {"type": "lead", "card": best_top(state, seat, hand)}


def cost(card: str, trump: str) -> int:
    """What spending a card gives up: its rank, and own trumps (sure beaters) most of all."""
    return G.RANK_OF[card] + (10 if card[-1] == trump else 0)


def best_top(state: G.State, seat: int, cards: list[str]) -> str:
    """The cheapest of `cards` the next player cannot beat, else the cheapest."""
    nxt = G.next_seat(state, seat)
    their_trump = state.trumps[nxt]
    high: dict[str, int] = {}
    for c in state.hands[nxt]:
        if G.RANK_OF[c] > high.get(c[-1], -1):
            high[c[-1]] = G.RANK_OF[c]
    any_trump, trump = their_trump in high, G.trump_of(state, seat)

    def key(c: str) -> tuple[bool, int]:
        suit = c[-1]
        return (high.get(suit, -1) > G.RANK_OF[c] or (suit != their_trump and any_trump), cost(c, trump))

    return min(cards, key=key)  # the first of the cheapest


def candidates(view: View) -> list[Action]:
    """The Normal player's best moves, best first (so it wins ties): every beat-and-add pair would
    be too many to compare; picking up is always kept."""
    actions = view["actions"]
    if view["phase"] != "play" or len(actions) == 1:
        return actions
    ranked = sorted(actions, key=own_trumps_bot.Planner(view).score, reverse=True)  # stable: as Normal's max
    best = ranked[:MAX_CANDIDATES]
    return best + [a for a in actions if a["type"] == "pick_up" and a not in best]


def stop(state: G.State, view: View) -> bool:
    return state.game_no != view["game_no"]  # the game of `view` is over (the match, too, ends it)


def value(state: G.State, seat: int) -> float:
    """Not losing the game is what counts: won (or safe) 1, drawn 0.5, lost 0."""
    last = state.games[-1] if state.games else earlier_game(0)
    if last["ended"] is None:
        return 0.5  # the playout was cut short
    return 0.5 if last["loser"] is None else float(last["loser"] != seat)


def clone(state: G.State) -> G.State:
    """A copy a playout may change (the history of events is left behind: playouts read none)."""
    return replace(
        state,
        trumps=list(state.trumps),
        hands=[list(h) for h in state.hands],
        pile=list(state.pile),
        pile_by=list(state.pile_by),
        undealt=list(state.undealt),
        out=list(state.out),
        known=[set(k) for k in state.known],
        sixes=list(state.sixes),
        seen=dict(state.seen),
        wins=list(state.wins),
        losses=list(state.losses),
        draws=list(state.draws),
        games=list(state.games),
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
    arena_deals={2: 110, 4: 51},  # measured 2026-11-28
)

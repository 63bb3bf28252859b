"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse,
2012) over a game's SearchGame: the search issue 22 suggested for Hard, kept here to be measured
against the flat search Hard uses (bench/hard_regret.py --ismcts), not played in the lobby.

One tree over the searching seat's actions and the others' as the seat sees them (every action in
these games is public; a draw's card is not part of its action). Each iteration deals the unseen
cards again (the game's `determinize`, as the flat search does), walks down the tree by UCB1 among
the actions legal in that deal (counting how often each was available, so that a move rarely legal
is not favoured), adds one node, plays on with the game's quick policy, and scores the end for every
seat that moved on the way: each node holds its mover's value. The root offers the game's
candidates, as the flat search does; the most visited one is chosen.
"""

from __future__ import annotations

import json
import math
from random import Random
from typing import Any

from pygames_wasm.bots.search import SearchGame, playout
from pygames_wasm.core.game import Action, Move, View


class Node:
    """An action's node: how often it was chosen (`visits`), the mover's total value after it, and how
    often it was available where its parent was reached."""

    __slots__ = ("action", "available", "children", "value", "visits")

    def __init__(self, action: Action | None = None) -> None:
        self.action = action
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 0

    def ucb(self, exploration: float) -> float:
        return self.value / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


def key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def descend(game: SearchGame[Any], root: Node, state: Any, view: View, exploration: float) -> list[tuple[Node, int]]:
    """Walk `state` down the tree from `root` (changing it) until a node is added or the playout's stop;
    returns the path as (node, the seat that chose its action)."""
    node, seat = root, view["seat"]
    path: list[tuple[Node, int]] = []
    actions = game.candidates(view)
    while not state.over and not (path and game.stop(state, view)):
        if path:
            seat = game.rules.to_act(state)
            actions = game.rules.view(state, seat, brief=True)["actions"]
        listed = [(key(a), a) for a in actions]
        for name, _ in listed:
            if name in node.children:
                node.children[name].available += 1
        new = next(((name, a) for name, a in listed if name not in node.children), None)
        if new:  # in listed order: at the root the Normal player's choice comes first
            child = node.children[new[0]] = Node(new[1])
            child.available = 1
        else:
            child = max((node.children[name] for name, _ in listed), key=lambda c: c.ucb(exploration))
        game.rules.apply(state, seat, child.action)  # type: ignore[arg-type]
        path.append((child, seat))
        if new:
            break
        node = child
    return path


def choose(
    game: SearchGame[Any], view: View, history: list[Move], rng: Random, iterations: int, exploration: float
) -> Action:
    """The root candidate visited most in `iterations` iterations."""
    root = Node()
    for _ in range(iterations):
        state = game.determinize(view, history, rng)
        path = descend(game, root, state, view, exploration)
        playout(game, state, view, Random(rng.getrandbits(64)))  # plays `state` on to the stop
        values: dict[int, float] = {}
        for node, seat in path:
            if seat not in values:
                values[seat] = game.value(state, seat)
            node.visits += 1
            node.value += values[seat]
    best = max(root.children.values(), key=lambda child: child.visits)
    assert best.action is not None
    return best.action

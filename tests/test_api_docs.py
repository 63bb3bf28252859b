"""docs/api.md is the contract the page reads views by: every key a game's view carries, at any moment
of a game and for any seat, is named in that game's View section."""

import re
from pathlib import Path

import pytest

from pygames_wasm import api

DOCS = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text()
SECTIONS = {  # where each game's View is described: from this heading or line to the next one
    "ono99": ("### `View` (ONO 99)", "### `Event`"),
    "canasta": ("View (Canasta):", "## 3UP 3DOWN"),
    "three_up": ("View (3UP 3DOWN):", "Choices where the rules are silent"),
    "own_trumps": ("View (Own Trumps):", "Our choices where the rules file is silent"),
}
SEATS = {"ono99": 3, "canasta": 4, "three_up": 3, "own_trumps": 3}


EVERY_VIEW = "In every game's view:"  # the keys every game's view has


def documented(game_id: str) -> set:
    start, end = SECTIONS[game_id]
    section = DOCS[DOCS.index(start) : DOCS.index(end, DOCS.index(start))]
    common = DOCS[DOCS.index(EVERY_VIEW) : DOCS.index("\n\n", DOCS.index(EVERY_VIEW))]
    return set(re.findall(r'"([a-z_0-9]+)"', section + common))


def keys_seen(game_id: str) -> dict:
    """Every key of a view and of its players' lines, all through a game of computers, for every seat."""
    seats = [{"name": f"P{i}", "kind": "bot", "bot": "normal"} for i in range(SEATS[game_id])]
    handle = api.call("new_game", {"game": game_id, "seats": seats, "seed": 4})["handle"]
    seen: dict[str, set[str]] = {"view": set(), "players": set()}
    for _ in range(400):
        for seat in [None, *range(len(seats))]:
            view = api.call("view", {"handle": handle, "seat": seat})["view"]
            seen["view"] |= set(view)
            seen["players"] |= {k for line in view["players"] for k in line}
        if view["over"]:
            break
        api.call("bot_act", {"handle": handle, "seat": view["to_act"]})
    return seen


@pytest.mark.parametrize("game_id", sorted(SECTIONS))
def test_every_view_key_is_in_the_docs(game_id):
    seen, named = keys_seen(game_id), documented(game_id)
    assert sorted(seen["view"] - named) == []
    assert sorted(seen["players"] - named) == []

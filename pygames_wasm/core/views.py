"""What games share for their views and their public history: a view is a copy, never a window into
the game's state (it shares only what is never changed once made: messages, and logged events), and
the history a state keeps is short (it is copied for undo)."""

import json
from collections.abc import Callable
from typing import Any, TypeVar

from .game import Action, Event, GameState
from .i18n import Message, Said, Text, msg, spaced

JsonT = TypeVar("JsonT")

EVENTS_SHOWN = 30  # the last public events a view carries
EVENTS_KEPT = 60  # a state keeps at least this many, and never twice as many


def copied(value: JsonT) -> JsonT:
    """A JSON-like value (dicts, lists, strings, numbers) copied whole, at C speed: `deepcopy` is
    ten times slower, and views are made on every move."""
    return json.loads(json.dumps(value))


def actions_of(legal_actions: Callable[[Any, int], list[Action]], state: Any, seat: int | None) -> Said:
    """A view's actions: none on the public table, else the seat's legal actions. Every game makes them
    anew at each call and puts no message in them, so they are already said: the walk for words skips
    them (tests/test_api.py: test_legal_actions_are_the_callers_own)."""
    return Said() if seat is None else Said(legal_actions(state, seat))


def log(state: GameState, seat: int | None, text: Text) -> None:
    """Add a public event to the game (`n` counts every event of the game); old ones are dropped.
    `text` is a message (core/i18n.py): the view puts it into the player's language. An event, like a
    message, is never changed once logged."""
    events = state.events
    events.append({"n": events[-1]["n"] + 1 if events else 1, "seat": seat, "text": text})
    if len(events) >= 2 * EVENTS_KEPT:
        del events[:-EVENTS_KEPT]


def events_after(events: list[Event], n: int) -> list[Event]:
    """The events numbered above `n` (what one action caused: fewer than EVENTS_KEPT), found from
    the end: usually one or two."""
    k = len(events)
    while k and events[k - 1]["n"] > n:
        k -= 1
    return [dict(e) for e in events[k:]]


def last_event_number(events: list[Event]) -> int:
    return events[-1]["n"] if events else 0


def recent_events(events: list[Event]) -> list[Event]:
    """The last events, for a view: the events themselves (never changed), in a list of the view's own.
    The API puts them into words once each (sounds.heard): views show the same ones move after move."""
    return events[-EVENTS_SHOWN:]


# --- "Read the table": one paragraph a screen reader speaks on request --------------------------------


def situation(*sentences: Text | None) -> Text:
    """A game's situation from its sentences (messages, each with its own full stop; empty ones left
    out), the last public event last, so a player hears where the game stands and then what just
    happened."""
    return spaced([s for s in sentences if s])  # one flat row: put into words without a level per sentence


def last_move(events: list[Event]) -> Message | None:
    """The last public event, as the last sentence of a situation."""
    return msg("Last move: {event}", event=events[-1]["text"]) if events else None

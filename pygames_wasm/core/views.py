"""What games share for their views and their public history: a view is a copy, never a window into
the game's state, and the history a state keeps is short (it is copied for undo)."""

import json

EVENTS_SHOWN = 30  # the last public events a view carries
EVENTS_KEPT = 60  # a state keeps at least this many, and never twice as many


def copied(value):
    """A JSON-like value (dicts, lists, strings, numbers) copied whole, at C speed: `deepcopy` is
    ten times slower, and views are made on every move."""
    return json.loads(json.dumps(value))


def log(state, seat: int | None, text: str) -> None:
    """Add a public event to the game (`n` counts every event of the game); old ones are dropped."""
    events = state.events
    events.append({"n": events[-1]["n"] + 1 if events else 1, "seat": seat, "text": text})
    if len(events) >= 2 * EVENTS_KEPT:
        del events[:-EVENTS_KEPT]


def events_after(events: list, n: int) -> list:
    """The events numbered above `n` (what one action caused: fewer than EVENTS_KEPT), found from
    the end: usually one or two."""
    k = len(events)
    while k and events[k - 1]["n"] > n:
        k -= 1
    return [dict(e) for e in events[k:]]


def last_event_number(events: list) -> int:
    return events[-1]["n"] if events else 0


def recent_events(events: list) -> list:
    return [dict(e) for e in events[-EVENTS_SHOWN:]]

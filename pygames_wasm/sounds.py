"""What each public event sounds like: the page plays a short sound per event kind (web/app/sound.js)
and decides nothing itself. An event's kind is found from its message (its msgid), so the games log
their events as they always have; `tests/test_lessons.py` checks every msgid here is one a game logs."""

from .core.game import Event
from .core.i18n import Said, rendered

PLAY, DRAW, PICKUP, CANASTA, BURN, WIN = "play", "draw", "pickup", "canasta", "burn", "win"

_KINDS = {
    PLAY: (
        "{name} played {card}: total {total}.",  # ONO 99
        "{name} discarded four ONO 99 cards.",
        "{name} melds {melds}.",  # Canasta
        "{name} melds {melds} (the team's first meld).",
        "{name} also melds {melds}.",
        "{name} adds {cards} to the {rank}.",
        "{name} discards the {card}.",
        "{name} discards the {card}, freezing the pile.",
        "{name} played {cards}.",  # 3UP 3DOWN
        "{name} played {cards}; play changes direction.",
        "{name} flipped a face-down card: {card}.",
        "{name} leads the {card}.",  # Own Trumps
        "{name} beats the {top} with the {card} and adds the {add}.",
        "{name} beats the {top} with the {card}, the last card in hand.",
    ),
    DRAW: (
        "{name} drew {n} card.",  # ONO 99, 3UP 3DOWN (the plural's msgid)
        "{name} draws from the stock.",  # Canasta
        "{name} drew a card before the follow-up play.",
        "{name} drew a card instead of playing.",
    ),
    PICKUP: (
        "{name} picks up the pile ({n} card), melding the {card} on the team's {rank}.",  # Canasta
        "{name} picks up the pile ({n} card), melding the {card} with {cards}.",
        "{name} picks up the pile ({n} card), melding the {card} with {cards} (the team's first meld).",
        "{name} cannot play and picks up the pile ({n} card).",  # 3UP 3DOWN
        "{name} flipped a face-down card that cannot go on {top} and picks up the pile ({n} card).",
        "{name} picks up {n} card: {cards}.",  # Own Trumps
        "{name} picks up the whole pile, {n} card: {cards}.",
    ),
    CANASTA: (
        "{team} complete a mixed canasta of {rank}.",
        "{team} complete a natural canasta of {rank}.",
        "{team} now have a mixed canasta of {rank}.",
        "{team} now have a natural canasta of {rank}.",
    ),
    BURN: (
        "{name} played {cards}: the pile is out of the game.",  # 3UP 3DOWN
        "{name} played {cards}: the pile is out of the game; {n} more play.",
        "{name} played {cards}: three or more {numbers} take the pile out of the game.",
        "{name} played {cards}; play changes direction: three or more {numbers} take the pile out of the game.",
        "{name} flipped a face-down card: {card}: the pile is out of the game.",
        "{name} flipped a face-down card: {card}: the pile is out of the game; {n} more play.",
        "{name} flipped a face-down card: {card}: three or more {numbers} take the pile out of the game.",
    ),
    WIN: (
        "{name} wins!",
        "{name} wins with {n} point, the lowest total!",
        "{names} share the win!",
        "{names} share the win with {n} point, the lowest total!",
        "{team} win, {score} to {other}!",
        "{hands} hands played, the most this game allows: {team} win, {score} to {other}!",
        "{name} wins the match: {losses} in {games}.",
        "{name} is out of cards and wins game {game}; {last} loses.",
    ),
}
SOUND_OF = {msgid: kind for kind, msgids in _KINDS.items() for msgid in msgids}  # msgid -> kind


def with_sounds(events: list[Event]) -> list[Event]:
    """The events, each that makes a sound with its `sound` kind (a new dict: logged events are
    never changed)."""
    return [event | {"sound": kind} if (kind := sound_of(event)) else event for event in events]


def sound_of(event: Event) -> str | None:
    """The kind of sound `event` makes, if any (by its message's msgid)."""
    text = event["text"]
    return SOUND_OF.get(text.get("msg", "")) if type(text) is dict else None


# A view shows the same events move after move (logged events never change): each one's words, its
# sound with them, are found once per language. Events are flat ({"n", "seat", "text"}), so a copy
# of their words is one dict.
HEARD_KEPT = 512  # per language; a full memo is emptied, and what is still shown is found again
_heard: dict[tuple[str, str | None], dict[int, tuple[Event, Event]]] = {}


def heard(events: list[Event], lang: str, domain: str | None) -> Said:
    """A view's events in `lang`'s words, with their sounds, for one reply (its caller's own)."""
    memo = _heard.get((lang, domain))
    if memo is None:
        memo = _heard[lang, domain] = {}
    out = Said()
    for event in events:
        hit = memo.get(id(event))
        if hit is None or hit[0] is not event:  # (an entry keeps its event: no other can take its id)
            if len(memo) >= HEARD_KEPT:
                memo.clear()
            words = rendered(event, lang, domain)  # (a new dict)
            if kind := sound_of(event):
                words["sound"] = kind
            hit = memo[id(event)] = (event, words)
        out.append(dict(hit[1]))
    return out

"""The parts of a game's surface that are the same for every game (see core/match.py)."""

import re
from collections.abc import Callable, Iterable, Mapping

from .errors import GameError, shown
from .game import Action, GameState, StateT
from .i18n import Message, msg


def seat_error(state: GameState, seat: object) -> GameError | None:
    """An error if `seat` is not a seat of this game (the first thing every check asks)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        return GameError("bad_seats", msg("There is no seat {seat}.", seat=shown(seat)))
    return None


def action_kind(raw: object, fields: Mapping[str, Iterable[str]], example: str, kinds: Message) -> str:
    """The type of the action `raw` once its outer shape holds: a dict whose type is a key of `fields`
    and with no field besides that type's. `example` shows an action, `kinds` names the game's
    actions (a message: "a Canasta action"), for the errors."""
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise GameError("bad_action", msg("An action needs a type, such as {example}.", example=example))
    kind = raw["type"]
    if kind not in fields:
        raise GameError("bad_action", msg("'{kind}' is not {kinds}.", kind=shown(kind), kinds=kinds))
    extra = raw.keys() - fields[kind] - {"type"}
    if extra:
        field = sorted(map(str, extra))[0]
        raise GameError(
            "bad_action", msg("Unexpected field '{field}' in a '{kind}' action.", field=shown(field), kind=kind)
        )
    return kind


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


def number_or_word(word: str) -> int | str:
    """A word of an action's text form as a whole number if it is one, else the word itself, for the
    action's check to name. Only ASCII digits, and only a few: `str.isdigit` also takes "²", which
    `int` refuses, and `int` refuses numbers past 4,300 digits."""
    return int(word) if WHOLE_NUMBER.fullmatch(word) else word


def applier(
    parse_action: Callable[[object], Action],
    check: Callable[[StateT, int, Action], GameError | None],
    perform: Mapping[str, Callable[[StateT, int, Action], None]],
) -> Callable[[StateT, int, object], Action]:
    """A game's `apply`, from its `parse_action`, `check` and `PERFORM` (action type -> effect)."""

    def apply(state: StateT, seat: int, raw: object) -> Action:
        """Check `action` for `seat`; if it is legal, perform it, else raise and change nothing.
        Returns the action in its one normal form (as the record keeps it)."""
        action = parse_action(raw)
        error = check(state, seat, action)
        if error:
            raise error
        perform[action["type"]](state, seat, action)
        return action

    return apply


def final_winners(state: GameState) -> list[int]:
    """The winners of a game its caller knows is over (a result, a game's last event)."""
    winners = state.winners
    assert winners is not None, "the game is not over"
    return winners


def first_waiting(waiting_for: Callable[[StateT], list[int]]) -> Callable[[StateT], int | None]:
    """A game's `to_act`, from its `waiting_for`: the seat to prompt first, or None."""

    def to_act(state: StateT) -> int | None:
        seats = waiting_for(state)
        return seats[0] if seats else None

    return to_act

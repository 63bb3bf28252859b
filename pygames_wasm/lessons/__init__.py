"""A first game that teaches: for each game, a short guided game on a stacked deck.

A lesson is data: the seats (seat 0 is the learner, the others computers), the options, the stacked
deal and a script of steps, one per move in order. A learner's step has a one-line prompt (a message)
and the action it expects; a computer's step is the move that computer makes (the engine plays it,
never the page). The step due is the one after the moves already made, so undo and the record stay
the truth. Once the script is done the game goes on as an ordinary game against Easy computers.

Each game's script is in `lessons/<game>.py`; `tests/test_lessons.py` follows every script to its end
and checks that each step's action is legal where it comes, so a change of a rule or of the deal that
broke a lesson fails a test.
"""

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import GameError, Setup, stack_deck
from ..core.game import Action, GameModule
from ..core.i18n import Message, msg, render

if TYPE_CHECKING:
    from ..core.match import Match

LESSON_SEED = "0" * 31 + "1"  # later deals (after the lesson's) are shuffled from this
LEARNER = 0


@dataclass(frozen=True)
class Step:
    seat: int
    action: str  # the expected action, in the game's string form ("play 7")
    prompt: Message | None = None  # what the learner is asked to do; None for a computer's move


@dataclass(frozen=True)
class Lesson:
    game: str
    names: tuple[Message, ...]  # the seats' names: the learner, then the computers
    options: dict[str, Any]
    decks: tuple[tuple[str, ...], ...]  # the stacked deals
    dealer: int
    steps: tuple[Step, ...]
    done: Message  # said when the script is over


def dealt_one_at_a_time(hands: list[list[str]], first: int) -> list[str]:
    """The top of a deck that deals these hands one card at a time, starting with seat `first`."""
    n = len(hands)
    return [hands[(first + k) % n][r] for r in range(len(hands[0])) for k in range(n)]


def filled(
    counts: dict[str, int], hands: list[list[str]], size: int, usable: Callable[[str], bool], reserved: list[str]
) -> list[list[str]]:
    """Each hand made up to `size` cards with cards of the deck table (in its order) that are `usable`
    and named nowhere else (in another hand or in `reserved`, the cards dealt after the hands)."""
    left = Counter(counts)
    left.subtract(Counter([card for hand in hands for card in hand] + reserved))
    spare = [card for card in counts for _ in range(max(left[card], 0)) if usable(card)]
    out = []
    for hand in hands:
        extra = size - len(hand)
        out.append(hand + spare[:extra])
        del spare[:extra]
    return out


def full_deck(counts: dict[str, int], top: list[str]) -> tuple[str, ...]:
    """A whole deck whose first cards are `top`; the rest in the deck table's order."""
    return tuple(stack_deck(counts, top))


def lesson_seats(lesson: Lesson, lang: str) -> list[dict[str, Any]]:
    """The seats of a lesson's match, named in the request's language: the learner, and Easy
    computers, who play the script's moves while it lasts."""
    names = [render(name, lang, lesson.game) for name in lesson.names]
    return [{"name": names[0], "kind": "human"}] + [{"name": n, "kind": "bot", "bot": "easy"} for n in names[1:]]


def lesson_setup(lesson: Lesson) -> Setup:
    return Setup(decks=lesson.decks, dealer=lesson.dealer)


def due(lesson: Lesson, moves: int) -> Step | None:
    """The step after `moves` moves; None once the script is over."""
    return lesson.steps[moves] if moves < len(lesson.steps) else None


def expected(module: GameModule[Any, Any], step: Step) -> Action:
    return module.parse_action(step.action)


def refusal(lesson: Lesson, module: GameModule[Any, Any], moves: int, seat: int, action: Action) -> GameError | None:
    """Why a legal move is not the lesson's (None if it is, or once the script is over)."""
    step = due(lesson, moves)
    if step is None or (seat == step.seat and action == expected(module, step)):
        return None
    return GameError("not_in_lesson", msg("That move is allowed, but not in this lesson: try the highlighted one."))


def lesson_reply(lesson: Lesson, match: "Match[Any, Any]", seat: int) -> dict[str, Any]:
    """The API's `lesson` reply for `seat` (docs/api.md)."""
    return {"lesson": step_view(lesson, match.module, len(match.actions), seat)}


def off_script(lesson: Lesson, match: "Match[Any, Any]", seat: int, action: object) -> None:
    """Refuse a legal move the script does not want now (an illegal one is refused by the game
    itself, in its own words, as in any game)."""
    if match.explain(seat, action) is not None:
        return
    error = refusal(lesson, match.module, len(match.actions), seat, match.module.parse_action(action))
    if error is not None:
        raise error


def scripted(lesson: Lesson, match: "Match[Any, Any]", seat: int) -> Action | None:
    """A computer's move from the script, while it lasts (None: the bot decides)."""
    step = due(lesson, len(match.actions))
    return expected(match.module, step) if step is not None and step.seat == seat else None


def step_view(lesson: Lesson, module: GameModule[Any, Any], moves: int, seat: int) -> dict[str, Any]:
    """What the page shows of the lesson to `seat`: the step number among the learner's steps, the
    prompt and the expected action (only of `seat`'s own step: a computer's move is not told)."""
    learner_steps = [k for k, s in enumerate(lesson.steps) if s.seat == LEARNER]
    step = due(lesson, moves)
    done_before = sum(1 for k in learner_steps if k < moves)
    view: dict[str, Any] = {
        "step": done_before + (1 if step is not None and step.seat == LEARNER else 0),
        "steps": len(learner_steps),
        "done": step is None,
        "seat": None if step is None else step.seat,
        "prompt": None,
        "expect": None,
    }
    if step is None:
        view["prompt"] = lesson.done
    elif step.seat == seat:
        view["prompt"] = step.prompt
        view["expect"] = expected(module, step)
    return view


def _all_lessons() -> dict[str, Lesson]:
    from . import canasta, ono99, own_trumps, three_up  # the scripts import this module's types

    return {lesson.game: lesson for lesson in (canasta.LESSON, three_up.LESSON, own_trumps.LESSON, ono99.LESSON)}


LESSONS = _all_lessons()

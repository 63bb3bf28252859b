"""Canasta's first game: draw, an initial meld with a wild card, a discard, then taking the discard
pile with a natural pair of its top card. Partners sit opposite (the learner's is seat 2)."""

from ..core.i18n import msg
from ..games.canasta import DECK, HAND_SIZE, is_natural, rank
from . import Lesson, Step, dealt_one_at_a_time, filled, full_deck

YOU, LEFT, PARTNER, RIGHT = 0, 1, 2, 3
NAMED = [
    ["AH", "AS", "AD", "2C", "9S", "9D", "KH", "QS", "JD", "4C", "6H"],
    ["5D"],
    ["7S"],
    ["9H"],
]
UPCARD = ["5C"]
STOCK = ["8D", "8H", "10C", "10D", "JC", "JH", "QC", "QD", "KC", "KD"]  # the stock's next cards, top first


def _filler(card: str) -> bool:
    """A card that makes no trouble in a computer's hand: natural, no three."""
    return is_natural(card) and rank(card) != "3"


HANDS = filled(DECK, NAMED, HAND_SIZE, _filler, UPCARD + STOCK)

LESSON = Lesson(
    game="canasta",
    names=(msg("Player"), msg("Left"), msg("Partner"), msg("Right")),
    options={},
    decks=(full_deck(DECK, dealt_one_at_a_time(HANDS, YOU) + UPCARD + STOCK),),
    dealer=RIGHT,
    steps=(
        Step(YOU, "draw", msg("Every turn starts with a draw: tap the stock.")),
        Step(
            YOU,
            "meld AH AS AD 2C",
            msg("Meld three Aces and the Two: a Two is wild. Your first meld must be worth at least 50 points."),
        ),
        Step(YOU, "discard 4C", msg("Discard the Four of clubs to end your turn.")),
        Step(LEFT, "draw"),
        Step(LEFT, "discard 5D"),
        Step(PARTNER, "draw"),
        Step(PARTNER, "discard 7S"),
        Step(RIGHT, "draw"),
        Step(RIGHT, "discard 9H"),
        Step(
            YOU,
            "take_pile 9S 9D",
            msg("Take the discard pile: your two Nines go with the Nine on top, and the whole pile is yours."),
        ),
        Step(
            YOU,
            "discard 6H",
            msg("Discard the Six of hearts. Seven cards of a rank make a canasta: your team needs one to go out."),
        ),
    ),
    done=msg("Well done: you know Canasta. Make canastas with your partner and go out to win the hand. Play on!"),
)

"""3UP 3DOWN's first game: two players. Pick the face-up cards, play at least as high as the pile,
play a pair together, draw back up to three, and clear the pile with a Clear card."""

from ..core.i18n import msg
from ..games.three_up import TABLE_CARDS, is_clear, make_options
from . import Lesson, Step, dealt_one_at_a_time, filled, full_deck

YOU, COMPUTER = 0, 1
UP = [["R9", "B9", "G10"], ["R10", "G9", "B10"]]
HAND = [["R3", "B5", "B5"], ["R4", "G7", "B8"]]
DRAWS = ["RC", "G6", "B6", "B7", "G8", "R6", "R7", "R8"]  # the draw pile's next cards, top first
DECK = make_options({}).cards
# The face-down cards: whatever numbers are left (nobody sees them in the lesson).
DOWN = filled(DECK, [[], []], TABLE_CARDS, lambda card: not is_clear(card), [c for z in UP + HAND for c in z] + DRAWS)

LESSON = Lesson(
    game="three_up",
    names=(msg("Player"), msg("Computer")),
    options={},
    decks=(
        full_deck(
            DECK,
            dealt_one_at_a_time(DOWN, YOU) + dealt_one_at_a_time([u + h for u, h in zip(UP, HAND)], YOU) + DRAWS,
        ),
    ),
    dealer=COMPUTER,
    steps=(
        # Both pick at once; the computer first, so that no computer waits while the learner is due.
        Step(COMPUTER, "pick R10 G9 B10"),
        Step(
            YOU,
            "pick R9 B9 G10",
            msg("Pick three of your six cards to lie face up: the Nines and the Ten, high cards to play later."),
        ),
        Step(YOU, "play R3", msg("Play the Three: anything goes on an empty pile.")),
        Step(YOU, "refill", msg("Draw back up to three cards.")),
        Step(COMPUTER, "play R4"),
        Step(COMPUTER, "refill"),
        Step(
            YOU, "play B5 B5", msg("Play both Fives together: a card must be at least as high as the top of the pile.")
        ),
        Step(YOU, "refill", msg("Draw back up to three cards.")),
        Step(COMPUTER, "play G7"),
        Step(COMPUTER, "refill"),
        Step(YOU, "play RC", msg("Play the Clear card: it goes on anything and takes the whole pile out of the game.")),
        Step(YOU, "refill", msg("Draw back up to three cards.")),
    ),
    done=msg(
        "Well done: you know 3UP 3DOWN. When you cannot play you pick up the pile; "
        "the first to get rid of every card wins. Play on!"
    ),
)

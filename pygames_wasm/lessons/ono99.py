"""ONO 99's first game: two players, the learner first; each number adds to the total, Minus ten
takes it down, Play 2 makes the next player play twice, and the ONO 99 card is never played."""

from ..core.i18n import msg
from ..games.ono99 import DECKS
from . import Lesson, Step, dealt_one_at_a_time, full_deck

YOU, COMPUTER = 0, 1
HANDS = [["7", "-10", "P2", "ONO"], ["5", "8", "3", "9"]]
DRAWS = ["10", "2", "4", "6", "1", "0", "4", "3"]  # the draw pile's next cards, top first

LESSON = Lesson(
    game="ono99",
    names=(msg("Player"), msg("Computer")),
    options={"version": "2022"},
    decks=(full_deck(DECKS["2022"], dealt_one_at_a_time(HANDS, YOU) + DRAWS),),
    dealer=COMPUTER,
    steps=(
        Step(YOU, "play 7", msg("Play the Seven: a number card adds its value to the total, which starts at 0.")),
        Step(YOU, "draw", msg("Draw a card: you end every turn with four cards.")),
        Step(COMPUTER, "play 5"),
        Step(COMPUTER, "draw"),
        Step(YOU, "play -10", msg("Play Minus ten: it takes the total down by 10, never below 0.")),
        Step(YOU, "draw", msg("Draw a card to end your turn.")),
        Step(COMPUTER, "play 8"),
        Step(COMPUTER, "draw"),
        Step(YOU, "play P2", msg("Play the Play 2 card: the next player must play two cards in a row.")),
        Step(YOU, "draw", msg("Draw a card to end your turn.")),
        Step(COMPUTER, "play 3"),
        Step(COMPUTER, "draw"),
        Step(COMPUTER, "play 9"),
        Step(COMPUTER, "draw"),
        Step(
            YOU, "play 10", msg("Play the Ten. The total must stay below 99: a player who cannot keep it there is out.")
        ),
        Step(YOU, "draw", msg("Draw a card to end your turn.")),
    ),
    done=msg(
        "Well done: you know ONO 99. The ONO 99 card can never be played; the last player still in wins. Play on!"
    ),
)

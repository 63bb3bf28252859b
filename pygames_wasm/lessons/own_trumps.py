"""Own Trumps' first game: two players. Choose your own trump suit, lead, beat the top card (a
higher card of its suit, or one of your trumps) and add a card, and pick up when you cannot beat."""

from ..core.i18n import msg
from ..games.own_trumps import DECK, RANK_OF
from . import Lesson, Step, dealt_one_at_a_time, filled, full_deck

YOU, COMPUTER = 0, 1
HAND_SIZE = len(DECK) // 2
NAMED = [["7C", "10D", "7D", "7H", "10C"], ["9C", "8D", "JC", "9D"]]


SIXES_LAST = dict(sorted(DECK.items(), key=lambda item: RANK_OF[item[0]] == RANK_OF["6S"]))  # Sixes: a rule for later
HANDS = filled(SIXES_LAST, NAMED, HAND_SIZE, lambda card: True, [])

LESSON = Lesson(
    game="own_trumps",
    names=(msg("Player"), msg("Computer")),
    options={},
    decks=(full_deck(DECK, dealt_one_at_a_time(HANDS, YOU)),),
    dealer=COMPUTER,
    steps=(
        Step(YOU, "trump H", msg("Choose your own trump suit: Hearts. Your trumps beat any card of another suit.")),
        Step(COMPUTER, "trump S"),
        Step(YOU, "lead 7C", msg("Lead the Seven of clubs: any card may start the pile.")),
        Step(COMPUTER, "beat 9C 8D"),
        Step(
            YOU,
            "beat 10D 7D",
            msg(
                "Beat the Eight of diamonds with the Ten of diamonds, a higher card of its suit; then add the Seven of diamonds."
            ),
        ),
        Step(COMPUTER, "pick_up 3"),
        Step(
            YOU,
            "beat 7H 10C",
            msg(
                "The computer could not beat, so it picked up three cards. Beat the Nine of clubs with your trump, the Seven of hearts, and add the Ten of clubs."
            ),
        ),
        Step(COMPUTER, "beat JC 9D"),
    ),
    done=msg("Well done: you know Own Trumps. Whoever gets rid of every card first wins. Play on!"),
)

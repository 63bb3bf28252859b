"""The names of standard playing cards ("7H" is the Seven of hearts, "JK" a joker), as messages: the
games with a standard deck (Canasta, Own Trumps) name cards with these, and so does the page."""

from .i18n import msg

RANK_WORDS = {"A": msg("Ace"), "K": msg("King"), "Q": msg("Queen"), "J": msg("Jack"), "10": msg("Ten"),
              "9": msg("Nine"), "8": msg("Eight"), "7": msg("Seven"), "6": msg("Six"), "5": msg("Five"),
              "4": msg("Four"), "3": msg("Three"), "2": msg("Two")}
SUIT_WORDS = {"S": msg("spades"), "H": msg("hearts"), "D": msg("diamonds"), "C": msg("clubs")}
JOKER = msg("Joker")


def card_name(code: str) -> dict:
    """'Seven of hearts', 'Joker': a card's name in sentences and its accessible name."""
    if code == "JK":
        return JOKER
    return msg("{rank} of {suit}", rank=RANK_WORDS[code[:-1]], suit=SUIT_WORDS[code[-1]])

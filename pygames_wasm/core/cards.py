"""The names of standard playing cards ("7H" is the Seven of hearts, "JK" a joker), as messages: the
games with a standard deck (Canasta, Own Trumps) name cards with these, and so does the page.

A rank's name is a whole sentence per rank ("Queen of {suit}") because the languages agree the word
for "of" with the rank: Punjabi "ਪਾਨ ਦੀ ਬੇਗੀ" but "ਪਾਨ ਦਾ ਯੱਕਾ" (docs/glossary-pa.md)."""

from .i18n import Message, msg

OF_SUIT = {
    "A": msg("Ace of {suit}"),
    "K": msg("King of {suit}"),
    "Q": msg("Queen of {suit}"),
    "J": msg("Jack of {suit}"),
    "10": msg("Ten of {suit}"),
    "9": msg("Nine of {suit}"),
    "8": msg("Eight of {suit}"),
    "7": msg("Seven of {suit}"),
    "6": msg("Six of {suit}"),
    "5": msg("Five of {suit}"),
    "4": msg("Four of {suit}"),
    "3": msg("Three of {suit}"),
    "2": msg("Two of {suit}"),
}
SUIT_WORDS = {"S": msg("spades"), "H": msg("hearts"), "D": msg("diamonds"), "C": msg("clubs")}
JOKER = msg("Joker")


_NAMES: dict[str, Message] = {}  # one message per card, made once: views name cards on every move


def card_name(code: str) -> Message:
    """'Seven of hearts', 'Joker': a card's name in sentences and its accessible name."""
    name = _NAMES.get(code)
    if name is None:
        name = JOKER if code == "JK" else {**OF_SUIT[code[:-1]], "args": {"suit": SUIT_WORDS[code[-1]]}}
        _NAMES[code] = name
    return name

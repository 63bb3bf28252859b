"""The one error type of the engine: a stable machine code plus a sentence a player understands.

`ERROR_CODES` is the one list of codes: `docs/api.md` lists exactly these (a test checks it), and
every code has a test that provokes it.
"""

from .i18n import Message, render

ERROR_CODES = {
    "bad_request": "a malformed request or params",
    "unknown_game": "no game has that id",
    "unknown_handle": "no open game has that handle",
    "bad_option": "an option that does not exist or does not fit",
    "bad_seats": "seats that do not fit the game, or no such seat",
    "bad_deck": "a stacked deck (or other test setup) that does not fit the game",
    "bad_action": "a malformed action",
    "unknown_card": "a card the game does not have",
    "not_in_hand": "a card the player does not hold",
    "illegal_card": "a card the rules do not allow now",
    "illegal_action": "an action the rules do not allow now",
    "not_your_turn": "it is another seat's turn, or this seat is out",
    "draw_first": "the player must draw before this",
    "already_drawn": "the player has already drawn this turn",
    "nothing_to_draw": "the player owes no draw",
    "game_over": "the game is over",
    "not_over": "the game is not over yet (statistics, a replay, the same deal again need a finished game)",
    "cannot_undo": "the last move cannot be taken back",
    "bad_save": "a saved game that cannot be read",
    "not_in_lesson": "a legal move that is not the lesson's step now",
    "not_a_lesson": "that game is not a lesson",
    "internal": "an engine bug; the game is left as it was",
}

ECHO_LIMIT = 40  # characters of a player's (or a program's) input repeated in an error


class GameError(Exception):
    """An illegal or malformed request. Raising it never leaves a game half-changed.

    `text` is the sentence as a message (core/i18n.py), put into the player's language by `to_dict`;
    `message` is the English sentence, for logs and tests."""

    def __init__(self, code: str, text: Message):
        if code not in ERROR_CODES:
            raise ValueError(f"unlisted error code {code!r}")
        super().__init__(code, text)
        self.code = code
        self.text = text

    @property
    def message(self) -> str:  # rendered only when asked: legality checks make errors by the thousand
        return render(self.text)

    def __str__(self) -> str:
        return self.message

    def to_dict(self, lang: str = "en", domain: str | None = None) -> dict[str, str]:
        return {"code": self.code, "message": render(self.text, lang, domain)}

    def __reduce__(self) -> tuple[type["GameError"], tuple[str, Message]]:
        # picklable, so that the arena's worker processes can report it
        return GameError, (self.code, self.text)


def shown(value: object) -> str:
    """Input quoted in an error sentence, cut short: a message never repeats a whole request."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"

"""The one error type of the engine: a stable machine code plus a sentence a player understands."""


class GameError(Exception):
    """An illegal or malformed request. Raising it never leaves a game half-changed."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}

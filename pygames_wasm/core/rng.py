"""Seeded random streams that give the same numbers on every Python version.

`random.Random` is not promised to be stable across versions, and a game must replay identically
on CPython 3.11 here and on Pyodide's Python 3.14 in the browser.

A deal's seed is 128 random bits, kept in the record as hex (JSON numbers stop being exact in
JavaScript at 2^53). Its stream is SHA-256 in counter mode: nobody can work back from the cards to
the seed. Old records (format 1) and tests use small integer seeds, which keep the SplitMix64
stream they were played with. A bot's stream is a keyed hash of the seed, the move number and the
seat: a one-way function, so nothing a bot receives gives back the seed.
"""

import hashlib
import os
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step
SEED_BYTES = 16  # 128 bits of entropy per deal
T = TypeVar("T")


class Chooser(Protocol):
    """What a computer player draws from: a game's `Rng`, or the fast `random.Random` of a search's
    playouts (bots/search.py)."""

    def choice(self, items: Sequence[T]) -> T: ...


class Rng:
    """What every stream offers; subclasses supply `next64`."""

    def next64(self) -> int:
        raise NotImplementedError

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def position(self) -> int | tuple[int, int]:
        """Where the stream is (tests compare states with it)."""
        raise NotImplementedError

    def to_data(self) -> dict[str, Any]:
        """The stream as JSON data, to be resumed exactly where it is (`rng_from_data`)."""
        raise NotImplementedError

    def copy(self) -> "Rng":
        """The stream where it is now, drawn from separately (undo keeps one: core/state_copy.py)."""
        raise NotImplementedError


class SplitMix64(Rng):
    """The stream of integer seeds (records of format 1, tests and benchmarks)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def position(self) -> int:
        return self.state

    def to_data(self) -> dict[str, Any]:
        return {"splitmix64": str(self.state)}  # as text: JSON numbers lose 64-bit precision in JS

    def copy(self) -> "SplitMix64":
        return SplitMix64(self.state)


class HashRng(Rng):
    """SHA-256(key || counter), four 64-bit numbers a block."""

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.counter = 0
        self.buffer: list[int] = []

    def next64(self) -> int:
        if not self.buffer:
            self.buffer = self.block(self.counter)
            self.counter += 1
        return self.buffer.pop()

    def block(self, counter: int) -> list[int]:
        """Block `counter`'s four numbers, in the order the buffer keeps them (drawn from the end)."""
        block = hashlib.sha256(self.key + counter.to_bytes(8, "big")).digest()
        return [int.from_bytes(block[i : i + 8], "big") for i in (24, 16, 8, 0)]

    def position(self) -> tuple[int, int]:
        return (self.counter, len(self.buffer))

    def to_data(self) -> dict[str, Any]:
        return {"sha256": self.key.hex(), "counter": self.counter, "buffer": [str(x) for x in self.buffer]}

    def copy(self) -> "HashRng":
        other = HashRng(self.key)
        other.counter, other.buffer = self.counter, list(self.buffer)
        return other


def rng_from_data(data: dict[str, Any]) -> Rng:
    if "splitmix64" in data:
        return SplitMix64(int(data["splitmix64"]))
    rng = HashRng(bytes.fromhex(data["sha256"]))
    rng.counter, rng.buffer = int(data["counter"]), [int(x) for x in data["buffer"]]
    return rng


def follows(rng: Rng, start: Rng) -> bool:
    """Whether `rng` is the stream `start` some draws further on (a checkpoint's stream must be its
    record's seed's: another would deal cards the record never could)."""
    if isinstance(rng, SplitMix64) and isinstance(start, SplitMix64):
        steps = ((rng.state - start.state) * pow(_GAMMA, -1, 1 << 64)) & _MASK
        return steps < 1 << 40  # a step a draw: far more draws than any game makes
    if isinstance(rng, HashRng) and isinstance(start, HashRng):
        if rng.key != start.key or rng.counter < start.counter:
            return False
        # What is left of the last block drawn (its numbers are taken from the end).
        return not rng.buffer or (
            rng.counter > 0 and len(rng.buffer) < 4 and rng.buffer == rng.block(rng.counter - 1)[: len(rng.buffer)]
        )
    return False


def new_seed() -> str:
    """A fresh deal seed: 128 bits from the operating system, as 32 hex digits."""
    return os.urandom(SEED_BYTES).hex()


def _key(*parts: object) -> bytes:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()


def game_rng(seed: int | str) -> Rng:
    """The stream that shuffles a game's cards: integer seeds keep SplitMix64, hex seeds hash."""
    if isinstance(seed, int):
        return SplitMix64(seed)
    return HashRng(_key("deal", seed))


def bot_rng(seed: int | str, move: int, seat: int) -> Rng:
    """A bot's stream for one decision: a one-way function of the seed, so the bot cannot
    recover the seed (and with it every hidden card) from what it receives."""
    return HashRng(_key("bot", seed, move, seat))

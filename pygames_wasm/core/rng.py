"""A small seeded RNG (SplitMix64) that gives the same numbers on every Python version.

`random.Random` is not promised to be stable across versions, and a game must replay identically
on CPython 3.11 here and on Pyodide's Python 3.14 in the browser.
"""

_MASK = (1 << 64) - 1


class Rng:
    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]

    def fork(self, *salt: int) -> "Rng":
        """An independent generator derived from this one's seed and some numbers (for bots)."""
        rng = Rng(self.state)
        for s in salt:
            rng.state = (rng.state ^ (s * 0xD1B54A32D192ED03)) & _MASK
            rng.next64()
        return rng

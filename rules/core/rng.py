"""The only source of chance in a rules engine.

The generator is counter based (SplitMix64): its whole state is the seed and the
number of draws made so far, both stored inside the game state. Replaying the
same actions from the same seed therefore gives the same rolls, bit for bit.
Every die roll is reported as an :class:`~rules.core.model.Event` with its faces.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .model import Event, RngState

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


class Rng:
    """Seeded dice, shuffles and draws bound to a state's :class:`RngState`.

    ``sink`` receives one ``roll`` event per call to :meth:`dice`/:meth:`roll_faces`.
    """

    def __init__(self, state: RngState, sink: list[Event] | None = None) -> None:
        self.state = state
        self.sink = sink

    # -- raw draws -----------------------------------------------------------------
    def next64(self) -> int:
        self.state.draws += 1
        return _mix((self.state.seed + self.state.draws * _GOLDEN) & _MASK)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]`` (not logged; use :meth:`dice` for visible rolls)."""
        return low + self.below(high - low + 1)

    # -- visible rolls ---------------------------------------------------------------
    def dice(self, count: int, sides: int = 6, label: str = "roll", seat: int | None = None) -> list[int]:
        """Roll ``count`` dice with ``sides`` faces and log the faces."""
        faces = [1 + self.below(sides) for _ in range(count)]
        self._log(label, [str(f) for f in faces], seat, {"sides": sides, "faces": faces})
        return faces

    def die(self, sides: int = 6, label: str = "roll", seat: int | None = None) -> int:
        return self.dice(1, sides, label, seat)[0]

    def roll_faces(self, faces: Sequence[T], count: int = 1, label: str = "roll", seat: int | None = None) -> list[T]:
        """Roll a custom die whose faces are listed (one entry per face) and log them."""
        if not faces:
            raise ValueError("a die needs at least one face")
        result = [faces[self.below(len(faces))] for _ in range(count)]
        self._log(label, [str(f) for f in result], seat, {"faces": [str(f) for f in result]})
        return result

    def _log(self, label: str, shown: list[str], seat: int | None, data: dict) -> None:
        if self.sink is not None:
            text = f"{label}: [{', '.join(shown)}]"
            self.sink.append(Event(text=text, kind="roll", seat=seat, data=data))

    # -- hidden chance (cards, spawns): not logged as dice --------------------------
    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

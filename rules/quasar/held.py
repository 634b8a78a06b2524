"""What the engine remembers about the position it is working on: the cards in play and the Rank order.

Resolving a Challenge asks a few dozen rule questions between two moves of a card (a rule's value, a
confronting card's value, who may use what in a window, who leads), and each walked the cards in play
or the Personal Zones again. Inside :class:`holding` (the engine's ``pending()``, ``legal()`` and
``perform()``), those two answers are remembered for the state held, and forgotten by :func:`moved`,
which every change of a card's zone, face, key or owner calls (:mod:`.zones` and the few direct
edits), so an answer is never stale. Outside :class:`holding` nothing is remembered: callers and tests
may edit a state in place between calls. One slot per thread (the engine also runs in worker threads:
replays, record checks), a few hundred bytes, dropped when the block ends.
"""

from __future__ import annotations

import threading
from typing import Any

from .state import QuasarState

STATE, ACTIVES, RANKS = 0, 1, 2
"""A slot's places: the state held, its in-play effects (:func:`.layers.active`, a tuple in order) and
its seats in Rank order (:func:`.rank.rank_order`, a tuple); None where not worked out yet."""


class _Memo(threading.local):
    def __init__(self) -> None:
        self.slot: list[Any] = [None, None, None]


MEMO = _Memo()


def moved(ranks: bool = True) -> None:
    """A card changed zone, face, key or owner: what was remembered may be wrong now (``ranks`` False: no
    Personal Zone changed, so the Rank order still holds)."""
    slot = MEMO.slot
    slot[ACTIVES] = None
    if ranks:
        slot[RANKS] = None


class holding:
    """Remember answers about ``state`` inside a ``with`` block (nested blocks on the same state share
    them). A small class rather than a generator: the engine enters one per call, thousands a second."""

    __slots__ = ("before", "state")

    def __init__(self, state: QuasarState) -> None:
        self.state = state
        self.before: list[Any] = []

    def __enter__(self) -> None:
        self.before = before = MEMO.slot
        if before[STATE] is not self.state:
            MEMO.slot = [self.state, None, None]

    def __exit__(self, *exc: object) -> None:
        before = self.before
        if before[STATE] is not self.state:
            before[ACTIVES] = before[RANKS] = None  # the block may have moved cards of that state too
            MEMO.slot = before


__all__ = ["ACTIVES", "MEMO", "RANKS", "STATE", "holding", "moved"]

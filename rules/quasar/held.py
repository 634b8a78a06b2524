"""What the engine remembers about the position it is working on: the cards in play and the Rank order.

Resolving a Challenge asks a few dozen rule questions between two moves of a card (a rule's value, a
confronting card's value, who may use what in a window, who leads), and each walked the cards in play
or the Personal Zones again. Inside :func:`holding` (the engine's ``perform()`` and ``legal()``), those
two answers are remembered for the state held, and forgotten by :func:`moved`, which every change of a
card's zone, face, key or owner calls (:mod:`.zones` and the few direct edits), so an answer is never
stale. Outside :func:`holding` nothing is remembered: callers and tests may edit a state in place
between calls. One slot per thread (a thread-local), a few hundred bytes, dropped when the block ends.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .state import QuasarState


class _Memo(threading.local):
    state: QuasarState | None = None
    actives: tuple[Any, ...] | None = None
    """The in-play effects (:func:`.layers.active`), in order."""
    ranks: tuple[int, ...] | None = None
    """The seats in Rank order (:func:`.rank.rank_order`)."""


MEMO = _Memo()


def moved(ranks: bool = True) -> None:
    """A card changed zone, face, key or owner: what was remembered may be wrong now (``ranks`` False: no
    Personal Zone changed, so the Rank order still holds)."""
    memo = MEMO
    memo.actives = None
    if ranks:
        memo.ranks = None


@contextmanager
def holding(state: QuasarState) -> Iterator[None]:
    """Remember answers about ``state`` inside the block (nested blocks on the same state share them)."""
    memo = MEMO
    before = memo.state
    if before is state:
        yield
        return
    memo.state, memo.actives, memo.ranks = state, None, None
    try:
        yield
    finally:
        memo.state, memo.actives, memo.ranks = before, None, None


__all__ = ["MEMO", "holding", "moved"]

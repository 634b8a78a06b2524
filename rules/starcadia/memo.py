"""Answers remembered per position, so that one turn's many questions about one state cost one search.

A turn asks ``legal()`` about the same position many times: the table's reply (on the state and on the
public view, to see whether the choice is public), the forced-answer check, the bot (on its seat's view),
autocomplete keystrokes, the next command's check of whether the last choice was public. Those states are
different objects, often copies, and the views differ from the state only in what no query reads: the
generator's seed, the deck's order and the other crews' hands (these last are kept in the key, since the
draft between scenarios lists one's own hand).

The key is the state's own bytes with the seed, the draw count and the deck's order left out (the deck's
size stays in: a view has as many face-down cards). Answers are kept encoded (a caller may change what it
gets without changing what the next one gets) in a small least-recently-used table shared by every game of
the process: bounded, so a thousand loaded games keep at most :data:`KEEP` answers alive.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec

from rules.core import RngState

from .state import StarState

KEEP = 64
"""How many answers stay remembered (a few turns of a few busy games)."""

_NO_SEED = RngState(seed=0, draws=0)
_ENCODER = msgspec.msgpack.Encoder()


def position_key(state: StarState) -> bytes:
    """What a read-only query may depend on, as bytes: the state without its seed, draws, deck order and log."""
    bare = msgspec.structs.replace(state, rng=_NO_SEED, deck=["?"] * len(state.deck), log=[])
    return _ENCODER.encode(bare)


class Recent:
    """A bounded, thread-safe table of shared answers (callers only read them), least recently used forgotten first."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._answers: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def answer(self, key: Any, compute: Callable[[], Any]) -> Any:
        """The remembered answer for ``key``, else ``compute()``'s, remembered."""
        with self._lock:
            known = self._answers.get(key)
            if known is not None:
                self._answers.move_to_end(key)  # most recently used last
        if known is not None:
            return self._given(known)
        found = compute()
        kept = self._kept(found)
        with self._lock:
            self._answers[key] = kept
            while len(self._answers) > self.keep:
                self._answers.popitem(last=False)
        return found

    @staticmethod
    def _kept(found: Any) -> Any:
        """What is kept of an answer (the answer itself: callers only read it)."""
        return found

    @staticmethod
    def _given(kept: Any) -> Any:
        """What a caller gets of a kept answer."""
        return kept

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()

    def __len__(self) -> int:
        return len(self._answers)


class Memo(Recent):
    """A bounded, thread-safe table of encoded answers: each caller gets a fresh copy it may change."""

    def __init__(self, keep: int = KEEP) -> None:
        super().__init__(keep)

    @staticmethod
    def _kept(found: Any) -> Any:
        return _ENCODER.encode(found)

    @staticmethod
    def _given(kept: Any) -> Any:
        return msgspec.msgpack.decode(kept)

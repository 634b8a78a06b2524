"""``legal()`` remembered per position: the table asks for the same position several times a turn.

A button press lists the actions before it plays one, the reply lists them again for the buttons,
their labels and ``forced_action``, and autocomplete once more per keystroke; each time on a state
decoded afresh (another object with the same content). So the answer is remembered by the state's
content, not by its identity: the key is the seat and a 256-bit digest of the state's msgpack
encoding without :data:`UNREAD`, which holds every field ``legal()`` may read (two states with the
same encoding get the same answer; nothing else is read, the content tables are constants).

The memo is shared by every game of the process and bounded (first in, first out): enough positions
for the loaded games' real states and public views between two of their turns. It keeps no state
object alive, only the digest and the encoded answer (a few KB), and hands out a fresh copy of the
actions on every hit (callers may change the dicts they get).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import msgspec

from rules.core import Action

from .state import State

LIMIT = 512
"""Positions remembered: two per loaded game (its state and its public view; the service holds 256),
each a 32-byte digest and the answer's bytes (0.1-5 KB)."""

UNREAD = ("log", "module_pool", "hero_deck", "enemy_deck", "td_deck", "td_discard", "data_pile", "bag")
"""Fields ``legal()`` never reads: the narration and the piles only ``apply`` draws from (the shop,
recruiting, threats, beacons, Data tokens). Left out of the key, they are half the state's bytes."""
_EMPTY = {name: [] for name in UNREAD}

_ENCODE = msgspec.msgpack.Encoder()
_DECODE = msgspec.msgpack.Decoder(list[dict])
_KNOWN: dict[tuple[int, bytes], bytes] = {}


def remembered(state: State, seat: int, compute: Callable[[], list[Action]]) -> list[Action]:
    """``compute()``'s answer for (``state``, ``seat``), from the memo when this position was seen."""
    key = (seat, hashlib.sha256(_ENCODE.encode(msgspec.structs.replace(state, **_EMPTY))).digest())
    known = _KNOWN.get(key)
    if known is not None:
        return _DECODE.decode(known)
    answer = compute()
    while len(_KNOWN) >= LIMIT:
        try:
            del _KNOWN[next(iter(_KNOWN))]
        except (KeyError, RuntimeError, StopIteration):  # another thread evicted it first
            break
    _KNOWN[key] = _ENCODE.encode(answer)
    return answer


def forget() -> None:
    """Empty the memo (tests that measure the work itself)."""
    _KNOWN.clear()

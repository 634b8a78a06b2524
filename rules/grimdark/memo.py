"""Answers remembered while a position cannot change (``legal()`` asks the same questions of one state
for every candidate): which cells are taken, who is where, the routes checked, the heroes' turns.

Inside :func:`remembered` the state must not change; outside it nothing is remembered. Keys start with
``id(state)``, so a view or a copy of the state is a position of its own. Refusals are remembered as
their sentence and raised afresh each time. Whole legal sets are kept across calls by
:func:`legal_by_position`, keyed by the state's bytes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import msgspec

from rules.core import Action, BaseState, RuleError

T = TypeVar("T")


class _Local(threading.local):
    memo: dict[Any, Any] | None = None


_LOCAL = _Local()
"""The memo of the block open in this thread: a picture drawn in a worker thread (the bot draws them
off the event loop) must not read or fill the memo of a ``legal()`` running meanwhile in another."""


class remembered:  # lower case: used as ``with remembered():``, like the function it was
    """Within the block the state does not change: questions about it are answered once each.

    A class rather than a generator made by ``contextmanager``: every ``pending()`` and ``legal()``
    opens one, a few times a turn."""

    __slots__ = ("outer",)

    def __enter__(self) -> None:
        self.outer = outer = _LOCAL.memo
        _LOCAL.memo = {} if outer is None else outer

    def __exit__(self, *exc: object) -> None:
        _LOCAL.memo = self.outer


@contextmanager
def scoped(memo: dict[Any, Any] | None = None) -> Iterator[dict[Any, Any]]:
    """Like :func:`remembered`, with a memo of its own even inside another block: for a question asked
    between two changes of a state that is being played (the enemy phase weighs every hero before a
    unit moves), whose answers must not outlive the block. It yields its memo; given one of a block
    closed before, it opens it again: only while nothing has changed since (no model moved or died)."""
    outer = _LOCAL.memo
    _LOCAL.memo = mine = {} if memo is None else memo
    try:
        yield mine
    finally:
        _LOCAL.memo = outer


def active() -> dict[Any, Any] | None:
    """The memo of the current block in this thread (None outside :func:`remembered`)."""
    return _LOCAL.memo


def once(key: Any, compute: Callable[[], T]) -> T:
    """``compute()``, asked once per key inside :func:`remembered` (the answer must be treated as read-only)."""
    memo = _LOCAL.memo
    if memo is None:
        return compute()
    try:
        return memo[key]
    except KeyError:
        value = memo[key] = compute()
        return value


def checked(key: Any, compute: Callable[[], T]) -> T:
    """Like :func:`once` for a check that may refuse: a refusal is remembered as its sentence."""
    memo = _LOCAL.memo
    if memo is None:
        return compute()
    found = memo.get(key)
    if found is not None:
        ok, value = found
        if ok:
            return value
        raise RuleError(value)
    try:
        value = compute()
    except RuleError as error:
        memo[key] = (False, str(error))
        raise
    memo[key] = (True, value)
    return value


POSITIONS = 256
"""Legal sets kept (by position and seat): after an action the bot asks for the same set several times
(an automatic step, the buttons, every autocomplete keystroke, the next button press), while other
games act in between (as many as the sessions service keeps loaded; about 20 KB each)."""

_BY_POSITION: OrderedDict[tuple[bytes, int], list[Action]] = OrderedDict()


def legal_by_position(state: BaseState, seat: int, compute: Callable[[], list[Action]]) -> list[Action]:
    """``compute()`` (the legal set of ``seat``), asked once per position: the key is the whole state as
    bytes, so any change to it (in place or not) is a position of its own. Each caller gets its own copies."""
    key = (msgspec.msgpack.encode(state), seat)
    found = _BY_POSITION.pop(key, None)
    if found is None:
        found = compute()  # fresh commands, kept here; callers get copies
    _BY_POSITION[key] = found  # the newest last
    while len(_BY_POSITION) > POSITIONS:
        _BY_POSITION.popitem(last=False)
    return list(map(dict.copy, found))


__all__ = ["active", "checked", "legal_by_position", "once", "remembered", "scoped"]

"""Answers remembered while a position cannot change (``legal()`` asks the same questions of one state
for every candidate): which cells are taken, who is where, the routes checked, the heroes' turns.

Inside :func:`remembered` the state must not change; outside it nothing is remembered. Keys start with
``id(state)``, so a view or a copy of the state is a position of its own. Refusals are remembered as
their sentence and raised afresh each time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from rules.core import RuleError

T = TypeVar("T")

_MEMO: dict[Any, Any] | None = None


@contextmanager
def remembered() -> Iterator[None]:
    """Within the block the state does not change: questions about it are answered once each."""
    global _MEMO
    outer = _MEMO
    _MEMO = {} if outer is None else outer
    try:
        yield
    finally:
        _MEMO = outer


def active() -> dict[Any, Any] | None:
    """The memo of the current block (None outside :func:`remembered`)."""
    return _MEMO


def once(key: Any, compute: Callable[[], T]) -> T:
    """``compute()``, asked once per key inside :func:`remembered` (the answer must be treated as read-only)."""
    memo = _MEMO
    if memo is None:
        return compute()
    try:
        return memo[key]
    except KeyError:
        value = memo[key] = compute()
        return value


def checked(key: Any, compute: Callable[[], T]) -> T:
    """Like :func:`once` for a check that may refuse: a refusal is remembered as its sentence."""
    memo = _MEMO
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


__all__ = ["active", "checked", "once", "remembered"]

"""Card values, with Lost in Space's "no value" (``None``), which breaks ordinary arithmetic.

A Lost in Space adds nothing to a total but still counts as a card; it is never equal to anything
(not even another Lost in Space), lower than every value and never higher than any, never even, odd
or zero. So values are compared with these predicates, never with ``==`` or ``sorted``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

Value = int | None
"""A card's value; None is no value at all (Lost in Space)."""


def total(values: Sequence[Value]) -> int:
    return sum(v for v in values if v is not None)


def average(values: Sequence[Value]) -> Fraction:
    """Total over the number of cards, Lost in Space included (0 for no cards)."""
    return Fraction(total(values), len(values)) if values else Fraction(0)


def equal(a: Value, b: Value) -> bool:
    return a is not None and b is not None and a == b


def lower(a: Value, b: Value) -> bool:
    """``a`` is lower than ``b``: no value is lower than everything, even another no value."""
    return a is None or (b is not None and a < b)


def higher(a: Value, b: Value) -> bool:
    """``a`` is higher than ``b``: no value is never higher than anything."""
    return a is not None and (b is None or a > b)


def is_even(v: Value) -> bool:
    return v is not None and v % 2 == 0


def is_odd(v: Value) -> bool:
    return v is not None and v % 2 == 1


def is_zero(v: Value) -> bool:
    return v is not None and v == 0


def highest(values: Sequence[Value]) -> list[int]:
    """Positions of the highest values: none when every value is missing."""
    real = [v for v in values if v is not None]
    if not real:
        return []
    top = max(real)
    return [i for i, v in enumerate(values) if v is not None and v == top]


def lowest(values: Sequence[Value]) -> list[int]:
    """Positions of the lowest values: every missing value if there is one, else the minimum."""
    missing = [i for i, v in enumerate(values) if v is None]
    if missing:
        return missing
    if not values:
        return []
    low = min(v for v in values if v is not None)
    return [i for i, v in enumerate(values) if v == low]


def all_equal(values: Sequence[Value]) -> bool:
    """Every value equal to every other (a single card counts; any missing value breaks it)."""
    return bool(values) and all(equal(values[0], v) for v in values)


def all_distinct(values: Sequence[Value]) -> bool:
    """No two values equal (missing values never equal anything, so they never break it)."""
    return not any(equal(a, b) for i, a in enumerate(values) for b in values[i + 1 :])


def shown(v: Value) -> str:
    return "–" if v is None else str(v)

"""Checks for the values inside an action, each failing with a player-readable RuleError."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import RuleError


def plain_digits(text: object, most: int = 9) -> bool:
    """Whether ``text`` is a whole number as a player types it: ASCII digits, at most ``most`` of them.

    ``str.isdigit`` alone is not enough before ``int()``: it accepts "²" (which ``int`` refuses) and
    thousands of digits (which ``int`` refuses past 4 300).
    """
    return isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= most


def get_int(action: Mapping[str, Any], key: str, low: int, high: int, what: str | None = None) -> int:
    value = action.get(key)
    name = what or key
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError(f"Give {name} as a whole number.")
    try:
        number = int(value)
    except ValueError:
        raise RuleError(f"Give {name} as a whole number, not '{str(value)[:20]}'.") from None
    if not low <= number <= high:
        raise RuleError(f"{name.capitalize()} must be between {low} and {high}.")
    return number


def get_str(action: Mapping[str, Any], key: str, what: str | None = None, max_len: int = 80) -> str:
    value = action.get(key)
    name = what or key
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"Say which {name}.")
    if len(value) > max_len:
        raise RuleError(f"That {name} is far too long.")
    return value.strip()


def get_choice(action: Mapping[str, Any], key: str, choices: Collection[str], what: str | None = None) -> str:
    value = get_str(action, key, what)
    if value in choices:
        return value
    lowered = {c.lower(): c for c in choices}
    if value.lower() in lowered:
        return lowered[value.lower()]
    name = what or key
    shown = ", ".join(sorted(choices)[:12])
    raise RuleError(f"There is no {name} called '{value[:30]}'. Choose from: {shown}.")


def get_list(action: Mapping[str, Any], key: str, max_len: int, what: str | None = None) -> list[Any]:
    value = action.get(key, [])
    name = what or key
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list | tuple):
        raise RuleError(f"Give {name} as a list.")
    if len(value) > max_len:
        raise RuleError(f"At most {max_len} {name} at once.")
    return list(value)

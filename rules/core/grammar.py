"""Articles and plurals for narration, from a well-kept library (inflect) rather than our own rules.

"finds an Adrenaline Shot", "2 Swarmers killed", "1 unknown ship", "3 unknown ships": engines call
these instead of pasting "a" or "(s)" in front of or behind a name. Names keep their capitals.
"""

from __future__ import annotations

from functools import lru_cache

import inflect

_ENGINE = inflect.engine()


@lru_cache(maxsize=4096)
def a(noun: str) -> str:
    """The noun with "a" or "an" in front: ``a("Adrenaline Shot") == "an Adrenaline Shot"``."""
    return _ENGINE.a(noun)


@lru_cache(maxsize=4096)
def plural(noun: str, count: int = 2) -> str:
    """The noun as ``count`` of them are called: ``plural("Swarmer", 2) == "Swarmers"``."""
    return _ENGINE.plural_noun(noun, count) if count != 1 else noun


def count(number: int, noun: str) -> str:
    """The number and the noun that goes with it: ``count(1, "ship") == "1 ship"``, ``"3 ships"``."""
    return f"{number} {plural(noun, number)}"


def listing(items: list[str], last: str = "and") -> str:
    """Names joined as people write them: a, b and c (no comma before the last)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"

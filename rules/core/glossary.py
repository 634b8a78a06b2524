"""What every game's glossary shares: how a typed term is spelled for lookup, the checks on its entries,
and the aliases and plurals a player may type.

Each game builds its own entries (``rules/<game>/glossary.py``) and its index of spellings from its
content; these helpers keep the common part in one place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from .content import require
from .grammar import plural

_SEPARATORS = re.compile(r"[\s_-]+")


def spelling(text: str) -> str:
    """A term as looked up: lower case, with spaces, dashes and underscores alike."""
    return _SEPARATORS.sub(" ", text.strip().lower())


def check_entries(entries: Mapping[str, str], most: int | Callable[[str], int]) -> None:
    """Every entry explains something, in at most ``most`` characters (a number, or one per term)."""
    for term, text in entries.items():
        limit = most(term) if callable(most) else most
        require(bool(text.strip()), f"glossary.toml ({term})", "no explanation")
        require(len(text) <= limit, f"glossary.toml ({term})", f"explanation over {limit} characters")


def add_aliases_and_plurals(
    index: dict[str, str], terms: Mapping[str, str], aliases: Mapping[str, str], *, inflected: bool = False
) -> dict[str, str]:
    """``index`` (spelling -> term) with the glossary file's aliases and the plurals of every spelling
    ("s" added, and with ``inflected`` the plural inflect gives too); a spelling already there wins."""
    for alias, term in aliases.items():
        require(term in terms, f"glossary.toml [alias] {alias}", f"no term '{term}'")
        index.setdefault(spelling(alias), term)
    for spelled, term in list(index.items()):
        if inflected:
            index.setdefault(spelling(plural(spelled)), term)
        index.setdefault(spelled + "s", term)
    return index

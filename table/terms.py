"""Finding a game's glossary terms in narration, for the one-line explanations of new terms.

A term counts as a whole word: not inside a longer run of letters, digits, ``_`` or ``-``; where
several terms start at the same place, the longest wins, and the text is read left to right without
overlaps (a term inside a longer one found first is not counted again).

Every reply is scanned, so this is on the path of every turn. One regular expression of a few hundred
alternatives tries each of them at every character (about 60 us for a short reply); here a term is
only tried where a word starts with exactly its first word (a few us).
"""

from __future__ import annotations

import functools
import re

from rules.core import GameSystem, registry

_WORD = re.compile(r"[\w-]+")
"""A run of the characters a term may not be glued to."""


@functools.cache
def _index(system_id: str) -> tuple[dict[str, tuple[str, ...]], re.Pattern[str] | None]:
    """First word -> the terms starting with it, longest first; and a pattern for the terms that do not
    start with a word character (none in today's glossaries, but they still count)."""
    by_first: dict[str, list[str]] = {}
    odd: list[str] = []
    for term in sorted(registry.get(system_id).glossary(), key=len, reverse=True):
        first = _WORD.match(term)
        if first is None:
            odd.append(term)
        else:
            by_first.setdefault(first.group(), []).append(term)
    pattern = None
    if odd:
        pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in odd) + r")(?![\w-])")
    return {word: tuple(terms) for word, terms in by_first.items()}, pattern


def terms_in(system: GameSystem, text: str) -> list[str]:
    """The glossary terms ``text`` uses, in the order they first appear."""
    by_first, odd = _index(system.id)
    found: list[tuple[int, int, str]] = []  # (start, end, term)
    if odd is not None:
        found += [(m.start(1), m.end(1), m.group(1)) for m in odd.finditer(text)]
    for word in _WORD.finditer(text):
        for term in by_first.get(word.group(), ()):
            start = word.start()
            end = start + len(term)
            if text.startswith(term, start) and _WORD.match(text, end) is None:  # not glued to what follows
                found.append((start, end, term))
                break
    if odd is not None:
        found.sort()
    out: dict[str, None] = {}
    reached = 0
    for start, end, term in found:
        if start >= reached:  # not inside a term already read
            out[term] = None
            reached = end
    return list(out)

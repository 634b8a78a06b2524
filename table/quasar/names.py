"""Names as Quasar Search players type them: card keys or names (any case, a unique start is enough),
zones, Boon outcomes and players. A name that fits nothing is refused with the names that would fit."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rules.core import RuleError
from rules.quasar.content import content
from rules.quasar.state import QuasarState

SPLIT = re.compile(r"[\s,;+]+")


def norm(text: object) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text or "").strip().lower()).strip("-")


def split(text: str | None) -> list[str]:
    return [w for w in SPLIT.split(text or "") if w]


def card_name(key: str) -> str:
    card = content().cards.get(key)
    return card.name if card else key


def shown(keys: Iterable[str]) -> str:
    out = [f"{card_name(k)} ({k})" for k in dict.fromkeys(keys)]
    return ", ".join(out) or "none"


def find_card(text: str, among: Sequence[str], what: str = "card") -> str:
    """The key in ``among`` that ``text`` names (key, name, or a unique start of either)."""
    wanted = norm(text)
    if not wanted:
        raise RuleError(f"Say which {what}: {shown(among)}.")
    keys = list(dict.fromkeys(among))
    for key in keys:
        if wanted in (key, norm(card_name(key))):
            return key
    starts = [k for k in keys if k.startswith(wanted) or norm(card_name(k)).startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    raise RuleError(f"There is no {what} '{str(text).strip()[:30]}' here. Choose from: {shown(keys)}.")


def find_cards(text: str, among: Sequence[str], what: str = "card") -> list[str]:
    """Several cards: names separated by spaces, commas or +; multi-word names work with dashes or
    as their words in a row (``boarding party``)."""
    words = split(text)
    out: list[str] = []
    i = 0
    while i < len(words):
        for length in range(min(4, len(words) - i), 0, -1):
            phrase = "-".join(words[i : i + length])
            try:
                out.append(find_card(phrase, among, what))
            except RuleError:
                if length == 1:
                    raise
                continue
            i += length
            break
    return out


def first_slots(keys_in_hand: Sequence[str], wanted: Sequence[str]) -> list[int] | None:
    """Hand positions (1-based) of the wanted cards, the first copies of twins; None if not all are held."""
    taken: list[int] = []
    for key in wanted:
        free = [i + 1 for i, k in enumerate(keys_in_hand) if k == key and i + 1 not in taken]
        if not free:
            return None
        taken.append(free[0])
    return sorted(taken)


def find_player(state: QuasarState, text: str) -> int:
    """A player by seat number (1-based), or name."""
    wanted = str(text or "").strip()
    if wanted.isdigit() and 1 <= int(wanted) <= len(state.seats):
        return int(wanted) - 1
    for seat, name in enumerate(state.seats):
        if wanted.lower() == name.lower():
            return seat
    names = ", ".join(f"{i + 1} {n}" for i, n in enumerate(state.seats))
    raise RuleError(f"There is no player '{wanted[:30]}'. Players: {names}.")


def find_players(state: QuasarState, text: str) -> list[int]:
    parts = [p for p in re.split(r"[,;]+", text or "") if p.strip()]
    if len(parts) == 1 and " " in parts[0].strip():
        words = parts[0].split()
        if all(w.isdigit() for w in words) or all(w.lower() in [n.lower() for n in state.seats] for w in words):
            parts = words
    return [find_player(state, p) for p in parts]

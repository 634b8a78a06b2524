"""Rank, Rank Value, Rankbreakers and the Team Leader.

A player's Rank Value is their highest Rank Card in their Personal Zone (0 before any is placed).
Rank compares Rank Values and breaks ties with the Rankbreaker of the player's faction, so Rank
never ties; "Rank Value" alone may.
"""

from __future__ import annotations

from .content import content
from .held import MEMO, RANKS, STATE
from .state import QuasarState, owned_key
from .zones import cards_in


def rank_value(state: QuasarState, seat: int) -> int:
    defs = content().cards
    cards = state.cards
    best: int | None = None
    for cid in cards_in(state, owned_key("personal", seat)):
        card = cards[cid]
        if not card.down:
            found = defs[card.key]
            if found.kind == "rank" and (best is None or found.rank > best):
                best = found.rank
    return 0 if best is None else best


def rankbreaker(state: QuasarState, seat: int) -> int:
    return content().factions[state.factions[seat]].rankbreaker


def rank_key(state: QuasarState, seat: int) -> tuple[int, int]:
    return rank_value(state, seat), rankbreaker(state, seat)


def rank_order(state: QuasarState) -> list[int]:
    """Every player, highest Rank first (the Team Leader first); found once per position while the engine
    holds it (:mod:`.held`)."""
    slot = MEMO.slot
    if slot[STATE] is not state:
        return sorted(range(len(state.seats)), key=lambda s: rank_key(state, s), reverse=True)
    found = slot[RANKS]
    if found is None:
        found = slot[RANKS] = tuple(sorted(range(len(state.seats)), key=lambda s: rank_key(state, s), reverse=True))
    return list(found)


def outranks(state: QuasarState, a: int, b: int) -> bool:
    return rank_key(state, a) > rank_key(state, b)


def team_leader(state: QuasarState) -> int:
    return rank_order(state)[0]


def lowest_ranked(state: QuasarState) -> int:
    return rank_order(state)[-1]

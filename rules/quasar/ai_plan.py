"""How a scripted player plans a Confrontation from its own view.

Nobody sees the others' commits, so every scripted player follows the same convention: it assumes
each other player brings a card of the "share" value the Target suggests (a fair part of a Reach,
4 for Stand Together, an even 4 for All even...), then picks the commit of its own that would meet
the Target with the least spent (low cards kept for caps, high cards kept for later), using
Overcommit cards only when they turn a miss into a hit. Pure functions of a view.
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import LIS, TargetPart, content
from .options import blind_cards, commit_options, required_cards
from .rank import rank_order
from .state import QuasarState
from .targets import amount
from .values import Value, all_distinct, all_equal, average, highest, is_even, is_odd, total
from .zones import hand

TOGETHER_VALUE = 4
"""The value every scripted player aims for on Stand Together (shifts fix the rest)."""

BLIND_GUESS = 3
"""What a lone player expects from the unseen top card of their Deck."""


@dataclass(frozen=True)
class Plan:
    slots: list[int]
    passes: bool
    spent: float


def printed(state: QuasarState, cid: str) -> Value:
    """A hand card's value as the scripted player counts it (Adrenaline while Morale is low)."""
    card = content().cards[state.cards[cid].key]
    if card.key == LIS or card.value is None:
        return None
    bonus = card.keyword_n("adrenaline") if state.morale <= state.morale_start // 2 else 0
    return card.value + bonus


def share(state: QuasarState, parts: tuple[TargetPart, ...], leader: bool = False) -> int:
    """The value the convention expects from a player: an even part of a total (the Team Leader
    brings what is left over), at least an Average or Floor, 4 to Stand Together."""
    players = max(len(state.seats), 2)
    kinds = {p.kind: amount(state, p) for p in parts}
    value: int | None = None
    for kind in ("reach", "precise"):
        if kind in kinds:
            part = kinds[kind] // players
            value = kinds[kind] - (players - 1) * part if leader else part
    for kind in ("average", "floor"):
        if kind in kinds:
            value = max(value or 0, kinds[kind])
    if "cap" in kinds:
        part = kinds["cap"] // players
        value = min(value if value is not None else 99, kinds["cap"] - (players - 1) * part if leader else part)
    if "together" in kinds or value is None:
        value = TOGETHER_VALUE
    if "even" in kinds and value % 2:
        value += 1
    if "odd" in kinds and not value % 2:
        value += 1
    return max(0, value)


def passes(state: QuasarState, parts: tuple[TargetPart, ...], values: list[Value], mine: list[Value]) -> bool:
    """Would the Target pass with these values (``mine`` are this player's own)?"""
    for part in parts:
        n = amount(state, part)
        kind = part.kind
        if kind == "reach" and total(values) < n:
            return False
        if kind == "precise" and total(values) != n:
            return False
        if kind == "cap" and total(values) > n:
            return False
        if kind == "average" and (not values or average(values) < n):
            return False
        if kind == "peak":
            top = highest(mine)
            if not top or (mine[top[0]] or 0) < n:
                return False
        if kind == "floor" and not all(v is not None and v >= n for v in values):
            return False
        if kind == "together" and not all_equal(values):
            return False
        if kind == "even" and not all(is_even(v) for v in values):
            return False
        if kind == "odd" and not all(is_odd(v) for v in values):
            return False
        if kind == "distinct" and not all_distinct(values):
            return False
    return True


def spread(state: QuasarState, parts: tuple[TargetPart, ...], position: int) -> int:
    """All different: the value the player at this Rank position aims for, two apart from the next."""
    players = max(len(state.seats), 2)
    centre = share(state, parts)
    return max(0, centre + (players - 1) - 2 * position)


def plan_commit(state: QuasarState, seat: int) -> Plan | None:
    """The commit this player should make now (None: nothing sensible, stall)."""
    if not state.challenge:
        return None
    parts = content().cards[state.cards[state.challenge].key].target
    ids = hand(state, seat)
    order = rank_order(state)
    leader = order[0]
    distinct = any(p.kind == "distinct" for p in parts) and len(state.seats) > 1
    if distinct:
        assumed = spread(state, parts, order.index(seat))
        theirs: list[Value] = [spread(state, parts, i) for i, s in enumerate(order) if s != seat]
    else:
        assumed = share(state, parts, leader=seat == leader)
        theirs = [share(state, parts, leader=s == leader) for s in order if s != seat]
    theirs += [min(BLIND_GUESS, share(state, parts))] * blind_cards(state)
    has_peak = any(p.kind == "peak" for p in parts) and bool(theirs)
    options = [*commit_options(state, seat), []]
    worth = [printed(state, cid) for cid in ids]  # each hand card counted once, not once per option
    need = required_cards(state)
    best: tuple[bool, float] | None = None  # the best (passes, -spent) so far, and its option
    chosen: list[int] = []
    for option in options:
        mine = [worth[i - 1] for i in option] or [None] * need
        values = mine + theirs
        ok = _peak_ok(state, parts, values, mine) if has_peak else passes(state, parts, values, mine)
        extra = len(option) - need
        spent = _spent(state, parts, mine, assumed) + (3 if extra > 0 else 0) + (8 if not option else 0)
        if best is None or (ok, -spent) > best:
            best, chosen = (ok, -spent), option
    assert best is not None  # the options always end with the stall
    return Plan(chosen, best[0], -best[1])


def _peak_ok(state: QuasarState, parts: tuple[TargetPart, ...], values: list[Value], mine: list[Value]) -> bool:
    """With others: the peak part is met if I bring it, or (hoping) if I cannot; the rest as usual."""
    rest = tuple(p for p in parts if p.kind != "peak")
    if not passes(state, rest, values, mine):
        return False
    peak = next(p for p in parts if p.kind == "peak")
    return any(v is not None and v >= amount(state, peak) for v in mine)


def _spent(state: QuasarState, parts: tuple[TargetPart, ...], mine: list[Value], aim: int) -> float:
    """How much an option costs: the distance from the aim where exactness matters, else the value used
    (high cards are kept for later)."""
    kinds = {p.kind for p in parts}
    real = [v for v in mine if v is not None]
    if not real:
        return 6.0
    if kinds & {"precise", "together", "distinct"}:
        return float(sum(abs(v - aim) for v in real))
    return float(sum(real))

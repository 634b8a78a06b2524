"""Suggestions for every option, computed from the engine's ``legal()`` for the asking seat.

Each is ``suggest(table, ctx, typed, given)`` -> ``[(label, value)]``; ``given`` holds the options typed
so far (the hero, the destination...). Nothing here refuses: no game or no seat suggests nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.core import Action, RuleError
from rules.grimdark.content import cell_name, content
from rules.grimdark.dice import POLICIES
from rules.grimdark.state import GrimState
from rules.grimdark.units import enemies, find, heroes, name, stats
from rules.grimdark.words import label

from ..commands import Ctx, Table
from ..spec import Pairs
from .names import find_hero, norm
from .seat import quietly, state

Given = Mapping[str, str | None]
MAX_CHOICES = 25
MAX_VALUE = 100


def fit(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """Filter by what is typed (label or value), drop duplicates, keep Discord's limits."""
    wanted = (typed or "").strip().lower()
    out: Pairs = []
    seen: set[str] = set()
    for text, value in pairs:
        if not value or len(value) > MAX_VALUE or value in seen:
            continue
        if wanted and wanted not in text.lower() and wanted not in value.lower():
            continue
        seen.add(value)
        out.append((text[:MAX_VALUE], value))
        if len(out) >= MAX_CHOICES:
            break
    return out


def _hero_of(st: GrimState, given: Given, seat: int | None) -> str | None:
    try:
        return find_hero(st, given.get("hero"), seat)
    except RuleError:
        return None


def _mine(legal: list[Action], kind: str, st: GrimState, given: Given, seat: int | None) -> list[Action]:
    hero = _hero_of(st, given, seat)
    return [a for a in legal if a["type"] == kind and (hero is None or a.get("hero") == hero)]


def _unit_label(st: GrimState, uid: str) -> str:
    unit = find(st, uid)
    if unit is None:
        return uid
    if unit.side == "hero":
        s = stats(st, unit)
        return f"{name(unit)}: {unit.models[0].wounds}/{s.tou} wounds, power {unit.power}"
    alive = unit.alive()
    return f"{uid} {content().units[unit.kind].name} ({len(alive)} models at {cell_name(alive[0].cell)})"


def hero_option() -> object:
    async def complete(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
        sc, legal = await quietly(table, ctx)
        if sc is None:
            return []
        st = state(sc)
        acting = list(dict.fromkeys(a["hero"] for a in legal if a.get("hero")))
        others = [h.id for h in heroes(st) if h.seat == sc.seat and h.id not in acting]
        return fit(((_unit_label(st, h), h) for h in acting + others), typed)

    return complete


def field_option(kind: str, field: str, *, where: dict[str, str] | None = None) -> object:
    """Values of ``field`` in the legal ``kind`` commands of the chosen hero (matching the other options
    given, ``where`` = {option: field})."""

    async def complete(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
        sc, legal = await quietly(table, ctx)
        if sc is None:
            return []
        st = state(sc)
        actions = _mine(legal, kind, st, given, sc.seat)
        for option, other in (where or {}).items():
            value = given.get(option)
            if value:
                actions = [a for a in actions if str(a.get(other, "")).lower() == value.strip().lower()]
        pairs = []
        for action in actions:
            value = action.get(field)
            if value is None or value is True:
                continue
            pairs.append((f"{value}: {label(st, action)}", str(value)))
        typed_cell = typed.strip().upper()
        extra = [(f"{typed_cell} (typed)", typed_cell)] if typed_cell and field in ("to",) else []
        return fit([*pairs, *extra], typed)

    return complete


async def complete_enemy(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    return fit(((_unit_label(st, u.id), u.id) for u in enemies(st)), typed)


async def complete_place(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    """Units, heroes, tokens and objectives (for line of sight and range previews), or a typed cell."""
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    pairs = [(_unit_label(st, h.id), h.id) for h in heroes(st) if h.placed]
    pairs += [(_unit_label(st, u.id), u.id) for u in enemies(st)]
    pairs += [(f"{t.id} search token at {cell_name((t.x, t.y))}", t.id) for t in st.tokens if not t.taken]
    pairs += [(f"{o.id} objective at {cell_name((o.x, o.y))}", o.id) for o in st.objectives]
    if typed.strip():
        pairs.insert(0, (f"{typed.strip().upper()} (a cell)", typed.strip().upper()))
    return fit(pairs, typed)


async def complete_order_key(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    return fit(((f"{k}: {text} (default {d})", k) for k, (d, _, text) in POLICIES.items()), typed)


async def complete_order_value(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    key = norm(given.get("key"))
    choices = POLICIES[key][1] if key in POLICIES else ()
    return fit(((c, c) for c in choices), typed)


async def complete_advance_kind(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    advances = content().advances
    return fit(((f"{a.name} ({a.cost} XP)", k) for k, a in advances.items()), typed)


async def complete_carried(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    hero = _hero_of(st, given, sc.seat)
    unit = find(st, hero) if hero else None
    items = unit.items if unit is not None else []
    return fit(((content().items[i].name, i) for i in items), typed)


async def complete_hero_any(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    return fit(((_unit_label(st, h.id), h.id) for h in heroes(st)), typed)

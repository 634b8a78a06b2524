"""Questions about units: their stats (advances and gear included), rules, weapons, names, places."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .content import Weapon, content, rule_value
from .grid import Grid, grid_for, touching
from .memo import once
from .state import Cell, GrimState, HeroSheet, Unit


@dataclass(frozen=True)
class Stats:
    qua: int
    defense: int
    tou: int
    str: int
    dex: int
    wil: int
    power: int
    """Most power the hero holds (0 for enemies)."""


def grid_of(state: GrimState) -> Grid:
    return grid_for(state.mission.layout, state.half)


def sheet(state: GrimState, key: str) -> HeroSheet:
    return next(s for s in state.party if s.key == key)


def stats(state: GrimState, unit: Unit) -> Stats:
    c = content()
    if unit.side == "ai":
        p = c.units[unit.kind]
        return Stats(p.qua, p.defense, p.tou, p.qua, p.qua, p.qua, 0)
    h = c.heroes[unit.kind]
    advances = sheet(state, unit.id).advances
    better = {k: advances.count(k) for k in ("qua", "str", "dex", "wil")}
    defense = h.defense - sum(int(c.items[i].amount) for i in unit.items if c.items[i].effect == "defense")
    return Stats(
        qua=max(2, h.qua - better["qua"]),
        defense=max(2, defense),
        tou=h.tou + advances.count("tou"),
        str=max(2, h.str - better["str"]),
        dex=max(2, h.dex - better["dex"]),
        wil=max(2, h.wil - better["wil"]),
        power=h.power + advances.count("power"),
    )


def rules_of(unit: Unit) -> tuple[str, ...]:
    c = content()
    return c.units[unit.kind].rules if unit.side == "ai" else c.heroes[unit.kind].rules


def rule(unit: Unit, name: str) -> int:
    """The value of a model rule (caster:2 -> 2; fast -> 1; absent -> 0)."""
    return rule_value(rules_of(unit), name)


def weapons(unit: Unit) -> list[Weapon]:
    return once(("weapons", id(unit)), lambda: _weapons(unit))


def _weapons(unit: Unit) -> list[Weapon]:
    c = content()
    if unit.side == "ai":
        return [c.weapons[w] for w in c.units[unit.kind].weapons]
    kit = [c.weapons[w] for w in c.heroes[unit.kind].weapons]
    kit += [c.weapons[c.items[i].weapon] for i in unit.items if c.items[i].kind == "weapon"]
    return kit


def range_bonus(unit: Unit) -> int:
    c = content()
    return sum(int(c.items[i].amount) for i in unit.items if c.items[i].effect == "range")


def skills_of(state: GrimState, unit: Unit) -> list[str]:
    """Every skill the hero may use: the common ones, its own and the ones it learnt."""
    c = content()
    common = [k for k, s in c.skills.items() if s.common]
    return common + list(c.heroes[unit.kind].skills) + sheet(state, unit.id).skills


def find(state: GrimState, uid: str) -> Unit | None:
    for unit in state.units:
        if unit.id == uid:
            return unit
    return None


def heroes(state: GrimState) -> list[Unit]:
    return [u for u in state.units if u.side == "hero"]


def standing(state: GrimState) -> list[Unit]:
    """Heroes on the table and conscious: the only ones the AI sees."""
    return [u for u in state.units if u.side == "hero" and u.placed and not u.down]


def enemies(state: GrimState) -> list[Unit]:
    """Enemy units on the table with at least one model left."""
    return once(("enemies", id(state)), lambda: [u for u in state.units if u.side == "ai" and u.placed and not u.gone])


def on_table(state: GrimState) -> list[Unit]:
    return [u for u in state.units if u.placed and not u.gone]


def name(unit: Unit) -> str:
    c = content()
    if unit.side == "hero":
        return c.heroes[unit.kind].name
    return f"{c.units[unit.kind].name} {unit.id}"


def occupied(state: GrimState, skip: str = "") -> dict[Cell, str]:
    """Cell -> unit id of every model on the table (but those of unit ``skip``); downed heroes included."""
    return once(("occupied", id(state), skip), lambda: _occupied(state, skip))


def _occupied(state: GrimState, skip: str) -> dict[Cell, str]:
    out: dict[Cell, str] = {}
    for unit in state.units:
        if unit.placed and unit.id != skip:
            for m in unit.models:
                if not m.dead:
                    out[m.cell] = unit.id
    return out


def crowded(state: GrimState, cell: Cell, skip: str = "") -> bool:
    """Whether ``cell`` holds a model of another unit than ``skip``, or touches one (taken or within
    1"): the cell and its eight neighbours looked up among the models (a deployment asks it for each
    offered cell; the set of every crowded cell cost more to make than the questions asked of it)."""
    return near_any(occupied(state, skip), cell)


def near_any(taken: dict[Cell, str], cell: Cell) -> bool:
    """Whether ``cell`` is one of ``taken`` or touches one."""
    x, y = cell
    for dx, dy in _AROUND:  # noqa: SIM110 (a plain loop: no generator made for every cell asked)
        if (x + dx, y + dy) in taken:
            return True
    return False


_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def unit_distance(a: Unit, b: Unit) -> float:
    theirs = [(n.x, n.y) for n in b.models if not n.dead]
    return min(math.hypot(m.x - x, m.y - y) for m in a.models if not m.dead for x, y in theirs)


def cells_of(unit: Unit) -> list[Cell]:
    return [m.cell for m in unit.alive()]


def in_contact(a: Unit, b: Unit) -> bool:
    return any(touching(m.cell, n.cell) for m in a.alive() for n in b.alive())


def starting_size(unit: Unit) -> int:
    return len(unit.models)


def wounds_left(state: GrimState, unit: Unit) -> int:
    tou = stats(state, unit).tou
    return sum(tou - m.wounds for m in unit.alive())

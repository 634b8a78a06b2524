"""Putting enemy units on the table: the starting force, waves, Ambush arrivals and search-token ambushes."""

from __future__ import annotations

from rules.core import Turn

from .content import cell_name, content
from .grid import dist, touching
from .state import Cell, GrimState, Mark, Model, Unit
from .units import grid_of, name, occupied, rule


def new_unit(state: GrimState, kind: str, *, placed: bool = True) -> Unit:
    """A fresh enemy unit of profile ``kind`` with its tag (S1, S2...); models placed later."""
    profile = content().units[kind]
    number = state.next_ids.get(profile.tag, 0) + 1
    state.next_ids[profile.tag] = number
    suffix = str(number) if number <= 9 else chr(ord("A") + number - 10)  # two characters fit a token
    unit = Unit(
        id=f"{profile.tag}{suffix}",
        kind=kind,
        side="ai",
        models=[Model(x=-1, y=-1) for _ in range(profile.models)],
        placed=placed,
    )
    state.units.append(unit)
    return unit


def free_spots(state: GrimState, unit: Unit, centre: Cell, radius: float) -> list[Cell]:
    """Cells within ``radius`` of ``centre`` where a model of ``unit`` may be set up, nearest first
    (ground before rooftops; never on or within 1" of another unit)."""
    grid = grid_of(state)
    others = occupied(state, skip=unit.id)
    close = {(x + dx, y + dy) for (x, y) in others for dx in (-1, 0, 1) for dy in (-1, 0, 1)}  # on or touching
    r = int(radius) + 1
    spots = []
    for y in range(centre[1] - r, centre[1] + r + 1):
        for x in range(centre[0] - r, centre[0] + r + 1):
            cell = (x, y)
            if not grid.inside(cell) or dist(cell, centre) > radius + 1e-9 or cell in close:
                continue
            spots.append((grid.h(cell) > 0, dist(cell, centre), y, x))
    return [(x, y) for _, _, y, x in sorted(spots)]


def set_up(state: GrimState, unit: Unit, centre: Cell, radius: float) -> bool:
    """Place every model of ``unit`` as a tight group near ``centre`` (widening the search if crowded)."""
    for wider in (radius, radius + 4, radius + 10, 60.0):
        spots = free_spots(state, unit, centre, wider)
        chosen: list[Cell] = []
        for cell in spots:
            if len(chosen) == len(unit.models):
                break
            if chosen and not any(touching(cell, c) for c in chosen):
                continue
            chosen.append(cell)
        if len(chosen) < len(unit.models):
            # fill the rest next to the group
            for cell in spots:
                if len(chosen) == len(unit.models):
                    break
                if cell not in chosen and any(touching(cell, c) for c in chosen):
                    chosen.append(cell)
        if len(chosen) == len(unit.models):
            for model, cell in zip(unit.models, chosen, strict=True):
                model.x, model.y = cell
            unit.placed = True
            return True
    return False


def arrive(state: GrimState, turn: Turn, unit: Unit, centre: Cell, radius: float, why: str) -> bool:
    """An enemy unit appears near ``centre`` (narrated, marked on the picture)."""
    if not set_up(state, unit, centre, radius):
        turn.say(f"{name(unit)} finds no room to arrive and stays away.")
        state.units.remove(unit)
        return False
    if rule(unit, "caster"):
        unit.tokens = 0
    state.marks.append(Mark(kind="arrive", unit=unit.id, cells=[m.cell for m in unit.models], by="ai"))
    where = cell_name(unit.models[0].cell)
    turn.say(f"{name(unit)} arrives {why} at {where}.", kind="warn")
    return True

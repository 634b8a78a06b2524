"""Where a hero can go this activation, for the picture of ``/grimdark range``: the cells an Advance
and a Rush reach (without jumps), and the cells where a Charge can end in contact with each enemy unit
within charge reach."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import contact_cells
from .grid import near
from .moves import allowance, hero_reach
from .state import Cell, GrimState, Unit
from .units import enemies, grid_of, rule, weapons


@dataclass
class Areas:
    """Cells by how the hero gets there (a Rush cell is one an Advance does not reach)."""

    advance: set[Cell] = field(default_factory=set)
    rush: set[Cell] = field(default_factory=set)
    charge: set[Cell] = field(default_factory=set)
    advance_inches: float = 0.0
    rush_inches: float = 0.0

    def overlay(self) -> dict[Cell, str]:
        out = {c: "rush" for c in self.rush}
        out.update({c: "advance" for c in self.advance})
        out.update({c: "charge" for c in self.charge})
        return out


def move_areas(state: GrimState, hero: Unit) -> Areas:
    """The hero's Advance, Rush and Charge areas from where it stands (empty if it is not on the table)."""
    areas = Areas()
    if not hero.placed or hero.down:
        return areas
    here = hero.models[0].cell
    if rule(hero, "immobile"):
        return areas
    areas.advance_inches = allowance(state, hero, "advance")
    areas.rush_inches = allowance(state, hero, "rush")
    areas.advance = set(hero_reach(state, hero, areas.advance_inches).cells()) - {here}
    areas.rush = set(hero_reach(state, hero, areas.rush_inches).cells()) - areas.advance - {here}
    if any(w.melee for w in weapons(hero)):
        grid = grid_of(state)
        size = grid.size
        inches = allowance(state, hero, "charge")
        for foe in enemies(state):
            if not any(near(here, m.cell, inches) for m in foe.alive()):
                continue
            found = hero_reach(state, hero, inches, target=foe)
            areas.charge |= {(i % size, i // size) for i in contact_cells(state, foe) if i in found.best}
    return areas

"""Which part of the table the battlefield picture shows, and how big a cell is drawn.

The frame is a square of cells. When every hero, enemy, objective and search token in play fits in
:data:`MAX_SPAN` cells (with a cell of room around them) the frame holds them all, no smaller than
:data:`MIN_SPAN`; otherwise it holds every hero it can, then as many of the others as fit, centred on the
heroes. The cell size follows from the span, so the picture is always :data:`WIDTH` wide and every label
keeps its size; what stays outside is named under the picture and shown on the whole-table map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.grimdark.grid import grid_for
from rules.grimdark.state import Cell, GrimState

WIDTH = 1000
LEFT = 58
TOP = 40
RIGHT = 12
FIELD = WIDTH - LEFT - RIGHT
MIN_SPAN = 14
MAX_SPAN = 20
"""At most 20 cells across: two-letter column names (AA, AB...) then stay apart at 500 px."""
MAX_SINGLE = 24
"""Up to 24 cells while every shown column has a one-letter name (A-Z): the whole half table fits."""
WINDOW = MAX_SINGLE


@dataclass(frozen=True)
class Frame:
    x0: int
    y0: int
    span: int
    cell: int

    def shown(self, c: Cell) -> bool:
        return self.x0 <= c[0] < self.x0 + self.span and self.y0 <= c[1] < self.y0 + self.span

    def centre(self, c: Cell) -> tuple[float, float]:
        return (LEFT + (c[0] - self.x0 + 0.5) * self.cell, TOP + (c[1] - self.y0 + 0.5) * self.cell)

    @property
    def origin(self) -> tuple[int, int]:
        return (self.x0, self.y0)

    @property
    def side(self) -> int:
        return self.span * self.cell


def centre(c: Cell, frame: Frame) -> tuple[float, float]:
    return frame.centre(c)


def in_play(state: GrimState, reach: Mapping[Cell, str] | None = None) -> tuple[list[Cell], list[tuple[Cell, int]]]:
    """(the heroes' cells, the other cells worth showing with a weight)."""
    heroes = [u.models[0].cell for u in state.units if u.side == "hero" and u.placed]
    others: list[tuple[Cell, int]] = []
    for unit in state.units:
        if unit.side != "hero" and unit.placed and not unit.gone:
            others += [(m.cell, 3) for m in unit.alive()]
    others += [((o.x, o.y), 3) for o in state.objectives]
    others += [((t.x, t.y), 1) for t in state.tokens if not t.taken]
    for mark in state.marks:
        others += [(c, 2) for c in mark.cells]
    if reach:
        others += [(c, 1) for c in reach]
    return heroes, others


def _limit(x0: int, span: int, size: int) -> int:
    return max(0, min(x0, size - span))


def frame_for(state: GrimState, reach: Mapping[Cell, str] | None = None) -> Frame:
    size = grid_for(state.mission.layout, state.half).size
    if size <= MAX_SINGLE:  # the half table: all of it
        return Frame(0, 0, size, FIELD // size)
    heroes, others = in_play(state, reach)
    if state.phase == "deploy":
        d = state.mission.deploy
        others += [((d.x0, d.y0), 1), ((d.x1, d.y1), 1)]
    every = heroes + [c for c, _ in others]
    if not every:
        every = [(0, 0), (size - 1, size - 1)]
    xs, ys = [c[0] for c in every], [c[1] for c in every]
    need = max(max(xs) - min(xs), max(ys) - min(ys)) + 3  # a cell of room on each side
    span = min(size, max(MIN_SPAN, need))
    x0 = _limit((min(xs) + max(xs) + 1) // 2 - span // 2, span, size)
    y0 = _limit((min(ys) + max(ys) + 1) // 2 - span // 2, span, size)
    if span <= MAX_SPAN or (span <= MAX_SINGLE and x0 + span <= 26):
        return Frame(x0, y0, span, FIELD // span)
    span = min(size, MAX_SPAN)
    x0, y0 = _best(size, span, heroes, others)
    if x0 + MAX_SINGLE <= 26 and size >= MAX_SINGLE:  # one-letter columns only: room for more
        span = MAX_SINGLE
        x0, y0 = _best(size, span, heroes, others)
        if x0 + span > 26:
            span = MAX_SPAN
            x0, y0 = _best(size, span, heroes, others)
    return Frame(x0, y0, span, FIELD // span)


def _best(size: int, span: int, heroes: list[Cell], others: Iterable[tuple[Cell, int]]) -> tuple[int, int]:
    """The top-left corner holding the most heroes, then the most weight of other things, closest to the
    heroes' middle."""
    others = list(others)
    cx = sum(c[0] for c in heroes) / len(heroes) if heroes else size / 2
    cy = sum(c[1] for c in heroes) / len(heroes) if heroes else size / 2
    best, best_score = (0, 0), -1e18
    for y0 in range(0, size - span + 1, 2):
        for x0 in range(0, size - span + 1, 2):

            def inside(c: Cell, x0: int = x0, y0: int = y0) -> bool:
                return x0 <= c[0] < x0 + span and y0 <= c[1] < y0 + span

            mine = sum(inside(c) for c in heroes)
            # a hero at the very edge counts less than one with room around it
            edge = sum(1 for c in heroes if inside(c) and not (x0 < c[0] < x0 + span - 1 and y0 < c[1] < y0 + span - 1))
            weight = sum(w for c, w in others if inside(c))
            centred = abs(x0 + span / 2 - cx) + abs(y0 + span / 2 - cy)
            score = mine * 100_000 - edge * 1_000 + weight * 100 - centred
            if score > best_score:
                best, best_score = (x0, y0), score
    return best


def window(state: GrimState, reach: Mapping[Cell, str] | None = None) -> Frame:
    """The shown part of the table (kept under this name for the table layer and the tests)."""
    return frame_for(state, reach)

"""Routes across the battlefield: what a model can reach with a given move, and by which path.

Costs are counted in half inches (an orthogonal step is 2, a diagonal one 3): climbing up costs its
height (our rule, the sheet leaves it open), a drop of up to 3" is free, a deeper one is climbed
down at its height (heroes may jump it instead), a 1" gap between two raised places is stepped
across. A move that passes through difficult terrain goes at most 6" in all (Strider and Flying
ignore it). Flying models ignore terrain and pass over other models. Models never move through
other units or within 1" of them (a charge may come into contact with its target).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from functools import cache, lru_cache

from .grid import NEIGHBOURS, Grid, grid_for
from .state import Cell

HALF = 2
"""Cost units per inch."""


@dataclass(frozen=True)
class Edge:
    to: int
    cost: int
    tests: int = 0
    """Dex tests of a jump (0: ordinary movement)."""
    base: int = -1
    """Where a failed jump lands (the foot of the drop)."""


@cache
def walk_edges(layout: str, half: bool) -> tuple[tuple[Edge, ...], ...]:
    """Steps (with climbing and dropping) and free 1" gap crossings from every cell."""
    grid = grid_for(layout, half)
    s = grid.scale
    free_drop = 3 * s
    out = []
    for y in range(grid.size):
        for x in range(grid.size):
            here = grid.h((x, y))
            edges = []
            for dx, dy in NEIGHBOURS:
                nx, ny = x + dx, y + dy
                if not grid.inside((nx, ny)):
                    continue
                step = 2 if dx == 0 or dy == 0 else 3
                there = grid.h((nx, ny))
                edges.append(Edge(ny * grid.size + nx, step + _vertical(here, there, free_drop)))
                # a 1" gap between two raised places: stepped over without going down
                gx, gy = x + 2 * dx, y + 2 * dy
                if s >= 1 and grid.inside((gx, gy)):
                    gap = grid.h((nx, ny))
                    far = grid.h((gx, gy))
                    if gap < here and gap < far and here - gap >= 2:
                        edges.append(Edge(gy * grid.size + gx, 2 * step + _vertical(here, far, free_drop)))
            out.append(tuple(edges))
    return tuple(out)


def _vertical(here: int, there: int, free_drop: float) -> int:
    if there > here:
        return HALF * (there - here)
    drop = here - there
    return 0 if drop <= free_drop else HALF * drop


@cache
def jump_edges(layout: str, half: bool) -> tuple[tuple[Edge, ...], ...]:
    """Jumps a hero may try from every cell: across a gap or down a drop of up to 6" (X+1 Dex tests,
    X the full 3" in the longer of gap and drop); they cost no movement."""
    grid = grid_for(layout, half)
    s = grid.scale
    out = []
    for y in range(grid.size):
        for x in range(grid.size):
            here = grid.h((x, y))
            edges = []
            if here > 0:
                for dx, dy in NEIGHBOURS:
                    for k in range(1, 8):
                        bx, by = x + k * dx, y + k * dy
                        if not grid.inside((bx, by)):
                            break
                        middle = [grid.h((x + i * dx, y + i * dy)) for i in range(1, k)]
                        if middle and max(middle) > here - 2 * s:
                            break  # no longer a gap: something stands in the way
                        there = grid.h((bx, by))
                        gap = math.hypot(k * dx, k * dy) - 1 if k > 1 else 0.0
                        drop = here - there
                        if gap > 6 * s + 1e-9:
                            break
                        if drop < 0 or drop > 6 * s:
                            continue
                        if gap <= 1 * s + 1e-9 and drop <= 3 * s:
                            continue  # ordinary movement
                        if k > 1 and there < here - 2 * s and there <= max(middle):
                            continue  # landing in the gap itself is a fall, not a jump
                        tests = int(max(gap, drop) // (3 * s)) + 1
                        base = (y + dy) * grid.size + (x + dx) if k > 1 else by * grid.size + bx
                        edges.append(Edge(by * grid.size + bx, 0, tests, base))
            out.append(tuple(edges))
    return tuple(out)


@cache
def fly_edges(size: int) -> tuple[tuple[Edge, ...], ...]:
    out = []
    for y in range(size):
        for x in range(size):
            edges = []
            for dx, dy in NEIGHBOURS:
                nx, ny = x + dx, y + dy
                if 0 <= nx < size and 0 <= ny < size:
                    edges.append(Edge(ny * size + nx, 2 if dx == 0 or dy == 0 else 3))
            out.append(tuple(edges))
    return tuple(out)


@dataclass(frozen=True)
class Mover:
    """How one model moves this time."""

    budget: int
    """In half inches."""
    flying: bool = False
    strider: bool = False
    jumps: bool = False
    blocked: frozenset[int] = frozenset()
    """Cells holding models of other units."""
    near: frozenset[int] = frozenset()
    """Cells touching models of other units (never entered, unless allowed)."""
    own: frozenset[int] = frozenset()
    """Cells of the unit's other models: passed through, never ended on."""
    allowed: frozenset[int] = frozenset()
    """Cells touching the charge target: they may be entered and ended on."""


@dataclass
class Reach:
    """Everything one model can reach, with the cheapest (fewest jumps first) way to each cell."""

    grid: Grid
    start: int
    best: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    """cell -> (jumps, cost, node) for cells it may end on."""
    parent: dict[int, tuple[int, Edge | None]] = field(default_factory=dict)

    def cells(self) -> list[Cell]:
        size = self.grid.size
        return [(i % size, i // size) for i in self.best]

    def cost(self, cell: Cell) -> int | None:
        found = self.best.get(self.grid.at(cell))
        return None if found is None else found[1]

    def path(self, cell: Cell) -> list[tuple[Cell, Edge | None]]:
        """(cell, edge taken into it) from the start (edge None) to ``cell``."""
        size = self.grid.size
        node = self.best[self.grid.at(cell)][2]
        steps: list[tuple[Cell, Edge | None]] = []
        while True:
            prev, edge = self.parent[node]
            i = node // 2
            steps.append(((i % size, i // size), edge))
            if prev < 0:
                break
            node = prev
        steps.reverse()
        return steps


def reach(grid: Grid, start: Cell, mover: Mover) -> Reach:
    """Everything reachable from ``start`` (remembered: the same question is asked many times per command;
    the answer must be treated as read-only)."""
    return _reach(grid.layout, grid.half, start, mover)


@lru_cache(maxsize=512)
def _reach(layout: str, half: bool, start: Cell, mover: Mover) -> Reach:
    """Dijkstra over (cell, has-touched-difficult-ground) within the mover's budget."""
    grid = grid_for(layout, half)
    size = grid.size
    walk = fly_edges(size) if mover.flying else walk_edges(grid.layout, grid.half)
    jumps = jump_edges(grid.layout, grid.half) if mover.jumps and not mover.flying else None
    ignore_difficult = mover.flying or mover.strider
    cap = min(mover.budget, int(6 * grid.scale * HALF))
    s0 = start[1] * size + start[0]
    flag0 = 0 if ignore_difficult or not grid.difficult[s0] else 1
    node0 = s0 * 2 + flag0
    result = Reach(grid=grid, start=s0)
    result.parent[node0] = (-1, None)
    dist: dict[int, tuple[int, int]] = {node0: (0, 0)}
    heap = [(0, 0, node0)]
    blocked, near, own, allowed = mover.blocked, mover.near, mover.own, mover.allowed
    difficult = grid.difficult
    while heap:
        j, c, node = heapq.heappop(heap)
        if dist.get(node) != (j, c):
            continue
        i = node // 2
        flag = node & 1
        if i not in own and (i == s0 or ((i not in blocked) and (i not in near or i in allowed))):
            known = result.best.get(i)
            if known is None or (j, c) < known[:2]:
                result.best[i] = (j, c, node)
        limit = cap if flag else mover.budget
        for edge_set in (walk[i], jumps[i] if jumps else ()):
            for edge in edge_set:
                n = edge.to
                if not mover.flying and (n in blocked or (n in near and n not in allowed)):
                    continue
                nc = c + edge.cost
                nflag = flag or (0 if ignore_difficult else int(difficult[n]))
                if nc > (cap if nflag else limit) or nc > mover.budget:
                    continue
                nj = j + (1 if edge.tests else 0)
                nn = n * 2 + nflag
                old = dist.get(nn)
                if old is None or (nj, nc) < old:
                    dist[nn] = (nj, nc)
                    result.parent[nn] = (node, edge)
                    heapq.heappush(heap, (nj, nc, nn))
    return result

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
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache

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
    """Everything one model can reach, with the cheapest (fewest jumps first) way to each cell.

    Read-only once made: reaches are shared between the questions asked about one position.
    """

    grid: Grid
    start: int
    best: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    """cell -> (jumps, cost, node) for cells it may end on."""
    parent: dict[int, tuple[int, Edge | None]] = field(default_factory=dict)
    budget: int = 0
    """The budget it was worked out for (in half inches)."""
    goal: int = -1
    """A search for a goal stopped at this cell (then ``best`` holds only what it met so far)."""
    _cuts: dict[int, Reach] = field(default_factory=dict, repr=False)
    _rim: list[tuple[int, int]] | None = field(default=None, repr=False)

    def cells(self) -> list[Cell]:
        size = self.grid.size
        return [(i % size, i // size) for i in self.best]

    def cost(self, cell: Cell) -> int | None:
        found = self.best.get(self.grid.at(cell))
        return None if found is None else found[1]

    def path(self, cell: Cell) -> list[tuple[Cell, Edge | None]]:
        """(cell, jump taken into it, or None) from the start to ``cell``."""
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

    def within(self, budget: int) -> Reach:
        """The same search cut down to a smaller budget (only for searches without jumps: there the
        cheapest route to a cell never depends on the budget, so the cells within the smaller budget
        and their routes are exactly what a search with that budget finds)."""
        if budget >= self.budget:
            return self
        cut = self._cuts.get(budget)
        if cut is None:
            best = {i: v for i, v in self.best.items() if v[1] <= budget}
            cut = self._cuts[budget] = Reach(
                grid=self.grid, start=self.start, best=best, parent=self.parent, budget=budget
            )
        return cut

    def nearest(self, point: Cell) -> Cell:
        """The reachable cell closest to ``point`` (ties: the lower row, then the lower column).

        Only a cell on the rim of the reachable area can be closest to a point outside it: from any
        other cell, the step towards the point is reachable and closer.
        """
        px, py = point
        size = self.grid.size
        if 0 <= px < size and 0 <= py < size and py * size + px in self.best:
            return point
        if self._rim is None:
            best = self.best
            rim = []
            for i in best:
                x, y = i % size, i // size
                if (
                    x == 0
                    or y == 0
                    or x == size - 1
                    or y == size - 1
                    or i - 1 not in best
                    or i + 1 not in best
                    or i - size not in best
                    or i + size not in best
                    or i - size - 1 not in best
                    or i - size + 1 not in best
                    or i + size - 1 not in best
                    or i + size + 1 not in best
                ):
                    rim.append((y * size + x, x, y))
            rim.sort()
            self._rim = [(x, y) for _, x, y in rim]
        found = None
        low = 1 << 60
        for x, y in self._rim:  # in row order, so the first of equals is the one to keep
            d = (x - px) * (x - px) + (y - py) * (y - py)
            if d < low:
                low = d
                found = (x, y)
        assert found is not None
        return found


FLOODS = 96
"""Searches kept (by position and mover): the same ones are asked for by legal() and then by apply()."""

_FLOODS: OrderedDict[tuple, Reach] = OrderedDict()
_GOALS: OrderedDict[tuple, Reach] = OrderedDict()


def _key(grid: Grid, start: Cell, mover: Mover) -> tuple:
    budget = mover.budget if mover.jumps else -1  # without jumps, one search serves every smaller budget
    return (
        grid.layout,
        grid.half,
        start,
        budget,
        mover.flying,
        mover.strider,
        mover.jumps,
        mover.blocked,
        mover.near,
        mover.own,
        mover.allowed,
    )


def _keep(cache: OrderedDict[tuple, Reach], key: tuple, value: Reach) -> None:
    cache[key] = value
    if len(cache) > FLOODS:
        cache.popitem(last=False)


def reach(grid: Grid, start: Cell, mover: Mover) -> Reach:
    """Everything reachable from ``start`` (remembered: the same question is asked many times per command;
    the answer must be treated as read-only)."""
    key = _key(grid, start, mover)
    found = _FLOODS.get(key)
    if found is not None and found.budget >= mover.budget:
        return found.within(mover.budget)
    found = _flood(grid, start, mover)
    _keep(_FLOODS, key, found)
    return found


def reach_goal(grid: Grid, start: Cell, mover: Mover, goals: frozenset[int]) -> tuple[Reach, int]:
    """The cheapest cell of ``goals`` the model may end its move on (ties: the lower row, then the lower
    column), or -1, with the search that found it (its routes lead there). Movers without jumps only.

    The search stops at the first goal it settles: Dijkstra settles cells cheapest first and, among equal
    costs, in cell order, so that goal is the one a whole search would pick.
    """
    assert not mover.jumps
    key = _key(grid, start, mover)
    found = _FLOODS.get(key)
    if found is not None and found.budget >= mover.budget:
        whole = found.within(mover.budget)
        hits = [(v[1], i) for i, v in whole.best.items() if i in goals]
        return whole, (min(hits)[1] if hits else -1)
    gkey = (key, mover.budget, goals)
    found = _GOALS.get(gkey)
    if found is None:
        found = _flood(grid, start, mover, goals)
        if found.goal < 0:
            _keep(_FLOODS, key, found)  # it searched everything
        _keep(_GOALS, gkey, found)
    return found, found.goal


@cache
def _plain(layout: str, half: bool, flying: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The ordinary edges as bare (to, cost) pairs (the search's inner loop reads them)."""
    grid = grid_for(layout, half)
    edges = fly_edges(grid.size) if flying else walk_edges(layout, half)
    return tuple(tuple((e.to, e.cost) for e in row) for row in edges)


JUMP = 4096
"""A jump weighs more than any walk in the search's priority: routes with fewer jumps come first."""


def _flood(grid: Grid, start: Cell, mover: Mover, goals: frozenset[int] | None = None) -> Reach:
    """Dijkstra over (cell, has-touched-difficult-ground) within the mover's budget; with ``goals``, it
    stops when it settles a goal cell the model may end on.

    Heap entries are single numbers, priority * NODES + node; a jump adds :data:`JUMP` to the priority.
    """
    layout, half = grid.layout, grid.half
    size = grid.size
    walk = _plain(layout, half, mover.flying)
    jumps = jump_edges(layout, half) if mover.jumps and not mover.flying else None
    ignore_difficult = mover.flying or mover.strider
    budget = mover.budget
    cap = min(budget, int(6 * grid.scale * HALF))
    s0 = start[1] * size + start[0]
    flag0 = 0 if ignore_difficult or not grid.difficult[s0] else 1
    node0 = s0 * 2 + flag0
    result = Reach(grid=grid, start=s0, budget=budget)
    parent = result.parent
    best = result.best
    parent[node0] = (-1, None)
    nodes = 2 * size * size
    inf = 1 << 60
    seen = [inf] * nodes
    seen[node0] = 0
    heap = [node0]
    bad = mover.blocked | (mover.near - mover.allowed)
    unending = bad | mover.own
    enter_bad = mover.flying
    difficult = (0,) * (size * size) if ignore_difficult else grid.difficult
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        entry = pop(heap)
        p, node = divmod(entry, nodes)
        if seen[node] != p:
            continue
        i = node >> 1
        flag = node & 1
        if i == s0 or i not in unending:
            known = best.get(i)
            if known is None or p < known[0] * JUMP + known[1]:
                best[i] = (p // JUMP, p % JUMP, node)
                if goals is not None and i in goals:
                    result.goal = i
                    return result
        c = p % JUMP
        limit = cap if flag else budget
        for n, cost in walk[i]:
            if not enter_bad and n in bad:
                continue
            nc = c + cost
            nflag = flag or difficult[n]
            if nc > (cap if nflag else limit):
                continue
            nn = 2 * n + nflag
            np = p + cost
            if np < seen[nn]:
                seen[nn] = np
                parent[nn] = (node, None)
                push(heap, np * nodes + nn)
        if jumps is not None:
            for edge in jumps[i]:
                n = edge.to
                if n in bad:
                    continue
                nflag = flag or difficult[n]
                if c > (cap if nflag else limit):
                    continue
                nn = 2 * n + nflag
                np = p + JUMP
                if np < seen[nn]:
                    seen[nn] = np
                    parent[nn] = (node, edge)
                    push(heap, np * nodes + nn)
    return result


def step_cost(grid: Grid, a: Cell, b: Cell, *, flying: bool = False) -> int:
    """What moving from ``a`` to the next cell ``b`` of a route costs (0 for a jump)."""
    edges = _plain(grid.layout, grid.half, flying)[grid.at(a)]
    target = grid.at(b)
    return next((cost for n, cost in edges if n == target), 0)

"""Routes across the battlefield: what a model can reach with a given move, and by which path.

Costs are counted in half inches (an orthogonal step is 2, a diagonal one 3): climbing up costs its
height (our rule, the sheet leaves it open), a drop of up to 3" is free, a 1" gap between two raised
places is stepped across. A hero must jump a deeper drop ("Special movement: Jumping"); with the table
option ``drops=climb``, and always for enemy units (the book gives them no jumping), a deeper drop is
climbed down at its height instead. A hero that asks to jump
takes a route with at least one jump (a gap or a drop of up to 6"; "Special movement: Jumping"), and
the jumped distance costs no movement. A move that passes through difficult terrain goes at most 6"
in all (Strider and Flying ignore it). Flying models ignore terrain and pass over other models.
Models never move through other units or within 1" of them (a charge may come into contact with its target).
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache, cached_property

from .content import content
from .grid import NEIGHBOURS, Grid, grid_for
from .rim import Runs, closest_in_runs, runs_of
from .rough import interleaved
from .rough import search as rough_search
from .state import Cell

HALF = 2
"""Cost units per inch."""


@dataclass(frozen=True, slots=True)
class Edge:
    to: int
    cost: int
    tests: int = 0
    """Dex tests of a jump (0: ordinary movement)."""
    base: int = -1
    """Where a failed jump lands (the foot of the drop)."""


_PAIRS: dict[tuple[int, int], tuple[int, int]] = {}
"""Every (cell, cost) pair of the step tables, made once: the tables of every layout, table size and
climbing rule share them (a few thousand pairs instead of about 20 000 per table)."""


def _pair(cell: int, cost: int) -> tuple[int, int]:
    pair = (cell, cost)
    return _PAIRS.setdefault(pair, pair)


@cache
def walk_edges(layout: str, half: bool, climb: bool = True) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Steps (with climbing and dropping) and free 1" gap crossings from every cell, as (to, cost) pairs;
    without ``climb``, no step goes down a drop deeper than 3" (it must be jumped)."""
    grid = grid_for(layout, half)
    size = grid.size
    height = grid.height
    free_drop = 3 * grid.scale
    gaps = grid.scale >= 1
    out = []
    for y in range(size):
        for x in range(size):
            here = height[y * size + x]
            edges = []
            for dx, dy in NEIGHBOURS:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < size and 0 <= ny < size):
                    continue
                step = 2 if dx == 0 or dy == 0 else 3
                there = height[ny * size + nx]
                if climb or here - there <= free_drop:
                    edges.append(_pair(ny * size + nx, step + _vertical(here, there, free_drop)))
                # a 1" gap between two raised places: stepped over without going down
                gx, gy = x + 2 * dx, y + 2 * dy
                if gaps and 0 <= gx < size and 0 <= gy < size:
                    far = height[gy * size + gx]
                    if there < here and there < far and here - there >= 2 and (climb or here - far <= free_drop):
                        edges.append(_pair(gy * size + gx, 2 * step + _vertical(here, far, free_drop)))
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
def fly_edges(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Steps to every neighbouring cell, as (to, cost) pairs (flying ignores terrain)."""
    out = []
    for y in range(size):
        for x in range(size):
            edges = []
            for dx, dy in NEIGHBOURS:
                nx, ny = x + dx, y + dy
                if 0 <= nx < size and 0 <= ny < size:
                    edges.append(_pair(ny * size + nx, 2 if dx == 0 or dy == 0 else 3))
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
    climb: bool = True
    """Drops deeper than 3" may be climbed down (enemies; heroes only with ``drops=climb``)."""
    blocked: frozenset[int] = frozenset()
    """Cells holding models of other units."""
    near: frozenset[int] = frozenset()
    """Cells touching models of other units (never entered, unless allowed)."""
    own: frozenset[int] = frozenset()
    """Cells of the unit's other models: passed through, never ended on."""
    allowed: frozenset[int] = frozenset()
    """Cells touching the charge target: they may be entered and ended on."""

    @cached_property
    def closed(self) -> frozenset[int]:
        """The cells never entered (asked once per mover, by every model's search)."""
        return self.blocked | (self.near - self.allowed)

    @cached_property
    def unending(self) -> frozenset[int]:
        """The cells a move never ends on."""
        return self.closed | self.own


@dataclass
class Reach:
    """Everything one model can reach, with the cheapest (fewest jumps first) way to each cell.

    Read-only once made: reaches are shared between the questions asked about one position.
    """

    grid: Grid
    start: int
    best: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    """cell -> (jumps, cost, node) for cells it may end on."""
    parent: dict[int, int] = field(default_factory=dict)
    """node -> the node it is reached from (-1 at the start)."""
    via: dict[int, Edge] = field(default_factory=dict)
    """node -> the jump it is reached by (absent for ordinary steps)."""
    budget: int = 0
    """The budget it was worked out for (in half inches)."""
    stride: int = 2
    """Search nodes per cell (a node is ``cell * stride + extra``; bit 0 of it: difficult ground touched)."""
    goal: int = -1
    """A search for a goal stopped at this cell (then ``best`` holds only what it met so far)."""
    seen: list[int] | None = None
    """For the searches without jumps: the cost of every node the search settled (parents are then
    worked out when a path is asked for, see :meth:`_parent`; ``parent`` stays empty)."""
    into: tuple[tuple[tuple[int, int], ...], ...] | None = None
    """The steps into every cell, as (from, cost) pairs (with ``seen``)."""
    flags: tuple[bool, ...] | None = None
    """The difficult cells, for a search over (cell, difficult ground touched) nodes (with ``seen``)."""
    _cuts: dict[int, Reach] = field(default_factory=dict, repr=False)
    _rim: Runs | None = field(default=None, repr=False)
    _near: dict[Cell, Cell] = field(default_factory=dict, repr=False)

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
        parent, via = self.parent, self.via
        lazy = self.seen is not None
        while True:
            prev = self._parent(node) if lazy else parent[node]
            i = node // self.stride
            steps.append(((i % size, i // size), via.get(node)))
            if prev < 0:
                break
            node = prev
        steps.reverse()
        return steps

    def _parent(self, node: int) -> int:
        """The node ``node`` was first reached from with its final cost (-1 at the start): the search
        settles nodes cost by cost and, within a cost, in node order, and takes a step only when it is
        cheaper than what it knew, so that is the cheapest-settled, then lowest, node one step away
        whose cost plus the step's is ``node``'s cost."""
        seen = self.seen
        assert seen is not None and self.into is not None
        if node == self.stride * self.start + (1 if self.flags is not None and self.flags[self.start] else 0):
            return -1
        c = seen[node] if self.flags is not None else seen[node >> 1]
        found = -1
        key = (c, 0)
        flags = self.flags
        i = node >> 1
        if flags is None:  # a plain search: ``seen`` is by cell
            for u, w in self.into[i]:
                du = seen[u]
                if du >= 0 and du + w == c and (found < 0 or (du, u) < key):
                    found, key = 2 * u, (du, u)
            return found
        # a node with the flag set is reached from flagged nodes, and from unflagged ones when its cell is
        # difficult; an unflagged node only from unflagged ones, its cell not difficult
        flag = node & 1
        sources = (1, 0) if flag and flags[i] else (1,) if flag else (0,)
        for u, w in self.into[i]:
            for f in sources:
                pn = 2 * u + f
                du = seen[pn]
                if du >= 0 and du + w == c and (found < 0 or (du, pn) < key):
                    found, key = pn, (du, pn)
        return found

    def within(self, budget: int) -> Reach:
        """The same search cut down to a smaller budget (only for searches without jumps: there the
        cheapest route to a cell never depends on the budget, so the cells within the smaller budget
        and their routes are exactly what a search with that budget finds)."""
        if budget >= self.budget:
            return self
        cut = self._cuts.get(budget)
        if cut is None:
            best = {i: v for i, v in self.best.items() if v[1] <= budget}
            cut = Reach(
                grid=self.grid,
                start=self.start,
                best=best,
                parent=self.parent,
                via=self.via,
                budget=budget,
                seen=self.seen,
                into=self.into,
                flags=self.flags,
            )
            self._cuts[budget] = cut
        return cut

    def nearest(self, point: Cell) -> Cell:
        """The reachable cell closest to ``point`` (ties: the lower row, then the lower column).

        Only a cell on the rim of the reachable area can be closest to a point outside it: from any
        other cell, the step towards the point is reachable and closer. So the closest reachable cell,
        with its ties, is the closest rim cell: it is found row by row, nearest rows first, among the
        runs of reachable cells of each row (:mod:`.rim`), until no row left can come as close.
        """
        found = self._near.get(point)
        if found is not None:
            return found
        px, py = point
        size = self.grid.size
        if 0 <= px < size and 0 <= py < size and py * size + px in self.best:
            found = point
        else:
            if self._rim is None:
                self._rim = runs_of(self.best, size)
            found = closest_in_runs(self._rim, px, py)
        self._near[point] = found
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
        mover.climb,
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


def known(grid: Grid, start: Cell, mover: Mover) -> Reach | None:
    """The whole search :func:`reach` would give, if it is remembered (else None: nothing is worked out)."""
    found = _FLOODS.get(_key(grid, start, mover))
    return found.within(mover.budget) if found is not None and found.budget >= mover.budget else None


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


def contact_bounds(plain: Reach, mover: Mover, goals: frozenset[int]) -> bool | None:
    """What ``plain`` (the same model's search with the same budget, but kept 1" away from every unit)
    says about a charge (``mover``, whose ``allowed`` cells touch the target) reaching a cell of
    ``goals``: True surely, False surely not, None when only the charge's own search can tell.

    A charge route differs from a plain one only from its first allowed cell on, and it enters that
    cell from a cell the plain search settles; so no allowed cell within the budget from the plain
    search means no route, and a goal cell entered so means a route. Not for flying models (their
    searches pass over cells they may not end on)."""
    grid = plain.grid
    into = _into(grid.layout, grid.half, mover.climb)
    best = plain.best
    budget = mover.budget
    cap = min(budget, int(6 * grid.scale * HALF))
    difficult = grid.difficult
    maybe = False
    for a in mover.allowed:
        for u, w in into[a]:
            found = best.get(u)
            if found is None:
                continue
            c = found[1] + w
            if c > budget:
                continue
            maybe = True
            if a in goals:
                rough = not mover.strider and (found[2] & 1 or difficult[a])
                if c <= (cap if rough else budget):
                    return True
    return None if maybe else False


def contact_steps(grid: Grid, mover: Mover) -> dict[int, list[tuple[int, int]]]:
    """The cells :func:`contact_bounds` looks up in the plain search (those a step leads from into an
    allowed cell), each with its steps into allowed cells as (allowed cell, cost)."""
    into = _into(grid.layout, grid.half, mover.climb)
    out: dict[int, list[tuple[int, int]]] = {}
    for a in mover.allowed:
        for u, w in into[a]:
            out.setdefault(u, []).append((a, w))
    return out


def contact_fits(grid: Grid, mover: Mover, found: tuple[int, int, int], steps: list[tuple[int, int]]) -> bool:
    """Whether one of ``steps`` (into allowed cells, from a cell the plain search settled as ``found``)
    fits the charge: what makes :func:`contact_bounds` say True when every allowed cell is a goal."""
    budget = mover.budget
    cap = min(budget, int(6 * grid.scale * HALF))
    for a, w in steps:
        c = found[1] + w
        if c <= budget:
            rough = not mover.strider and (found[2] & 1 or grid.difficult[a])
            if c <= (cap if rough else budget):
                return True
    return False


@cache
def _into(layout: str, half: bool, climb: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The ordinary (walking) edges reversed: for every cell, (from, cost) of the steps into it."""
    grid = grid_for(layout, half)
    rows: list[list[tuple[int, int]]] = [[] for _ in range(grid.size * grid.size)]
    for i, edges in enumerate(_plain(layout, half, False, climb)):
        for n, cost in edges:
            rows[n].append(_pair(i, cost))
    return tuple(tuple(row) for row in rows)


def _plain(layout: str, half: bool, flying: bool, climb: bool = True) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The ordinary edges as bare (to, cost) pairs (the search's inner loop reads them)."""
    return fly_edges(grid_for(layout, half).size) if flying else walk_edges(layout, half, climb)


def _reverse(layout: str, half: bool, flying: bool, climb: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The steps into every cell, as (from, cost) pairs."""
    return fly_edges(grid_for(layout, half).size) if flying else _into(layout, half, climb)


def build_tables() -> None:
    """Every layout's step tables, on both table sizes and under both climbing rules (about 0.25 s and
    2 MB): built at start-up rather than by the first enemy phase on each layout (10-20 ms each)."""
    for layout in content().layouts:
        for half in (False, True):
            for climb in (True, False):
                walk_edges(layout, half, climb)
                _into(layout, half, climb)
            jump_edges(layout, half)
            _rough_sums(layout, half)
            fly_edges(grid_for(layout, half).size)


JUMPS = 4
"""Jumps counted apart in a jumping search: 0, 1, 2 and "3 or more"."""


def _flood(grid: Grid, start: Cell, mover: Mover, goals: frozenset[int] | None = None) -> Reach:
    """The search: the plain one when no jump and no difficult ground can come into it, else the full one."""
    if mover.jumps and not mover.flying:
        return _jumping(grid, start, mover)
    if mover.flying or mover.strider or not _rough(grid, start, mover.budget):
        return _flat(grid, start, mover, goals)
    if goals is None:
        return _whole(grid, start, mover)
    return _flat(grid, start, mover, goals, grid.difficult) or _walk(grid, start, mover, goals)


def _whole(grid: Grid, start: Cell, mover: Mover) -> Reach:
    """What ``_flat`` with the difficult cells, else ``_walk``, finds without goals, in one search
    (:mod:`.rough`): no plain search thrown away at the first step onto difficult ground."""
    size = grid.size
    layout, half, climb = grid.layout, grid.half, mover.climb
    s0 = start[1] * size + start[0]
    cap = min(mover.budget, int(6 * grid.scale * HALF))
    walk = _plain(layout, half, False, climb)
    best, plain, rough = rough_search(walk, grid.difficult, s0, mover.budget, cap, mover.closed, mover.unending)
    found = Reach(grid=grid, start=s0, budget=mover.budget, best=best, into=_into(layout, half, climb))
    if rough is None:
        found.seen = plain  # as _flat keeps it: by cell
    else:
        found.seen, found.flags = interleaved(plain, rough), grid.difficult
    return found


@cache
def _rough_sums(layout: str, half: bool) -> tuple[int, ...]:
    """Prefix sums of difficult cells: entry (y * (size + 1) + x) counts those above and left of (x, y)."""
    grid = grid_for(layout, half)
    size = grid.size
    sums = [0] * ((size + 1) * (size + 1))
    w = size + 1
    for y in range(size):
        row = 0
        for x in range(size):
            row += grid.difficult[y * size + x]
            sums[(y + 1) * w + x + 1] = sums[y * w + x + 1] + row
    return tuple(sums)


def _rough(grid: Grid, start: Cell, budget: int) -> bool:
    """Whether difficult ground lies within the square a move of ``budget`` could cover (a step costs 2 or more)."""
    size = grid.size
    r = budget // 2
    x0, y0 = max(0, start[0] - r), max(0, start[1] - r)
    x1, y1 = min(size, start[0] + r + 1), min(size, start[1] + r + 1)
    sums = _rough_sums(grid.layout, grid.half)
    w = size + 1
    return sums[y1 * w + x1] - sums[y0 * w + x1] - sums[y1 * w + x0] + sums[y0 * w + x0] > 0


def _flat(
    grid: Grid, start: Cell, mover: Mover, goals: frozenset[int] | None, rough: tuple[bool, ...] | None = None
) -> Reach | None:
    """Dijkstra over cells alone (no jump, no difficult ground to remember), settling the cells cost by
    cost and, within a cost, in cell order (so its routes do not depend on how the search is kept).

    With ``rough`` (the difficult cells), it gives up (None) as soon as a step into difficult ground
    fits the budget: only then could the difficult-ground cap change anything. The routes are worked
    out when asked for (:meth:`Reach._parent`)."""
    size = grid.size
    layout, half, flying, climb = grid.layout, grid.half, mover.flying, mover.climb
    walk = _plain(layout, half, flying, climb)
    budget = mover.budget
    s0 = start[1] * size + start[0]
    if rough is not None and rough[s0]:
        return None
    over = budget + 1
    seen = [over] * (size * size)  # a cost beyond the budget: only cheaper steps are taken
    result = Reach(grid=grid, start=s0, budget=budget, seen=seen, into=_reverse(layout, half, flying, climb))
    best = result.best
    if not flying:
        for n in mover.closed:
            seen[n] = -1  # never entered
    seen[s0] = 0
    unending = mover.unending
    buckets: list[list[int]] = [[] for _ in range(over)]
    buckets[0].append(s0)
    for p in range(over):
        bucket = buckets[p]
        if not bucket:
            continue
        if len(bucket) > 1:
            bucket.sort()
        rim = p + 2 > budget  # no step (2 or more) fits any more: these cells are only settled
        for i in bucket:
            if seen[i] != p:
                continue  # settled cheaper already
            if i == s0 or i not in unending:
                best[i] = (0, p, 2 * i)
                if goals is not None and i in goals:
                    result.goal = i
                    return result
            if rim:
                continue
            if rough is None:
                for n, cost in walk[i]:
                    np = p + cost
                    if np < seen[n]:
                        seen[n] = np
                        buckets[np].append(n)
            else:
                for n, cost in walk[i]:
                    np = p + cost
                    if np < seen[n]:
                        if rough[n]:
                            return None
                        seen[n] = np
                        buckets[np].append(n)
    return result


def _walk(grid: Grid, start: Cell, mover: Mover, goals: frozenset[int] | None) -> Reach:
    """Dijkstra over (cell, has-touched-difficult-ground) without jumps, settling nodes in :func:`_flat`'s order,
    with its queue kept as one list of nodes per cost."""
    size = grid.size
    layout, half, climb = grid.layout, grid.half, mover.climb
    walk = _plain(layout, half, False, climb)
    budget = mover.budget
    cap = min(budget, int(6 * grid.scale * HALF))
    s0 = start[1] * size + start[0]
    difficult = grid.difficult
    node0 = s0 * 2 + (1 if difficult[s0] else 0)
    # costs beyond what a node allows (the budget, or the cap once difficult ground is touched): only
    # cheaper steps are taken
    seen = [budget + 1, cap + 1] * (size * size)
    result = Reach(grid=grid, start=s0, budget=budget, seen=seen, into=_into(layout, half, climb), flags=difficult)
    best = result.best
    for n in mover.closed:
        seen[2 * n] = seen[2 * n + 1] = -1  # never entered
    seen[node0] = 0
    unending = mover.unending
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(node0)
    for p in range(budget + 1):
        bucket = buckets[p]
        if not bucket:
            continue
        if len(bucket) > 1:
            bucket.sort()
        rim = p + 2 > budget  # no step (2 or more) fits any more: these nodes are only settled
        for node in bucket:
            if seen[node] != p:
                continue  # settled cheaper already
            i = node >> 1
            if (i == s0 or i not in unending) and i not in best:
                best[i] = (0, p, node)
                if goals is not None and i in goals:
                    result.goal = i
                    return result
            if rim:
                continue
            if node & 1:
                for n, cost in walk[i]:
                    np = p + cost
                    nn = 2 * n + 1
                    if np < seen[nn]:
                        seen[nn] = np
                        buckets[np].append(nn)
            else:
                for n, cost in walk[i]:
                    np = p + cost
                    nn = 2 * n + difficult[n]
                    if np < seen[nn]:
                        seen[nn] = np
                        buckets[np].append(nn)
    return result


def _jumping(grid: Grid, start: Cell, mover: Mover) -> Reach:
    """Dijkstra over (cell, jumps so far, has-touched-difficult-ground) within the mover's budget, for a
    hero that asked to jump: it may end only where a route with at least one jump leads (the fewest
    jumps, then the least movement), since a jump costs no movement, a route that jumps a deep drop
    goes on where climbing down it would have used up the move.

    Node ``(cell * JUMPS + jumps) * 2 + difficult``; heap entries are single numbers, cost * NODES + node.
    """
    layout, half = grid.layout, grid.half
    size = grid.size
    walk = _plain(layout, half, False, mover.climb)
    jumps = jump_edges(layout, half)
    ignore_difficult = mover.strider
    budget = mover.budget
    cap = min(budget, int(6 * grid.scale * HALF))
    s0 = start[1] * size + start[0]
    stride = 2 * JUMPS
    flag0 = 0 if ignore_difficult or not grid.difficult[s0] else 1
    node0 = s0 * stride + flag0
    result = Reach(grid=grid, start=s0, budget=budget, stride=stride)
    parent = result.parent
    via = result.via
    best = result.best
    parent[node0] = -1
    best[s0] = (0, 0, node0)
    nodes = stride * size * size
    inf = 1 << 60
    seen = [inf] * nodes
    seen[node0] = 0
    heap = [node0]
    bad = mover.closed
    unending = mover.unending
    difficult = (0,) * (size * size) if ignore_difficult else grid.difficult
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        c, node = divmod(pop(heap), nodes)
        if seen[node] != c:
            continue
        i, rest = divmod(node, stride)
        k, flag = rest >> 1, rest & 1
        if k and i not in unending:
            known = best.get(i)
            if known is None or known[0] == 0 or (k, c) < known[:2]:
                best[i] = (k, c, node)
        limit = cap if flag else budget
        for n, cost in walk[i]:
            if n in bad:
                continue
            nc = c + cost
            nflag = flag or difficult[n]
            if nc > (cap if nflag else limit):
                continue
            nn = n * stride + 2 * k + nflag
            if nc < seen[nn]:
                seen[nn] = nc
                parent[nn] = node
                via.pop(nn, None)
                push(heap, nc * nodes + nn)
        nk = min(k + 1, JUMPS - 1)
        for edge in jumps[i]:
            n = edge.to
            if n in bad:
                continue
            nflag = flag or difficult[n]
            if c > (cap if nflag else limit):
                continue
            nn = n * stride + 2 * nk + nflag
            if c < seen[nn]:
                seen[nn] = c
                parent[nn] = node
                via[nn] = edge
                push(heap, c * nodes + nn)
    return result


def step_cost(grid: Grid, a: Cell, b: Cell, *, flying: bool = False) -> int:
    """What moving from ``a`` to the next cell ``b`` of a route costs (0 for a jump)."""
    edges = _plain(grid.layout, grid.half, flying)[grid.at(a)]  # a climbed step costs the same either way
    target = grid.at(b)
    return next((cost for n, cost in edges if n == target), 0)

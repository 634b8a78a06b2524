"""Searches aimed at a place: the same cells and costs as a whole search (paths.py), worked out only as
far as a group move needs them.

An enemy unit's group move ranks each model's reachable cells by a score that grows with the distance
to a few points (the hero it closes on, or its AI Goal). An A* search, its cells taken by cost plus twice
the straight distance to the nearest point (rounded down: never more than a route there can cost, so a
cell is taken with its cheapest cost), finds a model's best cell long before it has gone through every
reachable one: it stops when no cell still to be taken can score as well. The cells a later model must
weigh (beside the models already placed) are settled on demand by taking more cells.

Every cell taken has its cheapest cost, as in the whole search, and so does every cell on a cheapest
route to it (its total is no larger), so routes are worked out from the costs exactly as there
(:meth:`paths.Reach._parent`). Only searches over cells alone (no jump, no difficult ground in reach:
see :func:`paths._flat`) are aimed; the others give up (None) and the whole search is used instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from .grid import Grid
from .paths import Mover, Reach, _plain, _reverse, _rough
from .state import Cell


@dataclass(frozen=True)
class Aim:
    """A score's floor: for every cell, at least the distance to the nearest of ``points`` minus ``slack``."""

    points: tuple[Cell, ...]
    slack: float


class Aimed:
    """One model's search towards an :class:`Aim`, taken as far as asked (see the module's docstring)."""

    def __init__(self, grid: Grid, start: Cell, mover: Mover, aim: Aim, rough: tuple[bool, ...] | None) -> None:
        size = grid.size
        self.size = size
        self.walk = _plain(grid.layout, grid.half, mover.flying, mover.climb)
        self.budget = mover.budget
        self.rough = rough
        self.points = aim.points
        self.slack = aim.slack
        s0 = start[1] * size + start[0]
        over = self.budget + 1
        seen = [over] * (size * size)  # a cost beyond the budget: only cheaper steps are taken
        if not mover.flying:
            for n in mover.closed:
                seen[n] = -1  # never entered
        seen[s0] = 0
        self.seen = seen
        self.heur = heuristic(size, aim.points)
        self.unending = mover.unending
        self.s0 = s0
        self.reach = Reach(
            grid=grid,
            start=s0,
            budget=self.budget,
            seen=seen,
            into=_reverse(grid.layout, grid.half, mover.flying, mover.climb),
        )
        h0 = self.heur[s0]
        # a cell's total (cost + heuristic) lies between h0 and h0 + 2 * budget (the heuristic is
        # consistent): the list of cells of total t is at t - h0
        self.buckets: list[list[int]] = [[] for _ in range(2 * self.budget + 1)]
        self.buckets[0].append(s0)
        self.h0 = h0
        self.level = h0
        """The first total whose cells are not all taken yet."""
        self.failed = rough is not None and rough[s0]

    def run(self, stop: Callable[[int], bool], taken: Callable[[int, int], None] | None = None) -> bool:
        """Take cells total by total until ``stop(total)`` (asked before each total) or none is left;
        ``taken(cell, cost)`` hears of every cell it may end on. False if difficult ground came into reach."""
        if self.failed:
            return False
        seen, buckets, walk, rough, heur = self.seen, self.buckets, self.walk, self.rough, self.heur
        best, unending, s0 = self.reach.best, self.unending, self.s0
        h0 = self.h0
        while self.level - h0 < len(buckets):
            f = self.level
            if stop(f):
                return True
            bucket = buckets[f - h0]
            for i in bucket:  # cells added to this total while it is gone through are taken too
                p = seen[i]
                if p + heur[i] != f:
                    continue  # a stale entry: the cell was taken at a lower total
                if i == s0 or i not in unending:
                    best[i] = (0, p, 2 * i)
                    if taken is not None:
                        taken(i, p)
                for n, cost in walk[i]:
                    np = p + cost
                    if np < seen[n]:
                        if rough is not None and rough[n]:
                            self.failed = True
                            return False
                        seen[n] = np
                        buckets[np + heur[n] - h0].append(n)
            buckets[f - h0] = []
            self.level = f + 1
        return True

    def first(self, score: Callable[[int], float]) -> tuple[float, int, Cell] | None:
        """The best-ranked cell (lowest score, then cost, then cell), as :func:`moves._first` finds it over
        the whole search; None if difficult ground came into reach."""
        size, budget, slack = self.size, self.budget, self.slack
        found: list[tuple[float, int, Cell]] = []

        heur = self.heur

        def taken(i: int, cost: int) -> None:
            if found and heur[i] / 2 - slack > found[0][0] + 1e-9:
                return  # it scores worse than the best so far
            option = (score(i), cost, (i % size, i // size))
            if not found or option < found[0]:
                found[:] = [option]

        for i, v in self.reach.best.items():
            taken(i, v[1])

        def stop(total: int) -> bool:
            # a cell still to take costs at most the budget, so it lies at least (total - budget) / 2
            # from every point, and scores at least that less the slack
            return bool(found) and (total - budget) / 2 - slack > found[0][0] + 1e-9

        if not self.run(stop, taken):
            return None
        return found[0] if found else None

    def settle(self, cells: Iterable[int]) -> bool:
        """Take cells until it is known which of ``cells`` it may reach (and at what cost)."""
        best = self.reach.best
        heur = self.heur
        need = max((heur[i] for i in cells if i not in best), default=-1)
        if need < 0:
            return not self.failed
        limit = self.budget + need  # a cell of cost <= budget has a total <= limit
        return self.run(lambda total: total > limit)

    def finish(self) -> bool:
        """Take every reachable cell (``reach.best`` is then what the whole search finds)."""
        return self.run(lambda total: False)


@lru_cache(maxsize=8)
def heuristic(size: int, points: tuple[Cell, ...]) -> list[int]:
    """For every cell of a ``size`` table, twice the straight distance to the nearest of ``points``
    rounded down (exactly, in integers): never more than a route there costs (a step of 2 goes 1 cell,
    one of 3 at most 1.5 cells), and it falls by at most a step's cost along a step. Read-only."""
    out: list[int] | None = None
    for px, py in points:
        row = _offsets(size)
        mine = []
        for y in range(size):
            at = (y - py + size) * (2 * size) + size - px
            mine += row[at : at + size]
        out = mine if out is None else list(map(min, out, mine))
    assert out is not None
    return out


@cache
def _offsets(size: int) -> tuple[int, ...]:
    """Twice the length of every offset (dx, dy) on a ``size`` table, rounded down, by
    ``(dy + size) * 2 * size + dx + size``."""
    span = range(-size, size)
    return tuple(math.isqrt(4 * (dx * dx + dy * dy)) for dy in span for dx in span)


def aimed(grid: Grid, start: Cell, mover: Mover, aim: Aim) -> Aimed | None:
    """An aimed search for ``mover`` from ``start``, or None where only the whole search will do."""
    if mover.jumps and not mover.flying:
        return None
    rough = None if mover.flying or mover.strider or not _rough(grid, start, mover.budget) else grid.difficult
    return Aimed(grid, start, mover, aim, rough)

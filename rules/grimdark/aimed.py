"""Searches aimed at a place: the same cells and costs as a whole search (paths.py), worked out only as
far as a group move needs them.

An enemy unit's group move ranks each model's reachable cells by a score that grows with the distance
to a few points (the hero it closes on, or its AI Goal). An A* search, its cells taken by cost plus twice
the straight distance to the nearest point (rounded down: never more than a route there can cost, so a
cell is taken with its cheapest cost), finds a model's best cell long before it has gone through every
reachable one: it stops when no cell still to be taken can score as well. The cells a later model must
weigh (beside the models already placed) are settled on demand by taking more cells. The enemy's
checks (could it charge, or shoot after an Advance) settle only the cells they look at the same way;
an aim without points takes cells by cost alone (the cheapest spot to step back to, or to shoot from).

Every cell taken has its cheapest cost, as in the whole search, and so does every cell on a cheapest
route to it (its total is no larger), so routes are worked out from the costs exactly as there
(:meth:`paths.Reach._parent`). Jumping heroes' searches are never aimed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from .content import FULL
from .grid import Grid
from .paths import HALF, Mover, Reach, _plain, _reverse, _rough
from .state import Cell


@dataclass(frozen=True)
class Aim:
    """A score's floor: a cell at least ``near`` from every one of ``points`` scores at least its
    distance to the nearest (closer cells may score anything from 0)."""

    points: tuple[Cell, ...]
    near: float

    def beaten(self, distance: float, score: float) -> bool:
        """Whether every cell at least ``distance`` from the points scores worse than ``score``."""
        return distance >= self.near and distance > score + 1e-9


class Aimed:
    """One model's search towards an :class:`Aim`, taken as far as asked (see the module's docstring).

    Over cells alone (as :func:`paths._flat`), or, with difficult ground in reach, over (cell, difficult
    ground touched) nodes, node ``2 * cell + flag`` (as :func:`paths._walk`, whose routes are then
    capped at 6" once they touch it)."""

    def __init__(self, grid: Grid, start: Cell, mover: Mover, aim: Aim, rough: bool) -> None:
        size = grid.size
        self.size = size
        self.walk = _plain(grid.layout, grid.half, mover.flying, mover.climb)
        self.budget = budget = mover.budget
        self.aim = aim
        self.heur = heuristic(size, aim.points)
        self.unending = mover.unending
        self.s0 = s0 = start[1] * size + start[0]
        self.difficult = grid.difficult if rough else None
        seen = _costs(mover, size, rough, grid.scale)
        if rough:
            node0 = 2 * s0 + grid.difficult[s0]
            into = _reverse(grid.layout, grid.half, False, mover.climb)
        else:
            node0 = s0
            into = _reverse(grid.layout, grid.half, mover.flying, mover.climb)
        seen[node0] = 0
        self.seen = seen
        self.reach = Reach(grid=grid, start=s0, budget=budget, seen=seen, into=into, flags=self.difficult)
        h0 = self.heur[s0]
        # a node's total (cost + heuristic) lies between h0 and h0 + 2 * budget (the heuristic is consistent)
        self.buckets: dict[int, list[int]] = {h0: [node0]}
        """Nodes by total (a node may be listed again at a lower total, found by a cheaper route)."""
        self.last = h0 + 2 * budget
        self.level = h0
        """The first total whose nodes are not all taken yet."""

    def run(self, stop: Callable[[int], bool], taken: Callable[[int, int], None] | None = None) -> None:
        """Take nodes total by total until ``stop(total)`` (asked before each total) or none is left;
        ``taken(cell, cost)`` hears of every cell it may end on, with the cost it is recorded at."""
        while self.level <= self.last:
            f = self.level
            if stop(f):
                return
            bucket = self.buckets.get(f)
            if bucket is not None:
                if self.difficult is None:
                    self._cells(f, bucket, taken)
                else:
                    self._nodes(f, bucket, taken)
                del self.buckets[f]
            self.level = f + 1

    def _cells(self, f: int, bucket: list[int], taken: Callable[[int, int], None] | None) -> None:
        seen, buckets, walk, heur = self.seen, self.buckets, self.walk, self.heur
        best, unending, s0 = self.reach.best, self.unending, self.s0
        rim = self.budget - 2
        for i in bucket:  # cells added to this total while it is gone through are taken too
            p = seen[i]
            if p + heur[i] != f:
                continue  # a stale entry: the cell was taken at a lower total
            if i == s0 or i not in unending:
                best[i] = (0, p, 2 * i)
                if taken is not None:
                    taken(i, p)
            if p > rim:
                continue  # no step (2 or more) fits the budget any more
            for n, cost in walk[i]:
                np = p + cost
                if np < seen[n]:
                    seen[n] = np
                    t = np + heur[n]
                    later = buckets.get(t)
                    if later is None:
                        buckets[t] = [n]
                    else:
                        later.append(n)

    def _nodes(self, f: int, bucket: list[int], taken: Callable[[int, int], None] | None) -> None:
        seen, buckets, walk, heur, difficult = self.seen, self.buckets, self.walk, self.heur, self.difficult
        best, unending, s0 = self.reach.best, self.unending, self.s0
        assert difficult is not None
        rim = self.budget - 2
        for node in bucket:
            p = seen[node]
            i = node >> 1
            if p + heur[i] != f:
                continue
            if i == s0 or i not in unending:
                # the whole search keeps a cell's first node, by cost then node (a cell's nodes come
                # here by cost: the same heuristic)
                known = best.get(i)
                if known is None or (p == known[1] and node < known[2]):
                    best[i] = (0, p, node)
                    if taken is not None:
                        taken(i, p)
            if p > rim:
                continue  # no step (2 or more) fits the budget any more
            if node & 1:
                for n, cost in walk[i]:
                    np = p + cost
                    nn = 2 * n + 1
                    if np < seen[nn]:
                        seen[nn] = np
                        t = np + heur[n]
                        later = buckets.get(t)
                        if later is None:
                            buckets[t] = [nn]
                        else:
                            later.append(nn)
            else:
                for n, cost in walk[i]:
                    np = p + cost
                    nn = 2 * n + difficult[n]
                    if np < seen[nn]:
                        seen[nn] = np
                        t = np + heur[n]
                        later = buckets.get(t)
                        if later is None:
                            buckets[t] = [nn]
                        else:
                            later.append(nn)

    def first(self, score: Callable[[int], float]) -> tuple[float, int, Cell] | None:
        """The best-ranked cell (lowest score, then cost, then cell), as :func:`moves._first` finds it over
        the whole search (scores are never below 0)."""
        size, budget, near, heur = self.size, self.budget, self.aim.near, self.heur
        found: tuple[float, int, Cell] | None = None
        bar = math.inf  # a cell at least this far (and ``near``) scores worse than ``found``

        def taken(i: int, cost: int) -> None:
            nonlocal found, bar
            far = heur[i] / 2
            if far >= near and far > bar:
                return  # it scores worse than the best so far
            option = (score(i), cost, (i % size, i // size))
            if found is None or option < found:
                found = option
                bar = option[0] + 1e-9

        for i, v in self.reach.best.items():
            taken(i, v[1])

        by_cost = not self.aim.points

        def stop(total: int) -> bool:
            if by_cost:  # taken by cost alone: after a cell scoring 0 (no score is lower), only its cost
                return found is not None and found[0] <= 0.0 and total > found[1]
            # a cell still to take costs at most the budget, so it lies at least (total - budget) / 2
            # from every point
            far = (total - budget) / 2
            if far >= near and far > bar:
                return True
            if found is None or found[0] > 0.0:
                return False
            # after a cell scoring 0 (no score is lower) only a cell costing at most as much can still
            # rank before it, and such a cell lies at least (total - its cost) / 2 from every point
            far = (total - found[1]) / 2
            return far >= near and far > bar

        self.run(stop, taken)
        return found

    def any(self, test: Callable[[int], bool], within: float) -> bool:
        """Whether a cell it may end on passes ``test``, which only cells within ``within`` of the aim's
        points can pass (so the search stops where every cell left lies farther)."""
        if any(test(i) for i in self.reach.best):
            return True
        hit: list[int] = []

        def taken(i: int, cost: int) -> None:
            if not hit and test(i):
                hit.append(i)

        budget = self.budget
        # a node still to take costs at most the budget, so it lies at least (total - budget) / 2 away
        self.run(lambda total: bool(hit) or (total - budget) / 2 > within + 1e-9, taken)
        return bool(hit)

    def cheapest(self, avoid: set[int]) -> Cell | None:
        """The cheapest cell it may end on but those of ``avoid`` (ties: the lowest (x, y)), for a search
        aimed nowhere (no points: taken by cost alone, as the whole search)."""
        assert not self.aim.points
        size = self.size
        hits = [(v[1], (i % size, i // size)) for i, v in self.reach.best.items() if i not in avoid]

        def taken(i: int, cost: int) -> None:
            if i not in avoid:
                hits.append((cost, (i % size, i // size)))

        self.run(lambda total: bool(hits) and total > min(hits)[0], taken)
        return min(hits)[1] if hits else None

    def until(self, hit: Callable[[int, int], bool], cells: Iterable[int]) -> bool:
        """Whether ``hit(cell, cost)`` holds for a cell it may end on: nodes are taken only until one
        does, or else as far as :meth:`settle` takes them for ``cells``."""
        best = self.reach.best
        if any(hit(i, v[1]) for i, v in best.items()):
            return True
        heur = self.heur
        need = max((heur[i] for i in cells if i not in best), default=-1)
        if need < 0:
            return False
        found: list[int] = []

        def taken(i: int, cost: int) -> None:
            if not found and hit(i, cost):
                found.append(i)

        limit = self.budget + need
        self.run(lambda total: bool(found) or total > limit, taken)
        return bool(found)

    def cheapest_of(self, cells: list[int], at: tuple[Cell, ...]) -> Cell | None:
        """The cheapest of ``cells`` it may end on (ties: the lowest (x, y), ``at`` naming the cells),
        or None. Nodes are taken only until no other of them can cost as little: one costing at most
        ``c`` has a total of at most ``c`` plus its heuristic (and ``c`` is at most the budget)."""
        best, heur = self.reach.best, self.heur
        wanted = set(cells)
        top = max(heur[i] for i in cells)
        hits = [(best[i][1], at[i]) for i in cells if i in best]

        def taken(i: int, cost: int) -> None:
            if i in wanted:
                hits.append((cost, at[i]))

        budget = self.budget
        self.run(lambda total: total > (min(hits)[0] if hits else budget) + top, taken)
        return min(hits)[1] if hits else None

    def settle(self, cells: Iterable[int]) -> Reach:
        """Take nodes until it is known which of ``cells`` it may reach (and at what cost)."""
        best = self.reach.best
        heur = self.heur
        need = max((heur[i] for i in cells if i not in best), default=-1)
        if need >= 0:
            limit = self.budget + need  # a node of cost <= budget has a total <= limit
            self.run(lambda total: total > limit)
        return self.reach

    def finish(self) -> Reach:
        """Take every reachable node (``reach.best`` is then what the whole search finds)."""
        self.run(lambda total: False)
        return self.reach


def _costs(mover: Mover, size: int, rough: bool, scale: float) -> list[int]:
    """A search's costs before it starts: a cost beyond what a node allows (the budget, or the 6" cap
    once difficult ground is touched), so only cheaper steps are taken, and -1 for the cells never
    entered (making it afresh is cheaper than copying one kept per mover)."""
    budget = mover.budget
    if rough:
        seen = [budget + 1] * (2 * size * size)
        seen[1::2] = [min(budget, int(6 * scale * HALF)) + 1] * (size * size)  # twice as fast as [a, b] * n
        for n in mover.closed:
            seen[2 * n] = seen[2 * n + 1] = -1
    else:
        seen = [budget + 1] * (size * size)
        if not mover.flying:
            for n in mover.closed:
                seen[n] = -1
    return seen


@lru_cache(maxsize=8)
def heuristic(size: int, points: tuple[Cell, ...]) -> list[int]:
    """For every cell of a ``size`` table, twice the straight distance to the nearest of ``points`` (0
    without points) rounded down (exactly, in integers): never more than a route there costs (a step of 2 goes 1 cell,
    one of 3 at most 1.5 cells), and it falls by at most a step's cost along a step. Read-only."""
    out: list[int] | None = None if points else [0] * (size * size)
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


def build_tables() -> None:
    """The offsets' lengths on both table sizes (about 2 ms and 0.1 MB): built at start-up rather than
    by the first enemy phase."""
    for size in (FULL, FULL // 2):
        _offsets(size)


def aimed(grid: Grid, start: Cell, mover: Mover, aim: Aim) -> Aimed | None:
    """An aimed search for ``mover`` from ``start``, or None for a jumping hero (only the whole search)."""
    if mover.jumps and not mover.flying:
        return None
    rough = not (mover.flying or mover.strider) and _rough(grid, start, mover.budget)
    return Aimed(grid, start, mover, aim, rough)

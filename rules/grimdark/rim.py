"""The rim of a route search: the runs of reachable cells of each row, and the reachable cell closest
to a point (:meth:`~.paths.Reach.nearest`: legal() asks it for every point of interest of a hero)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from .state import Cell

Runs = tuple[list[int], dict[int, tuple[list[int], list[int]]], int, int]
"""The rows holding reachable cells (ascending); for each the starts and ends of its runs of reachable
cells (ascending, a run's start and end both reachable); the lowest start and the highest end."""


def runs_of(best: dict[int, tuple[int, int, int]], size: int) -> Runs:
    """The runs of consecutive reachable cells of every row of ``best`` (one pass over its cells in order)."""
    rows: dict[int, tuple[list[int], list[int]]] = {}
    keys = sorted(best)
    if not keys:
        return [], rows, 0, -1
    start = prev = keys[0]
    limit = (start // size + 1) * size  # the first cell of the next row
    for i in keys[1:]:
        if i == prev + 1 and i < limit:
            prev = i
            continue
        _add_run(rows, start, prev, size)
        start = prev = i
        limit = (i // size + 1) * size
    _add_run(rows, start, prev, size)
    return sorted(rows), rows, min(r[0][0] for r in rows.values()), max(r[1][-1] for r in rows.values())


def _add_run(rows: dict[int, tuple[list[int], list[int]]], start: int, end: int, size: int) -> None:
    y = start // size
    row = rows.get(y)
    if row is None:
        rows[y] = ([start - y * size], [end - y * size])
    else:
        row[0].append(start - y * size)
        row[1].append(end - y * size)


def closest_in_runs(runs: Runs, px: int, py: int) -> Cell:
    """The reachable cell closest to (px, py) by (squared distance, row, column): in each row the
    closest cell of its runs (the left one of two alike), rows taken by distance from ``py``.

    Every cell lies at least ``gx`` across from the point (``gx``: how far ``px`` is outside the
    columns of every run), so once a row's own distance squared plus ``gx`` squared is beyond the best
    met, that row and every farther one are farther than it: no tie is left to break."""
    ys, rows, x_lo, x_hi = runs
    gx = x_lo - px if px < x_lo else px - x_hi if px > x_hi else 0
    gx2 = gx * gx
    best: tuple[int, int, int] | None = None
    hi = bisect_left(ys, py)
    lo = hi - 1
    count = len(ys)
    while lo >= 0 or hi < count:
        if hi >= count or (lo >= 0 and py - ys[lo] <= ys[hi] - py):
            y = ys[lo]
            lo -= 1
        else:
            y = ys[hi]
            hi += 1
        dy2 = (y - py) * (y - py)
        if best is not None and dy2 + gx2 > best[0]:
            break  # every row left is farther still
        starts, ends = rows[y]
        j = bisect_right(starts, px) - 1
        if j < 0:
            x = starts[0]
        elif px <= ends[j]:
            x = px
        elif j + 1 < len(starts) and starts[j + 1] - px < px - ends[j]:
            x = starts[j + 1]
        else:
            x = ends[j]
        here = (dy2 + (x - px) * (x - px), y, x)
        if best is None or here < best:
            best = here
    assert best is not None
    return (best[2], best[1])

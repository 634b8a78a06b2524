"""The battlefield as a grid of 1" cells: terrain per cell, distances, line of sight and cover.

One measure serves every distance of the rules (ranges, charges, Stealth, Ambush, Push, Discover,
auras): the straight line between the two cells' centres, and "within X" means at most X, except
that two cells that touch (diagonals included) are base contact and so within 1" (or more) of each
other (:func:`near`). Movement is counted along the route instead (see paths.py). Line of sight follows a supercover
line between cell centres: a solid cell strictly between the two ends blocks it when its top is
higher than both models stand. Models never block sight. On the half table (24 x 24) every
distance of the rules is halved (see :func:`inch`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from .content import FULL, content
from .state import Cell

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Grid:
    """Static terrain of one layout on one table size; index cells with :meth:`at`."""

    layout: str
    half: bool
    size: int
    height: tuple[int, ...]
    solid: tuple[bool, ...]
    raised: tuple[bool, ...]
    cover: tuple[bool, ...]
    difficult: tuple[bool, ...]
    dangerous: tuple[bool, ...]
    piece: tuple[str, ...]
    """The piece key on each cell ("" for open ground)."""

    @property
    def scale(self) -> float:
        return 0.5 if self.half else 1.0

    def at(self, cell: Cell) -> int:
        return cell[1] * self.size + cell[0]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def h(self, cell: Cell) -> int:
        return self.height[self.at(cell)]


@cache
def grid_for(layout: str, half: bool) -> Grid:
    """The terrain of ``layout`` (on the half table: every piece at half size and half height)."""
    size = FULL // 2 if half else FULL
    n = size * size
    height = [0] * n
    flags = {name: [False] * n for name in ("solid", "raised", "cover", "difficult", "dangerous")}
    piece = [""] * n
    c = content()
    for placed in c.layouts[layout].pieces:
        kind = c.pieces[placed.piece]
        x0, y0, x1, y1 = placed.x, placed.y, placed.x + placed.w - 1, placed.y + placed.h - 1
        top = kind.height
        if half:
            x0, y0, x1, y1 = x0 // 2, y0 // 2, x1 // 2, y1 // 2
            top = (top + 1) // 2
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                i = y * size + x
                height[i] = top
                piece[i] = kind.key
                for name in flags:
                    flags[name][i] = getattr(kind, name)
    return Grid(
        layout=layout,
        half=half,
        size=size,
        height=tuple(height),
        piece=tuple(piece),
        **{name: tuple(values) for name, values in flags.items()},
    )


def inch(half: bool, inches: float) -> float:
    """A distance of the rules on this table: halved on the half table."""
    return inches / 2 if half else float(inches)


def dist(a: Cell, b: Cell) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def touching(a: Cell, b: Cell) -> bool:
    """The two cells share an edge or a corner (base contact, "within 1"")."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def near(a: Cell, b: Cell, reach: float) -> bool:
    """Whether ``b`` is within ``reach`` (on this table, already halved on the half table) of ``a``:
    the centres at most that far apart, or the cells touching (for a reach of 1" of the rules or more)."""
    if a == b or touching(a, b):
        return True
    return dist(a, b) <= reach + 1e-9


def within(half: bool, a: Cell, b: Cell, inches: float) -> bool:
    """Whether ``b`` is within ``inches`` of the rules of ``a`` (touching always counts as within 1" or more)."""
    if inches >= 1:
        return near(a, b, inch(half, inches))
    return dist(a, b) <= inch(half, inches) + 1e-9


def line(a: Cell, b: Cell) -> list[Cell]:
    """The cells a straight line between the two centres passes through, ends included.

    Passing exactly through a corner takes both cells beside it (a supercover line).
    """
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    x, y = x0, y0
    cells = [(x, y)]
    ix = iy = 0
    while ix < nx or iy < ny:
        # compare (0.5 + ix) / nx with (0.5 + iy) / ny without division
        left, right = (1 + 2 * ix) * ny, (1 + 2 * iy) * nx
        if left == right:
            cells.append((x + sx, y))
            cells.append((x, y + sy))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif left < right:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        cells.append((x, y))
    return cells


SIGHTS = 1 << 15
"""Sight lines remembered per generation: the newest ones, and those of the generation before (so the
memory stays bounded however many games and positions come by; about 3 MB when full)."""

_seen_new: dict[int, bool] = {}
_seen_old: dict[int, bool] = {}
_grid_ids: dict[tuple[str, bool], int] = {}


def _sight(grid: Grid, a: Cell, b: Cell) -> bool:
    """Whether no solid cell strictly between the ends stands higher than both (walking :func:`line`,
    stopping at the first that blocks); at once when no solid cell lies in the box the two span."""
    (x0, y0), (x1, y1) = a, b
    if not _solid_in(grid, min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)):
        return True
    eye = max(grid.h(a), grid.h(b))
    solid, height, size = grid.solid, grid.height, grid.size

    def blocks(x: int, y: int) -> bool:
        i = y * size + x
        return solid[i] and height[i] > eye

    dx, dy = x1 - x0, y1 - y0
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    x, y = x0, y0
    ix = iy = 0
    while ix < nx or iy < ny:
        left, right = (1 + 2 * ix) * ny, (1 + 2 * iy) * nx
        if left == right:
            if blocks(x + sx, y) or blocks(x, y + sy):
                return False  # neither is an end: a corner never touches the far end's cell
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif left < right:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        if (x, y) != (x1, y1) and blocks(x, y):
            return False
    return True


@cache
def _solid_sums(layout: str, half: bool) -> tuple[int, ...]:
    """Prefix sums of solid cells: entry ``y * (size + 1) + x`` counts those above and left of (x, y)."""
    grid = grid_for(layout, half)
    size, w = grid.size, grid.size + 1
    sums = [0] * (w * w)
    for y in range(size):
        row = 0
        for x in range(size):
            row += grid.solid[y * size + x]
            sums[(y + 1) * w + x + 1] = sums[y * w + x + 1] + row
    return tuple(sums)


def _solid_in(grid: Grid, x0: int, y0: int, x1: int, y1: int) -> bool:
    """Whether a solid cell lies in the box from (x0, y0) to (x1, y1), both included."""
    sums = _solid_sums(grid.layout, grid.half)
    w = grid.size + 1
    return sums[(y1 + 1) * w + x1 + 1] - sums[y0 * w + x1 + 1] - sums[(y1 + 1) * w + x0] + sums[y0 * w + x0] > 0


def sees(grid: Grid, a: Cell, b: Cell) -> bool:
    """Line of sight between two cells (symmetric; models never block it)."""
    global _seen_new, _seen_old
    if a == b:
        return True
    if b < a:
        a, b = b, a
    gid = _grid_ids.get((grid.layout, grid.half))
    if gid is None:
        gid = _grid_ids.setdefault((grid.layout, grid.half), len(_grid_ids))
    size = grid.size  # at most 48: a cell's index fits in 12 bits
    key = (gid << 24) | ((a[1] * size + a[0]) << 12) | (b[1] * size + b[0])
    found = _seen_new.get(key)
    if found is None:
        found = _seen_old.get(key)
        if found is None:
            found = _sight(grid, a, b)
        if len(_seen_new) >= SIGHTS:
            _seen_old, _seen_new = _seen_new, {}
        _seen_new[key] = found
    return found


def in_cover(grid: Grid, shooter: Cell, target: Cell, *, obstructions: bool = True) -> bool:
    """A model at ``target`` is in cover from ``shooter``: it stands in cover terrain, or (unless
    ``obstructions`` is off, as for Indirect fire) the line of fire crosses cover or a solid piece
    at least as tall as the target stands, within 2" of it."""
    if grid.cover[grid.at(target)]:
        return True
    if not obstructions:
        return False
    reach = inch(grid.half, 2)
    for cell in line(shooter, target)[1:-1]:
        if dist(cell, target) > reach + 0.5:
            continue
        i = grid.at(cell)
        if grid.cover[i] or (grid.solid[i] and grid.height[i] >= max(1, grid.h(target))):
            return True
    return False

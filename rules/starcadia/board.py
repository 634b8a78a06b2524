"""Station geometry: spaces, edges, hatches, shuttles, doors, Close and line of sight.

The station is one grid over all tiles with a one-space margin for docked shuttles.
Columns are letters (A = the margin column), rows are numbers (1 = the margin row).
A :class:`Board` is static for a scenario; door states and portal tokens live in the game state.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

from .content import CONTENT, HATCHES, PORTAL_CHARS, SLOT_CHARS

XY = tuple[int, int]
Edge = tuple[XY, XY]
DIRS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
# The shuttle's second space lies clockwise along the hull from the space facing the hatch.
_ALONG = {"N": (1, 0), "E": (0, 1), "S": (-1, 0), "W": (0, -1)}
_TOKENS = itertools.count(1)
SIGHT_KEPT = 20_000
"""How many sight lines the process remembers, all boards together (about 3 MB); a full table starts over."""
_SIGHT: dict[tuple, bool | tuple[tuple[str, ...], dict[tuple[str, ...], bool]]] = {}
"""(board token, a, b) -> the answer, or (the doors the line passes, the answer per set of those open)."""


class DoorSetting(Protocol):
    """Which doors are open, as :meth:`Board._los` asks it: ``door_open.get(door, False)``."""

    def get(self, door: str, default: bool = False, /) -> bool: ...


class _EveryDoor:
    """Every door open (or every one shut), without building a setting per line of sight."""

    def __init__(self, is_open: bool) -> None:
        self.is_open = is_open

    def get(self, door: str, default: bool = False, /) -> bool:
        return self.is_open


_ALL_OPEN, _ALL_SHUT = _EveryDoor(True), _EveryDoor(False)


def edge(a: XY, b: XY) -> Edge:
    return (a, b) if a <= b else (b, a)


@lru_cache(maxsize=1024)
def name(xy: XY) -> str:
    x, y = xy
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_space(text: object) -> XY | None:
    if text.__class__ is not str or not 2 <= len(text) <= 4:  # type: ignore[arg-type]
        return None
    return _parse_space(text)  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _parse_space(text: str) -> XY | None:
    t = text.strip().upper()
    if not t or not t[0].isalpha() or not t[1:].isdigit():
        return None
    return (ord(t[0]) - ord("A"), int(t[1:]) - 1)


@dataclass
class Board:
    width: int
    height: int
    cells: dict[XY, str] = field(default_factory=dict)  # playable or blocked spaces on the board
    tile_at: dict[XY, int] = field(default_factory=dict)  # layout index of a tile space
    open_edges: set[Edge] = field(default_factory=set)
    doors: dict[str, Edge] = field(default_factory=dict)  # door id -> edge
    door_of: dict[Edge, str] = field(default_factory=dict)
    terminals: list[XY] = field(default_factory=list)  # in layout order
    spawns: list[XY] = field(default_factory=list)  # in layout order
    spawns_by_tile: dict[int, list[XY]] = field(default_factory=dict)
    portals: dict[XY, str] = field(default_factory=dict)  # printed portals -> colour
    slots: dict[XY, str] = field(default_factory=dict)  # gadget/victory/armory slots
    shuttles: dict[str, list[XY]] = field(default_factory=dict)  # crew colour -> spaces
    shuttle_slot_spaces: list[list[XY]] = field(default_factory=list)
    _steps: dict = field(default_factory=dict, repr=False)
    token: int = field(default_factory=lambda: next(_TOKENS), repr=False, compare=False)
    """This board's number, never given to another in the process (keys of remembered route searches)."""

    def on_board(self, xy: XY) -> bool:
        return xy in self.cells

    def playable(self, xy: XY) -> bool:
        return self.cells.get(xy, "#") != "#"

    def passage(self, a: XY, b: XY, door_open: dict[str, bool]) -> bool:
        """Can a figure step (or see) straight from a to its neighbour b?"""
        e = edge(a, b)
        if e not in self.open_edges:
            return False
        door = self.door_of.get(e)
        return door is None or door_open.get(door, False)

    def neighbours(self, xy: XY, door_open: dict[str, bool]) -> list[XY]:
        x, y = xy
        out = []
        for dx, dy in DIRS.values():
            nb = (x + dx, y + dy)
            if self.playable(nb) and self.passage(xy, nb, door_open):
                out.append(nb)
        return out

    def steps_from(self, space: str) -> tuple[tuple[str, str | None], ...]:
        """The orthogonal steps out of ``space`` (by name) through open edges onto playable spaces, each as
        (the neighbour's name, the door on that edge or None), in :data:`DIRS` order; whether a door is open
        is the state's business. Computed once per board: route searches ask for every space they reach."""
        known = self._steps.get(space)
        if known is None:
            xy = parse_space(space)
            out = []
            if xy is not None:
                for dx, dy in DIRS.values():
                    nb = (xy[0] + dx, xy[1] + dy)
                    e = edge(xy, nb)
                    if self.playable(nb) and e in self.open_edges:
                        out.append((name(nb), self.door_of.get(e)))
            known = self._steps[space] = tuple(out)
        return known

    def close(self, a: XY, b: XY, door_open: dict[str, bool]) -> bool:
        if a == b:
            return True
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            return False
        return self.passage(a, b, door_open)

    def close_spaces(self, xy: XY, door_open: dict[str, bool]) -> list[XY]:
        return [xy, *self.neighbours(xy, door_open)]

    # -- line of sight --------------------------------------------------------------------
    def los(self, a: XY, b: XY, door_open: dict[str, bool]) -> bool:
        """Centre-to-centre line of sight between two spaces (remembered per board, remembered per pair
        for the doors the line passes only: opening a door elsewhere changes nothing).

        A line through the very corner of four spaces passes only if at most one of the four edges
        meeting there blocks it (one wall end is grazed; two walls, in a line or an L, stop it).
        """
        if a == b:
            return True
        if b < a:  # the line back is the same line: the same spaces, edges and corners, in reverse order
            a, b = b, a
        key = (self.token, a, b)
        known = _SIGHT.get(key)
        if known is None:
            if len(_SIGHT) >= SIGHT_KEPT:
                _SIGHT.clear()
            known = _SIGHT[key] = self._sight_entry(a, b)
        if known.__class__ is bool:
            return known  # type: ignore[return-value]
        doors, answers = known  # type: ignore[misc]
        opened = tuple(d for d in doors if door_open.get(d, False))
        hit = answers.get(opened)
        if hit is None:
            hit = answers[opened] = self._los(a, b, door_open)
        return hit

    def _sight_entry(self, a: XY, b: XY) -> bool | tuple[tuple[str, ...], dict[tuple[str, ...], bool]]:
        """What :data:`_SIGHT` keeps for a line: its answer if the doors cannot change it, else the doors it
        passes and room for its answer per set of those open.

        Opening a door only ever clears an edge (:meth:`_los` reads a door as "open: passes"), so a line
        blocked with every door open is blocked whatever the doors, and one clear with every door closed is
        clear whatever the doors."""
        if not self.door_of:
            return self._los(a, b, _ALL_SHUT)
        if not self._los(a, b, _ALL_OPEN):
            return False
        if self._los(a, b, _ALL_SHUT):
            return True
        return self._line_doors(a, b), {}

    def _line_doors(self, a: XY, b: XY) -> tuple[str, ...]:
        """The doors on every edge the sight line between ``a`` and ``b`` may look at (whatever the doors'
        states: the spaces it passes do not depend on them), so its answer depends on these doors only."""
        door_of = self.door_of
        found: set[str] = set()
        x, y = a
        for mx, my in _line_moves(b[0] - a[0], b[1] - a[1]):
            nx, ny = x + mx, y + my
            if mx and my:
                looked = [edge(end, side) for side in ((x, ny), (nx, y)) for end in ((x, y), (nx, ny))]
            else:
                looked = [edge((x, y), (nx, ny))]
            found.update(door_of[e] for e in looked if e in door_of)
            x, y = nx, ny
        return tuple(sorted(found))

    def _los(self, a: XY, b: XY, door_open: DoorSetting) -> bool:
        """The line walked space by space (:func:`_line_moves`): a straight step needs a clear edge into a
        space one can see through; a step through a corner needs that space and at most one blocked edge
        of the four meeting there (a side space one cannot see through blocks both of its edges)."""
        cells, open_edges, door_of = self.cells, self.open_edges, self.door_of

        def clear(p: XY, q: XY) -> bool:  # p and q are neighbours; p is seen through
            e = (p, q) if p <= q else (q, p)
            if e not in open_edges:
                return False
            door = door_of.get(e)
            return door is None or bool(door_open.get(door, False))

        if cells.get(a, "#") == "#" or cells.get(b, "#") == "#":
            return False
        x, y = a
        for mx, my in _line_moves(b[0] - a[0], b[1] - a[1]):
            nxt = (x + mx, y + my)
            if cells.get(nxt, "#") == "#":
                return False
            cur = (x, y)
            if mx and my:
                blocked = 0
                for side in ((x, nxt[1]), (nxt[0], y)):
                    if cells.get(side, "#") == "#":
                        blocked += 2
                    else:
                        blocked += (not clear(cur, side)) + (not clear(nxt, side))
                if blocked > 1:
                    return False
            elif not clear(cur, nxt):
                return False
            x, y = nxt
        return (x, y) == b


@lru_cache(maxsize=4096)
def _line_moves(dx: int, dy: int) -> tuple[XY, ...]:
    """The steps, in order, of the centre-to-centre line to the space (dx, dy) away: (±1, 0) across a
    column line, (0, ±1) across a row line, (±1, ±1) through a corner (both at once).

    The line crosses grid lines at times t in (0, 1): x = k at t = (2k - 1) / (2 dx) for the k-th column
    line, y likewise. Scaled by 2|dx||dy| (a zero counted as 1) these times are whole numbers, ordered and
    equal exactly as the fractions are. They depend on the offset only, not on where the line starts."""
    ax, ay = abs(dx) or 1, abs(dy) or 1
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    times: dict[int, list[int]] = {}
    for k in range(1, abs(dx) + 1):
        times.setdefault((2 * k - 1) * ay, [0, 0])[0] = sx
    for k in range(1, abs(dy) + 1):
        times.setdefault((2 * k - 1) * ax, [0, 0])[1] = sy
    return tuple(_MOVES[mx, my] for _, (mx, my) in sorted(times.items()))


_MOVES = {(mx, my): (mx, my) for mx in (-1, 0, 1) for my in (-1, 0, 1)}
"""The steps a line takes (one space across, along or diagonally), shared by every remembered line: 4096
lines hold at most ~1 MB."""


def build(scenario_id: str, tiles: tuple[str, ...], docked: tuple[tuple[str, int], ...]) -> Board:
    return _build(scenario_id, tiles, docked)


@lru_cache(maxsize=64)
def _build(scenario_id: str, tiles: tuple[str, ...], docked: tuple[tuple[str, int], ...]) -> Board:
    sc = CONTENT.scenarios[scenario_id]
    cols = max(p[0] for p in sc.layout) + 1
    rows = max(p[1] for p in sc.layout) + 1
    board = Board(width=cols * 4 + 2, height=rows * 4 + 2)
    hatch_spaces: dict[XY, str] = {}
    for idx, ((tx, ty), tid) in enumerate(zip(sc.layout, tiles, strict=True)):
        tile = CONTENT.tiles[tid]
        ox, oy = 1 + tx * 4, 1 + ty * 4
        spawns = []
        for ly in range(4):
            for lx in range(4):
                xy = (ox + lx, oy + ly)
                ch = tile.cell(lx, ly)
                board.cells[xy] = "#" if ch == "#" else ch
                board.tile_at[xy] = idx
                if ch == "T":
                    board.terminals.append(xy)
                elif ch == "S":
                    spawns.append(xy)
                elif ch in PORTAL_CHARS:
                    board.portals[xy] = CONTENT.portal_colours[int(ch) - 1]
                elif ch in SLOT_CHARS:
                    board.slots[xy] = SLOT_CHARS[ch]
        for ly in range(4):
            for lx in range(4):
                a = (ox + lx, oy + ly)
                for nb in ((lx + 1, ly), (lx, ly + 1)):
                    if nb[0] > 3 or nb[1] > 3:
                        continue
                    if ((lx, ly), nb) not in tile.walls:
                        board.open_edges.add(edge(a, (ox + nb[0], oy + nb[1])))
        for side, (hx, hy) in HATCHES.items():
            hatch_spaces[(ox + hx, oy + hy)] = side
        board.spawns.extend(spawns)
        board.spawns_by_tile[idx] = spawns
    # Hatch meets hatch: an opening between tiles.
    for xy, side in hatch_spaces.items():
        dx, dy = DIRS[side]
        other = (xy[0] + dx, xy[1] + dy)
        if hatch_spaces.get(other) == {"N": "S", "S": "N", "E": "W", "W": "E"}[side]:
            board.open_edges.add(edge(xy, other))
    for n, (pa, pb) in enumerate(sc.doors, start=1):
        found = None
        for xy, side in hatch_spaces.items():
            if board.tile_at.get(xy) != pa:
                continue
            dx, dy = DIRS[side]
            other = (xy[0] + dx, xy[1] + dy)
            if board.tile_at.get(other) == pb and edge(xy, other) in board.open_edges:
                found = edge(xy, other)
        if found is not None:
            board.doors[f"D{n}"] = found
            board.door_of[found] = f"D{n}"
    # Shuttle slots and docked shuttles.
    for pos, side in sc.shuttle_slots:
        tx, ty = sc.layout[pos]
        hx, hy = HATCHES[side]
        hatch = (1 + tx * 4 + hx, 1 + ty * 4 + hy)
        dx, dy = DIRS[side]
        first = (hatch[0] + dx, hatch[1] + dy)
        ax, ay = _ALONG[side]
        second = (first[0] + ax, first[1] + ay)
        board.shuttle_slot_spaces.append([first, second])
    for crew, slot in docked:
        first, second = board.shuttle_slot_spaces[slot]
        pos, side = sc.shuttle_slots[slot]
        tx, ty = sc.layout[pos]
        hx, hy = HATCHES[side]
        hatch = (1 + tx * 4 + hx, 1 + ty * 4 + hy)
        board.cells[first] = "."
        board.cells[second] = "."
        board.open_edges.add(edge(first, second))
        board.open_edges.add(edge(first, hatch))
        board.shuttles[crew] = [first, second]
    return board

"""The Endure mission map: floors, walls, doors and passages, zone names, what changed, and the tokens.

Zones are named tile + letter (``ENG-a``): each tile's name stands on the map's edge beside it and
each zone shows its letter in its top-left corner. Walls are solid, an open passage between two zones
(also two zones of one room) is a dashed line, a door is a bar across the wall: hollow green when
open, solid orange when shut. A yellow frame marks each zone the last move changed (one frame per
zone, whatever its size); doors are drawn over the frames, so a door just opened stays in sight.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.core import Event
from rules.endure.content import Board, content
from rules.endure.content import board as board_of
from rules.endure.state import EndureState

from .style import (
    BACKGROUND,
    CHIP,
    CORRIDOR,
    DOOR_OPEN,
    DOOR_SHUT,
    HIGHLIGHT,
    INK,
    MARGIN,
    MUTED,
    OPENING,
    ROOM,
    TEXT,
    WALL,
    WIDTH,
    face,
    length,
)
from .tokens import Token, draw, more, zone_tokens

ZONE_RE = re.compile(r"\b([A-Z]{2,3}-[a-z])\b")
EDGE = TEXT + 14
"""Height of the strip of tile names above and below the map."""
INSET = 6
"""Tokens and letters keep this far from a zone's walls (door bars and frames sit there)."""
GAP = 3


@dataclass
class Placed:
    """Tokens drawn in a zone, and the ones it had no room for (listed under the map instead)."""

    shown: list[tuple[Token, int, int]]
    hidden: list[Token]


def changed_zones(events: Sequence[Event]) -> set[str]:
    """Zones named in the public narration of the last move."""
    zones: set[str] = set()
    for e in events:
        if e.visible_to is None:
            zones.update(ZONE_RE.findall(e.text))
    return zones


def cell_size(b: Board) -> int:
    cols, _ = b.size
    return (WIDTH - 2 * MARGIN) // max(cols, 1)


def map_height(b: Board) -> int:
    return b.size[1] * cell_size(b) + 2 * EDGE


class MapView:
    """Draws one mission map, :data:`~.style.WIDTH` wide and :func:`map_height` high, from a given height
    down; :attr:`crowded` holds the zones too small for their tokens."""

    def __init__(self, st: EndureState, events: Sequence[Event], top: int = 0) -> None:
        self.st = st
        self.b = board_of(st.mission)
        self.cell = cell_size(self.b)
        cols, _ = self.b.size
        self.ox = (WIDTH - cols * self.cell) // 2
        self.oy = top + EDGE
        self.changed = changed_zones(events) & set(self.b.zones)
        tokens = zone_tokens(st)
        bold = face(bold=True)
        self.placed: dict[str, Placed] = {}
        for zid in self.b.zones:
            x0, y0, x1, y1 = self.zone_box(zid)
            skip = int(length(zid.rpartition("-")[2], bold)) + 6  # the zone's letter comes first
            self.placed[zid] = arrange(tokens.get(zid, []), (x0 + INSET, y0 + INSET, x1 - INSET, y1 - INSET), skip)
        self.crowded = {zid: tokens[zid] for zid, p in self.placed.items() if p.hidden}
        """Every token of each zone that had no room to show them all (drawn again under the map)."""
        self.d: ImageDraw.ImageDraw = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def zone_box(self, zid: str) -> tuple[int, int, int, int]:
        cells = self.b.zones[zid].cells
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        c = self.cell
        return self.ox + min(xs) * c, self.oy + min(ys) * c, self.ox + (max(xs) + 1) * c, self.oy + (max(ys) + 1) * c

    def paint(self, d: ImageDraw.ImageDraw, image: Image.Image | None = None) -> None:
        """Draw the map with ``d``; given the ``image`` it draws on, the floor plan is pasted from
        :func:`floor_plan` instead of drawn."""
        self.d = d
        opened = frozenset(self.st.extra_openings)
        if image is None:
            _plan(d, self.b, (self.ox, self.oy), opened)
        else:
            image.paste(floor_plan(self.st.mission, opened), (0, self.oy - EDGE))
        self._tile_names()
        for zid in self.b.zones:
            if zid in self.changed:
                x0, y0, x1, y1 = self.zone_box(zid)
                self.d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=HIGHLIGHT, width=4)
        self._doors(opened)  # over the frames: a door on a changed zone's wall (one just opened) stays in sight
        bold = face(bold=True)
        for zid in self.b.zones:
            x0, y0, _, _ = self.zone_box(zid)
            letter = zid.rpartition("-")[2]
            self.d.text((x0 + INSET + 2, y0 + INSET), letter, font=bold, fill=HIGHLIGHT if zid in self.changed else INK)
            for token, x, y in self.placed[zid].shown:
                draw(self.d, token, x, y)

    # -- the floor plan ------------------------------------------------------------------------------------------
    def _doors(self, opened: frozenset[str]) -> None:
        """A bar across the wall of every door (on the first edge of the two zones): open or shut."""
        lockdown = bool(self.st.event) and content().events[self.st.event].effect == "lockdown"
        for oid, seg, vertical in _door_edges(self.b, (self.ox, self.oy), opened):
            shut = lockdown or self.st.doors.get(oid, "open") != "open"
            self._door(seg, vertical=vertical, shut=shut)

    def _door(self, seg: tuple[int, int, int, int], *, vertical: bool, shut: bool) -> None:
        x0, y0, x1, y1 = seg
        q = self.cell // 4
        bar = (x0 - 5, y0 + q, x0 + 5, y1 - q) if vertical else (x0 + q, y0 - 5, x1 - q, y0 + 5)
        if shut:
            self.d.rectangle(bar, fill=DOOR_SHUT, outline="#000000")
        else:
            self.d.rectangle(bar, fill=BACKGROUND, outline=DOOR_OPEN, width=3)

    def _tile_names(self) -> None:
        """Each tile's name on the map's edge beside it (above for the top row, below for the rest)."""
        _, rows = self.b.size
        bold = face(bold=True)
        for tile, cells in _tiles(self.b).items():
            xs = [x for x, _ in cells]
            ys = [y for _, y in cells]
            mid = self.ox + (min(xs) + max(xs) + 1) * self.cell / 2
            if min(ys) == 0:
                self.d.text((mid, self.oy - 4), tile, font=bold, fill=MUTED, anchor="md")
            elif max(ys) == rows - 1:
                self.d.text((mid, self.oy + rows * self.cell + 4), tile, font=bold, fill=MUTED, anchor="ma")


def arrange(tokens: list[Token], box: tuple[int, int, int, int], skip: int) -> Placed:
    """Tokens in rows inside ``box`` (the first row starts ``skip`` pixels in, after the zone's letter); when
    they do not all fit, the last place shows how many more there are."""
    widths = [t.width for t in tokens]
    spots = _flow(widths, box, skip)
    if len(spots) == len(tokens):
        return Placed([(t, x, y) for t, (x, y) in zip(tokens, spots, strict=True)], [])
    for k in range(len(spots), -1, -1):
        rest = more(len(tokens) - k)
        trial = _flow([*widths[:k], rest.width], box, skip)
        if len(trial) == k + 1:
            shown = list(zip([*tokens[:k], rest], trial, strict=True))
            return Placed([(t, x, y) for t, (x, y) in shown], tokens[k:])
    return Placed([], list(tokens))


def _flow(widths: Iterable[int], box: tuple[int, int, int, int], skip: int) -> list[tuple[int, int]]:
    """Top-left corners for tokens of these widths, row by row, as many as fit in order."""
    x0, y0, x1, y1 = box
    x, y = x0 + skip, y0
    spots: list[tuple[int, int]] = []
    for w in widths:
        if x + w > x1 and x > x0:
            x, y = x0, y + CHIP + GAP
        if y + CHIP > y1 or x + w > x1:
            break
        spots.append((x, y))
        x += w + GAP
    return spots


@lru_cache(maxsize=12)
def floor_plan(mission: str, opened: frozenset[str]) -> Image.Image:
    """The map band of a mission's board (floors, walls, passages; ``opened``: walls opened in play), drawn
    once and pasted on every board of that layout. A dozen layouts are kept (about 3 MB each)."""
    b = board_of(mission)
    cols, _ = b.size
    image = Image.new("RGB", (WIDTH, map_height(b)), BACKGROUND)
    _plan(ImageDraw.Draw(image), b, ((WIDTH - cols * cell_size(b)) // 2, EDGE), opened)
    return image


def _plan(d: ImageDraw.ImageDraw, b: Board, origin: tuple[int, int], opened: frozenset[str]) -> None:
    """Floors, then a wall or a dashed passage on every edge between two zones, then the outer walls."""
    ox, oy = origin
    c = cell_size(b)
    tiles = sorted({z.tile for z in b.zones.values()})
    shade = {t: ROOM[i % len(ROOM)] for i, t in enumerate(tiles)}
    for z in b.zones.values():
        xs = [x for x, _ in z.cells]
        ys = [y for _, y in z.cells]
        box = ox + min(xs) * c, oy + min(ys) * c, ox + (max(xs) + 1) * c, oy + (max(ys) + 1) * c
        d.rectangle(box, fill=shade[z.tile] if z.kind == "room" else CORRIDOR)
    for oid, seg, _ in _edges(b, origin):
        opening = b.openings.get(oid)
        if oid in opened or (opening is not None and not opening.door):
            _dashed(d, seg, OPENING)
        else:
            d.line(seg, fill=WALL, width=4)
    for x, y in b.cell_zone:
        x0, y0 = ox + x * c, oy + y * c
        for dx, dy, seg in (
            (-1, 0, (x0, y0, x0, y0 + c)),
            (1, 0, (x0 + c, y0, x0 + c, y0 + c)),
            (0, -1, (x0, y0, x0 + c, y0)),
            (0, 1, (x0, y0 + c, x0 + c, y0 + c)),
        ):
            if (x + dx, y + dy) not in b.cell_zone:
                d.line(seg, fill=WALL, width=4)


Edge = tuple[str, tuple[int, int, int, int], bool]
"""The two zones' opening id, the segment between them, and whether it is vertical."""


def _edges(b: Board, origin: tuple[int, int]) -> list[Edge]:
    """Every cell edge between two different zones, in a fixed order."""
    ox, oy = origin
    c = cell_size(b)
    found: list[Edge] = []
    for (x, y), zid in sorted(b.cell_zone.items()):
        for dx, dy in ((1, 0), (0, 1)):
            other = b.cell_zone.get((x + dx, y + dy))
            if other is None or other == zid:
                continue
            x0, y0 = ox + x * c, oy + y * c
            seg = (x0 + c, y0, x0 + c, y0 + c) if dx else (x0, y0 + c, x0 + c, y0 + c)
            found.append(("|".join(sorted((zid, other))), seg, bool(dx)))
    return found


def _door_edges(b: Board, origin: tuple[int, int], opened: frozenset[str]) -> list[Edge]:
    """The first edge of every door between two zones (a door opened up in play is a passage instead)."""
    seen: set[str] = set()
    doors: list[Edge] = []
    for oid, seg, vertical in _edges(b, origin):
        opening = b.openings.get(oid)
        if opening is None or not opening.door or oid in opened or oid in seen:
            continue
        seen.add(oid)
        doors.append((oid, seg, vertical))
    return doors


def _tiles(b: Board) -> dict[str, list[tuple[int, int]]]:
    tiles: dict[str, list[tuple[int, int]]] = {}
    for z in b.zones.values():
        tiles.setdefault(z.tile, []).extend(z.cells)
    return tiles


def _dashed(d: ImageDraw.ImageDraw, seg: tuple[int, int, int, int], colour: str) -> None:
    x0, y0, x1, y1 = seg
    length = max(abs(x1 - x0), abs(y1 - y0))
    step = 8
    for k in range(0, length, step * 2):
        if x0 == x1:
            d.line((x0, y0 + k, x0, min(y1, y0 + k + step)), fill=colour, width=3)
        else:
            d.line((x0 + k, y0, min(x1, x0 + k + step), y0), fill=colour, width=3)

"""Sizes, colours and short tags of the Endure pictures.

Every board is :data:`WIDTH` pixels wide and no text on it is smaller than :data:`TEXT` pixels, which
is 11 px when Discord shows the picture 500 px wide. Colours come from the colour-blind-safe set in
render.common; no token tells its meaning by colour alone (a shape and a tag always go with it).
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageFont

from rules.endure.content import content

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, remembered_font

__all__ = ["BACKGROUND", "HIGHLIGHT", "INK", "MUTED", "PANEL", "SEAT_COLOURS"]

WIDTH = 1000
"""Every board picture is this wide."""

TEXT = math.ceil(11 * WIDTH / 500)
"""The smallest type on a board: 11 px when the picture is shown 500 px wide."""

TITLE = TEXT + 6
CHIP = TEXT + 10
"""A token's height (and a round token's width)."""

MARGIN = 20

ROOM = ["#3a4150", "#3b3f4f", "#3d3a4c", "#34443f", "#443d3a", "#3b4452"]
CORRIDOR = "#262a33"
WALL = "#c9ced8"
OPENING = "#8a90a0"
"""A dashed line: two zones open to each other (inside one room, or a room and its corridor)."""
DOOR_OPEN = "#009E73"
DOOR_SHUT = "#D55E00"
ENEMY = "#a8322d"
BOSS = "#5c0f1c"
ALLY = "#009E73"
RADAR = "#9aa0ad"
MARKED = "#CC79A7"
NOISE = "#F0E442"
WIN = "#009E73"
LOSS = "#D55E00"
OBJECTIVE_COLOURS = {
    "green": "#009E73",
    "blue": "#56B4E9",
    "red": "#D55E00",
    "yellow": "#F0E442",
    "white": "#f2f2f2",
    "purple": "#CC79A7",
    "pink": "#f4a6c8",
    "gold": "#E69F00",
}
OBJECTIVE_TAGS = {"pink": "K", "gold": "O"}
"""Objective letters where the first letter would be shared (purple and pink) or read as another (gold);
the rest use their first letter."""

ENEMY_TAGS = {
    "swarmer": "Sw",
    "jaeger": "Ja",
    "icarus": "Ic",
    "solomon": "So",
    "titan": "Ti",
    "primus": "Pm",
    "artemis": "Ar",
    "sip": "Si",
    "olympian": "Ol",
    "zealot": "Ze",
    "fanatic": "Fa",
    "preacher": "Pr",
}
"""Two letters per enemy type, all different (a test holds them to the content)."""


def enemy_tag(kind: str) -> str:
    return ENEMY_TAGS.get(kind) or content().enemies[kind].name[:2]


def objective_tag(colour: str) -> str:
    return OBJECTIVE_TAGS.get(colour, colour[:1].upper())


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def face(size: int = TEXT, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font, never below the board's smallest size, laid out by Pillow's own engine (plain
    Latin text needs no shaping, and it draws faster)."""
    return remembered_font(max(size, TEXT), bold=bold, basic=True)


@lru_cache(maxsize=4096)
def length(text: str, typeface: ImageFont.FreeTypeFont) -> float:
    """How wide ``text`` is in ``typeface`` (remembered: boards repeat most of their words)."""
    return typeface.getlength(text)


def fit(text: str, typeface: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    if length(text, typeface) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with the ellipsis is text[:low]
    while low < high:
        mid = (low + high + 1) // 2
        if length(text[:mid] + "…", typeface) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip(" ,;") + "…"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The board's fixed palette: every colour it uses, and blends of the inks into each ground (for the
    soft edges of text and shapes). Mapping to a fixed palette is several times faster than working
    one out per picture."""
    grounds = [BACKGROUND, PANEL, CORRIDOR, *ROOM, ENEMY, BOSS, ALLY, RADAR, MARKED, NOISE, *SEAT_COLOURS]
    inks = ["#000000", INK, MUTED, HIGHLIGHT, WALL, OPENING, DOOR_OPEN, DOOR_SHUT, *OBJECTIVE_COLOURS.values()]
    colours = dict.fromkeys(_rgb(c) for c in grounds + inks)
    for ground in grounds:
        for ink in ("#000000", INK, HIGHLIGHT, MUTED):
            g, i = _rgb(ground), _rgb(ink)
            for f in (0.3, 0.6):
                colours.setdefault(tuple(round(a + (b - a) * f) for a, b in zip(g, i, strict=True)))  # type: ignore[arg-type]
    for ink in (*OBJECTIVE_COLOURS.values(), DOOR_OPEN, DOOR_SHUT, WALL, OPENING):
        g, i = _rgb(BACKGROUND), _rgb(ink)
        colours.setdefault(tuple(round(a + (b - a) * 0.5) for a, b in zip(g, i, strict=True)))  # type: ignore[arg-type]
    flat = [v for rgb in list(colours)[:256] for v in rgb]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + [0] * (768 - len(flat)))
    return image


def encode(image: Image.Image) -> bytes:
    """A palette PNG: the picture mapped to :func:`palette` (no dithering), compressed moderately."""
    small = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()

"""Colours, letters and sizes shared by the Starcadia pictures."""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageColor

CREW_COLOURS = {"yellow": "#F0E442", "blue": "#56B4E9", "red": "#D55E00", "green": "#009E73"}
CREW_LETTER = {"yellow": "Y", "blue": "B", "red": "R", "green": "G"}
TILE_FLOORS = ["#3a4150", "#35404a", "#3d3a4c", "#34443f", "#443d3a", "#3b4452"]
BLOCKED = "#1a1c22"
WALL = "#c9ced8"
PORTAL_COLOURS = {"amber": "#E69F00", "cyan": "#56B4E9", "violet": "#CC79A7"}
TERMINAL = "#9be7ff"
SPAWN = "#ff6b6b"
MONSTER_FILL = "#8b1e3f"
DAZED_FILL = "#5b4a52"
DOOR_SHUT = "#ff9f43"
DOOR_OPEN = "#7fd67f"
PATH = "#ffd24a"
MONSTER_PATH = "#ff8fa3"
ATTACK = "#ff4d4d"
DECISION = "#ff8fa3"
DEAD_RED = "#ff6b6b"

TOKEN_LETTER = {
    "stimpack": "S",
    "hoverboard": "H",
    "recharge": "R",
    "victory": "V",
    "quest": "Q",
    "armory": "U",
}
"""One letter per kind of token lying on the board (the legend names them)."""
TOKEN_COLOUR = {
    "stimpack": "#009E73",
    "hoverboard": "#CC79A7",
    "recharge": "#F0E442",
    "victory": "#56B4E9",
    "quest": "#ffffff",
    "armory": "#E69F00",
}


def legible(width: int) -> int:
    """The smallest text size that still reads 11 px tall once the picture is shown 500 px wide."""
    return math.ceil(width * 11 / 500)


EXACT = [
    "#14161c",
    "#1f232d",
    "#f2f2f2",
    "#b8bcc8",
    "#ffd24a",
    "#000000",
    "#ffffff",
    "#2a2f3a",
    "#2c2f38",
    "#2c3342",
    "#15171c",
    "#e6e6e6",
    "#e0e0e0",
    "#ffb3c6",
    "#b0a0a8",
    "#59606e",
    "#c0392b",
    "#3a4150",
    "#35404a",
    "#3d3a4c",
    "#34443f",
    "#443d3a",
    "#3b4452",
]
"""Colours drawn often (grounds, inks, floors) that the palette holds exactly."""


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image:
    """One palette for every picture: our colours exactly, then a colour cube and greys for the rest
    (anti-aliased edges). Mapping to a fixed palette is three times faster than computing one per picture,
    and the same colour always gets the same entry (stable snapshots)."""
    named = [*CREW_COLOURS.values(), *PORTAL_COLOURS.values(), *TOKEN_COLOUR.values(), *TILE_FLOORS, *EXACT]
    named += [BLOCKED, WALL, TERMINAL, SPAWN, MONSTER_FILL, DAZED_FILL, DOOR_SHUT, DOOR_OPEN, MONSTER_PATH, ATTACK]
    colours = list(dict.fromkeys(ImageColor.getrgb(c)[:3] for c in named))
    steps = (0, 64, 128, 192, 255)
    colours += [(r, g, b) for r in steps for g in steps for b in steps]
    colours += [(v, v, v) for v in range(8, 256, 12)]
    colours = list(dict.fromkeys(colours))[:256]
    flat = [channel for colour in colours for channel in colour]
    flat += [0] * (768 - len(flat))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def png(image: Image.Image) -> bytes:
    """A palette PNG (fixed palette, compress level 3): the board is sent after every action, so speed counts."""
    small = image.quantize(palette=fixed_palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()

"""Grimdark Future Star Quest pictures: the battlefield around the fight, hero sheets and the enemy roster.

The battlefield picture shows a square of the table framed on what is in play (:mod:`.frame`): every hero,
enemy, objective and search token when they fit in 20 cells, else the heroes and what is nearest them.
Column letters and row numbers run along its edges, terrain is drawn by type and height, models carry
their unit tag or hero initial, wounds and power (:mod:`.field`). Under it, the panel says how the mission
stands or how it ended, which player plays which hero, who holds which objective and what lies off the
picture, beside a labelled map of the whole table (:mod:`.panel`). :mod:`.key` turns the legend into the
board help page. Every text reads at least 11 px tall at 500 px wide.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.core import Event
from rules.grimdark.grid import grid_for
from rules.grimdark.state import Cell, GrimState

from ..common import font
from .cards import roster, sheets
from .field import coordinates, heights, markers, marks, reach_overlay, terrain_layer, unit, zones
from .frame import LEFT, TOP, WIDTH, WINDOW, Frame, centre, frame_for, window
from .panel import MAP_SIDE, draw_panel, map_height, panel_lines, whole_table
from .style import ALL, TITLE

__all__ = ["WIDTH", "WINDOW", "Frame", "battlefield", "board", "centre", "png", "roster", "sheets", "window"]


def board(
    state: GrimState, *, events: Sequence[Event] = (), reach: Mapping[Cell, str] | None = None, legend: str = ""
) -> bytes:
    """The battlefield picture of a (public or private) view; ``reach`` shades the cells a hero can move
    to ("advance", "rush", "charge"), explained by ``legend`` under the board."""
    return png(battlefield(state, reach=reach, legend=legend))


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed palette: every colour the pictures use and the blends anti-aliasing makes between them."""
    rgb = [Image.new("RGB", (1, 1), c).getpixel((0, 0)) for c in ALL]
    swatch = Image.new("RGB", (len(rgb) * 9, len(rgb)))
    pixels = swatch.load()
    for j, back in enumerate(rgb):
        for i, front in enumerate(rgb):
            for step in range(9):
                t = step / 8
                pixels[i * 9 + step, j] = tuple(round(b + (f - b) * t) for f, b in zip(front, back, strict=True))
    return swatch.quantize(colors=240, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def png(image: Image.Image) -> bytes:
    """PNG bytes of a picture mapped onto the fixed palette."""
    mapped = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    mapped.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def flow(lines: list[tuple[str, int, str]]) -> tuple[list[tuple[str, int, str]], int]:
    """Word-wrap the panel lines: narrower beside the whole-table map, the whole width below it; returns
    the lines and the height they take."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    beside, limit = WIDTH - 40 - MAP_SIDE - 30, map_height() + 20
    out: list[tuple[str, int, str]] = []
    height = 10
    for text, size, colour in lines:
        face = font(size, bold=size >= TITLE)
        step = int(size * 1.35)
        line = ""
        for word in text.split(" "):
            width = beside if height + step <= limit else WIDTH - 40
            candidate = f"{line} {word}".strip()
            if not line or probe.textlength(candidate, font=face) <= width:
                line = candidate
            else:
                out.append((line, size, colour))
                height += step
                line = word
        out.append((line, size, colour))
        height += step
    return out, height


def battlefield(state: GrimState, *, reach: Mapping[Cell, str] | None = None, legend: str = "") -> Image.Image:
    grid = grid_for(state.mission.layout, state.half)
    frame = frame_for(state, reach)
    lines = panel_lines(state, frame, legend)
    wrapped, height = flow(lines)
    below = TOP + frame.side + 12
    panel_height = max(map_height() + 30, height + 14)
    image = Image.new("RGB", (WIDTH, below + panel_height), "#14161c")
    image.paste(terrain_layer(state.mission.layout, state.half, frame), (LEFT, TOP))
    if reach:
        reach_overlay(image, reach, frame)
    draw = ImageDraw.Draw(image)
    coordinates(draw, frame)
    zones(draw, state, frame)
    occupied = {m.cell for u in state.units if u.placed for m in u.alive()}
    spots = {(o.x, o.y) for o in state.objectives} | {(t.x, t.y) for t in state.tokens if not t.taken}
    heights(draw, state, frame, occupied | spots)
    markers(draw, state, frame, occupied)
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))  # the last moves and shots, kept inside the field
    marks(ImageDraw.Draw(layer), state, frame)
    field_box = (LEFT, TOP, LEFT + frame.side, TOP + frame.side)
    image.paste(layer.crop(field_box), field_box[:2], layer.crop(field_box))
    for who in state.units:
        if who.placed and not who.gone:
            unit(draw, state, who, frame)
    draw_panel(draw, wrapped, below)
    whole_table(image, state, grid, frame, WIDTH - 16 - MAP_SIDE, below + 10)
    return image

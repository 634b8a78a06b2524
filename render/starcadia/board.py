"""The board picture: the station (see :mod:`.station`) above the panel of crews, monsters, quest and
legend (see :mod:`.strip`), every text at the one size that reads 11 px tall at 500 px wide."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.core import Event
from rules.starcadia.state import StarState

from ..common import BACKGROUND
from .palette import legible, png
from .station import MARGIN, Station, height_of, width_of
from .strip import Strip


def board(state: StarState, *, events: Sequence[Event] = ()) -> bytes:
    return png(draw_board(state, events=events))


def draw_board(state: StarState, *, events: Sequence[Event] = ()) -> Image.Image:
    width, top = width_of(state), height_of(state)
    px = legible(width)
    scratch = Image.new("RGB", (width, top), BACKGROUND)
    station = Station(state, ImageDraw.Draw(scratch), px)
    station.draw(events)
    strip = Strip(state, width, px, MARGIN, station.hidden, station.seen)
    img = Image.new("RGB", (width, top + strip.height()), BACKGROUND)
    img.paste(scratch, (0, 0))
    strip.draw(ImageDraw.Draw(img), top)
    return img

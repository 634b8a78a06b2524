"""The main board picture outside a fight: title, notices, the map, the captains table, what just happened."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.armada.state import State
from rules.core import Event

from .changes import changes
from .mapview import draw_map, planets
from .panel import banners, captains, latest, notices, title
from .style import measured


def draw_board(state: State, *, events: Sequence[Event] = ()) -> Image.Image:
    ch = changes(state, events, planets(state))
    waiting = notices(state)

    def paint(d: ImageDraw.ImageDraw) -> int:
        y = title(d, state, 10)
        y = banners(d, waiting, y)
        y = draw_map(d, state, y, ch)
        y = captains(d, state, y + 4, ch)
        return latest(d, ch, y + 4) + 8

    return measured(paint)

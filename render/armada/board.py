"""The main board picture outside a fight: title, notices, the map, the captains table, what just happened."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.armada.state import State
from rules.core import Event

from .changes import changes
from .mapview import MAP_H, draw_map, planets
from .panel import banners, banners_height, captains, latest, latest_height, notices, title
from .style import TEXT, canvas

TITLE_H = 120
TABLE_ROW = TEXT + 16


def draw_board(state: State, *, events: Sequence[Event] = ()) -> Image.Image:
    ch = changes(state, events, planets(state))
    waiting = notices(state)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    height = TITLE_H + banners_height(probe, waiting) + MAP_H + TABLE_ROW * (len(state.players) + 1) + 16
    height += latest_height(probe, ch) + 8
    image, d = canvas(height)
    y = title(d, state, 10)
    y = banners(d, waiting, y)
    draw_map(d, state, y, ch)
    y = captains(d, state, y + MAP_H + 4, ch)
    y = latest(d, ch, y + 4)
    return image.crop((0, 0, image.width, y + 8))

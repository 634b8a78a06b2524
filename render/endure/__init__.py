"""Endure the Stars pictures: the mission board (title, map, crew table, legend) and survivor dashboards.

The board is one picture, :data:`~.style.WIDTH` pixels wide, every text at least 11 px tall when it is
shown 500 px wide: the title says the mission, the round and who acts (or WIN or LOSS and why), the
map shows who and what is in every zone (:mod:`.mapview`, :mod:`.tokens`), and under it the crew
table, boss health, what crowded zones could not show, and a legend (:mod:`.panel`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.core import Event
from rules.endure.content import content
from rules.endure.state import EndureState

from ..common import text_card
from .dashboard import DASH_W, dashboard, draw_dashboard
from .mapview import MapView, map_height
from .panel import Dry, Sheet, below, title
from .style import BACKGROUND, WIDTH, encode

__all__ = ["DASH_W", "board", "dashboard", "draw_board", "draw_dashboard"]


def draw_board(st: EndureState, *, events: Sequence[Event] = ()) -> Image.Image:
    """The board of an (already viewer-filtered) state; ``events`` are the last move's, to frame what changed.

    Each part is first measured (drawn with a :class:`~.panel.Dry` pen), so the picture is made once, at
    its exact height."""
    dry = Dry()
    head = Sheet(dry)
    title(head, st)
    view = MapView(st, events, head.y)
    foot = Sheet(dry)
    below(foot, st, view.crowded, bool(view.changed))
    middle = map_height(view.b)
    image = Image.new("RGB", (WIDTH, head.y + middle + foot.y), BACKGROUND)
    d = ImageDraw.Draw(image)
    title(Sheet(d), st)
    view.paint(d, image)
    below(Sheet(d, head.y + middle), st, view.crowded, bool(view.changed))
    return image


def board(st: EndureState, *, events: Sequence[Event] = ()) -> bytes:
    """PNG of the (already viewer-filtered) state: the board, or at the Refuge a text card."""
    if st.phase == "refuge":
        c = content()
        body = [
            f"Campaign {c.campaigns[st.campaign].name}: next {' or '.join(st.next_options)}",
            f"Refuge track {st.refuge_track}. Trading Post: "
            + (", ".join(c.items[k].name for k in st.trading_post) or "empty"),
        ]
        for s in st.survivors:
            state = "dead" if not s.alive else f"Health {s.health}/{s.max_health}, Resolve {s.resolve}"
            body.append(f"{c.survivors[s.key].name}: {state}")
        return text_card("The Refuge", body, [e.text for e in events if e.visible_to is None])
    return encode(draw_board(st, events=events))

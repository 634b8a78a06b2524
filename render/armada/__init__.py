"""Deep Space D-6: Armada pictures (a viewer-filtered state in, PNG bytes out).

- ``board(state, events=...)``: outside a fight, the map (:mod:`.mapview`) with the title and the
  captains table around it (:mod:`.panel`); during a Combat or an Away Mission, the fight
  (:mod:`.fight`). Every text reads 11 px tall when the picture is shown 500 px wide.
- ``ship_board(state, seat)``: one captain's ship board (:mod:`.ship`); ``table_picture(state)``: the
  fight alone (None outside one).

``draw_*`` return the Pillow image (for snapshot tests).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.armada.state import State
from rules.core import Event

from .board import draw_board
from .changes import recent_changes
from .fight import draw_fight, enemy_card
from .panel import notices
from .ship import draw_ship_board
from .style import encode

__all__ = [
    "board",
    "draw_board",
    "draw_fight",
    "draw_ship_board",
    "enemy_card",
    "notices",
    "recent_changes",
    "ship_board",
    "table_picture",
]


def board(state: State, *, events: Sequence[Event] = ()) -> bytes:
    """PNG of the (already viewer-filtered) state: the map and captains, or the fight in progress."""
    if state.combat is not None or state.mission is not None:
        return encode(draw_fight(state, events=events))
    return encode(draw_board(state, events=events))


def ship_board(state: State, seat: int) -> bytes:
    """PNG of one captain's ship board (stations, the dice on them, Shield, Hull, where the crew is)."""
    return encode(draw_ship_board(state, seat))


def table_picture(state: State) -> bytes | None:
    """PNG of the Combat or Away Mission in progress (None when neither)."""
    if state.combat is None and state.mission is None:
        return None
    return encode(draw_fight(state))

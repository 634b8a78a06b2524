"""Pillow renderers: a (viewer-filtered) state in, PNG bytes out. No discord, no I/O but fonts.

Each system may provide ``render/<system_id>.py`` with a function
``board(state, *, events=()) -> bytes``; :func:`render_board` finds it, and falls
back to a readable text card when a system has no picture yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from rules.core import BaseState, Event

from .common import text_card

Renderer = Callable[..., bytes]
_CACHE: dict[str, Renderer | None] = {}


def board_renderer(system_id: str) -> Renderer | None:
    if system_id not in _CACHE:
        try:
            module = importlib.import_module(f"render.{system_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"render.{system_id}":
                raise
            module = None
        _CACHE[system_id] = getattr(module, "board", None)
    return _CACHE[system_id]


def render_board(state: BaseState, *, title: str, description: str, events: Sequence[Event] = ()) -> bytes:
    """PNG of ``state``; ``description`` is the system's compact text form, used by the fallback."""
    renderer = board_renderer(state.system)
    if renderer is not None:
        return renderer(state, events=events)
    return text_card(title, description.splitlines(), [e.text for e in events if e.visible_to is None])

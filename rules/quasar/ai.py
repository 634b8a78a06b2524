"""Scripted players for Quasar Search (placeholder: the first legal action)."""

from __future__ import annotations

from rules.core import Action

from .state import QuasarState


def choose(view: QuasarState, seat: int, seed: int) -> Action | None:
    from . import decisions

    legal = decisions.candidates(view, seat)
    return legal[0] if legal else None

"""Bot seats: a careful scripted hero policy, playing from the seat's own view only."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rules.core import Action

from .state import GrimState

if TYPE_CHECKING:
    from rules.core import GameSystem


def choose(system: GameSystem, view: GrimState, seat: int, seed: int) -> Action | None:
    """The bot's next command for ``seat`` (None when it has nothing to do)."""
    if not any(p.seat == seat for p in system.pending(view)):
        return None
    legal = system.legal(view, seat)
    if not legal:
        return None
    r = random.Random(seed)
    if view.phase != "battle":
        return {"type": "ready"}
    for kind in ("start", "hold"):
        options = [a for a in legal if a["type"] == kind and (kind != "hold" or a.get("shoot"))]
        if options:
            return r.choice(options)
    done = [a for a in legal if a["type"] == "done"]
    return done[0] if done else r.choice(legal)

"""legal()'s filter: the candidates :func:`.checks.check` allows, each hero's walks checked in full once.

The walks ``candidates()`` offers a hero come from its route search (:func:`.paths.reach`): paths within
the MP the check grants, ending where there is room, a hack or pickup added only where the path check
accepts one, a door beside the hero opened only with an MP to spend. The path check (``plan_path``) takes
every one of them, so what may still refuse a walk is the rest of the check (whose turn it is, which hero is
active, a movement sealed by an attack), which reads the hero and never the path: it is the same for every
walk of one hero. The first walk of each hero is checked in full; once it is allowed, so are the others
(a path too long to have come from a search is checked in full anyway). Checking every walk again cost
about 60 us of a turn's 750. tests/test_starcadia_checks.py holds legal() to the plain filter (every
candidate checked) on random games, and tests/test_legal_reference.py to trial by apply.
"""

from __future__ import annotations

from rules.core import Action, GameSystem

from .lookup import MAX_PATH
from .state import StarState


def allowed(system: GameSystem[StarState], state: StarState, seat: int) -> list[Action]:
    """``system.candidates(state, seat)`` that ``system.check`` allows, in their order."""
    out: list[Action] = []
    walks_allowed: set[object] = set()  # heroes one of whose walks passed the whole check
    for action in system.candidates(state, seat):
        if action.get("type") == "move":
            hero = action.get("hero")
            if hero in walks_allowed and len(action.get("path") or ()) <= MAX_PATH:
                out.append(action)
            elif system.allows(state, seat, action):
                walks_allowed.add(hero)
                out.append(action)
        elif system.allows(state, seat, action):
            out.append(action)
    return out

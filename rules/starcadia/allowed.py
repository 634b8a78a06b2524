"""legal()'s filter: the candidates :func:`.checks.check` allows, without checking again what a search wrote.

Two kinds of candidates are made by the very searches the check would repeat, so the check accepts them
whenever it accepts one of their kind:

- A hero's walks come from its route search (:func:`.paths.reach`): paths within the MP the check grants,
  ending where there is room, a hack or pickup added only where the path check accepts one, a door beside
  the hero opened only with an MP to spend. The path check (``plan_path``) takes every one of them; what
  may still refuse a walk is the rest of the check (whose turn it is, which hero is active, a movement
  sealed by an attack), which reads the hero and never the path. So the first walk of each hero is checked
  in full and, once it is allowed, so are the others (a path too long to have come from a search is
  checked in full anyway). A hoverboard ride is the ally's walk (its route search, the same check), given
  by the hero who carries the board: the same holds per carrier.
- A monster's menu in an event activation run by a player (:func:`.monsters.monster_options`) is made of
  the monster's own route search (walks within its MP, ending where it may stop, or a prefix of its
  cheapest route that ends on such a space) and of targets it can hit from where the walk ends (or, to
  attack first, from where it stands). ``plan_monster_path`` and the target check accept each entry; what
  may refuse them is who answers, the same for all. So the first entry is checked in full, and the others
  with it.

Checking every walk and menu entry again cost about a sixth of a turn. tests/test_starcadia_checks.py holds
legal() to the plain filter (every candidate checked) on random games, tests/test_legal_reference.py to
trial by apply.
"""

from __future__ import annotations

from rules.core import Action, GameSystem

from .lookup import MAX_PATH
from .state import StarState


def allowed(system: GameSystem[StarState], state: StarState, seat: int) -> list[Action]:
    """``system.candidates(state, seat)`` that ``system.check`` allows, in their order."""
    candidates = system.candidates(state, seat)
    if state.wait is not None and state.wait.kind == "monster" and state.phase == "play":
        if candidates and system.allows(state, seat, candidates[0]):
            return candidates
        return [action for action in candidates if system.allows(state, seat, action)]
    out: list[Action] = []
    walks_allowed: set[tuple[str, object]] = set()  # heroes one of whose walks (or rides) passed the check
    for action in candidates:
        walk = _walk(action)
        if walk is None:
            if system.allows(state, seat, action):
                out.append(action)
        elif walk in walks_allowed and len(action.get("path") or ()) <= MAX_PATH:
            out.append(action)
        elif system.allows(state, seat, action):
            walks_allowed.add(walk)
            out.append(action)
    return out


def _walk(action: Action) -> tuple[str, object] | None:
    """("move", hero) for a hero's walk, ("hoverboard", hero) for a ride it gives its ally, else None."""
    kind = action.get("type")
    if kind == "move":
        return ("move", action.get("hero"))
    if kind == "use" and action.get("gadget") == "hoverboard":
        return ("hoverboard", action.get("hero"))
    return None

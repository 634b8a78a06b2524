"""Several crew dice placed with one command: a plan of Combat placements, written compactly.

``{"type": "place", "plan": ["3@1>2", "5@infirmary", "6@5/mode:energy"]}`` puts die 3 on station 1
aimed at enemy 2, die 5 on the Infirmary and die 6 on station 5 with ``mode=energy``: each entry is one
``assign`` action (``die@station``, then ``>target``, then ``/key:value`` for any other choice). The
``suggested`` action is the same thing, offered by the bot (:mod:`.suggest`). Both are played in order
(:func:`rules.armada.checks.check_plan`, :meth:`Armada._place`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, RuleError

PLAN_TYPES = ("place", "suggested")
MAX_STEPS = 12
KEYS = ("die", "station", "target", "type")


def token(action: Mapping[str, Any]) -> str:
    """One ``assign`` action as a plan entry."""
    text = f"{action['die']}@{action['station']}"
    if action.get("target") not in (None, ""):
        text += f">{action['target']}"
    for key, value in action.items():
        if key not in KEYS:
            text += f"/{key}:{value}"
    return text


def steps(action: Mapping[str, Any]) -> list[Action]:
    """The ``assign`` actions of a plan, in order; refuses a malformed plan or a die named twice."""
    raw = action.get("plan")
    if isinstance(raw, str):
        raw = [part for part in raw.split(",") if part]
    if not isinstance(raw, list) or not raw:
        raise RuleError("Name the dice to place, for example `3@1>2, 5@3` (die@station>enemy).")
    if len(raw) > MAX_STEPS:
        raise RuleError(f"At most {MAX_STEPS} dice at once.")
    out: list[Action] = []
    for entry in raw:
        out.append(_step(str(entry)))
    dice = [str(a["die"]) for a in out]
    twice = next((d for d in dice if dice.count(d) > 1), None)
    if twice is not None:
        raise RuleError(f"Die {twice} is named twice; each die goes on one station.")
    return out


def _step(entry: str) -> Action:
    head, *extras = entry.strip().split("/")
    die, sep, rest = head.partition("@")
    station, _, target = rest.partition(">")
    if not sep or not die or not station:
        raise RuleError(f"'{entry[:30]}' is not a placement: write die@station, e.g. 3@1 or 3@1>2.")
    action: Action = {"type": "assign", "die": _value(die), "station": _value(station)}
    if target:
        action["target"] = _value(target)
    for extra in extras:
        key, sep, value = extra.partition(":")
        if not sep or not key or key in KEYS:
            raise RuleError(f"'{extra[:30]}' is not a choice of a placement: write key:value, e.g. mode:energy.")
        action[key] = _value(value)
    return action


def _value(text: str) -> int | str:
    text = text.strip().lstrip("#")
    return int(text) if text.isdigit() and len(text) < 10 else text.lower()


def plan_of(actions: Sequence[Mapping[str, Any]], kind: str = "place") -> Action:
    """A plan action placing these ``assign`` actions in order."""
    return {"type": kind, "plan": [token(a) for a in actions]}

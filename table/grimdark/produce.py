"""How each Grimdark command types a legal action (``Command.produces``): the option texts with which
the command plays exactly that action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Options = dict[str, str] | None
Produces = Callable[[Any, int, dict[str, Any]], Options]

FIELDS = {
    "advance": {"hero": "hero", "to": "to", "shoot": "shoot", "jump": "jump", "limited": "limited"},
    "rush": {"hero": "hero", "to": "to", "jump": "jump"},
    "hold": {"hero": "hero", "shoot": "shoot", "limited": "limited"},
    "charge": {"hero": "hero", "target": "target", "to": "to"},
    "skill": {"hero": "hero", "skill": "skill", "target": "on"},
    "cast": {"hero": "hero", "spell": "spell", "target": "on", "boost": "boost"},
    "rest": {"hero": "hero"},
    "start": {"hero": "hero"},
    "done": {"hero": "hero"},
    "revive": {"hero": "hero", "target": "target"},
    "use": {"hero": "hero", "item": "item", "target": "on"},
    "give": {"hero": "hero", "item": "item", "to": "to"},
    "take": {"hero": "hero", "item": "item", "from": "holder"},
    "arrive": {"hero": "hero", "to": "to"},
    "deploy": {"hero": "hero", "to": "to"},
    "ready": {},
    "train": {"hero": "hero", "advance": "advance", "skill": "skill"},
    "policy": {"hero": "hero", "key": "key", "value": "value"},
    "answer": {"hero": "hero", "pay": "pay", "odd": "odd"},
}
"""Action type -> {action field: option name}."""


def plays(kind: str) -> Produces:
    """``produces`` for the command that plays actions of type ``kind``."""
    fields = FIELDS[kind]

    def produces(state: Any, seat: int, action: dict[str, Any]) -> Options:
        if action.get("type") != kind or set(action) - {"type", *fields}:
            return None
        out = {}
        for field, option in fields.items():
            value = action.get(field)
            if value is None or value is False:
                continue
            out[option] = "yes" if value is True else str(value)
        return out

    return produces

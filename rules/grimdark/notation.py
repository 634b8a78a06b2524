"""The text form of commands: ``advance kessa to=F12 shoot=S1``, ``skill orrin skill=patch-up target=kessa``.

The first word is the command, the second the hero (for commands a hero gives), then ``key=value``
pairs. Flags are yes/no, boost is a number. ``format`` and ``parse`` are inverse of each other.
"""

from __future__ import annotations

from rules.core import Action, RuleError

FIELDS: dict[str, tuple[str, ...]] = {
    "start": (),
    "done": (),
    "rest": (),
    "hold": ("shoot", "limited"),
    "advance": ("to", "shoot", "jump", "limited"),
    "rush": ("to", "jump"),
    "charge": ("target", "to"),
    "skill": ("skill", "target"),
    "use": ("item", "target"),
    "give": ("item", "to"),
    "take": ("item", "from"),
    "revive": ("target",),
    "cast": ("spell", "target", "boost"),
    "arrive": ("to",),
    "deploy": ("to",),
    "ready": (),
    "train": ("advance", "skill"),
    "policy": ("key", "value"),
    "answer": ("pay", "odd"),
}
"""Each command's fields after the hero (``ready`` has no hero)."""

FLAGS = ("jump", "limited", "pay")
NUMBERS = ("boost",)
NO_HERO = ("ready",)


def format_action(action: Action) -> str:
    kind = str(action.get("type"))
    parts = [kind]
    if kind not in NO_HERO and action.get("hero"):
        parts.append(str(action["hero"]))
    for key in FIELDS.get(kind, ()):
        value = action.get(key)
        if value is None or value is False or value == "":
            continue
        if value is True:
            value = "yes"
        parts.append(f"{key}={value}")
    return " ".join(parts)


def parse_action(text: str) -> Action:
    """Typed notation as an action (the rules check it afterwards)."""
    words = text.strip().split()
    if not words:
        raise RuleError("Type a command, for example: advance kessa to=F12 shoot=S1.")
    kind = words[0].lower()
    if kind not in FIELDS:
        raise RuleError(f"'{kind[:20]}' is not a Grimdark command. Commands: {', '.join(FIELDS)}.")
    action: Action = {"type": kind}
    rest = words[1:]
    if kind not in NO_HERO and rest and "=" not in rest[0]:
        action["hero"] = rest.pop(0).lower()
    for word in rest:
        key, sep, value = word.partition("=")
        key = key.lower()
        if not sep or key not in FIELDS[kind]:
            allowed = ", ".join(f"{k}=" for k in FIELDS[kind]) or "nothing more"
            raise RuleError(f"'{word[:20]}' does not fit {kind}: it takes {allowed}.")
        if key in FLAGS:
            if value.lower() not in ("yes", "no"):
                raise RuleError(f"{key} is yes or no.")
            if value.lower() == "yes":
                action[key] = True
        elif key in NUMBERS:
            if not value.isdigit():
                raise RuleError(f"{key} is a number.")
            if int(value):
                action[key] = int(value)
        else:
            action[key] = value
    return action

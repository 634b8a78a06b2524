"""The ``choice:`` of ``/endure ability`` and ``/endure reward``: a survivor, a zone, a door or a path,
in any name form, matched against the legal actions; what matches none goes to the engine, which says
why it cannot be done."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.core import Action, RuleError
from rules.endure.state import EndureState
from rules.endure.world import the_board

from .names import find_survivor, find_zone, find_zones, listing, norm, split
from .texts import choice_value

DOOR_SPLIT = re.compile(r"[|\s,]+")


def _survivor_is(st: EndureState, text: str, key: object) -> bool:
    try:
        return st.survivors[find_survivor(st, text)].key == key
    except RuleError:
        return False


def _zone_is(st: EndureState, text: str, zone: object) -> bool:
    try:
        return find_zone(st, text) == zone
    except RuleError:
        return False


def _door_zones(st: EndureState, text: str) -> set[str] | None:
    parts = [p for p in DOOR_SPLIT.split(text.strip()) if p]
    if len(parts) != 2:
        return None
    try:
        return {find_zone(st, p) for p in parts}
    except RuleError:
        return None


def fits(st: EndureState, action: Mapping[str, Any], text: str) -> bool:
    """Whether the typed choice names this ability or reward action's target."""
    if not text.strip():
        return not choice_value(action)
    if norm(text) == norm(choice_value(action)):
        return True
    target, zone = action.get("target"), action.get("zone")
    if target is not None and zone:
        words = split(text)
        return any(
            _survivor_is(st, " ".join(words[:k]), target) and _zone_is(st, " ".join(words[k:]), zone)
            for k in range(1, len(words))
        )
    if target is not None:
        return _survivor_is(st, text, target)
    if zone:
        return _zone_is(st, text, zone)
    if action.get("door"):
        return _door_zones(st, text) == set(str(action["door"]).split("|"))
    if action.get("zones"):
        try:
            return find_zones(st, text) == list(action["zones"])
        except RuleError:
            return False
    return False


def choose(st: EndureState, legal: list[Action], base: Action, text: str, shown: list[str]) -> Action:
    """The legal action the choice names; else the action the text describes, for the engine to judge.

    ``shown``: how the legal choices are listed when the text names nothing at all."""
    found = [a for a in legal if fits(st, a, text)]
    if len(found) == 1:
        return dict(found[0])
    if len(found) > 1:
        raise RuleError(f"'{text.strip()[:30]}' fits several choices: {listing(shown)}. Say which.")
    return guess(st, base, text, shown)


def guess(st: EndureState, base: Action, text: str, shown: list[str]) -> Action:
    """The choice read as a survivor, a zone, a door (``A|B``) or a path, whichever it names."""
    out = dict(base)
    try:
        out["target"] = st.survivors[find_survivor(st, text)].key
        return out
    except RuleError:
        pass
    zones = the_board(st).zones
    try:
        out["zone"] = find_zone(st, text)
        return out
    except RuleError:
        pass
    door = _door_zones(st, text)
    if door is not None and "|" in text:
        out["door"] = "|".join(sorted(door))
        return out
    try:
        out["zones"] = find_zones(st, text)
        return out
    except RuleError:
        pass
    example = next(iter(zones))
    choices = listing(shown) if shown else f"a survivor, a zone ({example}), a door or a path"
    raise RuleError(f"'{text.strip()[:30]}' names nothing this can be used on. Choices: {choices}.")

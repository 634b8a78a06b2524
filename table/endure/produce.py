"""How each Endure command types a legal action: ``Command.produces`` (the option texts with which the
command plays exactly that action), so /actions listings, labels and tests name actions as players
type them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import BATCH
from rules.endure import SYSTEM
from rules.endure.state import EndureState

from .texts import choice_value

Options = dict[str, str] | None
Produces = Callable[[Any, int, dict[str, Any]], Options]


def _only(kind: str) -> Produces:
    """A command without options that plays the action type ``kind``."""

    def produces(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
        return {} if action.get("type") == kind else None

    return produces


def _filled(**options: object) -> dict[str, str]:
    return {name: str(value) for name, value in options.items() if value not in (None, "", [])}


def move(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "move":
        return None
    return _filled(to=" ".join(action.get("zones") or [action.get("zone", "")]))


def attack(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "attack":
        return None
    return _filled(
        zone=action.get("zone"),
        weapon=action.get("weapon"),
        kill=" ".join(action.get("kill") or []),
        objective=action.get("object"),
        step=action.get("step"),
    )


def keep(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(item=action.get("item"), drop=action.get("drop")) if action.get("type") == "keep" else None


def interact(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(objective=action.get("objective")) if action.get("type") == "interact" else None


def ability(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "ability":
        return None
    return _filled(which=action.get("which"), choice=choice_value(action))


def reward(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "reward":
        return None
    return _filled(choice=choice_value(action), kind=action.get("kind"))


def trade(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "trade":
        return None
    return _filled(
        partner=action.get("with"), give=" ".join(action.get("give") or []), take=" ".join(action.get("take") or [])
    )


def answer(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "answer":
        return None
    return {"reply": "yes" if action.get("accept") is True else "no"}


def item(kind: str) -> Produces:
    """``use``, ``equip`` (the reorganise command) and ``discard``: ``item:`` (and ``at:`` for a use)."""

    def produces(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
        if action.get("type") != kind:
            return None
        return _filled(item=action.get("item"), at=action.get("zone"))

    return produces


def count(kind: str, option: str, key: str) -> Produces:
    """``noise level:`` and ``salvage actions:``."""

    def produces(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
        return _filled(**{option: action.get(key)}) if action.get("type") == kind else None

    return produces


def loader(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(do=action.get("do")) if action.get("type") == "loader" else None


def turn(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    """A compound command (``move SEC-a; move SEC-b; search``) in the notation /act takes."""
    return {"actions": SYSTEM.format(action)} if action.get("type") == BATCH else None


def visit(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "visit":
        return None
    return _filled(
        survivor=action.get("survivor"),
        place=action.get("place"),
        pick=action.get("pick"),
        take=action.get("take"),
        give=" ".join(action.get("give") or []),
    )


def recruit(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "recruit":
        return None
    return _filled(fallen=action.get("replace"), survivor=action.get("survivor"))


def vote(state: EndureState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(choice=action.get("choice"), route=action.get("route")) if action.get("type") == "vote" else None


search = _only("search")
leave = _only("leave")
exit_map = _only("exit")
reactivate = _only("reactivate")
end = _only("end")
use = item("use")
reorganise = item("equip")
discard = item("discard")
noise = count("noise", "level", "level")
salvage = count("salvage", "actions", "actions")

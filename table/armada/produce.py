"""How each Armada command types a legal action: ``Command.produces`` (the option texts with which the
command plays exactly that action), so /actions, the moves listing, labels and tests name actions as
players type them. Each action type has exactly one command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.armada import SYSTEM

from .names import extras_text

Options = dict[str, str] | None
Produces = Callable[[Any, int, dict[str, Any]], Options]
Action = dict[str, Any]

DECIDE_TYPES = ("retreat", "split", "agree", "vote", "knockout")
HERO_TYPES = ("lockon", "parley", "setface", "copy", "rose")


def _only(*kinds: str) -> Produces:
    """A command without options that plays these action types."""

    def produces(state: Any, seat: int, action: Action) -> Options:
        return {} if action.get("type") in kinds else None

    return produces


def _filled(**options: object) -> dict[str, str]:
    out = {}
    for name, value in options.items():
        if value in (None, "", []):
            continue
        out[name] = ",".join(map(str, value)) if isinstance(value, list) else str(value)
    return out


def travel(state: Any, seat: int, action: Action) -> Options:
    return _filled(to=action.get("to")) if action.get("type") == "travel" else None


def give(state: Any, seat: int, action: Action) -> Options:
    if action.get("type") != "give":
        return None
    return _filled(captain=action.get("to"), what=action.get("what"), value=action.get("value"))


def trade(state: Any, seat: int, action: Action) -> Options:
    if action.get("type") != "trade":
        return None
    return _filled(
        captain=action.get("to"),
        what=action.get("what"),
        value=action.get("value"),
        for_what=action.get("for_what"),
        for_value=action.get("for_value"),
    )


def answer(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind in ("accept_trade", "decline_trade"):
        return {"reply": str(kind).split("_")[0]}
    return {"reply": SYSTEM.format(action)} if kind in DECIDE_TYPES else None


def buy(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    return {} if kind == "shop" else _filled(module=action.get("module")) if kind == "buy" else None


def sell(state: Any, seat: int, action: Action) -> Options:
    return _filled(module=action.get("module")) if action.get("type") == "sell" else None


def configure(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind == "install":
        return _filled(station=action.get("station"), module=action.get("module"))
    return _filled(station=action.get("station"), module="storage") if kind == "store" else None


def hire(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    return {} if kind == "recruit" else _filled(hero=action.get("hero")) if kind == "hire" else None


def engage(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind == "fight":
        return _filled(target=action.get("fleet"), teammates=action.get("team"), frontline=action.get("frontline"))
    if kind == "challenge":
        return {"target": "savior"}
    return _filled(target=action.get("target")) if kind == "attack" else None


def mission(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind == "deliver":
        return {}
    return _filled(beacon=action.get("event"), teammates=action.get("team")) if kind == "mission" else None


def scan(state: Any, seat: int, action: Action) -> Options:
    return _filled(fleet=action.get("fleet")) if action.get("type") == "scan" else None


def roll(state: Any, seat: int, action: Action) -> Options:
    """``gather`` in Combat; ``done`` on an Away Mission (roll again)."""
    kind = action.get("type")
    if kind == "gather" or (kind == "done" and state.combat is None and state.mission is not None):
        return {}
    return None


def end_step(state: Any, seat: int, action: Action) -> Options:
    """``done`` in Combat, ``accept`` (the relay), ``close`` (shop, waystation), ``pass`` (ambush)."""
    kind = action.get("type")
    if kind in ("accept", "close", "pass") or (kind == "done" and state.combat is not None):
        return {}
    return None


def assign(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind == "suggested":
        return {"dice": "suggested"}
    if kind == "place":
        return _filled(dice=action.get("plan"))
    if kind != "assign" or action.get("station") == "escape":
        return None
    if "section" in action:
        return _filled(dice=action.get("die"), station=action.get("section"))
    target = extras_text(action, ("type", "die", "station"))
    return _filled(dice=action.get("die"), station=action.get("station"), target=target)


def reroll(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind == "relay":
        return {"dice": "enemy"}
    return _filled(dice=action.get("dice")) if kind == "reroll" else None


def escape(state: Any, seat: int, action: Action) -> Options:
    kind = action.get("type")
    if kind == "escape":
        return {}
    if kind == "assign" and action.get("station") == "escape":
        return _filled(die=action.get("die"), hull_to_one="yes" if action.get("hull_to_one") else None)
    return None


def sacrifice(state: Any, seat: int, action: Action) -> Options:
    return _filled(die=action.get("die")) if action.get("type") == "sacrifice" else None


def ram(state: Any, seat: int, action: Action) -> Options:
    if action.get("type") != "ram":
        return None
    return _filled(amount=action.get("amount", 1), target=extras_text(action, ("type", "amount")))


def hero(state: Any, seat: int, action: Action) -> Options:
    return {"ability": SYSTEM.format(action)} if action.get("type") in HERO_TYPES else None


start_turn = _only("begin")
end_turn = _only("end")
repair = _only("repair")
giveup = _only("giveup")

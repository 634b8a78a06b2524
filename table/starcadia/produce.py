"""How each Starcadia command types a legal action: ``Command.produces`` (the option texts with which the
command plays exactly that action), so /actions listings, labels and tests name actions as players type
them. Monsters are named by their board tag (WE1), heroes by their id, upgrades by their slug."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.starcadia import SYSTEM
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState

Options = dict[str, str] | None
Produces = Callable[[Any, int, dict[str, Any]], Options]

ANSWERS = ("guard", "monster", "shove", "defend", "place")
"""Decisions answered with ``/starcadia answer choice:<notation>`` (and a Payback's ``payback <uid>``)."""


def _filled(**options: object) -> dict[str, str]:
    return {name: str(value) for name, value in options.items() if value not in (None, "", [])}


def _slugs(tokens: list[str]) -> str:
    return ", ".join(CONTENT.upgrades[t].slug if t in CONTENT.upgrades else t for t in tokens)


def _figure(state: StarState, uid: object) -> str | None:
    m = E.find_monster(state, str(uid)) if uid else None
    return E.monster_tag(m) if m is not None else (str(uid) if uid else None)


def only(kind: str) -> Produces:
    """A command without options that plays the action type ``kind``."""

    def produces(state: StarState, seat: int, action: dict[str, Any]) -> Options:
        return {} if action.get("type") == kind and len(action) == 1 else None

    return produces


def pick(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(heroes=" ".join(action.get("heroes") or [])) if action.get("type") == "pick" else None


def claim(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "claim":
        return None
    place = " ".join(f"{h}:{s}" for h, s in (action.get("place") or {}).items())
    return _filled(slot=action.get("slot"), place=place)


def gear(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "gear":
        return None
    return {"hero": str(action.get("hero")), "tokens": _slugs(list(action.get("tokens") or [])) or "none"}


def prefs(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "prefs":
        return None
    reroll = {"on": "yes", "off": "no"}.get(str(action.get("reroll"))) if "reroll" in action else None
    return _filled(hero=action.get("hero"), reroll=reroll, reaction=action.get("reaction"))


def move(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "move":
        return None
    return _filled(path=" ".join(action.get("path") or []), hero=action.get("hero"))


def attack(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "attack":
        return None
    return _filled(
        target=_figure(state, action.get("target")),
        weapon=action.get("weapon"),
        boosts=", ".join(action.get("boosts") or []),
        hero=action.get("hero"),
        shove=action.get("shove"),
        grab=action.get("grab"),
    )


def use(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "use":
        return None
    return _filled(gadget=action.get("gadget"), hero=action.get("hero"), path=" ".join(action.get("path") or []))


def rest(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "rest":
        return None
    give = ", ".join(f"{g[0]}>{g[1]}" for g in action.get("give") or [])
    place = " ".join(f"{h}:{s}" for h, s in (action.get("place") or {}).items())
    return _filled(give=give, place=place)


def event(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "event":
        return None
    return _filled(figure=_figure(state, action.get("figure")), target=action.get("target"), spawn=action.get("spawn"))


def payback(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    """A Payback run: its path (``stay`` for none) and whether it attacks; none at all for the bot's run."""
    if action.get("type") != "payback" or "monster" in action:
        return None
    if "path" not in action and "attack" not in action:
        return {}
    path = " ".join(action.get("path") or []) or "stay"
    return {"path": path, "attack": "yes" if action.get("attack", True) else "no"}


def answer(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    """Any other mid-play decision, in the notation the suggestions offer."""
    kind = action.get("type")
    if kind in ANSWERS or (kind == "payback" and "monster" in action):
        return {"choice": SYSTEM.format(action)}
    return None


def keep(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    return {"tokens": _slugs(list(action.get("tokens") or [])) or "none"} if action.get("type") == "keep" else None


def take(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(token=_slugs([str(action.get("token"))])) if action.get("type") == "take" else None


def outfit(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "outfit":
        return None
    load = action.get("loadout") or {}
    return _filled(loadout="; ".join(f"{h}: {_slugs(list(toks)) or '-'}" for h, toks in load.items()))


def route(state: StarState, seat: int, action: dict[str, Any]) -> Options:
    return _filled(scenario=action.get("scenario")) if action.get("type") == "route" else None


end = only("end")

"""Actions in plain words for buttons and menus ("Edge: walk to C4 and hack", "Edge attacks WE1 with Pulse
Blade"), at most 80 characters. Monsters are named by their board tag, heroes by their names."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action

from . import board as B
from . import engine as E
from .content import CONTENT
from .state import StarState

MAX = 80
SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _hero(hid: object) -> str:
    card = CONTENT.heroes.get(str(hid))
    return card.name if card is not None else str(hid)


def _figure(state: StarState, uid: object) -> str:
    m = E.find_monster(state, str(uid))
    return E.monster_tag(m) if m is not None else str(uid)


def _target(state: StarState, tid: object) -> str:
    return _figure(state, tid) if E.find_monster(state, str(tid)) is not None else _hero(tid)


def _upgrade(ref: object) -> str:
    card = CONTENT.upgrade_by_ref(str(ref)) if ref else None
    return card.name if card is not None else str(ref)


def walk(path: list[str]) -> str:
    """A path in words: "walk to C4 (3 MP) and hack", "flip the door east", "stay".

    Remembered per path of plain words (a bounded table): every reply labels a dozen walks, mostly the same
    ones as the turn before."""
    if all(step.__class__ is str for step in path):
        return _walk(tuple(path))
    return _words(path)


@lru_cache(maxsize=2048)
def _walk(path: tuple[str, ...]) -> str:
    return _words(list(path))


def _words(path: list[str]) -> str:
    spaces = [p for p in path if B.parse_space(p) is not None]
    doors = [p.partition(":")[2] for p in path if p.startswith("door:")]
    if not spaces and doors:
        return "flip the door " + " and ".join(SIDES.get(d, d) for d in doors)
    if not spaces:
        return "stay"
    cost = sum(1 for p in path if p not in ("portal", "pickup"))
    words = f"walk to {spaces[-1]}"
    if "portal" in path:
        words += " by portal"
    words += f" ({cost} MP)"
    if path[-1] == "hack":
        words += " and hack"
    elif path[-1] == "pickup":
        words += " and pick up"
    return words


def _turn(state: StarState, action: Action) -> str | None:
    kind = action.get("type")
    if kind == "move":
        return f"{_hero(action.get('hero'))}: {walk(list(action.get('path') or []))}"
    if kind == "attack":
        boosts = " + ".join(_upgrade(b) for b in action.get("boosts") or [])
        weapon = _upgrade(action.get("weapon")) + (f" + {boosts}" if boosts else "")
        return f"{_hero(action.get('hero'))} attacks {_target(state, action.get('target'))} with {weapon}"
    if kind == "use":
        hero = _hero(action.get("hero"))
        if action.get("gadget") == "hoverboard":
            return f"{hero}: hoverboard, the ally can {walk(list(action.get('path') or []))}"
        return f"{hero} uses the {action.get('gadget')}"
    if kind == "end":
        return f"End {_hero(state.act.hero)}'s activation" if state.act.hero else "End the activation"
    if kind == "rest":
        return "Rest the crew (ready upgrades, revive)"
    return None


def _decision(state: StarState, action: Action) -> str | None:
    kind = action.get("type")
    if kind == "event":
        if "figure" in action:
            hunt = f", hunting {_hero(action['target'])}" if "target" in action else ""
            return f"Event: {_figure(state, action['figure'])} acts{hunt}"
        if "spawn" in action:
            return f"Event: spawn at {action['spawn']}"
        return "Event: the bot's choice"
    if kind == "payback":
        if "monster" in action:
            return f"{_figure(state, action['monster'])} pays back"
        if "path" not in action:
            return "Payback: the bot's choice"
        verb = "and attack" if action.get("attack", True) else "and hold the attack"
        return f"Payback: {walk(list(action.get('path') or []))} {verb}"
    if kind == "guard":
        return f"{_figure(state, action.get('monster'))} attacks first"
    if kind == "shove":
        return f"Shove to {action.get('to')}"
    if kind == "place":
        return f"The quest's monster appears at {action.get('space')}"
    if kind == "monster":
        target = action.get("target", "none")
        hit = "no attack" if target in ("none", "", None) else f"attack {_hero(target)}"
        moves = walk(list(action.get("path") or []))
        who = _figure(state, state.wait.monster) + ": " if state.wait is not None and state.wait.monster else ""
        return who + (f"{hit}, then {moves}" if action.get("first") == "attack" else f"{moves}, {hit}")
    if kind == "defend":
        reaction = action.get("reaction", "none")
        react = "no reaction" if reaction == "none" else f"react with {_upgrade(reaction)}"
        return f"Defend: {react}, rerolls {action.get('reroll', 'on')}"
    return None


def _setup(state: StarState, action: Action) -> str | None:
    kind = action.get("type")
    if kind == "pick":
        return "Pick " + " and ".join(_hero(h) for h in action.get("heroes") or [])
    if kind == "claim":
        return f"Claim shuttle slot {action.get('slot')}"
    if kind == "keep":
        return "Keep " + " and ".join(_upgrade(t) for t in action.get("tokens") or [])
    if kind == "take":
        return f"Take {_upgrade(action.get('token'))}"
    if kind == "outfit":
        return "Outfit the heroes" if action.get("loadout") else "Outfit the heroes evenly"
    if kind == "route":
        sid = str(action.get("scenario"))
        sc = CONTENT.scenarios.get(sid)
        return f"Go to scenario {sid}" + (f": {sc.title}" if sc else "")
    if kind == "gear":
        return f"{_hero(action.get('hero'))} carries " + (
            ", ".join(map(_upgrade, action.get("tokens") or [])) or "nothing"
        )
    if kind == "prefs":
        return f"Defence preferences of {_hero(action.get('hero'))}"
    return None


def action_label(state: StarState, action: Action) -> str | None:
    """The action in plain words (None for an action this module does not know)."""
    text = _turn(state, action) or _decision(state, action) or _setup(state, action)
    return text[:MAX] if text else None

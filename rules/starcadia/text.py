"""Starcadia's text forms: the notation of actions (format and parse) and the compact text of a state."""

from __future__ import annotations

from rules.core import Action, RuleError

from . import engine as E
from .state import StarState


def _step(word: str) -> str:
    """One step of a typed path in the engine's spelling: C4, portal, door:E, hack, pickup."""
    low = word.lower()
    if low in ("portal", "hack", "pickup"):
        return low
    if low.startswith("door:"):
        return "door:" + low[5:].upper()
    return word.upper()


def format_action(action: Action) -> str:
    """An action in the text notation players type (the inverse of :func:`parse_action`)."""
    kind = action.get("type")
    if kind == "move":
        return f"move {action.get('hero')} " + " ".join(map(str, action.get("path", [])))
    if kind == "attack":
        boosts = "".join([f" +{x}" for x in action.get("boosts", [])])
        shove = f" shove={action['shove']}" if action.get("shove") else ""
        grab = f" grab={action['grab']}" if action.get("grab") else ""
        return f"attack {action.get('hero')} {action.get('target')} with {action.get('weapon')}{boosts}{shove}{grab}"
    if kind == "use":
        extra = "".join(f" {p}" for p in action.get("path", []) or [])
        return f"use {action.get('hero')} {action.get('gadget')}{extra}"
    if kind == "rest":
        parts = ["rest"]
        for g in action.get("give", []) or []:
            parts.append(f"give:{g[0]}>{g[1]}" if isinstance(g, list | tuple) else f"give:{g}")
        for k, v in (action.get("place") or {}).items():
            parts.append(f"place:{k}@{v}")
        return " ".join(parts)
    if kind == "pick":
        return "pick " + " ".join(action.get("heroes", []))
    if kind == "keep":
        return " ".join(["keep", *(action.get("tokens") or [])])
    if kind == "take":
        return f"take {action.get('token')}"
    if kind == "route":
        return f"route {action.get('scenario')}"
    if kind == "payback" and "monster" in action:
        return f"payback {action['monster']}"
    if kind == "guard":
        return f"guard {action.get('monster')}"
    if kind == "shove":
        return f"shove {action.get('to')}"
    if kind == "place":
        return f"place {action.get('space')}"
    if kind == "monster":
        first = " first=attack" if action.get("first") == "attack" else ""
        words = ["monster", *[str(p) for p in action.get("path", [])], f"target={action.get('target', 'none')}"]
        return " ".join(words) + first
    if kind == "defend":
        return f"defend reaction={action.get('reaction', 'none')} reroll={action.get('reroll', 'on')}"
    if kind == "payback":
        if "path" not in action and "attack" not in action:
            return "payback"
        attack = "attack" if action.get("attack", True) else "hold"
        return " ".join(["payback", *[str(p) for p in action.get("path", [])], attack])
    if kind == "event":
        parts = ["event"]
        for key in ("figure", "target", "spawn"):
            if key in action:
                parts.append(f"{key}={action[key]}")
        return " ".join(parts)
    if kind == "outfit":
        load = action.get("loadout") or {}
        return " ".join(["outfit", *(f"{h}:{','.join(toks)}" for h, toks in load.items())])
    if kind == "claim":
        places = "".join(f" {h}@{s}" for h, s in (action.get("place") or {}).items())
        return f"claim {action.get('slot')}{places}"
    if kind == "gear":
        return f"gear {action.get('hero')} " + " ".join(action.get("tokens", []))
    if kind == "prefs":
        parts = [f"prefs {action.get('hero')}"]
        for key in ("reroll", "reaction"):
            if key in action:
                parts.append(f"{key}={action[key]}")
        return " ".join(parts)
    return str(kind)


def parse_action(text: str) -> Action:
    """A typed command as an action (not checked against the rules: ``apply`` does that)."""
    words = str(text).strip().split()
    if not words:
        raise RuleError("Type an action, e.g. move edge C3 C4, attack, rest or end.")
    if len(words) > 60:
        raise RuleError("That is far too long.")
    kind = words[0].lower()
    args = words[1:]
    if kind == "end":
        return {"type": "end"}
    if kind == "rest":
        give, place = [], {}
        for w in args:
            key, _, val = w.partition(":")
            if key.lower() == "give" and ">" in val:
                a, _, b2 = val.partition(">")
                give.append([a, b2.lower()])
            elif key.lower() == "place" and "@" in val:
                a, _, b2 = val.partition("@")
                place[a.lower()] = b2
            else:
                raise RuleError(f"'{w[:20]}' is not give:TOKEN>hero or place:hero@space.")
        action: Action = {"type": "rest"}
        if give:
            action["give"] = give
        if place:
            action["place"] = place
        return action
    if kind in ("move", "use", "gear", "prefs", "attack") and not args:
        raise RuleError(f"Say which hero: {kind} <hero> ...")
    if kind == "move":
        return {"type": "move", "hero": args[0].lower(), "path": args[1:]}
    if kind == "use":
        if len(args) < 2:
            raise RuleError("use <hero> <stimpack|recharge|hoverboard> [path for the ally]")
        action = {"type": "use", "hero": args[0].lower(), "gadget": args[1].lower()}
        if len(args) > 2:
            action["path"] = args[2:]
        return action
    if kind == "attack":
        if len(args) < 3:
            raise RuleError("attack <hero> <target> with <weapon> [+boost ...]")
        rest = [w for w in args[2:] if w.lower() != "with"]
        shove = [w.partition("=")[2].upper() for w in rest if w.lower().startswith("shove=")]
        grab = [w.partition("=")[2].lower() for w in rest if w.lower().startswith("grab=")]
        rest = [w for w in rest if not w.lower().startswith(("shove=", "grab="))]
        weapon = next((w for w in rest if not w.startswith("+")), None)
        if weapon is None:
            raise RuleError("Name the weapon: attack <hero> <target> with <weapon>.")
        boosts = [w[1:] for w in rest if w.startswith("+")]
        extra = {}
        if shove:
            extra["shove"] = shove[0]
        if grab:
            extra["grab"] = grab[0]
        if extra:
            return {
                "type": "attack",
                "hero": args[0].lower(),
                "target": args[1].lower(),
                "weapon": weapon,
                "boosts": boosts,
                **extra,
            }
        return {
            "type": "attack",
            "hero": args[0].lower(),
            "target": args[1].lower(),
            "weapon": weapon,
            "boosts": boosts,
        }
    if kind == "pick":
        return {"type": "pick", "heroes": [a.lower() for a in args]}
    if kind == "keep":
        return {"type": "keep", "tokens": args} if args else {"type": "keep"}
    if kind == "payback" and len(args) == 1 and "#" in args[0]:
        return {"type": "payback", "monster": args[0].lower()}
    if kind == "guard":
        if len(args) != 1:
            raise RuleError("guard <monster>, e.g. guard weeble#1")
        return {"type": "guard", "monster": args[0].lower()}
    if kind == "shove":
        if len(args) != 1:
            raise RuleError("shove <space>, e.g. shove C4")
        return {"type": "shove", "to": args[0].upper()}
    if kind == "place":
        if len(args) != 1:
            raise RuleError("place <space>, e.g. place C4")
        return {"type": "place", "space": args[0].upper()}
    if kind == "monster":
        target = "none"
        path = []
        first = ""
        for w in args:
            key, sep, val = w.partition("=")
            if sep and key.lower() == "target":
                target = val.lower() or "none"
            elif sep and key.lower() == "first":
                first = val.lower()
            else:
                path.append(_step(w))
        action = {"type": "monster", "path": path, "target": target}
        if first:
            action["first"] = first
        return action
    if kind == "defend":
        action = {"type": "defend", "reaction": "none", "reroll": "on"}
        for w in args:
            key, _, val = w.partition("=")
            if key.lower() not in ("reaction", "reroll") or not val:
                raise RuleError("defend reaction=<upgrade>|none reroll=on|off")
            action[key.lower()] = val.lower()
        return action
    if kind == "payback":
        if not args:
            return {"type": "payback"}
        if args[-1].lower() not in ("attack", "hold"):
            raise RuleError("payback [path ...] attack|hold")
        path = [_step(a) for a in args[:-1]]
        return {"type": "payback", "path": path, "attack": args[-1].lower() == "attack"}
    if kind == "event":
        action = {"type": "event"}
        for w in args:
            key, _, val = w.partition("=")
            if key.lower() not in ("figure", "target", "spawn") or not val:
                raise RuleError("event [figure=<monster>] [target=<hero>] [spawn=<space>]")
            action[key.lower()] = val if key.lower() == "spawn" else val.lower()
        return action
    if kind in ("take", "route"):
        if len(args) != 1:
            raise RuleError(f"{kind} <{'token' if kind == 'take' else 'scenario'}>")
        return {"type": kind, ("token" if kind == "take" else "scenario"): args[0]}
    if kind == "outfit":
        if not args:
            return {"type": "outfit"}
        load = {}
        for w in args:
            hid, sep, toks = w.partition(":")
            if not sep:
                raise RuleError("outfit <hero>:<token>,<token> <hero>:<token>,...")
            load[hid.lower()] = [x for x in toks.split(",") if x]
        return {"type": "outfit", "loadout": load}
    if kind == "claim":
        if not args or any("@" not in a for a in args[1:]):
            raise RuleError("claim <slot number> [hero@space ...]")
        action = {"type": "claim", "slot": int(args[0]) if args[0].isdigit() else args[0]}
        if len(args) > 1:
            action["place"] = {a.partition("@")[0].lower(): a.partition("@")[2].upper() for a in args[1:]}
        return action
    if kind == "gear":
        return {"type": "gear", "hero": args[0].lower(), "tokens": args[1:]}
    if kind == "prefs":
        action = {"type": "prefs", "hero": args[0].lower()}
        for w in args[1:]:
            key, _, val = w.partition("=")
            if key.lower() not in ("reroll", "reaction") or not val:
                raise RuleError("prefs <hero> reroll=on|off reaction=<upgrade>|none")
            action[key.lower()] = val.lower() if key.lower() == "reroll" else val
        return action
    raise RuleError(f"Unknown action '{kind[:15]}'. Try move, attack, use, rest or end.")


def describe(state: StarState) -> str:
    """The compact text form of a state, for tests and logs."""
    lines = [
        f"starcadia s{state.scenario} {state.phase} turn {state.turn_no} seat {state.current}"
        f" ({state.seats[state.current]})"
    ]
    if state.pending_event:
        lines.append(f"event {state.pending_event} waits for choices")
    if state.wait is not None:
        w = state.wait
        lines.append(f"waiting: {w.kind} by seat {w.seat} ({w.monster or w.hero}: {' '.join(w.options)})")
    if state.payback is not None:
        lines.append(f"payback {state.payback.monster} vs {state.payback.hero} by seat {state.payback.seat}")
    if state.act.hero:
        a = state.act
        lines.append(f"active {a.hero} mp={a.mp}{' moved' if a.moved else ''}{' attacked' if a.attacked else ''}")
    for c in state.crews:
        hs = []
        for hid in c.heroes:
            h = E.find_hero(state, hid)
            where = "dead" if h.dead else (h.pos or "-")
            ups = " ".join(u.id + ("*" if u.exhausted else "") for u in h.upgrades)
            extra = ("".join(f" {g}" for g in h.gadgets + h.quest_tokens)) + (" dazed" if h.dazed else "")
            hs.append(f"{hid}@{where} w{h.wounds}/{E.hero_life(h)} [{ups}]{extra}")
        lines.append(
            f"{c.colour} {c.vt}VT {c.badges}b shuttle={c.shuttle + 1 if c.shuttle >= 0 else '-'}: " + "; ".join(hs)
        )
    if state.monsters:
        lines.append(
            "monsters: " + " ".join(f"{m.uid}@{m.pos} w{m.wounds}{' dazed' if m.dazed else ''}" for m in state.monsters)
        )
    pve = state.pve
    qs = " ".join(q + ("*" if q in state.done else "") for q in pve)
    pvp = " ".join(q for q in state.done if q.startswith("pvp-"))
    lines.append(f"quests: {qs} | pvp done: {pvp or '-'} | deck {len(state.deck)}")
    if state.phase == "play":
        lines.append(E.end_condition(state))
    doors = " ".join(f"{d}={'open' if o else 'shut'}" for d, o in state.doors.items())
    toks = " ".join(f"{s}:{'+'.join(t)}" for s, t in sorted(state.tokens.items()))
    lines.append(f"doors: {doors or '-'} | tokens: {toks or '-'}")
    return "\n".join(lines)

"""Endure the Stars in plain words: button labels for actions and the status summary of /game status.

Both read only what every player may see (they never look at radar contents or decks), so they are
safe to show in public whatever state they are given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .content import content
from .state import EndureState, Survivor
from .world import obj_specs, sname

LABEL_MAX = 80
"""Discord's limit for a button label."""


CLASS_TAGS = {
    "Captain": "Ca", "Marine": "Ma", "Medic": "Md", "Scout": "Sc", "Psychic": "Ps", "Engineer": "En",
    "Technician": "Te",
}  # fmt: skip
"""A class's two letters on the map picture (an L in front: in the Exo Loader)."""


def name_key(text: object) -> str:
    """A typed name for comparing: lower case, runs of spaces, underscores and hyphens as one hyphen."""
    return re.sub(r"[\s_-]+", "-", str(text or "").strip().lower()).strip("-")


def class_tag(klass: str) -> str:
    return CLASS_TAGS.get(klass, klass[:2])


def short_name(key: str) -> str:
    """A survivor's display name without its class: "Kovac" for Marine Kovac, "Unit K-7"."""
    card = content().survivors[key]
    head, _, rest = card.name.partition(" ")
    return rest if rest and head.lower() == card.klass.lower() else card.name


def card_names(key: str) -> set[str]:
    r"""A survivor card's own names (as :func:`name_key`\ s): id, display name, short name, last word."""
    card = content().survivors[key]
    return {name_key(n) for n in (key, card.name, short_name(key), card.name.split()[-1])}


def survivor_names(st: EndureState, i: int) -> set[str]:
    """Every name survivor ``i`` answers to: its card's names, its number, class, map tag and player
    (the last ones may fit several survivors)."""
    s = st.survivors[i]
    klass = content().survivors[s.key].klass
    shared = {name_key(w) for w in (klass, class_tag(klass), "l" + class_tag(klass), st.seats[s.seat])}
    return card_names(s.key) | {str(i)} | shared


def item_name(key: object) -> str:
    card = content().items.get(str(key))
    if card is not None:
        return card.name
    return content().loader.name if key == "loader" else str(key)


def enemy_name(kind: str, n: int = 1) -> str:
    e = content().enemies.get(kind)
    name = e.name if e else kind
    return name if n == 1 or name.endswith("s") else f"{name}s"


def survivor_called(st: EndureState, key: object) -> str:
    """A survivor's display name from its key (or index); the text itself when it names nobody."""
    for i, s in enumerate(st.survivors):
        if key in (s.key, i):
            return sname(s)
    card = content().survivors.get(str(key))
    return card.name if card is not None else str(key)


def goal_text(goal: str) -> str:
    """A mission goal in words; alternatives (``a|b``) joined by 'or'."""
    out = []
    for part in goal.split("|"):
        head, _, colour = part.partition(":")
        out.append(content().text("goal", head, colour))
    return " — or — ".join(out)


def _acting(st: EndureState) -> int | None:
    if st.phase != "survivors" or st.turn_pos >= len(st.order):
        return None
    return st.order[st.turn_pos]


# -- button labels --------------------------------------------------------------------------------------------


def action_label(st: EndureState, action: Mapping[str, Any]) -> str:
    """An action in plain words, at most :data:`LABEL_MAX` characters ("Move to SEC-a")."""
    words = _label(st, action)
    return words if len(words) <= LABEL_MAX else words[: LABEL_MAX - 1] + "…"


def _label(st: EndureState, a: Mapping[str, Any]) -> str:
    t = str(a.get("type", ""))
    si = _acting(st)
    me = st.survivors[si] if si is not None else None
    if t == "batch":
        return "; ".join(_label(st, step) for step in a.get("actions") or [] if isinstance(step, Mapping))
    if t == "move":
        path = a.get("zones") or [a.get("zone")]
        return "Move to " + " → ".join(str(z) for z in path)
    if t == "attack":
        what = f"the {_objective_name(st, a['object'])}" if a.get("object") else str(a.get("zone"))
        text = f"Attack {what} with {item_name(a.get('weapon'))}"
        if a.get("kill"):
            text += ", " + " then ".join(enemy_name(k, 2) for k in a["kill"]) + " first"
        return text
    if t == "search":
        return "Search this room"
    if t == "keep":
        card = a.get("item") or (me.found[0].card if me is not None and me.found else "find")
        return f"Keep the {item_name(card)}" + (f", drop the {item_name(a['drop'])}" if a.get("drop") else "")
    if t == "leave":
        found = me.found[0].card if me is not None and me.found else ""
        return f"Leave the {item_name(found)} behind" if found else "Leave the find behind"
    if t == "interact":
        return f"Use the {_objective_name(st, a['objective'])}" if a.get("objective") else "Use what is here"
    if t in ("ability", "reward"):
        return _power_label(st, me, a)
    if t == "trade":
        bits = []
        if a.get("give"):
            bits.append("give " + " and ".join(item_name(k) for k in a["give"]))
        if a.get("take"):
            bits.append("take " + " and ".join(item_name(k) for k in a["take"]))
        return f"Trade with {survivor_called(st, a.get('with'))}: " + ", ".join(bits)
    if t == "answer":
        return "Accept the trade" if a.get("accept") is True else "Turn the trade down"
    if t == "use":
        return f"Use the {item_name(a.get('item'))}" + (f" on {a['zone']}" if a.get("zone") else "")
    if t == "equip":
        return f"Put on the {item_name(a.get('item'))}"
    if t == "discard":
        return f"Throw away the {item_name(a.get('item'))}"
    if t == "noise":
        n = a.get("level")
        return f"Make noise, level {n} ({n} action{'s' if n != 1 else ''})"
    if t == "exit":
        return "Leave the map through this exit"
    if t == "loader":
        return "Climb into the Exo Loader" if a.get("do") == "enter" else "Climb out of the Exo Loader"
    if t == "reactivate":
        return "Reprogram the Sentry here"
    if t == "salvage":
        n = a.get("actions")
        return f"Salvage the Sentry ({n} action{'s' if n != 1 else ''})"
    if t == "end":
        return f"End {sname(me)}'s turn" if me is not None else "End the turn"
    if t in ("visit", "recruit", "vote"):
        return _refuge_label(st, a)
    return t


def _objective_name(st: EndureState, oid: object) -> str:
    o = next((o for o in st.objectives if o.id == oid), None)
    if o is None:
        return f"objective {oid}"
    spec = obj_specs(st).get(o.id)
    what = content().text("objective", spec.hook) if spec is not None else ""
    head = f"{o.colour} objective"
    return f"{head} ({what})" if what and len(what) < 30 else head


def _power_label(st: EndureState, me: Survivor | None, a: Mapping[str, Any]) -> str:
    """An ability or reward with its name and target."""
    name = ""
    if me is not None:
        card = content().survivors[me.key]
        if a.get("type") == "ability":
            name = (card.crisis if a.get("which") == "crisis" else card.active).name
        elif me.accomplishment in content().accomplishments:
            name = content().accomplishments[me.accomplishment].name
    head = ("Crisis" if a.get("which") == "crisis" else "Active") if a.get("type") == "ability" else "Reward"
    text = f"{head}: {name}" if name else head
    if a.get("target") is not None:
        text += f" on {survivor_called(st, a['target'])}"
    if a.get("zone"):
        text += f" to {a['zone']}" if a.get("target") is not None else f" at {a['zone']}"
    if a.get("door"):
        text += " on the door " + str(a["door"]).replace("|", "–")
    if a.get("zones"):
        text += " to " + " → ".join(str(z) for z in a["zones"])
    if a.get("kind"):
        text += f" ({enemy_name(str(a['kind']))})"
    return text


def _refuge_label(st: EndureState, a: Mapping[str, Any]) -> str:
    t = a.get("type")
    if t == "recruit":
        return f"Replace {survivor_called(st, a.get('replace'))} with {survivor_called(st, a.get('survivor'))}"
    if t == "vote":
        if a.get("choice") == "stay":
            return "Vote to stay another round"
        route = a.get("route")
        missions = content().missions
        return f"Vote to leave for {route} {missions[route].name}" if route in missions else "Vote to leave"
    who = survivor_called(st, a.get("survivor"))
    place = str(a.get("place"))
    if place == "quarters":
        return f"{who}: rest in the Quarters (+{'1 Health' if a.get('pick') == 'health' else '2 Resolve'})"
    if place == "trading-post":
        gives = " and ".join(item_name(k) for k in a.get("give") or [])
        return f"{who}: Trading Post, {item_name(a.get('take'))} for {gives}"
    return f"{who}: visit the {content().texts['place'].get(place, place).split(' (')[0]}"


# -- /game status ----------------------------------------------------------------------------------------------


def status_lines(st: EndureState) -> list[str]:
    """Round, mission goals, each survivor's Health, Resolve and actions, and whose turn it is."""
    c = content()
    m = c.missions[st.mission]
    head = f"{m.key} {m.name} · round {st.round}"
    if st.event and st.event in c.events:
        head += f" · event: {c.events[st.event].name}"
    lines = [head]
    if st.phase == "refuge":
        lines.append(f"At the Refuge (track {st.refuge_track}); next: {' or '.join(st.next_options)}.")
    else:
        lines += [f"Goal: {goal_text(g)} {'✓' if _goal_seen_met(st, g) else '…'}" for g in m.goals]
        open_objs = [o for o in st.objectives if not o.done and o.carried_by < 0]
        if st.objectives:
            lines.append(f"Objectives: {len(st.objectives) - len(open_objs)}/{len(st.objectives)} done or carried.")
    acting = _acting(st)
    for i, s in enumerate(st.survivors):
        lines.append(_survivor_line(st, i, s, acting))
    if acting is not None:
        s = st.survivors[acting]
        lines.append(f"Now: {sname(s)}'s turn ({st.seats[s.seat]}).")
    return lines


def _survivor_line(st: EndureState, i: int, s: Survivor, acting: int | None) -> str:
    who = f"{sname(s)} ({st.seats[s.seat]})"
    if not s.alive:
        return f"{who}: dead"
    if s.exited:
        return f"{who}: left the map"
    text = f"{who}: Health {max(0, s.health)}/{s.max_health} · Resolve {s.resolve} · {s.zone}"
    if i == acting:
        text += f" · {s.actions} action{'s' if s.actions != 1 else ''} left ◀"
    return text


def _goal_seen_met(st: EndureState, goal: str) -> bool:
    """Whether a goal is plainly met, judged only on what everyone sees (a hidden boss contact is not read)."""
    if "|" in goal:
        return any(_goal_seen_met(st, g) for g in goal.split("|"))
    head, _, colour = goal.partition(":")
    if head == "kill_marked":
        return not any(t.marked for t in st.radar) and not any(e.marked for e in st.enemies)
    if head == "kill_all":
        return not st.radar and not st.enemies
    if head == "kill_boss":
        return st.boss_seen and not st.bosses
    if head == "exit_all":
        alive = [s for s in st.survivors if s.alive]
        return bool(alive) and all(s.exited for s in alive)
    if head in ("collect", "deliver"):
        objs = [o for o in st.objectives if o.colour == colour]
        done = (lambda o: o.delivered) if head == "deliver" else (lambda o: o.done)
        return bool(objs) and all(done(o) for o in objs)
    if head == "pin":
        return st.pinned
    if head == "escorted":
        return colour.isdigit() and st.escaped >= int(colour)
    return False

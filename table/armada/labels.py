"""How Armada's things read in suggestions, listings and private views: dice, captains, ships,
fleets, planets, modules, heroes, stations, events and the choices the rules give a captain."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.armada.choices import split_name
from rules.armada.combat import enemy_def, ship_by_number
from rules.armada.content import CONTENT as C
from rules.armada.finals import event_for
from rules.armada.helpers import face_name, module_at, station_of
from rules.armada.planning import hire_cost, price
from rules.armada.state import Die, Fleet, State
from rules.core.grammar import count

from .names import die_by_id, isnum


def clip(text: str, n: int = 100) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def sym(req: Iterable[str]) -> str:
    """Symbols in words; an entry with a ``/`` names alternatives ("Tactical or Engineering")."""
    names = [" or ".join(face_name(alt) if alt != "*" else "any" for alt in s.split("/")) for s in req]
    return " + ".join(names) if names else "no crew (works on its own)"


def effect_text(mid: str) -> str:
    """What one activation of a module does: its one-line description from data/armada/modules.toml."""
    m = C.modules.get(mid)
    return m.text if m is not None else ""


def die_text(die: Die) -> str:
    who = C.heroes[die.hero].name if die.hero else "crew"
    face = face_name(die.face) if die.face else "not rolled"
    return f"#{die.id} {who}: {face}"


def die_where(die: Die) -> str:
    return {
        "crew": "ready",
        "rolled": "rolled, waiting",
        "station": f"on station {die.station}" if die.station <= 6 else "on a card",
        "infirmary": "in the Infirmary",
        "locked": f"locked on station {die.station}",
        "escape": "on the Escape card",
        "mission": f"on section {die.section + 1}",
    }.get(die.loc, die.loc)


def captain_label(state: State, seat: int) -> str:
    p = state.players[seat]
    crit = ", CRITICAL" if p.critical else ""
    return f"{seat + 1}: {state.seats[seat]} ({C.ships[p.ship].name} at {p.planet}{crit})"


def ship_name(state: State, fleet: Fleet, number: int) -> str:
    """The enemy ship with this number (kept for the whole fight, see ``combat.ship_number``)."""
    ship = ship_by_number(state, fleet, number)
    if ship is None:
        return f"{number}: no such ship"
    if ship.card == "?" or not ship.revealed:
        return f"{number}: face-down ship"
    e = enemy_def(ship)
    return f"{number}: {e.name} (hull {e.hull - ship.damage}/{e.hull}, shields {ship.shields})"


def fleet_label(state: State, fleet: Fleet) -> str:
    hidden = sum(1 for s in fleet.ships if not s.revealed or s.card == "?")
    shown = [enemy_def(s).name for s in fleet.ships if s.revealed and s.card != "?"]
    parts = shown + ([f"{hidden} unknown"] if hidden else [])
    return f"Fleet {fleet.token} at {fleet.planet}: {count(len(fleet.ships), 'ship')} ({', '.join(parts) or 'empty'})"


def planet_label(state: State, planet: str) -> str:
    tags = []
    if planet in C.planets:
        if C.planets[planet].shipyard:
            tags.append("shipyard")
        if C.planets[planet].waystation:
            tags.append("waystation")
    fleets = sum(1 for f in state.fleets if f.planet == planet)
    beacons = sum(1 for b in state.beacons if b.planet == planet)
    extra = f" · {count(fleets, 'fleet')}, {count(beacons, 'beacon')}"
    return f"{planet}" + (f" ({', '.join(tags)})" if tags else "") + extra


def short_req(req: Iterable[str]) -> str:
    letters = "".join(req)
    return letters if letters else "passive"


def module_label(state: State, seat: int, mid: str, *, with_price: bool = False) -> str:
    m = C.modules.get(mid)
    if m is None:
        return mid
    cost = f" · {price(state, seat, mid)} cr" if with_price else ""
    return f"{m.name} [{mid}]{cost} · {short_req(m.req)}: {effect_text(mid)}"


def hero_label(state: State, seat: int, hid: str) -> str:
    h = C.heroes.get(hid)
    if h is None:
        return hid
    return f"{h.name} [{hid}] · {hire_cost(state, seat, hid)} cr · {h.role}: {h.text}"


def station_label(state: State, seat: int, value: object) -> str:
    text = str(value)
    if text == "infirmary":
        n = sum(1 for d in state.dice if d.owner == seat and d.loc == "infirmary")
        return f"infirmary: a Medical die brings back {n} crew"
    if text == "escape":
        return "escape: the Escape card"
    if text == "swap":
        return "swap: the Swap card (Frontline badge)"
    if isnum(text):
        n = int(text)
        p = state.players[seat]
        m = module_at(p, n)
        if m is None:
            return f"{n}: empty"
        off = " [OFFLINE: Engineering brings it back]" if station_of(p, n).offline and not m.never_offline else ""
        return f"{n}: {m.name} (needs {sym(m.req)}){off}"
    return text


def extras_label(state: State, action: Mapping[str, Any]) -> str:
    c = state.combat
    parts = []
    target = action.get("target")
    if target not in (None, "") and c is not None:
        fleet = next((f for f in state.fleets if f.token == c.fleet), None)
        if fleet is not None and isnum(str(target)) and ship_by_number(state, fleet, int(target)) is not None:
            parts.append("target " + ship_name(state, fleet, int(target)))
        else:
            parts.append(f"target {target}")
    for key in ("action", "mode", "ally", "crew", "hull_to_one"):
        if key in action:
            value = action[key]
            if key == "ally":
                value = state.seats[int(value) - 1]
            parts.append(f"{key} {value}")
    return ", ".join(parts)


def hero_move_label(state: State, a: Mapping[str, Any]) -> str:
    kind = a["type"]
    die = die_by_id(state, a.get("die"))
    d = die_text(die) if die else f"#{a.get('die')}"
    if kind == "lockon":
        return f"Lock On: keep {d} for next round"
    if kind == "parley":
        crew = die_by_id(state, a.get("crew"))
        named = die_text(crew) if crew else a.get("crew")
        return f"Parley: send {named} to the Infirmary, set {d} to {face_name(str(a.get('face')))}"
    if kind == "setface":
        return f"Kino: set {d} to {face_name(str(a.get('face')))}"
    if kind == "copy":
        src = die_by_id(state, a.get("source"))
        return f"Setsuna: copy {die_text(src) if src else a.get('source')}"
    if kind == "rose":
        return f"Rose Palroy: pair with die #{a.get('target')}"
    return ""


def event_line(number: int, planet: str, extra: str = "") -> str:
    e = event_for(number)
    tags = []
    if e.prime:
        tags.append("PRIME")
    if e.kind != "normal":
        tags.append(e.kind)
    if e.entry_cost:
        tags.append(f"costs {e.entry_cost} cr per member")
    rows = " / ".join(" ".join(f"[{sym(sec)}]" for sec in row) for row in e.rows)
    hazard = e.hazard.get("kind", "none")
    if hazard == "damage":
        hazard = f"{e.hazard.get('amount')} {e.hazard.get('dtype')} damage ({e.hazard.get('scope')})"
    elif hazard == "spawn":
        hazard = f"{count(int(e.hazard.get('ships', 0)), 'enemy ship')} arrive"
    elif hazard == "td":
        hazard = count(int(e.hazard.get("count", 0)), "Threat card")
    elif hazard == "drain":
        hazard = f"ships here lose {e.hazard.get('amount')} shield"
    elif hazard == "block_hire":
        hazard = "nobody can hire heroes"
    reward = f"{e.credits} cr" + (f" + data ({e.data})" if e.data else "")
    penalty = ", ".join(x for x in [f"{e.td} Threat" if e.td else "", f"{e.hull} Hull" if e.hull else ""] if x)
    cargo = f" · carry {C.modules[e.cargo].name} to {e.deliver_to}" if e.cargo else ""
    head = f"**{number}** {e.name} at {planet}" + (f" ({', '.join(tags)})" if tags else "") + extra
    return f"{head} — sections {rows} · hazard: {hazard} · reward {reward} · failure: {penalty or 'nothing'}{cargo}"


def deciding(state: State) -> bool:
    """A choice the rules give a captain is open (fall back, scrap split, vote, knocked-out die)."""
    c = state.combat
    return bool(state.retreats) or state.split is not None or state.vote is not None or bool(c and c.knockouts)


def waiting_choice(state: State) -> str:
    if state.retreats:
        return ", ".join(state.seats[r.seat] for r in state.retreats) + " choosing where to fall back"
    if state.split is not None:
        return f"the team agreeing on the {split_name(state.split)} split"
    if state.vote is not None:
        return "the captains voting on a tie"
    c = state.combat
    if c is not None and c.knockouts:
        return ", ".join(state.seats[s] for s in c.knockouts) + " choosing a knocked-out die"
    return "nothing"


def decide_label(state: State, action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    if kind == "retreat":
        return f"Fall back to {planet_label(state, str(action.get('to')))}"
    if kind == "agree" and state.split is not None:
        shares = ", ".join(
            f"{state.seats[m]} {n}" for m, n in zip(state.split.members, state.split.shares, strict=True)
        )
        return f"Accept the split: {shares}"
    if kind == "split" and state.split is not None:
        raw = action.get("shares", [])
        shares = ", ".join(f"{state.seats[m]} {n}" for m, n in zip(state.split.members, raw, strict=False))
        return f"Propose: {shares}"
    if kind == "vote":
        return f"Vote for {captain_label(state, int(action.get('for', 1)) - 1)}"
    if kind == "knockout":
        die = die_by_id(state, action.get("die"))
        return f"Send {die_text(die) if die else action.get('die')} to the Infirmary"
    return str(kind)

"""Words the Endure commands show: suggestion labels for zones, weapons, survivors and choices, and the
lines at the top of ``/endure help``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.endure import content
from rules.endure.state import EndureState
from rules.endure.words import enemy_name, item_name, short_name
from rules.endure.world import the_board

HELP_INTRO = (
    "Your survivor acts with these commands, one action at a time, or several at once with "
    "`/endure turn actions:move SEC-a; move SEC-b; search` (the line stops as soon as something turns up, "
    "enemies come into sight or someone is hurt, and hands the choice back to you).",
    "New here? `/endure briefing` says how to win; the map's symbols: `/rules system:endure topic:board`. "
    "Careful: ranged misses can hit survivors standing in the zone you shoot at.",
    "Survivors answer to their name (Marine Kovac), short name (Kovac), id (marine-a), class or map tag (Ma); "
    "zones to their id in any case (sec-a) or their label.",
)


def text(section: str, key: str, colour: str = "") -> str:
    """The player words for an engine key (data/endure/texts.toml)."""
    return content().text(section, key, colour)


def enemies_in(st: EndureState, zone: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in st.enemies:
        if e.zone == zone:
            out[e.kind] = out.get(e.kind, 0) + 1
    return out


def zone_label(st: EndureState, zone: str, shooter: int | None = None) -> str:
    """A zone for a suggestion: id, kind, enemies, radar contacts and who stands there (a shooter is
    warned that ranged misses may hit them)."""
    info = the_board(st).zones.get(zone)
    bits = [zone]
    if info is not None:
        bits.append(info.label or info.kind)
    here = enemies_in(st, zone)
    if here:
        bits.append(", ".join(f"{n} {enemy_name(k, n)}" for k, n in here.items()))
    radar = sum(1 for r in st.radar if r.zone == zone)
    if radar:
        bits.append(f"{radar} radar contact" + ("s" if radar > 1 else ""))
    mates = [
        content().survivors[s.key].name
        for i, s in enumerate(st.survivors)
        if s.zone == zone and s.alive and not s.exited and i != shooter
    ]
    if mates:
        bits.append(", ".join(mates) + (" (ranged misses may hit them)" if shooter is not None else ""))
    return " · ".join(bits)


def weapon_label(key: str) -> str:
    profile: Any = content().loader if key == "loader" else content().items.get(key)
    if profile is None:
        return key
    return f"{item_name(key)} (range {profile.range}, {profile.dice} dice {profile.hit}+, noise {profile.noise})"


def survivor_label(st: EndureState, key: str) -> str:
    """ "Marine Kovac (Kovac, marine-a; alice, SEC-b, Health 10)"."""
    for s in st.survivors:
        if s.key == key:
            name = content().survivors[key].name
            return f"{name} ({short_name(key)}, {key}; {st.seats[s.seat]}, {s.zone}, Health {s.health})"
    return key


def choice_value(action: Mapping[str, Any]) -> str:
    """The one extra value an ability or reward action carries, as typed in ``choice:``."""
    parts = []
    if action.get("target") is not None:
        parts.append(str(action["target"]))
    if action.get("zone"):
        parts.append(str(action["zone"]))
    if action.get("door"):
        parts.append(str(action["door"]))
    if action.get("zones"):
        parts += [str(z) for z in action["zones"]]
    return " ".join(parts)


def choice_label(st: EndureState, action: Mapping[str, Any]) -> str:
    if action.get("target") is not None and action.get("zone"):
        return f"{survivor_label(st, str(action['target']))} → {action['zone']}"
    if action.get("target") is not None:
        return survivor_label(st, str(action["target"]))
    if action.get("zone"):
        return zone_label(st, str(action["zone"]))
    if action.get("door"):
        return "door " + str(action["door"]).replace("|", " – ")
    if action.get("zones"):
        return "path " + " → ".join(action["zones"])
    return "(no choice needed)"

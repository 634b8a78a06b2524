"""What the last update changed, read from its public events: who was hit or moved, which planets,
fleets and beacons were named. The pictures frame these so a returning player sees them at once."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.armada.state import State
from rules.core import Event

HIT = re.compile(r" hits (.+?) for (\d+) ")
MOVED = re.compile(r"^(.+?) travels to ")
FLEET = re.compile(r"\b[Ff]leet (\d+)\b")
BEACON = re.compile(r"\b(?:Distress Beacon|Beacon|Hazard|event|Event) (\d+)\b")


def recent_changes(state: State, events: Sequence[Event]) -> tuple[dict[int, int], set[int]]:
    """From the last action's public events: damage each captain just took, and who just moved."""
    seat_of = {name: i for i, name in enumerate(state.seats)}
    hits: dict[int, int] = {}
    moved: set[int] = set()
    for e in events:
        if e.visible_to is not None:
            continue
        m = HIT.search(e.text)
        if m and m.group(1) in seat_of:
            hits[seat_of[m.group(1)]] = hits.get(seat_of[m.group(1)], 0) + int(m.group(2))
        m = MOVED.match(e.text)
        if m and m.group(1) in seat_of:
            moved.add(seat_of[m.group(1)])
    return hits, moved


@dataclass
class Changes:
    hits: dict[int, int] = field(default_factory=dict)
    moved: set[int] = field(default_factory=set)
    planets: set[str] = field(default_factory=set)
    fleets: set[int] = field(default_factory=set)
    beacons: set[int] = field(default_factory=set)
    lines: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.hits or self.moved or self.planets or self.fleets or self.beacons)


def changes(state: State, events: Sequence[Event], planets: Sequence[str]) -> Changes:
    public = [e for e in events if e.visible_to is None]
    hits, moved = recent_changes(state, public)
    text = " ".join(e.text for e in public)
    return Changes(
        hits=hits,
        moved=moved,
        planets={p for p in planets if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)},
        fleets={int(n) for n in FLEET.findall(text)},
        beacons={int(n) for n in BEACON.findall(text)},
        lines=[e.text for e in public],
    )

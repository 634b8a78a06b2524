"""Endure the Stars: geometry on the live board, which the survivors' commands, the enemy phase and
the bots all ask about: open doors (lockdown, doors opened, shut or smashed), ways out of a zone,
crowds and capacity, sight lines and route searches.

While :func:`remembered` holds (``legal()``, and the enemies' attention: neither moves a model nor
touches a door), each zone's sight lines, ways out and distances are worked out once per state;
:func:`recall` keeps them. Everything here reads the state only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from .content import Board, board, content
from .state import EndureState, Survivor

_memo: dict[tuple[Any, ...], Any] | None = None
"""Sight lines, ways out and move limits already worked out, while :func:`remembered` holds."""


@contextmanager
def remembered() -> Iterator[None]:
    """While the block runs, no model moves and no door changes (``legal()``, the enemies' attention): the
    geometry of each zone is worked out once per state, not once per command or enemy considered."""
    global _memo
    outer = _memo
    if outer is None:
        _memo = {}
    try:
        yield
    finally:
        if outer is None:
            _memo = None


def recall(name: str, st: EndureState, key: object, work: Callable[[], Any]) -> Any:
    if _memo is None:
        return work()
    slot = (name, id(st), key)
    if slot not in _memo:
        _memo[slot] = work()
    return _memo[slot]


_openings: dict[tuple[Any, ...], Any] | None = None
"""Ways out and sight lines already worked out, while :func:`doors_stay` holds."""


@contextmanager
def doors_stay() -> Iterator[None]:
    """While the block runs, models move but no door, opening or event changes (the enemy phase): each
    zone's ways out and sight lines are worked out once per state, not once per route search or look."""
    global _openings
    outer = _openings
    if outer is None:
        _openings = {}
    try:
        yield
    finally:
        if outer is None:
            _openings = None


def doors_held() -> bool:
    """Whether a :func:`doors_stay` block holds (a nested one would only add its own cost)."""
    return _openings is not None


def _by_openings(name: str, st: EndureState, key: object, work: Callable[[], Any]) -> Any:
    """:func:`recall` for what only the openings decide, also kept while :func:`doors_stay` holds.
    The phase's store comes first: what the enemies' attention (a :func:`remembered` block inside the
    phase) works out serves their moves too, and the other way round. (The hot readers below,
    :func:`exits` and :func:`sight`, inline this: they run thousands of times per enemy phase. Nothing
    kept here is ever None.)"""
    store = _openings if _openings is not None else _memo
    if store is None:
        return work()
    slot = (name, id(st), key)
    found = store.get(slot)
    if found is None:
        found = store[slot] = work()
    return found


def the_board(st: EndureState) -> Board:
    return board(st.mission)


def on_map(s: Survivor) -> bool:
    return s.alive and not s.exited


# ---------------------------------------------------------------------------------------------
# geometry on the live board


def event_effect(st: EndureState) -> str:
    effect = content().events[st.event].effect if st.event else ""
    return "" if effect in st.fixed else effect


def gravity(st: EndureState) -> bool:
    return event_effect(st) == "gravity"


def blackout(st: EndureState) -> bool:
    return event_effect(st) == "blackout"


def opening_open(st: EndureState, oid: str) -> bool:
    if oid in st.extra_openings:
        return True
    op = the_board(st).openings[oid]
    if not op.door:
        return True
    if event_effect(st) == "lockdown":
        return False
    return st.doors.get(oid, "open") == "open"


def exits(st: EndureState, zone: str) -> list[tuple[str, str, str]]:
    """(opening id, neighbour, direction) for every way out of ``zone`` that is open now."""
    store = _openings if _openings is not None else _memo
    if store is None:
        return _exits(st, zone, _shut(st))
    slot = ("exits", id(st), zone)
    found = store.get(slot)
    if found is None:
        found = store[slot] = _exits(st, zone, _closed(st))
    return found


def _exits(st: EndureState, zone: str, shut: frozenset[str] | None = None) -> list[tuple[str, str, str]]:
    """The ways out of ``zone``; ``shut`` (from :func:`_shut`) saves asking each opening in turn."""
    b = the_board(st)
    if shut is None:
        out = [e for e in b.exits[zone] if opening_open(st, e[0])]
    else:
        out = [e for e in b.exits[zone] if e[0] not in shut]
    for oid in st.extra_openings:
        a, _, c = oid.partition("|")
        if zone in (a, c):
            other = c if zone == a else a
            dirs = b.edge_dirs(zone, other)
            out.append((oid, other, dirs[0] if dirs else "N"))
    return out


@cache
def door_ids(mission: str) -> frozenset[str]:
    """The openings of a mission's map that are doors (the others never close)."""
    return frozenset(oid for oid, op in board(mission).openings.items() if op.door)


def _shut(st: EndureState) -> frozenset[str]:
    """The openings closed now: exactly those :func:`opening_open` says are not open."""
    doors = door_ids(st.mission)
    if event_effect(st) == "lockdown":
        shut = doors
    else:
        shut = frozenset(oid for oid, how in st.doors.items() if how != "open" and oid in doors)
    return shut.difference(st.extra_openings) if st.extra_openings else shut


def _closed(st: EndureState) -> frozenset[str]:
    """:func:`_shut`, counted once per state while a memo holds."""
    return _by_openings("shut", st, None, lambda: _shut(st))


def models_in(st: EndureState, zone: str) -> int:
    """Survivors, enemies and friendly Sentries in ``zone``."""
    if _memo is not None:
        return recall("crowds", st, None, lambda: _crowds(st)).get(zone, 0)
    return (
        sum(1 for s in st.survivors if s.zone == zone and s.alive and not s.exited)
        + [e.zone for e in st.enemies].count(zone)
        + [a.zone for a in st.allies].count(zone)
    )


def _crowds(st: EndureState) -> dict[str, int]:
    """How many models stand in each zone."""
    out: dict[str, int] = {}
    for zone in [s.zone for s in st.survivors if on_map(s)] + [e.zone for e in st.enemies + st.allies]:
        out[zone] = out.get(zone, 0) + 1
    return out


def is_full(st: EndureState, zone: str) -> bool:
    return models_in(st, zone) >= the_board(st).zones[zone].capacity


def survivors_in(st: EndureState, zone: str) -> list[int]:
    return [i for i, s in enumerate(st.survivors) if on_map(s) and s.zone == zone]


def sight(st: EndureState, zone: str) -> dict[str, tuple[int, tuple[str, ...], str]]:
    """Zones seen from ``zone``: zone -> (distance, zones in between, direction). The answer may be
    shared with other callers and games: read it, never change it."""
    store = _openings if _openings is not None else _memo
    if store is None:
        return _sight(st, zone)
    slot = ("sight", id(st), zone)
    found = store.get(slot)
    if found is None:
        found = store[slot] = _sight(st, zone)
    return found


Sight = dict[str, tuple[int, tuple[str, ...], str]]

_sights: dict[tuple[str, str, frozenset[str]], Sight] = {}
"""What each zone of a map sees with these openings closed, shared by every game (read only)."""
SIGHTS_KEPT = 1024
"""At most this many kept (about 1 KB each); the oldest goes first."""


def _sight(st: EndureState, zone: str) -> Sight:
    if blackout(st):
        return {zone: (0, (), "")}
    key = (st.mission, zone, _closed(st))
    seen = _sights.get(key)
    if seen is None:
        if len(_sights) >= SIGHTS_KEPT:
            del _sights[next(iter(_sights))]
        seen = _sights[key] = _lines_of_sight(st, zone, key[2])
    return seen


def _lines_of_sight(st: EndureState, zone: str, shut: frozenset[str]) -> Sight:
    seen: Sight = {zone: (0, (), "")}
    for ray in the_board(st).rays[zone]:
        if ray.target in seen and seen[ray.target][0] <= ray.dist:
            continue
        if shut.isdisjoint(ray.openings):  # every opening on the way is open
            seen[ray.target] = (ray.dist, ray.between, ray.dir)
    return seen


def sees(st: EndureState, a: str, b: str) -> bool:
    return b in sight(st, a)


def path_steps(st: EndureState, start: str, goal: str, *, mover_blocked=True) -> tuple[int, list[tuple[str, str]]]:
    """Distance and the first steps (direction, zone) of every shortest route from start to goal.

    Full zones (other than the goal) and shielded zones cannot be crossed. (-1, []) if unreachable.
    The search spreads from the goal and stops at the layer that reaches ``start``: every zone one step
    nearer the goal than ``start`` is in an earlier layer, so the first steps are all known by then.
    """
    if start == goal:
        return 0, []
    if (
        (_memo is not None or _openings is not None)
        and start not in st.shields
        and (not mover_blocked or not _blocking(st, start, goal))
    ):
        return _steps_by_field(st, start, goal)  # crowds do not matter: one search per goal serves all
    ways, full = _route_reader(st)
    dist = {goal: 0}
    frontier = [goal]
    while frontier and start not in dist:
        nxt = []
        for cur in frontier:
            for _, other, _ in ways(cur):
                if other in dist:
                    continue
                if other != start and (other in st.shields or (mover_blocked and full(other))):
                    continue
                dist[other] = dist[cur] + 1
                nxt.append(other)
        frontier = nxt
    if start not in dist:
        return -1, []
    steps = []
    for _, other, d in ways(start):
        if other in dist and dist[other] == dist[start] - 1:
            if other != goal and mover_blocked and full(other):
                continue
            if other != goal and other in st.shields:
                continue
            steps.append((d, other))
    if goal in st.shields:
        steps = []
    return dist[start], steps


def route_length(st: EndureState, start: str, goal: str) -> int:
    """``path_steps(st, start, goal, mover_blocked=False)[0]``: the steps are not listed when only the
    distance is asked (an enemy choosing whom to chase)."""
    if start != goal and (_memo is not None or _openings is not None) and start not in st.shields:
        return _field(st, goal).get(start, -1)
    return path_steps(st, start, goal, mover_blocked=False)[0]


def _blocking(st: EndureState, start: str, goal: str) -> bool:
    """Whether a full zone could bar a mover's route from ``start`` to ``goal``: one other than those two
    (the search never refuses either). If none could, the crowd-blind distances give the same steps."""
    if _no_room(st.mission):
        return True
    zones = the_board(st).zones
    crowds = recall("crowds", st, None, lambda: _crowds(st)) if _memo is not None else _crowds(st)
    return any(n >= zones[z].capacity and z != start and z != goal for z, n in crowds.items())


@cache
def _no_room(mission: str) -> bool:
    """A zone of the map that holds nobody (full even when empty): then every route search counts crowds."""
    return any(z.capacity <= 0 for z in board(mission).zones.values())


def _field(st: EndureState, goal: str) -> dict[str, int]:
    """:func:`_distances`, searched once per goal while a memo holds (they depend on the openings and
    the shields alone, neither of which changes in the enemy phase)."""
    return _by_openings("distances", st, goal, lambda: _shared_distances(st, goal))


Distances = dict[str, int]

_fields: dict[tuple[Any, ...], Distances] = {}
"""Each goal's distances on a map with these openings closed, extra openings and shields, shared by
every game and phase (read only): the same few goals (the survivors' zones) come back round after round."""
FIELDS_KEPT = 512
"""At most this many kept (about 1.2 KB each with its key: 0.6 MB when full); the oldest goes first."""


def _shared_distances(st: EndureState, goal: str) -> Distances:
    """:func:`_distances`, found in :data:`_fields` when the same map, goal, openings and shields were
    searched before (exactly what :func:`_distances` reads through :func:`exits`)."""
    key = (st.mission, goal, _closed(st), tuple(st.extra_openings), tuple(st.shields))
    found = _fields.get(key)
    if found is None:
        if len(_fields) >= FIELDS_KEPT:
            del _fields[next(iter(_fields))]
        found = _fields[key] = _distances(st, goal)
    return found


def _steps_by_field(st: EndureState, start: str, goal: str) -> tuple[int, list[tuple[str, str]]]:
    """``path_steps(st, start, goal, mover_blocked=False)`` from the goal's distances: the first steps are
    the ways out of ``start`` one step nearer (``start`` is not shielded)."""
    dist = _field(st, goal)
    d = dist.get(start, -1)
    if d < 0:
        return -1, []
    if goal in st.shields:
        return d, []
    return d, [(way, other) for _, other, way in exits(st, start) if dist.get(other) == d - 1]


def _distances(st: EndureState, goal: str) -> dict[str, int]:
    """Steps from every zone to ``goal`` through open ways, never across a shielded zone."""
    dist = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for cur in frontier:
            for _, other, _ in exits(st, cur):
                if other not in dist and other not in st.shields:
                    dist[other] = dist[cur] + 1
                    nxt.append(other)
        frontier = nxt
    return dist


def _route_reader(
    st: EndureState,
) -> tuple[Callable[[str], list[tuple[str, str, str]]], Callable[[str], bool]]:
    """:func:`exits` and :func:`is_full` for one route search, which only reads ``st``: each zone's ways
    out are worked out once and the closed doors and crowds counted once, not once per step tried
    (the enemy phase searches routes a dozen times, between moves)."""
    if _memo is not None:
        return (lambda zone: exits(st, zone)), (lambda zone: is_full(st, zone))
    b = the_board(st)
    crowds = _crowds(st)
    if _openings is not None:  # doors_stay(): the ways out are kept for the whole phase

        def ways(zone: str) -> list[tuple[str, str, str]]:
            return exits(st, zone)

    else:
        shut = _shut(st)
        found: dict[str, list[tuple[str, str, str]]] = {}

        def ways(zone: str) -> list[tuple[str, str, str]]:
            out = found.get(zone)
            if out is None:
                out = found[zone] = _exits(st, zone, shut)
            return out

    def full(zone: str) -> bool:
        return crowds.get(zone, 0) >= b.zones[zone].capacity

    return ways, full

"""Movement: cheapest routes (steps, portals, doors), move notation, and the checks of a path typed
for a hero or a monster against its movement points (read only). Also the PvP approach hint."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import NamedTuple

from rules.core import RuleError

from . import board as B
from .content import CONTENT
from .lookup import (
    BASE_MP,
    MAX_PATH,
    SLOTS,
    ability,
    blocked,
    board_of,
    can_move,
    current_pve,
    enemies_in,
    find_hero,
    hero_name,
    heroes_on_board,
    mcard,
    mstats,
    occupancy,
    portal_colours,
    portal_targets,
    working_portals,
)
from .memo import Memo, Recent, position_key
from .state import HeroState, MonsterState, StarState

Op = tuple[str, str]  # ("step", space) | ("portal", space) | ("door", door id)
Route = tuple[Op, ...]
"""A path as a route search keeps it: a tuple of shared ops, so a remembered search holds few objects the
garbage collector must walk (a tuple of strings' tuples is left alone once seen)."""
_OPS: dict[str, dict[str, Op]] = {"step": {}, "portal": {}, "door": {}}
"""Every op made once per kind and space (or door): bounded by the names of spaces and doors (~2,000)."""

_APPROACHES = Memo()
_FAR = 99
"""The MP bound of a search over the whole station (as far as anything can be)."""
_ROUTES = Recent(128)
"""Route searches remembered for the whole process (a full-station search holds up to ~50 KB)."""


def reach_ops(
    state: StarState, b: B.Board, start: str, mp: int, mover: str, *, huge: bool = False, doors: bool = False
) -> dict[str, tuple[int, Route]]:
    """Cheapest ways to every space within ``mp`` points: steps, portals and (if ``doors``)
    opening a closed door then stepping through. Only spaces the mover may stop on are kept."""
    best = travel_costs(state, b, start, mp, doors=doors)
    room = _figures(state, mover)
    huge_at = {m.pos for m in state.monsters if mcard(m).huge} if huge else set()
    out = {}
    for space, (cost, path) in best.items():
        if space == start:
            out[space] = (cost, path)
            continue
        if (huge and space not in huge_at) or room.get(space, 0) < 2:
            out[space] = (cost, path)
    return out


def _figures(state: StarState, ignore: str) -> dict[str, int]:
    """:func:`occupancy` of every space at once (a Huge monster counts 2), leaving ``ignore`` out."""
    count: dict[str, int] = {}
    for h in state.heroes:
        if not h.dead and h.id != ignore:
            count[h.pos] = count.get(h.pos, 0) + 1
    for m in state.monsters:
        if m.uid != ignore:
            count[m.pos] = count.get(m.pos, 0) + (2 if mcard(m).huge else 1)
    return count


def travel_costs(
    state: StarState, b: B.Board, start: str, mp: int, *, doors: bool = False
) -> dict[str, tuple[int, Route]]:
    """Cheapest ways to every space within ``mp`` points (see :func:`reach_ops`), Full spaces included.

    The answer depends only on the board, which doors are open and the working portals, never on the
    figures: the board remembers it for those inputs (a turn asks for the same routes many times). The
    answer is shared: callers read it and never change it.
    """
    opened = tuple(sorted(d for d, is_open in state.doors.items() if is_open))
    portals = (tuple(sorted(state.portal_tokens.items())), tuple(state.jammed))
    key = (b.token, start, mp, doors, opened, portals)
    return _ROUTES.answer(key, lambda: _search(state, b, start, mp, doors))


def _search(state: StarState, b: B.Board, start: str, mp: int, doors: bool) -> dict[str, tuple[int, Route]]:
    """Dijkstra over steps, doors and portals; ties go to the smaller space name, as a heap of (cost, space)
    orders them.
    From each space the steps are tried in :data:`B.DIRS` order, then the portals in name order."""
    best: dict[str, tuple[int, Route]] = {start: (0, ())}
    # Costs are whole MP, each step at least 1: the spaces reached at cost c (a bucket) are all known once
    # the costs below c are done, and are then read in name order: the order a heap of (cost, space) pops.
    buckets: list[list[str]] = [[] for _ in range(mp + 2)]
    buckets[0].append(start)
    door_open = state.doors
    portals = working_portals(state, b)
    steps_from = b.steps_from
    step_ops, door_ops, portal_ops = _OPS["step"], _OPS["door"], _OPS["portal"]
    for cost in range(min(mp, len(buckets))):
        bucket = buckets[cost]
        if not bucket:
            continue
        bucket.sort()
        for cur in bucket:
            known_cost, path = best[cur]
            if cost > known_cost:
                continue
            for nb, door in steps_from(cur):  # a path is written out only when it is the best yet
                opened = door is None or door_open.get(door, False)
                if not opened and not doors:
                    continue
                total = cost + 1 if opened else cost + 2
                known = best.get(nb)
                if total <= mp and (known is None or total < known[0]):
                    step = step_ops.get(nb) or step_ops.setdefault(nb, ("step", nb))
                    if opened:
                        best[nb] = (total, (*path, step))
                    else:
                        door_op = door_ops.get(door) or door_ops.setdefault(door, ("door", door))  # type: ignore[arg-type]
                        best[nb] = (total, (*path, door_op, step))
                    buckets[total].append(nb)
            colours = portals.get(cur)
            if colours:
                total = cost + 1
                for dest in sorted(s for s, c in portals.items() if s != cur and c & colours):
                    known = best.get(dest)
                    if total <= mp and (known is None or total < known[0]):
                        portal = portal_ops.get(dest) or portal_ops.setdefault(dest, ("portal", dest))
                        best[dest] = (total, (*path, portal))
                        buckets[total].append(dest)
    return best


def notation(ops: Sequence[Op], start: str) -> list[str]:
    """Move notation for ops; a door is named by the side of the space it is on."""
    out: list[str] = []
    cur = start
    for i, (kind, arg) in enumerate(ops):
        if kind == "portal":
            out.extend(["portal", arg])
        elif kind == "door":
            nxt = ops[i + 1][1] if i + 1 < len(ops) else cur
            a, c = B.parse_space(cur), B.parse_space(nxt)
            side = next(s for s, (dx, dy) in B.DIRS.items() if (a[0] + dx, a[1] + dy) == c)
            out.append(f"door:{side}")
            continue
        else:
            out.append(arg)
        cur = arg
    return out


def reach(state: StarState, b: B.Board, start: str, mp: int, mover: str) -> dict[str, tuple[int, list[str]]]:
    """Hero version of :func:`reach_ops` (opening closed doors on the way), in move notation."""
    found = reach_ops(state, b, start, mp, mover, doors=True)
    return {s: (c, notation(p, start)) for s, (c, p) in found.items()}


def move_points(state: StarState, h: HeroState) -> int:
    """The MP ``h`` may still spend: what is left of its activation, or a fresh block (4 plus abilities)."""
    return state.act.mp if state.act.hero == h.id else BASE_MP + ability(h, "extra_mp")


def route_to(state: StarState, h: HeroState, dest: str, mp: int, *, stop: bool = True) -> list[str]:
    """The cheapest way (move notation) for ``h`` to ``dest`` within ``mp``, the one the move buttons offer.

    ``stop``: the hero ends there (a Full space is refused); else it only passes on (more of the path
    follows). Refuses, without changing anything, when no such way exists, saying why.
    """
    b = board_of(state)
    where = B.parse_space(dest)
    if where is None or not b.playable(where):
        raise RuleError(f"'{dest[:12]}' is not a space you can enter.")
    dest = B.name(where)
    found = reach(state, b, h.pos, mp, h.id) if stop else None
    if found is not None and dest in found:
        return list(found[dest][1])
    if found is None:
        ops = travel_costs(state, b, h.pos, mp, doors=True)
        if dest in ops:
            return notation(ops[dest][1], h.pos)
    far = travel_costs(state, b, h.pos, 99, doors=True)
    if dest not in far:
        raise RuleError(f"No way leads from {h.pos} to {dest}: walls or the void are in the way.")
    cost = far[dest][0]
    if cost <= mp:
        raise RuleError(f"{dest} is full (2 figures): {hero_name(h)} may pass through but not stop there.")
    raise RuleError(
        f"{dest} is {cost} MP away from {h.pos} (steps, doors and portals counted); "
        f"{hero_name(h)} has {mp} MP. The move suggestions list every space in reach."
    )


class Approach(NamedTuple):
    """A suggested walk towards an open PvP quest: which hero, its path (move notation), whom it nears."""

    hero: str
    path: list[str]
    target: str


def pvp_targets(state: StarState, seat: int) -> list[HeroState]:
    """Rival heroes on the board whose crew's PvP quest is still open: killing one fulfils it for ``seat``."""
    out = []
    for h in heroes_on_board(state):
        qid = f"pvp-{state.crews[h.seat].colour}"
        if h.seat != seat and qid in CONTENT.quests and qid not in state.done:
            out.append(h)
    return out


def _distances_to(
    state: StarState, b: B.Board, heroes: list[HeroState], wanted: set[str]
) -> dict[str, tuple[int, str]]:
    """For the ``wanted`` spaces (and others found on the way): the MP from there to the nearest of
    ``heroes`` and that hero's id (the first of them in ``heroes`` on a tie); a space out of reach is left out.

    The costs are :func:`travel_costs`' (up to 99 MP, doors opened on the way), found by one search from
    all the heroes at once, costs only, that stops once every wanted space is settled: a route search from
    each hero over the whole station, paths and all, cost a tenth of a turn. Labels (cost, the hero's index)
    are compared whole, so a space goes to the same hero as when the heroes' own searches are merged in
    their order; a space's label is final when its cost is reached (Dijkstra's order, cost by cost).
    """
    # A label (cost, the hero's index) is the int cost * len(heroes) + index: ints compare as the pairs do.
    room = len(heroes)
    far = (_FAR + 1) * room  # the labels of costs beyond _FAR start here
    best: dict[str, int] = {}
    for i, t in enumerate(heroes):
        if t.pos not in best:
            best[t.pos] = i
    # Costs are whole MP, each step at least 1: a list of labels per cost (a bucket) replaces the heap.
    # Every label of cost c is pushed while costs below c are settled, so when bucket c is read its labels
    # are final, whatever order they are read in: the same labels as Dijkstra's heap gives.
    buckets: list[list[tuple[int, str]]] = [[] for _ in range(_FAR + 1)]
    buckets[0] = [(i, space) for space, i in best.items()]
    settled: dict[str, tuple[int, str]] = {}
    missing = set(wanted)
    door_open = state.doors
    portals = working_portals(state, b)
    steps_from = b.steps_from
    ids = [t.id for t in heroes]
    for cost in range(_FAR + 1):
        if not missing:
            break
        here, step, door_step = cost * room, (cost + 1) * room, (cost + 2) * room
        for label, cur in buckets[cost]:
            if best[cur] != label:
                continue
            i = label - here
            settled[cur] = (cost, ids[i])
            missing.discard(cur)
            if cost >= _FAR:
                continue
            for nb, door in steps_from(cur):
                if door is None or door_open.get(door, False):
                    total, at = step + i, cost + 1
                else:
                    total, at = door_step + i, cost + 2
                known = best.get(nb)
                if total < far and (known is None or total < known):
                    best[nb] = total
                    buckets[at].append((total, nb))
            colours = portals.get(cur)
            if colours:
                total = step + i
                for dest, c in portals.items():
                    if dest != cur and c & colours:
                        known = best.get(dest)
                        if known is None or total < known:
                            best[dest] = total
                            buckets[cost + 1].append((total, dest))
    return settled


def pvp_approach(state: StarState, seat: int) -> Approach | None:
    """Of the moves ``seat``'s heroes may make now, the one ending nearest (in MP) a rival hero whose PvP
    quest is open, if it gets nearer than the hero stands; None when there is none. For suggestions:
    a table that never seeks hero fights never finishes a PvP quest, and the scenario never ends."""
    if state.phase != "play" or state.current != seat or blocked(state):
        return None
    targets = pvp_targets(state, seat)
    if not targets:
        return None
    found = _APPROACHES.answer((seat, position_key(state)), lambda: _approach(state, seat, targets))
    return Approach(*found) if found is not None else None


def _approach(state: StarState, seat: int, targets: list[HeroState]) -> Approach | None:
    """:func:`pvp_approach` searched (the button ranking and the move suggestions ask for it each turn)."""
    b = board_of(state)
    crew = [state.act.hero] if state.act.hero else state.crews[seat].heroes
    walks: list[tuple[HeroState, dict[str, tuple[int, Route]]]] = []
    for h in (find_hero(state, hid) for hid in crew):
        if h is None or h.dead or not h.pos or not can_move(state, h):
            continue
        mp = state.act.mp if state.act.hero == h.id else BASE_MP + ability(h, "extra_mp")
        walks.append((h, reach_ops(state, b, h.pos, mp, h.id, doors=True)))
    if not walks:
        return None
    wanted = {h.pos for h, _found in walks}
    for _h, found in walks:
        wanted.update(found)
    dist = _distances_to(state, b, targets, wanted)
    best: tuple[tuple[int, int, str, str], HeroState, Route, str] | None = None
    for h, found in walks:
        here = dist.get(h.pos, (99, ""))[0]
        for space, (cost, ops) in found.items():
            near, target = dist.get(space, (99, ""))
            key = (near, cost, h.id, space)
            if ops and near < here and (best is None or key < best[0]):
                best = (key, h, ops, target)
    if best is None:
        return None
    _key, h, ops, target = best
    return Approach(h.id, notation(ops, h.pos), target)  # the walk :func:`reach` lists for that space


def _portal_destination(item: str, items: list, i: int, who: str) -> tuple[str, int]:
    """The destination of a path's portal step: `portal:F7`, or `portal` followed by `F7` (then skipped)."""
    dest = item.partition(":")[2]
    if dest:
        return dest, i
    if i >= len(items) or not isinstance(items[i], str):
        raise RuleError(f"Say where the portal takes {who}: portal F7.")
    return items[i].strip(), i + 1


def plan_monster_path(state: StarState, m: MonsterState, path_in: object) -> list[Op]:
    """Check a monster path typed by its controller (steps, portal X, door:SIDE) against its MP."""
    if isinstance(path_in, str):
        path_in = path_in.split()
    if not isinstance(path_in, list | tuple):
        raise RuleError("Give the monster's path as a list of spaces, e.g. C3 C4.")
    if len(path_in) > MAX_PATH:
        raise RuleError("That path is far too long.")
    b = board_of(state)
    doors = dict(state.doors)
    mp = mstats(m)[2]
    cur = m.pos
    cost = 0
    ops: list[Op] = []
    items = list(path_in)
    i = 0
    while i < len(items):
        raw = items[i]
        i += 1
        if not isinstance(raw, str):
            raise RuleError("Every step of a path is a space name like C4 or a word like portal.")
        item = raw.strip().lower()
        if item.startswith("portal"):
            dest, i = _portal_destination(item, items, i, "the monster")
            dxy = B.parse_space(dest)
            if dxy is None or B.name(dxy) not in portal_targets(state, b, cur):
                raise RuleError(f"No working portal at {cur} leads to '{str(dest)[:10]}'.")
            ops.append(("portal", B.name(dxy)))
            cur = B.name(dxy)
        elif item.startswith("door"):
            side = item.partition(":")[2].upper()
            cxy = B.parse_space(cur)
            if side not in B.DIRS:
                raise RuleError("Say which edge the door is on: door:N, door:E, door:S or door:W.")
            dx, dy = B.DIRS[side]
            door = b.door_of.get(B.edge(cxy, (cxy[0] + dx, cxy[1] + dy)))
            if door is None:
                raise RuleError(f"There is no door on the {side} edge of {cur}.")
            doors[door] = not doors.get(door, False)
            ops.append(("door", door))
        else:
            nxt = _open_step(b, cur, item, doors)
            if nxt is None:  # not a plain open step: say why (or find a name written unusually, like c04)
                dxy, cxy = B.parse_space(item), B.parse_space(cur)
                if dxy is None or not b.playable(dxy):
                    raise RuleError(f"'{raw[:12]}' is not a space the monster can enter.")
                if abs(cxy[0] - dxy[0]) + abs(cxy[1] - dxy[1]) != 1:
                    raise RuleError(f"{B.name(dxy)} is not next to {cur}; monsters step orthogonally too.")
                e = B.edge(cxy, dxy)
                door = b.door_of.get(e)
                if e not in b.open_edges or (door is not None and not doors.get(door, False)):
                    raise RuleError(f"A wall or closed door blocks the way from {cur} to {B.name(dxy)}.")
                nxt = B.name(dxy)
            ops.append(("step", nxt))
            cur = nxt
        cost += 1
        if cost > mp:
            raise RuleError(f"{mcard(m).name} has only {mp} movement point(s).")
    if cur != m.pos:
        huge_here = any(o.pos == cur and mcard(o).huge and o.uid != m.uid for o in state.monsters)
        if (mcard(m).huge and huge_here) or (not mcard(m).huge and occupancy(state, cur, ignore=m.uid) >= 2):
            raise RuleError(f"{cur} is full: the monster may pass through but not stop there.")
    return ops


def plan_path(state: StarState, h: HeroState, path_in: object, mp: int) -> tuple[list[tuple[str, str]], int]:
    """Check a whole path without rolling anything (read only); return its operations and their MP cost."""
    if isinstance(path_in, str):
        path_in = path_in.split()
    if not isinstance(path_in, list | tuple):
        raise RuleError("Give the path as a list of spaces and actions, e.g. C3 C4 portal F7.")
    if not path_in:
        raise RuleError("The path is empty. Name the spaces to walk through.")
    if len(path_in) > MAX_PATH:
        raise RuleError("That path is far too long.")
    b = board_of(state)
    doors = dict(state.doors)
    cur = h.pos
    cost = 0
    ops: list[tuple[str, str]] = []
    items = list(path_in)
    q = current_pve(state)
    hacked = set(state.crews[h.seat].hacked)
    free_portal = ability(h, "free_portal") > 0
    i = 0
    while i < len(items):
        raw = items[i]
        i += 1
        if not isinstance(raw, str):
            raise RuleError("Every step of a path is a space name like C4 or a word like portal.")
        item = raw.strip().lower()
        if item.startswith("portal"):
            dest, i = _portal_destination(item, items, i, "you")
            dxy = B.parse_space(dest)
            if dxy is None or not b.playable(dxy):
                raise RuleError(f"'{str(dest)[:10]}' is not a space of this station.")
            dname = B.name(dxy)
            if not portal_colours(state, b, cur):
                raise RuleError(f"There is no working portal at {cur}.")
            if dname not in portal_targets(state, b, cur):
                raise RuleError(f"The portal at {cur} does not lead to {dname}.")
            cost += 0 if free_portal else 1
            ops.append(("portal", dname))
            cur = dname
        elif item.startswith("door"):
            side = item.partition(":")[2].upper()
            if not side and i < len(items) and isinstance(items[i], str) and items[i].upper() in B.DIRS:
                side = items[i].upper()
                i += 1
            if side not in B.DIRS:
                raise RuleError("Say which edge the door is on: door:N, door:E, door:S or door:W.")
            cxy = B.parse_space(cur)
            dx, dy = B.DIRS[side]
            e = B.edge(cxy, (cxy[0] + dx, cxy[1] + dy))
            door = b.door_of.get(e)
            if door is None:
                raise RuleError(f"There is no door on the {side} edge of {cur}.")
            doors[door] = not doors.get(door, False)
            cost += 1
            ops.append(("door", door))
        elif item == "hack":
            cxy = B.parse_space(cur)
            if q is None or q.goal != "hack":
                raise RuleError("There is nothing to hack for the current quest.")
            if cxy not in b.terminals:
                terms = ", ".join(B.name(t) for t in b.terminals)
                raise RuleError(f"{cur} is not a computer terminal. Terminals (T on the board): {terms}.")
            if cur in hacked:
                raise RuleError(f"Your crew already hacked the terminal at {cur}.")
            if enemies_in(state, cur, h):
                raise RuleError("You cannot hack while an enemy shares the space.")
            hacked.add(cur)
            cost += 1
            ops.append(("hack", cur))
        elif item == "pickup":
            toks = [t for t in state.tokens.get(cur, []) if t.startswith("quest:")]
            armory = bool(state.armory_item) and state.armory_space == cur
            if not toks and not armory:
                raise RuleError(
                    f"There is nothing to pick up at {cur}. Victory tokens and gadgets are taken just by "
                    "walking onto them; pickup is for quest tokens and the armory item."
                )
            if not toks and len(h.upgrades) >= SLOTS:
                raise RuleError(f"{hero_name(h)} has no free upgrade slot for the armory item.")
            if enemies_in(state, cur, h):
                raise RuleError("You cannot pick that up while an enemy shares the space.")
            ops.append(("pickup", cur))
        else:
            nxt = _open_step(b, cur, item, doors) or _refused_step(b, cur, item, raw, doors)
            cost += 1
            ops.append(("step", nxt))
            cur = nxt
        if cost > mp:
            raise RuleError(f"That path needs more than the {mp} movement point(s) left.")
    if cur != h.pos and occupancy(state, cur, ignore=h.id) >= 2:
        raise RuleError(f"{cur} is full: you may pass through but not stop there.")
    return ops, cost


def _open_step(b: B.Board, cur: str, item: str, doors: dict[str, bool]) -> str | None:
    """The space ``item`` names when it is a step from ``cur`` the doors allow (the usual case, looked up
    in the board's table of steps); None otherwise, and :func:`_refused_step` says why or finds it."""
    wanted = item.upper()
    for nb, door in b.steps_from(cur):
        if nb == wanted:
            return nb if door is None or doors.get(door, False) else None
    return None


def _refused_step(b: B.Board, cur: str, item: str, raw: str, doors: dict[str, bool]) -> str:
    """A step checked in full: the refusal that fits, or the space (a name written unusually, like C04)."""
    dxy = B.parse_space(item)
    if dxy is None:
        raise RuleError(f"'{raw[:12]}' is neither a space nor portal, door, hack or pickup.")
    cxy = B.parse_space(cur)
    if not b.playable(dxy):
        raise RuleError(f"{B.name(dxy)} is not a space you can enter.")
    if abs(cxy[0] - dxy[0]) + abs(cxy[1] - dxy[1]) != 1:
        raise RuleError(f"{B.name(dxy)} is not next to {cur}; steps are orthogonal, one space at a time.")
    if not b.passage(cxy, dxy, doors):
        raise RuleError(f"A wall or closed door blocks the way from {cur} to {B.name(dxy)}.")
    return B.name(dxy)


def nearest_free(state: StarState, b: B.Board, starts: list[str]) -> str | None:
    """The first space with room for one more figure, searching outward from ``starts``."""
    seen = set(starts)
    queue = deque(starts)
    while queue:
        cur = queue.popleft()
        if occupancy(state, cur) < 2:
            return cur
        for nb in b.neighbours(B.parse_space(cur), state.doors):
            name = B.name(nb)
            if name not in seen:
                seen.add(name)
                queue.append(name)
    return None

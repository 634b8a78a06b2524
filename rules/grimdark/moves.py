"""Moving models: hero routes, jumps and falls, dangerous ground, pushes, group moves of enemy units,
the defender's move into contact and the chargers stepping back after a melee."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any

from rules.core import RuleError, Turn

from .aimed import Aim, Aimed, aimed, heuristic
from .combat import Hit, Volley, block
from .content import cell_name
from .dice import pay, stat_test, will_pay
from .grid import NEIGHBOURS, Grid, dist, inch, touching
from .harm import take_wounds
from .memo import active, checked, once, scoped
from .paths import HALF, Edge, Mover, Reach, known, reach
from .state import Cell, GrimState, Mark, Model, Unit
from .units import grid_of, name, occupied, rule, stats

MOVES = {"advance": (6, 2), "rush": (12, 4), "charge": (12, 4)}
"""Action -> (move in inches, Fast/Slow change)."""


def allowance(state: GrimState, unit: Unit, action: str) -> float:
    """How far ``unit`` moves with this action (Fast, Slow, Crippled and the table size applied)."""
    return once(("allowance", id(unit), action), lambda: _allowance(state, unit, action))


def _allowance(state: GrimState, unit: Unit, action: str) -> float:
    base, change = MOVES[action]
    if rule(unit, "fast"):
        base += change
    if rule(unit, "slow"):
        base -= change
    inches = inch(state.half, base)
    if "crippled" in unit.statuses:
        inches /= 2
    return inches


def budget(inches: float) -> int:
    return round(inches * HALF + 1e-9)


def mover_for(
    state: GrimState,
    unit: Unit,
    inches: float,
    *,
    target: Unit | None = None,
    jumps: bool = False,
    flying: bool | None = None,
) -> Mover:
    """The constraints of one of ``unit``'s models moving ``inches`` now."""
    key = ("mover", id(state), unit.id, inches, target.id if target else "", jumps, flying)
    return once(key, lambda: _mover(state, unit, inches, target, jumps, flying))


def _mover(state: GrimState, unit: Unit, inches: float, target: Unit | None, jumps: bool, flying: bool | None) -> Mover:
    blocked, rings, near_all = once(("rings", id(state), unit.id), lambda: _rings(state, unit))
    if target is None or target.id not in rings:
        near, allowed = near_all, frozenset()
    else:
        near = frozenset().union(*(ring for uid, ring in rings.items() if uid != target.id)) - blocked
        allowed = rings[target.id] - near - blocked  # touching the target and another unit: still too close
    return Mover(
        budget=budget(inches),
        flying=bool(rule(unit, "flying")) if flying is None else flying,
        strider=bool(rule(unit, "strider")),
        jumps=jumps and unit.side == "hero",
        climb=unit.side != "hero" or state.house.get("drops", "jump") == "climb",
        blocked=blocked,
        near=near,
        allowed=allowed,
    )


def _rings(state: GrimState, unit: Unit) -> tuple[frozenset[int], dict[str, frozenset[int]], frozenset[int]]:
    """The cells of the other units' models, the cells touching each other unit, and those touching any
    (but the models' own cells)."""
    size = grid_of(state).size
    others = occupied(state, skip=unit.id)
    blocked = frozenset(y * size + x for (x, y) in others)
    cells: dict[str, list[int]] = {}
    for (x, y), uid in others.items():
        cells.setdefault(uid, []).append(y * size + x)
    rings = {uid: _ring(size, tuple(spots)) for uid, spots in cells.items()}
    return blocked, rings, frozenset().union(*rings.values()) - blocked


@lru_cache(maxsize=256)
def _ring(size: int, spots: tuple[int, ...]) -> frozenset[int]:
    """The cells touching any of ``spots`` (a unit's models, by index; their own cells among them when
    they touch each other): every other unit's move asks again while the unit stands still."""
    around_ = around(size)
    return frozenset(i for spot in spots for i in around_[spot])


@cache
def cells_by_index(size: int) -> tuple[Cell, ...]:
    """Every cell of a ``size`` table as ``(x, y)``, by index."""
    return tuple((i % size, i // size) for i in range(size * size))


@cache
def around(size: int) -> tuple[tuple[int, ...], ...]:
    """For every cell of a ``size`` table, the cells touching it (by index)."""
    out = []
    for y in range(size):
        for x in range(size):
            out.append(
                tuple((y + dy) * size + x + dx for dx, dy in NEIGHBOURS if 0 <= x + dx < size and 0 <= y + dy < size)
            )
    return tuple(out)


def hero_reach(
    state: GrimState,
    hero: Unit,
    inches: float,
    *,
    target: Unit | None = None,
    jumps: bool = False,
    flying: bool | None = None,
) -> Reach:
    model = hero.models[0]
    return reach(grid_of(state), model.cell, mover_for(state, hero, inches, target=target, jumps=jumps, flying=flying))


def check_destination(
    state: GrimState,
    hero: Unit,
    dest: Cell,
    inches: float,
    what: str,
    *,
    jumps: bool = False,
    target: Unit | None = None,
    flying: bool | None = None,
) -> list[tuple[Cell, Edge | None]]:
    """The route of a hero's move to ``dest``, or a RuleError saying why it cannot go there."""
    key = ("dest", id(state), hero.id, dest, inches, what, jumps, target.id if target else "", flying)
    return checked(key, lambda: _destination(state, hero, dest, inches, what, jumps, target, flying))


def trust_destination(
    state: GrimState, hero: Unit, dest: Cell, inches: float, what: str, *, flying: bool | None = None
) -> None:
    """Inside legal(): ``dest`` was taken from the hero's own search with these arguments, so
    :func:`check_destination` passes (a cell of a search is on the table, free, not within 1" of
    another unit and in reach); it is not asked again, and the route is left to ``apply``."""
    memo = active()
    if memo is not None:
        memo.setdefault(("dest", id(state), hero.id, dest, inches, what, False, "", flying), (True, None))


def _destination(
    state: GrimState,
    hero: Unit,
    dest: Cell,
    inches: float,
    what: str,
    jumps: bool,
    target: Unit | None,
    flying: bool | None,
) -> list[tuple[Cell, Edge | None]]:
    grid = grid_of(state)
    if not grid.inside(dest):
        raise RuleError(f"{cell_name(dest)} is not on this table.")
    if dest == hero.models[0].cell:
        return [(dest, None)]
    others = occupied(state, skip=hero.id)
    if dest in others:
        who = next(u for u in state.units if u.id == others[dest])
        raise RuleError(f"{cell_name(dest)} is taken by {name(who)}.")
    size = grid.size
    goal = target.id if target is not None else None
    if any(others.get((n % size, n // size), goal) != goal for n in around(size)[dest[1] * size + dest[0]]):
        close = [uid for cell, uid in others.items() if touching(cell, dest) and uid != goal]
        who = next(u for u in state.units if u.id == close[0])
        raise RuleError(f'{cell_name(dest)} is within 1" of {name(who)}: only a charge may come that close.')
    found = hero_reach(state, hero, inches, target=target, jumps=jumps, flying=flying)
    if grid.at(dest) not in found.best:
        shown = f'{inches:g}"'
        hint = ""
        if not jumps and hero.side == "hero":
            leap = hero_reach(state, hero, inches, target=target, jumps=True, flying=flying)
            if grid.at(dest) in leap.best:
                hint = " without jumping: add jump:yes to try the jump"
        elif jumps and grid.at(dest) in hero_reach(state, hero, inches, target=target, flying=flying).best:
            hint = " by a route with a jump (none is on the way there): leave out jump:yes"
        raise RuleError(
            f"{name(hero)} cannot reach {cell_name(dest)} this {what} ({shown}){hint}. {closest_cells(found, dest)}"
        )
    return found.path(dest)


def closest_cells(found: Reach, dest: Cell, count: int = 3) -> str:
    """The reachable cells nearest to ``dest`` with what the move to each costs, as a sentence."""
    size = found.grid.size
    ranked = sorted(
        (dist((i % size, i // size), dest), v[1], i) for i, v in found.best.items() if i != found.start or v[0]
    )[:count]
    if not ranked:
        return "It cannot move from where it stands (`/grimdark range` draws where it can go)."
    spots = ", ".join(f'{cell_name((i % size, i // size))} ({cost / HALF:g}")' for _, cost, i in ranked)
    return f"Nearest it can reach: {spots}; `/grimdark range` draws where it can go."


def walk(
    state: GrimState, turn: Turn, unit: Unit, model: Model, route: list[tuple[Cell, Edge | None]], *, kind: str = "move"
) -> str:
    """Move ``model`` along ``route``: jumps are tested on the way; returns "ok", "fell" or "stopped"."""
    grid = grid_of(state)
    cells = [route[0][0]]
    outcome = "ok"
    crossed = False
    for cell, edge in route[1:]:
        here = cells[-1]
        if edge is not None and edge.tests:
            where = f"jump from {cell_name(here)} to {cell_name(cell)}"
            passed = True
            if rule(unit, "flying"):
                turn.say(f"{name(unit)} flies across (Flying passes jumps).")
            else:
                for index in range(edge.tests):
                    if rule(unit, "strider"):
                        face = turn.rng.die(6, label=f"{name(unit)} Strider jump roll {index + 1}/{edge.tests}, 2+")
                        ok = face >= 2
                        if not ok and will_pay(state, unit, "tests", 2):
                            pay(state, turn, unit, 2, "to pass the failed jump roll")
                            ok = not unit.down
                    else:
                        ok = stat_test(state, turn, unit, "dex", why=f"{where} ({index + 1}/{edge.tests})")
                    if not ok:
                        passed = False
                        break
            if not passed:
                size = grid.size
                base = (edge.base % size, edge.base // size)
                model.x, model.y = here
                state.marks.append(Mark(kind=kind, unit=unit.id, cells=cells))
                outcome = fall(state, turn, unit, model, here, base)
                break
        cells.append(cell)
        if not rule(unit, "flying") and grid.dangerous[grid.at(cell)]:
            crossed = True
    else:
        model.x, model.y = cells[-1]
        if len(cells) > 1:
            state.marks.append(Mark(kind=kind, unit=unit.id, cells=cells))
    if crossed and not unit.down:
        dangerous(state, turn, unit, [model], "crosses dangerous ground")
    return outcome


def dangerous(state: GrimState, turn: Turn, unit: Unit, models: list[Model], why: str) -> None:
    """Dangerous ground: a die per model, or as many as its Tou for a single model (house rule
    ``dangerous=tou``, the default; ``one``: one die each); every 1 is a wound."""
    if not models or unit.gone or unit.down:
        return
    tou = stats(state, unit).tou
    count = tou if len(unit.models) == 1 and state.house.get("dangerous", "tou") == "tou" else len(models)
    faces = turn.rng.dice(count, 6, label=f"{name(unit)} {why}: every 1 is a wound")
    ones = faces.count(1)
    if ones:
        turn.say(f"{name(unit)} takes {ones} wound{'s' if ones != 1 else ''} from dangerous ground.")
        take_wounds(state, turn, unit, ones, near=models[0].cell)


def landing(state: GrimState, unit: Unit, base: Cell, reach_inches: float) -> Cell:
    """The free cell within ``reach_inches`` of ``base`` where a falling model ends (lowest first)."""
    grid = grid_of(state)
    others = occupied(state, skip=unit.id)
    own = {m.cell for m in unit.alive()}
    spots = []
    r = int(reach_inches) + 1
    for y in range(base[1] - r, base[1] + r + 1):
        for x in range(base[0] - r, base[0] + r + 1):
            cell = (x, y)
            if not grid.inside(cell) or cell in others or cell in own or dist(cell, base) > reach_inches + 1e-9:
                continue
            close = any(touching(cell, o) for o in others)
            spots.append((close, grid.h(cell), dist(cell, base), y, x))
    if not spots:
        return base
    _, _, _, y, x = min(spots)
    return (x, y)


def fall(state: GrimState, turn: Turn, unit: Unit, model: Model, ledge: Cell, base: Cell) -> str:
    """A model goes over the edge at ``ledge`` towards ``base``; returns "stopped" or "fell"."""
    grid = grid_of(state)
    if unit.side == "hero" and will_pay(state, unit, "fall", 2):
        pay(state, turn, unit, 2, "to catch the ledge")
        if not unit.down:
            turn.say(f"{name(unit)} catches the ledge at {cell_name(ledge)}; the activation ends.")
        return "stopped"
    if unit.side == "ai" and len(unit.alive()) > 1:
        model.dead = True
        turn.say(f"A model of {name(unit)} goes over the edge and is lost.")
        return "fell"
    spot = landing(state, unit, base, inch(state.half, 2))
    height = grid.h(ledge) - grid.h(spot)
    model.x, model.y = spot
    state.marks.append(Mark(kind="fall", unit=unit.id, cells=[ledge, spot]))
    turn.say(f'{name(unit)} falls {height}" to {cell_name(spot)}.', kind="warn")
    if height >= 2 * (0.5 if state.half else 1):
        ap = int(height // (3 * (0.5 if state.half else 1)))
        turn.say(f"The fall is 1 hit with AP({ap}).")
        block(state, turn, unit, Volley(hits=[Hit(ap=ap)], near=spot))
    return "fell"


def push(state: GrimState, turn: Turn, hero: Unit, target: Unit, inches: float) -> None:
    """Every model of ``target`` is shoved ``inches`` straight away from the hero; off a ledge it falls."""
    grid = grid_of(state)
    src = hero.models[0].cell
    steps = max(1, int(inches + 1e-9))
    for model in sorted(target.alive(), key=lambda m: -dist(m.cell, src)):
        dx = (model.x > src[0]) - (model.x < src[0])
        dy = (model.y > src[1]) - (model.y < src[1])
        if abs(model.x - src[0]) * 2 < abs(model.y - src[1]):
            dx = 0
        if abs(model.y - src[1]) * 2 < abs(model.x - src[0]):
            dy = 0
        taken = occupied(state)
        here = model.cell
        path = [here]
        fell = False
        for _ in range(steps):
            nxt = (here[0] + dx, here[1] + dy)
            if not grid.inside(nxt) or nxt in taken or grid.h(nxt) > grid.h(here):
                break
            if any(touching(nxt, c) for c, uid in taken.items() if uid != target.id):
                break  # a push never shoves a model within 1" of another unit
            if grid.h(here) - grid.h(nxt) >= 2 * grid.scale and not rule(target, "flying"):
                model.x, model.y = here
                state.marks.append(Mark(kind="push", unit=target.id, cells=[*path, nxt]))
                turn.say(f"{name(target)} is pushed off the edge at {cell_name(here)}!")
                fall(state, turn, target, model, here, nxt)
                fell = True
                break
            here = nxt
            path.append(here)
        if not fell:
            model.x, model.y = here
            if len(path) > 1:
                state.marks.append(Mark(kind="push", unit=target.id, cells=path))
        if target.gone or target.down:
            break


Score = Callable[[Cell], float]


def place_group(
    state: GrimState,
    turn: Turn,
    unit: Unit,
    inches: float,
    score: Score,
    *,
    target: Unit | None = None,
    kind: str = "move",
    aim: Aim | None = None,
    weighed: dict[Any, Any] | None = None,
) -> bool:
    """Move an enemy unit's models: the best-placed first, the others each to its best cell that keeps
    the group together (touching one member and within 3" of all). Returns whether anything moved.

    With ``aim`` (a floor of ``score``), each model's search goes only as far as the choice needs
    (see aimed.py); the cells, costs and routes it settles are those of the whole search. ``weighed``
    is the memo of the unit's decision (see :func:`memo.scoped`), if no model moved or died since: the
    move's constraints (the cells taken and touching the other units) come from it."""
    grid = grid_of(state)
    alive = unit.alive()
    if weighed is None:
        mover = mover_for(state, unit, inches, target=target)
    else:
        with scoped(weighed):
            mover = mover_for(state, unit, inches, target=target)
    cells = cells_by_index(grid.size)
    scores: dict[int, float] = {}  # the models' reaches overlap: each cell is scored once

    def score_at(i: int) -> float:
        found = scores.get(i)
        if found is None:
            found = scores[i] = score(cells[i])
        return found

    searches = {id(m): _search(grid, m.cell, mover, aim) for m in alive}
    # each model's options rank by (score, cost, cell); only the few looked at are ranked
    firsts: dict[int, tuple[float, int, Cell] | None] = {}
    for m in alive:
        search = searches[id(m)]
        if isinstance(search, Aimed):
            firsts[id(m)] = search.first(score_at)
        else:
            firsts[id(m)] = _first(search.best, score_at, cells, grid.size, aim)
    order = sorted(alive, key=lambda m: firsts[id(m)][:2] if firsts[id(m)] else (1e9, 0))
    coherence = inch(state.half, 3)
    placed: dict[int, Cell] = {}
    for m in order:
        taken = set(placed.values())
        if not placed:
            first = firsts[id(m)]
            choice = first[2] if first else None
        else:
            choice = _best_beside(searches[id(m)], _beside(cells, grid.size, taken, coherence), score_at, cells)
        if choice is None:
            choice = m.cell
            if m.cell in taken:
                best = _settled(searches, m, None).best
                left = [(score_at(i), v[1], cells[i]) for i, v in best.items() if cells[i] not in taken]
                choice = min(left)[2] if left else m.cell
        placed[id(m)] = choice
    moved = False
    for m in alive:
        dest = placed[id(m)]
        if dest != m.cell:
            moved = True
            walk(state, turn, unit, m, _settled(searches, m, ()).path(dest), kind=kind)
            if unit.gone:
                break
    return moved


def _search(grid: Grid, start: Cell, mover: Mover, aim: Aim | None) -> Reach | Aimed:
    """A model's whole search if it is known already (or nothing aims it), else an aimed one."""
    whole = None if aim is None else known(grid, start, mover)
    if whole is not None:
        return whole
    found = None if aim is None else aimed(grid, start, mover, aim)
    return reach(grid, start, mover) if found is None else found


def _settled(searches: dict[int, Reach | Aimed], model: Model, need: Iterable[int] | None) -> Reach:
    """The model's search with the cells of ``need`` settled (None: every cell)."""
    search = searches[id(model)]
    if isinstance(search, Reach):
        return search
    return search.finish() if need is None else search.settle(need)


def _best_beside(
    search: Reach | Aimed, near: set[int], score_at: Callable[[int], float], cells: tuple[Cell, ...]
) -> Cell | None:
    """The best-ranked (lowest score, then cost, then cell) of the ``near`` cells the model may end on.

    An aimed search settles them a score at a time, lowest first, each time only until no cell of that
    score can be cheaper than the cheapest met (see :meth:`Aimed.cheapest_of`): a cell of a higher score
    ranks after any of a lower one."""
    if isinstance(search, Reach):
        best = search.best
        found = [(score_at(i), best[i][1], cells[i]) for i in near if i in best]
        return min(found)[2] if found else None
    groups: dict[float, list[int]] = {}
    for i in near:
        groups.setdefault(score_at(i), []).append(i)
    for value in sorted(groups):
        cheapest = search.cheapest_of(groups[value], cells)
        if cheapest is not None:
            return cheapest
    return None


def _first(
    best: dict[int, tuple[int, int, int]],
    score_at: Callable[[int], float],
    cells: tuple[Cell, ...],
    size: int,
    aim: Aim | None,
) -> tuple[float, int, Cell] | None:
    """The best-ranked option (lowest score, then cost, then cell) of a model's reach, without ranking
    the rest; with ``aim``, a cell that surely scores worse than the best so far is not scored.

    A whole search lists its cells cheapest first, and no score is below 0: after a cell scoring 0,
    only the cells of the same cost can still rank before it."""
    found: tuple[float, int, Cell] | None = None
    if aim is None:
        for i, v in best.items():
            if found is not None and found[0] <= 0.0 and v[1] > found[1]:
                break
            option = (score_at(i), v[1], cells[i])
            if found is None or option < found:
                found = option
        return found
    twice = heuristic(size, aim.points)  # twice the distance to the points, rounded down
    for i, v in best.items():
        if found is not None and aim.beaten(twice[i] / 2, found[0]):
            continue
        option = (score_at(i), v[1], cells[i])
        if found is None or option < found:
            found = option
    return found


def _beside(cells: tuple[Cell, ...], size: int, taken: set[Cell], coherence: float) -> set[int]:
    """The free cells touching one placed model and within ``coherence`` of all (a later model's
    options: those it can reach)."""
    ring = around(size)
    # within ``coherence`` (with the rules' 1e-9 of slack): at most this squared distance, in whole cells
    reach = max(d for d in range(int(coherence * coherence) + 2) if math.sqrt(d) <= coherence + 1e-9)
    near = {i for x, y in taken for i in ring[y * size + x]}
    found = set()
    for i in near:
        x, y = cell = cells[i]
        if cell not in taken and all((x - a) * (x - a) + (y - b) * (y - b) <= reach for a, b in taken):
            found.add(i)
    return found


def step_back(state: GrimState, turn: Turn, unit: Unit) -> None:
    """After a melee the chargers move back until no model is within 1" of an enemy, if they can."""
    grid = grid_of(state)
    others = occupied(state, skip=unit.id)  # the other units stand still meanwhile
    mover = None
    for m in unit.alive():
        if not _touches(m.cell, others):
            continue
        if mover is None:
            mover = mover_for(state, unit, inch(state.half, 6))
        search = aimed(grid, m.cell, mover, Aim((), 0.0))  # by cost alone: the cheapest spot is enough
        assert search is not None
        dest = search.cheapest({grid.at(o.cell) for o in unit.alive()})  # the model's own cell among them
        if dest is not None:
            walk(state, turn, unit, m, search.reach.path(dest), kind="back")
    if any(_touches(m.cell, others) for m in unit.alive()):
        turn.say(f"{name(unit)} cannot get clear and stays in contact.")
    else:
        turn.say(f'{name(unit)} steps back 1" from the fight.')


def _touches(cell: Cell, cells: dict[Cell, str]) -> bool:
    """Whether a cell of ``cells`` touches ``cell``."""
    x, y = cell
    return any((x + dx, y + dy) in cells for dx, dy in NEIGHBOURS)


def contact_aim(foe: Unit) -> Aim | None:
    """The floor of :func:`contact_score`: the distance to the nearest model, from 1.5 on (a cell
    touching one may score 0)."""
    cells = tuple(m.cell for m in foe.alive())
    return Aim(cells, 1.5) if cells else None


def contact_score(state: GrimState, foe: Unit) -> Score:
    """Lower is better: 0 in contact with ``foe`` (and within 4" of its height), else the distance to it."""
    grid = grid_of(state)
    heights, size = grid.height, grid.size
    cells = [(m.x, m.y, grid.h(m.cell)) for m in foe.alive()]
    rise = inch(state.half, 4)
    hypot = math.hypot

    def score(cell: Cell) -> float:  # a group move scores thousands of cells: no call but hypot
        x, y = cell
        best = 999.0
        for cx, cy, h in cells:
            d = hypot(x - cx, y - cy)
            if d < 1.5:
                if abs(heights[y * size + x] - h) <= rise:
                    return 0.0
                d += 2.0
            if d < best:
                best = d
        return best

    return score


def close_in(state: GrimState, turn: Turn, defender: Unit, charger: Unit) -> None:
    """The defenders move up to 3" to get into contact with the chargers, as far as they can."""
    if defender.gone or defender.down or rule(defender, "immobile"):
        return
    inches = inch(state.half, 3)
    score = contact_score(state, charger)
    if all(score(m.cell) == 0.0 for m in defender.alive()):
        return
    if defender.side == "hero":
        hero = defender.models[0]
        found = hero_reach(state, defender, inches, target=charger)
        size = grid_of(state).size
        best = min(((score((i % size, i // size)), c, (i % size, i // size)) for i, (_, c, _) in found.best.items()))
        if best[2] != hero.cell and best[0] < score(hero.cell):
            walk(state, turn, defender, hero, found.path(best[2]), kind="close")
            turn.say(f"{name(defender)} moves up to meet the charge.")
        return
    if place_group(state, turn, defender, inches, score, target=charger, kind="close", aim=contact_aim(charger)):
        turn.say(f"{name(defender)} moves up to meet the charge.")

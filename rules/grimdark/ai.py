"""The enemy phase: every enemy unit activates once, closest to a hero first, following the flowchart.

1. Is a (conscious) hero in sight? If not, go to 3.
2. Could a hero be shot or charged after moving? If so: Advance into range and shoot the closest,
   unless charging the closest would deal more damage on average (then Charge); if not: Rush
   towards the closest hero.
3. Within 3" of an AI Goal: the unit waits. Otherwise it Rushes towards the nearest Goal.

Shaken units stay idle (and recover), Immobile ones only Hold, casters try one random spell first.
Every decision and every die is narrated. Ties are broken by a logged random draw.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from rules.core import Turn

from .aimed import Aim, aimed
from .combat import any_shooter, expected_wounds, fire, unit_in_cover
from .content import cell_name
from .effects import ai_cast, shed_impaired, status_checks
from .grid import Grid, dist, inch, near, sees
from .melee import fight
from .memo import scoped
from .morale import end_of_activation
from .moves import allowance, cells_by_index, contact_aim, contact_score, dangerous, mover_for, place_group
from .paths import Mover, Reach, contact_bounds, contact_fits, contact_steps, known, reach
from .state import Cell, GrimState, Model, Unit
from .units import enemies, grid_of, name, rule, standing, unit_distance, weapons


def closest_distance(state: GrimState, unit: Unit) -> float:
    heroes = standing(state)
    return min((unit_distance(unit, h) for h in heroes), default=999.0)


def activation_order(state: GrimState, turn: Turn) -> list[Unit]:
    """Enemy units still to act, from the one closest to a hero to the farthest (ties drawn at random)."""
    waiting = [u for u in enemies(state) if not u.activated]
    gap = {u.id: round(closest_distance(state, u), 6) for u in waiting}
    keyed = sorted(waiting, key=lambda u: (gap[u.id], u.id))
    out: list[Unit] = []
    i = 0
    while i < len(keyed):
        d = gap[keyed[i].id]
        group = [u for u in keyed[i:] if gap[u.id] == d]
        if len(group) > 1:
            turn.rng.shuffle(group)
            turn.say(f"{', '.join(u.id for u in group)} are equally close: a random draw sets their order.")
        out += group
        i += len(group)
    return out


def next_to_act(state: GrimState, turn: Turn) -> Unit | None:
    order = activation_order(state, turn)
    return order[0] if order else None


def in_sight(state: GrimState, unit: Unit, hero: Unit) -> bool:
    grid = grid_of(state)
    return any(sees(grid, m.cell, h.cell) for m in unit.alive() for h in hero.alive())


def closest_first(unit: Unit, cell: Cell) -> list[Model]:
    """The unit's models, the closest to ``cell`` first (the likeliest to settle a question at once)."""
    x, y = cell
    return sorted(unit.alive(), key=lambda m: (m.x - x) * (m.x - x) + (m.y - y) * (m.y - y))


def shot_after_advance(state: GrimState, unit: Unit, hero: Unit) -> bool:
    """Could a model of ``unit`` have ``hero`` in range (and sight, unless Indirect) after an Advance?"""
    if any_shooter(state, unit, hero):
        return True
    ranged = [w for w in weapons(unit) if not w.melee and not w.has("limited")]
    if not ranged or rule(unit, "immobile"):
        return False
    longest = max(inch(state.half, w.range) for w in ranged) + allowance(state, unit, "advance")
    if unit_distance(unit, hero) > longest + 1e-9:
        return False
    grid = grid_of(state)
    target = hero.models[0].cell
    # any weapon from any reachable cell: the Indirect ones need only the range, the others sight too
    lob = max((inch(state.half, w.range) for w in ranged if w.has("indirect")), default=-1.0) + 1e-9
    aim = max((inch(state.half, w.range) for w in ranged if not w.has("indirect")), default=-1.0) + 1e-9
    mover = mover_for(state, unit, allowance(state, unit, "advance"))
    cells = cells_by_index(grid.size)
    tx, ty = target

    def fires(i: int) -> bool:
        cell = cells[i]
        d = math.hypot(cell[0] - tx, cell[1] - ty)
        return d <= lob or (d <= aim and sees(grid, cell, target))

    for model in closest_first(unit, target):
        found = known(grid, model.cell, mover)
        if found is not None:
            if any(fires(i) for i in found.best):
                return True
            continue
        search = aimed(grid, model.cell, mover, Aim((target,), 0.0))
        if search is None:
            if any(fires(i) for i in reach(grid, model.cell, mover).best):
                return True
        elif search.any(fires, max(lob, aim)):
            return True
    return False


def charge_reach(state: GrimState, unit: Unit, hero: Unit) -> bool:
    """At least one model could reach contact with ``hero`` with a Charge.

    The model's plain search of the same length (shared by every hero it might charge, and by a Rush)
    settles it, unless only the charge's own search can tell (see :func:`contact_bounds`)."""
    if rule(unit, "immobile") or not any(w.melee for w in weapons(unit)):
        return False
    inches = allowance(state, unit, "charge")
    if not any(near(m.cell, h.cell, inches) for m in unit.alive() for h in hero.alive()):
        return False  # a model must be within charge distance, measured like every distance
    grid = grid_of(state)
    mover = mover_for(state, unit, inches, target=hero)
    plain = None if mover.flying else mover_for(state, unit, inches)
    hx, hy = hero.models[0].cell
    size = grid.size
    # within 1.5 of the hero's cell: the cell itself and the eight touching it
    close = {y * size + x for y in range(hy - 1, hy + 2) for x in range(hx - 1, hx + 2) if grid.inside((x, y))}
    points = tuple(h.cell for h in hero.alive())
    steps = None if plain is None else contact_steps(grid, mover)
    for model in closest_first(unit, (hx, hy)):
        if plain is not None and steps is not None:
            sure = _contact(grid, model.cell, plain, mover, points, steps)
            if sure is not None:
                if sure:
                    return True
                continue
        found = _settled(grid, model.cell, mover, points, mover.allowed | close)
        if not mover.allowed.isdisjoint(found.best) or not close.isdisjoint(found.best):
            return True
    return False


def _contact(
    grid: Grid,
    start: Cell,
    plain: Mover,
    mover: Mover,
    points: tuple[Cell, ...],
    steps: dict[int, list[tuple[int, int]]],
) -> bool | None:
    """What the model's plain search says about the charge (see :func:`contact_bounds`), an aimed one
    taken only until a step into an allowed cell surely fits (a cell's cost, once settled, stays; a
    later node of it at that cost only lifts the difficult-ground cap), else as far as it must."""
    whole = known(grid, start, plain)
    if whole is None:
        search = aimed(grid, start, plain, Aim(points, 0.0))
        if search is not None:
            best = search.reach.best
            if search.until(lambda u, _: u in steps and contact_fits(grid, mover, best[u], steps[u]), steps):
                return True
            whole = search.reach
        else:
            whole = reach(grid, start, plain)
    return contact_bounds(whole, mover, mover.allowed)


def _settled(grid: Grid, start: Cell, mover: Mover, points: tuple[Cell, ...], need: Iterable[int]) -> Reach:
    """A search from ``start`` that knows which cells of ``need`` it reaches and at what cost: the whole
    search if it is remembered, else one aimed at ``points`` taken only that far (see aimed.py)."""
    whole = known(grid, start, mover)
    if whole is not None:
        return whole
    search = aimed(grid, start, mover, Aim(points, 0.0))
    return reach(grid, start, mover) if search is None else search.settle(need)


def reachable(state: GrimState, unit: Unit, heroes: list[Unit]) -> tuple[list[Unit], list[Unit]]:
    """The heroes ``unit`` could shoot after an Advance, and those it could charge, weighed closest
    first and only as far as the first distance where one can be (:func:`pick_closest` takes its
    target among those; a tie is weighed whole)."""
    gaps = {h.id: round(unit_distance(unit, h), 6) for h in heroes}
    for gap in sorted(set(gaps.values())):
        group = [h for h in heroes if gaps[h.id] == gap]
        shootable = [h for h in group if shot_after_advance(state, unit, h)]
        chargeable = [h for h in group if charge_reach(state, unit, h)]
        if shootable or chargeable:
            return shootable, chargeable
    return [], []


def pick_closest(state: GrimState, turn: Turn, unit: Unit, heroes: list[Unit]) -> Unit | None:
    if not heroes:
        return None
    best = min(round(unit_distance(unit, h), 6) for h in heroes)
    tied = sorted((h for h in heroes if round(unit_distance(unit, h), 6) == best), key=lambda h: h.id)
    if len(tied) > 1:
        choice = turn.rng.choice(tied)
        turn.say(f"{' and '.join(name(h) for h in tied)} are equally close: a random draw picks {name(choice)}.")
        return choice
    return tied[0]


def range_score(state: GrimState, unit: Unit, hero: Unit):
    grid = grid_of(state)
    ranged = [w for w in weapons(unit) if not w.melee and not w.has("limited")]
    spans = [(inch(state.half, w.range), w.has("indirect")) for w in ranged]
    cells = [m.cell for m in hero.alive()]
    # some weapon reaches a model: an Indirect one within its range, another within its range and sight;
    # so the longest of each kind decides (each line of sight asked once per model)
    lob = max((span for span, indirect in spans if indirect), default=-1.0) + 1e-9
    aim = max((span for span, indirect in spans if not indirect), default=-1.0) + 1e-9

    def score(cell: Cell) -> float:
        gaps = [dist(cell, c) for c in cells]
        for c, d in zip(cells, gaps, strict=True):
            if d <= lob or (d <= aim and sees(grid, cell, c)):
                return 0.0
        return 100.0 + min(gaps)

    return score


def toward(target: Cell):
    def score(cell: Cell) -> float:
        return dist(cell, target)

    return score


def activate(state: GrimState, turn: Turn, unit: Unit) -> None:
    """One enemy unit's whole activation."""
    from .effects import STATUS_NAMES

    grid = grid_of(state)
    unit.activated = True
    d = closest_distance(state, unit)
    where = cell_name(unit.alive()[0].cell)
    turn.say(
        f"{name(unit)} activates at {where}" + (f', {d:.1f}" from the nearest hero.' if d < 999 else "."), kind="turn"
    )
    in_danger = [m for m in unit.alive() if grid.dangerous[grid.at(m.cell)]]
    if in_danger:
        dangerous(state, turn, unit, in_danger, "starts its activation on dangerous ground")
    if unit.statuses:
        turn.say(f"{name(unit)} checks {', '.join(STATUS_NAMES[s] for s in unit.statuses)}.")
        status_checks(state, turn, unit)
    if not unit.gone:
        if unit.shaken:
            turn.say(f"{name(unit)} is Shaken: it stays idle this activation and recovers.")
            unit.shaken = False
        else:
            if rule(unit, "caster"):
                ai_cast(state, turn, unit)
            if not unit.gone:
                flowchart(state, turn, unit)
    if "charged" in unit.buffs:
        unit.buffs = [b for b in unit.buffs if b != "charged"]
        unit.fatigued = True
    shed_impaired(unit)
    end_of_activation(state, turn)


def flowchart(state: GrimState, turn: Turn, unit: Unit) -> None:
    heroes = standing(state)
    if not heroes:
        return
    if rule(unit, "immobile"):
        targets = [h for h in heroes if any_shooter(state, unit, h)]
        target = pick_closest(state, turn, unit, targets)
        if target is None:
            turn.say(f"{name(unit)} is Immobile and has no hero in range: it holds.")
            return
        turn.say(f"{name(unit)} is Immobile: it holds and shoots the closest hero it can, {name(target)}.")
        fire(state, turn, unit, target, moved=False)
        return
    # nothing changes while the unit weighs the heroes (its moves and rings are worked out once), nor
    # until its group move starts, which reads the same memo
    with scoped() as weighed:
        seen = [h for h in heroes if in_sight(state, unit, h)]
        if seen:
            shootable, chargeable = reachable(state, unit, heroes)
    if not seen:
        step_three(state, turn, unit, weighed)
        return
    if not shootable and not chargeable:
        target = pick_closest(state, turn, unit, seen)
        assert target is not None
        turn.say(f"Step 2: no hero can be reached this turn; {name(unit)} Rushes towards {name(target)}.")
        score = contact_score(state, target)
        place_group(state, turn, unit, allowance(state, unit, "rush"), score, aim=contact_aim(target), weighed=weighed)
        return
    target = pick_closest(
        state, turn, unit, sorted({h.id: h for h in shootable + chargeable}.values(), key=lambda h: h.id)
    )
    assert target is not None
    shoot_value = charge_value = 0.0
    grid = grid_of(state)
    if target in shootable:
        pairs = [(w, w.attacks * len(unit.alive())) for w in weapons(unit) if not w.melee and not w.has("limited")]
        cover = unit_in_cover(grid, unit.alive()[0].cell, target, obstructions=True)
        shoot_value = expected_wounds(state, unit, target, pairs, melee=False, charging=False, cover=cover)
    if target in chargeable:
        pairs = [(w, w.attacks * len(unit.alive())) for w in weapons(unit) if w.melee]
        impact = 0 if unit.fatigued else rule(unit, "impact") * len(unit.alive())
        charge_value = expected_wounds(
            state, unit, target, pairs, melee=True, charging=True, cover=False, impact=impact
        )
    if target in chargeable and charge_value > shoot_value:
        turn.say(
            f"Step 2: {name(unit)} Charges {name(target)} (about {charge_value:.1f} wounds in melee"
            f" against {shoot_value:.1f} shooting)."
        )
        place_group(
            state,
            turn,
            unit,
            allowance(state, unit, "charge"),
            contact_score(state, target),
            target=target,
            kind="charge",
            aim=contact_aim(target),
            weighed=weighed,
        )
        if not unit.gone:
            fight(state, turn, unit, target)
        return
    turn.say(
        f"Step 2: {name(unit)} Advances to shoot {name(target)}"
        + (f" (about {shoot_value:.1f} wounds against {charge_value:.1f} in melee)." if target in chargeable else ".")
    )
    moved = False
    if not any_shooter(state, unit, target):
        score = range_score(state, unit, target)  # 0 in range: the cheapest such cell ends each search
        moved = place_group(
            state, turn, unit, allowance(state, unit, "advance"), score, aim=Aim((), 0.0), weighed=weighed
        )
    if not unit.gone and any_shooter(state, unit, target):
        fire(state, turn, unit, target, moved=moved)
    elif not unit.gone:
        turn.say(f"{name(unit)} still cannot draw a bead on {name(target)}.")


def step_three(state: GrimState, turn: Turn, unit: Unit, weighed: dict[Any, Any] | None = None) -> None:
    goals = state.mission.goals
    if not goals:
        turn.say(f"Step 1: no hero in sight and no AI Goal: {name(unit)} waits.")
        return
    near = min(goals, key=lambda g: (min(dist(m.cell, g) for m in unit.alive()), g))
    gap = min(dist(m.cell, near) for m in unit.alive())
    if gap <= inch(state.half, 3) + 1e-9:
        turn.say(f'Step 3: no hero in sight; {name(unit)} is within 3" of its AI Goal {cell_name(near)} and waits.')
        return
    turn.say(f"Step 3: no hero in sight; {name(unit)} Rushes towards the AI Goal at {cell_name(near)}.")
    place_group(state, turn, unit, allowance(state, unit, "rush"), toward(near), aim=Aim((near,), 0.0), weighed=weighed)


def enemy_phase(state: GrimState, turn: Turn, finished) -> None:
    """Activate every enemy unit once, in the order set at the start of the phase; stop when the mission is decided."""
    turn.say(f"Round {state.round}: the enemy acts.", kind="turn")
    state.marks = [m for m in state.marks if m.by != "ai"]
    first = len(state.marks)
    try:
        for unit in activation_order(state, turn):
            if finished(state):
                return
            if unit.gone or not unit.placed or unit.activated:
                continue
            activate(state, turn, unit)
    finally:
        for mark in state.marks[first:]:
            mark.by = "ai"

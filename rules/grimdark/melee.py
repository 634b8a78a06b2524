"""Melee after a charge: the defenders close in, Counter strikes first, Impact, the chargers strike,
the defenders strike back, fatigue, Fear, and the chargers stepping back if both units survive."""

from __future__ import annotations

from rules.core import Turn

from .combat import Hit, Volley, block, roll_hits
from .content import Weapon
from .dice import passes
from .grid import dist, inch, touching
from .harm import whose
from .moves import close_in, step_back
from .state import GrimState, Mark, Model, Unit
from .units import grid_of, name, rule, weapons


def engaged(state: GrimState, model: Model, foe: Unit) -> bool:
    """Within 2" horizontally and 4" vertically of an enemy model (base contact always counts)."""
    grid = grid_of(state)
    flat = max(inch(state.half, 2), 1.5)
    rise = inch(state.half, 4)
    for other in foe.alive():
        if dist(model.cell, other.cell) <= flat + 1e-9 and abs(grid.h(model.cell) - grid.h(other.cell)) <= rise:
            return True
    return False


def strikers(state: GrimState, unit: Unit, foe: Unit, *, counter: bool | None = None) -> list[tuple[Model, Weapon]]:
    """Models in reach of ``foe`` and their melee weapons (``counter``: only / never Counter weapons)."""
    out = []
    for model in unit.alive():
        if not engaged(state, model, foe):
            continue
        for weapon in weapons(unit):
            if not weapon.melee:
                continue
            if counter is not None and weapon.has("counter") != counter:
                continue
            out.append((model, weapon))
    return out


def strike(
    state: GrimState,
    turn: Turn,
    unit: Unit,
    foe: Unit,
    pairs: list[tuple[Model, Weapon]],
    *,
    charging: bool,
    fatigued: bool,
) -> int:
    """Roll the melee attacks of ``pairs`` against ``foe``; returns the wounds dealt."""
    if not pairs or foe.gone or foe.down or unit.gone or unit.down:
        return 0
    grouped: dict[str, tuple[Weapon, int]] = {}
    for _, weapon in pairs:
        w, count = grouped.get(weapon.key, (weapon, 0))
        grouped[weapon.key] = (w, count + weapon.attacks)
    hits = []
    for weapon, count in grouped.values():
        hits += roll_hits(state, turn, unit, weapon, count, foe, melee=True, charging=charging, fatigued=fatigued)
    dealt = block(state, turn, foe, Volley(hits=hits, melee=True, near=pairs[0][0].cell))
    if dealt:
        fear = sum(rule(unit, "fear") for model in {id(m): m for m, _ in pairs}.values() if not model.dead)
        if fear:
            foe.fear += fear
            turn.say(
                f"Fear: {name(unit)} counts as {fear} wound{'s' if fear != 1 else ''} more for morale.",
                concerns=whose(unit),
            )
    return dealt


def impact(state: GrimState, turn: Turn, charger: Unit, defender: Unit) -> None:
    """Impact(X): X dice per charging model in reach, each 2+ a hit; one die fewer in all per model of
    the charged unit with a Counter weapon, in reach or not; none when the charger is fatigued
    ("Special rules: Impact, Counter")."""
    per_model = rule(charger, "impact")
    if not per_model:
        return
    if charger.fatigued:
        turn.say(f"{name(charger)} is fatigued: no Impact.", concerns=whose(charger))
        return
    models = [m for m in charger.alive() if engaged(state, m, defender)]
    counters = len(defender.alive()) if any(w.melee and w.has("counter") for w in weapons(defender)) else 0
    dice = per_model * len(models) - counters
    if counters:
        turn.say(f"Counter: {name(charger)} rolls {counters} Impact di{'ce' if counters != 1 else 'e'} fewer.")
    if dice <= 0:
        return
    faces = turn.rng.dice(dice, 6, label=f"{name(charger)} Impact({per_model}): {dice} dice, each 2+ is a hit")
    count = sum(passes(f, 2, 0) for f in faces)
    if count:
        turn.say(f"Impact: {count} hit{'s' if count != 1 else ''}.")
        block(state, turn, defender, Volley(hits=[Hit() for _ in range(count)], melee=True, near=models[0].cell))


def fight(state: GrimState, turn: Turn, charger: Unit, defender: Unit) -> None:
    """Everything after the chargers reached (or got as close as they could to) the defenders."""
    close_in(state, turn, defender, charger)
    if not any(engaged(state, m, defender) for m in charger.alive()):
        turn.say(f"{name(charger)} could not get into reach of {name(defender)}: no melee.", concerns=whose(charger))
        charger.buffs = [*charger.buffs, "charged"]
        if any(touching(m.cell, n.cell) for m in charger.alive() for n in defender.alive()):
            step_back(state, turn, charger)
        return
    turn.say(f"Melee: {name(charger)} against {name(defender)}.", kind="turn")
    pairs = [(m.cell, n.cell) for m in charger.alive() for n in defender.alive() if engaged(state, m, defender)]
    if pairs:
        a, b = min(pairs, key=lambda p: dist(*p))
        state.marks.append(Mark(kind="melee", unit=charger.id, cells=[a, b]))
    defender_tired = defender.fatigued or defender.shaken
    struck = False
    first = strikers(state, defender, charger, counter=True)
    if first and not (defender.down or charger.gone or charger.down):
        turn.say(f"{name(defender)} strikes first with its Counter weapons.", concerns=whose(defender))
        strike(state, turn, defender, charger, first, charging=False, fatigued=defender_tired)
        struck = True
    impact(state, turn, charger, defender)
    strike(state, turn, charger, defender, strikers(state, charger, defender), charging=True, fatigued=charger.fatigued)
    back = strikers(state, defender, charger, counter=False)
    if back and not (defender.gone or defender.down or charger.gone or charger.down):
        turn.say(f"{name(defender)} strikes back" + (" (fatigued: only 6s hit)." if defender_tired else "."))
        strike(state, turn, defender, charger, back, charging=False, fatigued=defender_tired)
        struck = True
    if struck and not defender.gone and not defender.down:
        defender.fatigued = True  # "Melee: Fatigue" comes after striking back (Counter strikes count)
    elif not (defender.gone or defender.down or defender.fatigued):
        turn.say(f"{name(defender)} did not strike back, so it is not fatigued.", concerns=whose(defender))
    charger.buffs = [*charger.buffs, "charged"]
    if not (defender.gone or defender.down or charger.gone or charger.down):
        step_back(state, turn, charger)

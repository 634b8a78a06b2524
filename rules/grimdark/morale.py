"""Morale: the test at the end of an activation that left a unit at half strength, Shaken, Fearless,
the Villain's steadying presence, and Tou 9+ units that take wounds instead of breaking."""

from __future__ import annotations

from rules.core import Turn

from .dice import d3, needs, passes, pay, will_pay
from .grid import dist, inch
from .harm import take_wounds, whose
from .state import GrimState, Unit
from .units import enemies, name, rule, stats


def at_half(state: GrimState, unit: Unit) -> bool:
    """Half or less of its models left (a single model: half or less of its Tou), Fear counted."""
    if len(unit.models) > 1:
        return len(unit.alive()) - unit.fear <= len(unit.models) / 2
    tou = stats(state, unit).tou
    return tou - unit.models[0].wounds - unit.fear <= tou / 2


def steadying(state: GrimState, unit: Unit) -> tuple[int, str]:
    """The Qua the unit tests morale on, and why (a Villain within 12" that is not Shaken may lend its own)."""
    own = stats(state, unit).qua
    if unit.side != "ai":
        return own, ""
    best, why = own, ""
    for other in enemies(state):
        if other.id == unit.id or not rule(other, "villain") or other.shaken:
            continue
        near = min(dist(m.cell, v.cell) for m in unit.alive() for v in other.alive())
        if near <= inch(state.half, 12) + 1e-9 and stats(state, other).qua < best:
            best, why = stats(state, other).qua, f" (the Villain {name(other)} steadies it)"
    return best, why


def morale_test(state: GrimState, turn: Turn, unit: Unit, why: str = "") -> bool:
    """A Qua test; failing makes the unit Shaken (a hero may pay 2 power to ignore it; Tou 9+ takes D3 wounds).
    Returns whether it held."""
    if unit.gone or unit.down:
        return True
    unit.tested = True
    quality, helper = steadying(state, unit)
    mod = -1 if "impaired" in unit.statuses else 0
    if unit.shaken:
        turn.say(f"{name(unit)} is already Shaken and fails the morale test{why}.", concerns=whose(unit))
        held = False
    else:
        face = turn.rng.die(6, label=f"{name(unit)} morale test{why}, needs {needs(quality, mod)}{helper}")
        held = passes(face, quality, mod)
    if not held and rule(unit, "fearless"):
        face = turn.rng.die(6, label=f"{name(unit)} is Fearless: 4+ holds anyway")
        held = face >= 4
    if held:
        turn.say(f"{name(unit)} holds.", concerns=whose(unit))
        return True
    if stats(state, unit).tou >= 9:
        wounds = d3(turn, f"{name(unit)} cannot be Shaken: D3 wounds instead")
        turn.say(
            f"{name(unit)} takes {wounds} wound{'s' if wounds != 1 else ''} instead of breaking.", concerns=whose(unit)
        )
        take_wounds(state, turn, unit, wounds)
        return False
    if unit.side == "hero" and will_pay(state, unit, "shaken", 2):
        pay(state, turn, unit, 2, "to shrug off being Shaken")
        if not unit.down:
            return False
    if not unit.down:
        unit.shaken = True
        turn.say(f"{name(unit)} is Shaken!", kind="warn", concerns=whose(unit))
    return False


def end_of_activation(state: GrimState, turn: Turn) -> None:
    """Every unit that took wounds this activation and is at half strength or worse tests morale."""
    only_first = state.house.get("morale", "every") == "first"
    for unit in state.units:
        hurt = unit.took > 0 and unit.placed and not unit.gone and not unit.down
        if hurt and at_half(state, unit) and not (only_first and unit.tested):
            morale_test(state, turn, unit)
    for unit in state.units:
        unit.took = 0
        unit.fear = 0

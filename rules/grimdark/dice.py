"""Stat tests (a natural 6 passes, a natural 1 fails), buying failed tests and paying power.

Heroes hold standing policies for optional power spends, so nobody waits for a yes or no:
``off`` never pays, ``safe`` pays only from power it has (no exhaustion, no knock-out through
Disease), ``always`` pays even if that exhausts the hero. ``ask`` (tests and casts) asks the player
when a common skill's test or a cast fails during the hero's own activation; anywhere else (jumps,
conditions) it acts as ``safe``.
"""

from __future__ import annotations

from rules.core import Turn

from .harm import take_wounds
from .state import GrimState, Unit
from .units import name, stats

POLICIES = {
    "tests": ("safe", ("off", "safe", "always", "ask"), "buy failed Str/Dex/Wil tests for 2 power"),
    "shaken": ("safe", ("off", "safe", "always"), "pay 2 power to ignore Shaken after a failed morale test"),
    "fall": ("safe", ("off", "safe", "always"), "pay 2 power to stop at the ledge instead of falling"),
    "cast": ("off", ("off", "safe", "always", "ask"), "pay 2 power per point of value to force a failed cast"),
    "impaired": ("safe", ("off", "safe", "always"), "pay D3 power to clear Impaired when activating"),
    "dispel": ("0", ("0", "1", "2", "3"), 'spell tokens spent against each enemy cast within 18" in sight'),
    "blast": ("off", ("off", "first"), "first: take the odd Blast hits of enemy attacks (off: the hero aimed at does)"),
}
"""Per-hero standing orders: name -> (default, choices, what it does)."""

STAT_NAMES = {"qua": "Qua", "defense": "Def", "str": "Str", "dex": "Dex", "wil": "Wil"}


def policy(unit: Unit, key: str) -> str:
    return unit.policy.get(key, POLICIES[key][0])


def passes(face: int, target: int, mod: int) -> bool:
    """A natural 6 always succeeds and a natural 1 always fails; otherwise the modified die must reach ``target``."""
    if face == 6:
        return True
    if face == 1:
        return False
    return face + mod >= target


def needs(target: int, mod: int) -> str:
    """How a test reads in the narration: the number each die must show, then where it came from:
    "4+", "5+ (from 4+, -1)" (a natural 6 always succeeds and a natural 1 always fails)."""
    if not mod:
        return f"{target}+"
    return f"{min(6, max(2, target - mod))}+ (from {target}+, {mod:+d})"


def d3(turn: Turn, label: str) -> int:
    """A D3: half a six-sided die, rounded up."""
    face = turn.rng.die(6, label=f"{label} (D3 = half the die, rounded up)")
    return (face + 1) // 2


def stat_test(
    state: GrimState, turn: Turn, unit: Unit, stat: str, *, mod: int = 0, why: str = "", buy: bool = True
) -> bool:
    """One stat test of ``unit``; a hero may buy a failed Str, Dex or Wil test (its ``tests`` policy)."""
    target = getattr(stats(state, unit), stat)
    if "impaired" in unit.statuses:
        mod -= 1
    label = f"{name(unit)} {STAT_NAMES[stat]} test{' for ' + why if why else ''}, needs {needs(target, mod)}"
    face = turn.rng.die(6, label=label)
    if passes(face, target, mod):
        return True
    if buy and unit.side == "hero" and stat in ("str", "dex", "wil") and will_pay(state, unit, "tests", 2):
        pay(state, turn, unit, 2, f"to pass the failed {STAT_NAMES[stat]} test")
        return not unit.down
    turn.say(f"{name(unit)} fails the {STAT_NAMES[stat]} test.")
    return False


def will_pay(state: GrimState, unit: Unit, key: str, cost: int) -> bool:
    """Whether the hero's standing policy ``key`` spends ``cost`` power now."""
    if unit.side != "hero" or unit.down:
        return False
    choice = policy(unit, key)
    if choice == "ask":
        choice = "safe"
    if choice == "always":
        return True
    if choice != "safe" or unit.power < cost:
        return False
    if "diseased" in unit.statuses:
        return unit.models[0].wounds + cost < stats(state, unit).tou
    return True


def pay(state: GrimState, turn: Turn, unit: Unit, cost: int, why: str) -> None:
    """A hero spends or loses ``cost`` power. Short of power it is exhausted: by default (house rule
    ``exhaustion=whole``) it takes ``cost`` wounds instead and keeps its power; with ``shortfall`` it
    spends what it has and takes wounds for the rest. A Diseased hero takes a wound per power lost."""
    if cost <= 0:
        return
    if cost <= unit.power:
        unit.power -= cost
        turn.say(f"{name(unit)} pays {cost} power {why} ({unit.power} left).")
        lost = cost
    elif state.house.get("exhaustion", "whole") == "shortfall":
        lost = unit.power
        unit.power = 0
        turn.say(f"{name(unit)} is exhausted: pays its last {lost} power and takes {cost - lost} wounds {why}.")
        take_wounds(state, turn, unit, cost - lost)
    else:
        turn.say(f"{name(unit)} is exhausted: takes {cost} wounds {why} instead of paying power.")
        take_wounds(state, turn, unit, cost)
        lost = 0
    if lost and "diseased" in unit.statuses and not unit.down:
        turn.say(f"Disease: {name(unit)} takes {lost} wound{'s' if lost != 1 else ''} for the power lost.")
        take_wounds(state, turn, unit, lost)


def gain(state: GrimState, turn: Turn, unit: Unit, amount: int) -> int:
    top = stats(state, unit).power
    got = max(0, min(amount, top - unit.power))
    unit.power += got
    turn.say(f"{name(unit)} gains {got} power ({unit.power}/{top}).")
    return got

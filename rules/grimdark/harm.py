"""Wounds: Regeneration, who takes them (wound allocation), kills, unconscious heroes, revival bookkeeping."""

from __future__ import annotations

from rules.core import Turn

from .grid import dist
from .state import Cell, GrimState, Model, Unit
from .units import name, rule, stats


def whose(unit: Unit) -> list[int] | None:
    """The seat a hero belongs to, for ``Turn.say(concerns=...)``; None for an enemy unit (no seat)."""
    return [unit.seat] if unit.side != "ai" and unit.seat >= 0 else None


def allocation_order(unit: Unit, near: Cell | None) -> list[Model]:
    """Who takes the next wound: a wounded model first, then the one closest to ``near`` (the attacker)."""
    alive = unit.alive()
    return sorted(alive, key=lambda m: (m.wounds == 0, dist(m.cell, near) if near else 0.0, m.y, m.x))


def regenerate(turn: Turn, unit: Unit, wounds: int, *, no_regen: bool = False) -> int:
    """Regeneration ("Special rules"): whatever the wounds come from, a die for each and every 5+
    cancels one (Bane, Rending and Unstoppable weapons set ``no_regen``); returns the wounds left."""
    if wounds <= 0 or not rule(unit, "regeneration"):
        return wounds
    if no_regen:
        turn.say(f"{name(unit)} cannot regenerate these wounds.", concerns=whose(unit))
        return wounds
    faces = turn.rng.dice(wounds, 6, label=f"{name(unit)} Regeneration, 5+ cancels a wound")
    saved = sum(f >= 5 for f in faces)
    if saved:
        turn.say(f"Regeneration cancels {saved} wound{'s' if saved != 1 else ''}.")
    return wounds - saved


def take_wounds(
    state: GrimState,
    turn: Turn,
    unit: Unit,
    wounds: int,
    *,
    near: Cell | None = None,
    deadly: int = 0,
    no_regen: bool = False,
    say: bool = False,
) -> int:
    """``unit`` takes ``wounds`` (each rolled for first if it has Regeneration); returns how many models
    died (a hero going down counts as one). With ``say`` the wounds left after Regeneration are told.

    With ``deadly`` each of the ``wounds`` is multiplied by it on one model and nothing spills to the
    next model (Regeneration rolls for each of the multiplied wounds).
    """
    if wounds <= 0 or unit.gone or unit.down:
        return 0
    if deadly:
        killed = 0
        for _ in range(wounds):
            if unit.gone or unit.down:
                break
            amount = regenerate(turn, unit, deadly, no_regen=no_regen)
            if amount:
                if say:
                    turn.say(f"{name(unit)} takes {amount} wound{'s' if amount != 1 else ''}.", concerns=whose(unit))
                killed += _apply(state, turn, unit, 1, near, amount)
        return killed
    amount = regenerate(turn, unit, wounds, no_regen=no_regen)
    if amount and say:
        turn.say(f"{name(unit)} takes {amount} wound{'s' if amount != 1 else ''}.", concerns=whose(unit))
    return _apply(state, turn, unit, amount, near, 0)


def _apply(state: GrimState, turn: Turn, unit: Unit, wounds: int, near: Cell | None, deadly: int) -> int:
    if wounds <= 0:
        return 0
    tou = stats(state, unit).tou
    killed = 0
    for _ in range(wounds):
        order = allocation_order(unit, near)
        if not order:
            break
        model = order[0]
        amount = min(deadly or 1, tou - model.wounds)
        model.wounds += amount
        unit.took += amount
        if model.wounds >= tou:
            killed += 1
            if unit.side == "hero":
                model.wounds = tou
                knock_out(state, turn, unit)
                break
            model.dead = True
    if unit.side == "ai" and killed:
        left = len(unit.alive())
        turn.say(
            f"{name(unit)} loses {killed} model{'s' if killed != 1 else ''}" + (f" ({left} left)." if left else ".")
        )
        if unit.gone:
            turn.say(f"{name(unit)} is wiped out.", kind="warn", concerns=whose(unit))
    return killed


def knock_out(state: GrimState, turn: Turn, unit: Unit) -> None:
    """A hero that would be killed falls unconscious: idle and ignored by the AI until revived."""
    unit.down = True
    unit.shaken = False
    turn.say(f"{name(unit)} falls unconscious!", kind="warn", concerns=whose(unit))
    if state.act is not None and state.act.hero == unit.id:
        state.act = None
        unit.activated = True


def heal(state: GrimState, turn: Turn, unit: Unit, amount: int) -> int:
    """Heal a hero (or the most wounded model of an enemy unit); returns the wounds healed."""
    healed = 0
    for _ in range(amount):
        hurt = sorted((m for m in unit.alive() if m.wounds > 0), key=lambda m: -m.wounds)
        if not hurt:
            break
        hurt[0].wounds -= 1
        healed += 1
    if healed:
        turn.say(heal_line(state, unit, healed, amount), concerns=whose(unit))
    return healed


def heal_line(state: GrimState, unit: Unit, healed: int, amount: int) -> str:
    """What a heal did: "X heals 2 wounds (3 rolled, only 2 taken): 6 of 6 wounds left, unhurt."."""
    line = f"{name(unit)} heals {healed} wound{'s' if healed != 1 else ''}"
    if healed < amount:
        line += f" ({amount} rolled, only {healed} taken)"
    if unit.side != "hero":
        return line + "."
    tou = stats(state, unit).tou
    left = tou - unit.models[0].wounds
    return line + f": {left} of {tou} wounds left" + (", unhurt." if left == tou else ".")

"""Wounds: who takes them (wound allocation), kills, unconscious heroes, revival bookkeeping."""

from __future__ import annotations

from rules.core import Turn

from .grid import dist
from .state import Cell, GrimState, Model, Unit
from .units import name, stats


def allocation_order(unit: Unit, near: Cell | None) -> list[Model]:
    """Who takes the next wound: a wounded model first, then the one closest to ``near`` (the attacker)."""
    alive = unit.alive()
    return sorted(alive, key=lambda m: (m.wounds == 0, dist(m.cell, near) if near else 0.0, m.y, m.x))


def take_wounds(
    state: GrimState, turn: Turn, unit: Unit, wounds: int, *, near: Cell | None = None, deadly: int = 0
) -> int:
    """Apply ``wounds`` to ``unit``; returns how many models died (a hero going down counts as one).

    With ``deadly`` each wound is multiplied by it on one model and nothing spills to the next model.
    """
    if wounds <= 0 or unit.gone or unit.down:
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
            turn.say(f"{name(unit)} is wiped out.", kind="warn")
    return killed


def knock_out(state: GrimState, turn: Turn, unit: Unit) -> None:
    """A hero that would be killed falls unconscious: idle and ignored by the AI until revived."""
    unit.down = True
    unit.shaken = False
    turn.say(f"{name(unit)} falls unconscious!", kind="warn")
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
        left = stats(state, unit).tou - unit.models[0].wounds if unit.side == "hero" else None
        extra = f" ({left} wounds to go)" if left is not None else ""
        turn.say(f"{name(unit)} heals {healed} wound{'s' if healed != 1 else ''}{extra}.")
    return healed

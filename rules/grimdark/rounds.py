"""The round: the heroes' phase, the enemy phase, the end of the round (fatigue, objectives, goals) and
the start of the next (spell tokens, Ambush arrivals, waves)."""

from __future__ import annotations

from rules.core import Turn

from .ai import enemy_phase
from .content import cell_name, content
from .effects import tokens_at_round_start
from .forces import arrive, new_unit, set_up
from .grid import dist, inch
from .state import GrimState, Unit
from .units import enemies, heroes, name, rule, standing

SEIZE = 3
"""Our seizing rule: a side holds an objective when it has a model (not Shaken, conscious) within 3"
at the end of a round and the other side has none there."""


def decided(state: GrimState) -> bool:
    return bool(state.verdict)


def settle(state: GrimState, turn: Turn) -> None:
    """Check the ways a mission ends at any moment: every hero down, the quarry slain, the Data Core out."""
    if state.verdict or state.phase != "battle":
        return
    if all(h.down for h in heroes(state) if h.placed) and not any(not h.placed for h in heroes(state)):
        conclude(state, turn, "loss", "every hero is down")
        return
    goal = state.mission.goal
    if goal.kind == "slay":
        quarry = next((u for u in state.units if u.id == goal.unit), None)
        if quarry is not None and quarry.gone:
            conclude(state, turn, "win", f"{name(quarry)} is destroyed")
            return
    if goal.kind == "retrieve":
        for hero in standing(state):
            if "data-core" in hero.items and state.mission.exit.holds(hero.models[0].cell):
                conclude(state, turn, "win", f"{name(hero)} carries the Data Core out")
                return
    if (
        goal.kind != "retrieve"
        and not enemies(state)
        and all(w.arrived for w in state.waves)
        and not any(u.side == "ai" and not u.placed for u in state.units)
    ):
        conclude(state, turn, "win", "no enemy is left on the battlefield")


def conclude(state: GrimState, turn: Turn, verdict: str, why: str) -> None:
    state.verdict = verdict
    state.verdict_why = why
    state.act = None
    turn.say(f"Mission {'won' if verdict == 'win' else 'lost'}: {why}.", kind="end")


def seize(state: GrimState, turn: Turn) -> None:
    reach = inch(state.half, SEIZE)
    for objective in state.objectives:
        spot = (objective.x, objective.y)
        ours = any(dist(h.models[0].cell, spot) <= reach + 1e-9 and not h.shaken for h in standing(state))
        theirs = any(dist(m.cell, spot) <= reach + 1e-9 and not u.shaken for u in enemies(state) for m in u.alive())
        holder = objective.holder
        if ours and not theirs:
            holder = "heroes"
        elif theirs and not ours:
            holder = "ai"
        if holder != objective.holder:
            objective.holder = holder
            side = "the heroes" if holder == "heroes" else "the enemy"
            turn.say(f"Objective {objective.id} ({cell_name(spot)}) is seized by {side}.")


def held(state: GrimState) -> int:
    return sum(o.holder == "heroes" for o in state.objectives)


def end_round(state: GrimState, turn: Turn) -> None:
    """Fatigue and round effects end, objectives are seized, end-of-round goals are checked."""
    for unit in state.units:
        unit.fatigued = False
        unit.buffs = [b for b in unit.buffs if b not in ("guard", "marked", "aim", "charged")]
    seize(state, turn)
    goal = state.mission.goal
    if goal.kind == "seize" and state.round >= goal.start and held(state) >= goal.count:
        conclude(state, turn, "win", f"the heroes hold {held(state)} objectives")
        return
    if state.round >= state.mission.rounds:
        if goal.kind == "survive" and standing(state) and held(state) >= goal.hold:
            conclude(state, turn, "win", f"the heroes held out to the end of round {state.round}")
        else:
            conclude(state, turn, "loss", f"round {state.round} is over and the goal is not met")


def start_round(state: GrimState, turn: Turn) -> None:
    """A new round: spell tokens, Ambush units due now, waves due now; the heroes act next."""
    state.round += 1
    turn.say(f"Round {state.round} of {state.mission.rounds} begins.", kind="turn")
    for unit in state.units:
        unit.activated = False
    for unit in [u for u in state.units if u.side == "ai" and not u.placed and u.due == state.round]:
        place_ambusher(state, turn, unit)
    for wave in state.waves:
        if not wave.arrived and wave.round == state.round:
            send_wave(state, turn, wave)
    tokens_at_round_start(state, turn)
    settle(state, turn)


def send_wave(state: GrimState, turn: Turn, wave) -> None:
    wave.arrived = True
    turn.reveal(f"the wave of round {wave.round}")
    c = content()
    turn.say(f"A wave arrives: {', '.join(c.units[k].name for k in wave.units)}.", kind="warn")
    for kind in wave.units:
        unit = new_unit(state, kind, placed=False)
        if rule(unit, "ambush"):
            unit.due = state.round + turn.rng.randint(1, 3)  # D3, kept secret until it arrives
            turn.say("Part of the wave stays out of sight.")
            continue
        cells = wave.zone.cells()
        centre = cells[turn.rng.below(len(cells))]
        arrive(state, turn, unit, centre, 3, "with the wave")


def place_ambusher(state: GrimState, turn: Turn, unit: Unit) -> None:
    """An enemy Ambush unit appears within 6" of an AI Goal (one drawn at random if there are several)."""
    turn.reveal(f"the ambush of {unit.id}")
    goals = state.mission.goals
    goal = goals[turn.rng.below(len(goals))] if len(goals) > 1 else goals[0]
    arrive(state, turn, unit, goal, inch(state.half, 6), f"from ambush near the AI Goal {cell_name(goal)}")


def heroes_done(state: GrimState) -> bool:
    """Every conscious hero has activated (a hero in reserve counts from round 2, when it may arrive)."""
    return all(h.activated or h.down or (not h.placed and state.round < 2) for h in heroes(state))


def close_round(state: GrimState, turn: Turn) -> None:
    """After the last hero: the enemy phase, the end of the round and the next round's start."""
    enemy_phase(state, turn, decided)
    if state.verdict:
        return
    settle(state, turn)
    if state.verdict:
        return
    end_round(state, turn)
    if state.verdict:
        return
    start_round(state, turn)


def first_round(state: GrimState, turn: Turn) -> None:
    """Deployment is over: enemy Ambush units of the starting force wait D3 rounds; round 1 begins."""
    state.phase = "battle"
    for unit in state.units:
        if unit.side == "ai" and not unit.placed and unit.due == 0:
            unit.due = 1 + turn.rng.randint(1, 3)  # D3, kept secret until it arrives
    start_round(state, turn)


__all__ = ["close_round", "first_round", "heroes_done", "set_up", "settle"]

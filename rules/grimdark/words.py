"""Plain words for the table: the compact text form of a state, status lines and button labels."""

from __future__ import annotations

from rules.core import Action

from .content import cell_name, content
from .effects import STATUS_NAMES
from .state import GrimState, Unit
from .units import enemies, find, heroes, name, stats


def goal_text(state: GrimState) -> str:
    goal = state.mission.goal
    if goal.kind == "seize":
        return f"hold {goal.count} objectives at the end of a round (from round {goal.start})"
    if goal.kind == "retrieve":
        return "find the Data Core and carry it into the exit zone"
    if goal.kind == "slay":
        return f"destroy {goal.unit}"
    hold = f", holding {goal.hold} objective{'s' if goal.hold != 1 else ''}" if goal.hold else ""
    return f"keep a hero standing to the end of round {state.mission.rounds}{hold}"


def hero_line(state: GrimState, hero: Unit) -> str:
    s = stats(state, hero)
    bits = [f"{name(hero)}"]
    if not hero.placed:
        bits.append("in reserve")
    else:
        bits.append(f"at {cell_name(hero.models[0].cell)}")
    bits.append(f"wounds {hero.models[0].wounds}/{s.tou}")
    bits.append(f"power {hero.power}/{s.power}")
    if hero.tokens:
        bits.append(f"spell tokens {hero.tokens}")
    marks = [STATUS_NAMES[x] for x in hero.statuses]
    if hero.down:
        marks.insert(0, "UNCONSCIOUS")
    if hero.shaken:
        marks.append("Shaken")
    if hero.fatigued:
        marks.append("fatigued")
    if hero.activated:
        marks.append("done this round")
    if marks:
        bits.append("(" + ", ".join(marks) + ")")
    if hero.items:
        bits.append("carries " + ", ".join(content().items[i].name for i in hero.items))
    return " ".join(bits)


def enemy_line(state: GrimState, unit: Unit) -> str:
    s = stats(state, unit)
    alive = unit.alive()
    hurt = sum(m.wounds for m in alive)
    bits = [f"{unit.id} {content().units[unit.kind].name}", f"{len(alive)}/{len(unit.models)} models"]
    bits.append(f"at {cell_name(alive[0].cell)}")
    if s.tou > 1:
        bits.append(f"wounds {hurt}")
    if unit.shaken:
        bits.append("Shaken")
    if unit.statuses:
        bits.append(", ".join(STATUS_NAMES[x] for x in unit.statuses))
    return " ".join(bits)


def status_lines(state: GrimState) -> list[str]:
    if state.phase == "over":
        return [state.summary]
    lines = [f"**{state.mission.name}** — round {state.round}/{state.mission.rounds}. Goal: {goal_text(state)}."]
    if state.phase == "deploy":
        lines.append("Deployment: place heroes with deploy (or keep the default places), then ready.")
    if state.phase == "camp":
        lines.append("At camp: spend XP with train, then ready.")
    lines += [hero_line(state, h) for h in heroes(state)]
    held = [o.id for o in state.objectives if o.holder == "heroes"]
    if state.objectives:
        lines.append(f"Objectives held: {', '.join(held) or 'none'} of {len(state.objectives)}.")
    foes = enemies(state)
    lines.append(f"Enemy units on the table: {len(foes)}.")
    return lines


def describe(state: GrimState) -> str:
    lines = [f"grimdark {state.mission.key} round {state.round}/{state.mission.rounds} phase {state.phase}"]
    lines += ["  " + hero_line(state, h) for h in heroes(state)]
    lines += ["  " + enemy_line(state, u) for u in enemies(state)]
    tokens = [f"{t.id}@{cell_name((t.x, t.y))}={t.content if t.revealed else '?'}" for t in state.tokens if not t.taken]
    if tokens:
        lines.append("  tokens " + " ".join(tokens))
    if state.objectives:
        lines.append(
            "  objectives " + " ".join(f"{o.id}@{cell_name((o.x, o.y))}:{o.holder or '-'}" for o in state.objectives)
        )
    if state.act is not None:
        lines.append(f"  acting {state.act.hero} used {','.join(state.act.actions) or 'nothing'}")
    return "\n".join(lines)


def label(state: GrimState, action: Action) -> str:
    """A command in plain words, for buttons and menus (only the words of its own kind are made: up to
    ~30 labels a reply)."""
    kind = action.get("type")
    hero = find(state, str(action.get("hero", "")))
    who = name(hero).split()[0] if hero is not None else ""
    text = _words(state, str(kind), action)
    return f"{who}: {text}" if who else text


def _unit_name(state: GrimState, uid: object) -> str:
    unit = find(state, str(uid))
    return name(unit) if unit is not None else str(uid)


_FIXED = {
    "start": "roll for conditions first",
    "done": "end the activation",
    "rest": "Rest: power to full",
    "ready": "ready",
}


def _words(state: GrimState, kind: str, action: Action) -> str:
    fixed = _FIXED.get(kind)
    if fixed is not None:
        return fixed
    if kind == "hold" or kind == "advance":
        shoot = f", shoot {action['shoot']}" if action.get("shoot") else ""
        extra = " (Limited too)" if action.get("limited") else ""
        if kind == "hold":
            return f"Hold{shoot or ' (no shot)'}{extra}"
        jump = " (jumping)" if action.get("jump") else ""
        return f"Advance to {action.get('to')}{shoot}{extra}{jump}"
    if kind == "rush":
        jump = " (jumping)" if action.get("jump") else ""
        return f"Rush to {action.get('to')}{jump}"
    if kind == "charge":
        return f"Charge {action.get('target')}"
    if kind == "arrive":
        return f"arrive from ambush at {action.get('to')}"
    if kind == "deploy":
        return f"deploy at {action.get('to')}"
    if kind == "policy":
        return f"order {action.get('key')}={action.get('value')}"
    if kind == "answer":
        if state.ask is not None and state.ask.kind == "blast":
            odd = str(action.get("odd") or state.ask.action["units"][0])  # type: ignore[index]
            return f"odd Blast hits to {odd.replace('+', ', ')}"
        return "pay the power" if action.get("pay") else "do not pay"
    c = content()
    if kind == "skill":
        skill = c.skills.get(str(action.get("skill")))
        target = action.get("target")
        return f"{skill.name if skill else action.get('skill')}" + (f" on {target}" if target else "")
    if kind == "use":
        item = c.items.get(str(action.get("item")))
        return (
            f"use {item.name if item else action.get('item')} on {_unit_name(state, action.get('target')).split()[0]}"
        )
    if kind == "give":
        return f"give {action.get('item')} to {_unit_name(state, action.get('to')).split()[0]}"
    if kind == "take":
        return f"take {action.get('item')} from {_unit_name(state, action.get('from')).split()[0]}"
    if kind == "revive":
        return f"revive {_unit_name(state, action.get('target'))}"
    if kind == "cast":
        spell = c.spells.get(str(action.get("spell")))
        return f"cast {spell.name if spell else action.get('spell')} on {action.get('target')}"
    if kind == "train":
        adv = c.advances.get(str(action.get("advance")))
        return f"train {adv.name if adv else action.get('advance')}" + (
            f": {action.get('skill')}" if action.get("skill") else ""
        )
    return kind

"""The heroes' commands: one ``check`` (reads only, raises RuleError) and one ``perform`` per command.

An activation is one action plus one Skill action in either order, and one more action of any
kind for 2 power. ``check`` returns a :class:`Plan` (the route worked out, the targets found), so
``perform`` plays exactly what was checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, RuleError, Turn

from .campaign import CAMP, next_mission, train
from .campaign import check_train as train_rules
from .combat import fire, in_fire, resolve_split, shot_spans
from .content import cell_name, content, parse_cell
from .dice import POLICIES, pay, policy, stat_test, will_pay
from .effects import affect, hero_cast, status_checks, turn_over
from .grid import dist, inch, near, sees, touching
from .harm import take_wounds
from .melee import fight
from .memo import active, checked
from .morale import end_of_activation
from .moves import allowance, around, check_destination, dangerous, hero_reach, mover_for, walk
from .paths import Edge, contact_bounds, reach_goal
from .rounds import close_round, first_round, heroes_done, settle
from .state import Activation, Ask, Cell, GrimState, Token, Unit
from .units import crowded, enemies, find, grid_of, heroes, name, rule, sheet, skills_of, stats, weapons

HERO_ACTIONS = ("rest", "hold", "advance", "rush", "charge")
SKILL_ACTIONS = ("skill", "use", "give", "take", "revive")
Route = list[tuple[Cell, Edge | None]]


@dataclass
class Plan:
    """What a checked command will do."""

    hero: Unit | None = None
    slot: str = ""
    route: Route = field(default_factory=list)
    target: Unit | None = None
    token: Token | None = None
    cell: Cell | None = None
    skill: str = ""
    item: str = ""
    spell: str = ""
    boost: int = 0
    limited: bool = False
    starts: bool = False


# -- small readers -----------------------------------------------------------------------------------------------


def text(action: Action, key: str) -> str:
    value = action.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RuleError(f"'{key}' must be a name, not {str(value)[:20]}.")
    if len(value) > 40:
        raise RuleError(f"That {key} is far too long.")
    return value.strip()


def flag(action: Action, key: str) -> bool:
    value = action.get(key, False)
    if not isinstance(value, bool):
        raise RuleError(f"'{key}' is yes or no.")
    return value


def the_hero(state: GrimState, seat: int | None, action: Action) -> Unit:
    """The hero a command names, if the asking seat plays it."""
    named = action.get("hero")
    if named is None or isinstance(named, str):
        return checked(("hero", id(state), seat, named), lambda: _hero(state, seat, action))
    return _hero(state, seat, action)


def _hero(state: GrimState, seat: int | None, action: Action) -> Unit:
    wanted = text(action, "hero").lower()
    mine = [h for h in heroes(state) if h.seat == seat]
    if not wanted:
        if len(mine) == 1:
            return mine[0]
        raise RuleError(f"Say which hero: {', '.join(h.id for h in mine) or 'you have none'}.")
    hero = find(state, wanted)
    if hero is None or hero.side != "hero":
        names = ", ".join(h.id for h in heroes(state))
        raise RuleError(f"There is no hero '{wanted[:20]}'. Heroes: {names}.")
    if seat is not None and hero.seat != seat:
        raise RuleError(f"{name(hero)} is played by {state.seats[hero.seat]}.")
    return hero


def the_cell(state: GrimState, action: Action, key: str = "to") -> Cell:
    raw = text(action, key)
    if not raw:
        raise RuleError(f"Say where ({key}), for example {cell_name(state.units[0].models[0].cell)}.")
    grid = grid_of(state)
    cell = parse_cell(raw, grid.size)
    if cell is None:
        last = cell_name((grid.size - 1, grid.size - 1))
        raise RuleError(f"'{raw[:12]}' is not a cell of this table: cells run from A1 to {last}.")
    return cell


def the_enemy(state: GrimState, action: Action, key: str = "target") -> Unit:
    wanted = text(action, key).upper()
    return checked(("enemy", id(state), wanted), lambda: _enemy(state, wanted))


def _enemy(state: GrimState, wanted: str) -> Unit:
    options = enemies(state)
    unit = next((u for u in options if u.id == wanted), None)
    if unit is None:
        shown = ", ".join(u.id for u in options) or "none on the table"
        raise RuleError(f"There is no enemy unit '{wanted[:12] or '?'}' on the table. Enemy units: {shown}.")
    return unit


def the_ally(state: GrimState, action: Action, hero: Unit, key: str = "target") -> Unit:
    wanted = text(action, key).lower()
    if not wanted:
        return hero
    ally = find(state, wanted)
    if ally is None or ally.side != "hero":
        raise RuleError(f"There is no hero '{wanted[:20]}'. Heroes: {', '.join(h.id for h in heroes(state))}.")
    return ally


def the_token(state: GrimState, action: Action, key: str = "target") -> Token:
    wanted = text(action, key).upper()
    left = [t for t in state.tokens if not t.taken]
    token = next((t for t in left if t.id == wanted), None)
    if token is None:
        shown = ", ".join(t.id for t in left) or "none left"
        raise RuleError(f"There is no search token '{wanted[:12] or '?'}'. Tokens: {shown}.")
    return token


def hero_cell(hero: Unit) -> Cell:
    return hero.models[0].cell


def reaches(state: GrimState, hero: Unit, cell: Cell, inches: float) -> bool:
    """``cell`` is within ``inches`` of the rules of the hero (see grid.py for how distances are measured)."""
    return near(hero_cell(hero), cell, inch(state.half, inches))


def unit_within(state: GrimState, hero: Unit, unit: Unit, inches: float) -> bool:
    return any(reaches(state, hero, m.cell, inches) for m in unit.alive())


def seen(state: GrimState, hero: Unit, unit: Unit) -> bool:
    grid = grid_of(state)
    return any(sees(grid, hero_cell(hero), m.cell) for m in unit.alive())


# -- the activation ------------------------------------------------------------------------------------------------


def needs_start(state: GrimState, hero: Unit) -> bool:
    """Dice to roll before the hero decides: status conditions, or dangerous ground under it."""
    grid = grid_of(state)
    return bool(hero.statuses) or grid.dangerous[grid.at(hero_cell(hero))]


def slot_for(state: GrimState, act: Activation | None, kind: str) -> str:
    """Which part of the activation a command uses: main, skill or extra (the one paid for with 2 power)."""
    main = act.main if act else False
    skill = act.skill if act else False
    extra = act.extra if act else False
    if kind == "skill":
        if not skill:
            return "skill"
        if not main and state.house.get("double_skill", "yes") == "yes":
            return "main"
    elif not main:
        return "main"
    if not extra:
        return "extra"
    return ""


def check_turn(state: GrimState, seat: int | None, action: Action) -> Unit:
    """The hero may act now: battle on, its seat, on the table, conscious, not done, nobody else mid-activation."""
    named = action.get("hero")
    if named is None or isinstance(named, str):
        return checked(("turn", id(state), seat, named), lambda: _turn(state, seat, action))
    return _turn(state, seat, action)


def _turn(state: GrimState, seat: int | None, action: Action) -> Unit:
    if state.phase != "battle" or state.verdict:
        raise RuleError(_phase_hint(state))
    hero = the_hero(state, seat, action)
    if state.act is not None and state.act.hero != hero.id:
        other = find(state, state.act.hero)
        raise RuleError(f"{name(other)} is in the middle of its activation: finish it first (done).")
    if not hero.placed:
        raise RuleError(
            f"{name(hero)} waits in reserve: it may arrive at the start of a round from round 2 (arrive),"
            " and arriving uses its activation."
        )
    deciding = in_reserve(state)
    if deciding:
        names = " and ".join(name(h) for h in deciding)
        raise RuleError(f"The round starts with the heroes in reserve: {names} must arrive or wait (done) first.")
    if hero.down:
        raise RuleError(f'{name(hero)} is unconscious: another hero within 3" must revive it.')
    if hero.activated:
        raise RuleError(f"{name(hero)} has already activated this round.")
    return hero


def in_reserve(state: GrimState) -> list[Unit]:
    """Heroes set aside (Ambush) that have not yet chosen, at the start of this round, to arrive or to
    wait; from round 2 they choose before any hero activates ("Special rules: Ambush")."""
    if state.phase != "battle" or state.round < 2:
        return []
    return [h for h in heroes(state) if not h.placed and not h.activated and not h.down]


def _phase_hint(state: GrimState) -> str:
    if state.phase == "deploy":
        return "The heroes are still deploying: deploy them or ready."
    if state.phase == CAMP:
        return "The party is at camp between missions: train or ready."
    if state.phase == "over" or state.verdict:
        return "This game is over."
    return "That cannot be done now."


def check_activity(state: GrimState, hero: Unit, kind: str) -> tuple[str, bool]:
    """(slot, starts) for an action (``kind`` action or skill) of ``hero``; refuses when none is left."""
    return checked(("activity", id(state), hero.id, kind), lambda: _activity(state, hero, kind))


def _activity(state: GrimState, hero: Unit, kind: str) -> tuple[str, bool]:
    act = state.act
    starts = act is None
    if starts and needs_start(state, hero):
        raise RuleError(f"{name(hero)} must first roll for its conditions or the ground under it: start.")
    if hero.shaken:
        raise RuleError(f"{name(hero)} is Shaken and must stay idle this activation (done).")
    if act is not None and "rest" in act.actions:
        raise RuleError(f"{name(hero)} rested: it stays idle for the rest of the activation.")
    slot = slot_for(state, act, kind)
    if not slot:
        raise RuleError(f"{name(hero)} has used its action, its Skill action and its extra action.")
    return slot, starts


def open_activation(state: GrimState, turn: Turn, hero: Unit) -> None:
    if state.act is None:
        state.act = Activation(hero=hero.id)
        turn.say(f"{name(hero)} activates.", kind="turn")


def use_slot(state: GrimState, turn: Turn, hero: Unit, slot: str, what: str) -> bool:
    """Mark the part of the activation used (paying 2 power for the extra action); False if paying
    knocked the hero out (the action then does not happen)."""
    act = state.act
    assert act is not None
    if slot == "extra":
        act.extra = True
    elif slot == "main":
        act.main = True
    else:
        act.skill = True
    act.actions = [*act.actions, what]
    if slot == "extra":
        pay(state, turn, hero, 2, "for an extra action")
    return not hero.down


def finish(state: GrimState, turn: Turn, hero: Unit) -> None:
    """End the hero's activation: fatigue from a charge, morale, the mission, maybe the round."""
    if state.act is not None and state.act.hero == hero.id:
        state.act = None
    hero.activated = True
    hero.buffs = [b for b in hero.buffs if b != "aim"]
    if "charged" in hero.buffs:
        hero.buffs = [b for b in hero.buffs if b != "charged"]
        hero.fatigued = True
    end_of_activation(state, turn)
    settle(state, turn)
    if not state.verdict and heroes_done(state):
        close_round(state, turn)


def after(state: GrimState, turn: Turn, hero: Unit, *, ends: bool = False) -> None:
    """After a command: the activation ends if the hero rested, fell, went down or used everything (not
    while its player is asked something: the answer comes back here)."""
    settle(state, turn)
    if state.verdict or state.ask is not None:
        return
    act = state.act
    if hero.down or ends or act is None or (act.main and act.skill and act.extra):
        finish(state, turn, hero)


# -- commands ----------------------------------------------------------------------------------------------------


def check(state: GrimState, seat: int | None, action: Action) -> Plan:
    kind = action.get("type")
    checker = CHECKS.get(kind) if isinstance(kind, str) else None
    if checker is None:
        names = ", ".join(sorted(CHECKS))
        raise RuleError(f"'{str(kind)[:20]}' is not a Grimdark command. Commands: {names}.")
    if state.ask is not None and kind not in ("answer", "policy"):
        raise RuleError(f"First the question for {question(state)}")
    return checker(state, seat, action)


def perform(state: GrimState, seat: int | None, action: Action, turn: Turn) -> None:
    plan = check(state, seat, action)
    state.marks = [m for m in state.marks if m.by == "ai"]  # the enemy's last doings stay until it acts again
    PERFORMS[action["type"]](state, seat, action, turn, plan)


def check_start(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    if state.act is not None:
        raise RuleError(f"{name(hero)} has already started its activation.")
    if not needs_start(state, hero):
        raise RuleError(f"{name(hero)} has nothing to roll first: just act.")
    return Plan(hero=hero)


def do_start(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    open_activation(state, turn, hero)
    grid = grid_of(state)
    if grid.dangerous[grid.at(hero_cell(hero))]:
        dangerous(state, turn, hero, hero.models[0:1], "starts on dangerous ground")
    if hero.statuses and not hero.down:
        status_checks(state, turn, hero)
    after(state, turn, hero)


def check_done(state: GrimState, seat: int | None, action: Action) -> Plan:
    if state.phase == "battle" and not state.verdict and state.act is None:
        waiting = the_hero(state, seat, action)
        if not waiting.placed and not waiting.activated and state.round >= 2:
            return Plan(hero=waiting)
    hero = check_turn(state, seat, action)
    if state.act is None and needs_start(state, hero):
        raise RuleError(f"{name(hero)} must first roll for its conditions or the ground under it: start.")
    return Plan(hero=hero)


def do_done(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    if not hero.placed:
        turn.say(f"{name(hero)} stays in reserve this round.")
    elif state.act is None:
        turn.say(f"{name(hero)} stays idle this round.")
    if hero.shaken:
        hero.shaken = False
        turn.say(f"{name(hero)} spent the activation idle and is no longer Shaken.")
    else:
        turn.say(f"{name(hero)} ends its activation.")
    finish(state, turn, hero)


def check_rest(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    if state.act is not None and (state.act.actions or state.act.cast):
        raise RuleError(f"Rest must be {name(hero)}'s only activity: it has already acted this activation.")
    slot, starts = check_activity(state, hero, "action")
    return Plan(hero=hero, slot=slot, starts=starts)


def do_rest(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, "main", "rest"):
        return after(state, turn, hero)
    top = stats(state, hero).power
    turn.say(f"{name(hero)} rests and restores its power ({hero.power} -> {top}); it stays idle.")
    hero.power = top
    after(state, turn, hero, ends=True)


def check_shot(state: GrimState, hero: Unit, action: Action, cell: Cell) -> tuple[Unit | None, bool]:
    raw = text(action, "shoot")
    limited = flag(action, "limited")
    if not raw:
        if limited:
            raise RuleError("limited:yes only goes with shoot:.")
        return None, False
    target = the_enemy(state, action, "shoot")
    if limited and not any(w.has("limited") and w.key not in hero.limited for w in weapons(hero)):
        raise RuleError(f"{name(hero)} has no Limited weapon left to fire this mission.")
    if not in_fire(grid_of(state), cell, target, shot_spans(state, hero, limited=limited)):
        raise RuleError(f"From {cell_name(cell)}, {name(target)} is out of range or out of sight of every weapon.")
    return target, limited


def check_hold(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    slot, starts = check_activity(state, hero, "action")
    target, limited = check_shot(state, hero, action, hero_cell(hero))
    return Plan(hero=hero, slot=slot, starts=starts, target=target, limited=limited)


def do_hold(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "hold"):
        return after(state, turn, hero)
    turn.say(f"{name(hero)} holds position.")
    if plan.target is not None:
        assert state.act is not None
        state.act.attacked = True
        fire(state, turn, hero, plan.target, moved=False, limited=plan.limited)
    after(state, turn, hero)


def check_move(state: GrimState, seat: int | None, action: Action) -> Plan:
    kind = action["type"]
    hero = check_turn(state, seat, action)
    slot, starts = check_activity(state, hero, "action")
    dest = the_cell(state, action)
    jumps = flag(action, "jump")
    route = check_destination(state, hero, dest, allowance(state, hero, kind), kind.title(), jumps=jumps)
    plan = Plan(hero=hero, slot=slot, starts=starts, route=route, cell=dest)
    if kind == "advance":
        plan.target, plan.limited = check_shot(state, hero, action, dest)
    elif action.get("shoot"):
        raise RuleError("A Rush cannot shoot: Advance to move and shoot.")
    return plan


def do_move(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None and plan.cell is not None
    kind = action["type"]
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, kind):
        return after(state, turn, hero)
    inches = allowance(state, hero, kind)
    turn.say(f'{name(hero)} {"advances" if kind == "advance" else "rushes"} ({inches:g}") to {cell_name(plan.cell)}.')
    result = walk(state, turn, hero, hero.models[0], plan.route)
    if result != "ok":
        after(state, turn, hero, ends=True)
        return
    if plan.target is not None and not hero.down and not plan.target.gone:
        assert state.act is not None
        state.act.attacked = True
        fire(state, turn, hero, plan.target, moved=hero_cell(hero) != plan.route[0][0], limited=plan.limited)
    after(state, turn, hero)


def check_charge(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    slot, starts = check_activity(state, hero, "action")
    target = the_enemy(state, action)
    if not any(w.melee for w in weapons(hero)):
        raise RuleError(f"{name(hero)} has no melee weapon to charge with.")
    inches = allowance(state, hero, "charge")
    if text(action, "to"):
        dest = the_cell(state, action)
        if not any(touching(dest, m.cell) for m in target.alive()):
            raise RuleError(f"{cell_name(dest)} is not in base contact with {name(target)}.")
    if not any(near(hero_cell(hero), m.cell, inches) for m in target.alive()):
        gap = min(dist(hero_cell(hero), m.cell) for m in target.alive())
        raise RuleError(
            f'{name(target)} is out of {name(hero)}\'s charge reach ({inches:g}"): it is {gap:.1f}" away,'
            " centre to centre like every distance."
        )
    if text(action, "to"):
        dest = the_cell(state, action)
        route = check_destination(state, hero, dest, inches, "Charge", target=target)
    elif any(touching(hero_cell(hero), m.cell) for m in target.alive()):
        route = [(hero_cell(hero), None)]
        dest = hero_cell(hero)
    else:
        grid = grid_of(state)
        mover = mover_for(state, hero, inches, target=target)
        goals = contact_cells(state, target)
        if active() is not None and not mover.flying:  # legal(): the plain search is at hand
            sure = contact_bounds(hero_reach(state, hero, inches), mover, goals)
            if sure is False:
                raise RuleError(f"{name(target)} is out of {name(hero)}'s charge reach ({inches:g}\").")
            if sure:
                return Plan(hero=hero, slot=slot, starts=starts, target=target)  # legal() asks only whether
        found, spot = reach_goal(grid, hero_cell(hero), mover, goals)
        if spot < 0:
            raise RuleError(f"{name(target)} is out of {name(hero)}'s charge reach ({inches:g}\").")
        dest = (spot % grid.size, spot // grid.size)
        route = found.path(dest)
    return Plan(hero=hero, slot=slot, starts=starts, target=target, route=route, cell=dest)


def contact_cells(state: GrimState, target: Unit) -> frozenset[int]:
    """The cells a charger may end on: touching a model of ``target`` and within 4" of its height."""
    grid = grid_of(state)
    size = grid.size
    rise = inch(state.half, 4)
    rings = around(size)
    out = set()
    for m in target.alive():
        top = grid.h(m.cell)
        out.update(i for i in rings[grid.at(m.cell)] if abs(grid.height[i] - top) <= rise)
    return frozenset(out)


def do_charge(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None and plan.target is not None and plan.cell is not None
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "charge"):
        return after(state, turn, hero)
    assert state.act is not None
    state.act.attacked = True
    turn.say(f"{name(hero)} charges {name(plan.target)} to {cell_name(plan.cell)}.")
    walk(state, turn, hero, hero.models[0], plan.route, kind="charge")
    if not hero.down:
        fight(state, turn, hero, plan.target)
    after(state, turn, hero)


def check_skill(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    known = skills_of(state, hero)
    wanted = text(action, "skill").lower()
    if wanted not in known:
        names = ", ".join(known)
        raise RuleError(f"{name(hero)} has no skill '{wanted[:20] or '?'}'. Its skills: {names}.")
    slot, starts = check_activity(state, hero, "skill")
    return skill_targets(state, hero, action, Plan(hero=hero, slot=slot, starts=starts, skill=wanted))


def skill_targets(state: GrimState, hero: Unit, action: Action, plan: Plan) -> Plan:
    """What the skill named in ``plan`` is used on (checked: range, sight, reach)."""
    skill = content().skills[plan.skill]
    if skill.target == "token":
        token = the_token(state, action)
        spot = (token.x, token.y)
        if not reaches(state, hero, spot, skill.range):
            raise RuleError(f'Search token {token.id} is more than {skill.range}" from {name(hero)}.')
        close = touching(hero_cell(hero), spot) or hero_cell(hero) == spot
        if skill.effect == "discover" and not close and not sees(grid_of(state), hero_cell(hero), spot):
            raise RuleError(f"{name(hero)} cannot see search token {token.id}.")
        if skill.effect == "reveal" and token.revealed:
            raise RuleError(f"Search token {token.id} is already revealed.")
        if skill.effect == "discover" and token.revealed and not close:
            raise RuleError(f'Search token {token.id} is already revealed: come within 1" to pick it up.')
        plan.token = token
    elif skill.target == "enemy":
        target = the_enemy(state, action)
        if not unit_within(state, hero, target, skill.range):
            raise RuleError(f'{name(target)} is more than {skill.range}" from {name(hero)}.')
        if skill.effect != "push" and not seen(state, hero, target):
            raise RuleError(f"{name(hero)} cannot see {name(target)}.")
        plan.target = target
    elif skill.target == "ally":
        ally = the_ally(state, action, hero)
        if ally.down:
            raise RuleError(f"{name(ally)} is unconscious: revive it first.")
        if not reaches(state, hero, hero_cell(ally), skill.range):
            raise RuleError(f'{name(ally)} is more than {skill.range}" from {name(hero)}.')
        if skill.effect == "power" and ally.id == hero.id:
            raise RuleError(f"{skill.name} is for another hero.")
        plan.target = ally
    elif skill.target == "cell":
        dest = the_cell(state, action, "target")
        most = 3 if skill.amount == "d3" else int(skill.amount)
        flying = skill.effect == "fly"
        plan.route = check_destination(state, hero, dest, inch(state.half, most), skill.name, flying=flying)
        plan.cell = dest
    else:
        plan.target = hero
    return plan


def do_skill(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    skill = content().skills[plan.skill]
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "skill"):
        return after(state, turn, hero)
    turn.say(f"{name(hero)} uses {skill.name}.")
    token = plan.token
    if skill.effect == "discover" and token is not None and dist(hero_cell(hero), (token.x, token.y)) < 1.5:
        turn.say(f'{name(hero)} is within 1" of {token.id}: no test needed.')
        ok = True
    elif skill.common and policy(hero, "tests") == "ask":
        ok = stat_test(state, turn, hero, skill.stat, why=skill.name, buy=False)
        if not ok and not hero.down:
            ask(state, turn, hero, Ask(hero=hero.id, kind="skill", cost=2, action=dict(action)), skill.name)
            return
    elif skill.common:
        ok = stat_test(state, turn, hero, skill.stat, why=skill.name)
    else:
        ok = stat_test(state, turn, hero, skill.stat, why=skill.name, buy=False)
        if not ok and not hero.down:
            pay(state, turn, hero, 1, f"as {skill.name} falls short (the effect happens anyway)")
            ok = not hero.down
    if ok and not hero.down:
        skill_effect(state, turn, hero, plan)
    elif not hero.down:
        turn.say(f"{skill.name} does not work.")
    after(state, turn, hero)


def skill_effect(state: GrimState, turn: Turn, hero: Unit, plan: Plan) -> None:
    skill = content().skills[plan.skill]
    affect(
        state,
        turn,
        hero,
        skill.effect,
        skill.amount,
        target=plan.target,
        token=plan.token,
        cell=plan.cell,
        ap=skill.ap,
        rules=skill.rules,
        label=skill.name,
        route=plan.route,
    )


def ask(state: GrimState, turn: Turn, hero: Unit, question: Ask, what: str) -> None:
    """Pause: the hero's player decides whether to pay for the failed roll (policy ``ask``)."""
    state.ask = question
    turn.say(
        f"{name(hero)} failed {what}: pay {question.cost} power to succeed? "
        f"Answer with `/grimdark answer pay:yes` or `/grimdark answer pay:no`.",
        kind="turn",
    )


def question(state: GrimState) -> str:
    """The open question, as said to the players: who decides, what, and how to answer."""
    asked = state.ask
    assert asked is not None
    hero = find(state, asked.hero)
    assert hero is not None
    if asked.kind == "blast":
        units = [str(u) for u in asked.action["units"]]  # type: ignore[union-attr]
        odd = blast_odd(asked)
        return (
            f"{name(hero)}: who takes the odd {odd} Blast hit{'s' if odd != 1 else ''}? "
            f"(`/grimdark answer odd:{units[0]}`; any {odd} of {', '.join(units)}, joined with +)"
        )
    return f"{name(hero)}: pay {asked.cost} power? (`/grimdark answer pay:yes` or `pay:no`)"


def blast_odd(asked: Ask) -> int:
    return len(asked.action["shared"]) % len(asked.action["units"])  # type: ignore[arg-type]


def takers(asked: Ask, action: Action) -> list[str]:
    """The units an answer to a Blast question names (``odd:S1+S2``), checked against the question."""
    units = [str(u) for u in asked.action["units"]]  # type: ignore[union-attr]
    named = [p.strip().upper() for p in text(action, "odd").replace(",", "+").split("+") if p.strip()]
    for uid in named:
        if uid not in units:
            raise RuleError(f"{uid[:10]} is not among the units the Blast hits: {', '.join(units)}.")
    if len(set(named)) != len(named):
        raise RuleError("Each unit takes at most one odd Blast hit: name it once.")
    odd = blast_odd(asked)
    if len(named) > odd:
        raise RuleError(f"Only {odd} Blast hit{'s are' if odd != 1 else ' is'} odd: name at most {odd} unit(s).")
    return named


def check_answer(state: GrimState, seat: int | None, action: Action) -> Plan:
    asked = state.ask
    if asked is None:
        raise RuleError("Nobody is asking anything right now.")
    hero = find(state, asked.hero)
    assert hero is not None
    if seat is not None and hero.seat != seat:
        raise RuleError(f"The question is for {state.seats[hero.seat]}, who plays {name(hero)}.")
    if text(action, "hero") and text(action, "hero").lower() != hero.id:
        raise RuleError(f"The question is about {name(hero)}.")
    if asked.kind == "blast":
        if flag(action, "pay"):
            raise RuleError(f"There is nothing to pay: {question(state)}")
        takers(asked, action)
    elif text(action, "odd"):
        raise RuleError(f"odd: answers a Blast question; this one is {question(state)}")
    flag(action, "pay")
    return Plan(hero=hero)


def do_answer(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    asked = state.ask
    assert hero is not None and asked is not None
    state.ask = None
    if asked.kind == "blast":
        resolve_split(state, turn, hero, asked.action, takers(asked, action))
        after(state, turn, hero)
        return
    question = asked
    if not flag(action, "pay"):
        turn.say(f"{name(hero)} does not pay: the roll stays failed.")
        after(state, turn, hero)
        return
    pay(state, turn, hero, question.cost, "to turn the failed roll into a success")
    if not hero.down:
        stored = dict(question.action)
        if question.kind == "skill":
            skill_effect(
                state, turn, hero, skill_targets(state, hero, stored, Plan(hero=hero, skill=str(stored["skill"])))
            )
        else:
            spell = content().spells[str(stored["spell"])]
            target = cast_target(state, hero, stored, spell)
            turn.say(f"{spell.name} takes effect on {name(target)}.")
            affect(
                state,
                turn,
                hero,
                spell.effect,
                spell.amount,
                target=target,
                ap=spell.ap,
                rules=spell.rules,
                label=spell.name,
            )
    after(state, turn, hero)


def check_use(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    c = content()
    item = _carried(hero, text(action, "item"))
    if c.items[item].kind != "consumable":
        raise RuleError(f"The {c.items[item].name} is always in use; only consumables are used up.")
    slot, starts = check_activity(state, hero, "skill")
    ally = the_ally(state, action, hero)
    if ally.down:
        raise RuleError(f"{name(ally)} is unconscious: revive it first.")
    if not reaches(state, hero, hero_cell(ally), 3):
        raise RuleError(f'{name(ally)} is more than 3" from {name(hero)}.')
    return Plan(hero=hero, slot=slot, starts=starts, item=item, target=ally)


def _carried(hero: Unit, wanted: str) -> str:
    c = content()
    key = wanted.lower()
    for item in hero.items:
        if key in (item, c.items[item].name.lower()):
            return item
    held = ", ".join(hero.items) or "nothing"
    raise RuleError(f"{name(hero)} carries no '{wanted[:20] or '?'}'. It carries: {held}.")


def do_use(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero, ally = plan.hero, plan.target
    assert hero is not None and ally is not None
    item = content().items[plan.item]
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "use"):
        return after(state, turn, hero)
    items = list(hero.items)
    items.remove(plan.item)
    hero.items = items
    turn.say(f"{name(hero)} uses the {item.name}" + (f" on {name(ally)}." if ally is not hero else "."))
    affect(state, turn, hero, item.effect, item.amount, target=ally, label=item.name)
    after(state, turn, hero)


def check_give(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    c = content()
    item = _carried(hero, text(action, "item"))
    slot, starts = check_activity(state, hero, "skill")
    ally = the_ally(state, action, hero, "to")
    if ally.id == hero.id:
        raise RuleError("Give it to another hero (to:).")
    if ally.down:
        raise RuleError(f"{name(ally)} is unconscious and cannot take anything.")
    if not reaches(state, hero, hero_cell(ally), 3):
        raise RuleError(f'{name(ally)} is more than 3" from {name(hero)}.')
    if c.items[item].kind != "mission" and len([i for i in ally.items if c.items[i].kind != "mission"]) >= c.carry:
        raise RuleError(f"{name(ally)} already carries {c.carry} items.")
    return Plan(hero=hero, slot=slot, starts=starts, item=item, target=ally)


def do_give(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero, ally = plan.hero, plan.target
    assert hero is not None and ally is not None
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "give"):
        return after(state, turn, hero)
    items = list(hero.items)
    items.remove(plan.item)
    hero.items = items
    ally.items = [*ally.items, plan.item]
    turn.say(f"{name(hero)} hands the {content().items[plan.item].name} to {name(ally)}.")
    after(state, turn, hero)


def check_take(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    c = content()
    other = the_ally(state, action, hero, "from")
    if other.id == hero.id or not other.down:
        raise RuleError("Only an unconscious hero's items can be taken (from:); a conscious one can give them.")
    if not touching(hero_cell(hero), hero_cell(other)):
        raise RuleError(f'{name(other)} is more than 1" from {name(hero)}.')
    item = _carried(other, text(action, "item"))
    slot, starts = check_activity(state, hero, "skill")
    if c.items[item].kind != "mission" and len([i for i in hero.items if c.items[i].kind != "mission"]) >= c.carry:
        raise RuleError(f"{name(hero)} already carries {c.carry} items.")
    return Plan(hero=hero, slot=slot, starts=starts, item=item, target=other)


def do_take(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero, other = plan.hero, plan.target
    assert hero is not None and other is not None
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "take"):
        return after(state, turn, hero)
    items = list(other.items)
    items.remove(plan.item)
    other.items = items
    hero.items = [*hero.items, plan.item]
    turn.say(f"{name(hero)} takes the {content().items[plan.item].name} from {name(other)}.")
    after(state, turn, hero)


def check_revive(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    other = the_ally(state, action, hero)
    if other.id == hero.id or not other.down:
        raise RuleError(f"{name(other)} is not unconscious.")
    if not reaches(state, hero, hero_cell(other), 3):
        gap = dist(hero_cell(hero), hero_cell(other))
        raise RuleError(f'{name(other)} is {gap:.1f}" away: reviving needs a hero within 3".')
    slot, starts = check_activity(state, hero, "skill")
    return Plan(hero=hero, slot=slot, starts=starts, target=other)


def do_revive(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero, other = plan.hero, plan.target
    assert hero is not None and other is not None
    open_activation(state, turn, hero)
    if not use_slot(state, turn, hero, plan.slot, "revive"):
        return after(state, turn, hero)
    pay(state, turn, hero, 2, f"to revive {name(other)}")
    if not hero.down:
        other.down = False
        other.models[0].wounds = max(0, other.models[0].wounds - 3)
        tou = stats(state, other).tou
        left = tou - other.models[0].wounds
        turn.say(f"{name(other)} is back on its feet with up to 3 wounds healed: {left} of {tou} wounds left.")
    after(state, turn, hero)


def check_cast(state: GrimState, seat: int | None, action: Action) -> Plan:
    hero = check_turn(state, seat, action)
    c = content()
    if not rule(hero, "caster"):
        raise RuleError(f"{name(hero)} is not a caster.")
    wanted = text(action, "spell").lower()
    spells = {s.key: s for s in c.hero_spells()}
    if wanted not in spells:
        raise RuleError(f"There is no spell '{wanted[:20] or '?'}'. Spells: {', '.join(spells)}.")
    spell = spells[wanted]
    if state.act is None and needs_start(state, hero):
        raise RuleError(f"{name(hero)} must first roll for its conditions or the ground under it: start.")
    if hero.shaken:
        raise RuleError(f"{name(hero)} is Shaken and must stay idle this activation (done).")
    if state.act is not None:
        if "rest" in state.act.actions:
            raise RuleError(f"{name(hero)} rested: it stays idle for the rest of the activation.")
        if state.act.attacked:
            raise RuleError("Spells are cast before attacking: this activation has already attacked.")
        if wanted in state.act.cast:
            raise RuleError(f"{spell.name} has already been tried this activation.")
    boost = action.get("boost", 0)
    if isinstance(boost, bool) or not isinstance(boost, int) or not 0 <= boost <= 6:
        raise RuleError("boost is a number of extra spell tokens, 0 to 6.")
    if hero.tokens < spell.value + boost:
        raise RuleError(f"{spell.name} needs {spell.value + boost} spell tokens; {name(hero)} has {hero.tokens}.")
    target = cast_target(state, hero, action, spell)
    if target is not hero:
        if not unit_within(state, hero, target, spell.range):
            raise RuleError(f'{name(target)} is more than {spell.range}" from {name(hero)}.')
        if not seen(state, hero, target):
            raise RuleError(f"{name(hero)} cannot see {name(target)}.")
    return Plan(hero=hero, spell=wanted, boost=boost, target=target)


def cast_target(state: GrimState, hero: Unit, action: Action, spell: Any) -> Unit:
    if spell.target == "enemy":
        return the_enemy(state, action)
    if spell.target == "ally":
        target = the_ally(state, action, hero)
        if target.down:
            raise RuleError(f"{name(target)} is unconscious.")
        return target
    return hero


def do_cast(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero, target = plan.hero, plan.target
    assert hero is not None and target is not None
    open_activation(state, turn, hero)
    assert state.act is not None
    state.act.cast = [*state.act.cast, plan.spell]
    spell = content().spells[plan.spell]
    if hero_cast(state, turn, hero, spell, plan.boost, target, asking=policy(hero, "cast") == "ask"):
        ask(
            state,
            turn,
            hero,
            Ask(hero=hero.id, kind="cast", cost=2 * spell.value, action=dict(action)),
            f"to cast {spell.name}",
        )
        return
    after(state, turn, hero)


def check_arrive(state: GrimState, seat: int | None, action: Action) -> Plan:
    if state.phase != "battle" or state.verdict:
        raise RuleError(_phase_hint(state))
    hero = the_hero(state, seat, action)
    if hero.placed:
        raise RuleError(f"{name(hero)} is already on the table.")
    if state.round < 2:
        raise RuleError("Heroes in reserve arrive at the start of a round from round 2 on.")
    if hero.activated:
        raise RuleError(f"{name(hero)} waits this round: it may arrive at the start of the next one.")
    if state.act is not None:
        raise RuleError("Wait until the activation in progress ends.")
    dest = the_cell(state, action)
    grid = grid_of(state)
    if crowded(state, dest, skip=hero.id):
        raise RuleError(f'{cell_name(dest)} is taken or within 1" of another unit.')
    far = inch(state.half, 9)
    if any(dist(dest, m.cell) <= far + 1e-9 for u in enemies(state) for m in u.alive()):
        raise RuleError(f'An ambushing hero arrives more than 9" from every enemy; {cell_name(dest)} is too close.')
    if not grid.inside(dest):
        raise RuleError(f"{cell_name(dest)} is not on this table.")
    return Plan(hero=hero, cell=dest)


def do_arrive(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None and plan.cell is not None
    hero.placed = True
    hero.models[0].x, hero.models[0].y = plan.cell
    turn.say(f"{name(hero)} springs from ambush at {cell_name(plan.cell)}: that is its activation.", kind="warn")
    finish(state, turn, hero)


# -- deployment, camp, standing orders -------------------------------------------------------------------------


def check_deploy(state: GrimState, seat: int | None, action: Action) -> Plan:
    if state.phase != "deploy":
        raise RuleError("Heroes deploy before the first round of a mission.")
    hero = the_hero(state, seat, action)
    if seat in state.ready:
        raise RuleError("You are ready already; deployment is fixed.")
    if text(action, "to").lower() == "reserve":
        if not rule(hero, "ambush"):
            raise RuleError(f"{name(hero)} has no Ambush: only Ambush heroes wait in reserve.")
        return Plan(hero=hero, cell=None)
    dest = the_cell(state, action)
    refusal = deploy_refusal(state, hero, dest)
    if refusal is not None:
        raise RuleError(refusal)
    return Plan(hero=hero, cell=dest)


def deploy_refusal(state: GrimState, hero: Unit, dest: Cell) -> str | None:
    """Why ``hero`` may not deploy on ``dest`` (a cell of the table), or None: the part of
    :func:`check_deploy` that depends on the cell (legal() asks it alone for each offered cell)."""
    zone = state.mission.deploy
    if not zone.holds(dest):
        if not rule(hero, "scout"):
            return f"{cell_name(dest)} is outside the deployment zone."
        gap = min(dist(dest, c) for c in zone.cells())
        if gap > inch(state.half, 12) + 1e-9:
            return f'A Scout deploys within 12" of the deployment zone; {cell_name(dest)} is {gap:.1f}" off.'
    if crowded(state, dest, skip=hero.id):
        return f'{cell_name(dest)} is taken or within 1" of another unit.'
    return None


def do_deploy(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    if plan.cell is None:
        hero.placed = False
        turn.say(f"{name(hero)} waits in reserve (Ambush): it may arrive from round 2.")
        return
    hero.placed = True
    hero.models[0].x, hero.models[0].y = plan.cell
    turn.say(f"{name(hero)} deploys at {cell_name(plan.cell)}.")


def check_ready(state: GrimState, seat: int | None, action: Action) -> Plan:
    if state.phase not in ("deploy", CAMP):
        raise RuleError("ready is for deployment and the camp between missions.")
    if seat is None or seat in state.ready:
        raise RuleError("You are ready already; waiting for the others.")
    if not any(h.seat == seat for h in heroes(state)):
        raise RuleError("You play no hero in this game.")
    return Plan()


def do_ready(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    assert seat is not None
    state.ready = [*state.ready, seat]
    turn.say(f"{state.seats[seat]} is ready.")
    players = {h.seat for h in heroes(state)}
    if not players <= set(state.ready):
        return
    state.ready = []
    if state.phase == CAMP:
        next_mission(state, turn)
    else:
        turn.say(f"{state.mission.name}: the battle begins.", kind="turn")
        first_round(state, turn)


def check_train(state: GrimState, seat: int | None, action: Action) -> Plan:
    if state.phase != CAMP:
        raise RuleError("Heroes train at camp, between missions.")
    hero = the_hero(state, seat, action)
    if seat in state.ready:
        raise RuleError("You are ready already.")
    train_rules(state, sheet(state, hero.id), text(action, "advance").lower(), text(action, "skill").lower())
    return Plan(hero=hero, skill=text(action, "skill").lower(), item=text(action, "advance").lower())


def do_train(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    train(state, turn, sheet(state, hero.id), plan.item, plan.skill)
    hero.power = stats(state, hero).power


def check_policy(state: GrimState, seat: int | None, action: Action) -> Plan:
    if state.phase == "over":
        raise RuleError("This game is over.")
    hero = the_hero(state, seat, action)
    key = text(action, "key").lower()
    if key not in POLICIES:
        raise RuleError(f"There is no standing order '{key[:20] or '?'}'. Orders: {', '.join(POLICIES)}.")
    value = text(action, "value").lower()
    choices = POLICIES[key][1]
    if value not in choices:
        raise RuleError(f"{key} is one of: {', '.join(choices)}.")
    return Plan(hero=hero, skill=key, item=value)


def do_policy(state: GrimState, seat: int | None, action: Action, turn: Turn, plan: Plan) -> None:
    hero = plan.hero
    assert hero is not None
    hero.policy = {**hero.policy, plan.skill: plan.item}
    sheet(state, hero.id).policy = dict(hero.policy)
    turn.say(f"{name(hero)}'s standing order: {plan.skill} = {plan.item} ({POLICIES[plan.skill][2]}).")


CHECKS: dict[str, Any] = {
    "start": check_start,
    "done": check_done,
    "rest": check_rest,
    "hold": check_hold,
    "advance": check_move,
    "rush": check_move,
    "charge": check_charge,
    "skill": check_skill,
    "use": check_use,
    "give": check_give,
    "take": check_take,
    "revive": check_revive,
    "cast": check_cast,
    "arrive": check_arrive,
    "deploy": check_deploy,
    "ready": check_ready,
    "train": check_train,
    "policy": check_policy,
    "answer": check_answer,
}
PERFORMS: dict[str, Any] = {
    "start": do_start,
    "done": do_done,
    "rest": do_rest,
    "hold": do_hold,
    "advance": do_move,
    "rush": do_move,
    "charge": do_charge,
    "skill": do_skill,
    "use": do_use,
    "give": do_give,
    "take": do_take,
    "revive": do_revive,
    "cast": do_cast,
    "arrive": do_arrive,
    "deploy": do_deploy,
    "ready": do_ready,
    "train": do_train,
    "policy": do_policy,
    "answer": do_answer,
}

__all__ = ["CHECKS", "PERFORMS", "Plan", "check", "perform", "take_wounds", "turn_over", "will_pay"]

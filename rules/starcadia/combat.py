"""Hero attacks: weapons and fitting boosts, the read-only check of an attack, and its resolution
(one roll against every target, Overkill, shoves, kills, then the monster's Payback)."""

from __future__ import annotations

import itertools
from typing import NamedTuple

from rules.core import RuleError, Turn

from . import board as B
from . import dice as D
from .content import CONTENT, UpgradeCard
from .dice import RollResult, roll_pool
from .lookup import (
    SLOTS,
    ability,
    board_of,
    find_hero,
    find_monster,
    hero_life,
    hero_name,
    hero_rerolls,
    heroes_on_board,
    in_reach,
    mcard,
    mname,
    mstats,
    right_of,
    scenario_over,
    shove_spaces,
    ups,
)
from .monsters import start_payback
from .state import HeroState, MonsterState, StarState, Task, Up, Wait
from .wounds import ask_defence, check_hero_death, credit_kill, defend, remove_monster, shove, wants_defence_prompt


def resolve_upgrade(h: HeroState, ref: object, what: str):
    if not isinstance(ref, str) or not ref.strip() or len(ref) > 60:
        raise RuleError(f"Name the {what} to use.")
    card = CONTENT.upgrade_by_ref(ref)
    if card is None:
        raise RuleError(f"There is no upgrade called '{ref[:30]}'.")
    for u in h.upgrades:
        if u.id == card.id:
            return card, u
    raise RuleError(f"{hero_name(h)} does not carry {card.name}.")


def attack_kind(weapon: UpgradeCard) -> str:
    return weapon.form or weapon.type


def boost_fits(weapon: UpgradeCard, boost: UpgradeCard) -> bool:
    """A boost powers a weapon of exactly its type (melee, ranged or special)."""
    return boost.type == weapon.type


MAX_COMBOS = 8


def boost_dice(boosts) -> int:
    """Extra attack dice a set of boosts adds (a wound-cost boost counts its bonus too)."""
    return sum(c.dice + (c.ability_value if c.ability_kind == "sacrifice_dice" else 0) for c in boosts)


def fitting_boosts(h: HeroState, weapon: UpgradeCard) -> list[UpgradeCard]:
    """The hero's ready boosts that fit ``weapon``, in inventory order (wound-cost boosts included)."""
    return [c for c, t in ups(h) if c.category == "boost" and not t.exhausted and boost_fits(weapon, c)]


def boost_combos(h: HeroState, weapon: UpgradeCard, limit: int = MAX_COMBOS) -> list[list[str]]:
    """Useful boost sets (by slug) for an attack with ``weapon``, at most ``limit`` of them.

    Order: no boost, every free boost, then each smaller set from the most dice down. A boost that
    costs a wound appears only in sets the hero can pay for without dying.
    """
    fits = fitting_boosts(h, weapon)
    free = [c for c in fits if c.ability_kind != "sacrifice_dice"]
    room = hero_life(h) - h.wounds - 1  # wounds the hero can still pay
    out: list[list[str]] = [[]]
    if free:
        out.append([c.slug for c in free])
    combos = []
    for n in range(len(fits), 0, -1):
        for combo in itertools.combinations(fits, n):
            if sum(1 for c in combo if c.ability_kind == "sacrifice_dice") > room:
                continue
            combos.append((-boost_dice(combo), -n, [c.slug for c in combo]))
    for _dice, _n, slugs in sorted(combos, key=lambda x: (x[0], x[1])):
        if len(out) >= limit:
            break
        if slugs not in out:
            out.append(slugs)
    return out[:limit]


class AttackPlan(NamedTuple):
    """A checked hero attack: what it uses, whom it targets, and its extras (nothing rolled yet)."""

    weapon: UpgradeCard
    wtok: Up
    boosts: list[tuple[UpgradeCard, Up]]
    kind: str
    tm: MonsterState | None
    th: HeroState | None
    tspace: str
    shove_to: str
    grab: str
    sac_count: int
    sacrifice: int


def plan_attack(state: StarState, h: HeroState, action: dict) -> AttackPlan:
    """Check a hero attack without changing anything: its weapon and boosts (ready, fitting, listed once),
    its target (on the board, a rival or a monster, in reach), the wound cost, a shove and a grab."""
    weapon, wtok = resolve_upgrade(h, action.get("weapon"), "weapon")
    if weapon.category != "weapon":
        raise RuleError(f"{weapon.name} is not a weapon.")
    if wtok.exhausted:
        raise RuleError(f"{weapon.name} is exhausted; rest or use a recharge to ready it.")
    boosts_raw = action.get("boosts", [])
    if isinstance(boosts_raw, str):
        boosts_raw = boosts_raw.split()
    if not isinstance(boosts_raw, list | tuple) or len(boosts_raw) > SLOTS:
        raise RuleError("Give the boosts as a short list.")
    boosts = []
    for ref in boosts_raw:
        card, tok = resolve_upgrade(h, ref, "boost")
        if card.category != "boost":
            raise RuleError(f"{card.name} is not a boost.")
        if tok.exhausted:
            raise RuleError(f"{card.name} is exhausted.")
        if not boost_fits(weapon, card):
            raise RuleError(f"{card.name} is a {card.type} boost and cannot power the {weapon.type} {weapon.name}.")
        if any(c.id == card.id for c, _ in boosts):
            raise RuleError(f"{card.name} is listed twice.")
        boosts.append((card, tok))
    kind = attack_kind(weapon)
    target = action.get("target")
    if not isinstance(target, str) or not target.strip() or len(target) > 40:
        raise RuleError("Name the target, e.g. weeble#1 or a rival hero.")
    tname = target.strip().lower()
    tm = find_monster(state, tname)
    th = None if tm else find_hero(state, tname)
    if tm is None and th is None:
        raise RuleError(f"There is no '{target[:30]}' on the board.")
    if th is not None:
        if th.seat == h.seat:
            raise RuleError("You cannot attack your own crew.")
        if th.dead or not th.pos:
            raise RuleError(f"{hero_name(th)} is not on the board.")
    b = board_of(state)
    tspace = tm.pos if tm else th.pos
    if not in_reach(state, b, h, kind, tspace):
        if kind == "melee":
            raise RuleError("A melee attack needs the target Close (same space or an open neighbour).")
        raise RuleError(f"There is no line of sight from {h.pos} to {tspace}.")
    sacrifice = sum(c.ability_value for c, _ in boosts if c.ability_kind == "sacrifice_dice")
    sac_count = sum(1 for c, _ in boosts if c.ability_kind == "sacrifice_dice")
    if sac_count and h.wounds + sac_count >= hero_life(h):
        raise RuleError(f"{hero_name(h)} cannot pay the wound cost without dying.")
    all_cards = [weapon] + [c for c, _ in boosts]
    do_shove = any(c.ability_kind == "shove" for c in all_cards)
    shove_to = action.get("shove", "")
    if shove_to:
        if not do_shove:
            raise RuleError("This attack does not shove.")
        sxy = B.parse_space(shove_to) if isinstance(shove_to, str) else None
        if sxy is None or B.name(sxy) not in shove_spaces(state, tspace):
            raise RuleError("Shove the target into a free space Close to it.")
        shove_to = B.name(sxy)
    grab = action.get("grab", "")
    if not isinstance(grab, str) or len(grab) > 20:
        raise RuleError("grab names one dropped token, e.g. stimpack or core.")
    grab = grab.strip().lower()
    return AttackPlan(weapon, wtok, boosts, kind, tm, th, tspace, shove_to, grab, sac_count, sacrifice)


def hero_attack(state: StarState, turn: Turn, h: HeroState, action: dict) -> None:
    plan = plan_attack(state, h, action)
    weapon, wtok, boosts, kind, tm, th, tspace = plan[:7]
    sac_count, sacrifice = plan.sac_count, plan.sacrifice
    shove_to, grab = plan.shove_to, plan.grab
    all_cards = [weapon] + [c for c, _ in boosts]
    do_shove = any(c.ability_kind == "shove" for c in all_cards)
    # The defending hero decides on a reaction before any die is rolled (defence=ask).
    if th is not None and wants_defence_prompt(state, th):
        state.todo.append(Task(kind="attack", hero=h.id, action=dict(action)))
        ask_defence(state, turn, th, hero_name(h))
        return
    # Committed: exhaust, pay, roll.
    wtok.exhausted = True
    for _, tok in boosts:
        tok.exhausted = True
    h.wounds += sac_count
    dice = weapon.dice + sum(c.dice for c, _ in boosts) + sacrifice
    dice += ability(h, "melee_dice") if kind == "melee" else ability(h, "ranged_dice")
    rerolls = hero_rerolls(h) + sum(c.ability_value for c in all_cards if c.ability_kind == "attack_reroll")
    rerolls += ability(h, "ranged_reroll") if kind == "ranged" else ability(h, "melee_reroll")
    tlabel = mname(tm) if tm else hero_name(th)
    turn.say(
        f"{hero_name(h)} attacks {tlabel} with {' + '.join(c.name for c in all_cards)} ({dice} dice).",
        attack=[h.pos, tspace],
        concerns=[th.seat] if th is not None else None,
    )
    res: RollResult = roll_pool(
        D.roller(turn, f"{hero_name(h)} attacks", h.seat, shown=f"{hero_name(h)} attacks {tlabel}"), dice, kind, rerolls
    )
    hits = res.successes(kind)
    crit_daze = any(c.ability_kind == "crit_daze" for c in all_cards) or (
        kind == "melee" and ability(h, "crit_daze") > 0
    )
    daze_on_wound = any(c.ability_kind == "daze" for c in all_cards)
    state.act.attacked = True
    # One roll for every target: the primary, plus (sweep) every other enemy in its space.
    targets: list[MonsterState | HeroState] = [tm if tm is not None else th]
    if any(c.ability_kind == "sweep" for c in all_cards):
        targets += [m for m in state.monsters if m.pos == tspace and m is not tm]
        targets += [o for o in heroes_on_board(state) if o.pos == tspace and o.seat != h.seat and o is not th]
        if len(targets) > 1:
            turn.say(f"The attack sweeps {len(targets)} targets.")
    provoked: list[MonsterState] = []
    hurt_heroes: list[HeroState] = []
    for i, target in enumerate(targets):
        if isinstance(target, MonsterState):
            card = mcard(target)
            pool = 0 if target.dazed else card.defense
            against = f"{mname(target)} defends against {hero_name(h)}"
            saves = roll_pool(D.roller(turn, f"{card.name} defends", shown=against), pool, "defense").successes(
                "defense"
            )
            wounds = max(0, hits - saves)
            turn.say(f"{hits} hit(s), {mname(target)} saves {saves} -> {wounds} wound(s).")
            target.wounds += wounds
            if (res.crits and crit_daze) or (wounds and daze_on_wound):
                target.dazed = True
                turn.say(f"{mname(target)} is dazed.")
            if wounds >= mstats(target)[1]:
                turn.say("Overkill!")
                remove_monster(state, turn, target, h)
                continue
            if i == 0 and do_shove and not card.huge:
                shove(state, turn, target.pos, target.uid, shove_to)
            provoked.append(target)
        else:
            wounds = defend(state, turn, target, hits, hero_name(h))
            target.wounds += wounds
            if ((res.crits and crit_daze) or (wounds and daze_on_wound)) and not ability(target, "steady"):
                target.dazed = True
                turn.say(f"{hero_name(target)} is dazed.", concerns=[target.seat])
            hurt_heroes.append(target)
    for victim in hurt_heroes:
        check_hero_death(state, turn, victim, h, grab)
    if th is not None and do_shove and not th.dead and th.pos:
        shove(state, turn, th.pos, th.id, shove_to)
    # Only one monster answers with Payback; the player to the right picks which (policy: the primary).
    alive = [m for m in provoked if find_monster(state, m.uid) is not None]
    if not alive or h.dead:
        for m in alive:
            if m.wounds >= mstats(m)[0]:
                remove_monster(state, turn, m, h)
        return
    # A kill counts as soon as the attack is resolved (p. 19): Reward and quests first (p. 23, p. 24),
    # though the figure stays for its Payback (p. 22). If that ends the scenario, nobody strikes back.
    slain = [m for m in alive if m.wounds >= mstats(m)[0]]
    for m in slain:
        turn.say(f"{mname(m)} is killed but may still strike back.", kind="warn")
        credit_kill(state, turn, m, h)
    if scenario_over(state):
        for m in slain:
            remove_monster(state, turn, m, None)
        return
    if state.monster_control == "player" and len(alive) > 1:
        seat = right_of(state)
        state.wait = Wait(kind="payer", seat=seat, hero=h.id, options=[m.uid for m in alive])
        turn.say(f"{state.seats[seat]} chooses which monster pays {hero_name(h)} back.")
        return
    start_payback(state, turn, alive[0], h, [m.uid for m in alive[1:]])


def run_attack(state: StarState, turn: Turn, t: Task) -> None:
    """A hero attack that waited for its defender's answer."""
    h = find_hero(state, t.hero)
    if h is None or h.dead or not h.pos:
        return
    hero_attack(state, turn, h, dict(t.action))

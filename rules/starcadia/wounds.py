"""Defence and harm: a hero's defence roll (live answer or standing preferences), killing heroes
and monsters (VT, rewards, dropped tokens), shoves, and a monster's attack on a hero."""

from __future__ import annotations

from rules.core import Turn

from . import board as B
from . import dice as D
from .content import CONTENT, UpgradeCard
from .dice import roll_pool
from .lookup import (
    ability,
    board_of,
    current_pve,
    find_hero,
    find_monster,
    hero_card,
    hero_defense,
    hero_life,
    hero_name,
    hero_rerolls,
    heroes_on_board,
    mcard,
    mname,
    mstats,
    shove_spaces,
    ups,
)
from .quests import drop_tokens, fulfil, pvp_kill
from .state import HeroState, MonsterState, StarState, Wait


def defence_rerolls(h: HeroState) -> int:
    """The reroll pool of a defence roll (upgrades, exhausted or not, plus any defence ability)."""
    return hero_rerolls(h) + ability(h, "defense_reroll")


def ready_reactions(h: HeroState) -> list[UpgradeCard]:
    """Reactions the hero could use now, one entry per distinct card, in inventory order."""
    out: list[UpgradeCard] = []
    for card, tok in ups(h):
        if card.category == "reaction" and not tok.exhausted and card not in out:
            out.append(card)
    return out


def defence_default(h: HeroState) -> tuple[str, bool]:
    """The standing preferences as a defence answer: reaction id ("" for none) and reroll on/off."""
    ready = {c.id for c in ready_reactions(h)}
    return (h.reaction if h.reaction in ready else ""), h.auto_reroll


def wants_defence_prompt(state: StarState, h: HeroState) -> bool:
    """With defence=ask, a hero that has a real choice to make is asked before the roll."""
    if state.defence != "ask" or h.dazed or h.dead or not h.pos or h.id in state.answers:
        return False
    return bool(ready_reactions(h)) or defence_rerolls(h) > 0


def ask_defence(state: StarState, turn: Turn, h: HeroState, attacker: str) -> None:
    state.wait = Wait(kind="defend", seat=h.seat, hero=h.id, why=attacker)
    turn.say(
        f"{state.seats[h.seat]}: {hero_name(h)} is attacked by {attacker}; choose a reaction and rerolls.",
        concerns=[h.seat],
    )


def defend(state: StarState, turn: Turn, h: HeroState, hits: int, attacker: str) -> int:
    """The hero's defence roll against ``hits``; returns the wounds that get through.

    A live answer (defence=ask) is used once; otherwise the hero's standing preferences apply.
    """
    card = hero_card(h)
    cancel = 0
    bonus = 0
    answer = state.answers.pop(h.id, None)
    if answer is None:
        reaction, reroll_on = h.reaction, h.auto_reroll
    else:
        reaction, _, flag = answer.partition("|")
        reroll_on = flag == "on"
    if reaction and not h.dazed:
        for u in h.upgrades:
            up = CONTENT.upgrades[u.id]
            if u.id == reaction and up.category == "reaction" and not u.exhausted:
                u.exhausted = True
                if up.ability_kind == "defense_dice":
                    bonus = up.ability_value
                else:
                    cancel = up.ability_value
                turn.say(f"{card.name} reacts with {up.name}.", concerns=[h.seat])
                break
    if h.dazed:
        turn.say(f"{card.name} is dazed and rolls no defence.", concerns=[h.seat])
        saves = 0
    else:
        pool = hero_defense(h) + bonus
        rerolls = defence_rerolls(h) if reroll_on else 0
        against = f"{card.name} defends against {attacker}"
        res = roll_pool(D.roller(turn, f"{card.name} defends", h.seat, shown=against), pool, "defense", rerolls)
        saves = res.successes("defense")
    wounds = max(0, hits - saves - cancel)
    cancelled = f" and cancels {cancel}" if cancel else ""
    turn.say(
        f"{attacker}: {hits} hit(s), {card.name} saves {saves}{cancelled} -> {wounds} wound(s).", concerns=[h.seat]
    )
    return wounds


def kill_hero(state: StarState, turn: Turn, victim: HeroState, killer: HeroState | None, grab: str = "") -> None:
    space = victim.pos
    dropped = victim.gadgets + victim.quest_tokens
    victim.gadgets = []
    victim.quest_tokens = []
    victim.dead = True
    victim.pos = ""
    # Extra hits past the last life point are not wounds the hero carries (no "10/7" on its sheet).
    victim.wounds = min(victim.wounds, hero_life(victim))
    turn.say(f"{hero_name(victim)} is killed!", kind="warn", concerns=[victim.seat])
    if killer is None or killer.seat == victim.seat:
        for crew in state.crews:
            if crew.seat != victim.seat:
                crew.vt += 1
        others = [crew.seat for crew in state.crews if crew.seat != victim.seat]
        turn.say(f"Every crew but {state.crews[victim.seat].colour} gains 1 VT.", concerns=others)
    else:
        state.crews[killer.seat].vt += 1
        turn.say(
            f"{state.crews[killer.seat].colour.capitalize()} crew gains 1 VT for the kill.", concerns=[killer.seat]
        )
        if dropped and killer.pos and not killer.dead:
            b = board_of(state)
            kxy, vxy = B.parse_space(killer.pos), B.parse_space(space)
            if kxy and vxy and b.close(kxy, vxy, state.doors):
                wanted = [x for x in dropped if x == grab or x == f"quest:{grab}"]
                tok = wanted[0] if wanted else dropped[0]
                dropped.remove(tok)
                (killer.quest_tokens if tok.startswith("quest:") else killer.gadgets).append(tok)
                turn.say(f"{hero_name(killer)} snatches the dropped {tok}.", concerns=[killer.seat, victim.seat])
        pvp_kill(state, turn, killer, victim)
    drop_tokens(state, space, dropped)
    if state.act.hero == victim.id:
        state.act.mp = 0


def check_hero_death(state: StarState, turn: Turn, h: HeroState, killer: HeroState | None, grab: str = "") -> None:
    if not h.dead and h.pos and h.wounds >= hero_life(h):
        kill_hero(state, turn, h, killer, grab)


def remove_monster(state: StarState, turn: Turn, m: MonsterState, killer: HeroState | None) -> None:
    """Take a monster off the board; with a ``killer`` whose kill is not yet counted, count it now."""
    state.monsters = [x for x in state.monsters if x.uid != m.uid]
    turn.say(f"{mname(m)} is destroyed!", kind="warn")
    if killer is not None:
        credit_kill(state, turn, m, killer)


def credit_kill(state: StarState, turn: Turn, m: MonsterState, killer: HeroState) -> None:
    """The kill of ``m`` goes to ``killer``'s crew at once (rulebook p. 19, Kills and Rewards; p. 23, the
    dashboard's Reward): its VT, the kill count, a kill ability, and the quest it advances."""
    reward = mstats(m)[3] + ability(killer, "bounty")
    state.crews[killer.seat].vt += reward
    state.crews[killer.seat].kills += 1
    heal = min(killer.wounds, ability(killer, "kill_heal"))
    if heal and not killer.dead:
        killer.wounds -= heal
        turn.say(f"{hero_name(killer)} catches a second wind and shakes off {heal} wound(s).", concerns=[killer.seat])
    turn.say(f"{state.crews[killer.seat].colour.capitalize()} crew earns {reward} VT.", concerns=[killer.seat])
    q = current_pve(state)
    if q is not None and q.goal == "kill" and m.designation == q.target:
        fulfil(state, turn, q.id, killer.seat)
    elif q is not None and q.goal == "slay" and mcard(m).cls == q.cls:
        crew = state.crews[killer.seat]
        crew.progress += 1
        if crew.progress >= q.count:
            fulfil(state, turn, q.id, killer.seat)


def shove(state: StarState, turn: Turn, space: str, who: str, to: str = "") -> None:
    """Push a character into a free Close space (``to``, else the first of N, E, S, W).

    It stays put if there is none; a shoved hero never provokes Guard.
    """
    h = find_hero(state, who)
    if h is not None and ability(h, "steady"):
        turn.say(f"{hero_name(h)} stands steady and cannot be shoved.", concerns=[h.seat])
        return
    choices = shove_spaces(state, space)
    if to and to in choices:
        choices = [to]
    if not choices:
        turn.say("There is nowhere to shove; the target stays put.")
        return
    dest = choices[0]
    if h is not None:
        h.pos = dest
        turn.say(f"{hero_name(h)} is shoved to {dest}.", concerns=[h.seat])
        return
    m = find_monster(state, who)
    if m is not None:
        m.pos = dest
        turn.say(f"{mname(m)} is shoved to {dest}.")


def monster_attack(state: StarState, turn: Turn, m: MonsterState, h: HeroState, why: str, controller: int = -1) -> None:
    """One monster attack on a hero. With monsters=player a CRIT shove waits for ``controller``."""
    card = mcard(m)
    rerolls = card.ability.value if card.ability.kind == "reroll" else 0
    turn.say(
        f"{mname(m)} attacks {hero_name(h)} with {card.attack_name} ({why}).",
        attack=[m.pos, h.pos],
        monster=True,
        concerns=[h.seat],
    )
    shown = f"{mname(m)} attacks {hero_name(h)}"
    res = roll_pool(D.roller(turn, f"{card.name} attacks", shown=shown), card.dice, card.attack_type, rerolls)
    hits = res.successes(card.attack_type)
    space = h.pos
    wounds = defend(state, turn, h, hits, card.name)
    h.wounds += wounds
    victims = [h]
    if card.ability.kind == "splash" and wounds:
        for o in heroes_on_board(state):
            if o.pos == space and o.id != h.id:
                o.wounds += wounds
                victims.append(o)
                turn.say(f"The blast also wounds {hero_name(o)} ({wounds}).", concerns=[o.seat])
    if res.crits and card.ability.kind == "crit_daze" and not ability(h, "steady"):
        h.dazed = True
        turn.say(f"{hero_name(h)} is dazed.", concerns=[h.seat])
    for v in victims:
        check_hero_death(state, turn, v, None)
    if res.crits and card.ability.kind == "crit_shove" and not h.dead:
        spaces = shove_spaces(state, h.pos)
        if state.monster_control == "player" and controller >= 0 and len(spaces) > 1 and not ability(h, "steady"):
            state.wait = Wait(kind="shove", seat=controller, hero=h.id, monster=m.uid, options=spaces)
            turn.say(f"{state.seats[controller]} chooses where {mname(m)} shoves {hero_name(h)}.", concerns=[h.seat])
        else:
            shove(state, turn, h.pos, h.id)

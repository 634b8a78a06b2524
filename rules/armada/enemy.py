"""The enemy's side of a Combat: the enemy die, each ship's action, hull breaches, knocked-out crew,
ships destroyed at the end of a round, and how bad the next enemy step may be."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Turn
from rules.core.grammar import count, listing

from .content import EnemyAction, action_text
from .ending import finish, leave
from .finals import section_critical
from .fleets import (
    combat_fleet,
    enemy_def,
    ship_name,
)
from .helpers import (
    C,
    clear_held,
    damage_player,
    dice_of,
    die_label,
    has_hero,
    has_kind,
    module_at,
    to_infirmary,
    worst_free_die,
)
from .shots import destroy
from .state import EnemyShip, Fleet, State


def _targets_players(state: State, area: bool) -> list[int]:
    c = state.combat
    assert c is not None
    alive = [m for m in c.members if not state.players[m].critical and m not in c.shadow]
    if area:
        return alive
    return [c.frontline] if c.frontline in alive else alive[:1]


def breach(state: State, seat: int, turn: Turn) -> None:
    player = state.players[seat]
    number = turn.rng.die(6, label=f"Hull breach on {state.seats[seat]}")
    if has_hero(state, seat, "breach_reroll") and module_at(player, number) is not None:
        number = turn.rng.die(6, label="Ophainim rerolls the breach")
    module = module_at(player, number)
    st = player.stations[number - 1]
    on_it = [d for d in dice_of(state, seat, "station", "locked") if d.station == number]
    if module is None:
        turn.say(f"The breach hits empty station {number}: no effect.", concerns=[seat])
        return
    if module.never_offline or module.id == "cereus-plating":
        turn.say(f"{module.name} holds against the breach.", concerns=[seat])
        return
    for d in on_it:
        to_infirmary(state, d, turn)
    if st.offline:
        turn.say(f"Station {number} is already Offline.", concerns=[seat])
        return
    if on_it and has_hero(state, seat, "rx11"):
        turn.say(f"RX-11 keeps station {number} running; its crew go to the Infirmary.", concerns=[seat])
        return
    st.offline = True
    st.counters = 0
    clear_held(st)
    turn.say(f"Breach! Station {number} ({module.name}) goes Offline.", concerns=[seat])


def solo_attack_bonus(state: State, act: EnemyAction) -> int:
    """Table option ``solo_bonus=on`` (not in the rulebook, off by default): in a solo game enemy
    attacks of at least `min_amount` damage deal `bonus` more (enemies.toml [solo])."""
    solo = C.solo_rule
    return solo.bonus if state.solo and state.solo_bonus and act.amount >= solo.min_amount else 0


def enemy_action_text(state: State, act: EnemyAction) -> str:
    """An enemy action's one-liner as it plays in this game (the solo bonus spelled out when it is on)."""
    text = action_text(act)
    bonus = solo_attack_bonus(state, act) if act.kind == "attack" else 0
    return f"{text} (+{bonus} in a solo game)" if bonus else text


def _firing(state: State, fleet: Fleet, die: int) -> list[tuple[EnemyShip, int, EnemyAction]]:
    """Every (ship, action index, action) of the fleet that the enemy die sets off, left to right."""
    out = []
    for ship in fleet.ships:
        for idx, act in enumerate(enemy_def(ship).actions):
            if die not in act.on or (act.side and act.side != ship.side):
                continue
            if section_critical(ship.card, ship.damage):
                continue
            out.append((ship, idx, act))
    return out


def enemy_step_line(state: State, fleet: Fleet, die: int, firing: Sequence[tuple[EnemyShip, int, EnemyAction]]) -> str:
    """The enemy step's first line: the die, and which ships it sets off ("Hawk (1) and Owl (3) act")."""
    names = list(dict.fromkeys(ship_name(state, fleet, ship) for ship, _, _ in firing))
    if not names:
        return f"Enemy step on a {die}: no ship of fleet {fleet.token} has an action for {die}."
    verb = "acts" if len(names) == 1 else "act"
    return f"Enemy step on a {die}: {listing(names)} {verb}."


def enemy_step(state: State, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    fleet = combat_fleet(state)
    die = c.enemy_die
    firing = _firing(state, fleet, die)
    held = [(ship, idx, act) for ship, idx, act in firing if [ship.uid, idx] in c.stasis]
    firing = [entry for entry in firing if entry not in held]
    turn.say(enemy_step_line(state, fleet, die, firing), kind="turn")
    front = _targets_players(state, False)
    # start-of-step passives
    for ship in list(fleet.ships):
        e = enemy_def(ship)
        if [ship.uid, -1] in c.stasis:
            continue
        if "mirage" in e.passives:
            for s in fleet.ships:
                s.shields += 1
            turn.say(f"{ship_name(state, fleet, ship)} wraps the fleet in mirage shields.")
        if "kabuto" in e.passives:
            for seat in front:
                if state.players[seat].shield > 0:
                    damage_player(state, seat, 1, "ion", turn, f"{ship_name(state, fleet, ship)}'s shield probe")
    for ship, idx, _act in held:
        turn.say(f"{ship_name(state, fleet, ship)}'s action {idx + 1} is held in stasis.")
    active = {s.uid for s, _, _ in firing}
    breaches: list[int] = []
    losses: dict[int, int] = {}
    hull_before = {m: state.players[m].hull for m in c.members}
    for ship, _idx, act in firing:
        if state.combat is None:
            return
        e = enemy_def(ship)
        if act.kind in ("attack", "blast", "per_ship"):
            if act.kind == "attack":
                amount = act.solo if act.solo and len(active) == 1 else act.amount
                amount += solo_attack_bonus(state, act)
            elif act.kind == "blast":
                amount = ship.timers * act.per_timer
                ship.timers = 0
            else:
                amount = len(fleet.ships)
            for seat in _targets_players(state, act.area):
                if state.players[seat].critical:
                    continue
                lost = damage_player(state, seat, amount, act.dtype, turn, ship_name(state, fleet, ship))
                if lost:
                    losses[seat] = losses.get(seat, 0) + 1
                guarded = act.dtype == "kinetic" and "kinetic" in state.players[seat].guards
                if act.breach and not guarded:
                    breaches.extend([seat] * act.breach)
        elif act.kind == "shields":
            ship.shields = max(ship.shields, min(e.shield, ship.shields + act.amount))
            turn.say(f"{ship_name(state, fleet, ship)} restores its shields ({ship.shields}).")
        elif act.kind == "repair":
            for s in fleet.ships:
                s.damage = max(0, s.damage - act.amount)
            turn.say(f"{ship_name(state, fleet, ship)} repairs the fleet.")
        elif act.kind == "disable":
            for seat in front:
                knock_out(state, seat, act.count, ship_name(state, fleet, ship), turn)
        elif act.kind == "timer":
            ship.timers += 1
            turn.say(f"{ship_name(state, fleet, ship)} charges up ({count(ship.timers, 'timer')}).")
        elif act.kind == "escape":
            turn.say(f"{ship_name(state, fleet, ship)} jumps away and the whole fleet scatters!", kind="warn")
            finish(state, "escape", turn)
            return
    for ship, _idx, _act in firing:
        if "cyclone" in enemy_def(ship).passives:
            ship.side = "red" if ship.side == "green" else "green"
    for seat in breaches:
        if state.combat is None or seat not in state.combat.members:
            continue
        breach(state, seat, turn)
    for ship in fleet.ships:
        e = enemy_def(ship)
        if [ship.uid, -1] in c.stasis:
            continue
        if "qube_destroy" in e.passives:
            for seat in list(c.members):
                if state.players[seat].hull < hull_before.get(seat, 0):
                    turn.say(f"{ship_name(state, fleet, ship)} exploits the damage.")
                    breach(state, seat, turn)
        if "qube_save" in e.passives:
            for s in fleet.ships:
                if s.uid not in active and s.damage > 0:
                    s.damage -= 1
            turn.say(f"{ship_name(state, fleet, ship)} patches the ships that held back.")
    for seat in list(c.members):
        player = state.players[seat]
        dendron = has_kind(player, "max_hull")
        if dendron and dendron.effect.get("reactive_shield") and losses.get(seat):
            player.shield = min(player.max_shield, player.shield + losses[seat])
        player.guards = []
        player.polarity = ""
    for seat in list(c.members):
        if state.players[seat].critical or state.players[seat].hull <= 0:
            leave(state, seat, "defeat", turn)
            if state.combat is None:
                return
    destroy_step(state, turn)


def knock_out(state: State, seat: int, count: int, source: str, turn: Turn) -> None:
    """An enemy sends crew to the Infirmary. The owner chooses which dice (after the enemy step);
    when every candidate is alike (all basic dice) there is nothing to choose."""
    c = state.combat
    assert c is not None
    for _ in range(count):
        pool = dice_of(state, seat, "rolled", "crew")
        owed = c.knockouts.get(seat, 0)
        if len(pool) <= owed:
            return
        alike = len({d.hero for d in pool}) == 1
        if owed == 0 and (alike or has_hero(state, seat, "v41k")):
            victim = worst_free_die(state, seat, ("rolled", "crew"))
            assert victim is not None
            if to_infirmary(state, victim, turn):
                turn.say(f"{source} knocks out {die_label(state, victim)}.", concerns=[seat])
            continue
        c.knockouts[seat] = owed + 1
        turn.say(
            f"{source} knocks out one of {state.seats[seat]}'s crew; {state.seats[seat]} picks which die.",
            concerns=[seat],
        )


def default_knockout(state: State, seat: int) -> dict[str, Any]:
    die = worst_free_die(state, seat, ("rolled", "crew"))
    return {"type": "knockout", "die": die.id if die is not None else 0}


def destroy_step(state: State, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    fleet = combat_fleet(state)
    starion = False
    for ship in list(fleet.ships):
        e = enemy_def(ship)
        if ship.damage >= e.hull:
            destroy(state, fleet, ship, turn)
            if "starion" in e.passives:
                starion = True
            if state.phase == "over":
                state.combat = None
                return
    if starion:
        for seat in list(c.members):
            damage_player(state, seat, 3, "energy", turn, "The Starion's self-destruct")
        for seat in list(c.members):
            if state.players[seat].critical:
                leave(state, seat, "defeat", turn)
                if state.combat is None:
                    return
    if not fleet.ships:
        finish(state, "victory", turn)
        return
    c.step = "gather"


def worst_enemy_step(state: State) -> int:
    """The most damage the fleet's attacks could deal one ship in the next enemy step (over the six
    faces of the enemy die, shields not counted): what a captain weighs before gathering again."""
    fleet = combat_fleet(state)
    worst = 0
    for face in range(1, 7):
        total = 0
        for ship in fleet.ships:
            for act in enemy_def(ship).actions:
                if face not in act.on or (act.side and act.side != ship.side):
                    continue
                if act.kind == "attack":
                    total += act.amount + solo_attack_bonus(state, act)
                elif act.kind == "blast":
                    total += (ship.timers + 1) * act.per_timer
                elif act.kind == "per_ship":
                    total += len(fleet.ships)
        worst = max(worst, total)
    return worst


def escape_worth_asking(state: State) -> bool:
    """Whether step 4 is a real choice: some ship of the team is at half Hull or less (or 3 or less),
    or the next enemy step could take all its Shield and Hull. Otherwise escaping would only throw the fight
    away, so gathering is the one sensible answer (an Escape attempt still is, with autopass off)."""
    c = state.combat
    assert c is not None
    worst = worst_enemy_step(state)
    for seat in c.members:
        p = state.players[seat]
        if p.hull <= max(3, p.max_hull // 2) or p.hull + p.shield <= worst:
            return True
    return False

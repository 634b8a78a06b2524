"""Crew dice firing modules: hits on enemy ships, ships destroyed, a duel's shots and the modules
that act on their own ship."""

from __future__ import annotations

from typing import Any

from rules.core import RuleError, Turn
from rules.core.validate import get_choice, get_int

from . import heroes, savior
from .content import Module
from .dicefit import shows
from .finals import artemis_shielded
from .fleets import (
    combat_fleet,
    enemy_def,
    pick_targets,
    protectors,
    ship_name,
)
from .helpers import (
    C,
    damage_player,
    dice_of,
    face_symbols,
    find_die,
    gain_credits,
    has_hero,
    station_of,
)
from .state import EnemyShip, Fleet, State


def hit(
    state: State,
    fleet: Fleet,
    ship: EnemyShip,
    amount: int,
    dtype: str,
    turn: Turn,
    *,
    direct: bool = False,
    quickstrike: bool = False,
    seat: int = -1,
) -> int:
    """Damage one enemy ship; returns the shield tokens it removed."""
    e = enemy_def(ship)
    c = state.combat
    if "quartz" in e.passives and len(fleet.ships) > 1 and not direct and [ship.uid, -1] not in (c.stasis if c else []):
        turn.say(f"{ship_name(state, fleet, ship)} shrugs off the hit while its fleet stands.")
        return 0
    if fleet.final == "artemis" and artemis_shielded(state, fleet):
        turn.say("The Artemis shield grid absorbs everything (Mission 99 must succeed this phase).")
        return 0
    removed = 0
    rest = 0
    if dtype in ("ion", "energy"):
        # The Ouroboros sections share one shield pool; other ships use their own tokens.
        donors = [s for s in fleet.ships if s.shields > 0] if fleet.final == "ouroboros" else [ship]
        want = amount
        for donor in sorted(donors, key=lambda s: s is not ship):
            take = min(donor.shields, want)
            donor.shields -= take
            want -= take
            removed += take
        rest = amount - removed if dtype == "energy" else 0
    else:
        rest = amount
    ship.damage = min(e.hull, ship.damage + rest)
    status = f"{ship.shields} shield, {ship.damage}/{e.hull} damage"
    turn.say(f"{ship_name(state, fleet, ship)} takes {amount} {dtype}: {status}.")
    if quickstrike and ship.damage >= e.hull:
        destroy(state, fleet, ship, turn)
    return removed


def destroy(state: State, fleet: Fleet, ship: EnemyShip, turn: Turn) -> None:
    c = state.combat
    turn.say(f"{ship_name(state, fleet, ship)} is destroyed!")
    fleet.ships.remove(ship)
    if ship.card in C.enemies:
        state.enemy_discard.append(ship.card)
    if c is None:
        return
    c.destroyed.append(ship.card)
    for seat in c.members:
        if has_hero(state, seat, "payout"):
            gain_credits(state, seat, 1, turn, "Payout")
        if has_hero(state, seat, "rally"):
            leo = [d for d in dice_of(state, seat, "infirmary")]
            if leo:
                leo[0].loc = "crew"
                leo[0].face = ""
    if fleet.final and fleet.final != "lokust" and not fleet.ships:
        return
    if fleet.final == "lokust" and ship.card == "lokust-mothership":
        state.result = "win"
        state.phase = "over"
        state.reason = "The Lokust Mothership is destroyed."
        turn.say("The Lokust Mothership is destroyed! The galaxy is saved.", kind="end")


def fire(
    state: State,
    seat: int,
    module: Module,
    number: int,
    action: dict[str, Any],
    turn: Turn,
    face: str,
    hero: str,
) -> None:
    c = state.combat
    assert c is not None
    player = state.players[seat]
    station = station_of(player, number)
    if c.pvp:
        duel_fire(state, seat, module, station, face, hero, turn)
        return
    fleet = combat_fleet(state)
    eff = module.effect
    kind = eff["kind"]
    name = state.seats[seat]
    kw = eff.get("keywords", [])
    if kind in ("damage", "drone"):
        dtype = eff["dtype"]
        if hero == "grok-grok" and dtype == "energy":
            dtype = "kinetic"
        amount = eff["amount"] + int(action.get("_bonus", 0))
        direct = "direct" in kw
        quick = "quickstrike" in kw
        if "area" in kw:
            if "damaged_only" in kw:
                targets = [s for s in fleet.ships if s.damage > 0]
            else:
                prot = protectors(state, fleet)
                targets = prot if prot and not direct else list(fleet.ships)
            turn.say(f"{name} fires {module.name} at the whole fleet.")
            for t in targets:
                if t in fleet.ships:
                    hit(state, fleet, t, amount, dtype, turn, direct=direct, quickstrike=quick)
        elif "multi" in kw:
            targets = pick_targets(state, action, fleet, direct, True)[:amount]
            share: dict[int, int] = {}
            for i in range(amount):
                uid = targets[i % len(targets)].uid
                share[uid] = share.get(uid, 0) + 1
            turn.say(f"{name} fires {module.name}.")
            for t in targets:
                if t in fleet.ships and t.uid in share:
                    hit(state, fleet, t, share.pop(t.uid), dtype, turn, direct=direct, quickstrike=quick)
        else:
            if kind == "drone" and not fleet.ships:
                return
            target = pick_targets(state, action, fleet, direct, False)[0]
            turn.say(f"{name} fires {module.name}.")
            hit(state, fleet, target, amount, dtype, turn, direct=direct, quickstrike=quick)
    elif kind == "spindle":
        target = pick_targets(state, action, fleet, False, False)[0]
        turn.say(f"{name} fires {module.name}.")
        removed = hit(state, fleet, target, eff["amount"], "ion", turn)
        if removed:
            player.shield = min(player.max_shield, player.shield + removed)
            turn.say(f"{name} turns the stripped shields into {removed} Shield ({player.shield}).")
    elif kind == "gatling":
        if shows(face, "S") and face_symbols(face) != ["T"]:
            station.counters += 1
            turn.say(f"{name} charges the Raflesia Beam Gatling ({station.counters}).")
        else:
            if station.counters <= 0:
                raise RuleError("The Raflesia Beam Gatling has no charge yet (Science charges it).")
            target = pick_targets(state, action, fleet, False, False)[0]
            turn.say(f"{name} unloads the Raflesia Beam Gatling.")
            hit(state, fleet, target, station.counters, "energy", turn)
    elif kind == "shield":
        amount = eff["amount"] + (station.dice - 1 if eff.get("growing") else 0)
        player.shield = min(player.max_shield, player.shield + amount)
        turn.say(f"{name} recharges shields: {player.shield}/{player.max_shield}.")
    elif kind == "repair":
        player.hull = min(player.max_hull, player.hull + eff["amount"])
        turn.say(f"{name} patches the hull: {player.hull}/{player.max_hull}.")
    elif kind == "heal":
        ally = seat
        if action.get("ally") not in (None, ""):
            ally = get_int(action, "ally", 1, len(state.seats), "the ally's seat") - 1
            if ally not in c.members:
                raise RuleError("That ship is not in this Combat.")
        back = dice_of(state, ally, "infirmary")
        for d in back:
            d.loc = "crew"
            d.face = ""
        heroes.jaszsk_return(state, ally, back, turn)
        turn.say(f"{module.name} brings {len(back)} of {state.seats[ally]}'s crew back (ready next round).")
    elif kind == "stasis":
        target = pick_targets(state, action, fleet, True, False)[0]
        e = enemy_def(target)
        raw = action.get("action", 1)
        if str(raw).strip().lower() in ("passive", "protect", "0"):
            if not e.passives:
                raise RuleError(f"{e.name} has no ongoing ability to freeze.")
            idx = -1
            what = "its ongoing ability"
        else:
            idx = get_int({"a": raw}, "a", 1, len(e.actions), "the enemy action") - 1
            what = f"action {idx + 1}"
        c.stasis.append([target.uid, idx])
        turn.say(f"{name}'s Stasis Beam freezes {what} of {ship_name(state, fleet, target)}.")
    elif kind == "polarity":
        mode = get_choice(action, "mode", ["energy", "kinetic"], "polarity (energy or kinetic)")
        player.polarity = mode
        turn.say(f"{name}'s Polarity Drive is set against {mode} this round.")
    elif kind == "guard":
        player.guards.append(eff["against"])
        turn.say(f"{name} readies {module.name} for the next enemy step.")
    elif kind == "cloak":
        station.counters += 1
        if station.counters >= eff.get("threshold", 4):
            station.counters = 0
            player.guards.append("cloak")
            turn.say(f"{name} cloaks: the next enemy step cannot damage the ship.")
        else:
            turn.say(f"{name} charges the cloak ({station.counters}/{eff.get('threshold', 4)}).")
    elif kind == "transfer":
        ally = get_int(action, "ally", 1, len(state.seats), "the ally's seat") - 1
        if ally == seat or ally not in c.members:
            raise RuleError("Ferox Shield Transfer needs an ally in this Combat.")
        target = state.players[ally]
        moved = min(eff["amount"], player.shield, target.max_shield - target.shield)
        player.shield -= moved
        target.shield += moved
        turn.say(f"{name} moves {moved} Shield to {state.seats[ally]}.")
    elif kind == "teleport":
        ally = get_int(action, "ally", 1, len(state.seats), "the ally's seat") - 1
        if ally == seat or ally not in c.members:
            raise RuleError("The Lupin Teleporter needs an ally in this Combat.")
        mode = get_choice(action, "mode", ["send", "pull"], "teleport mode (send or pull)")
        giver, taker = (seat, ally) if mode == "send" else (ally, seat)
        crew = find_die(state, giver, action.get("crew"))
        if crew.loc != "rolled":
            raise RuleError(f"Die #{crew.id} is not waiting in a crew section.")
        if crew.home < 0:
            crew.home = giver
        crew.owner = taker
        if crew.home == taker:
            crew.home = -1
        turn.say(f"{name}'s Lupin Teleporter moves die #{crew.id} to {state.seats[taker]}'s ship.")
    else:
        raise RuleError(f"{module.name} cannot be used this way yet.")


def duel_fire(state: State, seat: int, module: Module, station, face: str, hero: str, turn: Turn) -> None:
    """A module fired in a duel with the Galactic Savior: weapons hit the other captain's ship."""
    other = savior.opponent(state, seat)
    eff = module.effect
    kind = eff["kind"]
    name = state.seats[seat]
    if kind in ("damage", "drone", "spindle") or (kind == "gatling" and not shows(face, "S")):
        if kind == "gatling":
            if station.counters <= 0:
                raise RuleError("The Raflesia Beam Gatling has no charge yet (Science charges it).")
            amount, dtype = station.counters, "energy"
        else:
            amount, dtype = eff["amount"], ("ion" if kind == "spindle" else eff["dtype"])
        if hero == "grok-grok" and dtype == "energy":
            dtype = "kinetic"
        turn.say(f"{name} fires {module.name} at {state.seats[other]}.")
        damage_player(state, other, amount, dtype, turn, f"{name}'s {module.name}")
        savior.after_hit(state, turn)
    elif kind == "gatling":
        station.counters += 1
        turn.say(f"{name} charges the Raflesia Beam Gatling ({station.counters}).")
    elif kind == "armor":
        turn.say(f"{name} braces the Allium Ablative Armor.")
    elif kind in ("shield", "repair", "heal", "polarity", "guard", "cloak"):
        fire_self(state, seat, module, station, turn)
    else:
        raise RuleError(f"{module.name} has no use in a duel between captains.")


def fire_self(state: State, seat: int, module: Module, station, turn: Turn) -> None:
    player = state.players[seat]
    eff = module.effect
    kind = eff["kind"]
    name = state.seats[seat]
    if kind == "shield":
        amount = eff["amount"] + (station.dice - 1 if eff.get("growing") else 0)
        player.shield = min(player.max_shield, player.shield + amount)
        turn.say(f"{name} recharges shields: {player.shield}/{player.max_shield}.")
    elif kind == "repair":
        player.hull = min(player.max_hull, player.hull + eff["amount"])
        turn.say(f"{name} patches the hull: {player.hull}/{player.max_hull}.")
    elif kind == "heal":
        back = dice_of(state, seat, "infirmary")
        for d in back:
            d.loc = "crew"
            d.face = ""
        turn.say(f"{module.name} brings {len(back)} crew back (ready next round).")
    elif kind == "guard":
        player.guards.append(eff["against"])
        turn.say(f"{name} readies {module.name}.")
    elif kind == "cloak":
        station.counters += 1
        if station.counters >= eff.get("threshold", 4):
            station.counters = 0
            player.guards.append("cloak")
        turn.say(f"{name} charges the cloak.")
    else:
        raise RuleError(f"{module.name} needs a choice that a duel does not offer.")

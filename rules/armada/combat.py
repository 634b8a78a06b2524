"""Combat: the four steps, crew assignment to stations, the enemy die and the outcomes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import RuleError, Turn
from rules.core.grammar import count, listing
from rules.core.validate import get_choice, get_int

from . import choices, heroes, planning, savior, say
from .content import Enemy, EnemyAction, Module, action_text
from .dicefit import can_complete, feed, shows, still_needed
from .finals import artemis_shielded, final_enemy_def, section_critical
from .helpers import (
    INFIRMARY,
    C,
    clear_held,
    damage_player,
    dice_of,
    dice_to_reroll,
    die_label,
    face_name,
    face_symbols,
    find_die,
    gain_credits,
    has_hero,
    has_kind,
    installed,
    module_at,
    pay,
    reset_ship,
    roll,
    set_critical,
    station_numbers,
    station_of,
    to_infirmary,
    worst_free_die,
)
from .state import Combat, Die, EnemyShip, Fleet, State, Station

STATION_WORDS = {"infirmary": INFIRMARY, "medbay": INFIRMARY, "escape": 8, "swap": 9}
SWAP = 9
STALEMATE = 20  # house rule: a Combat still going after this many rounds ends as an escape


# -- lookups ------------------------------------------------------------------------------


def enemy_def(ship: EnemyShip) -> Enemy:
    return C.enemies[ship.card] if ship.card in C.enemies else final_enemy(ship.card)


def final_enemy(card: str) -> Enemy:
    return final_enemy_def(card)


def fleet_by_token(state: State, token: int) -> Fleet:
    for f in state.fleets:
        if f.token == token:
            return f
    raise RuleError(f"There is no fleet {token}.")


def combat_fleet(state: State) -> Fleet:
    assert state.combat is not None
    return fleet_by_token(state, state.combat.fleet)


def protectors(state: State, fleet: Fleet) -> list[EnemyShip]:
    c = state.combat
    stasis = c.stasis if c else []
    lokust = fleet.final == "lokust"
    return [
        s
        for s in fleet.ships
        if ("protect" in enemy_def(s).passives or (lokust and s.card.startswith("drone-")))
        and [s.uid, -1] not in stasis
    ]


def ship_number(state: State, fleet: Fleet, ship: EnemyShip) -> int:
    """The number an enemy ship keeps for the whole fight: its place in the fleet when the fight
    began (a ship that joins later comes after them); outside a fight, its place from the left."""
    c = state.combat
    if c is None or c.fleet != fleet.token or not c.order:
        return fleet.ships.index(ship) + 1 if ship in fleet.ships else 0
    if ship.uid in c.order:
        return c.order.index(ship.uid) + 1
    late = [s.uid for s in fleet.ships if s.uid not in c.order]
    return len(c.order) + late.index(ship.uid) + 1 if ship.uid in late else 0


def ship_numbers(state: State, fleet: Fleet) -> list[int]:
    """The numbers of the fleet's ships, left to right."""
    return [ship_number(state, fleet, s) for s in fleet.ships]


def ship_by_number(state: State, fleet: Fleet, number: int) -> EnemyShip | None:
    return next((s for s in fleet.ships if ship_number(state, fleet, s) == number), None)


def ship_name(state: State, fleet: Fleet, ship: EnemyShip) -> str:
    return f"{enemy_def(ship).name} ({ship_number(state, fleet, ship)})"


# -- starting and ending ----------------------------------------------------------------------


def start(
    state: State,
    seat: int,
    token: int,
    turn: Turn,
    members: list[int] | None = None,
    frontline: int = -1,
    shadow: list[int] | None = None,
) -> None:
    fleet = fleet_by_token(state, token)
    members = members or [seat]
    shadow = shadow or []
    if frontline < 0:
        frontline = next(m for m in members if m not in shadow)
    state.combat = Combat(
        seat=seat,
        members=list(members),
        frontline=frontline,
        fleet=token,
        shadow=list(shadow),
        order=[s.uid for s in fleet.ships],
    )
    if any(not ship.revealed for ship in fleet.ships):
        turn.reveal("enemy ship cards")
    for ship in fleet.ships:
        ship.revealed = True
        ship.shields = enemy_def(ship).shield
    names = ", ".join(ship_name(state, fleet, s) for s in fleet.ships)
    who = " and ".join(state.seats[m] for m in members)
    verb = "engage" if len(members) > 1 else "engages"
    turn.say(f"Combat! {who} {verb} fleet {token} at {fleet.planet}: {names}.", kind="turn")
    begin_round(state, turn)


def begin_round(state: State, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    fleet = combat_fleet(state)
    c.step = "assign"
    c.assigned = []
    c.finished = []
    c.swap = []
    c.used = []
    c.stasis = []
    c.enemy_die = 0
    c.relay_used = False
    for seat in list(c.members):
        player = state.players[seat]
        for st in player.stations:
            clear_held(st)
            st.uses = 0
            st.dice = 0
        free = dice_of(state, seat, "crew")
        roll(state, free, turn, f"{state.seats[seat]} rolls crew")
        heroes.combat_rolled(state, seat, free, turn)
        for d in dice_of(state, seat, "locked"):
            if d.station == 0:
                d.loc = "rolled"
                turn.say(f"Locked-on die #{d.id} keeps its {face_name(d.face)}.")
        heroes.synapse(state, seat, turn)
        rerolls = sum(m.effect["count"] for _, m in installed(player) if m.kind == "reroll")
        if has_hero(state, seat, "stimulus") and len(fleet.ships) >= 5:
            rerolls += 1
        c.rerolls[seat] = rerolls
        if not dice_of(state, seat, "rolled") and not dice_of(state, seat, "locked"):
            turn.say(f"{state.seats[seat]} has no crew left to act: that counts as a defeat.", kind="warn")
            leave(state, seat, "defeat", turn)
            if state.combat is None:
                return
    if has_hero_any(state, "inspire"):
        for seat in c.members:
            if has_hero(state, seat, "inspire") and c.rerolls.get(seat, 0) == 0:
                blanks = [d for d in dice_of(state, seat, "rolled") if not d.hero and d.face == "-"]
                roll(state, blanks, turn, "Inspire rerolls blanks")


def has_hero_any(state: State, ability: str) -> bool:
    c = state.combat
    return bool(c) and any(has_hero(state, s, ability) for s in c.members)


def leave(state: State, seat: int, outcome: str, turn: Turn) -> None:
    """One member leaves Combat (Hull 0 or no crew): the Defeat outcome for that ship."""
    c = state.combat
    assert c is not None
    c.members.remove(seat)
    c.rerolls.pop(seat, None)
    c.escape.pop(seat, None)
    c.knockouts.pop(seat, None)
    reset_ship(state, seat)
    player = state.players[seat]
    if outcome == "defeat":
        if not player.critical:
            set_critical(state, seat, turn)
        if player.critical:
            player.hull = 0
    if seat not in c.shadow:
        choices.fall_back(state, seat, turn, "limps away")
    if seat not in state.encountered:
        state.encountered.append(seat)
    leaders = [m for m in c.members if m not in c.shadow]
    if c.frontline == seat and leaders:
        c.frontline = leaders[0]
        turn.say(f"{state.seats[c.frontline]} takes the Lead Player badge (Frontline).")
    if not leaders:
        for m in list(c.members):
            reset_ship(state, m)
            if m not in state.encountered:
                state.encountered.append(m)
        c.members = []
        finish(state, "defeat", turn)


def finish(state: State, outcome: str, turn: Turn) -> None:
    """End the whole Combat: victory, defeat (no members left) or escape."""
    c = state.combat
    assert c is not None
    fleet = combat_fleet(state)
    members = list(c.members)
    for seat in members:
        reset_ship(state, seat)
    if outcome == "escape" and fleet.final == "lokust" and members:
        for ship in fleet.ships:
            ship.shields = enemy_def(ship).shield
            ship.timers = 0
        for seat in members:
            state.players[seat].shield = state.players[seat].max_shield
        turn.say("The Lokust swarm breaks off: it counts as a victory, but the Mothership keeps its damage.")
        state.combat = None
        return
    if outcome == "victory":
        state.fleets.remove(fleet)
        if not fleet.final:
            state.fleet_tokens.append(fleet.token)
        best: dict[str, int] = {}
        for card in c.destroyed:
            e = C.enemies.get(card)
            if e is not None:
                best[e.faction] = max(best.get(e.faction, 0), e.scrap)
        scrap = sum(best.values())
        turn.say(f"Victory over fleet {fleet.token}! Scrap worth {count(scrap, 'credit')}.")
        if fleet.final or len(members) <= 1:  # nothing to agree on (or the game is won)
            for seat, share in zip(members, choices.even_shares(scrap, max(1, len(members))), strict=False):
                if share:
                    gain_credits(state, seat, share, turn, "scrap")
        else:
            choices.start_split(state, members, min(scrap, state.bank), turn)
        for seat in members:
            if has_kind(state.players[seat], "credits_bonus"):
                gain_credits(state, seat, 1, turn, "Drosera Attractor Beam")
            player = state.players[seat]
            player.shield = player.max_shield
        if fleet.final:
            state.result = "win"
            state.reason = f"The {final_title(fleet.final)} is destroyed."
            state.phase = "over"
            turn.say(f"The {final_title(fleet.final)} is destroyed! The galaxy is saved.", kind="end")
    else:
        if not fleet.ships and fleet in state.fleets:
            state.fleets.remove(fleet)
            if not fleet.final:
                state.fleet_tokens.append(fleet.token)
            turn.say(f"Fleet {fleet.token} is gone, but so is the ship that fought it.")
        for ship in fleet.ships:
            ship.shields = enemy_def(ship).shield
            ship.timers = 0
            ship.side = "green"
            if not fleet.final:
                ship.damage = 0
        for seat in members:
            if seat not in c.shadow:
                choices.fall_back(state, seat, turn, "escapes" if outcome == "escape" else "falls back")
            if seat not in state.encountered:
                state.encountered.append(seat)
        if outcome == "escape":
            turn.say(f"The crew escape fleet {fleet.token} and regroup at a nearby planet.")
        if state.active in members or not members:
            state.active = -1
    state.combat = None


def final_title(key: str) -> str:
    return str(C.finals.get(key, {}).get("name", key))


# -- step 1: assignment ---------------------------------------------------------------------


def _member(state: State, seat: int) -> Combat:
    c = state.combat
    if c is None:
        raise RuleError("There is no Combat going on.")
    if seat not in c.members:
        raise RuleError("You are not in this Combat.")
    return c


def reroll(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    c = _member(state, seat)
    if c.step != "assign" or seat in c.finished:
        raise RuleError("Rerolls happen in step 1, after rolling.")
    if seat in c.assigned:
        raise RuleError("Rerolls must be used before you assign any die.")
    if c.rerolls.get(seat, 0) <= 0:
        raise RuleError("You have no rerolls left (AI Cores give them).")
    dice = dice_to_reroll(state, seat, action, "is not waiting in your crew section.")
    c.rerolls[seat] -= 1
    roll(state, dice, turn, f"{state.seats[seat]} rerolls")
    heroes.combat_rolled(state, seat, dice, turn)


def parse_station(state: State, seat: int, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError("Say which station: 1 to 6, infirmary or escape.")
    text = str(value).strip().lower()
    if text in STATION_WORDS:
        return STATION_WORDS[text]
    if len(text) == 2 and text[0] == "s" and text[1] in "1234":
        text = str(10 + int(text[1]))
    try:
        number = int(text)
    except ValueError:
        player = state.players[seat]
        for n in station_numbers(player):
            m = module_at(player, n)
            if m and (m.id == text or m.name.lower() == text):
                return n
        raise RuleError(f"'{text[:30]}' is not a station: use 1 to 6, infirmary or escape.") from None
    if number not in station_numbers(state.players[seat]):
        raise RuleError("Stations are numbered 1 to 6.")
    return number


def assign(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    c = _member(state, seat)
    if c.step == "escape":
        assign_escape(state, seat, action, turn)
        return
    if c.step != "assign" or seat in c.finished:
        raise RuleError("You can only assign crew in step 1 of Combat.")
    if c.pvp and seat != c.turn_of:
        raise RuleError("Wait for your step 1 in this duel.")
    die = find_die(state, seat, action.get("die"))
    if die.loc != "rolled":
        raise RuleError(f"Die #{die.id} is not available to assign.")
    number = parse_station(state, seat, action.get("station"))
    player = state.players[seat]
    name = state.seats[seat]
    if number == 8:
        raise RuleError("The Escape card is only used in step 4, instead of gathering the crew.")
    if seat in c.shadow and number != 1:
        raise RuleError("Shadow Strike: from a nearby planet the Pale Valkyrie can only use station 1.")
    if number == SWAP:
        swap_assign(state, seat, die, turn)
        return
    if number == INFIRMARY:
        if not shows(die.face, "M"):
            raise RuleError("Only a Medical die can bring crew back from the Infirmary.")
        back = [d for d in dice_of(state, seat, "infirmary")]
        if not back:
            raise RuleError("Nobody is in your Infirmary.")
        for d in back:
            d.loc = "crew"
            d.face = ""
        die.loc = "station"
        die.station = INFIRMARY
        heroes.jaszsk_return(state, seat, back, turn)
        c.assigned.append(seat)
        turn.say(f"{name}'s medic brings {len(back)} crew back from the Infirmary (ready next round).")
        return
    module = module_at(player, number)
    station = station_of(player, number)
    if module is None:
        raise RuleError(f"Station {number} is empty.")
    if station.offline and not module.never_offline:
        if not shows(die.face, "E"):
            raise RuleError(f"Station {number} is Offline: only an Engineering die can bring it back.")
        cleared = [number]
        if has_hero(state, seat, "yokai"):
            cleared = [i + 1 for i, st in enumerate(player.stations) if st.offline]
        for n in cleared:
            player.stations[n - 1].offline = False
        die.loc = "station"
        die.station = number
        c.assigned.append(seat)
        turn.say(f"{name}'s engineer brings station{'s' if len(cleared) > 1 else ''} {cleared} back online.")
        return
    fires, held = placement(state, seat, die, number, module, station)
    die.loc = "locked" if module.kind in ("drone", "armor") else "station"
    die.station = number
    station.dice += 1
    station.held_dice = [*station.held_dice, die.id] if held and not fires else []
    station.held = held
    station.partial = still_needed(module.req, held)
    if seat not in c.assigned:
        c.assigned.append(seat)
    if fires == 0:
        turn.say(f"{name} puts die #{die.id} on {module.name}; it still needs {needed_text(station.partial)}.")
        return
    action.pop("_bonus", None)
    if module.effect.get("boost"):
        action["_bonus"] = boost_dice(state, seat, die, number, action, module, turn)
    for _ in range(fires):
        if state.combat is None:
            return
        station.uses += 1
        if module.credit_cost:
            pay(state, seat, module.credit_cost, f"Firing {module.name}")
        fire(state, seat, module, number, action, turn, die.face, die.hero)
    if module.effect.get("twin") and state.combat is not None:
        twin_feed(state, seat, die.face, action, turn)


def placement(
    state: State, seat: int, die: Die, number: int, module: Module, station: Station
) -> tuple[int, list[str]]:
    """What putting ``die`` on the (online) station ``number`` does: the activations it completes
    and the symbols left waiting; refuses a placement the rules forbid. Reads only."""
    if module.passive:
        raise RuleError(f"{module.name} works on its own; it takes no crew.")
    if module.max_dice and station.dice >= module.max_dice:
        raise RuleError(f"{module.name} takes only {module.max_dice} die per round.")
    if has_hero(state, seat, "indivisible") and station.dice >= 2:
        raise RuleError("Kilroy's Indivisible rule: no more than two of your dice on one station per round.")
    if die.hero == "gus" and module.kind in ("damage", "drone", "gatling", "spindle"):
        raise RuleError("Gus is a pacifist and will not man a weapon.")
    if module.kind == "gatling":
        fires = 1
        held: list[str] = []
        if not (shows(die.face, "S") or shows(die.face, "T")):
            raise RuleError("The Raflesia Beam Gatling needs Science (charge) or Tactical (fire).")
    else:
        fires, held, used = feed(module.req, station.held, die.face)
        if not used:
            need = ", ".join(face_name(s) if s != "*" else "any" for s in module.req)
            raise RuleError(f"Die #{die.id} shows {face_name(die.face)}; {module.name} needs {need}.")
        held = _completable(state, seat, die, number, fires, held)
    if module.per_round and station.uses + fires > module.per_round:
        raise RuleError(f"{module.name} can fire only {count(module.per_round, 'time')} per round.")
    return fires, held


def _completable(state: State, seat: int, die: Die, number: int, fires: int, held: list[str]) -> list[str]:
    """The symbols left waiting after this placement, checked against the captain's other rolled dice.

    A die may not sit on a station without firing it, so a die that fires nothing is refused
    unless the dice already rolled and showing could still finish the activation. A spare symbol
    left over by a die that did fire simply goes unused when nothing could finish it.
    """
    if not held:
        return held
    player = state.players[seat]
    module = module_at(player, number)
    station = station_of(player, number)
    assert module is not None
    room = 99
    if module.max_dice:
        room = module.max_dice - station.dice - 1
    if has_hero(state, seat, "indivisible"):
        room = min(room, 1 - station.dice)
    if module.per_round and station.uses + fires >= module.per_round:
        room = 0
    weapon = module.kind in ("damage", "drone", "gatling", "spindle")
    spare = [d.face for d in dice_of(state, seat, "rolled") if d.id != die.id and not (weapon and d.hero == "gus")]
    if can_complete(module.req, held, spare, room):
        return held
    if fires:
        return []
    lacking = needed_text(still_needed(module.req, held))
    raise RuleError(
        f"Die #{die.id} cannot stay on {module.name} without firing it, and none of your other rolled dice "
        f"can add {lacking}. Put it on a station it can fire."
    )


def needed_text(entries: Sequence[str]) -> str:
    """``still_needed`` in words: "Engineering", "Tactical or Engineering"."""
    words = [" or ".join(face_name(alt) for alt in entry.split("/")) for entry in entries]
    return ", ".join(words)


def waiting_station(state: State, seat: int) -> int | None:
    """The station of ``seat`` holding dice for an activation that has not fired yet, if any (at most
    one: while it waits, step 1 allows nothing but finishing it)."""
    player = state.players[seat]
    return next((n for n in station_numbers(player) if station_of(player, n).held_dice), None)


def unfinished(state: State, seat: int, number: int) -> str:
    """ "station 4 (Larkspur Burner) still needs Engineering", for refusals and prompts."""
    player = state.players[seat]
    module = module_at(player, number)
    name = f" ({module.name})" if module else ""
    return f"station {number}{name} still needs {needed_text(station_of(player, number).partial)}"


def swap_assign(state: State, seat: int, die: Die, turn: Turn) -> None:
    """Tactic: Swap. The Frontline and one other member each put the card's symbol on it; then the
    other member takes the Lead Player badge."""
    c = state.combat
    assert c is not None
    check_swap(state, c, seat, die)
    die.loc = "station"
    die.station = SWAP
    c.swap.append(seat)
    if seat not in c.assigned:
        c.assigned.append(seat)
    others = [s for s in c.swap if s != c.frontline]
    if c.frontline in c.swap and others:
        old = c.frontline
        c.frontline = others[0]
        c.swap = []
        turn.say(f"Swap! {state.seats[c.frontline]} takes the Lead Player badge from {state.seats[old]}.")
    else:
        turn.say(f"{state.seats[seat]} readies the Swap manoeuvre.")


def check_swap(state: State, c: Combat, seat: int, die: Die) -> None:
    """Refuse a die the Swap card may not take."""
    symbol = C.finals["tactics"]["swap"]["other"]
    if len(c.members) - len(c.shadow) < 2:
        raise RuleError("Tactic: Swap needs a teammate in this Combat.")
    if seat in c.shadow:
        raise RuleError("The Pale Valkyrie can never be Frontline.")
    if not shows(die.face, symbol):
        raise RuleError(f"The Swap card needs {face_name(symbol)} dice.")
    if seat in c.swap:
        raise RuleError("You already have a die on the Swap card.")


def boost_extra(state: State, seat: int, die: Die, action: Mapping[str, Any], module: Module) -> list[Die]:
    """The extra dice a Blossom Energy Beam placement names (``extra=3,5``); refuses unfit ones. Reads only."""
    raw = action.get("extra", [])
    if raw in (None, ""):
        return []
    if isinstance(raw, str | int):
        raw = str(raw).replace(",", " ").split()
    if not isinstance(raw, list) or len(raw) > 6:
        raise RuleError("Name the extra dice by their numbers (a short list).")
    extra: list[Die] = []
    symbol = module.req[0]
    for value in raw:
        other = find_die(state, seat, value)
        if other.id == die.id or other in extra:
            continue
        if other.loc != "rolled":
            raise RuleError(f"Die #{other.id} is not available to assign.")
        if not shows(other.face, symbol):
            raise RuleError(f"Extra dice for {module.name} must show {face_name(symbol)}.")
        extra.append(other)
    return extra


def boost_dice(
    state: State, seat: int, die: Die, number: int, action: dict[str, Any], module: Module, turn: Turn
) -> int:
    """Blossom Energy Beam: extra matching dice must join the same activation to add damage
    (``extra=3,5``); once it has fired, its damage is fixed."""
    extra = boost_extra(state, seat, die, action, module)
    for other in extra:
        other.loc = "station"
        other.station = number
        station_of(state.players[seat], number).dice += 1
    if extra:
        turn.say(f"{len(extra)} more crew pour power into the {module.name}.")
    return len(extra) * int(module.effect["boost"])


def twin_feed(state: State, seat: int, face: str, action: dict[str, Any], turn: Turn) -> None:
    """Hades' Twin Link: the Tactical symbols on station 1 also count for station 2."""
    player = state.players[seat]
    module = module_at(player, 2)
    station = player.stations[1]
    if module is None or module.passive or (station.offline and not module.never_offline):
        return
    tacticals = sum(1 for s in face_symbols(face) if s in ("T", "C"))
    if not tacticals:
        return
    fires, held, used = feed(module.req, station.held, "T" * min(tacticals, 3))
    if not used:
        return
    station.held = held
    station.partial = still_needed(module.req, held)
    if fires:
        station.held_dice = []
    turn.say(f"Twin Link feeds {module.name}.")
    for _ in range(fires):
        if state.combat is None:
            return
        if module.per_round and station.uses >= module.per_round:
            return
        station.uses += 1
        fire(state, seat, module, 2, action, turn, "T", "")


def pick_targets(state: State, action: Mapping[str, Any], fleet: Fleet, direct: bool, many: bool) -> list[EnemyShip]:
    raw = action.get("target")
    if raw is None or raw == "" or raw == []:
        valid = [s for s in fleet.ships if direct or not blocked(state, fleet, s)]
        if len(valid) == 1 or (valid and len(fleet.ships) == 1):
            return [valid[0]]
        if not valid:
            raise RuleError("There is nothing to shoot at.")
        numbers = ", ".join(str(n) for n in ship_numbers(state, fleet))
        raise RuleError(f"Say which enemy to target: {numbers}.")
    values = raw if isinstance(raw, list) else str(raw).replace(",", " ").split()
    if not isinstance(values, list) or not values or len(values) > 6 or (len(values) > 1 and not many):
        raise RuleError("This weapon hits exactly one target.")
    out = []
    for v in values:
        number = get_int({"t": v}, "t", 1, 99, "the target")
        ship = ship_by_number(state, fleet, number)
        if ship is None:
            numbers = ", ".join(str(n) for n in ship_numbers(state, fleet))
            raise RuleError(f"There is no enemy {number} left; the enemies are numbered {numbers}.")
        if not direct and blocked(state, fleet, ship):
            prot = protectors(state, fleet)[0]
            raise RuleError(f"{ship_name(state, fleet, prot)} protects the fleet: deal with it first.")
        out.append(ship)
    return out


def blocked(state: State, fleet: Fleet, ship: EnemyShip) -> bool:
    prot = protectors(state, fleet)
    return bool(prot) and ship not in prot


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


def reconfigure(state: State, seat: int, kind: str, action: dict[str, Any], turn: Turn) -> None:
    """AG-01's modular design: in step 1, before any die is assigned, it may install or store
    modules, unless one of its stations is Offline (our reading of the missing timing).
    When it is allowed is decided by ``checks`` before this runs."""
    if kind == "install":
        planning.install(state, seat, action, turn, free=True)
    else:
        planning.store(state, seat, action, turn, free=True)


def ram(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    c = _member(state, seat)
    if c.step != "assign" or seat in c.finished:
        raise RuleError("The Titan Arum Ram is used in step 1.")
    player = state.players[seat]
    if not has_kind(player, "ram"):
        raise RuleError("You have no working Titan Arum Ram.")
    amount = get_int(action, "amount", 1, max(1, player.hull), "the Hull to spend")
    fleet = combat_fleet(state)
    target = pick_targets(state, action, fleet, False, False)[0]
    player.hull -= amount
    turn.say(f"{state.seats[seat]} rams with the Titan Arum: -{amount} Hull ({player.hull}).", concerns=[seat])
    hit(state, fleet, target, amount, "kinetic", turn)
    if player.hull <= 0:
        player.hull = 0
        leave(state, seat, "defeat", turn)


def done(state: State, seat: int, turn: Turn) -> None:
    c = _member(state, seat)
    if c.step == "escape":
        end_escape_attempt(state, seat, turn)
        return
    if c.pvp:
        savior.done(state, seat, turn)
        return
    if c.step != "assign":
        raise RuleError("There is nothing to finish right now.")
    if seat in c.finished:
        raise RuleError("You already finished assigning; waiting for the others.")
    c.finished.append(seat)
    if all(m in c.finished for m in c.members):
        end_step_one(state, turn)


def end_step_one(state: State, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    fleet = combat_fleet(state)
    for seat in list(c.members):
        player = state.players[seat]
        for d in dice_of(state, seat, "locked"):
            if d.station not in station_numbers(player):
                continue
            m = module_at(player, d.station)
            st = station_of(player, d.station)
            if m is None or m.kind != "drone" or st.uses > 0 or (st.offline and not m.never_offline):
                continue
            valid = [s for s in fleet.ships if not blocked(state, fleet, s)]
            if valid:
                turn.say(f"{state.seats[seat]}'s {m.name} fire on their own.")
                hit(state, fleet, valid[0], m.effect["amount"], m.effect["dtype"], turn)
    if not fleet.ships:
        finish(state, "victory", turn)
        return
    c.enemy_die = turn.rng.die(6, label=f"Enemy die for fleet {fleet.token}")
    relay = [s for s in c.members if has_kind(state.players[s], "relay") and state.players[s].credits > 0]
    if relay:
        c.step = "relay"
        turn.say(f"Enemy die shows {c.enemy_die}. Zephyranthes Relay may pay 1 credit to reroll it.")
        return
    enemy_step(state, turn)


def relay(state: State, seat: int, use: bool, turn: Turn) -> None:
    c = _member(state, seat)
    if c.step != "relay":
        raise RuleError("The enemy die is not waiting for a relay decision.")
    if use:
        if not has_kind(state.players[seat], "relay"):
            raise RuleError("You have no Zephyranthes Relay.")
        pay(state, seat, 1, "The Zephyranthes Relay")
        c.enemy_die = turn.rng.die(6, label="Enemy die (rerolled)")
    enemy_step(state, turn)


# -- step 2: the enemy -------------------------------------------------------------------------


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


def knockout(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """The owner sends one knocked-out die to the Infirmary."""
    c = _member(state, seat)
    if not c.knockouts.get(seat):
        raise RuleError("No enemy knocked out any of your crew.")
    if not dice_of(state, seat, "rolled", "crew"):  # nobody left to knock out (never blocks the game)
        del c.knockouts[seat]
        return
    die = find_die(state, seat, action.get("die"))
    if die.loc not in ("rolled", "crew"):
        raise RuleError(f"Die #{die.id} is busy; pick a die that is not on a station.")
    to_infirmary(state, die, turn)
    turn.say(f"{state.seats[seat]} sends {die_label(state, die)} to the Infirmary.", concerns=[seat])
    c.knockouts[seat] -= 1
    if c.knockouts[seat] <= 0:
        del c.knockouts[seat]


# -- step 3 and 4 -----------------------------------------------------------------------------


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


def gather(state: State, seat: int, turn: Turn) -> None:
    c = _member(state, seat)
    if c.pvp:
        savior.gather(state, seat, turn)
        return
    if c.step != "gather":
        raise RuleError("Gathering happens in step 4.")
    no_knockouts_owed(state)
    for m in c.members:
        heroes.all_in(state, m, turn)
        for d in dice_of(state, m, "station", "rolled"):
            d.loc = "crew"
            d.station = 0
            d.face = ""
    c.round += 1
    if c.round > STALEMATE:
        turn.say(f"After {STALEMATE} rounds of stalemate the fleet breaks off; both sides withdraw.", kind="warn")
        finish(state, "escape", turn)
        return
    turn.say(f"Crew gathered. Combat round {c.round}.")
    begin_round(state, turn)


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


def no_knockouts_owed(state: State) -> None:
    c = state.combat
    assert c is not None
    if c.knockouts:
        names = ", ".join(state.seats[s] for s in c.knockouts)
        raise RuleError(f"First {names} must choose which knocked-out crew die goes to the Infirmary.")


def escape(state: State, seat: int, turn: Turn) -> None:
    c = _member(state, seat)
    if c.step != "gather":
        raise RuleError(say.ESCAPE_WHEN)
    no_knockouts_owed(state)
    for m in c.members:
        for d in dice_of(state, m, "station", "rolled"):
            d.loc = "crew"
            d.station = 0
            d.face = ""
    c.step = "escape"
    c.turn_of = seat
    roll(state, dice_of(state, seat, "crew"), turn, f"{state.seats[seat]} rolls for the escape")
    esc = C.finals["tactics"]["escape"]
    turn.say(
        f"Escape attempt: put {esc['count']} {face_name(esc['symbol'])} dice on the Escape card "
        "(they stay between attempts), or any one die and drop your Hull to 1."
    )


def assign_escape(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """A die on the Escape card; who may put which die there is decided by ``checks`` first."""
    c = state.combat
    assert c is not None
    die = find_die(state, seat, action.get("die"))
    esc = C.finals["tactics"]["escape"]
    player = state.players[seat]
    die.loc = "escape"
    all_in = str(action.get("hull_to_one", "")).lower() in ("1", "true", "yes", "hull")
    if has_hero(state, seat, "survive_mode") and "C" in face_symbols(die.face):
        turn.say("Hercule's Survive Mode punches through: escape!")
        _escaped(state, seat, turn)
        return
    if all_in:
        player.hull = 1
        turn.say(f"{state.seats[seat]} burns the hull to Hull 1 and escapes!")
        _escaped(state, seat, turn)
        return
    if not shows(die.face, esc["symbol"]):
        die.loc = "rolled"
        raise RuleError(
            f"The Escape card needs {face_name(esc['symbol'])}; or put any one die there and drop your Hull to 1."
        )
    c.escape[seat] = c.escape.get(seat, 0) + 1
    if c.escape[seat] >= esc["count"]:
        turn.say(f"{state.seats[seat]} completes the Escape card!")
        _escaped(state, seat, turn)
        return
    turn.say(f"Escape card: {c.escape[seat]}/{esc['count']}.")


def end_escape_attempt(state: State, seat: int, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    for d in dice_of(state, seat, "rolled"):
        d.loc = "crew"
        d.face = ""
    c.round += 1
    turn.say(f"The escape is not finished; Combat round {c.round} begins.")
    if c.pvp:
        savior.begin_round(state, turn)
    else:
        begin_round(state, turn)


def _escaped(state: State, seat: int, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    if c.pvp:
        savior.escaped(state, seat, turn)
    else:
        finish(state, "escape", turn)


def fleet_summary(state: State, fleet: Fleet, *, hide: bool = True) -> str:
    parts = []
    for s in fleet.ships:
        if hide and not s.revealed:
            parts.append("?")
        else:
            e = enemy_def(s)
            parts.append(f"{e.name}[{s.damage}/{e.hull} sh{s.shields}]")
    return f"F{fleet.token}@{fleet.planet}: " + (", ".join(parts) or "empty")

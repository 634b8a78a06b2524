"""Combat: the four steps, crew assignment to stations, the enemy die and the outcomes.

The lookups and targets live in :mod:`.fleets`, leaving a fight in :mod:`.ending`, the shots in
:mod:`.shots` and the enemy's step in :mod:`.enemy`; a few of their names are re-exported here
(``name as name``) for the table, the renderer and the tests, which import them from this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rules.core import RuleError, Turn
from rules.core.grammar import count
from rules.core.validate import get_int

from . import heroes, planning, savior, say
from .content import Module
from .dicefit import can_complete, feed, shows, still_needed
from .ending import finish, leave
from .enemy import breach as breach
from .enemy import destroy_step as destroy_step
from .enemy import enemy_action_text as enemy_action_text
from .enemy import enemy_step
from .enemy import escape_worth_asking as escape_worth_asking
from .enemy import solo_attack_bonus as solo_attack_bonus
from .fleets import SWAP, blocked, combat_fleet, enemy_def, fleet_by_token, parse_station, pick_targets, ship_name
from .fleets import ship_by_number as ship_by_number
from .fleets import ship_number as ship_number
from .fleets import ship_numbers as ship_numbers
from .helpers import (
    INFIRMARY,
    C,
    clear_held,
    dice_of,
    dice_to_reroll,
    die_label,
    face_name,
    face_symbols,
    find_die,
    has_hero,
    has_kind,
    installed,
    module_at,
    pay,
    roll,
    station_numbers,
    station_of,
    to_infirmary,
)
from .shots import fire, hit
from .state import Combat, Die, State, Station

STALEMATE = 20  # house rule: a Combat still going after this many rounds ends as an escape


# -- lookups ------------------------------------------------------------------------------


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
    if station.dice >= 2 and has_hero(state, seat, "indivisible"):
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
            raise RuleError(f"Die #{die.id} shows {face_name(die.face)}; {module.name} needs {_needs(module.req)}.")
        held = _completable(state, seat, die, module, station, fires, held)
    if module.per_round and station.uses + fires > module.per_round:
        raise RuleError(f"{module.name} can fire only {count(module.per_round, 'time')} per round.")
    return fires, held


@lru_cache(maxsize=256)
def _needs(req: tuple[str, ...]) -> str:
    """A module's printed requirement in words ("Tactical, any"), for the refusal of a die that fits none."""
    return ", ".join(face_name(s) if s != "*" else "any" for s in req)


def _completable(
    state: State, seat: int, die: Die, module: Module, station: Station, fires: int, held: list[str]
) -> list[str]:
    """The symbols left waiting after this placement, checked against the captain's other rolled dice.

    A die may not sit on a station without firing it, so a die that fires nothing is refused
    unless the dice already rolled and showing could still finish the activation. A spare symbol
    left over by a die that did fire simply goes unused when nothing could finish it.
    """
    if not held:
        return held
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

"""Away Missions: rolling crew onto an Event card's sections, Try Again, success and failure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError, Turn
from rules.core.validate import get_int

from . import say
from .choices import award_poorest, start_split
from .content import Event
from .dicefit import match
from .finals import data_token, event_for, oblivion_won
from .helpers import (
    C,
    damage_player,
    dice_of,
    dice_to_reroll,
    face_name,
    find_die,
    gain_credits,
    has_hero,
    has_kind,
    installed,
    pay,
    roll,
    to_infirmary,
    worst_free_die,
)
from .resolution import draw_threat
from .state import Beacon, Mission, State


def beacon_events_in_play(state: State) -> list[int]:
    return [b.event for b in state.beacons] + list(state.ongoing)


def prime_blocking(state: State) -> bool:
    """A Prime beacon anywhere blocks normal beacons (a Prime Cargo counts as done once picked up)."""
    return any(event_for(b.event).prime and b.carrier < 0 for b in state.beacons)


def can_attempt(state: State, seat: int, number: int) -> Beacon:
    player = state.players[seat]
    beacon = next((b for b in state.beacons if b.event == number and b.carrier < 0), None)
    if beacon is None:
        raise RuleError(f"There is no beacon {number} waiting for a mission.")
    if beacon.planet != player.planet:
        raise RuleError(f"Beacon {number} is at {beacon.planet}; you are at {player.planet}.")
    if player.critical:
        raise RuleError("A ship in Critical Damage cannot run an Away Mission.")
    if seat in state.mission_done:
        raise RuleError("You already attempted an Away Mission this Encounter phase.")
    if state.savior == seat:
        raise RuleError("The Galactic Savior does not answer distress beacons.")
    if state.savior >= 0 and state.players[state.savior].planet == player.planet:
        raise RuleError("The Galactic Savior's ship is here: it blocks the beacons like a fleet.")
    if any(f.planet == player.planet and not f.fresh and not f.final for f in state.fleets):
        raise RuleError("Beat the fleets on this planet before answering its beacons.")
    event = event_for(number)
    if not event.prime and prime_blocking(state) and not has_hero(state, seat, "ignore_prime"):
        raise RuleError("A Prime beacon is in play: it must be answered before normal beacons.")
    if event.entry_cost and player.credits < event.entry_cost:
        raise RuleError(f"This mission costs {event.entry_cost} credit per crew member to attempt.")
    return beacon


def start(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    number, members = check_start(state, seat, action)
    event = event_for(number)
    if event.entry_cost:
        for s in members:
            pay(state, s, event.entry_cost, "This mission")
    need: list[str] = []
    rows: list[int] = []
    for r, row in enumerate(event.rows):
        for section in row:
            need.append(section)
            rows.append(r)
    state.mission = Mission(seat=seat, members=members, event=number, need=need, rows=rows)
    state.mission_done.extend(s for s in members if s not in state.mission_done)
    who = " and ".join(state.seats[s] for s in members)
    turn.say(f"{who} start{'s' if len(members) == 1 else ''} Away Mission {number}: {event.name}.", kind="turn")
    new_roll(state, turn)


def check_start(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, list[int]]:
    """The beacon and the team of a ``mission``; refuses a mission the team may not attempt."""
    number = get_int(action, "event", 0, 999, "the beacon number")
    members = [seat]
    raw = action.get("team", [])
    if isinstance(raw, str | int):
        raw = str(raw).replace(",", " ").split()
    if not isinstance(raw, list) or len(raw) > 3:
        raise RuleError("Name up to three teammates by seat number.")
    for value in raw:
        other = get_int({"s": value}, "s", 1, len(state.seats), "a teammate's seat") - 1
        if other not in members:
            members.append(other)
    for s in members:
        can_attempt(state, s, number)
        if s != seat and s in state.encountered:
            raise RuleError(f"{state.seats[s]} already took an Encounter turn.")
    return number, members


def describe_sections(state: State) -> str:
    m = state.mission
    assert m is not None
    event = event_for(m.event)
    parts = []
    i = 0
    for r, row in enumerate(event.rows):
        for section in row:
            left = m.need[i]
            parts.append(f"{i + 1}:{section}" + (" done" if not left else f" needs {left}"))
            i += 1
        if r < len(event.rows) - 1:
            parts.append("/")
    return " ".join(parts)


def new_roll(state: State, turn: Turn) -> None:
    m = state.mission
    assert m is not None
    m.step = "assign"
    m.completed = False
    m.helped = []
    m.owing = []
    m.assigned = []
    for seat in m.members:
        roll(state, dice_of(state, seat, "crew", "rolled"), turn, f"{state.seats[seat]} rolls for the mission")
        m.rerolls[seat] = sum(mod.effect["count"] for _, mod in installed(state.players[seat]) if mod.kind == "reroll")
        if m.event == 100:
            for d in dice_of(state, seat, "rolled"):
                if d.face == "-" and not d.hero:
                    d.loc = "gone"
                    turn.say(f"The Oblivion Tower swallows blank die #{d.id}.")
    turn.say(f"Mission {m.event}: {describe_sections(state)}.")


def row_done(m: Mission, row: int) -> bool:
    return all(not m.need[i] for i, r in enumerate(m.rows) if r == row)


def success(m: Mission, event: Event) -> bool:
    if event.kind == "decision":
        return any(row_done(m, r) for r in range(len(event.rows)))
    return all(not n for n in m.need)


def assign(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Put a die on a mission section; whether it may go there is decided by ``checks`` first."""
    m = state.mission
    assert m is not None
    die = find_die(state, seat, action.get("die"))
    section = get_int(action, "section", 1, len(m.need), "the section") - 1
    event = event_for(m.event)
    row = m.rows[section]
    fires, remaining, _ = match(m.need[section], die.face)
    m.need[section] = "" if fires else "".join(remaining)
    if event.kind == "decision":
        m.row_choice = row
    die.loc = "mission"
    die.section = section
    if seat not in m.assigned:
        m.assigned.append(seat)
    turn.say(f"{state.seats[seat]} puts {face_name(die.face)} on section {section + 1}.")
    if not m.need[section]:
        m.completed = True
        for d in state.dice:
            if d.loc == "mission" and d.section == section and d.owner not in m.helped:
                m.helped.append(d.owner)
        turn.say(f"Section {section + 1} complete.")
        if success(m, event):
            win(state, turn)
            return
        if event.kind == "sequence":
            try_again(state, turn)


def reroll(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """AI Cores work on Away Missions too: reroll chosen dice after a roll, before placing any."""
    m = state.mission
    assert m is not None
    if m.step != "assign":
        raise RuleError("Rerolls come right after a roll, before you place dice.")
    if seat in m.assigned:
        raise RuleError("Rerolls must be used before you place any die this roll.")
    if m.rerolls.get(seat, 0) <= 0:
        raise RuleError("You have no rerolls left for this roll (AI Cores give them).")
    dice = dice_to_reroll(state, seat, action, "is not a freshly rolled die of yours.")
    if len(dice) < len(dice_of(state, seat, "rolled")) and not has_kind(state.players[seat], "lock"):
        raise RuleError("On a mission a reroll takes all your unplaced dice; a Kira Matrix lets you keep some.")
    m.rerolls[seat] -= 1
    roll(state, dice, turn, f"{state.seats[seat]} rerolls")
    if m.event == 100:
        for d in dice:
            if d.face == "-" and not d.hero:
                d.loc = "gone"
                turn.say(f"The Oblivion Tower swallows blank die #{d.id}.")


def done(state: State, seat: int, turn: Turn) -> None:
    m = state.mission
    assert m is not None
    if seat not in m.members:
        raise RuleError("You are not on this Away Mission.")
    if m.step != "assign":
        raise RuleError(say.SACRIFICE_FIRST)
    try_again(state, turn)


def try_again(state: State, turn: Turn) -> None:
    """Step 3: each member retries for free if they helped finish a section this roll or
    rolled an unused Medical; otherwise they send one of their own dice to the Infirmary."""
    m = state.mission
    assert m is not None
    owing = []
    rolling = []
    for seat in m.members:
        mine = dice_of(state, seat, "rolled", "crew")
        if not mine:
            continue
        free = seat in m.helped or any("M" in d.face for d in dice_of(state, seat, "rolled"))
        if not free and has_hero(state, seat, "rigsystem") and seat not in m.waived:
            m.waived.append(seat)
            turn.say(f"Rigsystem Generation 2 waives {state.seats[seat]}'s sacrifice this time.")
            free = True
        if free:
            rolling.append(seat)
        elif len(mine) > 1:
            owing.append(seat)
        else:
            to_infirmary(state, mine[0], turn, forced=False)
            turn.say(f"{state.seats[seat]}'s last crew member is spent.")
    if not rolling and not owing:
        turn.say("No crew left to keep trying.")
        fail(state, turn)
        return
    if not owing:
        turn.say("Try Again: a free retry.")
        new_roll(state, turn)
        return
    m.step = "sacrifice"
    m.owing = owing
    who = ", ".join(state.seats[s] for s in owing)
    turn.say(f"Try Again: {who} must send a die to the Infirmary before the reroll.")


def sacrifice(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    m = state.mission
    assert m is not None
    if m.step != "sacrifice" or seat not in m.owing:
        raise RuleError("No sacrifice is needed from you right now.")
    die = find_die(state, seat, action.get("die"))
    if die.loc not in ("rolled", "crew"):
        raise RuleError(f"Die #{die.id} is not available.")
    to_infirmary(state, die, turn, forced=False)
    m.owing.remove(seat)
    turn.say(f"{state.seats[seat]} sends die #{die.id} to the Infirmary.")
    if not m.owing:
        new_roll(state, turn)


def default_sacrifice(state: State, seat: int) -> dict[str, Any]:
    die = worst_free_die(state, seat)
    if die is None:
        return {"type": "giveup"}
    return {"type": "sacrifice", "die": die.id}


def _return_dice(state: State, members: list[int]) -> None:
    for seat in members:
        for d in dice_of(state, seat):
            d.loc = "crew"
            d.face = ""
            d.section = -1
            d.station = 0


def win(state: State, turn: Turn) -> None:
    m = state.mission
    assert m is not None
    event = event_for(m.event)
    members = list(m.members)
    state.mission = None
    _return_dice(state, members)
    if m.event == 100:
        oblivion_won(state, turn)
        return
    assert event is not None
    turn.say(f"Away Mission {m.event} ({event.name}) succeeds!")
    lead = members[0]
    beacon = next((b for b in state.beacons if b.event == m.event), None)
    if event.kind == "cargo" and beacon is not None and event.cargo:
        beacon.carrier = lead
        state.players[lead].storage.append(event.cargo)
        turn.say(f"{state.seats[lead]} loads the {C.modules[event.cargo].name}: deliver it to {event.deliver_to}.")
        return
    if beacon is not None:
        state.beacons.remove(beacon)
    if has_hero(state, lead, "relay") and lead not in state.relayed:
        state.relayed.append(lead)
        if lead in state.mission_done:
            state.mission_done.remove(lead)
        state.keep_turn = lead
        turn.say("Rome's Relay: another beacon on this planet may be answered this turn.")
    if m.event == 99:
        state.ongoing.append(99)  # marks the Artemis shield down this Encounter phase
    pay_rewards(state, members, event, turn)


def pay_rewards(state: State, members: list[int], event: Event, turn: Turn) -> None:
    """A success's rewards: the credits (a team agrees on its split, the even split first), the
    Drosera bonus for each member and the Data token."""
    if event.award == "poorest":
        award_poorest(state, event, turn)
    else:
        start_split(state, members, min(event.credits, state.bank), turn, "reward")
    for seat in members:
        if state.players[seat].stations and any(
            C.modules[s.module or s.base].kind == "credits_bonus"
            for s in state.players[seat].stations
            if s.module or s.base
        ):
            gain_credits(state, seat, 1, turn, "Drosera Attractor Beam")
    if event.data:
        data_token(state, members[0], event.data, turn)


def fail(state: State, turn: Turn, gave_up: bool = False) -> None:
    m = state.mission
    assert m is not None
    members = list(m.members)
    state.mission = None
    _return_dice(state, members)
    event = event_for(m.event)
    word = "is abandoned" if gave_up else "fails"
    if event is None:
        turn.say(f"The mission {word}.")
        return
    turn.say(f"Away Mission {m.event} ({event.name}) {word}.", kind="warn")
    if event.hull:
        for seat in members:
            damage_player(state, seat, event.hull, "pure", turn, "The failed mission")
    if event.td:
        if has_hero(state, members[0], "skip_td"):
            turn.say("Zero calls in a favour: no Threat cards are drawn.")
        else:
            for _ in range(event.td):
                draw_threat(state, turn, encounter=True)
    if event.skip_planning:
        state.skip_next_planning = True
        turn.say("Everyone will skip the next Planning phase.", kind="warn")


def giveup(state: State, seat: int, turn: Turn) -> None:
    m = state.mission
    assert m is not None
    if seat not in m.members:
        raise RuleError("You are not on this Away Mission.")
    fail(state, turn, gave_up=True)


def deliver(state: State, seat: int, turn: Turn) -> None:
    player = state.players[seat]
    for beacon in list(state.beacons):
        if beacon.carrier != seat:
            continue
        event = event_for(beacon.event)
        if player.planet != event.deliver_to:
            continue
        if event.cargo in player.storage:
            player.storage.remove(event.cargo)
        else:
            for st in player.stations:
                if st.module == event.cargo:
                    st.module = ""
                    break
        state.beacons.remove(beacon)
        turn.say(f"{state.seats[seat]} delivers the {C.modules[event.cargo].name} to {event.deliver_to}!")
        pay_rewards(state, [seat], event, turn)
        return
    raise RuleError("You carry no cargo for this planet.")


def can_deliver(state: State, seat: int) -> bool:
    player = state.players[seat]
    return any(b.carrier == seat and event_for(b.event).deliver_to == player.planet for b in state.beacons)

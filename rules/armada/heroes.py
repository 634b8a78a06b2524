"""Hero abilities that need their own actions or hooks in Combat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError, Turn
from rules.core.validate import get_choice

from .dicefit import can_complete, feed, shows
from .helpers import (
    dice_of,
    face_name,
    find_die,
    has_hero,
    module_at,
    roll,
    station_numbers,
    station_of,
    to_infirmary,
)
from .state import Combat, Die, State

FACES = ["T", "E", "S", "M"]


def _step_one(state: State, seat: int, what: str) -> Combat:
    c = state.combat
    if c is None or seat not in c.members:
        raise RuleError(f"{what} is used in Combat.")
    if c.step != "assign" or seat in c.finished:
        raise RuleError(f"{what} is used in step 1 of Combat.")
    return c


def _once(state: State, seat: int, key: str, what: str) -> str:
    """The tag of a once-per-round ability; refuses a second use this round."""
    c = state.combat
    assert c is not None
    tag = f"{key}:{seat}"
    if tag in c.used:
        raise RuleError(f"{what} works once per Combat round.")
    return tag


def _rolled(state: State, seat: int, value: object) -> Die:
    die = find_die(state, seat, value)
    if die.loc != "rolled":
        raise RuleError(f"Die #{die.id} is not waiting in your crew section.")
    return die


# Each ability first checks (reading the state only) and returns what it acts on; the engine's
# legal() asks the same check. The ability then plays.


def check_lock_on(state: State, seat: int, action: Mapping[str, Any]) -> tuple[Die, str]:
    _step_one(state, seat, "Lock On")
    if not has_hero(state, seat, "lock_on"):
        raise RuleError("Only Kisaragi Atsuta's crew can Lock On.")
    die = _rolled(state, seat, action.get("die"))
    if any(d.loc == "locked" and d.station == 0 for d in dice_of(state, seat)):
        raise RuleError("You already have a die locked on.")
    return die, _once(state, seat, "lockon", "Lock On")


def lock_on(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Kisaragi Atsuta: keep one rolled die, face and all, for the next round."""
    die, tag = check_lock_on(state, seat, action)
    _used(state, tag)
    die.loc = "locked"
    die.station = 0
    turn.say(f"{state.seats[seat]} locks on with {face_name(die.face)} for next round.")


def check_parley(state: State, seat: int, action: Mapping[str, Any]) -> tuple[Die, Die, str]:
    _step_one(state, seat, "Parley")
    if not has_hero(state, seat, "parley"):
        raise RuleError("Only Genevieve the Red's crew can Parley.")
    die = _rolled(state, seat, action.get("die"))
    crew = _rolled(state, seat, action.get("crew"))
    if die.hero:
        raise RuleError("Parley only sets a basic die.")
    if crew.id == die.id:
        raise RuleError("Send a different crew member to the Infirmary.")
    face = get_choice(action, "face", FACES, "face (T, E, S or M)")
    if has_hero(state, seat, "v41k"):  # to_infirmary would refuse the forced send
        raise RuleError("V41-K will not let your crew go to the Infirmary, not even for Parley.")
    return die, crew, face


def parley(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Genevieve the Red: send one crew to the Infirmary to set a basic die to any face."""
    die, crew, face = check_parley(state, seat, action)
    if not to_infirmary(state, crew, turn):
        raise RuleError("V41-K will not let your crew go to the Infirmary, not even for Parley.")
    die.face = face
    turn.say(f"Parley: die #{die.id} now shows {face_name(face)}.")


def check_set_face(state: State, seat: int, action: Mapping[str, Any]) -> tuple[Die, str, str]:
    _step_one(state, seat, "Kino")
    if not has_hero(state, seat, "kino"):
        raise RuleError("Only Kino's crew can do that.")
    die = _rolled(state, seat, action.get("die"))
    others = [d for d in dice_of(state, seat) if d.id != die.id]
    if any(d.loc != "infirmary" for d in others):
        raise RuleError("Kino only helps when all your other crew are in the Infirmary.")
    face = get_choice(action, "face", [*FACES, "C"] if die.hero else FACES, "face")
    return die, face, _once(state, seat, "kino", "Kino")


def set_face(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Kino: when every crew die but one is in the Infirmary, set that one to any face."""
    die, face, tag = check_set_face(state, seat, action)
    _used(state, tag)
    die.face = face
    turn.say(f"Kino steadies die #{die.id}: {face_name(face)}.")


def check_copy(state: State, seat: int, action: Mapping[str, Any]) -> tuple[Die, Die, str]:
    _step_one(state, seat, "Setsuna")
    die = _rolled(state, seat, action.get("die"))
    if die.hero != "setsuna":
        raise RuleError("Only Setsuna's own die can copy another face.")
    source = _rolled(state, seat, action.get("source"))
    if source.id == die.id:
        raise RuleError("Setsuna copies another die.")
    return die, source, _once(state, seat, "copy", "Setsuna")


def copy(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Setsuna copies the face of another rolled die."""
    die, source, tag = check_copy(state, seat, action)
    _used(state, tag)
    die.face = source.face
    turn.say(f"Setsuna mirrors die #{source.id}: {face_name(die.face)}.")


def check_rose(state: State, seat: int, action: Mapping[str, Any]) -> tuple[Die, Die, str]:
    _step_one(state, seat, "Rose Palroy")
    die = _rolled(state, seat, action.get("die"))
    if die.hero != "rose-palroy":
        raise RuleError("Only Rose Palroy's own die can do that.")
    target = find_die(state, seat, action.get("target"))
    if target.loc != "station" or not 1 <= target.station <= 6:
        raise RuleError("Rose pairs with one of your dice already on a station.")
    if target.id in state.players[seat].stations[target.station - 1].held_dice:
        raise RuleError(f"Die #{target.id} has not fired yet (its station still waits for more crew).")
    return die, target, _once(state, seat, "rose", "Rose Palroy")


def rose(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Rose Palroy takes the place of an assigned die, which may then be assigned again."""
    die, target, tag = check_rose(state, seat, action)
    _used(state, tag)
    die.loc = "station"
    die.station = target.station
    target.loc = "rolled"
    target.station = 0
    turn.say(f"Rose Palroy takes over station {die.station}; die #{target.id} is free again.")


CHECKS = {
    "lockon": check_lock_on,
    "parley": check_parley,
    "setface": check_set_face,
    "copy": check_copy,
    "rose": check_rose,
}


def check(state: State, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    """Refuse a hero action (``lockon``, ``parley``, ``setface``, ``copy``, ``rose``) that may not be taken now."""
    CHECKS[kind](state, seat, action)


def _used(state: State, tag: str) -> None:
    assert state.combat is not None
    state.combat.used.append(tag)


def combat_rolled(state: State, seat: int, dice: list, turn: Turn) -> None:
    """Hooks right after a Combat roll: Pathos, Dr. Karla Moeller."""
    player = state.players[seat]
    for die in dice:
        if die.hero == "gus" and "M" in die.face:
            hurt = dice_of(state, seat, "infirmary")
            if hurt:
                for d in hurt:
                    d.loc, d.face = "crew", ""
                die.loc, die.station = "station", 7
                turn.say(f"Gus tends the wounded: {len(hurt)} crew back from the Infirmary (ready next round).")
        if die.hero == "pathos" and "S" in die.face:
            player.shield = min(player.max_shield, player.shield + 1)
            turn.say(f"Pathos foresees the attack: +1 Shield ({player.shield}).")
        if die.hero == "karla-moeller":
            for _ in range(5):
                if "S" not in die.face:
                    break
                player.shield = min(player.max_shield, player.shield + 1)
                roll(state, [die], turn, "Dr. Karla Moeller rerolls")
            if "S" in die.face:
                die.face = "-"


def assignable(state: State, seat: int) -> bool:
    """Whether any rolled die of this seat could go anywhere (for K-D3-N's Synapse); a die that
    would only wait on a station counts when the other rolled dice could make that station fire."""
    player = state.players[seat]
    rolled = dice_of(state, seat, "rolled")
    infirmary = bool(dice_of(state, seat, "infirmary"))
    for die in rolled:
        if infirmary and shows(die.face, "M"):
            return True
        for n in station_numbers(player):
            m = module_at(player, n)
            if m is None:
                continue
            st = station_of(player, n)
            if st.offline and not m.never_offline:
                if shows(die.face, "E"):
                    return True
                continue
            if m.passive:
                continue
            if m.kind == "gatling" and (shows(die.face, "S") or shows(die.face, "T")):
                return True
            fires, held, used = feed(m.req, st.held, die.face)
            others = [d.face for d in rolled if d is not die]
            if used and (fires or can_complete(m.req, held, others, len(m.req))):
                return True
    return False


def synapse(state: State, seat: int, turn: Turn) -> None:
    if has_hero(state, seat, "synapse") and dice_of(state, seat, "rolled") and not assignable(state, seat):
        turn.say("K-D3-N's Synapse: nothing fits, so everyone rerolls.")
        roll(state, dice_of(state, seat, "rolled"), turn, f"{state.seats[seat]} rerolls (Synapse)")


def jaszsk_return(state: State, seat: int, dice: list, turn: Turn) -> None:
    """Jaszsk-Rit: crew brought back from the Infirmary roll at once and can act this round."""
    if not dice or not has_hero(state, seat, "jaszsk"):
        return
    roll(state, dice, turn, "Jaszsk-Rit rerolls the returning crew")


def all_in(state: State, seat: int, turn: Turn) -> None:
    """Lazerball: after acting in a round, the die goes to the Infirmary."""
    for d in dice_of(state, seat, "station"):
        if d.hero == "lazerball":
            to_infirmary(state, d, turn, forced=False)
            turn.say("Lazerball went All In and is recovering in the Infirmary.")

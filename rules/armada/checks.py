"""Whether a captain may take an action now, decided by reading the state (the cost rule of
rules/core/game.py): no copy, no change, no dice. ``Armada.perform`` begins with :func:`check`, so what
``legal()`` offers and what ``apply`` accepts are one definition, with the same refusal sentences.

The check follows ``perform``'s order: the quick choices (fall back, splits, votes), a trade offer,
the Galactic Savior's ambush, Combat, an Away Mission, then a Planning or Encounter turn. Each part
asks the same questions as the handler that plays the action, in the same order.

A few placements cannot be judged cheaply: a crew die that fires its station twice, or a Twin Link
shot of Hades' station 2 after a shot that may destroy or freeze a ship, play shots whose targets
depend on the shots before. For those rare candidates (a few in a thousand positions) ``legal()``
plays the placement on a copy (``deep``); ``perform`` needs no such copy, because it plays on its
own copy and the placement refuses by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from rules.core import Action, RuleError, Turn
from rules.core.grammar import count
from rules.core.validate import get_choice, get_int, get_str

from . import choices, combat, fleets, heroes, missions, plan, planning, savior, say, why
from .content import Module
from .dicefit import feed, match, shows
from .finals import event_for
from .fleets import SWAP, combat_fleet, enemy_def, fleet_by_token, parse_station
from .helpers import (
    INFIRMARY,
    C,
    dice_of,
    dice_to_reroll,
    distance,
    face_name,
    face_symbols,
    find_die,
    has_hero,
    has_kind,
    locations,
    module_at,
    plain_value,
    planet_has,
    planet_links,
    station_of,
)
from .plan import PLAN_TYPES
from .resolution import hiring_blocked
from .state import Combat, Die, EnemyShip, Fleet, State
from .turns import TRADE_ANSWERS, TURN_TYPES, mandatory, waiting

COMBAT_TYPES = (
    "assign",
    "reroll",
    "ram",
    "done",
    "gather",
    "escape",
    "relay",
    "accept",
    "install",
    "store",
    "lockon",
    "parley",
    "setface",
    "copy",
    "rose",
    "knockout",
    *PLAN_TYPES,
)
MISSION_TYPES = ("assign", "done", "sacrifice", "reroll", "giveup")
DUEL_KINDS = ("damage", "drone", "spindle", "gatling", "armor", "shield", "repair", "heal", "guard", "cloak")
"""Module kinds that do something in a duel with the Galactic Savior (``combat.duel_fire``)."""


def legal(state: State, seat: int, listed: list[Action], memo: Memo | None = None) -> list[Action]:
    """The candidates that :func:`check` allows, sharing the placement work between them (in ``memo``)."""
    memo = {} if memo is None else memo
    out = []
    for action in listed:
        try:
            check(state, seat, action, memo=memo)
        except RuleError:
            continue
        out.append(action)
    return out


def check(state: State, seat: int, action: Mapping[str, Any], *, deep: bool = True, memo: Memo | None = None) -> None:
    """Raise :class:`RuleError` when ``seat`` may not take ``action`` now; ``deep``: see the module notes."""
    kind = action["type"]
    if choices.blocking(state) or kind in choices.TYPES:
        _choice(state, seat, kind, action)
    elif state.trade is not None or kind in TRADE_ANSWERS:
        if kind not in TRADE_ANSWERS:
            t = state.trade
            assert t is not None
            raise RuleError(say.swap_waiting(state.seats[t.to]))
        _answer_trade(state, seat, TRADE_ANSWERS[kind])
    elif state.phase == "ambush" and state.combat is None:
        _ambush(state, seat, kind, action)
    elif state.combat is not None:
        _combat(state, state.combat, seat, kind, action, deep, memo)
    elif state.mission is not None:
        _mission(state, seat, kind, action)
    else:
        _turn(state, seat, kind, action)


# -- quick choices and trades ------------------------------------------------------------------------


def _choice(state: State, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    if state.retreats:
        if kind != "retreat":
            names = ", ".join(state.seats[r.seat] for r in state.retreats)
            raise RuleError(f"Waiting for {names} to choose where to fall back.")
        mine = next((r for r in state.retreats if r.seat == seat), None)
        if mine is None:
            raise RuleError("Your ship is not choosing where to fall back.")
        get_choice(action, "to", planet_links(state, mine.origin), "planet")
    elif state.split is not None:
        split = state.split
        if kind not in ("split", "agree"):
            name = choices.split_name(split)
            raise RuleError(say.split_first(name))
        if kind == "split":
            if seat not in split.members:
                raise RuleError("You have no credits to split.")
            choices.parse_shares(action, split)
        else:
            if seat not in split.members:
                raise RuleError("You have no split to accept.")
            if seat in split.accepted:
                raise RuleError("You already accepted this split; the others still have to.")
    elif state.vote is not None:
        vote = state.vote
        if kind != "vote":
            raise RuleError(say.VOTE_FIRST)
        if seat not in vote.voters:
            raise RuleError("There is no vote for you right now.")
        if seat in vote.votes:
            raise RuleError("You already voted; wait for the other captains.")
        pick = get_int(action, "for", 1, len(state.seats), "the captain's seat") - 1
        if pick not in vote.tied:
            raise RuleError(say.vote_for(vote.tied))
    else:
        raise RuleError("There is nothing to choose right now.")


def _answer_trade(state: State, seat: int, accept: bool) -> None:
    t = state.trade
    if t is None:
        raise RuleError("No trade offer is waiting.")
    if seat not in (t.seat, t.to):
        raise RuleError("That trade offer is not yours to answer.")
    if accept and seat != t.to:
        raise RuleError(say.withdraw_only(state.seats[t.to]))
    if accept:  # both sides must still hold what they promised
        planning.held_item(state, t.seat, t.what, t.value, "yours")
        planning.held_item(state, t.to, t.for_what, t.for_value, "theirs")
        planning.check_action_left(state, t.seat, "trade")


def _ambush(state: State, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    if seat != state.savior:
        raise RuleError("The Galactic Savior is deciding whether to attack; wait.")
    if kind == "pass":
        return
    if kind != "attack":
        raise RuleError(say.AMBUSH)
    target = get_int(action, "target", 1, len(state.seats), "the captain's seat") - 1
    if target == seat:
        raise RuleError("Attack somebody else.")
    savior.check_start(state, seat, target)


# -- Combat --------------------------------------------------------------------------------------------


def _combat(
    state: State, c: Combat, seat: int, kind: str, action: Mapping[str, Any], deep: bool, memo: Memo | None
) -> None:
    if seat not in c.members:
        raise RuleError(f"A Combat is under way at {combat_fleet(state).planet}; wait for it to finish.")
    if kind not in COMBAT_TYPES:
        raise RuleError(say.IN_COMBAT)
    player = state.players[seat]
    step_one = c.step == "assign" and seat not in c.finished
    if step_one and (not c.pvp or seat == c.turn_of):
        _finish_first(state, seat, kind, action, memo)
    if kind == "assign":
        if c.step == "escape":
            _assign_escape(state, c, seat, action)
        else:
            _assign(state, c, seat, action, deep, memo)
    elif kind in PLAN_TYPES:
        check_plan(state, c, seat, action)
    elif kind == "reroll":
        if not step_one:
            raise RuleError("Rerolls happen in step 1, after rolling.")
        if seat in c.assigned:
            raise RuleError("Rerolls must be used before you assign any die.")
        if c.rerolls.get(seat, 0) <= 0:
            raise RuleError("You have no rerolls left (AI Cores give them).")
        dice_to_reroll(state, seat, dict(action), "is not waiting in your crew section.")
    elif kind == "ram":
        if not step_one:
            raise RuleError("The Titan Arum Ram is used in step 1.")
        if not has_kind(player, "ram"):
            raise RuleError("You have no working Titan Arum Ram.")
        get_int(action, "amount", 1, max(1, player.hull), "the Hull to spend")
        fleets.pick_targets(state, action, combat_fleet(state), False, False)
    elif kind == "done":
        if c.step == "escape":
            return
        if c.pvp:
            if c.step != "assign" or seat != c.turn_of:
                raise RuleError("It is not your step 1 in this duel.")
            return
        if c.step != "assign":
            raise RuleError("There is nothing to finish right now.")
        if seat in c.finished:
            raise RuleError("You already finished assigning; waiting for the others.")
    elif kind == "gather":
        if c.step != "gather":
            raise RuleError("Gathering happens in step 4.")
        if not c.pvp:
            combat.no_knockouts_owed(state)
    elif kind == "escape":
        if c.step != "gather":
            raise RuleError(say.ESCAPE_WHEN)
        combat.no_knockouts_owed(state)
    elif kind in ("relay", "accept"):
        if c.step != "relay":
            raise RuleError("The enemy die is not waiting for a relay decision.")
        if kind == "relay":
            if not has_kind(player, "relay"):
                raise RuleError("You have no Zephyranthes Relay.")
            _afford(state, seat, 1, "The Zephyranthes Relay")
    elif kind in ("install", "store"):
        _reconfigure(state, c, seat, kind, action)
    elif kind == "knockout":
        if not c.knockouts.get(seat):
            raise RuleError("No enemy knocked out any of your crew.")
        if dice_of(state, seat, "rolled", "crew"):
            die = find_die(state, seat, action.get("die"))
            if die.loc not in ("rolled", "crew"):
                raise RuleError(f"Die #{die.id} is busy; pick a die that is not on a station.")
    else:
        heroes.check(state, seat, kind, action)


def check_plan(state: State, c: Combat, seat: int, action: Mapping[str, Any]) -> None:
    """Several dice at once (:mod:`.plan`): each placement is judged after the ones before it,
    played on a copy, until one brings something hidden to light (a die rolled by a hero's ability):
    what follows it is judged when it is played, so a refusal never depends on an unseen die."""
    steps = plan.steps(action)
    if c.step != "assign" or seat in c.finished or c.pvp:
        raise RuleError("Several dice are placed at once in step 1 of a Combat against a fleet.")
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    turn = Turn(copy, seat)
    for step in steps:
        now = copy.combat
        if now is None or seat not in now.members or now.step != "assign":
            return  # the fight is won (or over) before this die: it simply stays unplaced
        try:
            check(copy, seat, step)
        except RuleError as exc:
            raise RuleError(f"Die {step['die']}: {exc} Nothing was placed.") from None
        combat.assign(copy, seat, dict(step), turn)
        if turn.saw_hidden:
            return


def _finish_first(state: State, seat: int, kind: str, action: Mapping[str, Any], memo: Memo | None) -> None:
    """FAQ (assigning crew without activating): dice waiting on a station that has not fired may not
    stay there, so while one waits, step 1 allows only dice for that station (or the Ram, which takes
    no crew); ``done`` is refused with the station and what it still needs."""
    number = _waiting(state, seat, memo)
    if number is None or kind == "ram" or kind in PLAN_TYPES:  # a plan's placements are judged one by one
        return
    if kind == "assign" and parse_station(state, seat, action.get("station")) == number:
        return
    what = combat.unfinished(state, seat, number)
    if kind == "done":
        raise RuleError(
            f"{what[0].upper()}{what[1:]}: crew may not stay on a station without activating it,"
            " so put a rolled die there before you end step 1."
        )
    raise RuleError(f"Finish the activation you started first: {what}.")


def _waiting(state: State, seat: int, memo: Memo | None) -> int | None:
    """``combat.waiting_station``, once per listing."""
    if memo is None:
        return combat.waiting_station(state, seat)
    key = ("waiting", seat)
    if key not in memo:
        memo[key] = combat.waiting_station(state, seat)
    return memo[key]


def _afford(state: State, seat: int, amount: int, what: str) -> None:
    """``helpers.pay``'s refusal, without paying."""
    credits = state.players[seat].credits
    if credits < amount:
        raise RuleError(f"{what} costs {count(amount, 'credit')}; you have {credits}.")


def _reconfigure(state: State, c: Combat, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    player = state.players[seat]
    if has_kind(player, "configure_anywhere") is None:
        raise RuleError("Only a ship with a working modular frame can reconfigure in Combat.")
    if any(st.offline for st in player.stations):
        raise RuleError("The modular frame is locked while any station is Offline.")
    if c.step != "assign" or seat in c.finished or seat in c.assigned:
        raise RuleError("Reconfigure in step 1, before assigning any die.")
    if any(d.loc in ("station", "locked") and d.station == action.get("station") for d in dice_of(state, seat)):
        raise RuleError("That station is manned.")
    if kind == "install":
        _install(state, seat, action, free=True)
    else:
        _store(state, seat, action, free=True)


def _assign_escape(state: State, c: Combat, seat: int, action: Mapping[str, Any]) -> None:
    if c.turn_of >= 0 and seat != c.turn_of:
        raise RuleError(f"{state.seats[c.turn_of]} is the one attempting the escape.")
    die = find_die(state, seat, action.get("die"))
    if die.loc != "rolled":
        raise RuleError(f"Die #{die.id} is not available to assign.")
    if parse_station(state, seat, action.get("station", "escape")) != 8:
        raise RuleError("During an escape attempt, dice go on the Escape card.")
    esc = C.finals["tactics"]["escape"]
    all_in = str(action.get("hull_to_one", "")).lower() in ("1", "true", "yes", "hull")
    if has_hero(state, seat, "survive_mode") and "C" in face_symbols(die.face):
        return
    if not all_in and not shows(die.face, esc["symbol"]):
        raise RuleError(
            f"The Escape card needs {face_name(esc['symbol'])}; or put any one die there and drop your Hull to 1."
        )


Placed = tuple[Die, int, Module, int] | None
"""Where a die goes on a module and what it fires: the die, the station, its module and the shots (0: the
die waits there for more crew); None for the Swap card, the Infirmary or an Offline station."""

Memo = dict[tuple[object, ...], Any]
"""What one ``legal()`` call learnt about putting a die on a station: where it goes and what it fires,
or the refusal's sentence (many candidates differ only in their target); also the station waiting for
crew and the ships each target names."""


def _assign(state: State, c: Combat, seat: int, action: Mapping[str, Any], deep: bool, memo: Memo | None) -> None:
    if c.step != "assign" or seat in c.finished:
        raise RuleError("You can only assign crew in step 1 of Combat.")
    if c.pvp and seat != c.turn_of:
        raise RuleError("Wait for your step 1 in this duel.")
    placed = remembered_place(state, c, seat, action, memo)
    if placed is None or not placed[3]:
        return
    die, number, module, fires = placed
    if module.effect.get("boost"):
        combat.boost_extra(state, seat, die, action, module)
    twin = _twin_shots(state, seat, module, die.face)
    foreseen = fires == 1 and (not twin or _twin_foreseen(c, module, number, twin))
    if deep and not foreseen:
        _play_on_copy(state, seat, action)
        return
    if module.credit_cost:
        _afford(state, seat, module.credit_cost, f"Firing {module.name}")
    _fire(state, c, seat, module, number, action, die.face, placed=die.id, memo=memo)
    second = module_at(state.players[seat], 2)
    if deep and twin and second is not None:
        _fire(state, c, seat, second, 2, action, "T", placed=die.id, memo=memo)


def remembered_place(state: State, c: Combat, seat: int, action: Mapping[str, Any], memo: Memo | None) -> Placed:
    """:func:`_place`, remembered in ``memo`` for the candidates that only aim elsewhere."""
    return place_of(state, c, seat, action.get("die"), action.get("station"), memo)


def place_of(state: State, c: Combat, seat: int, raw_die: object, raw_station: object, memo: Memo | None) -> Placed:
    """:func:`remembered_place` of the die and station an action names."""
    plain = (type(raw_die) is int or plain_value(raw_die)) and (type(raw_station) is int or plain_value(raw_station))
    if memo is None or not plain:
        return _place(state, c, seat, raw_die, raw_station)
    key = (raw_die, raw_station)
    if key in memo:
        known = memo[key]
        if isinstance(known, str):
            raise RuleError(known)
        return known
    try:
        placed = memo[key] = _place(state, c, seat, raw_die, raw_station)
    except RuleError as exc:
        memo[key] = str(exc)
        raise
    return placed


def _place(state: State, c: Combat, seat: int, raw_die: object, raw_station: object) -> Placed:
    """Where a die goes and what it fires (:data:`Placed`); refuses a placement the rules forbid,
    in ``combat.assign``'s order."""
    die = find_die(state, seat, raw_die)
    if die.loc != "rolled":
        raise RuleError(f"Die #{die.id} is not available to assign.")
    number = parse_station(state, seat, raw_station)
    player = state.players[seat]
    if number == 8:
        raise RuleError("The Escape card is only used in step 4, instead of gathering the crew.")
    if seat in c.shadow and number != 1:
        raise RuleError("Shadow Strike: from a nearby planet the Pale Valkyrie can only use station 1.")
    if number == SWAP:
        combat.check_swap(state, c, seat, die)
        return None
    if number == INFIRMARY:
        if not shows(die.face, "M"):
            raise RuleError("Only a Medical die can bring crew back from the Infirmary.")
        if not dice_of(state, seat, "infirmary"):
            raise RuleError("Nobody is in your Infirmary.")
        return None
    module = module_at(player, number)
    station = station_of(player, number)
    if module is None:
        raise RuleError(f"Station {number} is empty.")
    if station.offline and not module.never_offline:
        if not shows(die.face, "E"):
            raise RuleError(f"Station {number} is Offline: only an Engineering die can bring it back.")
        return None
    fires = combat.placement(state, seat, die, number, module, station)[0]
    return (die, number, module, fires)


def _twin_shots(state: State, seat: int, module: Module, face: str) -> int:
    """How many times Hades' Twin Link fires station 2 after this placement (``combat.twin_feed``)."""
    if not module.effect.get("twin"):
        return 0
    player = state.players[seat]
    second = module_at(player, 2)
    station = player.stations[1]
    if second is None or second.passive or (station.offline and not second.never_offline):
        return 0
    tacticals = sum(1 for s in face_symbols(face) if s in ("T", "C"))
    if not tacticals:
        return 0
    fires = feed(second.req, station.held, "T" * min(tacticals, 3))[0]
    if second.per_round:
        fires = min(fires, max(0, second.per_round - station.uses))
    return fires


def _twin_foreseen(c: Combat, module: Module, number: int, shots: int) -> bool:
    """Whether station 2's Twin Link shot can be judged before the first shot is played: one shot,
    after a plain hit that destroys nothing and freezes nothing, outside a duel (which a hit can end)."""
    plain = module.kind == "damage" and "quickstrike" not in module.effect.get("keywords", [])
    return shots == 1 and plain and number != 2 and not c.pvp


def _play_on_copy(state: State, seat: int, action: Mapping[str, Any]) -> None:
    """The rare placement whose later shots depend on the earlier ones: play it on a copy."""
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    combat.assign(copy, seat, dict(action), Turn(copy, seat))


def _fire(
    state: State,
    c: Combat,
    seat: int,
    module: Module,
    number: int,
    action: Mapping[str, Any],
    face: str,
    *,
    placed: int = -1,
    memo: Memo | None = None,
) -> None:
    """The refusals of ``combat.fire`` (and of a duel's ``duel_fire``) for one shot, without shooting."""
    eff = module.effect
    kind = eff["kind"]
    station = station_of(state.players[seat], number)
    if c.pvp:
        if kind == "gatling" and not shows(face, "S"):
            if station.counters <= 0:
                raise RuleError("The Raflesia Beam Gatling has no charge yet (Science charges it).")
        elif kind not in DUEL_KINDS:
            if kind == "polarity":
                raise RuleError(f"{module.name} needs a choice that a duel does not offer.")
            raise RuleError(f"{module.name} has no use in a duel between captains.")
        return
    fleet = combat_fleet(state)
    kw = eff.get("keywords", [])
    if kind in ("damage", "drone"):
        direct = "direct" in kw
        if "area" in kw:
            return
        if "multi" in kw:
            _targets(state, action, fleet, memo, direct, True)
        elif not (kind == "drone" and not fleet.ships):
            _targets(state, action, fleet, memo, direct, False)
    elif kind == "spindle":
        _targets(state, action, fleet, memo, False, False)
    elif kind == "gatling":
        if not (shows(face, "S") and face_symbols(face) != ["T"]):
            if station.counters <= 0:
                raise RuleError("The Raflesia Beam Gatling has no charge yet (Science charges it).")
            _targets(state, action, fleet, memo, False, False)
    elif kind == "heal":
        if action.get("ally") not in (None, ""):
            ally = get_int(action, "ally", 1, len(state.seats), "the ally's seat") - 1
            if ally not in c.members:
                raise RuleError("That ship is not in this Combat.")
    elif kind == "stasis":
        target = _targets(state, action, fleet, memo, True, False)[0]
        e = enemy_def(target)
        raw = action.get("action", 1)
        if str(raw).strip().lower() in ("passive", "protect", "0"):
            if not e.passives:
                raise RuleError(f"{e.name} has no ongoing ability to freeze.")
        else:
            get_int({"a": raw}, "a", 1, len(e.actions), "the enemy action")
    elif kind == "polarity":
        get_choice(action, "mode", ["energy", "kinetic"], "polarity (energy or kinetic)")
    elif kind in ("transfer", "teleport"):
        ally = get_int(action, "ally", 1, len(state.seats), "the ally's seat") - 1
        if ally == seat or ally not in c.members:
            name = "Ferox Shield Transfer" if kind == "transfer" else "The Lupin Teleporter"
            raise RuleError(f"{name} needs an ally in this Combat.")
        if kind == "teleport":
            mode = get_choice(action, "mode", ["send", "pull"], "teleport mode (send or pull)")
            crew = find_die(state, seat if mode == "send" else ally, action.get("crew"))
            if crew.loc != "rolled" or crew.id == placed:  # the die just placed has left the crew section
                raise RuleError(f"Die #{crew.id} is not waiting in a crew section.")
    elif kind not in ("shield", "repair", "guard", "cloak"):
        raise RuleError(f"{module.name} cannot be used this way yet.")


def _targets(
    state: State, action: Mapping[str, Any], fleet: Fleet, memo: Memo | None, direct: bool, many: bool
) -> list[EnemyShip]:
    """``combat.pick_targets``, remembered per target within one listing (a target names the same
    ships whatever the die and station)."""
    raw = action.get("target")
    if memo is None or isinstance(raw, bool) or not isinstance(raw, int | str):
        return fleets.pick_targets(state, action, fleet, direct, many)
    key = ("targets", fleet.token, raw, direct, many)
    known = memo.get(key)
    if known is None:
        try:
            known = memo[key] = fleets.pick_targets(state, action, fleet, direct, many)
        except RuleError as exc:
            known = memo[key] = str(exc)
    if isinstance(known, str):
        raise RuleError(known)
    return known


# -- Away Missions -----------------------------------------------------------------------------------


def _mission(state: State, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    m = state.mission
    assert m is not None
    if seat not in m.members:
        raise RuleError("An Away Mission is under way; wait for it to finish.")
    if kind not in MISSION_TYPES:
        raise RuleError(say.ON_MISSION)
    if kind == "assign":
        if m.step != "assign":
            raise RuleError(say.SACRIFICE_FIRST)
        die = find_die(state, seat, action.get("die"))
        if die.loc != "rolled":
            raise RuleError(f"Die #{die.id} is not available to assign.")
        section = get_int(action, "section", 1, len(m.need), "the section") - 1
        event = event_for(m.event)
        left = m.need[section]
        if not left:
            raise RuleError(f"Section {section + 1} is already complete.")
        row = m.rows[section]
        sequence = event.kind == "sequence" and not has_hero(state, seat, "ignore_sequence")
        if sequence and any(not missions.row_done(m, r) for r in range(row)):
            raise RuleError("This mission is a Sequence: finish the rows above first.")
        if event.kind == "decision" and m.row_choice >= 0 and m.row_choice != row:
            raise RuleError("You already chose a grouping for this decision; stick to it.")
        if not match(left, die.face)[2]:
            raise RuleError(f"Die #{die.id} ({face_name(die.face)}) does not fit section {section + 1} ({left}).")
    elif kind == "done":
        if m.step != "assign":
            raise RuleError(say.SACRIFICE_FIRST)
    elif kind == "sacrifice":
        if m.step != "sacrifice" or seat not in m.owing:
            raise RuleError("No sacrifice is needed from you right now.")
        die = find_die(state, seat, action.get("die"))
        if die.loc not in ("rolled", "crew"):
            raise RuleError(f"Die #{die.id} is not available.")
    elif kind == "reroll":
        if m.step != "assign":
            raise RuleError("Rerolls come right after a roll, before you place dice.")
        if seat in m.assigned:
            raise RuleError("Rerolls must be used before you place any die this roll.")
        if m.rerolls.get(seat, 0) <= 0:
            raise RuleError("You have no rerolls left for this roll (AI Cores give them).")
        dice = dice_to_reroll(state, seat, dict(action), "is not a freshly rolled die of yours.")
        if len(dice) < len(dice_of(state, seat, "rolled")) and not has_kind(state.players[seat], "lock"):
            raise RuleError("On a mission a reroll takes all your unplaced dice; a Kira Matrix lets you keep some.")


# -- Planning and Encounter turns ---------------------------------------------------------------------


def _turn(state: State, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    if kind not in TURN_TYPES:
        raise RuleError(f"'{str(kind)[:20]}' is not something you can do in the {state.phase} phase.")
    claim(state, seat)
    player = state.players[seat]
    if kind == "begin":
        return
    if kind == "end":
        why.check_for(state, seat, action)
        if state.phase != "planning":
            must = mandatory(state, seat)
            if must:
                raise RuleError(say.fight_first(must[0]))
        return
    if kind == "scan":
        if not has_kind(player, "scan"):
            raise RuleError("You need working Iris Scanners.")
        if player.scanned:
            raise RuleError("Iris Scanners work once per round.")
        fleet = fleet_by_token(state, get_int(action, "fleet", 1, 999, "the fleet number"))
        if all(s.revealed for s in fleet.ships):
            raise RuleError("That fleet is already revealed.")
        return
    if state.phase == "planning":
        _planning(state, seat, kind, action)
        return
    if kind == "challenge":
        if state.savior < 0 or seat == state.savior:
            raise RuleError("There is no Galactic Savior for you to challenge.")
        savior.check_start(state, seat, state.savior)
    elif kind == "fight":
        if seat == state.savior:
            raise RuleError("The Galactic Savior does not fight fleets.")
        fight_team(state, seat, action)
    elif kind == "mission":
        if mandatory(state, seat):
            raise RuleError("Beat the fleets on this planet before answering its beacons.")
        missions.check_start(state, seat, action)
    elif kind == "deliver":
        if not missions.can_deliver(state, seat):
            raise RuleError("You carry no cargo for this planet.")
    else:
        raise RuleError("That is done in the Planning phase.")


def claim(state: State, seat: int) -> None:
    """Whether ``seat`` may take (or go on with) the turn of this phase."""
    if state.phase not in ("planning", "encounter"):
        raise RuleError("Nobody takes turns right now.")
    if state.active == seat:
        return
    if state.active >= 0:
        raise RuleError(f"It is {state.seats[state.active]}'s turn; wait until they end it.")
    savior_first = state.savior >= 0 and seat != state.savior and not state.players[state.savior].done
    if state.phase == "planning" and savior_first:
        raise RuleError("The Galactic Savior plans first this round.")
    if seat not in waiting(state):
        raise RuleError(f"You already took your {state.phase} turn this round.")


def fight_team(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, list[int], int, list[int]]:
    """The fleet, the team, the Frontline and the Shadow Strikers of a ``fight``; refuses what may not be."""
    player = state.players[seat]
    token = get_int(action, "fleet", 1, 999, "the fleet number")
    fleet = fleet_by_token(state, token)
    if fleet.planet != player.planet:
        raise RuleError(f"Fleet {token} is at {fleet.planet}; you are at {player.planet}.")
    if player.critical:
        raise RuleError("A ship in Critical Damage cannot enter Combat.")
    if not fleet.ships:
        raise RuleError(f"Fleet {token} has no ships.")
    if fleet.final == "artemis" and any(
        p.planet == "Titan VI" and not p.critical and i not in state.encountered and i != seat
        for i, p in enumerate(state.players)
    ):
        raise RuleError("Captains at Titan VI go first: the shield grid mission comes before the station.")
    team_raw = action.get("team", [])
    if isinstance(team_raw, str | int):
        team_raw = str(team_raw).replace(",", " ").split()
    if not isinstance(team_raw, list) or len(team_raw) > 3:
        raise RuleError("Name up to three teammates by seat number.")
    members = [seat]
    shadow = []
    for value in team_raw:
        other = get_int({"s": value}, "s", 1, len(state.seats), "a teammate's seat") - 1
        if other in members:
            continue
        p = state.players[other]
        if p.critical or other in state.encountered:
            raise RuleError(f"{state.seats[other]} cannot join this fight.")
        if p.planet != player.planet:
            near = p.planet in planet_links(state, player.planet)
            if not (p.ship == "pale-valkyrie" and near and has_kind(p, "damage")):
                raise RuleError(f"{state.seats[other]} is not at {player.planet}.")
            shadow.append(other)
        members.append(other)
    frontline = seat
    if action.get("frontline") not in (None, ""):
        frontline = get_int(action, "frontline", 1, len(state.seats), "the Frontline seat") - 1
        if frontline not in members or frontline in shadow:
            raise RuleError("The Frontline must be a member of the team at the fleet's planet.")
    return token, members, frontline, shadow


def _planning(state: State, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    player = state.players[seat]
    if kind == "travel":
        dest = get_choice(action, "to", locations(state), "planet")
        if dest == player.planet:
            raise RuleError(f"You are already at {dest}.")
        reach = 2 if has_kind(player, "travel") else 1
        if distance(state, player.planet, dest) > reach:
            near = ", ".join(planet_links(state, player.planet))
            raise RuleError(f"{dest} is not nearby. From {player.planet} you can reach: {near}.")
        free = player.free_travel and has_kind(player, "free_travel") is not None and not player.offer_kind
        if not free:
            planning.check_action_left(state, seat, "travel")
    elif kind == "repair":
        planning.check_action_left(state, seat, "repair")
    elif kind == "give":
        planning.check_give(state, seat, action)
    elif kind == "trade":
        planning.check_offer(state, seat, action)
    elif kind == "shop":
        yard = planet_has(state, player.planet, "shipyard")
        if not yard and not planning.can_configure_anywhere(state, seat):
            raise RuleError(f"{player.planet} has no Shipyard.")
        planning.check_action_left(state, seat, "buy/configure")
    elif kind == "recruit":
        if not planet_has(state, player.planet, "waystation"):
            raise RuleError(f"{player.planet} has no Waystation.")
        if hiring_blocked(state):
            raise RuleError("A hazard (event 15) blocks all hiring until its mission succeeds.")
        planning.check_action_left(state, seat, "hire crew")
    elif kind == "buy":
        mid = planning.check_buy(state, seat, action)[0]
        _afford(state, seat, planning.price(state, seat, mid), C.modules[mid].name)
    elif kind == "sell":
        if player.offer_kind != "shop" or not has_hero(state, seat, "resell"):
            raise RuleError("Only Violet Kashi can sell modules, while shopping.")
        mid = get_str(action, "module", "module")
        if mid not in player.storage or C.modules[mid].cargo:
            raise RuleError("Only modules in storage can be sold.")
    elif kind == "install":
        _install(state, seat, action)
    elif kind == "store":
        _store(state, seat, action)
    elif kind == "hire":
        if player.offer_kind != "hire":
            raise RuleError(say.VISIT_WAYSTATION)
        hid = get_str(action, "hero", "hero")
        if hid not in player.offer:
            raise RuleError("That hero is not for hire here.")
        _afford(state, seat, planning.hire_cost(state, seat, hid), C.heroes[hid].name)
    elif kind == "close":
        if not player.offer_kind:
            raise RuleError("You have no shop or waystation open.")
    else:
        raise RuleError("That is done in the Encounter phase.")


def _install(state: State, seat: int, action: Mapping[str, Any], *, free: bool = False) -> None:
    player = state.players[seat]
    mid = get_str(action, "module", "module")
    cargo = mid in C.modules and C.modules[mid].cargo
    if player.offer_kind != "shop" and not cargo and not free:
        raise RuleError(say.CONFIGURE_WHERE)
    if mid not in player.storage:
        raise RuleError("That module is not in your storage.")
    get_int(action, "station", 1, 6, "the station")


def _store(state: State, seat: int, action: Mapping[str, Any], *, free: bool = False) -> None:
    player = state.players[seat]
    if player.offer_kind != "shop" and not free:
        raise RuleError(say.CONFIGURE_WHERE)
    number = get_int(action, "station", 1, 6, "the station")
    if not player.stations[number - 1].module:
        raise RuleError(f"Station {number} has no installed module to remove.")

"""Moves that would change nothing: a Shield Generator at full shields, a Repair Bay or the Repair
action at full Hull, a healing ray with nobody in the Infirmary, a shield transfer that can move
nothing, an Ion shot at a ship without shields.

The rulebook forbids none of them, so a captain who types one still plays it (and is told it changed
nothing); but they are never offered as buttons or suggestions, and a captain whose only moves left
are such moves has nothing left to decide. Reads the state only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError

from .content import Module
from .fleets import combat_fleet, enemy_def, parse_station, ship_by_number, ship_number
from .helpers import dice_of, find_die, module_at, plain_value, station_numbers, station_of
from .state import EnemyShip, Fleet, State

Memo = dict[tuple[object, ...], Any]
"""What one listing learnt about a die on a station (most candidates differ only in their target or
ally): the answer when it does not depend on them, else the module; and the fleet's ships by number."""

_UNSET = object()


def reason(state: State, seat: int, action: Mapping[str, Any], memo: Memo | None = None) -> str | None:
    """Why ``action`` would change nothing ("your hull is full"), or None when it does something
    (or cannot be judged here: then it is not idle). ``memo`` shares the work between the candidates
    of one position (the same state and seat)."""
    kind = action.get("type")
    player = state.players[seat]
    if kind == "repair" and state.combat is None and state.mission is None:
        return "your hull is full" if player.hull >= player.max_hull and not player.critical else None
    c = state.combat
    if kind != "assign" or c is None or c.step != "assign" or seat not in c.members:
        return None
    try:
        return _placement(state, seat, action, memo)
    except RuleError:
        return None


def _placement(state: State, seat: int, action: Mapping[str, Any], memo: Memo | None) -> str | None:
    raw_die, raw_station = action.get("die"), action.get("station")
    plain = plain_value(raw_die) and plain_value(raw_station)
    if memo is None or not plain:
        found = _station(state, seat, raw_die, raw_station)
    else:
        key = ("idle", raw_die, raw_station)
        found = memo.get(key, _UNSET)
        if found is _UNSET:
            found = memo[key] = _station(state, seat, raw_die, raw_station)
    if not isinstance(found, Module):
        return found
    module = found
    kind = module.effect.get("kind")
    player = state.players[seat]
    ally = _number(action.get("ally")) - 1 if kind in ("heal", "transfer") else -1
    if kind == "heal" and not dice_of(state, ally if 0 <= ally < len(state.players) else seat, "infirmary"):
        return "nobody is in the Infirmary"
    if kind == "transfer" and 0 <= ally < len(state.players):
        other = state.players[ally]
        if player.shield <= 0 or other.shield >= other.max_shield:
            return "no Shield can move"
    keywords = set(module.effect.get("keywords", []))
    if kind == "damage" and not {"area", "multi"} & keywords:
        return _shot(state, action, module.effect.get("dtype"), "direct" in keywords, memo)
    return None


def _station(state: State, seat: int, raw_die: object, raw_station: object) -> str | Module | None:
    """The answer for a die on a station when it depends on nothing else (a reason or None), else the
    module the die would work (the rest depends on the ally or the target)."""
    try:
        die = find_die(state, seat, raw_die)
        number = parse_station(state, seat, raw_station)
    except RuleError:
        return None
    player = state.players[seat]
    if die.loc != "rolled" or number not in station_numbers(player):
        return None
    module, station = module_at(player, number), station_of(player, number)
    if module is None or (station.offline and not module.never_offline):
        return None  # an empty station refuses; an Offline one comes back online
    kind = module.effect.get("kind")
    if kind == "shield" and player.shield >= player.max_shield:
        return "your shields are full"
    if kind == "repair" and player.hull >= player.max_hull:
        return "your hull is full"
    return module


def _shot(state: State, action: Mapping[str, Any], dtype: object, direct: bool, memo: Memo | None) -> str | None:
    """A shot at one enemy that could not harm it: Ion at a ship without shields, anything but a
    direct hit at a Quartz while the rest of its fleet stands."""
    fleet = combat_fleet(state)
    ship = _ship(state, fleet, _number(action.get("target")), memo)
    if ship is None:
        return None
    c = state.combat
    frozen = c is not None and [ship.uid, -1] in c.stasis
    if "quartz" in enemy_def(ship).passives and len(fleet.ships) > 1 and not direct and not frozen:
        return f"{enemy_def(ship).name} shrugs off hits while the rest of its fleet stands"
    if dtype == "ion" and fleet.final != "ouroboros" and ship.shields <= 0:
        return "that ship has no shields left for an Ion shot"
    return None


def _ship(state: State, fleet: Fleet, number: int, memo: Memo | None) -> EnemyShip | None:
    """``ship_by_number``, from a table of the fleet's numbers built once per listing."""
    if memo is None:
        return ship_by_number(state, fleet, number)
    key = ("ships", fleet.token)
    table = memo.get(key)
    if table is None:
        table = memo[key] = {}
        for ship in fleet.ships:
            table.setdefault(ship_number(state, fleet, ship), ship)
    return table.get(number)


def _number(value: object) -> int:
    """A number an action carries (a seat or an enemy, 1-based); 0 when missing or not a number."""
    try:
        return int(str(value).strip().lstrip("#"))
    except ValueError:
        return 0

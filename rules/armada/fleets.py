"""Combat lookups: enemy cards, fleets, the numbers enemy ships keep in a fight, stations by name, targets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError
from rules.core.validate import get_int

from .content import Enemy
from .finals import final_enemy_def
from .helpers import (
    INFIRMARY,
    C,
    module_at,
    station_numbers,
)
from .state import EnemyShip, Fleet, State

STATION_WORDS = {"infirmary": INFIRMARY, "medbay": INFIRMARY, "escape": 8, "swap": 9}
SWAP = 9


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


def parse_station(state: State, seat: int, value: object) -> int:
    if type(value) is int:  # a plain number (not a bool): what the text below would read
        if value not in station_numbers(state.players[seat]):
            raise RuleError("Stations are numbered 1 to 6.")
        return value
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


def fleet_summary(state: State, fleet: Fleet, *, hide: bool = True) -> str:
    parts = []
    for s in fleet.ships:
        if hide and not s.revealed:
            parts.append("?")
        else:
            e = enemy_def(s)
            parts.append(f"{e.name}[{s.damage}/{e.hull} sh{s.shields}]")
    return f"F{fleet.token}@{fleet.planet}: " + (", ".join(parts) or "empty")

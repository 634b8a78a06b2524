"""Why a turn ends by itself: the reason the bot gives when it plays ``end`` for a captain.

The session service narrates a step with one sensible answer as "<name> had nothing to decide:
<label>." An Encounter turn ended that way names its captain (``{"type": "end", "for": 2}``) so the label
can say why nothing here could be taken on: nothing is here, or each beacon and fleet on the planet is
barred, and by what ("beacon 14 here waits: the Prime beacon 35 at Zenith One comes first"). A Planning
turn ended that way has no action left. Reads only what every captain sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError
from rules.core.grammar import listing

from .finals import event_for
from .helpers import has_hero
from .missions import can_attempt, prime_blocking
from .state import Beacon, State
from .turns import mandatory


def check_for(state: State, seat: int, action: Mapping[str, Any]) -> None:
    """An ``end`` may name its captain (the bot's forced end does); it must be the one ending."""
    named = action.get("for")
    if named not in (None, "") and named != seat + 1 and str(named) != str(seat + 1):
        raise RuleError("`end` ends your own turn only.")


def _beacon_bar(state: State, seat: int, beacon: Beacon) -> str:
    """What keeps ``seat`` from answering ``beacon`` (at its planet), in a few words."""
    player = state.players[seat]
    event = event_for(beacon.event)
    if player.critical:
        return "your ship is in Critical Damage"
    if seat in state.mission_done:
        return "you already ran an Away Mission this phase"
    if state.savior == seat:
        return "the Galactic Savior answers no beacons"
    if state.savior >= 0 and state.players[state.savior].planet == player.planet:
        return "the Galactic Savior's ship blocks them"
    if mandatory(state, seat):
        return "the fleet here must be beaten first"
    if not event.prime and prime_blocking(state) and not has_hero(state, seat, "ignore_prime"):
        prime = next(b for b in state.beacons if event_for(b.event).prime and b.carrier < 0)
        where = "here" if prime.planet == player.planet else f"at {prime.planet}"
        return f"the Prime beacon {prime.event} {where} comes first"
    if event.entry_cost and player.credits < event.entry_cost:
        return f"it costs {event.entry_cost} credits a crew member"
    try:
        can_attempt(state, seat, beacon.event)
    except RuleError as refusal:
        return str(refusal).rstrip(".")
    return ""


def _fleet_bar(state: State, seat: int) -> str:
    player = state.players[seat]
    if player.critical:
        return "your ship is in Critical Damage"
    if state.savior == seat:
        return "the Galactic Savior does not fight fleets"
    return "it cannot be fought now"


def end_reason(state: State, seat: int) -> str:
    """Why ``seat``'s Encounter turn has nothing to take on, in a short clause."""
    player = state.players[seat]
    here = [b for b in state.beacons if b.planet == player.planet and b.carrier < 0]
    fleets = [f for f in state.fleets if f.planet == player.planet]
    if not here and not fleets:
        return f"nothing to fight or answer at {player.planet}"
    parts: list[str] = []
    if fleets:
        word = "fleet" if len(fleets) == 1 else "fleets"
        parts.append(f"{word} {listing([f'F{f.token}' for f in fleets])} here: {_fleet_bar(state, seat)}")
    bars: dict[str, list[int]] = {}
    for beacon in here:
        bars.setdefault(_beacon_bar(state, seat, beacon) or "it cannot be answered now", []).append(beacon.event)
    for bar, numbers in bars.items():
        word = "beacon" if len(numbers) == 1 else "beacons"
        parts.append(f"{word} {listing([str(n) for n in numbers])} here: {bar}")
    return "; ".join(parts)


def end_label(state: State, action: Mapping[str, Any]) -> str:
    """The ``end`` button's words, with the reason when the bot ends the turn for a captain."""
    if state.phase == "planning":
        active = state.players[state.active] if 0 <= state.active < len(state.players) else None
        left = " (no action left)" if active is not None and active.actions == 0 else ""
        return "End your Planning turn" + left
    named = action.get("for")
    seat = named - 1 if isinstance(named, int) else -1
    if not 0 <= seat < len(state.players):
        return "End your Encounter turn"
    return f"End the Encounter turn ({end_reason(state, seat)})"

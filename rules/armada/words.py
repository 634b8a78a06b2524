"""Armada in plain words: button labels for actions and the summary lines of /game status.

Both read only what every captain may see (fleet cards face down stay unnamed, decks and the beacon
bag are never read), so they are safe to show in public whatever state they are given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError
from rules.core.grammar import count

from . import plan, why
from .content import CONTENT as C
from .finals import FINAL_NAMES, event_for
from .fleets import ship_by_number
from .helpers import face_name, module_at
from .plan import PLAN_TYPES
from .state import Die, Fleet, State

LABEL_MAX = 80
"""Discord's limit for a button label."""

FACES = {"T": "Tactical", "E": "Engineering", "S": "Science", "M": "Medical"}


def _clip(text: str) -> str:
    return text if len(text) <= LABEL_MAX else text[: LABEL_MAX - 1].rstrip() + "…"


def _int(value: object, default: int = 0) -> int:
    try:
        return int(str(value).strip().lstrip("#"))
    except ValueError:
        return default


def _die(state: State, value: object) -> Die | None:
    number = _int(value, -1)
    return next((d for d in state.dice if d.id == number), None)


def die_words(state: State, value: object) -> str:
    """A die as a player names it: "die 3 (Tactical)", "Kira's die 7 (blank)"."""
    return _named(_die(state, value), value)


def _named(die: Die | None, value: object) -> str:
    """:func:`die_words` of the die ``value`` names (None: no such die)."""
    if die is None:
        return f"die {value}"
    who = f"{C.heroes[die.hero].name}'s die" if die.hero in C.heroes else "die"
    face = f" ({face_name(die.face)})" if die.face else ""
    return f"{who} {die.id}{face}"


def captain(state: State, seat_number: object) -> str:
    """A captain by seat number (1-based, as actions carry it)."""
    i = _int(seat_number) - 1
    return state.seats[i] if 0 <= i < len(state.seats) else f"captain {seat_number}"


def _fleet(state: State, token: object) -> Fleet | None:
    number = _int(token, -1)
    return next((f for f in state.fleets if f.token == number), None)


def fleet_words(state: State, token: object) -> str:
    fleet = _fleet(state, token)
    if fleet is None:
        return f"fleet {token}"
    if fleet.final:
        return FINAL_NAMES.get(fleet.final, "the final enemy")
    return f"fleet {fleet.token} ({count(len(fleet.ships), 'ship')})"


def enemy_words(state: State, number: object) -> str:
    """The enemy ship of the fleet in Combat with this number (kept for the whole fight)."""
    c = state.combat
    fleet = _fleet(state, c.fleet) if c is not None else None
    n = _int(number)
    ship = ship_by_number(state, fleet, n) if fleet is not None else None
    if ship is None:
        return f"enemy {number}"
    enemy = C.enemies.get(ship.card)
    name = enemy.name if ship.revealed and enemy is not None else "enemy ship"
    return f"{name} ({n})"


def _module_name(mid: object) -> str:
    m = C.modules.get(str(mid))
    return m.name if m is not None else str(mid)


def _hero_name(hid: object) -> str:
    h = C.heroes.get(str(hid))
    return h.name if h is not None else str(hid)


def _station(state: State, die: Die | None, station: object) -> str:
    if station == "infirmary":
        return "the Infirmary"
    if station == "escape":
        return "the Escape card"
    if station == "swap":
        return "the Swap card"
    n = _int(station)
    if die is None:
        return f"station {station}"
    m = module_at(state.players[die.owner], n)
    return f"{m.name} (station {n})" if m is not None else f"station {n}"


def _item(what: object, value: object) -> str:
    if what == "credits":
        n = _int(value, 1)
        return count(n, "credit")
    if what == "module":
        return _module_name(value)
    if what == "hero":
        return _hero_name(value)
    return str(value)


def _team(state: State, action: Mapping[str, Any]) -> str:
    team = action.get("team") or []
    if isinstance(team, str | int):
        team = str(team).replace(",", " ").split()
    names = [captain(state, t) for t in team]
    return f" with {' and '.join(names)}" if names else ""


def _assign(state: State, action: Mapping[str, Any]) -> str:
    die = _die(state, action.get("die"))
    words = _named(die, action.get("die"))
    if "section" in action:
        return f"Put {words} on mission section {action['section']}"
    station = action.get("station")
    if station == "escape":
        burn = " (hull to 1)" if action.get("hull_to_one") else ""
        return f"Put {words} on the Escape card{burn}"
    text = f"Put {words} on {_station(state, die, station)}"
    if action.get("target") not in (None, ""):
        text += f" at {enemy_words(state, action['target'])}"
    if "mode" in action:
        text += f", {action['mode']}"
    if "ally" in action:
        text += f", for {captain(state, action['ally'])}"
    if "action" in action:
        text += f", freeze its {'passive' if action['action'] == 'passive' else 'action ' + str(action['action'])}"
    return text


def _plan(state: State, action: Mapping[str, Any]) -> str:
    """ "Place as suggested: 3→Lotus Laser (2), 5→Barrier V1": the whole placement, shortened until it
    fits a button (the enemy aimed at in brackets, by its number in the fight)."""
    try:
        steps = plan.steps(action)
    except RuleError:
        return "Place several dice"
    head = "Place as suggested: " if action.get("type") == "suggested" else "Place "
    for short in (False, True):
        parts = [_placed(state, step, short) for step in steps]
        text = head + ", ".join(parts)
        if len(text) <= LABEL_MAX:
            return text
    return text


def _placed(state: State, step: Mapping[str, Any], short: bool) -> str:
    """One die of a plan: "3→Lotus Laser (2)"; ``short`` keeps only the first word of the station."""
    die = _die(state, step.get("die"))
    where = _station(state, die, step.get("station"))
    where = where.removeprefix("the ").split(" (station")[0]
    if short:
        where = where.split(" ")[0]
    target = step.get("target")
    aim = f" ({target})" if target not in (None, "") else ""
    return f"{step.get('die')}→{where}{aim}"


def _split(state: State, action: Mapping[str, Any]) -> str:
    split = state.split
    shares = action.get("shares") or []
    if split is None or not isinstance(shares, list):
        return "Propose a split"
    parts = ", ".join(f"{state.seats[m]} {n}" for m, n in zip(split.members, shares, strict=False))
    return f"Propose the split {parts}"


def action_label(state: State, action: Mapping[str, Any]) -> str:
    """What the button does, in plain words, at most :data:`LABEL_MAX` characters. A turn the bot
    ends for a captain (``end`` naming its captain, never a button) keeps its whole reason."""
    if action.get("type") == "end" and action.get("for") not in (None, ""):
        return why.end_label(state, action)
    return _clip(_label(state, action))


SIMPLE = {
    "begin": "Start your turn",
    "repair": "Repair the hull (roll the crew)",
    "shop": "Visit the shipyard",
    "recruit": "Visit the waystation to hire crew",
    "deliver": "Deliver the cargo here",
    "challenge": "Challenge the Galactic Savior",
    "accept_trade": "Accept the trade",
    "decline_trade": "Decline the trade",
    "pass": "Hold fire",
    "gather": "Gather the crew for the next combat round",
    "escape": "Try to escape",
    "relay": "Pay 1 credit to reroll the enemy die",
    "accept": "Keep the enemy die",
    "giveup": "Give up the mission",
    "agree": "Accept the split",
}
"""The labels that read nothing of the state."""


def _label(state: State, action: Mapping[str, Any]) -> str:
    kind = str(action.get("type", ""))
    a = action
    if kind in SIMPLE:
        return SIMPLE[kind]
    if kind == "close":
        return _leave(state)
    if kind == "end":
        return why.end_label(state, a)
    if kind == "done":
        if state.mission is not None:
            return "Roll again (Try Again)"
        c = state.combat
        if c is not None and c.step == "escape":
            return "Stop trying to escape"
        return "Finish placing dice"
    if kind == "travel":
        return f"Travel to {a.get('to')}"
    if kind == "retreat":
        return f"Fall back to {a.get('to')}"
    if kind == "give":
        return f"Give {_item(a.get('what'), a.get('value'))} to {captain(state, a.get('to'))}"
    if kind == "trade":
        mine, theirs = _item(a.get("what"), a.get("value")), _item(a.get("for_what"), a.get("for_value"))
        return f"Offer {captain(state, a.get('to'))} {mine} for {theirs}"
    if kind == "buy":
        return f"Buy {_module_name(a.get('module'))}"
    if kind == "sell":
        return f"Sell {_module_name(a.get('module'))}"
    if kind == "install":
        return f"Install {_module_name(a.get('module'))} in station {a.get('station')}"
    if kind == "store":
        return f"Move station {a.get('station')}'s module to storage"
    if kind == "hire":
        return f"Hire {_hero_name(a.get('hero'))}"
    if kind == "fight":
        return f"Fight {fleet_words(state, a.get('fleet'))}{_team(state, a)}"
    if kind == "mission":
        number = _int(a.get("event"), -1)
        name = event_for(number).name if number in C.events else f"beacon {a.get('event')}"
        return f"Away mission: {name}{_team(state, a)}"
    if kind == "scan":
        return f"Scan fleet {a.get('fleet')}"
    if kind == "attack":
        return f"Attack {captain(state, a.get('target'))}"
    if kind == "assign":
        return _assign(state, a)
    if kind in PLAN_TYPES:
        return _plan(state, a)
    if kind == "reroll":
        dice = a.get("dice") or []
        count = len(dice) if isinstance(dice, list) else 1
        return f"Reroll {count} di{'ce' if count != 1 else 'e'}"
    if kind == "ram":
        return f"Ram {enemy_words(state, a.get('target'))} ({a.get('amount', 1)} hull)"
    if kind == "knockout":
        return f"Send {die_words(state, a.get('die'))} to the Infirmary"
    if kind == "sacrifice":
        return f"Send {die_words(state, a.get('die'))} to the Infirmary and try again"
    if kind == "split":
        return _split(state, a)
    if kind == "vote":
        return f"Vote for {captain(state, a.get('for'))}"
    if kind == "lockon":
        return f"Lock on: keep {die_words(state, a.get('die'))} for next round"
    if kind == "parley":
        face = FACES.get(str(a.get("face")), str(a.get("face")))
        return f"Parley: turn {die_words(state, a.get('die'))} to {face}"
    if kind == "setface":
        return f"Turn {die_words(state, a.get('die'))} to {FACES.get(str(a.get('face')), a.get('face'))}"
    if kind == "copy":
        return f"Copy the face of {die_words(state, a.get('source'))}"
    if kind == "rose":
        return f"Pair with {die_words(state, a.get('target'))}"
    return kind.replace("_", " ").capitalize() or "Act"


def _leave(state: State) -> str:
    """Closing the open shipyard or waystation (the turn's captain has it open)."""
    open_kind = state.players[state.active].offer_kind if 0 <= state.active < len(state.players) else ""
    return "Leave the waystation" if open_kind == "hire" else "Leave the shipyard"


# -- /game status ----------------------------------------------------------------------------------

PHASES = {"planning": "Planning", "encounter": "Encounter", "ambush": "Savior's ambush", "over": "over"}


def status_lines(state: State, waiting: list[int]) -> list[str]:
    """Round and phase, the threat on the map, each captain's ship, and who is asked now."""
    lines = [f"Round {state.round} · {PHASES.get(state.phase, state.phase)} phase"]
    if state.result:
        lines[0] = f"Round {state.round} · game over: {state.reason}"
    beacons: dict[str, int] = {}
    for b in state.beacons:
        if b.carrier < 0:
            beacons[b.planet] = beacons.get(b.planet, 0) + 1
    worst = max(beacons.items(), key=lambda kv: (kv[1], kv[0]), default=None)
    threat = f"Threat: {count(len(state.fleets), 'fleet')}, {count(sum(beacons.values()), 'beacon')}"
    if worst is not None:
        threat += f" (most at {worst[0]}: {worst[1]} of 6)"
    lines.append(threat)
    found = sum(len(p.data) for p in state.players)
    lines.append(f"Final: {FINAL_NAMES.get(state.final, state.final)}" if state.final else f"Data tokens: {found}")
    for i, p in enumerate(state.players):
        flag = " · CRITICAL" if p.critical else ""
        lines.append(
            f"{state.seats[i]}: {C.ships[p.ship].name} at {p.planet} · hull {p.hull}/{p.max_hull}, "
            f"shields {p.shield}/{p.max_shield} · {p.credits} cr{flag}"
        )
    if state.combat is not None:
        c = state.combat
        who = " and ".join(state.seats[m] for m in c.members)
        lines.append(f"Combat: {who} against {fleet_words(state, c.fleet)}, round {c.round}")
    if state.mission is not None:
        m = state.mission
        who = " and ".join(state.seats[s] for s in m.members)
        lines.append(f"Away mission: {who} on {event_for(m.event).name}")
    if waiting and not state.result:
        lines.append("Waiting for: " + ", ".join(dict.fromkeys(state.seats[s] for s in waiting)) + ".")
    return lines

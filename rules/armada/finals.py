"""Data tokens, decoding the Final Encounter, and the Final Encounters themselves."""

from __future__ import annotations

from functools import cache

from rules.core import Turn

from .content import Enemy, EnemyAction, Event
from .helpers import C, damage_player
from .savior import become
from .state import Beacon, EnemyShip, Fleet, State

OBLIVION = 100
FINAL_NAMES = {
    "lokust": "Lokust Mothership",
    "ouroboros": "Ouroboros Mk III",
    "artemis": "Artemis Space Station",
    "artemis-v2": "Artemis Space Station V2",
    "oblivion": "Oblivion Tower",
    "savior": "The Galactic Savior",
}


def _actions(raw: list[dict]) -> tuple[EnemyAction, ...]:
    return tuple(
        EnemyAction(
            on=tuple(a["on"]),
            kind=a["kind"],
            amount=int(a.get("amount", 0)),
            dtype=a.get("dtype", "energy"),
            breach=int(a.get("breach", 0)),
            area=bool(a.get("area", False)),
            count=int(a.get("count", 1 if a["kind"] == "disable" else 0)),
            per_timer=int(a.get("per_timer", 0)),
        )
        for a in raw
    )


@cache
def _final_cards() -> dict[str, Enemy]:
    f = C.finals
    out: dict[str, Enemy] = {}
    lok = f["lokust"]
    out["lokust-mothership"] = Enemy(
        id="lokust-mothership",
        name=lok["name"],
        faction="Lokust",
        type="attack",
        hull=lok["hull"],
        shield=lok["shield"],
        scrap=0,
        copies=1,
        actions=_actions(lok["actions"]),
    )
    for d in lok["drone"]:
        out[d["id"]] = Enemy(
            id=d["id"],
            name=d["name"],
            faction="Lokust",
            type="attack",
            hull=d["hull"],
            shield=d["shield"],
            scrap=0,
            copies=d["copies"],
            actions=_actions(d["actions"]),
        )
    ouro = f["ouroboros"]
    per_section = max(0, ouro["shield"] // len(ouro["sections"]))
    for sec in ouro["sections"]:
        key = "ouro-" + sec["name"].lower()
        out[key] = Enemy(
            id=key,
            name=f"Ouroboros {sec['name']}",
            faction="Ouroboros",
            type="attack",
            hull=sec["hull"],
            shield=per_section,
            scrap=0,
            copies=1,
            actions=_actions(sec["actions"]),
        )
    for key in ("artemis", "artemis-v2"):
        a = f[key]
        out[key] = Enemy(
            id=key,
            name=a["name"],
            faction="Federation",
            type="attack",
            hull=a["hull"],
            shield=a["shield"],
            scrap=0,
            copies=1,
            actions=_actions(a["actions"]),
        )
    return out


def final_enemy_def(card: str) -> Enemy:
    cards = _final_cards()
    if card in cards:
        return cards[card]
    return Enemy(id=card, name="Unknown ship", faction="?", type="?", hull=1, shield=0, scrap=0, copies=1, actions=())


def section_critical(card: str, damage: int) -> bool:
    if not card.startswith("ouro-"):
        return False
    for sec in C.finals["ouroboros"]["sections"]:
        if "ouro-" + sec["name"].lower() == card:
            return damage >= int(sec["critical_at"])
    return False


@cache
def _oblivion_event() -> Event:
    o = C.finals["oblivion"]
    return Event(
        number=OBLIVION,
        name=o["name"],
        planet=o["planet"],
        kind="special",
        rows=tuple(tuple(r) for r in o["rows"]),
        hazard=dict(o["hazard"]),
        credits=0,
        data="",
        td=1,
        hull=1,
    )


def event_for(number: int) -> Event:
    if number == OBLIVION:
        return _oblivion_event()
    return C.events[number]


# -- data tokens -------------------------------------------------------------------------------


def data_token(state: State, seat: int, kind: str, turn: Turn) -> None:
    if not state.data_pile:
        turn.say("No Data tokens are left.")
        return
    pick = 0
    if kind in state.data_pile:
        pick = state.data_pile.index(kind)
    else:  # the top token of a shuffled pile: nobody knew which it was
        turn.reveal("a Data token")
    token = state.data_pile.pop(pick)
    state.players[seat].data.append(token)
    total = sum(len(p.data) for p in state.players)
    turn.say(f"{state.seats[seat]} decodes a Data token: {token} ({total} collected).")
    needed = C.data_needed_short if state.short else C.data_needed
    if total >= needed and not state.final:
        reveal(state, turn)


def decode(symbols: list[str], players: int) -> str:
    for line in C.decode:
        if not line.min_players <= players <= line.max_players:
            continue
        if line.a == "*":
            return line.final
        if line.a == line.b:
            ok = symbols.count(line.a) >= 2
        else:
            ok = line.a in symbols and line.b in symbols
        if ok:
            return line.final
    return "ouroboros"


def reveal(state: State, turn: Turn) -> None:
    symbols = [s for p in state.players for s in p.data]
    final = decode(symbols, len(state.seats))
    state.final = final
    turn.say(f"Final Encounter revealed: {FINAL_NAMES[final]}!", kind="warn")
    if final == "savior":
        become(state, turn)
    if final == "lokust":
        ship = EnemyShip(uid=state.next_uid, card="lokust-mothership", revealed=True)
        state.next_uid += 1
        state.fleets.append(Fleet(token=90, planet=C.finals["lokust"]["planet"], ships=[ship], final=final))
    elif final == "ouroboros":
        ships = []
        for sec in C.finals["ouroboros"]["sections"]:
            ships.append(EnemyShip(uid=state.next_uid, card="ouro-" + sec["name"].lower(), revealed=True))
            state.next_uid += 1
        state.fleets.append(Fleet(token=91, planet=C.finals["ouroboros"]["planet"], ships=ships, final=final))
    elif final in ("artemis", "artemis-v2"):
        ship = EnemyShip(uid=state.next_uid, card=final, revealed=True)
        state.next_uid += 1
        state.fleets.append(Fleet(token=92, planet=C.finals[final]["location"], ships=[ship], final=final))
        turn.say("The station appears beside Invictus: travel there from Invictus to fight it.")
        if final == "artemis":
            _place_99(state, turn)
    elif final == "oblivion":
        state.beacons.append(Beacon(event=OBLIVION, planet=C.finals["oblivion"]["planet"]))


def _place_99(state: State, turn: Turn) -> None:
    if not any(b.event == 99 for b in state.beacons):
        state.beacons.append(Beacon(event=99, planet=C.events[99].planet))
        turn.say("Beacon 99 lights up on Titan VI: bring down the Artemis shield grid.")


def artemis_shielded(state: State, fleet: Fleet) -> bool:
    return fleet.final == "artemis" and 99 not in state.ongoing


def oblivion_won(state: State, turn: Turn) -> None:
    state.beacons = [b for b in state.beacons if b.event != OBLIVION]
    state.phase = "over"
    state.result = "win"
    state.reason = "The Oblivion Tower is shut down."
    turn.say("The Oblivion Tower falls silent! The galaxy is saved.", kind="end")


def final_hazard(state: State, turn: Turn) -> None:
    if not state.final:
        return
    fleet = next((f for f in state.fleets if f.final == state.final), None)
    if state.final == "lokust" and fleet is not None:
        drones = [d["id"] for d in C.finals["lokust"]["drone"]]
        fleet.ships.append(EnemyShip(uid=state.next_uid, card=turn.rng.choice(drones), revealed=True))
        state.next_uid += 1
        links = C.planets[fleet.planet].links
        for other in state.fleets:
            if other.final or other.planet not in links:
                continue
            other.ships.append(EnemyShip(uid=state.next_uid, card=turn.rng.choice(drones)))
            state.next_uid += 1
        turn.say("The Lokust Mothership spits out more drones.", kind="warn")
    elif state.final == "ouroboros" and fleet is not None:
        for ship in fleet.ships:
            if section_critical(ship.card, ship.damage):
                ship.damage = 0
                turn.say(f"The Ouroboros regrows its {ship.card[5:]} section.", kind="warn")
    elif state.final == "artemis":
        _place_99(state, turn)
    elif state.final == "artemis-v2" and fleet is not None:
        ship = fleet.ships[0]
        ship.timers += 1
        turn.say(f"Artemis V2 charges its planet-killer ({ship.timers}/5).", kind="warn")
        if ship.timers >= int(C.finals["artemis-v2"]["timer_limit"]):
            ship.timers = 0
            _ruin_planet(state, turn)
    elif state.final == "oblivion":
        for seat, p in enumerate(state.players):
            if not p.critical and not p.out:
                damage_player(state, seat, 1, "kinetic", turn, "The Oblivion Tower's pulse")


def _ruin_planet(state: State, turn: Turn) -> None:
    for _ in range(40):
        if not state.td_deck:
            state.td_deck = list(state.td_discard)
            state.td_discard = []
            turn.rng.shuffle(state.td_deck)
        if not state.td_deck:
            return
        card = C.threats[state.td_deck.pop(0)]
        turn.reveal("a Threat Detected card")
        state.td_discard.append(card.id)
        if card.planet and card.planet not in state.ruined:
            state.ruined.append(card.planet)
            state.beacons = [b for b in state.beacons if b.planet != card.planet or b.carrier >= 0]
            state.fleets = [f for f in state.fleets if f.planet != card.planet or f.final]
            turn.say(f"Artemis V2 destroys {card.planet}! Its shipyard and waystation are gone.", kind="warn")
            return

"""Resolution phase: distress beacons, Threat Detected cards, hazards, and the round's end."""

from __future__ import annotations

from rules.core import Turn
from rules.core.grammar import count

from .finals import event_for, final_hazard
from .helpers import C, damage_player, distance, has_kind
from .state import Beacon, EnemyShip, Fleet, State


def ships_at(state: State, planet: str) -> list[int]:
    return [i for i, p in enumerate(state.players) if p.planet == planet and not p.out]


def jammer_level(state: State, planet: str) -> int:
    best = 0
    for seat in ships_at(state, planet):
        m = has_kind(state.players[seat], "jammer")
        if m is not None:
            best = max(best, int(m.effect.get("level", 1)))
    return best


def draw_enemy(state: State, turn: Turn) -> str | None:
    if not state.enemy_deck and state.enemy_discard:
        state.enemy_deck = list(state.enemy_discard)
        state.enemy_discard = []
        turn.rng.shuffle(state.enemy_deck)
        turn.say("The enemy deck is empty: its discard pile is shuffled into a new deck.")
    if not state.enemy_deck:
        return None
    return state.enemy_deck.pop(0)


def _new_ships(state: State, n: int, turn: Turn) -> list[EnemyShip]:
    out = []
    for _ in range(n):
        card = draw_enemy(state, turn)
        if card is None:
            turn.say("No enemy cards are left to draw.")
            break
        out.append(EnemyShip(uid=state.next_uid, card=card))
        state.next_uid += 1
    return out


def _mines(state: State, planet: str, ships: list[EnemyShip], turn: Turn) -> None:
    if any(has_kind(state.players[s], "minelayer") for s in ships_at(state, planet)):
        for ship in ships:
            ship.damage += 1
        if ships:
            turn.say(f"Edelweiss mines greet the {count(len(ships), 'new arrival')} at {planet}.")


def new_fleet(state: State, planet: str, n: int, turn: Turn, *, encounter: bool = False) -> None:
    if planet in state.ruined:
        turn.say(f"{planet} is destroyed: no fleet gathers there.")
        return
    if jammer_level(state, planet) >= 2:
        turn.say(f"Magnolia jammers at {planet} keep a new fleet from arriving.")
        return
    if not state.fleet_tokens:
        normal = [f for f in state.fleets if not f.final]
        if not normal:
            return
        target = min(normal, key=lambda f: (distance(state, planet, f.planet), f.token))
        target.ships.extend(_new_ships(state, n, turn))
        turn.say(
            f"No fleet tokens left: {count(n, 'ship')} {'joins' if n == 1 else 'join'} fleet {target.token} "
            f"at {target.planet}."
        )
        return
    ships = _new_ships(state, n, turn)
    if not ships:
        return
    token = state.fleet_tokens.pop(0)
    state.fleets.append(Fleet(token=token, planet=planet, ships=ships, fresh=encounter))
    turn.say(f"Threat! Fleet {token} ({count(len(ships), 'unknown ship')}) appears at {planet}.", kind="warn")


def reinforce(state: State, planet: str, n: int, target: str, turn: Turn, *, encounter: bool = False) -> None:
    if planet in state.ruined and target == "planet":
        turn.say(f"{planet} is destroyed: the reinforcements are skipped.")
        return
    normal = [f for f in state.fleets if not f.final]
    if target == "planet":
        fleets = [f for f in normal if f.planet == planet]
    else:
        fleets = []
        if normal:
            fleets = [min(normal, key=lambda f: (distance(state, planet, f.planet), f.token))]
    if not fleets:
        turn.say(f"Reinforcements find no fleet near {planet}: they form a new one.")
        new_fleet(state, planet, n, turn, encounter=encounter)
        return
    for fleet in fleets:
        if jammer_level(state, fleet.planet) >= 2:
            turn.say(f"Magnolia jammers at {fleet.planet} turn reinforcements away.")
            continue
        ships = _new_ships(state, n, turn)
        _mines(state, fleet.planet, ships, turn)
        fleet.ships.extend(ships)
        if ships:
            turn.say(
                f"Fleet {fleet.token} at {fleet.planet} is reinforced by {count(len(ships), 'unknown ship')}.",
                kind="warn",
            )


def draw_threat(state: State, turn: Turn, *, encounter: bool = False) -> None:
    """Draw and resolve one Threat Detected card (Scramble reshuffles and draws again)."""
    for _ in range(5):
        if not state.td_deck:
            state.td_deck = list(state.td_discard)
            state.td_discard = []
            turn.rng.shuffle(state.td_deck)
        if not state.td_deck:
            return
        card_id = state.td_deck.pop(0)
        turn.reveal("a Threat Detected card")
        card = C.threats[card_id]
        if card.kind == "scramble":
            state.td_deck.extend(state.td_discard)
            state.td_deck.append(card_id)
            state.td_discard = []
            turn.rng.shuffle(state.td_deck)
            turn.say("Threat Detected: Scramble! The threat deck is reshuffled.")
            continue
        state.td_discard.append(card_id)
        ships = card.ships_for(state.solo)
        if card.kind == "new_fleet":
            new_fleet(state, card.planet, ships, turn, encounter=encounter)
        else:
            reinforce(state, card.planet, ships, card.target, turn, encounter=encounter)
        return


def place_beacon(state: State, turn: Turn) -> None:
    if not state.bag:
        turn.say("The beacon bag is empty: a Threat card is drawn instead.")
        draw_threat(state, turn)
        return
    idx = turn.rng.below(len(state.bag))
    token = state.bag.pop(idx)
    if token < 0:
        turn.say("Beacon drawn: Don't Panic. All quiet.")
        return
    event = C.events[token]
    if event.planet in state.ruined:
        turn.say(f"Beacon {token} would go to {event.planet}, but the planet is destroyed: skipped.")
        return
    state.beacons.append(Beacon(event=token, planet=event.planet))
    prime = "PRIME " if event.prime else ""
    turn.say(f"Distress Beacon {token} at {event.planet}: {prime}{event.name}.", kind="warn")


def fire_hazards(state: State, turn: Turn) -> None:
    numbers = sorted({b.event for b in state.beacons if b.carrier < 0}, reverse=True)
    for number in numbers:
        event = event_for(number)
        hz = event.hazard
        kind = hz.get("kind", "none")
        if kind in ("none", "block_hire"):
            continue
        if kind == "damage":
            targets = (
                [i for i, p in enumerate(state.players) if not p.out]
                if hz["scope"] == "all"
                else ships_at(state, event.planet)
            )
            for seat in targets:
                player = state.players[seat]
                if player.critical:
                    continue
                m = has_kind(player, "jammer")
                if m is not None and player.planet == event.planet:
                    turn.say(f"{state.seats[seat]}'s Magnolia jammer blocks the hazard of event {number}.")
                    continue
                damage_player(state, seat, hz["amount"], hz["dtype"], turn, f"Hazard {number} ({event.name})")
        elif kind == "drain":
            for seat in ships_at(state, event.planet):
                player = state.players[seat]
                if has_kind(player, "jammer"):
                    continue
                player.shield = max(0, player.shield - hz["amount"])
                turn.say(f"Hazard {number} drains {state.seats[seat]}'s shields ({player.shield}).", concerns=[seat])
        elif kind == "spawn":
            turn.say(f"Hazard {number} ({event.name}) calls in enemy ships.")
            if any(f.planet == event.planet and not f.final for f in state.fleets):
                reinforce(state, event.planet, hz["ships"], "planet", turn)
            else:
                new_fleet(state, event.planet, hz["ships"], turn)
        elif kind == "td":
            turn.say(f"Hazard {number} ({event.name}) draws a Threat card.")
            for _ in range(hz["count"]):
                draw_threat(state, turn)


def hiring_blocked(state: State) -> bool:
    return any(event_for(b.event).hazard.get("kind") == "block_hire" for b in state.beacons if b.carrier < 0)


def resolution(state: State, turn: Turn) -> None:
    """The whole Resolution phase, then the round's end checks and the next round's start."""
    state.phase = "resolution"
    turn.say(f"Resolution phase of round {state.round}.", kind="turn")
    count = 1 if len(state.seats) <= 2 else 2
    for _ in range(count):
        place_beacon(state, turn)
    for _ in range(2):
        draw_threat(state, turn)
    fire_hazards(state, turn)
    final_hazard(state, turn)
    if state.phase == "over":
        return
    if check_loss(state, turn):
        return
    start_round(state, turn)


def check_loss(state: State, turn: Turn) -> bool:
    counts: dict[str, int] = {}
    for b in state.beacons:
        if b.carrier < 0:
            counts[b.planet] = counts.get(b.planet, 0) + 1
    for planet, n in counts.items():
        if n >= 6:
            lose(state, turn, f"{planet} is overwhelmed by {n} distress beacons.")
            return True
    active = [p for p in state.players if not p.out]
    if not active or all(p.critical for p in active):
        lose(state, turn, "Every ship is in Critical Damage.")
        return True
    if state.solo and state.players[0].critical:
        lose(state, turn, "Your ship is in Critical Damage with no Rebuild left.")
        return True
    return False


def lose(state: State, turn: Turn, why: str) -> None:
    state.phase = "over"
    state.result = "loss"
    state.reason = why
    state.combat = None
    state.mission = None
    turn.say(f"The Armada is lost: {why}", kind="end")


def start_round(state: State, turn: Turn) -> None:
    state.round += 1
    state.active = -1
    state.ambushed = False
    state.encountered = []
    state.mission_done = []
    state.ongoing = [n for n in state.ongoing if n != 99]
    for fleet in state.fleets:
        fleet.fresh = False
    for p in state.players:
        p.actions = 2
        p.done = p.out
        p.free_travel = True
        p.scanned = False
        p.offer = []
        p.offer_kind = ""
    if check_loss(state, turn):
        return
    if state.skip_next_planning:
        state.skip_next_planning = False
        turn.say("The Cascade Failure forces everyone to skip this Planning phase.", kind="warn")
        start_encounter(state, turn)
        return
    state.phase = "planning"
    turn.say(f"Round {state.round}: Planning phase. Captains take their turns in any order.", kind="turn")


def start_encounter(state: State, turn: Turn) -> None:
    state.phase = "encounter"
    state.active = -1
    state.encountered = [i for i, p in enumerate(state.players) if p.out]
    state.mission_done = []
    state.relayed = []
    if state.savior >= 0 and state.savior not in state.encountered:
        state.encountered.append(state.savior)  # the Savior never resolves fleets or beacons
    for p in state.players:
        p.offer = []
        p.offer_kind = ""
    turn.say("Encounter phase: fight the fleets where you are, then answer one beacon.", kind="turn")

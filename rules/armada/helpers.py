"""Small shared mechanics: modules on a ship, credits, dice, damage to player ships."""

from __future__ import annotations

from rules.core import RuleError, Turn
from rules.core.grammar import count

from .content import BASIC, CONTENT, Module
from .state import Die, Player, State, Station

C = CONTENT
SYMBOL_NAMES = {
    "T": "Tactical",
    "E": "Engineering",
    "S": "Science",
    "M": "Medical",
    "C": "Command",
    "-": "blank",
    "*": "any",
}
INFIRMARY = 7


def face_symbols(face: str) -> list[str]:
    """The symbols a face shows; a blank shows none."""
    return [ch for ch in face if ch != "-"]


def face_name(face: str) -> str:
    if not face:
        return "unrolled"
    if face == "-":
        return "blank"
    return "+".join(SYMBOL_NAMES[ch] for ch in face)


def die_faces(die: Die) -> tuple[str, ...]:
    if die.hero:
        return C.heroes[die.hero].faces
    return C.basic_faces


def rolled_label(die: Die) -> str:
    """A die as a roll line shows it: ``#3 Science``, a hero's ``#6 Engineering (Piotr Orlov)``."""
    who = f" ({CONTENT.heroes[die.hero].name})" if die.hero else ""
    return f"#{die.id} {face_name(die.face)}{who}"


def die_label(state: State, die: Die) -> str:
    who = C.heroes[die.hero].name if die.hero else "crew"
    return f"#{die.id} {who} ({face_name(die.face)})"


EXTENSION = 11  # number of the first Savior extension station


_NUMBERS = tuple((*range(1, 7), *range(EXTENSION, EXTENSION + n)) for n in range(5))
"""The station numbers of a ship with 0 to 4 extension stations (asked for every die and station)."""


def station_numbers(player: Player) -> tuple[int, ...]:
    n = len(player.extension)
    return _NUMBERS[n] if n < len(_NUMBERS) else (*range(1, 7), *range(EXTENSION, EXTENSION + n))


def station_of(player: Player, number: int) -> Station:
    if number >= EXTENSION:
        return player.extension[number - EXTENSION]
    return player.stations[number - 1]


def module_id(player: Player, number: int) -> str:
    st = station_of(player, number)
    return st.module or st.base


def module_at(player: Player, number: int) -> Module | None:
    st = player.extension[number - EXTENSION] if number >= EXTENSION else player.stations[number - 1]  # station_of
    mid = st.module or st.base
    return C.modules[mid] if mid else None


def installed(player: Player, *, online: bool = True) -> list[tuple[int, Module]]:
    out = []
    for n in station_numbers(player):
        m = module_at(player, n)
        if m is None:
            continue
        if online and station_of(player, n).offline and not m.never_offline:
            continue
        out.append((n, m))
    return out


def has_kind(player: Player, kind: str) -> Module | None:
    """The first online module of that effect kind (passives work while online): the first of
    :func:`installed` of that kind, found without listing them all."""
    for n in station_numbers(player):
        st = player.extension[n - EXTENSION] if n >= EXTENSION else player.stations[n - 1]  # station_of
        mid = st.module or st.base
        if mid:
            m = C.modules[mid]
            if m.effect["kind"] == kind and not (st.offline and not m.never_offline):
                return m
    return None


def owned_modules(player: Player) -> list[str]:
    ids = [s.module for s in player.stations if s.module]
    return ids + list(player.storage)


def has_hero(state: State, seat: int, ability: str) -> bool:
    return any(C.heroes[h].ability == ability for h in state.players[seat].heroes)


_SCANNERS = frozenset(mid for mid, m in C.modules.items() if m.kind == "scan")
"""The Iris Scanners of every level (:func:`peeks` looks for one before it asks :func:`has_kind`)."""


def peeks(state: State, seat: int) -> bool:
    """E.V.A. or upgraded Iris Scanners let a captain see the top Threat card (one card only). Asked
    for every captain before and after each action: a ship with no scanner at all answers without
    :func:`has_kind`'s walk through its modules (the first online scanner decides)."""
    player = state.players[seat]
    if has_hero(state, seat, "peek_td"):
        return True
    if not any((st.module or st.base) in _SCANNERS for st in (*player.stations, *player.extension)):
        return False
    scanner = has_kind(player, "scan")
    return scanner is not None and scanner.effect.get("level", 1) >= 2


ARTEMIS = "Artemis"


def locations(state: State) -> list[str]:
    """Every place a ship can be: the six planets, plus the Artemis station once it is revealed."""
    out = list(C.planets)
    if state.final in ("artemis", "artemis-v2"):
        out.append(ARTEMIS)
    return out


def planet_links(state: State, planet: str) -> list[str]:
    if state.solo:
        return [p for p in locations(state) if p != planet]
    station = state.final in ("artemis", "artemis-v2")
    if planet == ARTEMIS:
        return ["Invictus"]
    links = list(C.planets[planet].links) if planet in C.planets else []
    if station and planet == "Invictus":
        links.append(ARTEMIS)
    return links


def retreat_to(state: State, planet: str) -> str:
    """Where a beaten or escaping ship falls back: the nearby location with the fewest enemy
    ships, then the fewest beacons, then the first in map order."""
    links = planet_links(state, planet)

    def danger(place: str) -> tuple[int, int, int]:
        ships = sum(len(f.ships) for f in state.fleets if f.planet == place)
        beacons = sum(1 for b in state.beacons if b.planet == place)
        return (ships, beacons, links.index(place))

    return min(links, key=danger)


def planet_has(state: State, planet: str, what: str) -> bool:
    """Whether a working Shipyard/Waystation is at this location."""
    p = C.planets.get(planet)
    return p is not None and bool(getattr(p, what)) and planet not in state.ruined


def distance(state: State, a: str, b: str) -> int:
    if a == b:
        return 0
    seen = {a}
    frontier = [a]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for p in frontier:
            for q in planet_links(state, p):
                if q == b:
                    return d
                if q not in seen:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    return 99


# -- credits -----------------------------------------------------------------------------


def gain_credits(state: State, seat: int, amount: int, turn: Turn, why: str = "") -> int:
    got = max(0, min(amount, state.bank))
    state.bank -= got
    state.players[seat].credits += got
    if amount > 0:
        extra = f" ({why})" if why else ""
        short = " (the bank is empty)" if got < amount else ""
        turn.say(f"{state.seats[seat]} gains {count(got, 'credit')}{extra}{short}.", concerns=[seat])
    return got


def pay(state: State, seat: int, amount: int, what: str) -> None:
    player = state.players[seat]
    if player.credits < amount:
        raise RuleError(f"{what} costs {count(amount, 'credit')}; you have {player.credits}.")
    player.credits -= amount
    state.bank += amount


# -- dice ----------------------------------------------------------------------------------


def dice_of(state: State, seat: int, *locs: str) -> list[Die]:
    return [d for d in state.dice if d.owner == seat and (not locs or d.loc in locs)]


def plain_value(value: object) -> bool:
    """Whether an action's value is a plain number or word (then it can key a memo)."""
    return isinstance(value, int | str) and not isinstance(value, bool)


def find_die(state: State, seat: int, value: object) -> Die:
    if type(value) is int:  # a plain number (not a bool): what the text below would read
        number = value
    elif isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError("Say which die by its number, for example 3.")
    else:
        text = str(value).strip().lstrip("#")
        try:
            number = int(text)
        except ValueError:
            raise RuleError(f"'{text[:20]}' is not a die number.") from None
    for d in state.dice:
        if d.id == number:
            if d.owner != seat:
                raise RuleError(f"Die #{number} is not one of your crew.")
            return d
    raise RuleError(f"There is no die #{number}.")


def dice_to_reroll(state: State, seat: int, action: dict, not_rolled: str) -> list[Die]:
    """The distinct freshly rolled dice of ``seat`` that ``action['dice']`` names (a list, or numbers in text).

    ``not_rolled`` completes "Die #N ..." when a named die is not freshly rolled.
    """
    raw = action.get("dice", [])
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list) or not raw or len(raw) > 40:
        raise RuleError("Say which dice to reroll, by their numbers.")
    dice: list[Die] = []
    for value in raw:
        die = find_die(state, seat, value)
        if die.loc != "rolled":
            raise RuleError(f"Die #{die.id} {not_rolled}")
        if die not in dice:
            dice.append(die)
    return dice


def roll(state: State, dice: list[Die], turn: Turn, label: str) -> None:
    """Roll these dice (one logged roll event) and set their faces; they become ``rolled``."""
    if not dice:
        return
    logged = len(turn.events)
    results = turn.rng.dice(len(dice), 6, label=label)
    for die, r in zip(dice, results, strict=True):
        die.face = die_faces(die)[r - 1]
        die.loc = "rolled"
    # one line per roll: the faces the dice now show, not the raw numbers as well
    turn.events[logged:] = [e for e in turn.events[logged:] if e.kind != "roll"]
    turn.say(label + ": " + ", ".join(rolled_label(d) for d in dice), kind="roll", sides=6, faces=results)


def to_infirmary(state: State, die: Die, turn: Turn, *, forced: bool = True) -> bool:
    """Send a die to the Infirmary (V41-K stops forced sends). Sekani pays 1 Shield."""
    if forced and has_hero(state, die.owner, "v41k"):
        turn.say(f"V41-K keeps {state.seats[die.owner]}'s die #{die.id} out of the Infirmary.", concerns=[die.owner])
        return False
    die.loc = "infirmary"
    die.station = 0
    die.section = -1
    player = state.players[die.owner]
    if has_hero(state, die.owner, "sekani") and player.shield < player.max_shield:
        player.shield += 1
    return True


def worst_free_die(state: State, seat: int, locs: tuple[str, ...] = ("rolled", "crew")) -> Die | None:
    """The die an absent player would give up first: blank basic dice, then basic, then heroes."""
    pool = dice_of(state, seat, *locs)
    if not pool:
        return None
    return min(pool, key=lambda d: (d.face != "-", bool(d.hero), d.id))


# -- ship damage ----------------------------------------------------------------------------


def recompute_max(player: Player) -> None:
    """Max Shield/Hull from the ship plus installed plating (kept even while Offline)."""
    ship = C.ships[player.ship]
    extra_hull = 0
    extra_shield = 0
    for n in range(1, 7):
        m = module_at(player, n)
        if m is None:
            continue
        if m.kind == "max_hull":
            extra_hull += m.effect["amount"]
        extra_shield += int(m.effect.get("max_shield", 0))
    player.max_hull = ship.hull + extra_hull
    player.max_shield = ship.shield + extra_shield
    player.hull = min(player.hull, player.max_hull)
    player.shield = min(player.shield, player.max_shield)


def damage_player(state: State, seat: int, amount: int, dtype: str, turn: Turn, source: str) -> int:
    """Apply one hit; returns the Hull lost. Guards from modules are honoured here."""
    player = state.players[seat]
    name = state.seats[seat]
    if amount <= 0:
        return 0
    if "cloak" in player.guards:
        turn.say(f"{name} is cloaked: {source} misses.", concerns=[seat])
        return 0
    for d in state.dice:
        if d.owner == seat and d.loc == "locked" and d.station in station_numbers(player):
            m = module_at(player, d.station)
            if m is not None and m.kind == "armor":
                d.loc, d.station, d.face = "crew", 0, ""
                turn.say(f"{name}'s Allium Ablative Armor soaks up {source}.", concerns=[seat])
                return 0
    if dtype == "kinetic" and "kinetic" in player.guards:
        turn.say(f"Senna Anti-Ordnance stops {source}.")
        return 0
    if player.polarity and player.polarity == dtype:
        turn.say(f"The Polarity Drive cancels {source}.")
        return 0
    if dtype == "energy" and "energy" in player.guards:
        amount = 1
    if dtype == "pure" and has_kind(player, "stabilizer"):
        turn.say(f"Valerian Mass Stabilizers absorb {source}.")
        return 0
    lost = 0
    if dtype == "energy":
        soak = min(player.shield, amount)
        player.shield -= soak
        lost = min(player.hull, amount - soak)
    elif dtype == "ion":
        player.shield = max(0, player.shield - amount)
    else:  # kinetic, pure
        lost = min(player.hull, amount)
    player.hull -= lost
    turn.say(f"{source} hits {name} for {amount} {dtype}: Shield {player.shield}, Hull {player.hull}.", concerns=[seat])
    if lost and player.hull == 0:
        set_critical(state, seat, turn)
    return lost


def set_critical(state: State, seat: int, turn: Turn) -> None:
    player = state.players[seat]
    if player.critical:
        return
    player.critical = True
    turn.say(f"{state.seats[seat]}'s ship is in Critical Damage!", kind="warn", concerns=[seat])
    if state.savior >= 0 and not player.out:
        player.out = True
        player.done = True
        if seat not in state.encountered:
            state.encountered.append(seat)
        turn.say(f"{state.seats[seat]} is out of the game.", kind="warn")
    if state.solo and player.rebuild > 0:
        player.rebuild -= 1
        player.critical = False
        player.hull = player.max_hull
        player.shield = player.max_shield
        turn.say("Tactic: Rebuild restores the ship to full strength (no more rebuilds).", kind="warn")


def basic_symbol(sym: str) -> bool:
    return sym in BASIC


# -- leaving Combat ------------------------------------------------------------------------


def clear_held(station: Station) -> None:
    """Forget the activation in progress on a station."""
    station.held = []
    station.held_dice = []
    station.partial = []


def reset_ship(state: State, seat: int) -> None:
    player = state.players[seat]
    for d in state.dice:
        if d.home >= 0 and (d.home == seat or d.owner == seat):
            d.owner = d.home
            d.home = -1
            d.loc = "crew"
            d.station = 0
            d.face = ""
    for d in dice_of(state, seat):
        d.loc = "crew"
        d.station = 0
        d.section = -1
        d.face = ""
    for st in [*player.stations, *player.extension]:
        st.offline = False
        clear_held(st)
        st.uses = 0
        st.dice = 0
        st.counters = 0
    player.guards = []
    player.polarity = ""

"""Armada content: the TOML files under data/armada, loaded once and validated.

Every check failure raises :class:`ContentError` naming the file and the entry, so a bad edit to
the data is caught at import time (and by the content test) rather than in the middle of a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from rules.core.content import ContentError as ContentError  # re-exported: callers catch it here
from rules.core.content import get_int, get_list, get_str, get_table, keyed_entries, read_toml, require

DATA = Path(__file__).resolve().parents[2] / "data" / "armada"

SYMBOLS = "TESMC"
BASIC = "TESM"
DTYPES = ("energy", "kinetic", "ion", "pure")
PLAYER_DTYPES = ("energy", "kinetic", "ion")
KEYWORDS = ("quickstrike", "multi", "direct", "area", "damaged_only")
PASSIVE_KINDS = (  # module effects that take no dice; every other kind needs them
    "reroll",
    "travel",
    "free_travel",
    "max_hull",
    "max_shield",
    "credits_bonus",
    "minelayer",
    "jammer",
    "scan",
    "lock",
    "ram",
    "stabilizer",
    "relay",
    "configure_anywhere",
    "cargo",
    "savior_engine",
)
MODULE_KINDS = (
    "damage",
    "shield",
    "repair",
    "heal",
    "stasis",
    "polarity",
    "guard",
    "cloak",
    "gatling",
    "drone",
    "spindle",
    "transfer",
    "teleport",
    "armor",
    *PASSIVE_KINDS,
)
ENEMY_KINDS = ("attack", "shields", "repair", "disable", "timer", "blast", "escape", "per_ship")
ENEMY_PASSIVES = ("protect", "qube_save", "qube_destroy", "starion", "quartz", "kabuto", "mirage", "cyclone")
FACTIONS = ("Federation", "Junker", "Mercenary", "Xeno")
HAZARDS = ("none", "damage", "spawn", "td", "drain", "block_hire")
EVENT_KINDS = ("normal", "sequence", "decision", "cargo", "special")
THREAT_KINDS = ("new_fleet", "reinforce", "scramble")
POOL_SIZE = 88
ENEMY_DECK_SIZE = 55
EVENT_CARDS = 52
HERO_COUNT = 34
THREAT_COUNT = 30


@dataclass(frozen=True)
class Module:
    id: str
    name: str
    family: str
    tier: int
    cost: int
    upgrade: int
    req: tuple[str, ...]
    effect: dict[str, Any]
    copies: int
    never_offline: bool = False
    per_round: int = 0
    credit_cost: int = 0
    team: bool = False
    max_dice: int = 0
    starter: bool = False
    cargo: bool = False
    savior: bool = False
    text: str = ""  # one line in plain words saying what it does (data)

    @cached_property
    def kind(self) -> str:
        """The effect's kind (read for every die and station a listing asks about: worked out once)."""
        return self.effect["kind"]

    @cached_property
    def passive(self) -> bool:
        return not self.req


@dataclass(frozen=True)
class Ship:
    id: str
    name: str
    shield: int
    hull: int
    signature: str
    stations: tuple[str, ...]
    blurb: str


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    role: str
    traits: tuple[str, ...]
    cost: int
    faces: tuple[str, ...]
    ability: str
    window: str
    text: str


@dataclass(frozen=True)
class EnemyAction:
    on: tuple[int, ...]
    kind: str
    amount: int = 0
    dtype: str = "energy"
    breach: int = 0
    area: bool = False
    count: int = 0
    per_timer: int = 0
    solo: int = 0
    side: str = ""
    text: str = ""  # one line in plain words (data); action_text() falls back to a generated one


@dataclass(frozen=True)
class Enemy:
    id: str
    name: str
    faction: str
    type: str
    hull: int
    shield: int
    scrap: int
    copies: int
    actions: tuple[EnemyAction, ...]
    passives: tuple[str, ...] = ()


@dataclass(frozen=True)
class Event:
    number: int
    name: str
    planet: str
    kind: str
    rows: tuple[tuple[str, ...], ...]
    hazard: dict[str, Any]
    credits: int
    data: str
    td: int
    hull: int
    prime: bool = False
    entry_cost: int = 0
    skip_planning: bool = False
    mitigation: bool = False
    cargo: str = ""
    deliver_to: str = ""
    out_of_deck: bool = False
    award: str = ""  # "" = reward split among the members | poorest: all credits to the poorest captain


@dataclass(frozen=True)
class Threat:
    id: str
    kind: str
    planet: str = ""
    ships: int = 0
    target: str = "planet"
    solo_ships: int = 0  # ships this card brings in a one-captain game (0 = the same as ``ships``)

    def ships_for(self, solo: bool) -> int:
        """How many enemy ships the card brings: our cards print a separate count for solo games."""
        return self.solo_ships if solo and self.solo_ships else self.ships


@dataclass(frozen=True)
class Planet:
    name: str
    shipyard: bool
    waystation: bool
    links: tuple[str, ...]


@dataclass(frozen=True)
class DecodeLine:
    a: str
    b: str
    final: str
    min_players: int
    max_players: int


@dataclass(frozen=True)
class SoloRule:
    """Table option solo_bonus=on (our design, off by default): enemy attacks of `min_amount`+ damage
    deal `bonus` more to a lone captain."""

    bonus: int = 0
    min_amount: int = 1


@dataclass
class Content:
    basic_faces: tuple[str, ...]
    modules: dict[str, Module]
    ships: dict[str, Ship]
    heroes: dict[str, Hero]
    enemies: dict[str, Enemy]
    events: dict[int, Event]
    dont_panic: dict[str, int]
    threats: dict[str, Threat]
    planets: dict[str, Planet]
    data_symbols: tuple[str, ...]
    data_per_symbol: int
    data_needed: int
    data_needed_short: int
    decode: tuple[DecodeLine, ...]
    finals: dict[str, Any]
    topics: list[dict[str, str]] = field(default_factory=list)
    solo_rule: SoloRule = field(default_factory=SoloRule)


# -- helpers ---------------------------------------------------------------------------


def _load(name: str) -> dict[str, Any]:
    return read_toml(DATA, name)


def _flag(raw: dict[str, Any], key: str, where: str, default: bool | None = False) -> bool:
    """``raw[key]`` as true or false (``default`` when absent; ``None`` makes it required)."""
    value = raw.get(key, default)
    require(value is not None, where, f"missing '{key}'")
    require(isinstance(value, bool), where, f"'{key}' must be true or false, not {value!r}")
    return value


def _text(raw: dict[str, Any], key: str, where: str, default: str | None = "") -> str:
    """``raw[key]`` as a text that may be empty (``default`` when absent; ``None`` makes it required).

    The shared ``get_str`` refuses an empty text; these fields take one (e.g. ``data = ""``).
    """
    value = raw.get(key, default)
    require(value is not None, where, f"missing '{key}'")
    require(isinstance(value, str), where, f"'{key}' must be a text, not {value!r}")
    return value


def _face_ok(face: str, allow_command: bool) -> bool:
    if face == "-":
        return True
    letters = SYMBOLS if allow_command else BASIC
    return 1 <= len(face) <= 3 and all(ch in letters for ch in face)


def _line(raw: dict[str, Any], key: str, where: str) -> str:
    """A required one-line description: 8..110 characters, no line breaks."""
    text = _text(raw, key, where, None)
    require("\n" not in text and 8 <= len(text.strip()) <= 110, where, f"'{key}' must be one line of 8..110 characters")
    return text.strip()


def action_text(a: EnemyAction) -> str:
    """What an enemy action does, in one line (the data's own words when it has them)."""
    if a.text:
        return a.text
    dtype = "unblockable" if a.dtype == "pure" else a.dtype
    if a.kind == "attack":
        text = f"{a.amount} {dtype} damage" + (" to every captain in the fight" if a.area else "")
        if a.breach:
            text += f" and {a.breach} hull breach" + ("es" if a.breach > 1 else "")
        if a.solo:
            text += f" ({a.solo} if it fires alone)"
        return text
    return {
        "shields": f"regains {a.amount} shield token{'s' if a.amount != 1 else ''}",
        "repair": f"removes {a.amount} damage from every ship in its fleet",
        "disable": f"sends {a.count} of your free crew dice to the Infirmary",
        "timer": "adds a timer token to itself",
        "blast": f"{a.per_timer} {dtype} damage per timer token, then clears them",
        "escape": "the whole fleet slips away and the fight ends",
        "per_ship": f"1 {dtype} damage for each ship in its fleet",
    }.get(a.kind, a.kind)


def _enemy_actions(entry: dict[str, Any], where: str, need_text: bool = False) -> tuple[EnemyAction, ...]:
    out = []
    for raw in get_list(entry, "actions", where, non_empty=True):
        require(isinstance(raw, dict), where, "each action must be a table")
        on = get_list(raw, "on", where)
        require(
            bool(on) and all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in on),
            where,
            "'on' must list die results 1..6",
        )
        kind = get_str(raw, "kind", where)
        require(kind in ENEMY_KINDS, where, f"unknown action kind '{kind}'")
        dtype = get_str(raw, "dtype", where, "energy")
        require(dtype in DTYPES, where, f"unknown damage type '{dtype}'")
        amount = get_int(raw, "amount", where, 0, 10, 0)
        require(
            amount >= 1 or kind not in ("attack", "shields", "repair"),
            where,
            f"a {kind} action needs a positive amount",
        )
        out.append(
            EnemyAction(
                on=tuple(on),
                kind=kind,
                amount=amount,
                dtype=dtype,
                breach=get_int(raw, "breach", where, 0, 3, 0),
                area=_flag(raw, "area", where),
                count=get_int(raw, "count", where, 0, 5, 1 if kind == "disable" else 0),
                per_timer=get_int(raw, "per_timer", where, 0, 5, 0),
                solo=get_int(raw, "solo", where, 0, 10, 0),
                side=_text(raw, "side", where),
                text=_line(raw, "text", where) if need_text else "",
            )
        )
    return tuple(out)


# -- loaders -----------------------------------------------------------------------------


def _modules() -> dict[str, Module]:
    raw = _load("modules.toml").get("module")
    if not isinstance(raw, list):
        raise ContentError("modules.toml: no [[module]] entries")
    out: dict[str, Module] = {}
    for where, mid, m in keyed_entries({"module": raw}, "modules.toml", "module"):
        req = get_list(m, "req", where)
        require(
            len(req) <= 3 and all(isinstance(s, str) and s in SYMBOLS + "*" for s in req),
            where,
            "'req' must list up to 3 of T E S M C *",
        )
        effect = get_table(m, "effect", where)
        kind = effect.get("kind")
        require(kind in MODULE_KINDS, where, f"unknown effect kind '{kind}'")
        if kind in ("damage", "drone", "spindle"):
            get_int(effect, "amount", where, 1, 10)  # a weapon's damage
        require(
            kind not in ("damage", "drone") or effect.get("dtype") in PLAYER_DTYPES,
            where,
            "a weapon needs dtype energy, kinetic or ion",
        )
        boost = get_int(effect, "boost", where, 0, 3, 0)
        require(
            not boost or (kind == "damage" and len(set(req)) == 1),
            where,
            "'boost' is for weapons needing a single kind of symbol",
        )
        for kw in effect.get("keywords", []):
            require(kw in KEYWORDS, where, f"unknown keyword '{kw}'")
        if kind in ("shield", "repair", "max_hull", "max_shield", "credits_bonus", "transfer"):
            get_int(effect, "amount", where, 1, 6)
        require(
            kind != "guard" or effect.get("against") in ("kinetic", "energy"),
            where,
            "guard needs against = kinetic or energy",
        )
        require((kind in PASSIVE_KINDS) == (not req), where, "passive effects take no dice and active ones need dice")
        module = Module(
            id=mid,
            name=get_str(m, "name", where),
            family=get_str(m, "family", where),
            tier=get_int(m, "tier", where, 1, 3),
            cost=get_int(m, "cost", where, 0, 15),
            upgrade=get_int(m, "upgrade", where, 0, 10),
            req=tuple(req),
            effect=dict(effect),
            copies=get_int(m, "copies", where, 0, 6),
            never_offline=_flag(m, "never_offline", where),
            per_round=get_int(m, "per_round", where, 0, 5, 0),
            credit_cost=get_int(m, "credit_cost", where, 0, 3, 0),
            team=_flag(m, "team", where),
            max_dice=get_int(m, "max_dice", where, 0, 3, 0),
            starter=_flag(m, "starter", where),
            cargo=_flag(m, "cargo", where),
            savior=_flag(m, "savior", where),
            text=_line(m, "text", where),
        )
        require(
            not module.copies or not (module.starter or module.cargo or module.savior),
            where,
            "starter and cargo modules are never in the pool (copies = 0)",
        )
        require(module.tier == 1 or module.upgrade >= 1, where, "an upgraded tier needs an upgrade cost")
        out[mid] = module
    total = sum(m.copies for m in out.values())
    if total != POOL_SIZE:
        raise ContentError(f"modules.toml: pool copies sum to {total}, expected {POOL_SIZE}")
    families: dict[str, set[int]] = {}
    for m in out.values():
        families.setdefault(m.family, set()).add(m.tier)
    for fam, tiers in families.items():
        if 1 not in tiers:
            raise ContentError(f"modules.toml: family '{fam}' has no tier 1")
    for mid in ("barrier-v3", "barrier-x", "cereus-plating"):
        if mid not in out or out[mid].copies < 2:
            raise ContentError(f"modules.toml: {mid} needs at least 2 copies (solo removes 2)")
    return out


def _ships(modules: dict[str, Module]) -> dict[str, Ship]:
    raw = _load("ships.toml").get("ship")
    if not isinstance(raw, list) or len(raw) != 6:
        raise ContentError("ships.toml: expected 6 [[ship]] entries")
    out: dict[str, Ship] = {}
    for where, sid, s in keyed_entries({"ship": raw}, "ships.toml", "ship"):
        stations = get_list(s, "stations", where)
        require(len(stations) == 6, where, "needs exactly 6 stations")
        for st in stations:
            require(
                not st or (st in modules and modules[st].starter),
                where,
                f"station module '{st}' is not a starter module",
            )
        sig = get_str(s, "signature", where)
        require(sig in stations, where, "its signature system must be installed")
        out[sid] = Ship(
            id=sid,
            name=get_str(s, "name", where),
            shield=get_int(s, "shield", where, 1, 8),
            hull=get_int(s, "hull", where, 4, 20),
            signature=sig,
            stations=tuple(stations),
            blurb=_text(s, "blurb", where),
        )
    if max(out.values(), key=lambda s: s.hull).id != "hades":
        raise ContentError("ships.toml: Hades Mk II must have the largest Hull")
    if max(out.values(), key=lambda s: s.shield).id != "dawns-reach":
        raise ContentError("ships.toml: Dawn's Reach must have the largest Shield")
    return out


def _heroes() -> dict[str, Hero]:
    raw = _load("heroes.toml").get("hero")
    if not isinstance(raw, list) or len(raw) != HERO_COUNT:
        raise ContentError(f"heroes.toml: expected {HERO_COUNT} heroes")
    out: dict[str, Hero] = {}
    for where, hid, h in keyed_entries({"hero": raw}, "heroes.toml", "hero"):
        faces = get_list(h, "faces", where)
        require(
            len(faces) == 6 and all(isinstance(f, str) and _face_ok(f, True) for f in faces),
            where,
            "needs 6 faces made of T E S M C or '-'",
        )
        out[hid] = Hero(
            id=hid,
            name=get_str(h, "name", where),
            role=get_str(h, "role", where),
            traits=tuple(get_list(h, "traits", where)),
            cost=get_int(h, "cost", where, 3, 7),
            faces=tuple(faces),
            ability=get_str(h, "ability", where),
            window=get_str(h, "window", where),
            text=get_str(h, "text", where),
        )
    if out.get("genevieve") is None or out["genevieve"].cost != 5:
        raise ContentError("heroes.toml: Genevieve the Red must cost 5")
    return out


def _solo_rule() -> SoloRule:
    raw = _load("enemies.toml").get("solo", {})
    where = "enemies.toml: [solo]"
    if not isinstance(raw, dict):
        raise ContentError(f"{where} must be a table")
    return SoloRule(bonus=get_int(raw, "bonus", where, 0, 3, 0), min_amount=get_int(raw, "min_amount", where, 1, 9, 1))


def _enemies() -> dict[str, Enemy]:
    raw = _load("enemies.toml").get("enemy")
    if not isinstance(raw, list):
        raise ContentError("enemies.toml: no [[enemy]] entries")
    out: dict[str, Enemy] = {}
    for where, eid, e in keyed_entries({"enemy": raw}, "enemies.toml", "enemy"):
        faction = get_str(e, "faction", where)
        require(faction in FACTIONS, where, f"unknown faction '{faction}'")
        passives = get_list(e, "passives", where, [])
        for p in passives:
            require(p in ENEMY_PASSIVES, where, f"unknown passive '{p}'")
        out[eid] = Enemy(
            id=eid,
            name=get_str(e, "name", where),
            faction=faction,
            type=get_str(e, "type", where),
            hull=get_int(e, "hull", where, 1, 6),
            shield=get_int(e, "shield", where, 0, 3),
            scrap=get_int(e, "scrap", where, 1, 3),
            copies=get_int(e, "copies", where, 1, 8),
            actions=_enemy_actions(e, where, need_text=True),
            passives=tuple(passives),
        )
    total = sum(e.copies for e in out.values())
    if total != ENEMY_DECK_SIZE:
        raise ContentError(f"enemies.toml: copies sum to {total}, expected {ENEMY_DECK_SIZE}")
    return out


def _section_ok(section: str) -> bool:
    return 1 <= len(section) <= 3 and all(ch in SYMBOLS + "*" for ch in section)


def _award(entry: dict[str, Any], where: str) -> str:
    award = entry.get("award", "")
    require(award in ("", "poorest"), where, 'award must be "poorest" when given')
    return str(award)


def _events(planets: dict[str, Planet], modules: dict[str, Module]) -> tuple[dict[int, Event], dict[str, int]]:
    data = _load("events.toml")
    raw = data.get("event")
    if not isinstance(raw, list) or len(raw) != EVENT_CARDS:
        raise ContentError(f"events.toml: expected {EVENT_CARDS} events")
    out: dict[int, Event] = {}
    for i, e in enumerate(raw):
        where = f"events.toml: event #{i + 1} ({e.get('number', '?')})"
        number = get_int(e, "number", where, 0, 99)
        require(number not in out, where, "duplicate number")
        planet = get_str(e, "planet", where)
        require(planet in planets, where, f"unknown planet '{planet}'")
        kind = get_str(e, "kind", where)
        require(kind in EVENT_KINDS, where, f"unknown kind '{kind}'")
        rows = get_list(e, "rows", where)
        require(
            bool(rows) and all(isinstance(r, list) and r for r in rows),
            where,
            "'rows' must be a list of non-empty rows",
        )
        for row in rows:
            for sec in row:
                require(isinstance(sec, str) and _section_ok(sec), where, f"bad section '{sec}'")
        hazard = get_table(e, "hazard", where)
        hk = hazard.get("kind")
        require(hk in HAZARDS, where, f"unknown hazard '{hk}'")
        require(
            hk != "damage"
            or (
                hazard.get("dtype") in PLAYER_DTYPES
                and hazard.get("scope") in ("planet", "all")
                and isinstance(hazard.get("amount"), int)
            ),
            where,
            "a damage hazard needs amount, dtype and scope",
        )
        require(hk != "spawn" or isinstance(hazard.get("ships"), int), where, "a spawn hazard needs ships")
        require(hk != "td" or isinstance(hazard.get("count"), int), where, "a td hazard needs count")
        require(hk != "drain" or isinstance(hazard.get("amount"), int), where, "a drain hazard needs amount")
        rewards = get_table(e, "rewards", where)
        penalties = get_table(e, "penalties", where)
        rwhere = f"events.toml: event {number} rewards"
        pwhere = f"events.toml: event {number} penalties"
        data_reward = _text(rewards, "data", rwhere, None)
        cargo = _text(e, "cargo", where)
        deliver_to = _text(e, "deliver_to", where)
        if kind == "cargo":
            require(cargo in modules and modules[cargo].cargo, where, "a cargo mission needs a cargo module")
            require(
                deliver_to in planets and deliver_to != planet,
                where,
                "a cargo mission needs another planet to deliver to",
            )
        out[number] = Event(
            number=number,
            name=get_str(e, "name", where),
            planet=planet,
            kind=kind,
            rows=tuple(tuple(r) for r in rows),
            hazard=dict(hazard),
            credits=get_int(rewards, "credits", rwhere, 0, 6),
            data=data_reward,
            td=get_int(penalties, "td", pwhere, 0, 3),
            hull=get_int(penalties, "hull", pwhere, 0, 5),
            prime=_flag(e, "prime", where),
            entry_cost=get_int(e, "entry_cost", where, 0, 3, 0),
            skip_planning=_flag(e, "skip_planning", where),
            mitigation=_flag(e, "mitigation", where),
            cargo=cargo,
            deliver_to=deliver_to,
            out_of_deck=_flag(e, "out_of_deck", where),
            award=_award(e, where),
        )
    for needed in (0, 14, 15, 20, 49, 52, 99):
        if needed not in out:
            raise ContentError(f"events.toml: event {needed} is required by the rules")
    if not out[0].out_of_deck or out[0].planet != "Terra":
        raise ContentError("events.toml: event 0 starts on Terra, out of the bag")
    if out[20].award != "poorest":
        raise ContentError("events.toml: event 20 must award the poorest captain (its ties go to a vote)")
    if out[15].hazard.get("kind") != "block_hire":
        raise ContentError("events.toml: event 15 must block hiring")
    kinds = {e.kind for e in out.values()}
    for k in ("sequence", "decision", "cargo"):
        if k not in kinds:
            raise ContentError(f"events.toml: no {k} mission")
    if not any(e.prime for e in out.values()):
        raise ContentError("events.toml: no Prime mission")
    tokens = data.get("tokens", {})
    dp = tokens.get("dont_panic") if isinstance(tokens, dict) else None
    if not isinstance(dp, dict) or set(dp) != {"easy", "normal", "hard"}:
        raise ContentError("events.toml: [tokens] dont_panic needs easy/normal/hard")
    if len(out) + dp["normal"] != 60:
        raise ContentError("events.toml: events + normal Don't Panic tokens must make 60 tokens")
    return out, dict(dp)


def _threats(planets: dict[str, Planet]) -> dict[str, Threat]:
    raw = _load("threats.toml").get("threat")
    if not isinstance(raw, list) or len(raw) != THREAT_COUNT:
        raise ContentError(f"threats.toml: expected {THREAT_COUNT} cards")
    out: dict[str, Threat] = {}
    for where, tid, t in keyed_entries({"threat": raw}, "threats.toml", "threat"):
        kind = get_str(t, "kind", where)
        require(kind in THREAT_KINDS, where, f"unknown kind '{kind}'")
        if kind == "scramble":
            out[tid] = Threat(id=tid, kind=kind)
            continue
        planet = get_str(t, "planet", where)
        require(planet in planets, where, f"unknown planet '{planet}'")
        target = get_str(t, "target", where, "planet")
        require(target in ("planet", "nearest"), where, "target must be planet or nearest")
        out[tid] = Threat(
            id=tid,
            kind=kind,
            planet=planet,
            ships=get_int(t, "ships", where, 1, 3),
            target=target,
            solo_ships=get_int(t, "solo_ships", where, 0, 3, 0),
        )
    if not any(t.kind == "scramble" for t in out.values()):
        raise ContentError("threats.toml: at least one Scramble card is needed")
    return out


def _planets() -> dict[str, Planet]:
    raw = _load("map.toml").get("planet")
    if not isinstance(raw, list) or len(raw) != 6:
        raise ContentError("map.toml: expected 6 planets")
    out: dict[str, Planet] = {}
    for i, p in enumerate(raw):
        where = f"map.toml: planet #{i + 1} ({p.get('name', '?')})"
        name = get_str(p, "name", where)
        out[name] = Planet(
            name=name,
            shipyard=_flag(p, "shipyard", where, None),
            waystation=_flag(p, "waystation", where, None),
            links=tuple(get_list(p, "links", where)),
        )
    for p in out.values():
        for link in p.links:
            if link not in out:
                raise ContentError(f"map.toml: {p.name}: unknown link '{link}'")
            if p.name not in out[link].links:
                raise ContentError(f"map.toml: {p.name} -> {link} is not linked both ways")
    if out.get("Luna") is None or out["Luna"].links != ("Terra",):
        raise ContentError("map.toml: Luna's only link must be Terra")
    if sum(p.shipyard for p in out.values()) < 2 or sum(p.waystation for p in out.values()) < 2:
        raise ContentError("map.toml: at least 2 Shipyards and 2 Waystations are needed")
    return out


def load() -> Content:
    dice = _load("dice.toml")
    basic = dice.get("basic", {}).get("faces")
    if not isinstance(basic, list) or len(basic) != 6 or any(not _face_ok(f, False) for f in basic):
        raise ContentError("dice.toml: [basic] faces must be 6 basic faces")
    if basic.count("-") != 2:
        raise ContentError("dice.toml: the basic die has exactly 2 blank faces")
    modules = _modules()
    planets = _planets()
    events, dont_panic = _events(planets, modules)
    tokens = _load("datatokens.toml")
    symbols = tokens.get("symbols")
    if not isinstance(symbols, list) or len(symbols) < 2:
        raise ContentError("datatokens.toml: needs a symbols list")
    for e in events.values():
        if e.data not in ("", "random", *symbols):
            raise ContentError(f"events.toml: event {e.number}: unknown data reward '{e.data}'")
    lines = []
    for i, d in enumerate(tokens.get("decode", [])):
        where = f"datatokens.toml: decode line {i + 1}"
        a, b = get_str(d, "a", where), get_str(d, "b", where)
        for s in (a, b):
            require(s == "*" or s in symbols, where, f"unknown symbol '{s}'")
        lines.append(
            DecodeLine(
                a=a,
                b=b,
                final=get_str(d, "final", where),
                min_players=get_int(d, "min_players", where, 1, 4),
                max_players=get_int(d, "max_players", where, 1, 4),
            )
        )
    finals = _load("finals.toml")
    for line in lines:
        if line.final not in finals:
            raise ContentError(f"datatokens.toml: unknown final '{line.final}'")
    if not lines or lines[-1].a != "*":
        raise ContentError("datatokens.toml: the last decode lines must be the catch-all")
    rules = _load("rules.toml").get("topic", [])
    if not 6 <= len(rules) <= 15:
        raise ContentError("rules.toml: 6 to 15 topics expected")
    for t in rules:
        if not isinstance(t.get("text"), str) or len(t["text"]) > 900:
            raise ContentError(f"rules.toml: topic {t.get('key')}: text missing or over 900 characters")
    return Content(
        basic_faces=tuple(basic),
        modules=modules,
        ships=_ships(modules),
        heroes=_heroes(),
        enemies=_enemies(),
        events=events,
        dont_panic=dont_panic,
        threats=_threats(planets),
        planets=planets,
        data_symbols=tuple(symbols),
        data_per_symbol=int(tokens.get("per_symbol", 6)),
        data_needed=int(tokens.get("needed", 4)),
        data_needed_short=int(tokens.get("needed_short", 3)),
        decode=tuple(lines),
        finals=finals,
        topics=[dict(t) for t in rules],
        solo_rule=_solo_rule(),
    )


CONTENT = load()

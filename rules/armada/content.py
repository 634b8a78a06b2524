"""Armada content: the TOML files under data/armada, loaded once and validated.

Every check failure raises :class:`ContentError` naming the file and the entry, so a bad edit to
the data is caught at import time (and by the content test) rather than in the middle of a game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "data" / "armada"

SYMBOLS = "TESMC"
BASIC = "TESM"
DTYPES = ("energy", "kinetic", "ion", "pure")
PLAYER_DTYPES = ("energy", "kinetic", "ion")
KEYWORDS = ("quickstrike", "multi", "direct", "area", "damaged_only")
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
    "armor",
    "savior_engine",
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


class ContentError(ValueError):
    """A data file under data/armada is malformed."""


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

    @property
    def kind(self) -> str:
        return self.effect["kind"]

    @property
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


@dataclass(frozen=True)
class Threat:
    id: str
    kind: str
    planet: str = ""
    ships: int = 0
    target: str = "planet"


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


# -- helpers ---------------------------------------------------------------------------


def _load(name: str) -> dict[str, Any]:
    path = DATA / name
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{name}: cannot read: {exc}") from exc


class _Check:
    def __init__(self, file: str, entry: str) -> None:
        self.file = file
        self.entry = entry

    def fail(self, msg: str) -> ContentError:
        return ContentError(f"{self.file}: {self.entry}: {msg}")

    def get(self, raw: dict[str, Any], key: str, typ: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in raw:
            if default is ...:
                raise self.fail(f"missing '{key}'")
            return default
        value = raw[key]
        if isinstance(value, bool) and typ is int:
            raise self.fail(f"'{key}' must be {typ}")
        if not isinstance(value, typ):
            raise self.fail(f"'{key}' must be {typ}")
        return value

    def int_range(self, raw: dict[str, Any], key: str, low: int, high: int, default: Any = ...) -> int:
        value = self.get(raw, key, int, default)
        if not low <= value <= high:
            raise self.fail(f"'{key}' = {value} is outside {low}..{high}")
        return value


def _face_ok(face: str, allow_command: bool) -> bool:
    if face == "-":
        return True
    letters = SYMBOLS if allow_command else BASIC
    return 1 <= len(face) <= 3 and all(ch in letters for ch in face)


def _line(chk: _Check, raw: dict[str, Any], key: str) -> str:
    """A required one-line description: 8..110 characters, no line breaks."""
    text = chk.get(raw, key, str)
    if "\n" in text or not 8 <= len(text.strip()) <= 110:
        raise chk.fail(f"'{key}' must be one line of 8..110 characters")
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
        "shields": f"regains {a.amount} shield token(s)",
        "repair": f"removes {a.amount} damage from every ship in its fleet",
        "disable": f"sends {a.count} of your free crew dice to the Infirmary",
        "timer": "adds a timer token to itself",
        "blast": f"{a.per_timer} {dtype} damage per timer token, then clears them",
        "escape": "the whole fleet slips away and the fight ends",
        "per_ship": f"1 {dtype} damage for each ship in its fleet",
    }.get(a.kind, a.kind)


def _enemy_actions(chk: _Check, raw_actions: Any, need_text: bool = False) -> tuple[EnemyAction, ...]:
    if not isinstance(raw_actions, list) or not raw_actions:
        raise chk.fail("'actions' must be a non-empty list")
    out = []
    for raw in raw_actions:
        if not isinstance(raw, dict):
            raise chk.fail("each action must be a table")
        on = chk.get(raw, "on", list)
        if not on or any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in on):
            raise chk.fail("'on' must list die results 1..6")
        kind = chk.get(raw, "kind", str)
        if kind not in ENEMY_KINDS:
            raise chk.fail(f"unknown action kind '{kind}'")
        dtype = chk.get(raw, "dtype", str, "energy")
        if dtype not in DTYPES:
            raise chk.fail(f"unknown damage type '{dtype}'")
        amount = chk.int_range(raw, "amount", 0, 10, 0)
        if kind in ("attack", "shields", "repair") and amount < 1:
            raise chk.fail(f"a {kind} action needs a positive amount")
        out.append(
            EnemyAction(
                on=tuple(on),
                kind=kind,
                amount=amount,
                dtype=dtype,
                breach=chk.int_range(raw, "breach", 0, 3, 0),
                area=chk.get(raw, "area", bool, False),
                count=chk.int_range(raw, "count", 0, 5, 1 if kind == "disable" else 0),
                per_timer=chk.int_range(raw, "per_timer", 0, 5, 0),
                solo=chk.int_range(raw, "solo", 0, 10, 0),
                side=chk.get(raw, "side", str, ""),
                text=_line(chk, raw, "text") if need_text else "",
            )
        )
    return tuple(out)


# -- loaders -----------------------------------------------------------------------------


def _modules() -> dict[str, Module]:
    raw = _load("modules.toml").get("module")
    if not isinstance(raw, list):
        raise ContentError("modules.toml: no [[module]] entries")
    out: dict[str, Module] = {}
    for i, m in enumerate(raw):
        chk = _Check("modules.toml", f"module #{i + 1} ({m.get('id', '?')})")
        mid = chk.get(m, "id", str)
        if mid in out:
            raise chk.fail("duplicate id")
        req = chk.get(m, "req", list)
        if len(req) > 3 or any(not isinstance(s, str) or s not in SYMBOLS + "*" for s in req):
            raise chk.fail("'req' must list up to 3 of T E S M C *")
        effect = chk.get(m, "effect", dict)
        kind = effect.get("kind")
        if kind not in MODULE_KINDS:
            raise chk.fail(f"unknown effect kind '{kind}'")
        if kind in ("damage", "drone", "spindle"):
            amount = effect.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 10:
                raise chk.fail("a weapon needs an amount 1..10")
        if kind in ("damage", "drone") and effect.get("dtype") not in PLAYER_DTYPES:
            raise chk.fail("a weapon needs dtype energy, kinetic or ion")
        boost = effect.get("boost", 0)
        if isinstance(boost, bool) or not isinstance(boost, int) or not 0 <= boost <= 3:
            raise chk.fail("'boost' must be a whole number 0..3")
        if boost and (kind != "damage" or len(set(req)) != 1):
            raise chk.fail("'boost' is for weapons needing a single kind of symbol")
        for kw in effect.get("keywords", []):
            if kw not in KEYWORDS:
                raise chk.fail(f"unknown keyword '{kw}'")
        if kind in ("shield", "repair", "max_hull", "max_shield", "credits_bonus", "transfer"):
            amount = effect.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 6:
                raise chk.fail(f"'{kind}' needs an amount 1..6")
        if kind == "guard" and effect.get("against") not in ("kinetic", "energy"):
            raise chk.fail("guard needs against = kinetic or energy")
        passive_kinds = (
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
        if (kind in passive_kinds) != (not req):
            raise chk.fail("passive effects take no dice and active ones need dice")
        module = Module(
            id=mid,
            name=chk.get(m, "name", str),
            family=chk.get(m, "family", str),
            tier=chk.int_range(m, "tier", 1, 3),
            cost=chk.int_range(m, "cost", 0, 15),
            upgrade=chk.int_range(m, "upgrade", 0, 10),
            req=tuple(req),
            effect=dict(effect),
            copies=chk.int_range(m, "copies", 0, 6),
            never_offline=chk.get(m, "never_offline", bool, False),
            per_round=chk.int_range(m, "per_round", 0, 5, 0),
            credit_cost=chk.int_range(m, "credit_cost", 0, 3, 0),
            team=chk.get(m, "team", bool, False),
            max_dice=chk.int_range(m, "max_dice", 0, 3, 0),
            starter=chk.get(m, "starter", bool, False),
            cargo=chk.get(m, "cargo", bool, False),
            savior=chk.get(m, "savior", bool, False),
            text=_line(chk, m, "text"),
        )
        if (module.starter or module.cargo or module.savior) and module.copies:
            raise chk.fail("starter and cargo modules are never in the pool (copies = 0)")
        if module.tier > 1 and module.upgrade < 1:
            raise chk.fail("an upgraded tier needs an upgrade cost")
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
    for i, s in enumerate(raw):
        chk = _Check("ships.toml", f"ship #{i + 1} ({s.get('id', '?')})")
        stations = chk.get(s, "stations", list)
        if len(stations) != 6:
            raise chk.fail("needs exactly 6 stations")
        for st in stations:
            if st and (st not in modules or not modules[st].starter):
                raise chk.fail(f"station module '{st}' is not a starter module")
        sig = chk.get(s, "signature", str)
        if sig not in stations:
            raise chk.fail("its signature system must be installed")
        sid = chk.get(s, "id", str)
        out[sid] = Ship(
            id=sid,
            name=chk.get(s, "name", str),
            shield=chk.int_range(s, "shield", 1, 8),
            hull=chk.int_range(s, "hull", 4, 20),
            signature=sig,
            stations=tuple(stations),
            blurb=chk.get(s, "blurb", str, ""),
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
    for i, h in enumerate(raw):
        chk = _Check("heroes.toml", f"hero #{i + 1} ({h.get('id', '?')})")
        faces = chk.get(h, "faces", list)
        if len(faces) != 6 or any(not isinstance(f, str) or not _face_ok(f, True) for f in faces):
            raise chk.fail("needs 6 faces made of T E S M C or '-'")
        hid = chk.get(h, "id", str)
        if hid in out:
            raise chk.fail("duplicate id")
        out[hid] = Hero(
            id=hid,
            name=chk.get(h, "name", str),
            role=chk.get(h, "role", str),
            traits=tuple(chk.get(h, "traits", list)),
            cost=chk.int_range(h, "cost", 3, 7),
            faces=tuple(faces),
            ability=chk.get(h, "ability", str),
            window=chk.get(h, "window", str),
            text=chk.get(h, "text", str),
        )
    if out.get("genevieve") is None or out["genevieve"].cost != 5:
        raise ContentError("heroes.toml: Genevieve the Red must cost 5")
    return out


def _enemies() -> dict[str, Enemy]:
    raw = _load("enemies.toml").get("enemy")
    if not isinstance(raw, list):
        raise ContentError("enemies.toml: no [[enemy]] entries")
    out: dict[str, Enemy] = {}
    for i, e in enumerate(raw):
        chk = _Check("enemies.toml", f"enemy #{i + 1} ({e.get('id', '?')})")
        eid = chk.get(e, "id", str)
        if eid in out:
            raise chk.fail("duplicate id")
        faction = chk.get(e, "faction", str)
        if faction not in FACTIONS:
            raise chk.fail(f"unknown faction '{faction}'")
        passives = chk.get(e, "passives", list, [])
        for p in passives:
            if p not in ENEMY_PASSIVES:
                raise chk.fail(f"unknown passive '{p}'")
        out[eid] = Enemy(
            id=eid,
            name=chk.get(e, "name", str),
            faction=faction,
            type=chk.get(e, "type", str),
            hull=chk.int_range(e, "hull", 1, 6),
            shield=chk.int_range(e, "shield", 0, 3),
            scrap=chk.int_range(e, "scrap", 1, 3),
            copies=chk.int_range(e, "copies", 1, 8),
            actions=_enemy_actions(chk, e.get("actions"), need_text=True),
            passives=tuple(passives),
        )
    total = sum(e.copies for e in out.values())
    if total != ENEMY_DECK_SIZE:
        raise ContentError(f"enemies.toml: copies sum to {total}, expected {ENEMY_DECK_SIZE}")
    return out


def _section_ok(section: str) -> bool:
    return 1 <= len(section) <= 3 and all(ch in SYMBOLS + "*" for ch in section)


def _events(planets: dict[str, Planet], modules: dict[str, Module]) -> tuple[dict[int, Event], dict[str, int]]:
    data = _load("events.toml")
    raw = data.get("event")
    if not isinstance(raw, list) or len(raw) != EVENT_CARDS:
        raise ContentError(f"events.toml: expected {EVENT_CARDS} events")
    out: dict[int, Event] = {}
    for i, e in enumerate(raw):
        chk = _Check("events.toml", f"event #{i + 1} ({e.get('number', '?')})")
        number = chk.int_range(e, "number", 0, 99)
        if number in out:
            raise chk.fail("duplicate number")
        planet = chk.get(e, "planet", str)
        if planet not in planets:
            raise chk.fail(f"unknown planet '{planet}'")
        kind = chk.get(e, "kind", str)
        if kind not in EVENT_KINDS:
            raise chk.fail(f"unknown kind '{kind}'")
        rows = chk.get(e, "rows", list)
        if not rows or any(not isinstance(r, list) or not r for r in rows):
            raise chk.fail("'rows' must be a list of non-empty rows")
        for row in rows:
            for sec in row:
                if not isinstance(sec, str) or not _section_ok(sec):
                    raise chk.fail(f"bad section '{sec}'")
        hazard = chk.get(e, "hazard", dict)
        hk = hazard.get("kind")
        if hk not in HAZARDS:
            raise chk.fail(f"unknown hazard '{hk}'")
        if hk == "damage" and (
            hazard.get("dtype") not in PLAYER_DTYPES
            or hazard.get("scope") not in ("planet", "all")
            or not isinstance(hazard.get("amount"), int)
        ):
            raise chk.fail("a damage hazard needs amount, dtype and scope")
        if hk in ("spawn",) and not isinstance(hazard.get("ships"), int):
            raise chk.fail("a spawn hazard needs ships")
        if hk in ("td",) and not isinstance(hazard.get("count"), int):
            raise chk.fail("a td hazard needs count")
        if hk in ("drain",) and not isinstance(hazard.get("amount"), int):
            raise chk.fail("a drain hazard needs amount")
        rewards = chk.get(e, "rewards", dict)
        penalties = chk.get(e, "penalties", dict)
        rchk = _Check("events.toml", f"event {number} rewards")
        pchk = _Check("events.toml", f"event {number} penalties")
        data_reward = rchk.get(rewards, "data", str)
        cargo = chk.get(e, "cargo", str, "")
        deliver_to = chk.get(e, "deliver_to", str, "")
        if kind == "cargo":
            if cargo not in modules or not modules[cargo].cargo:
                raise chk.fail("a cargo mission needs a cargo module")
            if deliver_to not in planets or deliver_to == planet:
                raise chk.fail("a cargo mission needs another planet to deliver to")
        out[number] = Event(
            number=number,
            name=chk.get(e, "name", str),
            planet=planet,
            kind=kind,
            rows=tuple(tuple(r) for r in rows),
            hazard=dict(hazard),
            credits=rchk.int_range(rewards, "credits", 0, 6),
            data=data_reward,
            td=pchk.int_range(penalties, "td", 0, 3),
            hull=pchk.int_range(penalties, "hull", 0, 5),
            prime=chk.get(e, "prime", bool, False),
            entry_cost=chk.int_range(e, "entry_cost", 0, 3, 0),
            skip_planning=chk.get(e, "skip_planning", bool, False),
            mitigation=chk.get(e, "mitigation", bool, False),
            cargo=cargo,
            deliver_to=deliver_to,
            out_of_deck=chk.get(e, "out_of_deck", bool, False),
        )
    for needed in (0, 14, 15, 20, 49, 52, 99):
        if needed not in out:
            raise ContentError(f"events.toml: event {needed} is required by the rules")
    if not out[0].out_of_deck or out[0].planet != "Terra":
        raise ContentError("events.toml: event 0 starts on Terra, out of the bag")
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
    for i, t in enumerate(raw):
        chk = _Check("threats.toml", f"card #{i + 1} ({t.get('id', '?')})")
        tid = chk.get(t, "id", str)
        kind = chk.get(t, "kind", str)
        if kind not in THREAT_KINDS:
            raise chk.fail(f"unknown kind '{kind}'")
        if tid in out:
            raise chk.fail("duplicate id")
        if kind == "scramble":
            out[tid] = Threat(id=tid, kind=kind)
            continue
        planet = chk.get(t, "planet", str)
        if planet not in planets:
            raise chk.fail(f"unknown planet '{planet}'")
        target = chk.get(t, "target", str, "planet")
        if target not in ("planet", "nearest"):
            raise chk.fail("target must be planet or nearest")
        out[tid] = Threat(id=tid, kind=kind, planet=planet, ships=chk.int_range(t, "ships", 1, 3), target=target)
    if not any(t.kind == "scramble" for t in out.values()):
        raise ContentError("threats.toml: at least one Scramble card is needed")
    return out


def _planets() -> dict[str, Planet]:
    raw = _load("map.toml").get("planet")
    if not isinstance(raw, list) or len(raw) != 6:
        raise ContentError("map.toml: expected 6 planets")
    out: dict[str, Planet] = {}
    for i, p in enumerate(raw):
        chk = _Check("map.toml", f"planet #{i + 1} ({p.get('name', '?')})")
        name = chk.get(p, "name", str)
        out[name] = Planet(
            name=name,
            shipyard=chk.get(p, "shipyard", bool),
            waystation=chk.get(p, "waystation", bool),
            links=tuple(chk.get(p, "links", list)),
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
        chk = _Check("datatokens.toml", f"decode line {i + 1}")
        a, b = chk.get(d, "a", str), chk.get(d, "b", str)
        for s in (a, b):
            if s != "*" and s not in symbols:
                raise chk.fail(f"unknown symbol '{s}'")
        lines.append(
            DecodeLine(
                a=a,
                b=b,
                final=chk.get(d, "final", str),
                min_players=chk.int_range(d, "min_players", 1, 4),
                max_players=chk.int_range(d, "max_players", 1, 4),
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
    )


CONTENT = load()

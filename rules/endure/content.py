"""Endure the Stars content: load and validate data/endure/*.toml and build mission boards.

Everything here is static (read once at import). Bad data raises :class:`ContentError` naming the
file and the entry, so a typo in a TOML file fails loudly at load and in the content test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.content import ContentError as ContentError  # re-exported: callers catch it here
from rules.core.content import get_int, get_str, keyed_entries, read_toml, require

DATA = Path(__file__).resolve().parents[2] / "data" / "endure"

DIRS = ("N", "E", "S", "W")
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
TILE_SIZE = 4


def _load(name: str) -> dict[str, Any]:
    return read_toml(DATA, name)  # DATA looked up at each call: tests point it at a copy


# --------------------------------------------------------------------------------------------
# Static records


@dataclass(frozen=True)
class EnemyType:
    key: str
    name: str
    family: str
    actions: int
    range: int
    health: int
    damage: int
    order: int
    biological: bool
    boss: bool


@dataclass(frozen=True)
class ItemCard:
    key: str
    name: str
    kind: str
    count: int
    range: int = 0
    dice: int = 0
    hit: int = 0
    noise: int = 0
    dual: bool = False
    cell: bool = False
    starter: bool = False
    save: int = 0
    move_cap: int = 0
    effect: str = ""
    amount: int = 0
    single: bool = False
    level: int = 0


@dataclass(frozen=True)
class Ability:
    name: str
    hook: str


@dataclass(frozen=True)
class SurvivorCard:
    key: str
    klass: str
    name: str
    health: int
    passive: Ability
    active: Ability
    crisis: Ability


@dataclass(frozen=True)
class EventCard:
    key: str
    name: str
    effect: str
    count: int
    tile: str = ""


@dataclass(frozen=True)
class ResolveCard:
    key: str
    name: str
    group: str
    number: int
    hook: str
    amount: int = 0


@dataclass(frozen=True)
class AccomplishmentCard:
    key: str
    name: str
    goal: str
    target: int
    reward: str


@dataclass(frozen=True)
class BossCard:
    key: str
    name: str
    kind: str  # attack | mood
    range: int = 0
    radial: bool = False
    dice: int = 0
    hit: int = 0
    target: str = "nearest"
    stun: bool = False
    bonus: int = 0
    actions: int = 0
    terror: bool = False  # drawing it makes every survivor who sees the boss take a Resolve test


@dataclass(frozen=True)
class BossDeck:
    key: str
    mood_word: str
    cards: dict[str, BossCard]


@dataclass(frozen=True)
class LoaderProfile:
    name: str
    actions: int
    save: int
    range: int
    dice: int
    hit: int
    noise: int
    object_bonus: int
    charges_per_cell: int


@dataclass(frozen=True)
class Campaign:
    key: str
    name: str
    needs: tuple[str, ...]
    start: str
    next: dict[str, tuple[str, ...]]
    playable: bool


@dataclass(frozen=True)
class RefugeEvent:
    key: str
    name: str
    effect: str
    amount: int


@dataclass(frozen=True)
class Refuge:
    track: int
    trading_post: int
    infirmary: tuple[tuple[int, int, int], ...]
    loved_ones: tuple[tuple[int, int, int], ...]
    quarters_health: int
    quarters_resolve: int
    events: dict[str, RefugeEvent]


@dataclass(frozen=True)
class ZoneInfo:
    id: str
    tile: str
    kind: str
    capacity: int
    label: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Opening:
    id: str
    a: str
    b: str
    dir: str  # direction from a to b
    door: bool


@dataclass(frozen=True)
class Ray:
    """``target`` is seen from the ray's origin ``dist`` zones away through ``openings``."""

    target: str
    dist: int
    dir: str
    openings: tuple[str, ...]
    between: tuple[str, ...]


@dataclass(frozen=True)
class Objective:
    id: str
    colour: str
    zone: str
    hook: str
    doors: tuple[str, ...] = ()
    who: str = ""  # only this class may use it ("" = anyone)
    items: tuple[str, ...] = ()  # give: set-aside cards handed out
    health_cost: int = 0
    resolve_cost: int = 0
    actions: int = 1  # fix: actions needed in total
    ends: str = ""  # fix: the event effect it ends for good
    opens_exits: bool = False
    hp: int = 0  # an object attacked like an enemy (doors 3, terminals 2)
    loader_only: bool = False
    seals: str = ""  # destroying it seals this room: everything inside is removed
    backlash: int = 0  # a melee kill of it hurts everyone in its zone on a d6 of 1-3
    once: bool = False  # give: hands out a single card, then it is used up


@dataclass(frozen=True)
class Consequence:
    when: str  # an earlier campaign mission
    also: tuple[str, ...] = ()  # missions that must also be done (a bonus carried over from ``when``)
    skip_spots: tuple[int, ...] = ()  # radar spots (0-based) left empty
    objectives: tuple[Objective, ...] = ()
    specials: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mission:
    key: str
    name: str
    difficulty: str
    family: str
    goals: tuple[str, ...]
    brief: str
    tiles: tuple[tuple[str, str, int, int], ...]  # (tile key, alias, col, row)
    start: str
    locked: tuple[str, ...]
    exits: tuple[str, ...]
    radar: tuple[tuple[str, bool], ...]
    objectives: tuple[Objective, ...]
    tokens: dict[str, tuple[str, ...]]
    links: tuple[str, ...]
    remove_unused_spawns: bool
    fails: tuple[str, ...] = ()
    max_carry: int = 0
    set_aside: tuple[str, ...] = ()
    exits_locked: bool = False
    life_support_damage: int = 1
    needs: tuple[str, ...] = ()
    boss_health: tuple[int, ...] = ()
    remove_events: tuple[str, ...] = ()
    playable: bool = True
    starters: tuple[str, ...] = ()  # replaces the Pistol / Plasma Cutter / Swarmer Leg deal
    starters_solo: bool = False  # the replacement applies only outside a campaign
    start_event: str = ""
    specials: tuple[str, ...] = ()
    setup_models: tuple[tuple[str, str, int], ...] = ()  # (kind, zone, count) placed at setup
    loader: str = ""
    same_exit: bool = False
    no_dual: tuple[str, ...] = ()  # carrying an objective of these colours forbids dual-wielding
    boss_spots: tuple[str, ...] = ()  # the boss token is shuffled with two others onto these spots
    boss: str = ""  # a boss that is not a radar token (placed by a mission rule)
    after: tuple[Consequence, ...] = ()  # campaign consequences of earlier missions


@dataclass
class Board:
    """The static geometry of one mission map."""

    mission: str
    zones: dict[str, ZoneInfo] = field(default_factory=dict)
    openings: dict[str, Opening] = field(default_factory=dict)
    exits: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)  # zone -> (op, other, dir)
    touch: dict[str, list[str]] = field(default_factory=dict)  # edge-sharing zones (noise)
    noise_dist: dict[str, dict[str, int]] = field(default_factory=dict)
    rays: dict[str, list[Ray]] = field(default_factory=dict)
    spawn: dict[str, list[str]] = field(default_factory=dict)  # tile alias -> room zones
    cell_zone: dict[tuple[int, int], str] = field(default_factory=dict)
    size: tuple[int, int] = (0, 0)

    def edge_dirs(self, a: str, b: str) -> list[str]:
        """Directions in which zone ``a`` touches zone ``b`` (from ``a``)."""
        found = []
        for x, y in self.zones[a].cells:
            for d in DIRS:
                dx, dy = DELTA[d]
                if self.cell_zone.get((x + dx, y + dy)) == b and d not in found:
                    found.append(d)
        return found


# --------------------------------------------------------------------------------------------
# Loading


@dataclass
class Content:
    enemies: dict[str, EnemyType]
    items: dict[str, ItemCard]
    survivors: dict[str, SurvivorCard]
    events: dict[str, EventCard]
    resolve: dict[str, ResolveCard]
    accomplishments: dict[str, AccomplishmentCard]
    tiles: dict[str, dict[str, Any]]
    missions: dict[str, Mission]
    radar_pool: dict[str, tuple[str, ...]]
    injury_faces: tuple[str, ...]
    direction_faces: tuple[str, ...]
    solomon: dict[int, int]
    topics: list[dict[str, str]]
    bosses: dict[str, BossDeck]
    loader: LoaderProfile
    campaigns: dict[str, Campaign]
    refuge: Refuge
    texts: dict[str, dict[str, str]] = field(default_factory=dict)

    def text(self, section: str, key: str, colour: str = "") -> str:
        """The player words for an engine key (e.g. a goal, a special rule); the key itself if none."""
        line = self.texts.get(section, {}).get(key, key)
        return line.replace("{c}", colour)


PASSIVE_HOOKS = {
    "steady", "marksman", "brawler", "juggernaut", "field_medic", "light_feet",
    "scavenger", "tough", "quiet", "cool_hands",
}  # fmt: skip
ACTIVE_HOOKS = {
    "rally",
    "orders",
    "aimed",
    "guard",
    "patch",
    "soothe",
    "scan",
    "dash",
    "weapon_mods",
    "override",
}
CRISIS_HOOKS = {
    "inspire", "second_wind", "last_stand", "miracle", "mind_blast", "vanish", "improvised_exit", "turret",
}  # fmt: skip
RESOLVE_HOOKS = {
    "noise", "lose_actions", "hurt", "spread", "stunned", "bolt", "drop", "periphery", "surrounded",
    "claustrophobia", "nyctophobia", "eremophobia", "hoarder", "shaking", "fear", "memory_loss",
    "acute_stress", "barophobia", "iatrophobia",
}  # fmt: skip
GOALS = {
    "kills", "melee_kills", "ranged_kills", "searches", "moves", "attacks", "trades", "items_used",
    "tests_passed", "saves", "rested",
}  # fmt: skip
REWARDS = {
    "shove", "snipe", "gambit", "patch_up", "rally", "calm", "hope", "actions", "orders",
    "silent", "accurate", "ninja", "guard", "extra_die", "sprint", "annihilate", "free_search",
}  # fmt: skip
TURN_BUFFS = {"silent", "accurate", "ninja", "guard", "extra_die", "sprint", "annihilate", "free_search"}
ITEM_EFFECTS = {"heal", "stun_zone", "shield", "power", "decoy", "resolve", "actions"}
HELMET_EFFECTS = {"ignore_head", "steady"}
EVENT_EFFECTS = {"spawn", "lockdown", "blackout", "life_support", "gravity", "terror"}
SPECIALS = {
    "unnoticed",
    "hive", "specimen", "rusty", "scent", "escort", "vials", "pilot_start", "titan_noise", "lair",
    "olympian", "trophy", "no_solomon", "woman", "walkies",
}  # fmt: skip
ENEMY_KINDS_CACHE: set[str] = set()
BOSSES = {"titan", "primus", "olympian", "preacher"}
MISSION_GOALS = {
    "kill_marked", "kill_all", "exit_all", "collect", "deliver", "kill_boss", "reach", "clear_near", "pin",
    "escorted",
}  # fmt: skip
COLOUR_GOALS = {"collect", "deliver", "reach", "clear_near", "escorted"}
MISSION_FAILS = {"carrier_dies", "pass_on"}
OBJECTIVE_HOOKS = {
    "unlock", "pickup", "give", "fix", "object", "marker", "lair", "wake", "capture", "sedate", "purge", "shrine",
}  # fmt: skip


def _enemies() -> dict[str, EnemyType]:
    out: dict[str, EnemyType] = {}
    for where, key, e in keyed_entries(_load("enemies.toml"), "enemies.toml", "enemy"):
        family = get_str(e, "family", where)
        require(family in {"gep", "sentry", "redeemer"}, where, "family must be gep, sentry or redeemer")
        out[key] = EnemyType(
            key=key,
            name=get_str(e, "name", where),
            family=family,
            actions=get_int(e, "actions", where, 1, 6),
            range=get_int(e, "range", where, 0, 3),
            health=get_int(e, "health", where, 1, 60),
            damage=get_int(e, "damage", where, 0, 5),
            order=get_int(e, "order", where, 1, 5),
            biological=bool(e.get("biological", True)),
            boss=bool(e.get("boss", False)),
        )
    require(bool(out), "enemies.toml", "no enemies")
    return out


def _items() -> dict[str, ItemCard]:
    out: dict[str, ItemCard] = {}
    for where, key, e in keyed_entries(_load("items.toml"), "items.toml", "item"):
        require(" " not in key, where, "keys may not contain spaces")
        kind = get_str(e, "kind", where)
        require(kind in {"weapon", "armour", "helmet", "item", "noise"}, where, f"unknown kind '{kind}'")
        card = ItemCard(
            key=key,
            name=get_str(e, "name", where),
            kind=kind,
            count=get_int(e, "count", where, 1, 10),
            range=get_int(e, "range", where, 0, 4, 0),
            dice=get_int(e, "dice", where, 0, 8, 0),
            hit=get_int(e, "hit", where, 0, 6, 0),
            noise=get_int(e, "noise", where, 0, 6, 0),
            dual=bool(e.get("dual", False)),
            cell=bool(e.get("cell", False)),
            starter=bool(e.get("starter", False)),
            save=get_int(e, "save", where, 0, 6, 0),
            move_cap=get_int(e, "move_cap", where, 0, 4, 0),
            effect=str(e.get("effect", "")),
            amount=get_int(e, "amount", where, 0, 6, 0),
            single=bool(e.get("single", False)),
            level=get_int(e, "level", where, 0, 5, 0),
        )
        if kind == "weapon":
            require(card.dice >= 1 and 2 <= card.hit <= 6, where, "a weapon needs dice >= 1 and hit 2-6")
        if kind == "armour":
            require(2 <= card.save <= 6, where, "armour needs a save from 2 to 6")
        if kind == "helmet":
            require(card.effect in HELMET_EFFECTS, where, f"helmet effect must be one of {sorted(HELMET_EFFECTS)}")
        if kind == "item":
            require(card.effect in ITEM_EFFECTS, where, f"item effect must be one of {sorted(ITEM_EFFECTS)}")
        if kind == "noise":
            require(1 <= card.level <= 5, where, "a noise card needs a level from 1 to 5")
        out[key] = card
    for needed in ("pistol", "plasma-cutter", "swarmer-leg", "power-cell", "med-kit"):
        require(needed in out, "items.toml", f"the deck needs a '{needed}' card")
    require(out["swarmer-leg"].count >= 4, "items.toml", "at least 4 Swarmer Legs are needed to arm 6 survivors")
    return out


def _ability(entry: Any, where: str, hooks: set[str]) -> Ability:
    require(isinstance(entry, dict), where, "ability must be a table with name and hook")
    hook = get_str(entry, "hook", where)
    require(hook in hooks, where, f"unknown hook '{hook}'")
    return Ability(name=get_str(entry, "name", where), hook=hook)


def _survivors() -> dict[str, SurvivorCard]:
    out: dict[str, SurvivorCard] = {}
    for where, key, e in keyed_entries(_load("survivors.toml"), "survivors.toml", "survivor"):
        out[key] = SurvivorCard(
            key=key,
            klass=get_str(e, "class", where),
            name=get_str(e, "name", where),
            health=get_int(e, "health", where, 3, 12),
            passive=_ability(e.get("passive"), where + " passive", PASSIVE_HOOKS),
            active=_ability(e.get("active"), where + " active", ACTIVE_HOOKS),
            crisis=_ability(e.get("crisis"), where + " crisis", CRISIS_HOOKS),
        )
    require(len(out) >= 6, "survivors.toml", "at least 6 survivors are needed")
    return out


def _events() -> dict[str, EventCard]:
    out: dict[str, EventCard] = {}
    for where, key, e in keyed_entries(_load("events.toml"), "events.toml", "event"):
        effect = get_str(e, "effect", where)
        require(effect in EVENT_EFFECTS, where, f"unknown effect '{effect}'")
        tile = str(e.get("tile", ""))
        require(effect != "spawn" or bool(tile), where, "a spawn event needs a tile")
        out[key] = EventCard(key, get_str(e, "name", where), effect, get_int(e, "count", where, 1, 6), tile)
    return out


def _resolve() -> dict[str, ResolveCard]:
    out: dict[str, ResolveCard] = {}
    for where, key, e in keyed_entries(_load("resolve.toml"), "resolve.toml", "card"):
        group = get_str(e, "group", where)
        require(group in {"one_time", "persistent"}, where, "group must be one_time or persistent")
        hook = get_str(e, "hook", where)
        require(hook in RESOLVE_HOOKS, where, f"unknown hook '{hook}'")
        out[key] = ResolveCard(
            key,
            get_str(e, "name", where),
            group,
            get_int(e, "number", where, 1, 9),
            hook,
            get_int(e, "amount", where, 0, 5, 0),
        )
    require(len(out) >= 18, "resolve.toml", "at least 18 cards are needed to deal 3 to 6 survivors")
    return out


def _accomplishments() -> dict[str, AccomplishmentCard]:
    out: dict[str, AccomplishmentCard] = {}
    for where, key, e in keyed_entries(_load("accomplishments.toml"), "accomplishments.toml", "card"):
        goal = get_str(e, "goal", where)
        require(goal in GOALS, where, f"unknown goal '{goal}'")
        reward = get_str(e, "reward", where)
        require(reward in REWARDS, where, f"unknown reward '{reward}'")
        out[key] = AccomplishmentCard(key, get_str(e, "name", where), goal, get_int(e, "target", where, 1, 12), reward)
    require(len(out) >= 12, "accomplishments.toml", "at least 12 cards are needed")
    return out


def _tiles() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for i, t in enumerate(_load("tiles.toml").get("tile", [])):
        where = f"tiles.toml tile #{i + 1} ({t.get('key', '?')})"
        key = get_str(t, "key", where)
        require(key not in out and "-" not in key and "|" not in key, where, "duplicate or badly formed key")
        grid = t.get("grid")
        require(
            isinstance(grid, list)
            and len(grid) == TILE_SIZE
            and all(isinstance(r, str) and len(r) == TILE_SIZE for r in grid),
            where,
            f"grid must be {TILE_SIZE} strings of {TILE_SIZE} letters",
        )
        zones = t.get("zones")
        require(isinstance(zones, dict) and bool(zones), where, "zones table missing")
        letters = {c for row in grid for c in row}
        require(letters == set(zones), where, f"grid letters {sorted(letters)} and zones {sorted(zones)} differ")
        for letter, spec in zones.items():
            zw = f"{where} zone {letter}"
            require(isinstance(spec, dict), zw, "zone must be a table")
            require(spec.get("kind") in {"room", "corridor"}, zw, "kind must be room or corridor")
            get_int(spec, "capacity", zw, 1, 20)
            get_str(spec, "label", zw)
            cells = [(x, y) for y, row in enumerate(grid) for x, c in enumerate(row) if c == letter]
            seen = {cells[0]}
            todo = [cells[0]]
            while todo:
                x, y = todo.pop()
                for dx, dy in DELTA.values():
                    nxt = (x + dx, y + dy)
                    if nxt in cells and nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            require(len(seen) == len(cells), zw, "zone cells must be connected")
        for kind in ("openings", "doors"):
            for pair in t.get(kind, []):
                a, _, b = str(pair).partition("-")
                require(a in zones and b in zones and a != b, where, f"{kind} entry '{pair}' names unknown zones")
        for letter in t.get("spawn", []):
            require(zones.get(letter, {}).get("kind") == "room", where, f"spawn zone '{letter}' must be a room")
        out[key] = {
            "key": key,
            "name": get_str(t, "name", where),
            "grid": grid,
            "zones": zones,
            "openings": list(t.get("openings", [])),
            "doors": list(t.get("doors", [])),
            "spawn": list(t.get("spawn", [])),
        }
    require(len(out) == 12, "tiles.toml", f"there must be 12 tiles, found {len(out)}")
    return out


BOSS_TARGETS = {"highest", "lowest", "nearest", "zone"}


def _flag(raw: dict, key: str, where: str) -> bool:
    value = raw.get(key, False)
    require(isinstance(value, bool), where, f"{key} must be true or false")
    return value


def _bosses(enemies: dict[str, EnemyType]) -> dict[str, BossDeck]:
    out: dict[str, BossDeck] = {}
    for i, b in enumerate(_load("bosses.toml").get("boss", [])):
        where = f"bosses.toml boss #{i + 1} ({b.get('key', '?')})"
        key = get_str(b, "key", where)
        require(key in enemies and enemies[key].boss, where, "key must name a boss enemy")
        cards: dict[str, BossCard] = {}
        for j, c in enumerate(b.get("cards", [])):
            cw = f"{where} card #{j + 1} ({c.get('key', '?')})"
            ck = get_str(c, "key", cw)
            require(ck not in cards, cw, "duplicate card key")
            kind = get_str(c, "kind", cw)
            require(kind in {"attack", "mood"}, cw, "kind must be attack or mood")
            card = BossCard(
                key=ck,
                name=get_str(c, "name", cw),
                kind=kind,
                range=get_int(c, "range", cw, 0, 4, 0),
                radial=bool(c.get("radial", False)),
                dice=get_int(c, "dice", cw, 0, 8, 0),
                hit=get_int(c, "hit", cw, -2, 6, 0),
                target=str(c.get("target", "nearest")),
                stun=bool(c.get("stun", False)),
                bonus=get_int(c, "bonus", cw, 0, 3, 0),
                actions=get_int(c, "actions", cw, 0, 3, 0),
                terror=_flag(c, "terror", cw),
            )
            if kind == "attack":
                require(card.dice >= 1 and 2 <= card.hit <= 6, cw, "an attack needs dice and a hit of 2-6")
                require(card.target in BOSS_TARGETS, cw, f"target must be one of {sorted(BOSS_TARGETS)}")
            cards[ck] = card
        require(any(c.kind == "attack" for c in cards.values()), where, "a deck needs attack cards")
        require(any(c.kind == "mood" for c in cards.values()), where, "a deck needs mood cards")
        out[key] = BossDeck(key, get_str(b, "mood_word", where), cards)
    for key, e in enemies.items():
        require(not e.boss or key in out, "bosses.toml", f"boss '{key}' has no deck")
    return out


def _loader() -> LoaderProfile:
    raw = _load("loader.toml").get("loader", {})
    where = "loader.toml [loader]"
    return LoaderProfile(
        name=get_str(raw, "name", where),
        actions=get_int(raw, "actions", where, 1, 6),
        save=get_int(raw, "save", where, 2, 6),
        range=get_int(raw, "range", where, 0, 3),
        dice=get_int(raw, "dice", where, 1, 8),
        hit=get_int(raw, "hit", where, 2, 6),
        noise=get_int(raw, "noise", where, 0, 5),
        object_bonus=get_int(raw, "object_bonus", where, 0, 3),
        charges_per_cell=get_int(raw, "charges_per_cell", where, 1, 4),
    )


REFUGE_EFFECTS = {"heal_all", "hurt_one", "resolve_all", "gift", "theft", "track", "quiet"}


def _table(raw: Any, where: str) -> tuple[tuple[int, int, int], ...]:
    require(isinstance(raw, list) and bool(raw), where, "a table needs rows")
    rows = []
    for row in raw:
        ok = isinstance(row, list) and len(row) == 3 and all(isinstance(v, int) for v in row)
        require(ok, where, f"row {row} must be [low, high, change]")
        rows.append((row[0], row[1], row[2]))
    covered = sorted(t for lo, hi, _ in rows for t in range(lo, hi + 1))
    require(covered == list(range(2, 13)), where, "rows must cover 2 to 12 exactly once")
    return tuple(rows)


def _refuge() -> Refuge:
    raw = _load("refuge.toml")
    r = raw.get("refuge", {})
    where = "refuge.toml [refuge]"
    events = {}
    for i, e in enumerate(raw.get("event", [])):
        ew = f"refuge.toml event #{i + 1} ({e.get('key', '?')})"
        key = get_str(e, "key", ew)
        effect = get_str(e, "effect", ew)
        require(effect in REFUGE_EFFECTS, ew, f"unknown effect '{effect}'")
        events[key] = RefugeEvent(key, get_str(e, "name", ew), effect, get_int(e, "amount", ew, -3, 3, 0))
    require(len(events) >= 8, "refuge.toml", "at least 8 Refuge events are needed")
    return Refuge(
        track=get_int(r, "track", where, 1, 6),
        trading_post=get_int(r, "trading_post", where, 1, 6),
        infirmary=_table(r.get("infirmary"), where + " infirmary"),
        loved_ones=_table(r.get("loved_ones"), where + " loved_ones"),
        quarters_health=get_int(r, "quarters_health", where, 0, 3),
        quarters_resolve=get_int(r, "quarters_resolve", where, 0, 4),
        events=events,
    )


def _campaigns(missions: dict[str, Mission]) -> dict[str, Campaign]:
    out = {}
    for i, c in enumerate(_load("campaigns.toml").get("campaign", [])):
        where = f"campaigns.toml campaign #{i + 1} ({c.get('key', '?')})"
        key = get_str(c, "key", where)
        nxt = {str(k): tuple(v) for k, v in dict(c.get("next", {})).items()}
        start = get_str(c, "start", where)
        require(start in nxt, where, "the start mission must appear in 'next'")
        names = set(nxt) | {m for v in nxt.values() for m in v}
        require(all(m in nxt for m in names), where, "every mission that follows needs its own 'next' entry")
        out[key] = Campaign(
            key=key,
            name=get_str(c, "name", where),
            needs=tuple(c.get("needs", [])),
            start=start,
            next=nxt,
            playable=all(m in missions for m in names),
        )
    return out


def door_id(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def _missions(
    tiles: dict[str, dict[str, Any]], pool: dict[str, tuple[str, ...]], item_keys: set[str]
) -> dict[str, Mission]:
    out: dict[str, Mission] = {}
    for i, m in enumerate(_load("missions.toml").get("mission", [])):
        where = f"missions.toml mission #{i + 1} ({m.get('key', '?')})"
        key = get_str(m, "key", where)
        require(key not in out, where, "duplicate key")
        family = get_str(m, "family", where)
        require(family in pool, where, f"unknown family '{family}'")
        raw_goal = m.get("goal")
        goals = (raw_goal,) if isinstance(raw_goal, str) else tuple(raw_goal or ())
        require(bool(goals), where, "a mission needs a goal")
        for alternatives in goals:
            for goal in str(alternatives).split("|"):
                head, _, arg = goal.partition(":")
                ok = head in MISSION_GOALS and (bool(arg) == (head in COLOUR_GOALS))
                require(ok, where, f"bad goal '{goal}'")
        fails = tuple(m.get("fails", ()))
        for fail in fails:
            head, _, arg = str(fail).partition(":")
            require(head in MISSION_FAILS and bool(arg), where, f"bad fail rule '{fail}'")
        placed = []
        for p in m.get("tiles", []):
            require(isinstance(p, dict) and p.get("tile") in tiles, where, f"unknown tile in {p}")
            at = p.get("at")
            require(
                isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at),
                where,
                "bad 'at'",
            )
            placed.append((p["tile"], str(p.get("as", p["tile"])), at[0], at[1]))
        require(bool(placed), where, "no tiles")
        require(len({p[1] for p in placed}) == len(placed), where, "duplicate tile names: use 'as'")
        require(len({(p[2], p[3]) for p in placed}) == len(placed), where, "two tiles at one spot")
        tokens = {}
        for n, row in dict(m.get("tokens", {})).items():
            require(n in {"3", "4", "5"} and isinstance(row, list), where, "tokens rows must be '3', '4', '5'")
            tokens[n] = tuple(row)
        require(set(tokens) == {"3", "4", "5"}, where, "tokens need rows 3, 4 and 5")
        objectives = [_objective(o, where, item_keys) for o in m.get("objectives", [])]
        require(len({o.id for o in objectives}) == len(objectives), where, "objective ids must differ")
        set_aside = tuple(m.get("set_aside", []))
        require(all(i in item_keys for i in set_aside), where, "set_aside names unknown items")
        boss_health = tuple(m.get("boss_health", []))
        require(len(boss_health) in (0, 3), where, "boss_health needs 3 numbers (3, 4, 5+ survivors)")
        radar = tuple((get_str(r, "zone", where), bool(r.get("marked", False))) for r in m.get("radar", []))
        boss_spots = tuple(str(r["zone"]) for r in m.get("radar", []) if r.get("boss"))
        mission = Mission(
            key=key,
            name=get_str(m, "name", where),
            difficulty=get_str(m, "difficulty", where),
            family=family,
            goals=goals,
            brief=get_str(m, "brief", where),
            tiles=tuple(placed),
            start=get_str(m, "start", where),
            locked=tuple(m.get("locked", [])),
            exits=tuple(m.get("exits", [])),
            radar=radar,
            objectives=tuple(objectives),
            tokens=tokens,
            links=tuple(m.get("links", [])),
            remove_unused_spawns=bool(m.get("remove_unused_spawns", False)),
            fails=fails,
            max_carry=get_int(m, "max_carry", where, 0, 9, 0),
            set_aside=set_aside,
            exits_locked=bool(m.get("exits_locked", False)),
            life_support_damage=get_int(m, "life_support_damage", where, 0, 3, 1),
            needs=tuple(str(x) for x in m.get("needs", [])),
            boss_health=boss_health,
            remove_events=tuple(m.get("remove_events", [])),
            playable=bool(m.get("playable", True)),
            starters=tuple(m.get("starters", [])),
            starters_solo=bool(m.get("starters_solo", False)),
            start_event=str(m.get("start_event", "")),
            specials=tuple(m.get("specials", [])),
            setup_models=tuple(
                (str(x.get("kind")), str(x.get("zone")), int(x.get("count", 1))) for x in m.get("setup_models", [])
            ),
            loader=str(m.get("loader", "")),
            same_exit=bool(m.get("same_exit", False)),
            boss_spots=boss_spots,
            boss=str(m.get("boss", "")),
            after=tuple(_consequence(a, where, item_keys) for a in m.get("after", [])),
            no_dual=tuple(m.get("no_dual", [])),
        )
        require(all(k in item_keys for k in mission.starters), where, "starters name unknown items")
        require(set(mission.specials) <= SPECIALS, where, f"specials must be in {sorted(SPECIALS)}")
        out[key] = mission
    return out


def _objective(o: dict, where: str, item_keys: set[str]) -> Objective:
    hook = get_str(o, "hook", where)
    require(hook in OBJECTIVE_HOOKS, where, f"unknown objective hook '{hook}'")
    items = tuple(o.get("items", []))
    require(all(i in item_keys for i in items), where, f"objective {o.get('id')} names unknown items")
    return Objective(
        id=get_str(o, "id", where),
        colour=get_str(o, "colour", where),
        zone=get_str(o, "zone", where),
        hook=hook,
        doors=tuple(o.get("doors", [])),
        who=str(o.get("who", "")),
        items=items,
        health_cost=get_int(o, "health_cost", where, 0, 5, 0),
        resolve_cost=get_int(o, "resolve_cost", where, 0, 5, 0),
        actions=get_int(o, "actions", where, 1, 6, 1),
        ends=str(o.get("ends", "")),
        opens_exits=bool(o.get("opens_exits", False)),
        hp=get_int(o, "hp", where, 0, 10, 0),
        loader_only=bool(o.get("loader_only", False)),
        seals=str(o.get("seals", "")),
        backlash=get_int(o, "backlash", where, 0, 4, 0),
        once=bool(o.get("once", False)),
    )


def _consequence(a: Any, where: str, item_keys: set[str]) -> Consequence:
    require(isinstance(a, dict), where, "each 'after' entry must be a table")
    specials = tuple(a.get("specials", []))
    require(set(specials) <= SPECIALS, where, f"after: specials must be in {sorted(SPECIALS)}")
    return Consequence(
        when=get_str(a, "when", where),
        also=tuple(str(x) for x in a.get("also", [])),
        skip_spots=tuple(int(x) for x in a.get("skip_spots", [])),
        objectives=tuple(_objective(o, where, item_keys) for o in a.get("objectives", [])),
        specials=specials,
    )


def _check_mission(mission: Mission, board: Board, pool: dict[str, tuple[str, ...]]) -> None:
    where = f"missions.toml mission {mission.key}"
    require(mission.start in board.zones, where, f"start zone '{mission.start}' is not on the map")
    for d in mission.locked:
        require(d in board.openings and board.openings[d].door, where, f"locked '{d}' is not a door on the map")
    locked = set(mission.locked)
    start_view = {mission.start} | {
        r.target for r in board.rays[mission.start] if not any(o in locked for o in r.openings)
    }
    for zone, _ in mission.radar:
        require(zone in board.zones, where, f"radar spot '{zone}' is not on the map")
        require(zone not in start_view, where, f"radar spot '{zone}' is in sight of the start zone")
    for z in mission.exits:
        require(z in board.zones, where, f"exit '{z}' is not on the map")
    require(not mission.loader or mission.loader in board.zones, where, "the loader zone is not on the map")
    require(not mission.boss or mission.boss in BOSSES, where, f"boss '{mission.boss}' is not a boss")
    require(not mission.boss or bool(mission.boss_health), where, "a boss mission needs boss_health")
    require(all(z in dict(mission.radar) for z in mission.boss_spots), where, "boss spots must be radar spots")
    for kind, zone, _ in mission.setup_models:
        require(zone in board.zones, where, f"setup model zone '{zone}' is not on the map")
        require(kind in ENEMY_KINDS_CACHE, where, f"setup model '{kind}' is unknown")
    for o in mission.objectives:
        require(not o.seals or o.seals in board.zones, where, f"objective '{o.id}' seals an unknown zone")
    for a in mission.after:
        require(all(0 <= k < len(mission.radar) for k in a.skip_spots), where, "after: bad skip_spots")
        for o in a.objectives:
            require(o.zone in board.zones, where, f"after: objective '{o.id}' zone is not on the map")
    for o in mission.objectives:
        require(o.zone in board.zones, where, f"objective '{o.id}' zone '{o.zone}' is not on the map")
        for d in o.doors:
            require(d in board.openings and board.openings[d].door, where, f"objective door '{d}' is not a door")
    family_pool = list(pool[mission.family])
    for n, row in mission.tokens.items():
        require(
            len(row) <= len(mission.radar),
            where,
            f"row {n} has {len(row)} tokens for {len(mission.radar)} spots",
        )
        left = list(family_pool)
        for tok in row:
            if tok.partition(" ")[2] in BOSSES:
                require(bool(mission.boss_health), where, f"row {n}: a boss token needs boss_health")
                continue
            require(
                tok in left,
                where,
                f"row {n}: token '{tok}' is not (or no longer) in the {mission.family} pool",
            )
            left.remove(tok)
    # every zone reachable from the start when all doors are open
    seen = {mission.start}
    todo = [mission.start]
    while todo:
        z = todo.pop()
        for _, other, _ in board.exits[z]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    missing = sorted(set(board.zones) - seen)
    require(not missing, where, f"zones not reachable from the start: {missing[:6]}")


def build_board(mission: Mission, tiles: dict[str, dict[str, Any]]) -> Board:
    board = Board(mission=mission.key)
    where = f"missions.toml mission {mission.key}"
    for tile_key, alias, col, row in mission.tiles:
        tile = tiles[tile_key]
        ox, oy = col * TILE_SIZE, row * TILE_SIZE
        cells: dict[str, list[tuple[int, int]]] = {}
        for y, line in enumerate(tile["grid"]):
            for x, letter in enumerate(line):
                cells.setdefault(letter, []).append((ox + x, oy + y))
        for letter, spec in tile["zones"].items():
            zid = f"{alias}-{letter}"
            board.zones[zid] = ZoneInfo(
                zid, alias, spec["kind"], spec["capacity"], spec["label"], tuple(sorted(cells[letter]))
            )
            for c in cells[letter]:
                board.cell_zone[c] = zid
        board.spawn[alias] = [f"{alias}-{s}" for s in tile["spawn"]]
    xs = [c[0] for c in board.cell_zone]
    ys = [c[1] for c in board.cell_zone]
    board.size = (max(xs) + 1, max(ys) + 1)
    for z in board.zones:
        board.exits[z] = []

    def add(a: str, b: str, door: bool, src: str) -> None:
        require(a in board.zones and b in board.zones, where, f"{src} '{a}-{b}' names unknown zones")
        dirs = board.edge_dirs(a, b)
        require(len(dirs) == 1, where, f"{src} '{a}-{b}': the zones must touch along exactly one side")
        oid = door_id(a, b)
        require(oid not in board.openings, where, f"{src} '{a}-{b}' is listed twice")
        lo, hi = sorted((a, b))
        d = dirs[0] if lo == a else OPPOSITE[dirs[0]]
        board.openings[oid] = Opening(oid, lo, hi, d, door)
        board.exits[lo].append((oid, hi, d))
        board.exits[hi].append((oid, lo, OPPOSITE[d]))

    for tile_key, alias, _, _ in mission.tiles:
        tile = tiles[tile_key]
        for kind in ("openings", "doors"):
            for pair in tile[kind]:
                a, _, b = pair.partition("-")
                add(f"{alias}-{a}", f"{alias}-{b}", kind == "doors", f"tile {tile_key} {kind}")
    # corridors facing each other across tile edges join up
    for (x, y), zid in sorted(board.cell_zone.items()):
        for d in ("E", "S"):
            dx, dy = DELTA[d]
            other = board.cell_zone.get((x + dx, y + dy))
            if other is None or other == zid:
                continue
            za, zb = board.zones[zid], board.zones[other]
            if za.tile == zb.tile or za.kind != "corridor" or zb.kind != "corridor":
                continue
            if door_id(zid, other) in board.openings:
                continue
            add(zid, other, False, "corridor join")
    for link in mission.links:
        a, _, b = link.partition("-")
        # zone ids contain a dash themselves: "LAB-a-NAV-b"
        parts = link.split("-")
        require(len(parts) == 4, where, f"link '{link}' must look like TILE-x-TILE-y")
        a, b = f"{parts[0]}-{parts[1]}", f"{parts[2]}-{parts[3]}"
        add(a, b, False, "link")
    for z in board.exits:
        board.exits[z].sort()
    # edge-sharing (noise) graph and distances
    for z, info in board.zones.items():
        near = set()
        for x, y in info.cells:
            for dx, dy in DELTA.values():
                other = board.cell_zone.get((x + dx, y + dy))
                if other and other != z:
                    near.add(other)
        board.touch[z] = sorted(near)
    for z in board.zones:
        dist = {z: 0}
        frontier = [z]
        while frontier:
            nxt = []
            for cur in frontier:
                for other in board.touch[cur]:
                    if other not in dist:
                        dist[other] = dist[cur] + 1
                        nxt.append(other)
            frontier = nxt
        board.noise_dist[z] = dist
    # line-of-sight rays: keep one direction through openings
    for z in board.zones:
        rays: list[Ray] = []
        for d in DIRS:
            stack: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [(z, (), ())]
            while stack:
                cur, ops, between = stack.pop()
                for oid, other, od in board.exits[cur]:
                    if od != d or other == z or other in between:
                        continue
                    rays.append(Ray(other, len(ops) + 1, d, (*ops, oid), between))
                    if len(ops) < 12:
                        stack.append((other, (*ops, oid), (*between, other)))
        rays.sort(key=lambda r: (r.dist, r.target, r.dir, r.openings))
        board.rays[z] = rays
    return board


REFUGE_PLACES = ("infirmary", "loved-ones", "quarters", "trading-post")
MAX_TOPICS = 20
"""Rules topics: all of them fit in one list of suggestions for /rules (Discord shows 25)."""
TEXT_MAX = 160


def _texts(missions: dict[str, Mission], accomplishments: dict[str, AccomplishmentCard], survivors) -> dict:
    """texts.toml: one line for every key a player meets; every key in use must have one."""
    raw = _load("texts.toml")
    needed = {
        "goal": MISSION_GOALS,
        "fail": MISSION_FAILS,
        "special": SPECIALS,
        "objective": OBJECTIVE_HOOKS,
        "progress": GOALS,
        "reward": REWARDS,
        "ability": PASSIVE_HOOKS | ACTIVE_HOOKS | CRISIS_HOOKS,
        "injury": {"head", "chest", "leg"},
        "place": set(REFUGE_PLACES),
    }
    out: dict[str, dict[str, str]] = {}
    for section, keys in needed.items():
        table = raw.get(section)
        where = f"texts.toml [{section}]"
        require(isinstance(table, dict), where, "section missing")
        for key in sorted(keys):
            require(key in table, where, f"no text for '{key}'")
        for key, line in table.items():
            require(key in keys, f"{where} {key}", "not a key the game uses")
            require(isinstance(line, str) and 0 < len(line) <= TEXT_MAX, f"{where} {key}",
                  f"must be a line of 1-{TEXT_MAX} characters")  # fmt: skip
            stray = line.replace("{c}", "")
            require("{" not in stray and "}" not in stray, f"{where} {key}", "only {c} may stand in braces")
        out[section] = dict(table)
    require(set(raw) <= set(needed), "texts.toml", f"unknown sections {sorted(set(raw) - set(needed))}")
    # what the data actually uses is covered (belt and braces over the key sets above)
    for m in missions.values():
        for g in m.goals:
            for part in g.split("|"):
                require(part.partition(":")[0] in out["goal"], f"texts.toml [goal] ({m.key})", f"no text for '{part}'")
    for a in accomplishments.values():
        require(a.reward in out["reward"], f"texts.toml [reward] ({a.key})", f"no text for '{a.reward}'")
        require(a.goal in out["progress"], f"texts.toml [progress] ({a.key})", f"no text for '{a.goal}'")
    for sv in survivors.values():
        for ab in (sv.passive, sv.active, sv.crisis):
            require(ab.hook in out["ability"], f"texts.toml [ability] ({sv.key})", f"no text for '{ab.hook}'")
    return out


@cache
def content() -> Content:
    radar_raw = _load("radar.toml").get("pool", {})
    pool: dict[str, tuple[str, ...]] = {}
    enemies = _enemies()
    ENEMY_KINDS_CACHE.clear()
    ENEMY_KINDS_CACHE.update(enemies)
    for family, tokens in radar_raw.items():
        where = f"radar.toml pool {family}"
        require(isinstance(tokens, list) and bool(tokens), where, "must be a non-empty list")
        for tok in tokens:
            n, _, kind = str(tok).partition(" ")
            require(n.isdigit() and 1 <= int(n) <= 8, where, f"token '{tok}' must be '<count> <enemy>'")
            require(kind not in BOSSES, where, f"boss token '{tok}' belongs in a mission, not the pool")
            require(
                kind in enemies and enemies[kind].family == family,
                where,
                f"token '{tok}' names a wrong enemy",
            )
        pool[family] = tuple(tokens)
    dice = _load("dice.toml")
    injury = tuple(dice.get("injury", {}).get("faces", []))
    require(
        len(injury) == 6 and set(injury) <= {"none", "head", "chest", "leg"},
        "dice.toml injury",
        "six faces needed",
    )
    direction = tuple(dice.get("direction", {}).get("faces", []))
    require(set(direction) == set(DIRS), "dice.toml direction", "faces must be N, E, S, W")
    solomon = {int(k): int(v) for k, v in dice.get("solomon", {}).items()}
    require(set(solomon) == {2, 3, 4, 5}, "dice.toml solomon", "rows 2, 3, 4 and 5 are needed")
    tiles = _tiles()
    items = _items()
    missions = _missions(tiles, pool, set(items))
    for mission in missions.values():
        _check_mission(mission, build_board(mission, tiles), pool)
        for cons in mission.after:
            for earlier in (cons.when, *cons.also):
                require(
                    earlier in missions, f"missions.toml mission {mission.key}", f"after: unknown mission '{earlier}'"
                )
    topics = _load("rules.toml").get("topic", [])
    require(6 <= len(topics) <= MAX_TOPICS, "rules.toml", f"there must be 6 to {MAX_TOPICS} topics")
    for t in topics:
        require(len(str(t.get("text", ""))) <= 900, f"rules.toml topic {t.get('key')}", "text over 900 characters")
    survivors = _survivors()
    accomplishments = _accomplishments()
    return Content(
        enemies=enemies,
        items=items,
        survivors=survivors,
        events=_events(),
        resolve=_resolve(),
        accomplishments=accomplishments,
        tiles=tiles,
        missions=missions,
        radar_pool=pool,
        injury_faces=injury,
        direction_faces=direction,
        solomon=solomon,
        topics=topics,
        bosses=_bosses(enemies),
        loader=_loader(),
        campaigns=_campaigns(missions),
        refuge=_refuge(),
        texts=_texts(missions, accomplishments, survivors),
    )


@cache
def board(mission_key: str) -> Board:
    c = content()
    return build_board(c.missions[mission_key], c.tiles)

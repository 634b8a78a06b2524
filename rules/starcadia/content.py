"""Starcadia Quest content: dice, heroes, monsters, upgrades, tiles, scenarios, quests, events.

Everything is read once from ``data/starcadia/*.toml`` and validated; bad data raises
:class:`ContentError` naming the file and the entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.content import ContentError as ContentError  # re-exported: callers catch it here
from rules.core.content import get_int, get_str, get_table, read_toml, require

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "starcadia"

CREWS = ["yellow", "blue", "red", "green"]
CREW_LABELS = {
    "yellow": "Yellow (Lion)",
    "blue": "Blue (Eagle)",
    "red": "Red (Fox)",
    "green": "Green (Panda)",
}
DESIGNATIONS = ["trooper-I", "trooper-II", "trooper-III", "officer-I", "officer-II", "villain"]
FACE_KINDS = {"crit", "melee", "ranged", "shield", "blank"}
HERO_ABILITIES = {
    "melee_dice",
    "ranged_dice",
    "defense_reroll",
    "ranged_reroll",
    "melee_reroll",
    "kill_heal",
    "extra_mp",
    "crit_daze",
    "bounty",
    "free_portal",
    "steady",
}
MONSTER_ABILITIES = {"none", "crit_daze", "crit_shove", "splash", "reroll", "extra_mp"}
UPGRADE_ABILITIES = {
    "attack_reroll",
    "crit_daze",
    "daze",
    "shove",
    "defense_dice",
    "cancel_hits",
    "sacrifice_dice",
    "sweep",
}
CATEGORIES = {"weapon", "boost", "passive", "reaction"}
TYPES = {"melee", "ranged", "special"}
EVENT_EFFECTS = {
    "none",
    "spawn",
    "close_doors",
    "open_doors",
    "heal_monsters",
    "drop_gadget",
    "portal_token",
    "jam_portals",
    "taco_tuesday",
    "surge",
}
GADGETS = ["stimpack", "hoverboard", "recharge"]
SLOT_CHARS = {"s": "stimpack", "h": "hoverboard", "r": "recharge", "v": "victory", "x": "armory"}
PORTAL_CHARS = {"1": "amber", "2": "cyan", "3": "violet"}
CELL_CHARS = set(".#TS") | set(SLOT_CHARS) | set(PORTAL_CHARS)
# Hatch spaces (column, row) on every tile, by side.
HATCHES = {"N": (1, 0), "E": (3, 1), "S": (1, 3), "W": (0, 1)}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str
    value: int
    text: str


@dataclass(frozen=True)
class HeroCard:
    id: str
    name: str
    defense: int
    life: int
    ability: Ability


@dataclass(frozen=True)
class MonsterCard:
    id: str
    name: str
    cls: str
    figures: int
    defense: int
    attack_name: str
    dice: int
    attack_type: str
    ability: Ability
    huge: bool = False
    tag: str = ""  # the board tag printed on its figures (unique), e.g. "OC" -> OC1, OC2
    life: int = 0
    overkill: int = 0
    mp: int = 0
    reward: int = 0


@dataclass(frozen=True)
class ClassStats:
    ranks: tuple[str, ...]
    life: int = 0
    overkill: int = 0
    mp: int = 0
    reward: int = 0


@dataclass(frozen=True)
class UpgradeCard:
    id: str
    name: str
    slug: str
    category: str
    type: str = ""
    form: str = ""  # melee/ranged: how this weapon attacks
    dice: int = 0
    extra_defense: int = 0
    extra_life: int = 0
    reroll: int = 0
    ability_kind: str = ""
    ability_value: int = 0
    ability_text: str = ""

    @property
    def deck(self) -> str:
        return "R" if self.id.startswith("R") else self.id[0]


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    cells: tuple[str, ...]  # 16 chars, row-major
    walls: frozenset[tuple[tuple[int, int], tuple[int, int]]]  # inner edges that are walls

    def cell(self, x: int, y: int) -> str:
        return self.cells[y * 4 + x]


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    level: int
    next: tuple[str, ...]
    layout: tuple[tuple[int, int], ...]
    doors: tuple[tuple[int, int], ...]
    shuttle_slots: tuple[tuple[int, str], ...]
    start_monsters: tuple[tuple[str, int], ...]
    monsters: dict[str, str]
    pve: tuple[str, ...]
    armory: str
    text: str
    first_quest: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Quest:
    id: str
    kind: str
    name: str
    vt: int
    text: str
    goal: str = ""
    count: int = 0
    token: str = ""
    target: str = ""
    crew: str = ""
    cls: str = ""
    place: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    designation: str
    effect: str
    spawn: str = ""
    value: int = 0
    gadget: str = ""
    colour: str = ""


@dataclass(frozen=True)
class Content:
    faces: tuple[str, ...]
    heroes: dict[str, HeroCard]
    monsters: dict[str, MonsterCard]
    classes: dict[str, ClassStats]
    upgrades: dict[str, UpgradeCard]
    tiles: dict[str, Tile]
    shuttles: dict[str, str]
    scenarios: dict[str, Scenario]
    quests: dict[str, Quest]
    events: dict[str, EventCard]
    starter: tuple[str, ...]
    counts: dict[str, int]
    portal_colours: tuple[str, ...]
    topics: tuple[tuple[str, str, str], ...]

    def __post_init__(self) -> None:
        by_slug = {}
        for up in self.upgrades.values():
            by_slug.setdefault(up.slug, up)
        object.__setattr__(self, "_by_slug", by_slug)

    def upgrade_by_ref(self, ref: str) -> UpgradeCard | None:
        """An upgrade card by id (any case), name or slug."""
        ref = ref.strip()
        if ref.upper() in self.upgrades:
            return self.upgrades[ref.upper()]
        return self._by_slug.get(_slug(ref))  # type: ignore[attr-defined]


@lru_cache(maxsize=4096)
def _slug(text: str) -> str:
    return slug(text)


# --------------------------------------------------------------------------------------------
def _ability(entry: dict[str, Any], where: str, kinds: set[str]) -> Ability:
    raw = get_table(entry, "ability", where)
    kind = get_str(raw, "kind", where)
    require(kind in kinds, where, f"unknown ability kind '{kind}'")
    return Ability(
        name=raw.get("name", kind),
        kind=kind,
        value=get_int(raw, "value", where, 0, 9, default=1),
        text=get_str(raw, "text", where),
    )


def parse_tile_map(text: str, where: str) -> tuple[tuple[str, ...], frozenset]:
    lines = [ln for ln in text.strip("\n").split("\n")]
    require(len(lines) == 9 and all(len(ln) == 9 for ln in lines), where, "map must be 9 lines of 9 characters")
    cells = []
    for y in range(4):
        for x in range(4):
            ch = lines[2 * y + 1][2 * x + 1]
            require(ch in CELL_CHARS, where, f"unknown cell character '{ch}' at column {x + 1}, row {y + 1}")
            cells.append(ch)
    walls = set()
    for y in range(4):
        for x in range(3):
            sep = lines[2 * y + 1][2 * x + 2]
            require(sep in "| ", where, f"bad separator '{sep}' right of column {x + 1}, row {y + 1}")
            if sep == "|":
                walls.add(((x, y), (x + 1, y)))
    for y in range(3):
        for x in range(4):
            sep = lines[2 * y + 2][2 * x + 1]
            require(sep in "- ", where, f"bad separator '{sep}' below column {x + 1}, row {y + 1}")
            if sep == "-":
                walls.add(((x, y), (x, y + 1)))
    # Border: hatches exactly at HATCHES, walls elsewhere.
    border = {
        "N": [lines[0][2 * x + 1] for x in range(4)],
        "S": [lines[8][2 * x + 1] for x in range(4)],
        "W": [lines[2 * y + 1][0] for y in range(4)],
        "E": [lines[2 * y + 1][8] for y in range(4)],
    }
    for side, chars in border.items():
        hx, hy = HATCHES[side]
        idx = hx if side in "NS" else hy
        for i, ch in enumerate(chars):
            want = "=" if i == idx else ("-" if side in "NS" else "|")
            require(ch == want, where, f"{side} border position {i + 1} must be '{want}', not '{ch}'")
    for side, (hx, hy) in HATCHES.items():
        require(cells[hy * 4 + hx] != "#", where, f"the {side} hatch space is blocked")
    # All playable spaces connected.
    playable = [(x, y) for y in range(4) for x in range(4) if cells[y * 4 + x] != "#"]
    seen = {playable[0]}
    todo = [playable[0]]
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not (0 <= nx < 4 and 0 <= ny < 4) or (nx, ny) in seen or cells[ny * 4 + nx] == "#":
                continue
            edge = tuple(sorted(((x, y), (nx, ny))))
            if edge in walls:
                continue
            seen.add((nx, ny))
            todo.append((nx, ny))
    require(len(seen) == len(playable), where, "some spaces cannot be reached from the others")
    require(cells.count("T") == 1, where, "a tile needs exactly 1 computer terminal")
    require(cells.count("S") >= 1, where, "a tile needs at least 1 spawn point")
    return tuple(cells), frozenset(walls)


def load(base: Path = DATA_DIR) -> Content:
    dice = read_toml(base, "dice.toml")
    faces = dice.get("die", {}).get("faces")
    require(isinstance(faces, list) and len(faces) == 6, "dice.toml: die", "'faces' must list 6 faces")
    for f in faces:
        require(f in FACE_KINDS, "dice.toml: die", f"unknown face '{f}'")
    for needed in ("crit", "melee", "ranged", "shield"):
        require(needed in faces, "dice.toml: die", f"the die needs a '{needed}' face")

    heroes: dict[str, HeroCard] = {}
    for entry in read_toml(base, "heroes.toml").get("hero", []):
        where = f"heroes.toml: hero {entry.get('id', '?')}"
        hid = get_str(entry, "id", where)
        require(hid not in heroes and hid == slug(hid), where, "duplicate or badly formed id")
        heroes[hid] = HeroCard(
            id=hid,
            name=get_str(entry, "name", where),
            defense=get_int(entry, "defense", where, 0, 5),
            life=get_int(entry, "life", where, 1, 12),
            ability=_ability(entry, where, HERO_ABILITIES),
        )
    require(len(heroes) == 8, "heroes.toml", f"there must be 8 heroes, not {len(heroes)}")

    mraw = read_toml(base, "monsters.toml")
    classes: dict[str, ClassStats] = {}
    for cls in ("trooper", "officer", "villain"):
        where = f"monsters.toml: dashboard.{cls}"
        raw = mraw.get("dashboard", {}).get(cls)
        require(isinstance(raw, dict), where, "missing")
        ranks = tuple(raw.get("ranks", []))
        if cls == "villain":
            classes[cls] = ClassStats(ranks=ranks)
        else:
            classes[cls] = ClassStats(
                ranks=ranks,
                life=get_int(raw, "life", where, 1, 20),
                overkill=get_int(raw, "overkill", where, 1, 30),
                mp=get_int(raw, "mp", where, 0, 9),
                reward=get_int(raw, "reward", where, 0, 9),
            )
    monsters: dict[str, MonsterCard] = {}
    for entry in mraw.get("monster", []):
        where = f"monsters.toml: monster {entry.get('id', '?')}"
        mid = get_str(entry, "id", where)
        require(mid not in monsters, where, "duplicate id")
        cls = get_str(entry, "class", where)
        require(cls in classes, where, f"unknown class '{cls}'")
        atk = get_table(entry, "attack", where)
        atype = get_str(atk, "type", where)
        require(atype in ("melee", "ranged"), where, "attack type must be melee or ranged")
        tag = get_str(entry, "tag", where)
        require(re.fullmatch(r"[A-Z]{2}", tag) is not None, where, "tag must be 2 capital letters, e.g. OC")
        require(all(m.tag != tag for m in monsters.values()), where, f"tag '{tag}' is already used")
        extra = {}
        if cls == "villain":
            extra = {
                "life": get_int(entry, "life", where, 1, 40),
                "overkill": get_int(entry, "overkill", where, 1, 60),
                "mp": get_int(entry, "mp", where, 0, 9),
                "reward": get_int(entry, "reward", where, 0, 20),
            }
            require(extra["overkill"] >= extra["life"], where, "overkill must be at least life")
        monsters[mid] = MonsterCard(
            id=mid,
            name=get_str(entry, "name", where),
            cls=cls,
            figures=get_int(entry, "figures", where, 1, 4),
            defense=get_int(entry, "defense", where, 0, 6),
            attack_name=get_str(atk, "name", where),
            dice=get_int(atk, "dice", where, 1, 8),
            attack_type=atype,
            ability=_ability(entry, where, MONSTER_ABILITIES),
            huge=bool(entry.get("huge", False)),
            tag=tag,
            **extra,
        )
    require(len(monsters) == 8, "monsters.toml", f"there must be 8 monster cards, not {len(monsters)}")
    require(sum(m.figures for m in monsters.values()) == 22, "monsters.toml", "there must be 22 figures")

    upgrades: dict[str, UpgradeCard] = {}
    for entry in read_toml(base, "upgrades.toml").get("upgrade", []):
        where = f"upgrades.toml: upgrade {entry.get('id', '?')}"
        uid = get_str(entry, "id", where)
        require(uid not in upgrades, where, "duplicate id")
        require(uid[0] in "S123RA", where, "the id must start with the deck letter S, 1, 2, 3, R or A")
        cat = get_str(entry, "category", where)
        require(cat in CATEGORIES, where, f"unknown category '{cat}'")
        utype = entry.get("type", "")
        form = entry.get("form", "")
        if cat in ("weapon", "boost"):
            require(utype in TYPES, where, "weapons and boosts need a type melee, ranged or special")
        if cat == "weapon":
            if utype == "special":
                require(form in ("melee", "ranged"), where, "a special weapon needs form melee or ranged")
            else:
                form = utype
            require(get_int(entry, "dice", where, 1, 9) >= 1, where, "a weapon needs dice")
        kind = value = text = None
        if "ability" in entry:
            ab = get_table(entry, "ability", where)
            kind = get_str(ab, "kind", where)
            require(kind in UPGRADE_ABILITIES, where, f"unknown ability kind '{kind}'")
            value = get_int(ab, "value", where, 0, 9, default=1)
            text = get_str(ab, "text", where)
            if kind in ("defense_dice", "cancel_hits"):
                require(cat == "reaction", where, f"'{kind}' belongs on a reaction")
        if cat == "reaction":
            require(kind in ("defense_dice", "cancel_hits"), where, "a reaction needs a reaction ability")
        name = get_str(entry, "name", where)
        up = UpgradeCard(
            id=uid,
            name=name,
            slug=slug(name),
            category=cat,
            type=utype,
            form=form,
            dice=get_int(entry, "dice", where, 0, 9, default=0),
            extra_defense=get_int(entry, "extra_defense", where, 0, 5, default=0),
            extra_life=get_int(entry, "extra_life", where, 0, 5, default=0),
            reroll=get_int(entry, "reroll", where, 0, 5, default=0),
            ability_kind=kind or "",
            ability_value=value or 0,
            ability_text=text or "",
        )
        require(all(u.slug != up.slug for u in upgrades.values()), where, "two upgrades share a name")
        upgrades[uid] = up

    tokens = read_toml(base, "tokens.toml").get("tokens", {})
    starter = tuple(tokens.get("starter", []))
    require(len(starter) == 7, "tokens.toml: starter", "the starter set has 7 tokens")
    for s in starter:
        require(s in upgrades and s.startswith("S"), "tokens.toml: starter", f"unknown starter token '{s}'")
    counts = {
        k: get_int(tokens, k, "tokens.toml", 0, 99)
        for k in ("stimpack", "hoverboard", "recharge", "victory", "door", "quest", "portal")
    }
    colours = tuple(tokens.get("portal_colours", []))
    require(len(colours) == 3, "tokens.toml", "there are 3 portal colours")

    tiles: dict[str, Tile] = {}
    for entry in read_toml(base, "tiles.toml").get("tile", []):
        where = f"tiles.toml: tile {entry.get('id', '?')}"
        tid = get_str(entry, "id", where)
        require(tid not in tiles, where, "duplicate id")
        cells, walls = parse_tile_map(get_str(entry, "map", where), where)
        tiles[tid] = Tile(id=tid, name=get_str(entry, "name", where), cells=cells, walls=walls)
    require(len(tiles) == 10, "tiles.toml", f"there must be 10 tiles, not {len(tiles)}")
    for char, kind in SLOT_CHARS.items():
        total = sum(t.cells.count(char) for t in tiles.values())
        if kind == "armory":
            require(total == 1, "tiles.toml", "exactly one tile has the armory slot")
        else:
            require(total <= counts[kind], "tiles.toml", f"more {kind} slots ({total}) than tokens")

    shuttles = {}
    for entry in read_toml(base, "shuttles.toml").get("shuttle", []):
        where = f"shuttles.toml: shuttle {entry.get('crew', '?')}"
        crew = get_str(entry, "crew", where)
        require(crew in CREWS, where, "unknown crew")
        shuttles[crew] = get_str(entry, "name", where)
    require(sorted(shuttles) == sorted(CREWS), "shuttles.toml", "every crew needs a shuttle")

    quests: dict[str, Quest] = {}
    for entry in read_toml(base, "quests.toml").get("quest", []):
        where = f"quests.toml: quest {entry.get('id', '?')}"
        qid = get_str(entry, "id", where)
        require(qid not in quests, where, "duplicate id")
        kind = get_str(entry, "kind", where)
        require(kind in ("pve", "pvp"), where, "kind must be pve or pvp")
        q = Quest(
            id=qid,
            kind=kind,
            name=get_str(entry, "name", where),
            vt=get_int(entry, "vt", where, 0, 9),
            text=get_str(entry, "text", where),
            goal=entry.get("goal", ""),
            count=entry.get("count", 0),
            token=entry.get("token", ""),
            target=entry.get("target", ""),
            crew=entry.get("crew", ""),
            cls=entry.get("cls", ""),
            place=dict(entry.get("place", {})),
        )
        if kind == "pvp":
            require(q.crew in CREWS, where, "a PvP quest names a crew")
        else:
            require(q.goal in ("hack", "deliver", "kill", "slay"), where, f"unknown goal '{q.goal}'")
            if q.goal == "slay":
                require(q.cls in ("trooper", "officer", "villain"), where, "'cls' must be a monster class")
                require(isinstance(q.count, int) and 1 <= q.count <= 6, where, "'count' must be 1 to 6")
            if q.goal == "hack":
                require(isinstance(q.count, int) and 1 <= q.count <= 6, where, "'count' must be 1 to 6")
            if q.goal == "deliver":
                require(bool(q.token) and q.place.get("token") == q.token, where, "place the delivered token")
            if q.goal == "kill":
                require(q.target in DESIGNATIONS, where, f"unknown target designation '{q.target}'")
        if q.place:
            at = q.place.get("at")
            require(at in ("terminal", "spawn"), where, "place.at must be terminal or spawn")
            require(isinstance(q.place.get("pos"), int), where, "place.pos must be a layout index")
            if at == "spawn":
                require(q.place.get("designation") in DESIGNATIONS, where, "place.designation unknown")
        quests[qid] = q
    for crew in CREWS:
        require(f"pvp-{crew}" in quests, "quests.toml", f"missing PvP quest pvp-{crew}")

    sraw = read_toml(base, "scenarios.toml")
    scenarios: dict[str, Scenario] = {}
    for entry in sraw.get("scenario", []):
        where = f"scenarios.toml: scenario {entry.get('id', '?')}"
        sid = get_str(entry, "id", where)
        layout = tuple(tuple(p) for p in entry.get("layout", []))
        require(1 <= len(layout) <= 10 and len(set(layout)) == len(layout), where, "bad layout")
        for p in layout:
            require(len(p) == 2 and all(isinstance(v, int) and 0 <= v < 5 for v in p), where, "bad position")
        doors = []
        for d in entry.get("doors", []):
            a, b = d.get("a"), d.get("b")
            require(isinstance(a, int) and isinstance(b, int), where, "door needs a and b")
            require(0 <= a < len(layout) and 0 <= b < len(layout), where, "door position out of layout")
            (ax, ay), (bx, by) = layout[a], layout[b]
            require(abs(ax - bx) + abs(ay - by) == 1, where, "a door joins two neighbouring tiles")
            doors.append((a, b))
        slots = []
        for s in entry.get("shuttle_slots", []):
            pos, side = s.get("pos"), s.get("side")
            require(isinstance(pos, int) and 0 <= pos < len(layout), where, "shuttle slot pos out of layout")
            require(side in HATCHES, where, "shuttle slot side must be N, E, S or W")
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
            nb = (layout[pos][0] + dx, layout[pos][1] + dy)
            require(nb not in layout, where, "a shuttle slot must be on the station's outer hull")
            slots.append((pos, side))
        require(len(slots) == 4, where, "a scenario has 4 shuttle slots")
        mons = dict(entry.get("monsters", {}))
        for des, mid in mons.items():
            require(des in DESIGNATIONS, where, f"unknown designation '{des}'")
            if mid != "random":
                require(mid in monsters, where, f"unknown monster '{mid}'")
                require(monsters[mid].cls == des.split("-")[0], where, f"{mid} is not a {des}")
        starts = []
        for sm in entry.get("start_monsters", []):
            des, pos = sm.get("designation"), sm.get("pos")
            require(des in mons, where, f"start monster designation '{des}' has no card")
            require(isinstance(pos, int) and 0 <= pos < len(layout), where, "start monster pos out of layout")
            starts.append((des, pos))
        pve = tuple(entry.get("pve", []))
        for q in pve:
            require(q in quests and quests[q].kind == "pve", where, f"unknown PvE quest '{q}'")
            quest = quests[q]
            if quest.goal == "kill":
                require(quest.target in mons, where, f"quest {q} targets an empty designation")
            pos = quest.place.get("pos")
            require(pos is None or 0 <= pos < len(layout), where, f"quest {q} places outside the layout")
        armory = entry.get("armory", "")
        require(armory == "" or (armory in upgrades and armory.startswith("A")), where, "unknown armory")
        scenarios[sid] = Scenario(
            id=sid,
            title=get_str(entry, "title", where),
            level=get_int(entry, "level", where, 1, 4),
            next=tuple(entry.get("next", [])),
            layout=layout,
            doors=tuple(doors),
            shuttle_slots=tuple(slots),
            start_monsters=tuple(starts),
            monsters=mons,
            pve=pve,
            armory=armory,
            text=get_str(entry, "text", where),
            first_quest=dict(entry.get("first_quest", {})),
        )
    require("1" in scenarios, "scenarios.toml", "scenario 1 is required")
    camp = sraw.get("campaign", {})
    require(camp.get("first") in scenarios, "scenarios.toml: campaign", "unknown first scenario")
    require(camp.get("last") in scenarios, "scenarios.toml: campaign", "unknown last scenario")
    for sc in scenarios.values():
        where = f"scenarios.toml: scenario {sc.id}"
        for nxt in sc.next:
            require(nxt in scenarios, where, f"unknown next scenario '{nxt}'")
        for prev, qid in sc.first_quest.items():
            require(prev in scenarios, where, f"first_quest names unknown scenario '{prev}'")
            require(qid in quests and quests[qid].kind == "pve", where, f"unknown first quest '{qid}'")

    events: dict[str, EventCard] = {}
    for entry in read_toml(base, "events.toml").get("event", []):
        where = f"events.toml: event {entry.get('id', '?')}"
        eid = get_str(entry, "id", where)
        require(eid not in events, where, "duplicate id")
        des = get_str(entry, "designation", where)
        require(des in DESIGNATIONS, where, f"unknown designation '{des}'")
        effect = get_str(entry, "effect", where)
        require(effect in EVENT_EFFECTS, where, f"unknown effect '{effect}'")
        card = EventCard(
            id=eid,
            name=get_str(entry, "name", where),
            designation=des,
            effect=effect,
            spawn=entry.get("spawn", ""),
            value=entry.get("value", 0),
            gadget=entry.get("gadget", ""),
            colour=entry.get("colour", ""),
        )
        if effect == "spawn":
            require(card.spawn in DESIGNATIONS, where, "spawn needs a designation")
        if effect == "drop_gadget":
            require(card.gadget in GADGETS, where, "drop_gadget needs a gadget")
        if effect in ("portal_token", "jam_portals"):
            require(card.colour in colours, where, "needs a portal colour")
        if effect == "heal_monsters":
            require(isinstance(card.value, int) and card.value >= 1, where, "heal needs a value")
        events[eid] = card
    require(len(events) == 30, "events.toml", f"there must be 30 event cards, not {len(events)}")

    topics = []
    for entry in read_toml(base, "rules.toml").get("topic", []):
        where = f"rules.toml: topic {entry.get('key', '?')}"
        text = get_str(entry, "text", where)
        require(len(text) <= 900, where, "a topic is at most 900 characters")
        topics.append((get_str(entry, "key", where), get_str(entry, "title", where), text))
    require(6 <= len(topics) <= 18, "rules.toml", "6 to 18 topics")

    return Content(
        faces=tuple(faces),
        heroes=heroes,
        monsters=monsters,
        classes=classes,
        upgrades=upgrades,
        tiles=tiles,
        shuttles=shuttles,
        scenarios=scenarios,
        quests=quests,
        events=events,
        starter=starter,
        counts=counts,
        portal_colours=colours,
        topics=tuple(topics),
    )


CONTENT = load()

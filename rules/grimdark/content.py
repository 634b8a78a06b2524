"""Grimdark Future Star Quest content: load and validate data/grimdark/*.toml once.

Everything the rules sheet leaves to a campaign book is ours: heroes, weapons, skills, spells,
enemies, items, search tables, terrain, layouts, missions, the campaign, the builder's tables and
advancement. Bad data raises :class:`ContentError` naming the file and the entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from rules.core.content import ContentError as ContentError  # re-exported: callers catch it here
from rules.core.content import get_int, get_list, get_str, keyed_entries, read_toml, require

from .state import Cell, Goal, MissionSpec, Placement, Rect, WaveSpec

DATA = Path(__file__).resolve().parents[2] / "data" / "grimdark"
FULL = 48
"""Cells along each side of the full 4' x 4' table."""

MODEL_RULES = {
    "ambush": False,
    "caster": True,
    "fast": False,
    "slow": False,
    "fear": True,
    "fearless": False,
    "flying": False,
    "immobile": False,
    "impact": True,
    "regeneration": False,
    "scout": False,
    "stealth": False,
    "strider": False,
    "villain": False,
}
"""Model special rules, and whether each takes a number (caster:2)."""

WEAPON_RULES = {
    "bane": False,
    "blast": True,
    "counter": False,
    "deadly": True,
    "furious": False,
    "indirect": False,
    "limited": False,
    "relentless": False,
    "reliable": False,
    "rending": False,
    "surge": False,
    "thrust": False,
    "unstoppable": False,
}
STATUSES = ("afflicted", "crippled", "diseased", "impaired")
SKILL_TARGETS = ("self", "ally", "enemy", "token", "cell", "none")
EFFECTS = (
    "discover",
    "push",
    "move",
    "fly",
    "aim",
    "mark",
    "guard",
    "morale",
    "reveal",
    "cleanse",
    "heal",
    "power",
    "hits",
    "rally",
    "status",
    "heal-unit",
)
ITEM_KINDS = ("consumable", "weapon", "gear", "mission")
GOALS = ("seize", "retrieve", "slay", "survive")
STATS = ("str", "dex", "wil")

_CELL = re.compile(r"^([A-Z]{1,2})([0-9]{1,2})$")


# -- cells ---------------------------------------------------------------------------------------------


def column_name(x: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA ..."""
    return chr(65 + x) if x < 26 else "A" + chr(65 + x - 26)


def cell_name(cell: Cell) -> str:
    return f"{column_name(cell[0])}{cell[1] + 1}"


def parse_cell(text: str, size: int = FULL) -> Cell | None:
    """``F12`` -> (5, 11); None when it is not a cell of a ``size`` x ``size`` table."""
    if isinstance(text, str) and len(text) <= 8:
        return _parse_cell(text, size)
    return _parse_uncached(text, size)


@lru_cache(maxsize=8192)
def _parse_cell(text: str, size: int) -> Cell | None:
    return _parse_uncached(text, size)


def _parse_uncached(text: str, size: int) -> Cell | None:
    match = _CELL.match(str(text).strip().upper())
    if match is None:
        return None
    letters, digits = match.groups()
    x = ord(letters[0]) - 65 if len(letters) == 1 else 26 + ord(letters[1]) - 65
    if len(letters) == 2 and letters[0] != "A":
        return None
    y = int(digits) - 1
    if not (0 <= x < size and 0 <= y < size):
        return None
    return (x, y)


def _cell(text: Any, where: str) -> Cell:
    cell = parse_cell(str(text))
    require(cell is not None, where, f"'{text}' is not a cell of the 48x48 table (A1 to AV48)")
    assert cell is not None
    return cell


def _rect(text: Any, where: str) -> Rect:
    parts = str(text).split(":")
    require(len(parts) == 2, where, f"'{text}' is not a rectangle like A43:AV47")
    a, b = _cell(parts[0], where), _cell(parts[1], where)
    return Rect(x0=min(a[0], b[0]), y0=min(a[1], b[1]), x1=max(a[0], b[0]), y1=max(a[1], b[1]))


def _rules(raw: list[Any], known: dict[str, bool], where: str) -> tuple[str, ...]:
    out = []
    for entry in raw:
        name, _, number = str(entry).partition(":")
        require(name in known, where, f"unknown special rule '{entry}' (known: {', '.join(sorted(known))})")
        require(
            known[name] == bool(number), where, f"'{entry}': {name} {'needs' if known[name] else 'takes no'} number"
        )
        if number:
            require(number.isdigit() and 1 <= int(number) <= 6, where, f"'{entry}': the number must be 1-6")
        out.append(str(entry))
    return tuple(out)


def rule_value(rules: tuple[str, ...], name: str) -> int:
    """The number of ``name`` in ``rules`` (caster:2 -> 2); 1 for a plain rule present, 0 when absent."""
    for entry in rules:
        head, _, number = entry.partition(":")
        if head == name:
            return int(number) if number else 1
    return 0


def _amount(entry: dict[str, Any], where: str, default: str = "0") -> str:
    value = str(entry.get("amount", default))
    require(value == "d3" or value.isdigit(), where, f"amount '{value}' must be a number or d3")
    return value


# -- records ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    range: int
    attacks: int
    ap: int
    rules: tuple[str, ...]

    @property
    def melee(self) -> bool:
        return self.range == 0

    def has(self, rule: str) -> bool:
        return rule_value(self.rules, rule) > 0

    def value(self, rule: str) -> int:
        return rule_value(self.rules, rule)


@dataclass(frozen=True)
class HeroProfile:
    key: str
    name: str
    role: str
    letter: str
    qua: int
    defense: int
    tou: int
    str: int
    dex: int
    wil: int
    power: int
    weapons: tuple[str, ...]
    skills: tuple[str, ...]
    rules: tuple[str, ...]


@dataclass(frozen=True)
class UnitProfile:
    key: str
    name: str
    tag: str
    models: int
    qua: int
    defense: int
    tou: int
    weapons: tuple[str, ...]
    rules: tuple[str, ...]
    threat: int
    spells: tuple[str, ...]


@dataclass(frozen=True)
class Skill:
    key: str
    name: str
    stat: str
    range: int
    target: str
    effect: str
    amount: str
    ap: int
    rules: tuple[str, ...]
    common: bool
    text: str


@dataclass(frozen=True)
class Spell:
    key: str
    name: str
    side: str
    value: int
    range: int
    target: str
    effect: str
    amount: str
    ap: int
    rules: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    kind: str
    effect: str
    amount: str
    weapon: str
    text: str


@dataclass(frozen=True)
class Piece:
    key: str
    name: str
    height: int
    solid: bool
    raised: bool
    cover: bool
    difficult: bool
    dangerous: bool


@dataclass(frozen=True)
class Placed:
    piece: str
    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True)
class Layout:
    key: str
    name: str
    pieces: tuple[Placed, ...]


@dataclass(frozen=True)
class ForceEntry:
    unit: str
    at: Cell
    party: int


@dataclass(frozen=True)
class WaveEntry:
    round: int
    units: tuple[str, ...]
    zone: Rect
    party: int


@dataclass(frozen=True)
class Mission:
    key: str
    name: str
    layout: str
    rounds: int
    deploy: Rect
    exit: Rect | None
    goals: tuple[Cell, ...]
    objectives: tuple[Cell, ...]
    tokens: tuple[Cell, ...]
    relic: bool
    goal: Goal
    brief: str
    force: tuple[ForceEntry, ...]
    waves: tuple[WaveEntry, ...]

    def spec(self, party: int) -> MissionSpec:
        """This mission for a party of ``party`` heroes (on the full table)."""
        return MissionSpec(
            key=self.key,
            name=self.name,
            layout=self.layout,
            rounds=self.rounds,
            deploy=self.deploy,
            exit=self.exit or self.deploy,
            goals=list(self.goals),
            objectives=list(self.objectives),
            tokens=list(self.tokens),
            relic=self.relic,
            goal=self.goal,
            brief=self.brief,
            force=[Placement(unit=f.unit, at=f.at) for f in self.force if party >= f.party],
            waves=[WaveSpec(round=w.round, units=list(w.units), zone=w.zone) for w in self.waves if party >= w.party],
        )


@dataclass(frozen=True)
class Campaign:
    key: str
    name: str
    missions: tuple[str, ...]
    brief: str


@dataclass(frozen=True)
class Builder:
    layouts: tuple[str, ...]
    rounds: tuple[int, int]
    tokens: tuple[int, int]
    wave_share: int
    wave_rounds: tuple[int, ...]
    deploy: Rect
    entry: Rect
    budget: dict[int, int]
    goals: tuple[tuple[str, int], ...]
    bosses: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Advance:
    key: str
    name: str
    cost: int
    times: int


@dataclass(frozen=True)
class Content:
    weapons: dict[str, Weapon]
    heroes: dict[str, HeroProfile]
    units: dict[str, UnitProfile]
    skills: dict[str, Skill]
    spells: dict[str, Spell]
    items: dict[str, Item]
    carry: int
    search: tuple[tuple[str, int], ...]
    pieces: dict[str, Piece]
    layouts: dict[str, Layout]
    missions: dict[str, Mission]
    campaigns: dict[str, Campaign]
    builder: Builder
    advances: dict[str, Advance]
    xp: dict[str, int]
    topics: tuple[tuple[str, str, str], ...]

    def hero_spells(self) -> list[Spell]:
        return [s for s in self.spells.values() if s.side == "hero"]


# -- loading ------------------------------------------------------------------------------------------------


def _load_weapons() -> dict[str, Weapon]:
    out = {}
    for where, key, e in keyed_entries(read_toml(DATA, "weapons.toml"), "weapons.toml", "weapon"):
        out[key] = Weapon(
            key=key,
            name=get_str(e, "name", where),
            range=get_int(e, "range", where, 0, 48),
            attacks=get_int(e, "attacks", where, 1, 10),
            ap=get_int(e, "ap", where, 0, 6, 0),
            rules=_rules(get_list(e, "rules", where, []), WEAPON_RULES, where),
        )
    return out


def _stat(e: dict[str, Any], key: str, where: str) -> int:
    return get_int(e, key, where, 2, 6)


def _load_heroes(weapons: dict[str, Weapon], skills: dict[str, Skill]) -> dict[str, HeroProfile]:
    out: dict[str, HeroProfile] = {}
    letters: set[str] = set()
    for where, key, e in keyed_entries(read_toml(DATA, "heroes.toml"), "heroes.toml", "hero"):
        letter = get_str(e, "letter", where)
        require(len(letter) == 1 and letter.isupper() and letter not in letters, where, "letter: one unused capital")
        letters.add(letter)
        kit = tuple(get_list(e, "weapons", where, non_empty=True))
        for w in kit:
            require(w in weapons, where, f"unknown weapon '{w}'")
        known = tuple(get_list(e, "skills", where, non_empty=True))
        require(1 <= len(known) <= 3, where, "a hero has 1 to 3 hero skills")
        for s in known:
            require(s in skills and not skills[s].common, where, f"'{s}' is not a hero skill")
        out[key] = HeroProfile(
            key=key,
            name=get_str(e, "name", where),
            role=get_str(e, "role", where),
            letter=letter,
            qua=_stat(e, "qua", where),
            defense=_stat(e, "defense", where),
            tou=get_int(e, "tou", where, 1, 12),
            str=_stat(e, "str", where),
            dex=_stat(e, "dex", where),
            wil=_stat(e, "wil", where),
            power=get_int(e, "power", where, 1, 8),
            weapons=kit,
            skills=known,
            rules=_rules(get_list(e, "rules", where, []), MODEL_RULES, where),
        )
    require(6 <= len(out) <= 8, "heroes.toml", "there must be 6 to 8 heroes")
    return out


def _load_units(weapons: dict[str, Weapon], spells: dict[str, Spell]) -> dict[str, UnitProfile]:
    out: dict[str, UnitProfile] = {}
    tags: set[str] = set()
    for where, key, e in keyed_entries(read_toml(DATA, "units.toml"), "units.toml", "unit"):
        tag = get_str(e, "tag", where)
        require(len(tag) == 1 and tag.isupper() and tag not in tags, where, "tag: one unused capital")
        tags.add(tag)
        kit = tuple(get_list(e, "weapons", where, non_empty=True))
        for w in kit:
            require(w in weapons, where, f"unknown weapon '{w}'")
        rules = _rules(get_list(e, "rules", where, []), MODEL_RULES, where)
        known = tuple(get_list(e, "spells", where, []))
        for s in known:
            require(s in spells and spells[s].side == "ai", where, f"'{s}' is not an enemy spell")
        if rule_value(rules, "caster") and not known:
            known = tuple(s.key for s in spells.values() if s.side == "ai")
        out[key] = UnitProfile(
            key=key,
            name=get_str(e, "name", where),
            tag=tag,
            models=get_int(e, "models", where, 1, 10),
            qua=_stat(e, "qua", where),
            defense=_stat(e, "defense", where),
            tou=get_int(e, "tou", where, 1, 15),
            weapons=kit,
            rules=rules,
            threat=get_int(e, "threat", where, 1, 20),
            spells=known,
        )
    return out


def _load_skills() -> dict[str, Skill]:
    out = {}
    for where, key, e in keyed_entries(read_toml(DATA, "skills.toml"), "skills.toml", "skill"):
        stat = get_str(e, "stat", where)
        require(stat in STATS, where, f"stat must be one of {', '.join(STATS)}")
        target = get_str(e, "target", where)
        require(target in SKILL_TARGETS, where, f"target must be one of {', '.join(SKILL_TARGETS)}")
        effect = get_str(e, "effect", where)
        require(effect in EFFECTS, where, f"unknown effect '{effect}'")
        out[key] = Skill(
            key=key,
            name=get_str(e, "name", where),
            stat=stat,
            range=get_int(e, "range", where, 0, 36),
            target=target,
            effect=effect,
            amount=_amount(e, where),
            ap=get_int(e, "ap", where, 0, 6, 0),
            rules=_rules(get_list(e, "rules", where, []), WEAPON_RULES, where),
            common=bool(e.get("common", False)),
            text=get_str(e, "text", where),
        )
    for common in ("discover", "push", "scurry"):
        require(common in out and out[common].common, "skills.toml", f"the common skill '{common}' is missing")
    require(8 <= sum(not s.common for s in out.values()) <= 16, "skills.toml", "there must be 8 to 16 hero skills")
    return out


def _load_spells() -> dict[str, Spell]:
    out = {}
    for where, key, e in keyed_entries(read_toml(DATA, "spells.toml"), "spells.toml", "spell"):
        side = get_str(e, "side", where)
        require(side in ("hero", "ai"), where, "side is hero or ai")
        target = get_str(e, "target", where)
        require(target in ("enemy", "ally", "self"), where, "target is enemy, ally or self")
        effect = get_str(e, "effect", where)
        require(effect in EFFECTS, where, f"unknown effect '{effect}'")
        amount = str(e.get("amount", "0"))
        if effect == "status":
            require(amount in STATUSES, where, f"a status spell names one of {', '.join(STATUSES)}")
        else:
            amount = _amount(e, where)
        out[key] = Spell(
            key=key,
            name=get_str(e, "name", where),
            side=side,
            value=get_int(e, "value", where, 1, 3),
            range=get_int(e, "range", where, 1, 36),
            target=target,
            effect=effect,
            amount=amount,
            ap=get_int(e, "ap", where, 0, 6, 0),
            rules=_rules(get_list(e, "rules", where, []), WEAPON_RULES, where),
            text=get_str(e, "text", where),
        )
    for side in ("hero", "ai"):
        require(sum(s.side == side for s in out.values()) >= 6, "spells.toml", f"at least 6 {side} spells")
    return out


def _load_items(weapons: dict[str, Weapon], units: dict[str, UnitProfile]) -> tuple[dict[str, Item], int, tuple]:
    raw = read_toml(DATA, "items.toml")
    carry = get_int(raw, "carry", "items.toml", 1, 6)
    out = {}
    for where, key, e in keyed_entries(raw, "items.toml", "item"):
        kind = get_str(e, "kind", where)
        require(kind in ITEM_KINDS, where, f"kind must be one of {', '.join(ITEM_KINDS)}")
        weapon = str(e.get("weapon", ""))
        if kind == "weapon":
            require(weapon in weapons, where, f"unknown weapon '{weapon}'")
        effect = str(e.get("effect", ""))
        if kind in ("consumable", "gear"):
            require(effect in (*EFFECTS, "defense", "range"), where, f"unknown effect '{effect}'")
        out[key] = Item(
            key=key,
            name=get_str(e, "name", where),
            kind=kind,
            effect=effect,
            amount=_amount(e, where),
            weapon=weapon,
            text=get_str(e, "text", where),
        )
    require("data-core" in out, "items.toml", "the mission item 'data-core' is missing")
    search = []
    for index, e in enumerate(raw.get("search", [])):
        where = f"items.toml search #{index + 1}"
        content = get_str(e, "content", where)
        head, _, arg = content.partition(":")
        if head == "item":
            require(arg in out and out[arg].kind != "mission", where, f"unknown item '{arg}'")
        elif head == "ambush":
            require(arg in units, where, f"unknown unit '{arg}'")
        else:
            require(content in ("trap", "nothing"), where, f"unknown content '{content}'")
        search.append((content, get_int(e, "weight", where, 1, 20)))
    require(bool(search), "items.toml", "the search table is empty")
    return out, carry, tuple(search)


def _load_terrain() -> tuple[dict[str, Piece], dict[str, Layout]]:
    raw = read_toml(DATA, "terrain.toml")
    pieces = {}
    for where, key, e in keyed_entries(raw, "terrain.toml", "piece"):
        piece = Piece(
            key=key,
            name=get_str(e, "name", where),
            height=get_int(e, "height", where, 0, 12, 0),
            solid=bool(e.get("solid", False)),
            raised=bool(e.get("raised", False)),
            cover=bool(e.get("cover", False)),
            difficult=bool(e.get("difficult", False)),
            dangerous=bool(e.get("dangerous", False)),
        )
        require(not (piece.solid and piece.raised), where, "a piece is solid or raised, not both")
        require(
            (piece.height > 0) == (piece.solid or piece.raised), where, "only solid and raised pieces have a height"
        )
        pieces[key] = piece
    layouts = {}
    for where, key, e in keyed_entries(raw, "terrain.toml", "layout"):
        placed = []
        taken: set[Cell] = set()
        for text in get_list(e, "pieces", where, non_empty=True):
            parts = str(text).split()
            require(len(parts) == 3, where, f"'{text}' is not '<piece> <cell> <w>x<d>'")
            kind, at, size = parts
            require(kind in pieces, where, f"unknown piece '{kind}'")
            x, y = _cell(at, where)
            match = re.fullmatch(r"(\d{1,2})x(\d{1,2})", size)
            require(match is not None, where, f"'{size}' is not a size like 4x2")
            assert match is not None
            w, h = int(match[1]), int(match[2])
            require(w >= 1 and h >= 1 and x + w <= FULL and y + h <= FULL, where, f"'{text}' leaves the table")
            cells = {(x + i, y + j) for i in range(w) for j in range(h)}
            require(not cells & taken, where, f"'{text}' overlaps another piece")
            taken |= cells
            placed.append(Placed(kind, x, y, w, h))
        require(len(placed) >= 20, where, "a battlefield needs at least 20 pieces of terrain")
        layouts[key] = Layout(key=key, name=get_str(e, "name", where), pieces=tuple(placed))
    require(len(layouts) >= 4, "terrain.toml", "at least 4 battlefield layouts")
    return pieces, layouts


def _goal(e: dict[str, Any], where: str, units: dict[str, UnitProfile]) -> Goal:
    kind = get_str(e, "kind", where)
    require(kind in GOALS, where, f"goal kind must be one of {', '.join(GOALS)}")
    goal = Goal(
        kind=kind,
        count=get_int(e, "count", where, 0, 6, 0),
        start=get_int(e, "from", where, 1, 12, 1),
        unit=str(e.get("unit", "")),
        hold=get_int(e, "hold", where, 0, 6, 0),
    )
    if kind == "seize":
        require(goal.count >= 1, where, "a seize goal needs count")
    if kind == "slay":
        require(bool(re.fullmatch(r"[A-Z][0-9]", goal.unit)), where, "a slay goal names a unit tag like H1")
    return goal


def _load_missions(units: dict[str, UnitProfile], layouts: dict[str, Layout]) -> dict[str, Mission]:
    out = {}
    for where, key, e in keyed_entries(read_toml(DATA, "missions.toml"), "missions.toml", "mission"):
        layout = get_str(e, "layout", where)
        require(layout in layouts, where, f"unknown layout '{layout}'")
        force = []
        for f in get_list(e, "force", where, non_empty=True):
            require(f.get("unit") in units, where, f"unknown unit '{f.get('unit')}'")
            force.append(ForceEntry(f["unit"], _cell(f.get("at"), where), get_int(f, "party", where, 0, 4, 0)))
        waves = []
        for w in get_list(e, "wave", where, []):
            kinds = tuple(get_list(w, "units", where, non_empty=True))
            for u in kinds:
                require(u in units, where, f"unknown unit '{u}'")
            waves.append(
                WaveEntry(
                    round=get_int(w, "round", where, 2, 12),
                    units=kinds,
                    zone=_rect(w.get("at"), where),
                    party=get_int(w, "party", where, 0, 4, 0),
                )
            )
        goal = _goal(e.get("goal", {}), where, units)
        objectives = tuple(_cell(c, where) for c in get_list(e, "objectives", where, []))
        if goal.kind == "seize":
            require(goal.count <= len(objectives), where, "more objectives to hold than there are")
        relic = bool(e.get("relic", False))
        tokens = tuple(_cell(c, where) for c in get_list(e, "tokens", where, []))
        if goal.kind == "retrieve":
            require(relic and tokens, where, "a retrieve mission hides the Data Core in its search tokens")
        exit_text = e.get("exit")
        out[key] = Mission(
            key=key,
            name=get_str(e, "name", where),
            layout=layout,
            rounds=get_int(e, "rounds", where, 3, 12),
            deploy=_rect(e.get("deploy"), where),
            exit=_rect(exit_text, where) if exit_text else None,
            goals=tuple(_cell(c, where) for c in get_list(e, "goals", where, non_empty=True)),
            objectives=objectives,
            tokens=tokens,
            relic=relic,
            goal=goal,
            brief=get_str(e, "brief", where),
            force=tuple(force),
            waves=tuple(waves),
        )
    return out


def _load_campaigns(missions: dict[str, Mission]) -> dict[str, Campaign]:
    out = {}
    for where, key, e in keyed_entries(read_toml(DATA, "missions.toml"), "missions.toml", "campaign"):
        keys = tuple(get_list(e, "missions", where, non_empty=True))
        for m in keys:
            require(m in missions, where, f"unknown mission '{m}'")
        require(4 <= len(keys) <= 6, where, "a campaign has 4 to 6 missions")
        out[key] = Campaign(key=key, name=get_str(e, "name", where), missions=keys, brief=get_str(e, "brief", where))
    return out


def _pair(raw: Any, where: str, what: str) -> tuple[int, int]:
    require(isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, int) for v in raw), where, f"{what}: [a, b]")
    require(raw[0] <= raw[1], where, f"{what}: the first number is the smaller")
    return (raw[0], raw[1])


def _load_builder(units: dict[str, UnitProfile], layouts: dict[str, Layout]) -> Builder:
    raw = read_toml(DATA, "builder.toml")
    where = "builder.toml"
    maps = tuple(str(k) for k in get_list(raw, "layouts", where, non_empty=True))
    for key in maps:
        require(key in layouts, where, f"unknown layout '{key}'")
    budget = {int(k): get_int(raw["budget"], k, where, 4, 60) for k in ("2", "3", "4")} if "budget" in raw else {}
    require(len(budget) == 3, where, "budget for parties of 2, 3 and 4")
    goals = tuple((get_str(g, "kind", where), get_int(g, "weight", where, 1, 20)) for g in raw.get("goal", []))
    for kind, _ in goals:
        require(kind in GOALS, where, f"unknown goal kind '{kind}'")
    bosses = tuple((get_str(b, "unit", where), get_int(b, "weight", where, 1, 20)) for b in raw.get("boss", []))
    for unit, _ in bosses:
        require(unit in units and units[unit].models == 1, where, f"a boss is a single-model unit, not '{unit}'")
    rounds = tuple(get_list(raw, "wave_rounds", where, non_empty=True))
    return Builder(
        layouts=maps,
        rounds=_pair(raw.get("rounds"), where, "rounds"),
        tokens=_pair(raw.get("tokens"), where, "tokens"),
        wave_share=get_int(raw, "wave_share", where, 0, 80),
        wave_rounds=tuple(int(r) for r in rounds),
        deploy=_rect(raw.get("deploy"), where),
        entry=_rect(raw.get("entry"), where),
        budget=budget,
        goals=goals,
        bosses=bosses,
    )


def _load_advances() -> tuple[dict[str, Advance], dict[str, int]]:
    raw = read_toml(DATA, "advancement.toml")
    out = {}
    for where, key, e in keyed_entries(raw, "advancement.toml", "advance"):
        require(key in ("power", "tou", "str", "dex", "wil", "qua", "skill"), where, f"unknown advance '{key}'")
        out[key] = Advance(
            key=key,
            name=get_str(e, "name", where),
            cost=get_int(e, "cost", where, 1, 10),
            times=get_int(e, "times", where, 1, 5),
        )
    xp = {k: get_int(raw, f"xp_{k}", "advancement.toml", 0, 5) for k in ("played", "won", "standing")}
    return out, xp


def _load_topics() -> tuple[tuple[str, str, str], ...]:
    out = []
    for where, key, e in keyed_entries(read_toml(DATA, "rules.toml"), "rules.toml", "topic"):
        out.append((key, get_str(e, "title", where), get_str(e, "text", where)))
    return tuple(out)


@cache
def content() -> Content:
    """All of the game's static content, read and checked once."""
    weapons = _load_weapons()
    skills = _load_skills()
    spells = _load_spells()
    heroes = _load_heroes(weapons, skills)
    units = _load_units(weapons, spells)
    items, carry, search = _load_items(weapons, units)
    pieces, layouts = _load_terrain()
    missions = _load_missions(units, layouts)
    advances, xp = _load_advances()
    used = {w for h in heroes.values() for w in h.weapons} | {w for u in units.values() for w in u.weapons}
    used |= {i.weapon for i in items.values() if i.weapon}
    unused = sorted(set(weapons) - used)
    require(not unused, "weapons.toml", f"weapons nobody carries: {', '.join(unused)}")
    return Content(
        weapons=weapons,
        heroes=heroes,
        units=units,
        skills=skills,
        spells=spells,
        items=items,
        carry=carry,
        search=search,
        pieces=pieces,
        layouts=layouts,
        missions=missions,
        campaigns=_load_campaigns(missions),
        builder=_load_builder(units, layouts),
        advances=advances,
        xp=xp,
        topics=_load_topics(),
    )

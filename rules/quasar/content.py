"""Quasar Search content: zones, numbers, factions and their cards, missions, read from data/quasar/.

Everything is checked when it is loaded (:func:`load`), so a typo in a card fails at start-up with
the file, the entry and the fault, never in the middle of a game. :func:`content` caches the result.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.content import ContentError, get_int, get_list, get_str, get_table, read_toml, require

from .effects import (
    Amount,
    Effect,
    Step,
    keyword_effects,
    parse_amount,
    parse_effect,
    parse_keyword,
    parse_step,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "quasar"

TARGETS: dict[str, bool] = {
    "reach": True,
    "precise": True,
    "together": False,
    "average": True,
    "peak": True,
    "even": False,
    "odd": False,
    "distinct": False,
    "floor": True,
    "cap": True,
}
"""Common Targets -> whether they take a number (see rules/quasar/targets.py for what each means)."""

LIS = "lis"
"""The card key of Lost in Space."""

RULES_CARD = "rules"
"""A pseudo-card holding the base rules written as effects (the Cleanup draw)."""

KINDS = ("player", "lis", "faction", "rank", "mission", "act", "challenge", "rules")
SCENARIO_KINDS = ("mission", "act", "challenge")
SEEN = ("all", "owner", "none")
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    title: str
    owned: bool
    ordered: bool
    in_play: bool
    seen: str


def created_zone(name: str) -> ZoneSpec:
    """The nature of a zone an effect names that zones.toml does not list (almanac, Zones: a zone a
    card names that does not exist yet is created; by default it is unowned, holds anything, and the
    cards entering it are face-up and in play). "your <name>" makes an owned instance; the key says so."""
    title = " ".join(w.capitalize() for w in name.split("-"))
    return ZoneSpec(name, f"{title} Zone", owned=False, ordered=False, in_play=True, seen="all")


@dataclass(frozen=True)
class TargetPart:
    kind: str
    amount: Amount = field(default_factory=Amount)


@dataclass(frozen=True)
class CardDef:
    """A card of any kind. Player cards have a value; scenario cards have targets, goals and results."""

    key: str
    name: str
    kind: str
    value: int | None = None
    keywords: tuple[tuple[str, int], ...] = ()
    effects: tuple[Effect, ...] = ()
    faction: str = ""
    set: str = ""
    copies: int = 1
    rank: int = 0
    text: str = ""
    target: tuple[TargetPart, ...] = ()
    demand: int = 0
    goal: int = 0
    challenges: tuple[str, ...] = ()
    project: tuple[Step, ...] = ()

    def has(self, keyword: str) -> bool:
        return any(k == keyword for k, _ in self.keywords)

    def keyword_n(self, keyword: str) -> int:
        return next((n for k, n in self.keywords if k == keyword), 0)


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    rankbreaker: int
    card: str
    ranks: tuple[str, ...]
    starter: tuple[str, ...]
    """Starter deck card keys, one entry per copy (15)."""
    reserve: tuple[str, ...]
    blurb: str = ""


@dataclass(frozen=True)
class Mission:
    key: str
    name: str
    brief: str
    acts: tuple[str, ...]
    acts_needed: int
    final_required: bool
    difficulty: str = ""


@dataclass(frozen=True)
class Tuning:
    hand_size: int = 5
    hand_sizes: tuple[int, ...] = ()
    """Hand Size by number of players (1, 2, 3, 4...); ``hand_size`` where not listed."""
    morale_base: int = 4
    morale_per_player: int = 1
    solo_morale: int = 0
    lis_copies: int = 12
    project_goal: int = 2
    challenge_fail_morale: int = 1
    act_fail_morale: int = 2
    repair: int = 1
    solo_cards: int = 2
    solo_blind: int = 0
    act_goal: int = 2
    challenges_per_act: int = 3
    remove_cost: int = 1
    gain_cost: int = 2


ZONE_KEYS_KEPT = 512
"""Most zone keys :meth:`Content.zone_of` remembers (a game has a few dozen)."""


@dataclass(frozen=True)
class Content:
    zones: dict[str, ZoneSpec]
    cards: dict[str, CardDef]
    factions: dict[str, Faction]
    missions: dict[str, Mission]
    tuning: Tuning
    mechanics: dict[str, tuple[str, str]]
    """keyword -> (title, reminder text)."""
    topics: list[tuple[str, str, str]] = field(default_factory=list)
    by_key: dict[str, ZoneSpec] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Zone keys (``hand:2``) already looked up by :meth:`zone_of`: every turn asks thousands of times."""
    play_orders: dict[tuple[str, ...], tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """A state's zone keys -> its in-play zones in the order effects are found in (:mod:`.layers`)."""
    actives: dict[tuple[str, str, int | None], tuple[Any, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """(card id, key, owner) -> its effects as :class:`.layers.Active` ones (:func:`.layers.active`); typed
    loosely so that the content, below the layers, does not import them."""
    hidden_to: dict[tuple[str, int | None], bool] = field(default_factory=dict, init=False, repr=False, compare=False)
    labels: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Card key -> its label (:func:`.text.card_label`), made once: only this content's keys, so bounded."""
    descriptions: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Card key -> its label and rules text (:func:`.hand.describe_card`), made once, as bounded."""
    """(zone key, seat) -> whether the seat cannot see the zone's cards (:func:`.views.zone_hidden`)."""

    def card(self, key: str) -> CardDef:
        return self.cards[key]

    def zone(self, name: str) -> ZoneSpec:
        """A zone's nature: as zones.toml lists it, else that of a zone an effect created."""
        listed = self.zones.get(name)
        return listed if listed is not None else created_zone(name)

    def zone_of(self, key: str) -> ZoneSpec:
        """The nature of the zone keyed ``key`` (``hand:2``, ``warp``), remembered. A key may come from a
        player's typing, so the memory is bounded: it starts again past :data:`ZONE_KEYS_KEPT` keys."""
        found = self.by_key.get(key)
        if found is None:
            if len(self.by_key) >= ZONE_KEYS_KEPT:
                self.by_key.clear()
            found = self.by_key[key] = self.zone(key.partition(":")[0])
        return found

    def effect(self, src: str) -> Effect:
        """The effect a reference ``<card key>#<index>`` names."""
        key, _, index = src.partition("#")
        return self.cards[key].effects[int(index)]

    def base_hand_size(self, players: int) -> int:
        """Hand Size before effects: by the number of players where tuning.toml lists it."""
        sizes = self.tuning.hand_sizes
        return sizes[players - 1] if 0 < players <= len(sizes) else self.tuning.hand_size

    def starting_morale(self, players: int) -> int:
        """Morale at Mission Setup: a base, more per player, and a lone player's extra."""
        t = self.tuning
        return t.morale_base + t.morale_per_player * players + (t.solo_morale if players == 1 else 0)

    def faction_of_rankbreaker(self, rankbreaker: int) -> Faction | None:
        return next((f for f in self.factions.values() if f.rankbreaker == rankbreaker), None)


# -- loading -----------------------------------------------------------------------------------------------


def _zones(raw: dict[str, Any]) -> dict[str, ZoneSpec]:
    zones: dict[str, ZoneSpec] = {}
    for index, entry in enumerate(get_list(raw, "zone", "zones.toml", non_empty=True)):
        where = f"zones.toml zone #{index + 1}"
        name = get_str(entry, "name", where)
        require(name not in zones, where, f"zone {name} is listed twice")
        seen = get_str(entry, "seen", where)
        require(seen in SEEN, where, f"'seen' must be one of {', '.join(SEEN)}")
        flags = {}
        for key in ("owned", "ordered", "in_play"):
            require(isinstance(entry.get(key), bool), where, f"'{key}' must be true or false")
            flags[key] = entry[key]
        zones[name] = ZoneSpec(name, get_str(entry, "title", where), seen=seen, **flags)
    for needed in ("deck", "hand", "discard", "personal", "confront", "mission", "scenario", "sensors", "warp"):
        require(needed in zones, "zones.toml", f"the {needed} zone is missing")
    return zones


def _tuning(raw: dict[str, Any]) -> Tuning:
    values: dict[str, Any] = {}
    for name, default in Tuning().__dict__.items():
        if name == "hand_sizes":
            sizes = get_list(raw, name, "tuning.toml", [])
            for size in sizes:
                require(isinstance(size, int) and 1 <= size <= 12, "tuning.toml", "hand_sizes are numbers from 1 to 12")
            values[name] = tuple(sizes)
            continue
        values[name] = get_int(raw, name, "tuning.toml", 0, 30, default)
    extra = set(raw) - set(values)
    require(not extra, "tuning.toml", f"unknown numbers: {', '.join(sorted(extra))}")
    require(values["hand_size"] >= 1 and values["solo_cards"] >= 1, "tuning.toml", "hand_size and solo_cards >= 1")
    require(values["solo_blind"] < values["solo_cards"], "tuning.toml", "solo_blind must leave a card to choose")
    return Tuning(**values)


def _effects(entry: dict[str, Any], where: str, owned: dict[str, bool], scenario: bool) -> list[Effect]:
    return [
        parse_effect(e, f"{where} effect #{i + 1}", owned, scenario=scenario)
        for i, e in enumerate(get_list(entry, "effect", where, []))
    ]


def _player_card(entry: dict[str, Any], where: str, faction: str, owned: dict[str, bool]) -> CardDef:
    key = get_str(entry, "key", where)
    require(bool(SLUG.match(key)), where, "a key is lower-case words joined by '-'")
    card_set = get_str(entry, "set", where)
    require(card_set in ("starter", "reserve"), where, "'set' is starter or reserve")
    keywords = tuple(parse_keyword(k, where) for k in get_list(entry, "keywords", where, []))
    require(len({k for k, _ in keywords}) == len(keywords), where, "a keyword is listed twice")
    project = tuple(parse_step(s, f"{where} project", owned) for s in get_list(entry, "project", where, []))
    require(not project or any(k == "project" for k, _ in keywords), where, "project steps need the Project keyword")
    effects = _effects(entry, where, owned, scenario=False)
    for name, n in keywords:
        effects += keyword_effects(name, n, project)
    return CardDef(
        key=key,
        name=get_str(entry, "name", where),
        kind="player",
        value=get_int(entry, "value", where, 0, 8),
        keywords=keywords,
        effects=tuple(effects),
        faction=faction,
        set=card_set,
        copies=get_int(entry, "copies", where, 1, 4, 1),
        text=str(entry.get("text", "")),
        project=project,
    )


def _faction(raw: dict[str, Any], file: str, owned: dict[str, bool], cards: dict[str, CardDef]) -> Faction:
    info = get_table(raw, "faction", file)
    where = f"{file} faction"
    key = get_str(info, "key", where)
    name = get_str(info, "name", where)
    card_key = f"{key}-faction"
    cards[card_key] = CardDef(
        key=card_key,
        name=get_str(info, "card", where),
        kind="faction",
        effects=tuple(_effects(info, where, owned, scenario=False)),
        faction=key,
        text=str(info.get("text", "")),
    )
    ranks = []
    for index, entry in enumerate(get_list(raw, "rank", file, non_empty=True)):
        rw = f"{file} rank #{index + 1}"
        value = get_int(entry, "value", rw, 1, 5)
        rank_key = f"{key}-rank-{value}"
        require(rank_key not in cards, rw, f"two Rank Cards of value {value}")
        cards[rank_key] = CardDef(
            key=rank_key,
            name=get_str(entry, "name", rw),
            kind="rank",
            rank=value,
            effects=tuple(_effects(entry, rw, owned, scenario=False)),
            faction=key,
            text=str(entry.get("text", "")),
        )
        ranks.append(rank_key)
    starter: list[str] = []
    reserve: list[str] = []
    for index, entry in enumerate(get_list(raw, "card", file, non_empty=True)):
        card = _player_card(entry, f"{file} card #{index + 1} ({entry.get('key', '?')})", key, owned)
        require(card.key not in cards, file, f"card key {card.key} is used twice")
        cards[card.key] = card
        (starter if card.set == "starter" else reserve).extend([card.key] * card.copies)
    require(len(starter) == 15, file, f"a starter deck has 15 cards, not {len(starter)}")
    return Faction(
        key=key,
        name=name,
        rankbreaker=get_int(info, "rankbreaker", where, 1, 99),
        card=card_key,
        ranks=tuple(sorted(ranks, key=lambda k: cards[k].rank)),
        starter=tuple(starter),
        reserve=tuple(reserve),
        blurb=str(info.get("blurb", "")),
    )


def _targets(entry: dict[str, Any], where: str) -> tuple[TargetPart, ...]:
    parts = []
    for raw in get_list(entry, "target", where, non_empty=True):
        require(isinstance(raw, dict), where, 'a target is a table like { kind = "reach", n = "4P" }')
        kind = get_str(raw, "kind", where)
        require(kind in TARGETS, where, f"unknown target {kind!r}; targets: {', '.join(TARGETS)}")
        if TARGETS[kind]:
            require("n" in raw, where, f"target {kind} needs n")
            parts.append(TargetPart(kind, parse_amount(raw["n"], f"{where} target {kind}")))
        else:
            require("n" not in raw, where, f"target {kind} takes no n")
            parts.append(TargetPart(kind))
    return tuple(parts)


def _scenario(
    raw: dict[str, Any], owned: dict[str, bool], cards: dict[str, CardDef], tuning: Tuning
) -> dict[str, Mission]:
    file = "missions.toml"
    for index, entry in enumerate(get_list(raw, "challenge", file, non_empty=True)):
        where = f"{file} challenge #{index + 1} ({entry.get('key', '?')})"
        key = get_str(entry, "key", where)
        require(key not in cards, where, "duplicate key")
        cards[key] = CardDef(
            key=key,
            name=get_str(entry, "name", where),
            kind="challenge",
            effects=tuple(_effects(entry, where, owned, scenario=True)),
            text=str(entry.get("text", "")),
            target=_targets(entry, where),
            demand=get_int(entry, "demand", where, 0, 6, 0),
        )
    for index, entry in enumerate(get_list(raw, "act", file, non_empty=True)):
        where = f"{file} act #{index + 1} ({entry.get('key', '?')})"
        key = get_str(entry, "key", where)
        require(key not in cards, where, "duplicate key")
        challenges = tuple(get_list(entry, "challenges", where, non_empty=True))
        for ch in challenges:
            require(cards.get(ch) is not None and cards[ch].kind == "challenge", where, f"no challenge {ch!r}")
        require(len(set(challenges)) == len(challenges), where, "a challenge is listed twice")
        require(
            len(challenges) >= tuning.challenges_per_act, where, f"an act needs {tuning.challenges_per_act}+ challenges"
        )
        goal = get_int(entry, "goal", where, 1, tuning.challenges_per_act, tuning.act_goal)
        cards[key] = CardDef(
            key=key,
            name=get_str(entry, "name", where),
            kind="act",
            effects=tuple(_effects(entry, where, owned, scenario=True)),
            text=str(entry.get("text", "")),
            goal=goal,
            challenges=challenges,
        )
    missions: dict[str, Mission] = {}
    for index, entry in enumerate(get_list(raw, "mission", file, non_empty=True)):
        where = f"{file} mission #{index + 1} ({entry.get('key', '?')})"
        key = get_str(entry, "key", where)
        require(key not in cards, where, "duplicate key")
        acts = tuple(get_list(entry, "acts", where, non_empty=True))
        for act in acts:
            require(cards.get(act) is not None and cards[act].kind == "act", where, f"no act {act!r}")
        cards[key] = CardDef(
            key=key,
            name=get_str(entry, "name", where),
            kind="mission",
            effects=tuple(_effects(entry, where, owned, scenario=True)),
            text=str(entry.get("brief", "")),
        )
        needed = get_int(entry, "acts_needed", where, 1, len(acts), min(2, len(acts)))
        final = entry.get("final_required", True)
        require(isinstance(final, bool), where, "'final_required' is true or false")
        missions[key] = Mission(
            key=key,
            name=cards[key].name,
            brief=get_str(entry, "brief", where),
            acts=acts,
            acts_needed=needed,
            final_required=final,
            difficulty=str(entry.get("difficulty", "")),
        )
    return missions


def _mechanics(raw: dict[str, Any]) -> dict[str, tuple[str, str]]:
    from .effects import KEYWORDS

    out = {}
    for index, entry in enumerate(get_list(raw, "mechanic", "mechanics.toml", non_empty=True)):
        where = f"mechanics.toml mechanic #{index + 1}"
        out[get_str(entry, "key", where)] = (get_str(entry, "title", where), get_str(entry, "text", where))
    for keyword in KEYWORDS:
        require(keyword in out, "mechanics.toml", f"the {keyword} keyword has no reminder text")
    return out


def _topics(raw: dict[str, Any]) -> list[tuple[str, str, str]]:
    topics = []
    for index, entry in enumerate(get_list(raw, "topic", "rules.toml", non_empty=True)):
        where = f"rules.toml topic #{index + 1}"
        topics.append((get_str(entry, "key", where), get_str(entry, "title", where), get_str(entry, "text", where)))
    require(len({k for k, _, _ in topics}) == len(topics), "rules.toml", "two topics share a key")
    return topics


def load(base: Path = DATA) -> Content:
    """Read and check every data file (a :class:`ContentError` names the first fault)."""
    zones = _zones(read_toml(base, "zones.toml"))
    owned = {name: spec.owned for name, spec in zones.items()}
    tuning = _tuning(read_toml(base, "tuning.toml"))
    cards: dict[str, CardDef] = {
        LIS: CardDef(key=LIS, name="Lost in Space", kind="lis", text="No value at all."),
        RULES_CARD: CardDef(
            key=RULES_CARD,
            name="Base rules",
            kind="rules",
            effects=(Effect("required", "cleanup", "each_player", steps=(Step("refill"),)),),
        ),
    }
    factions: dict[str, Faction] = {}
    for path in sorted(base.glob("faction_*.toml")):
        faction = _faction(read_toml(base, path.name), path.name, owned, cards)
        require(faction.key not in factions, path.name, f"faction {faction.key} is defined twice")
        factions[faction.key] = faction
    require(len(factions) >= 1, "data/quasar", "no faction_*.toml file")
    rankbreakers = [f.rankbreaker for f in factions.values()]
    require(len(set(rankbreakers)) == len(rankbreakers), "factions", "two factions share a Rankbreaker")
    missions = _scenario(read_toml(base, "missions.toml"), owned, cards, tuning)
    most_acts = max(len(m.acts) for m in missions.values())
    for faction in factions.values():
        require(len(faction.ranks) >= most_acts, faction.key, f"needs {most_acts} Rank Cards, one per Act")
    names = [c.name.lower() for c in cards.values() if c.kind == "player"]
    require(len(set(names)) == len(names), "factions", "two player cards share a name")
    return Content(
        zones=zones,
        cards=cards,
        factions=factions,
        missions=missions,
        tuning=tuning,
        mechanics=_mechanics(read_toml(base, "mechanics.toml")),
        topics=_topics(read_toml(base, "rules.toml")),
    )


@lru_cache(maxsize=1)
def _shipped() -> Content:
    return load()


_IN_USE: list[Content] = []
"""The shipped content once loaded, then any content a test swapped in on top (the last one is in use)."""


def content() -> Content:
    """The game's content: the shipped data, or content a test swapped in with :func:`using` (a turn asks
    a few hundred times: one list look-up)."""
    try:
        return _IN_USE[-1]
    except IndexError:
        _IN_USE.append(_shipped())
        return _IN_USE[-1]


@contextmanager
def using(other: Content) -> Iterator[Content]:
    """Play with ``other`` content inside the block (tests of cards that ship nowhere)."""
    content()  # the shipped content lies under the swapped one, so the block's end brings it back
    _IN_USE.append(other)
    try:
        yield other
    finally:
        _IN_USE.pop()


__all__ = [
    "LIS",
    "RULES_CARD",
    "TARGETS",
    "CardDef",
    "Content",
    "ContentError",
    "Faction",
    "Mission",
    "TargetPart",
    "Tuning",
    "ZoneSpec",
    "content",
    "created_zone",
    "load",
    "using",
]

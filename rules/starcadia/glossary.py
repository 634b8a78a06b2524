"""Starcadia Quest: the glossary, one short explanation per term the bot prints.

Built from the game's data: the general terms of ``data/starcadia/glossary.toml`` as written there, and
one entry per hero (and hero ability), monster (and its attack and ability), upgrade token, gadget,
event card, quest, scenario, station tile and shuttle, put together from their own numbers and the words
of the glossary file (its ``[effect]`` and ``[gadget]`` tables). :func:`glossary` gives
``{term: explanation}`` (the platform's glossary hook); :func:`lookup` finds an entry by any spelling a
player types or the narration prints (case, plural, alias, id, "Weeble (weeble#2)", "WE1",
"Quest 'Fox Hunt'", "Scenario 3B").
"""

from __future__ import annotations

import re
from functools import cache

from rules.core.content import read_toml
from rules.core.glossary import add_aliases_and_plurals, check_entries, spelling
from rules.core.grammar import count, listing

from .content import CONTENT as C
from .content import CREW_LABELS, DATA_DIR, EventCard, HeroCard, MonsterCard, Quest, Scenario, UpgradeCard

MAX_ENTRY = 300
"""An entry is a line or two: it must fit in a reply beside the narration."""

DECKS = {"S": "a starter token", "1": "level 1 deck", "2": "level 2 deck", "3": "level 3 deck", "A": "armory item"}


@cache
def _raw() -> dict[str, dict[str, str]]:
    return read_toml(DATA_DIR, "glossary.toml")


def _fill(text: str, **values: object) -> str:
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def dice(n: int) -> str:
    return count(n, "die")


def hero_entry(h: HeroCard) -> str:
    ab = h.ability
    return f"Hero: defence {h.defense}, life {h.life}. Ability {ab.name}: {ab.text}"


def class_numbers(m: MonsterCard) -> tuple[int, int, int, int]:
    if m.cls == "villain":
        return m.life, m.overkill, m.mp, m.reward
    s = C.classes[m.cls]
    return s.life, s.overkill, s.mp, s.reward


def monster_entry(m: MonsterCard) -> str:
    life, overkill, mp, reward = class_numbers(m)
    huge = "Huge " if m.huge else ""
    figures = count(m.figures, "figure")
    ability = "" if m.ability.kind == "none" else f" {m.ability.name}: {m.ability.text}"
    text = (
        f"{huge}{m.cls} monster ({figures}): defence {m.defense}, life {life}, Overkill {overkill}, "
        f"{mp} MP, reward {reward} VT; attacks with {m.attack_name}.{ability}"
    )
    return text[0].upper() + text[1:]


def attack_entry(m: MonsterCard) -> str:
    return f"{m.name}'s attack: {dice(m.dice)}, {m.attack_type}."


def upgrade_kind(u: UpgradeCard) -> str:
    if u.category == "weapon":
        form = u.form or u.type
        special = " (special)" if u.type == "special" else ""
        return f"{form.capitalize()} weapon{special}, {dice(u.dice)}"
    if u.category == "boost":
        fits = "any attack" if u.type == "special" else f"a {u.type} attack"
        extra = f"+{dice(u.dice)} to {fits}" if u.dice else f"for {fits}"
        return f"Boost, {extra}"
    if u.category == "reaction":
        return "Reaction, played when the hero is attacked"
    return "Passive"


def upgrade_entry(u: UpgradeCard) -> str:
    icons = [
        f"+{u.extra_defense} defence" if u.extra_defense else "",
        f"+{u.extra_life} life" if u.extra_life else "",
        f"+{count(u.reroll, 'reroll')}" if u.reroll else "",
    ]
    shown = [i for i in icons if i]
    deck = DECKS.get(u.deck, f"the reward of scenario {u.id[1:]}")
    text = f"Upgrade token ({deck}). {upgrade_kind(u)}"
    if shown:
        text += f"; always counts: {listing(shown)}"
    if u.ability_text:
        text += f". {u.ability_text}"
    return text.rstrip(".") + "."


def event_entry(name: str, cards: list[EventCard], effects: dict[str, str]) -> str:
    designations = listing(list(dict.fromkeys(c.designation for c in cards)), "or")
    said = []
    for effect in dict.fromkeys(c.effect for c in cards):
        same = [c for c in cards if c.effect == effect]

        def each(field: str, same: list[EventCard] = same) -> str:
            return listing([str(v) for v in dict.fromkeys(getattr(c, field) for c in same)], "or")

        wounds = count(same[0].value, "wound") if same[0].value else ""
        values = {"spawn": each("spawn"), "gadget": each("gadget"), "colour": each("colour"), "wounds": wounds}
        said.append(_fill(effects[effect], **values))
    what = listing(said, "or")
    copies = f" ({count(len(cards), 'card')})" if len(cards) > 1 else ""
    return f"Event card{copies}: the {designations} monster acts or spawns; {what}."


def quest_entry(q: Quest) -> str:
    if q.kind == "pvp":
        return f"PvP quest, {q.vt} VT: kill a hero of the {q.crew} crew (never your own)."
    where = [s.id for s in C.scenarios.values() if q.id in s.pve]
    of = f" of scenario {listing(where)}" if where else ""
    return f"PvE quest{of}, {q.vt} VT: {q.text}"


def scenario_entry(s: Scenario) -> str:
    return f"Scenario {s.id} (level {s.level}): {s.text}"


@cache
def glossary() -> dict[str, str]:
    """Every term the bot prints -> a short explanation in our own words."""
    raw = _raw()
    out: dict[str, str] = dict(raw.get("term", {}))
    for h in C.heroes.values():
        out.setdefault(h.name, hero_entry(h))
        out.setdefault(h.ability.name, f"{h.name}'s ability: {h.ability.text}")
    for m in C.monsters.values():
        out.setdefault(m.name, monster_entry(m))
        out.setdefault(m.attack_name, attack_entry(m))
        if m.ability.kind != "none":
            out.setdefault(m.ability.name, f"{m.name}'s ability: {m.ability.text}")
    for u in C.upgrades.values():
        out.setdefault(u.name, upgrade_entry(u))
    for gadget, text in raw.get("gadget", {}).items():
        out.setdefault(gadget.capitalize(), text)
    by_name: dict[str, list[EventCard]] = {}
    for ev in C.events.values():
        by_name.setdefault(ev.name, []).append(ev)
    for name, cards in by_name.items():
        out.setdefault(name, event_entry(name, cards, raw.get("effect", {})))
    for q in C.quests.values():
        out.setdefault(q.name, quest_entry(q))
    for s in C.scenarios.values():
        out.setdefault(s.title, scenario_entry(s))
    for t in C.tiles.values():
        out.setdefault(t.name, f"A station tile ({t.id}): 4 by 4 spaces with a terminal and spawn points.")
    for crew, name in C.shuttles.items():
        out.setdefault(name, f"The shuttle of the {crew} crew, {CREW_LABELS[crew]}.")
    for crew, label in CREW_LABELS.items():
        emblem = label.split("(")[1].rstrip(")")
        out.setdefault(emblem, f"The emblem of the {crew} crew; its PvP quest pays for killing a {crew} hero.")
    check_entries(out, MAX_ENTRY)
    return out


@cache
def _index() -> dict[str, str]:
    """Every spelling -> its term: the term, content ids, board tags, the aliases, and plurals."""
    terms = glossary()
    index = {spelling(term): term for term in terms}
    for table in (C.heroes, C.monsters, C.upgrades, C.quests, C.events):
        for key, item in table.items():
            name = getattr(item, "name", "")
            if name in terms:
                index.setdefault(spelling(key), name)
    for u in C.upgrades.values():
        index.setdefault(spelling(u.slug), u.name)
    for m in C.monsters.values():
        index.setdefault(spelling(m.tag), m.name)
    for s in C.scenarios.values():
        index.setdefault(spelling(f"scenario {s.id}"), s.title)
    return add_aliases_and_plurals(index, terms, _raw().get("alias", {}), inflected=True)


TAGGED = re.compile(r"^(.*?)\s*(?:\([a-z-]+#\d+\)|#\d+|\d+)$")
"""A name with a figure number after it as the bot prints it: "Weeble (weeble#2)", "WE1", "Edge 2"."""


def lookup(text: str) -> tuple[str, str] | None:
    """The glossary entry a player means (``"weebles"``, ``"crit"``, ``"WE1"``, ``"Quest 'Fox Hunt'"``)."""
    wanted = spelling(text.strip().strip("'\"").removeprefix("The ").removeprefix("the "))
    for head in ("quest ", "event "):
        if wanted.startswith(head) and wanted[len(head) :].strip("'\"") in _index():
            wanted = wanted[len(head) :].strip("'\"")
    index = _index()
    term = index.get(wanted) or index.get(wanted.removesuffix("s")) or index.get(wanted.removesuffix("'s"))
    if term is None and (m := TAGGED.match(wanted)) and m.group(1):
        term = index.get(m.group(1))
    return (term, glossary()[term]) if term else None


def terms() -> list[str]:
    """The glossary's terms in alphabetical order (for autocomplete)."""
    return sorted(glossary(), key=str.lower)

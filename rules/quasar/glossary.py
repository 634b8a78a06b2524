"""Quasar Search: the glossary, one short explanation per term the bot prints.

Built from the game's data: the general terms of ``data/quasar/glossary.toml`` as written there, one
entry per zone (its title), Target part and phase (the words of that file's ``[zone]``, ``[target]`` and
``[phase]`` tables), one per card keyword (the reminder texts of mechanics.toml), and one per Faction,
Faction card, Rank Card, player card, Challenge, Act and Mission, written from the card's own numbers and
its effects (:mod:`.text`), so an entry always says what the card does. :func:`glossary` gives
``{term: explanation}`` (the platform's glossary hook); :func:`lookup` finds an entry by any spelling a
player types (case, plural, alias, card key, a number after a keyword: ``Shift 2``, ``Reach 9``).
"""

from __future__ import annotations

import importlib
import re
from functools import cache

from rules.core.content import read_toml, require
from rules.core.glossary import add_aliases_and_plurals, check_entries, spelling

from .content import TARGETS, CardDef, Faction, Mission, content
from .targets import describe_part, formula_text
from .text import PHASE_NAMES, card_lines

MAX_ENTRY = 320
"""An entry is a line or two: it must fit in a reply beside the narration."""

MAX_SHARED = 560
"""A name a Mission shares with its Act and a Challenge holds all three meanings."""

CARD_KINDS = ("player", "faction", "rank", "challenge", "act", "mission")


def _raw() -> dict[str, dict[str, str]]:
    data = importlib.import_module("rules.quasar.content").DATA  # looked up each time: tests may move it
    return read_toml(data, "glossary.toml")


def _joined(lines: list[str]) -> str:
    return "; ".join(line.rstrip(".") for line in lines)


def player_card_entry(card: CardDef) -> str:
    faction = content().factions[card.faction].name
    where = "starter deck" if card.set == "starter" else "Faction Reserve (2 Lessons bring it in)"
    copies = f", {card.copies} copies" if card.copies > 1 else ""
    text = f"{faction} player card, value {card.value}, from the {where}{copies}."
    lines = card_lines(card.key)
    return f"{text} {_joined(lines)}." if lines else text


def faction_card_entry(card: CardDef, faction: Faction) -> str:
    head = f"The {faction.name} Faction card (Rankbreaker {faction.rankbreaker}); it stays in front of its player."
    lines = card_lines(card.key)
    return f"{head} {_joined(lines)}." if lines else head


def rank_card_entry(card: CardDef) -> str:
    faction = content().factions[card.faction].name
    head = f"A {faction} Rank Card, Rank Value {card.rank}: picked in secret for one Act, then used up."
    lines = card_lines(card.key)
    return f"{head} {_joined(lines)}." if lines else head


def faction_entry(faction: Faction) -> str:
    c = content()
    ranks = ", ".join(f"{c.cards[k].name} {c.cards[k].rank}" for k in faction.ranks)
    return (
        f"A Faction: {faction.blurb} Faction card {c.cards[faction.card].name} (Rankbreaker {faction.rankbreaker}); "
        f"Rank Cards {ranks}."
    ).replace("  ", " ")


def _homes() -> tuple[dict[str, str], dict[str, Mission]]:
    """Challenge key -> its Act's key; Act key -> its Mission."""
    c = content()
    acts = {act: m for m in c.missions.values() for act in m.acts}
    challenges = {ch: act for act in acts for ch in c.cards[act].challenges}
    return challenges, acts


def challenge_entry(card: CardDef) -> str:
    c = content()
    challenges, acts = _homes()
    act = challenges.get(card.key, "")
    home = f" of {c.cards[act].name} ({acts[act].name})" if act else ""
    demand = f", Demand {card.demand}" if card.demand else ""
    text = f"A Challenge{home}: Target {formula_text(card.key)}{demand}."
    lines = card_lines(card.key)
    return f"{text} {_joined(lines)}." if lines else text


def act_entry(card: CardDef) -> str:
    c = content()
    _, acts = _homes()
    mission = acts.get(card.key)
    where = f"Act {mission.acts.index(card.key) + 1} of {mission.name}" if mission else "An Act"
    goal = f"{card.goal} successful Challenges of {c.tuning.challenges_per_act} win it"
    text = f"{where}: {goal}, drawn from {len(card.challenges)}."
    lines = card_lines(card.key)
    return f"{text} {_joined(lines)}." if lines else text


def mission_entry(mission: Mission) -> str:
    c = content()
    kind = f"A mission ({mission.difficulty.partition(':')[0]})" if mission.difficulty else "A mission"
    acts = ", ".join(c.cards[a].name for a in mission.acts)
    last = ", the last included" if mission.final_required else ""
    return f"{kind}: {mission.brief} Acts: {acts}; {mission.acts_needed} of {len(mission.acts)} must succeed{last}."


def _add(out: dict[str, str], term: str, text: str) -> None:
    """A new entry, or one more meaning of a name two scenario cards share (when it still fits)."""
    if term not in out:
        out[term] = text
    elif len(out[term]) + len(text) + 6 <= MAX_SHARED:
        out[term] += f" Also: {text}"


def _free(out: dict[str, str], term: str) -> bool:
    """No entry yet under ``term`` in any case or number."""
    wanted = spelling(term).removesuffix("s")
    return all(spelling(t).removesuffix("s") != wanted for t in out)


@cache
def glossary() -> dict[str, str]:
    """Every term the bot prints -> a short explanation in our own words."""
    raw = _raw()
    c = content()
    out: dict[str, str] = dict(raw.get("term", {}))
    for name, spec in c.zones.items():
        require(name in raw.get("zone", {}), "glossary.toml [zone]", f"no text for the {name} zone")
        out.setdefault(spec.title[:1].upper() + spec.title[1:], raw["zone"][name])
    for kind in TARGETS:
        require(kind in raw.get("target", {}), "glossary.toml [target]", f"no text for the {kind} Target")
        out.setdefault(describe_part_name(kind), raw["target"][kind])
    for key, name in PHASE_NAMES.items():
        require(key in raw.get("phase", {}), "glossary.toml [phase]", f"no text for the {key} phase")
        out.setdefault(name, f"Game phase. {raw['phase'][key]}")
    for title, text in c.mechanics.values():
        bare = title.removesuffix(" N")
        term = bare if _free(out, bare) else (title if title != bare else "")
        if term:
            out[term] = f"Card keyword: {text}"
    for faction in c.factions.values():
        out.setdefault(faction.name, faction_entry(faction))
    writers = {"player": player_card_entry, "rank": rank_card_entry}
    for card in c.cards.values():
        if card.kind in writers:
            out.setdefault(card.name, writers[card.kind](card))
        elif card.kind == "faction":
            out.setdefault(card.name, faction_card_entry(card, c.factions[card.faction]))
    for mission in c.missions.values():
        _add(out, mission.name, mission_entry(mission))
    for kind, write in (("act", act_entry), ("challenge", challenge_entry)):
        for card in c.cards.values():
            if card.kind == kind:
                _add(out, card.name, write(card))
    shared = {m.name for m in c.missions.values()}
    check_entries(out, lambda term: MAX_SHARED if term in shared else MAX_ENTRY)
    return out


def describe_part_name(kind: str) -> str:
    """The word a Target part prints without its number (``Reach``, ``Stand Together``)."""
    from .content import TargetPart

    return describe_part(TargetPart(kind), None)


@cache
def _index() -> dict[str, str]:
    """Every spelling -> its term: the term, card keys, the aliases, and simple plurals."""
    terms = glossary()
    index = {spelling(term): term for term in terms}
    c = content()
    for key, card in c.cards.items():
        if card.kind in CARD_KINDS and card.name in terms:
            index.setdefault(spelling(key), card.name)
    for key, faction in c.factions.items():
        index.setdefault(spelling(key), faction.name)
    for key, mission in c.missions.items():
        index.setdefault(spelling(key), mission.name)
    return add_aliases_and_plurals(index, terms, _raw().get("alias", {}))


def lookup(text: str) -> tuple[str, str] | None:
    """The glossary entry a player means (``"Shift 2"``, ``"rank cards"``, ``"LiS"``): (term, text)."""
    index = _index()
    typed = spelling(text)
    for wanted in (typed, typed.removeprefix("the ")):
        numbered = re.sub(r"\b\d+p?(?:[+-]\d+)?\b", "n", wanted)  # "Glory 1" -> "glory n", "Reach 3P+3" -> "reach n"
        for spelled in (wanted, wanted.removesuffix("s"), wanted + "s", numbered, numbered.removesuffix(" n")):
            term = index.get(spelled)
            if term:
                return term, glossary()[term]
    return None


def terms() -> list[str]:
    """The glossary's terms in alphabetical order (for autocomplete)."""
    return sorted(glossary(), key=str.lower)

"""Deep Space D-6: Armada: the glossary, one short explanation per term the bot prints.

Built from the game's data: the general terms of ``data/armada/glossary.toml`` as written there, and one
entry per ship module (and module family), hero (and hero ability), enemy ship (Final Encounter ships
too), event card, starship, planet, Final Encounter foe, die face and Data token symbol, put together from
their own numbers and the words of the glossary file. :func:`glossary` gives ``{term: explanation}`` (the
platform's glossary hook); :func:`lookup` finds an entry by any spelling a player types (case, plural,
alias, id, "Hazard 35", "Fleet 3", "Hawk (2)").
"""

from __future__ import annotations

import re
from functools import cache

from rules.core.content import read_toml
from rules.core.glossary import add_aliases_and_plurals, check_entries, spelling

from .content import CONTENT as C
from .content import DATA, FACTIONS, Enemy, Event, Hero, Module, action_text
from .finals import FINAL_NAMES, final_enemy_def

MAX_ENTRY = 300
"""An entry is a line or two: it must fit in a reply beside the narration."""

FACE_LETTERS = {"T": "Tactical", "E": "Engineering", "S": "Science", "M": "Medical", "C": "Command", "*": "any face"}
DATA_WORDS = {"": "", "random": " and a Data token"}


@cache
def _raw() -> dict[str, dict[str, str]]:
    return read_toml(DATA, "glossary.toml")


def _fill(text: str, **values: object) -> str:
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def needs(req: tuple[str, ...] | str) -> str:
    """Die symbols as words: ``("T", "E") -> "Tactical + Engineering"``, ``"*" -> "any face"``."""
    letters = [ch for part in req for ch in part]
    return " + ".join(FACE_LETTERS.get(ch, ch) for ch in letters)


def module_entry(m: Module) -> str:
    what = m.text.rstrip(".") if m.text else m.effect.get("kind", "a ship system")
    if m.cargo:
        return f"Cargo carried in storage to the planet a cargo mission names: {what}."
    crew = f"crewed by {needs(m.req)}" if m.req else "works on its own (no dice)"
    price = "a starting module" if m.starter else f"{m.cost} credits at a shipyard"
    if m.savior:
        price = "a Galactic Savior module"
    return f"Ship module ({crew}; {price}): {what}."


def hero_entry(h: Hero) -> str:
    faces = ", ".join(f if f != "-" else "blank" for f in h.faces)
    return f"{h.role} hero, {h.cost} credits at a waystation; die faces {faces}. {h.text}"


def on_numbers(on: tuple[int, ...]) -> str:
    return "/".join(str(n) for n in on)


def enemy_entry(e: Enemy, passives: dict[str, str]) -> str:
    acts = "; ".join(f"on {on_numbers(a.on)}: {action_text(a)}" for a in e.actions)
    extra = "".join(f"; {passives[p]}" for p in e.passives if p in passives)
    what = f"{e.faction} enemy ship" if e.faction in FACTIONS else "Final Encounter ship"
    scrap = f", scrap {e.scrap}" if e.scrap else ""
    return f"{what}: hull {e.hull}, shield {e.shield}{scrap}. Enemy die {acts}{extra}."


def rows_text(e: Event) -> str:
    return " / ".join(" ".join(row) for row in e.rows)


def event_entry(e: Event, kinds: dict[str, str], hazards: dict[str, str]) -> str:
    prime = "Prime " if e.prime else ""
    hazard = dict(e.hazard)
    kind = str(hazard.get("kind", "none"))
    hazard["scope"] = "on the planet" if hazard.get("scope") == "planet" else "everywhere"
    said = _fill(hazards.get(kind, kind), **{k: v for k, v in hazard.items() if k != "kind"})
    data = DATA_WORDS.get(e.data, f" and a {e.data} Data token")
    reward = f"{e.credits} credits{data}" if e.credits else (data.removeprefix(" and ") or "nothing")
    return (
        f"{prime}event card {e.number} at {e.planet} ({kinds.get(e.kind, e.kind)}; sections {rows_text(e)}): "
        f"success brings {reward}; {said}."
    )


def planet_entry(name: str) -> str:
    p = C.planets[name]
    offers = [w for w, yes in (("a shipyard", p.shipyard), ("a waystation", p.waystation)) if yes]
    has = f" with {' and '.join(offers)}" if offers else ""
    return f"A planet{has}; nearby (one Travel): {', '.join(p.links)}."


def _final_ships() -> list[Enemy]:
    out = []
    for key in ("lokust-mothership", "drone-stinger", "drone-carapace", "drone-leech"):
        out.append(final_enemy_def(key))
    for sec in C.finals["ouroboros"]["sections"]:
        out.append(final_enemy_def("ouro-" + sec["name"].lower()))
    return out


@cache
def glossary() -> dict[str, str]:
    """Every term the bot prints -> a short explanation in our own words."""
    raw = _raw()
    out: dict[str, str] = dict(raw.get("term", {}))
    passives = raw.get("passive", {})
    for m in C.modules.values():
        out.setdefault(m.name, module_entry(m))
    families: dict[str, list[str]] = {}
    for m in C.modules.values():
        families.setdefault(m.family, []).append(m.name)
    for family, names in families.items():
        if family not in out:
            out[family] = f"A family of ship modules: {', '.join(names)}."
    for h in C.heroes.values():
        out.setdefault(h.name, hero_entry(h))
        ability, sep, rest = h.text.partition(":")
        if sep and len(ability) <= 20:
            out.setdefault(ability, f"{h.name}'s ability: {rest.strip()}")
    for e in [*C.enemies.values(), *_final_ships()]:
        out.setdefault(e.name, enemy_entry(e, passives))
    for ev in C.events.values():
        out.setdefault(ev.name, event_entry(ev, raw.get("event_kind", {}), raw.get("hazard", {})))
    for ship in C.ships.values():
        out.setdefault(ship.name, f"A captain's starship: shield {ship.shield}, hull {ship.hull}. {ship.blurb}")
    for name in C.planets:
        out.setdefault(name, planet_entry(name))
    for key, name in FINAL_NAMES.items():
        out.setdefault(name, raw.get("final", {})[key])
    for symbol in C.data_symbols:
        out.setdefault(symbol.capitalize(), raw.get("symbol", {})[symbol])
    check_entries(out, MAX_ENTRY)
    return out


@cache
def _index() -> dict[str, str]:
    """Every spelling -> its term: the term, content ids, the aliases, and plurals."""
    terms = glossary()
    index = {spelling(term): term for term in terms}
    for table in (C.modules, C.heroes, C.enemies, C.ships):
        for key, item in table.items():
            if item.name in terms:
                index.setdefault(spelling(key), item.name)
    return add_aliases_and_plurals(index, terms, _raw().get("alias", {}), inflected=True)


NUMBERED = re.compile(r"^(.*?)\s*(?:\(\d+\)|#?\d+)$")
"""A name with a number after it as the bot prints it: "Hawk (2)", "Fleet 3", "Hazard 35", "die #4"."""

NUMBERED_WORDS = {"hazard": "Hazard", "mission": "Away Mission", "beacon": "Distress Beacon", "event": "Away Mission"}


def lookup(text: str) -> tuple[str, str] | None:
    """The glossary entry a player means (``"Hawks"``, ``"prime"``, ``"Hawk (2)"``, ``"Hazard 35"``)."""
    wanted = spelling(text.removeprefix("The ").removeprefix("the "))
    index = _index()
    term = index.get(wanted) or index.get(wanted.removesuffix("s")) or index.get(wanted.removesuffix("'s"))
    if term is None and (m := NUMBERED.match(wanted)) and m.group(1):
        base = m.group(1)
        term = index.get(base) or index.get(spelling(NUMBERED_WORDS.get(base, base)))
    return (term, glossary()[term]) if term else None


def terms() -> list[str]:
    """The glossary's terms in alphabetical order (for autocomplete)."""
    return sorted(glossary(), key=str.lower)

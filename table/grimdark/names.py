"""Names players type, turned into the engine's keys; a name that fits nothing is refused with the
names that would have fitted."""

from __future__ import annotations

import re

from rules.core import RuleError
from rules.grimdark.content import cell_name, content, parse_cell
from rules.grimdark.state import GrimState, Unit
from rules.grimdark.units import enemies, heroes, name, skills_of


def norm(text: object) -> str:
    return re.sub(r"[\s_]+", "-", str(text or "").strip().lower())


def hero_names(hero: Unit) -> set[str]:
    profile = content().heroes[hero.kind]
    return {hero.id, norm(profile.name), norm(profile.name.split()[0]), profile.letter.lower()}


def find_hero(st: GrimState, text: str | None, seat: int | None) -> str:
    """A hero's key from its key, name, first name or letter; left out, the one the seat must move."""
    mine = [h for h in heroes(st) if seat is None or h.seat == seat]
    if not text:
        if st.act is not None and any(h.id == st.act.hero for h in mine):
            return st.act.hero
        waiting = [h for h in mine if not h.activated and not h.down] or mine
        if len(waiting) == 1:
            return waiting[0].id
        raise RuleError(f"Say which hero (hero:): {', '.join(h.id for h in waiting) or 'you play none'}.")
    wanted = norm(text)
    for hero in heroes(st):
        if wanted in hero_names(hero):
            return hero.id
    shown = ", ".join(f"{h.id} ({name(h)})" for h in heroes(st))
    raise RuleError(f"There is no hero '{str(text)[:30]}' in this party. Heroes: {shown}.")


def find_enemy(st: GrimState, text: str | None) -> str:
    wanted = str(text or "").strip().upper()
    options = enemies(st)
    for unit in options:
        if wanted in (unit.id, norm(f"{content().units[unit.kind].name} {unit.id}").upper()):
            return unit.id
    named = [u for u in options if norm(content().units[u.kind].name) == norm(text)]
    if len(named) == 1:
        return named[0].id
    shown = ", ".join(f"{u.id} ({content().units[u.kind].name})" for u in options) or "none on the table"
    raise RuleError(f"There is no enemy unit '{str(text or '?')[:20]}'. Enemy units: {shown}.")


def find_token(st: GrimState, text: str | None) -> str:
    wanted = str(text or "").strip().upper()
    left = [t for t in st.tokens if not t.taken]
    if any(t.id == wanted for t in left):
        return wanted
    shown = ", ".join(f"{t.id} at {cell_name((t.x, t.y))}" for t in left) or "none left"
    raise RuleError(f"There is no search token '{str(text or '?')[:12]}'. Tokens: {shown}.")


def find_cell(st: GrimState, text: str | None) -> str:
    size = 24 if st.half else 48
    raw = str(text or "").strip()
    cell = parse_cell(raw, size)
    if cell is None:
        last = cell_name((size - 1, size - 1))
        raise RuleError(f"'{raw[:12] or '?'}' is not a cell of this table: columns then rows, A1 to {last}.")
    return cell_name(cell)


def find_skill(st: GrimState, hero: Unit, text: str | None) -> str:
    c = content()
    known = skills_of(st, hero)
    wanted = norm(text)
    for key in known:
        if wanted in (key, norm(c.skills[key].name)):
            return key
    raise RuleError(f"{name(hero)} has no skill '{str(text or '?')[:20]}'. Its skills: {', '.join(known)}.")


def find_spell(text: str | None) -> str:
    wanted = norm(text)
    spells = content().hero_spells()
    for spell in spells:
        if wanted in (spell.key, norm(spell.name)):
            return spell.key
    raise RuleError(f"There is no spell '{str(text or '?')[:20]}'. Spells: {', '.join(s.key for s in spells)}.")


def find_item(keys: list[str], text: str | None, owner: str) -> str:
    c = content()
    wanted = norm(text)
    for key in keys:
        if wanted in (key, norm(c.items[key].name)):
            return key
    held = ", ".join(keys) or "nothing"
    raise RuleError(f"{owner} carries no '{str(text or '?')[:20]}'. It carries: {held}.")


def find_target(st: GrimState, text: str | None, kind: str) -> str:
    """What a skill or spell is aimed at (``kind``: enemy, ally, token, cell, self, none)."""
    if kind == "enemy":
        return find_enemy(st, text)
    if kind == "ally":
        return find_hero(st, text, None)
    if kind == "token":
        return find_token(st, text)
    if kind == "cell":
        return find_cell(st, text)
    return ""

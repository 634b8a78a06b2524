"""Grimdark Future Star Quest: the glossary, one short explanation per term the bot narrates.

Built from the game's data: the general terms of ``data/grimdark/glossary.toml`` as written there, and one
entry per hero, enemy unit, weapon, item, skill, spell and condition, put together from its own numbers and
text. :func:`glossary` gives ``{term: explanation}`` (the platform's glossary hook).
"""

from __future__ import annotations

from functools import cache

from rules.core.content import read_toml

from .content import DATA, Weapon, content
from .effects import STATUS_NAMES

CONDITIONS = {
    "impaired": "a condition: the unit blocks one worse (-1 to its defence rolls) while it lasts",
}
GENERIC = "a condition a spell, skill or weapon puts on a unit; it is checked at the start of the unit's activation"


def weapon_entry(weapon: Weapon) -> str:
    reach = "melee weapon" if weapon.melee else f'ranged weapon, {weapon.range}"'
    rules = f", {', '.join(weapon.rules)}" if weapon.rules else ""
    return f"A {reach}: {weapon.attacks} attack(s), AP({weapon.ap}){rules}."


@cache
def glossary() -> dict[str, str]:
    """Every term the bot narrates -> a short explanation in our own words."""
    c = content()
    out: dict[str, str] = dict(read_toml(DATA, "glossary.toml").get("term", {}))
    for hero in c.heroes.values():
        out[hero.name] = (
            f"A hero ({hero.role}), initial {hero.letter}: Qua {hero.qua}+, Def {hero.defense}+, "
            f"Toughness {hero.tou}, power {hero.power}."
        )
    for unit in c.units.values():
        rules = f"; {', '.join(unit.rules)}" if unit.rules else ""
        out[unit.name] = (
            f"An enemy unit (tag {unit.tag}): Qua {unit.qua}+, Def {unit.defense}+, Toughness {unit.tou}{rules}."
        )
    for weapon in c.weapons.values():
        out.setdefault(weapon.name, weapon_entry(weapon))
    for item in c.items.values():
        out.setdefault(item.name, f"An item ({item.kind}): {item.text}")
    for skill in c.skills.values():
        out.setdefault(skill.name, f"A skill: {skill.text}")
    for spell in c.spells.values():
        out.setdefault(spell.name, f"A spell: {spell.text}")
    for key, name in STATUS_NAMES.items():
        out.setdefault(name, CONDITIONS.get(key, GENERIC).capitalize() + ".")
    return out

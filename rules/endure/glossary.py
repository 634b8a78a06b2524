"""Endure the Stars: the glossary, one short explanation per term the bot narrates.

Built from the game's data: the general terms of ``data/endure/glossary.toml`` as written there, and one
entry per Resolve card, item, enemy, event card, Accomplishment card and survivor ability, put together
from the card's own numbers and the words of the glossary file (its ``[hook]``, ``[effect]``, ``[enemy]``
and ``[event]`` tables). :func:`glossary` gives ``{term: explanation}`` (the platform's glossary hook);
:func:`lookup` finds an entry by any spelling a player types (case, plural, alias, card key).
"""

from __future__ import annotations

import importlib
from functools import cache

from rules.core.content import read_toml
from rules.core.glossary import add_aliases_and_plurals, check_entries, spelling

from .content import AccomplishmentCard, BossCard, EnemyType, ItemCard, ResolveCard, content

FAMILY = {"gep": "GEP", "sentry": "Sentry", "redeemer": "Redeemer"}
KIND = {"weapon": "Weapon", "armour": "Armour", "helmet": "Helmet", "item": "Item", "noise": "Noise card"}
MAX_ENTRY = 300
"""An entry is a line or two: it must fit in a reply beside the narration."""


def _raw() -> dict[str, dict[str, str]]:
    data = importlib.import_module("rules.endure.content").DATA  # looked up each time: tests may move it
    return read_toml(data, "glossary.toml")


def _fill(text: str, **values: object) -> str:
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def resolve_entry(card: ResolveCard, hooks: dict[str, str]) -> str:
    lasting = card.group == "persistent"
    kind = "lasting Resolve card" if lasting else "one-time Resolve card"
    what = _fill(hooks[card.hook], amount=card.amount)
    when = "from then on" if lasting else "once"
    return f"A {kind} (turns over at Resolve {card.number}): {when}, {what}."


def item_entry(card: ItemCard, effects: dict[str, str]) -> str:
    if card.kind == "weapon":
        reach = "melee (your own zone)" if card.range == 0 else f"ranged, {card.range} zone{'s' * (card.range > 1)}"
        dice = f"{card.dice} {'die' if card.dice == 1 else 'dice'}"
        text = f"Weapon: {reach}, {dice} hitting on {card.hit}+, noise {card.noise}"
        extras = [
            "two can be wielded together" if card.dual else "",
            "each shot spends a Power Cell" if card.cell else "",
        ]
        return "; ".join([text, *(e for e in extras if e)]) + "."
    if card.kind == "armour":
        text = f"Armour, worn on the body: each hit is ignored on a die of {card.save}+"
        return text + (f"; while carried you move at most {card.move_cap} zones a turn." if card.move_cap else ".")
    if card.kind == "noise":
        return f"Noise card in the item deck: drawing it makes a level-{card.level} noise where you searched."
    text = _fill(effects[card.effect], amount=card.amount, range=card.range)
    return f"{KIND[card.kind]}: {text}."


def enemy_entry(kind: EnemyType, about: dict[str, str]) -> str:
    reach = "melee" if kind.range == 0 else f"range {kind.range}"
    harm = f"{kind.damage} damage" if kind.damage else "no damage of its own"
    boss = "boss " if kind.boss else ""
    return (
        f"{FAMILY.get(kind.family, kind.family)} {boss}enemy: {kind.actions} actions, {reach}, "
        f"{kind.health} Health, {harm}. {about.get(kind.key, '')}"
    ).strip()


TARGETS = {
    "highest": "the survivor in reach with the most Health",
    "lowest": "the survivor in reach with the least Health",
    "nearest": "a survivor in the nearest zone",
    "zone": "everyone in the nearest zone",
}


def boss_card_entry(boss: str, mood_word: str, card: BossCard) -> str:
    if card.kind != "attack":
        return f"A {mood_word} card of the {boss}'s deck: it changes how the boss attacks while it is in play."
    reach = "in its own zone" if card.range == 0 else f"up to {card.range} zones away"
    aim = f"{TARGETS.get(card.target, 'a survivor')} {reach}"
    text = f"An attack card of the {boss}'s deck: {card.dice} dice hitting on {card.hit}+ at {aim}"
    if card.stun:
        text += "; whoever is hit is stunned"
    if card.bonus:
        text += f"; +{card.bonus} damage to each survivor hit"
    return text + "."


def accomplishment_entry(card: AccomplishmentCard) -> str:
    c = content()
    return (
        f"Accomplishment card: after {card.target} {c.text('progress', card.goal)} its reward unlocks "
        f"({c.text('reward', card.reward)}), spent once with `/endure reward`."
    )


@cache
def glossary() -> dict[str, str]:
    """Every term the bot narrates -> a short explanation in our own words."""
    raw = _raw()
    c = content()
    out: dict[str, str] = dict(raw.get("term", {}))
    hooks, effects = raw.get("hook", {}), raw.get("effect", {})
    for card in c.resolve.values():
        out[card.name] = resolve_entry(card, hooks)
    for item in c.items.values():
        out.setdefault(item.name, item_entry(item, effects))
    for kind in c.enemies.values():
        out[kind.name] = enemy_entry(kind, raw.get("enemy", {}))
    for event in c.events.values():
        out[event.name] = "An event card. " + _fill(raw.get("event", {})[event.effect], tile=event.tile)
    for deck in c.bosses.values():
        boss = c.enemies[deck.key].name if deck.key in c.enemies else deck.key
        for bc in deck.cards.values():
            out.setdefault(bc.name, boss_card_entry(boss, deck.mood_word, bc))
    for card in c.accomplishments.values():
        out.setdefault(card.name, accomplishment_entry(card))
    for sv in c.survivors.values():
        for when, ability in (("passive", sv.passive), ("active", sv.active), ("crisis", sv.crisis)):
            out.setdefault(ability.name, f"The {sv.klass}'s {when} ability: {c.text('ability', ability.hook)}.")
    check_entries(out, MAX_ENTRY)
    return out


@cache
def _index() -> dict[str, str]:
    """Every spelling -> its term: the term, its card keys, the aliases, and simple plurals."""
    terms = glossary()
    index = {spelling(term): term for term in terms}
    c = content()
    for table in (c.resolve, c.items, c.enemies, c.events, c.accomplishments):
        for key, card in table.items():
            if card.name in terms:
                index.setdefault(spelling(key), card.name)
    return add_aliases_and_plurals(index, terms, _raw().get("alias", {}))


def lookup(text: str) -> tuple[str, str] | None:
    """The glossary entry a player means (``"GEPs"``, ``"the crush"``, ``"periphery"``): (term, text)."""
    wanted = spelling(text)
    term = _index().get(wanted) or _index().get(wanted.removesuffix("s"))
    return (term, glossary()[term]) if term else None


def terms() -> list[str]:
    """The glossary's terms in alphabetical order (for autocomplete)."""
    return sorted(glossary(), key=str.lower)

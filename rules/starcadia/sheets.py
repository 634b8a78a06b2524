"""Readable text for players: a crew's dashboard and the monster dashboard."""

from __future__ import annotations

from . import engine as E
from .content import CONTENT
from .state import StarState


def upgrade_line(token_id: str, exhausted: bool = False) -> str:
    up = CONTENT.upgrades[token_id]
    bits = [up.category]
    if up.type:
        bits.append(up.form if up.type == "special" else up.type)
    if up.dice:
        bits.append(f"{'+' if up.category == 'boost' else ''}{up.dice} dice")
    for value, label in ((up.extra_defense, "def"), (up.extra_life, "life"), (up.reroll, "reroll")):
        if value:
            bits.append(f"+{value} {label}")
    text = f"{up.slug} [{token_id}] ({', '.join(bits)})"
    if up.ability_text:
        text += f": {up.ability_text}"
    return text + (" - exhausted" if exhausted else "")


def crew_sheet(state: StarState, seat: int) -> list[str]:
    """One crew's dashboard: VT, badges, heroes with wounds, upgrades (by the names to type) and gadgets."""
    crew = state.crews[seat]
    lines = [f"{crew.colour.capitalize()} crew ({state.seats[seat]}): {crew.vt} VT, {crew.badges} badge(s)"]
    for hid in crew.heroes:
        h = E.find_hero(state, hid)
        card = CONTENT.heroes[hid]
        stats = f"defence {E.hero_defense(h)}, rerolls {E.hero_rerolls(h)}"
        if h.dead:
            lines.append(f"{card.name} ({hid}): dead (revive by resting), {stats}")
        else:
            where = f"at {h.pos}" if h.pos else "off the board"
            flags = " dazed" if h.dazed else ""
            lines.append(f"{card.name} ({hid}) {where}{flags}: wounds {h.wounds}/{E.hero_life(h)}, {stats}")
        lines.append(f"  ability {card.ability.name}: {card.ability.text}")
        lines.extend(f"  {upgrade_line(u.id, u.exhausted)}" for u in h.upgrades)
        if h.gadgets or h.quest_tokens:
            lines.append("  carrying: " + ", ".join(h.gadgets + [t[6:] for t in h.quest_tokens]))
        react = CONTENT.upgrades[h.reaction].slug if h.reaction else "none"
        lines.append(f"  prefs: auto-reroll {'on' if h.auto_reroll else 'off'}, reaction {react}")
    if crew.stash:
        lines.append("not yet given to a hero: " + ", ".join(crew.stash))
    return lines


def monster_sheet(state: StarState) -> list[str]:
    """The monster dashboard: each designation's card with its stats, and the figures out."""
    lines = []
    for des in sorted(state.dashboard):
        card = CONTENT.monsters[state.dashboard[des]]
        probe = E.MonsterState(uid="", card=card.id, designation=des, pos="")
        life, overkill, mp, reward = E.mstats(probe)
        out = [m for m in state.monsters if m.card == card.id]
        figs = ", ".join(f"{m.uid}@{m.pos} w{m.wounds}{' dazed' if m.dazed else ''}" for m in out) or "none out"
        lines.append(
            f"{des}: {card.name} - def {card.defense}, {card.dice} {card.attack_type} dice ({card.attack_name}), "
            f"life {life}, overkill {overkill}, MP {mp}, reward {reward} VT{', Huge' if card.huge else ''}. "
            f"{card.ability.name}: {card.ability.text} Figures: {figs}"
        )
    return lines

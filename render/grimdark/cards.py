"""The hero sheets and the enemy roster: plain cards of rows."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.grimdark.content import cell_name, content
from rules.grimdark.state import GrimState
from rules.grimdark.units import enemies, heroes, skills_of, stats, weapons

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, font, wrap
from .style import ENEMY_EDGE, TEXT, TITLE, seat_colour

# -- hero sheets and the enemy roster ----------------------------------------------------------------------------


def _card(title: str, rows: list[tuple[str, str]], width: int = 900) -> bytes:
    """A plain card: a title and (text, colour) rows wrapped to the width."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    body = font(TEXT)
    lines: list[tuple[str, object, str]] = [(title, font(TITLE, bold=True), HIGHLIGHT)]
    for text, colour in rows:
        for part in wrap(text, width - 50, probe, body):
            lines.append((part, body, colour))
    height = 40 + sum(int(f.size * 1.45) for _, f, _ in lines)  # type: ignore[attr-defined]
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = 20
    for text, face, colour in lines:
        draw.text((25, y), text, font=face, fill=colour)  # type: ignore[arg-type]
        y += int(face.size * 1.45)  # type: ignore[attr-defined]
    from . import png

    return png(image)


def sheets(state: GrimState, keys: Sequence[str] | None = None) -> bytes:
    """The hero sheets: stats, weapons, skills, items, experience."""
    c = content()
    rows: list[tuple[str, str]] = []
    for hero in heroes(state):
        if keys and hero.id not in keys:
            continue
        s = stats(state, hero)
        profile = c.heroes[hero.kind]
        sheet = next(p for p in state.party if p.key == hero.id)
        colour = seat_colour(hero.seat)
        rows.append((f"{profile.letter} {profile.name}, {profile.role} ({state.seats[hero.seat]})", colour))
        rows.append((f"Qua {s.qua}+ Def {s.defense}+ Tou {s.tou} Str {s.str}+ Dex {s.dex}+ Wil {s.wil}+", INK))
        rows.append((f"Wounds {hero.models[0].wounds}/{s.tou} · power {hero.power}/{s.power} · XP {sheet.xp}", INK))
        for weapon in weapons(hero):
            reach = "melee" if weapon.melee else f'{weapon.range}"'
            rules = f", {', '.join(weapon.rules)}" if weapon.rules else ""
            rows.append((f"  {weapon.name}: {reach}, A{weapon.attacks}, AP({weapon.ap}){rules}", MUTED))
        rows.append(("Skills: " + ", ".join(c.skills[k].name for k in skills_of(state, hero)), MUTED))
        if profile.rules:
            rows.append(("Rules: " + ", ".join(profile.rules), MUTED))
        if hero.items:
            rows.append(("Carries: " + ", ".join(c.items[i].name for i in hero.items), MUTED))
        rows.append(("", INK))
    return _card("Hero sheets", rows[:-1] if rows else [("No hero.", INK)])


def roster(state: GrimState) -> bytes:
    """The enemy units on the table with their profiles."""
    c = content()
    rows: list[tuple[str, str]] = []
    for unit in enemies(state):
        profile = c.units[unit.kind]
        alive = unit.alive()
        rows.append(
            (
                f"{unit.id} {profile.name}: {len(alive)}/{len(unit.models)} at {cell_name(alive[0].cell)}"
                + (" · Shaken" if unit.shaken else ""),
                ENEMY_EDGE,
            )
        )
        rows.append(
            (
                f"  Qua {profile.qua}+ Def {profile.defense}+ Tou {profile.tou}"
                + (f" · {', '.join(profile.rules)}" if profile.rules else ""),
                INK,
            )
        )
        for key in profile.weapons:
            weapon = c.weapons[key]
            reach = "melee" if weapon.melee else f'{weapon.range}"'
            rules = f", {', '.join(weapon.rules)}" if weapon.rules else ""
            rows.append((f"  {weapon.name}: {reach}, A{weapon.attacks}, AP({weapon.ap}){rules}", MUTED))
    coming = [w.round for w in state.waves if not w.arrived]
    if coming:
        rows.append((f"Waves still to come in rounds {', '.join(map(str, coming))}.", MUTED))
    return _card("Enemy roster", rows or [("No enemy on the table.", INK)])

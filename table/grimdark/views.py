"""Looking without acting: line of sight and range previews, hero sheets, the enemy roster, the briefing
and the help page. Only the asker sees them."""

from __future__ import annotations

import msgspec

from render.grimdark import board as board_picture
from render.grimdark import roster as roster_picture
from render.grimdark import sheets as sheet_picture
from rules.core import RuleError
from rules.grimdark.areas import move_areas
from rules.grimdark.combat import shooters, weapon_range
from rules.grimdark.content import cell_name, content, parse_cell
from rules.grimdark.grid import dist, in_cover, line, sees
from rules.grimdark.state import Cell, GrimState, Mark
from rules.grimdark.units import enemies, find, grid_of, heroes, name, skills_of, stats, weapons
from rules.grimdark.words import enemy_line, goal_text, hero_line

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_hero
from .seat import legal, state, viewer_context


def place(st: GrimState, text: str) -> tuple[str, list[Cell]]:
    """A unit, hero, token, objective or cell named by a player: its label and cells."""
    raw = text.strip()
    unit = find(st, raw.lower()) or find(st, raw.upper())
    if unit is not None and unit.placed and not unit.gone:
        return name(unit), [m.cell for m in unit.alive()]
    for token in st.tokens:
        if token.id == raw.upper() and not token.taken:
            return f"search token {token.id}", [(token.x, token.y)]
    for objective in st.objectives:
        if objective.id == raw.upper():
            return f"objective {objective.id}", [(objective.x, objective.y)]
    size = 24 if st.half else 48
    cell = parse_cell(raw, size)
    if cell is not None:
        return cell_name(cell), [cell]
    known = [h.id for h in heroes(st) if h.placed] + [u.id for u in enemies(st)]
    raise RuleError(f"'{raw[:20]}' is no cell, unit or marker here. Try a cell like F12 or: {', '.join(known)}.")


async def los(table: Table, ctx: Ctx, source: str, to: str) -> Reply:
    """Whether ``source`` sees ``to``, how far, what blocks it and whether the target is in cover."""
    sc = await viewer_context(table, ctx)
    st = state(sc)
    grid = grid_of(st)
    a_name, a_cells = place(st, source)
    b_name, b_cells = place(st, to)
    pairs = sorted(
        ((dist(a, b), a, b) for a in a_cells for b in b_cells), key=lambda p: (not sees(grid, p[1], p[2]), p[0])
    )
    gap, a, b = pairs[0]
    lines = [f'From {a_name} ({cell_name(a)}) to {b_name} ({cell_name(b)}): {gap:.1f}".']
    if sees(grid, a, b):
        lines.append("Line of sight: clear.")
        covered = in_cover(grid, a, b)
        lines.append("The target is in cover (+1 to block shots)." if covered else "The target is in the open.")
    else:
        eye = max(grid.h(a), grid.h(b))
        blockers = [c for c in line(a, b)[1:-1] if grid.solid[grid.at(c)] and grid.h(c) > eye]
        piece = content().pieces[grid.piece[grid.at(blockers[0])]].name if blockers else "terrain"
        lines.append(f"Line of sight: blocked by the {piece.lower()} at {cell_name(blockers[0]) if blockers else '?'}.")
        lines.append("Only Indirect weapons can shoot there.")
    preview = msgspec.structs.replace(sc.my_view(), marks=[Mark(kind="shot", unit="", cells=[a, b])])  # type: ignore[arg-type]
    return Reply(
        title="Line of sight", lines=lines, ephemeral=True, image=lambda: board_picture(preview), image_name="los.png"
    )


async def ranges(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    """What a hero's weapons reach now, and what it could shoot or charge this activation."""
    sc = await viewer_context(table, ctx)
    st = state(sc)
    key = find_hero(st, hero, sc.seat)
    unit = find(st, key)
    assert unit is not None
    if not unit.placed:
        return Reply(title=name(unit), lines=[f"{name(unit)} waits in reserve."], ephemeral=True)
    lines = [f"**{name(unit)}** at {cell_name(unit.models[0].cell)}"]
    for weapon in weapons(unit):
        if weapon.melee:
            continue
        reach = weapon_range(st, unit, weapon)
        targets = [
            u.id for u in enemies(st) if any(w.key == weapon.key for _, w in shooters(st, unit, u, limited=True))
        ]
        lines.append(
            f'{weapon.name} ({reach:g}"): ' + (", ".join(targets) if targets else "nothing in range and sight")
        )
    mine = [a for a in legal(sc) if a.get("hero") == key]
    after = sorted({a["shoot"] for a in mine if a["type"] == "advance" and a.get("shoot")})
    charges = sorted({a["target"] for a in mine if a["type"] == "charge"})
    if after:
        lines.append("After an Advance it can shoot: " + ", ".join(after) + ".")
    if charges:
        lines.append("It can charge: " + ", ".join(charges) + ".")
    if not mine:
        lines.append("It cannot act now.")
    here = unit.models[0].cell
    lines_of_fire = [
        Mark(kind="shot", unit=key, cells=[here, min((m.cell for m in u.alive()), key=lambda c: dist(c, here))])
        for u in enemies(st)
        if shooters(st, unit, u, limited=True)
    ]
    areas = move_areas(st, unit)
    legend = ""
    if areas.advance or areas.rush:
        legend = (
            f'{name(unit).split()[0]}: blue = Advance {areas.advance_inches:g}", yellow = Rush {areas.rush_inches:g}"'
            + (", purple frame = Charge end" if areas.charge else "")
        )
        lines.append(
            f"Drawn: where it can Advance (blue, {len(areas.advance)} cells), Rush (yellow, {len(areas.rush)} more)"
            + (f" and end a Charge (purple frames, {len(areas.charge)})." if areas.charge else ".")
            + (' Drops over 3" need jump:yes.' if st.house.get("drops", "jump") == "jump" else "")
        )
    preview = msgspec.structs.replace(sc.my_view(), marks=lines_of_fire)  # type: ignore[arg-type]
    overlay = areas.overlay()
    return Reply(
        title="Range",
        lines=lines,
        ephemeral=True,
        image=lambda: board_picture(preview, reach=overlay, legend=legend),
        image_name="range.png",
    )


def sheet_lines(st: GrimState, key: str) -> list[str]:
    c = content()
    unit = find(st, key)
    assert unit is not None
    s = stats(st, unit)
    profile = c.heroes[unit.kind]
    sheet = next(p for p in st.party if p.key == key)
    lines = [hero_line(st, unit), f"{profile.role}, played by {st.seats[unit.seat]}"]
    lines.append(
        f"Qua {s.qua}+  Def {s.defense}+  Tou {s.tou}  Str {s.str}+  Dex {s.dex}+  Wil {s.wil}+  power {s.power}"
    )
    for weapon in weapons(unit):
        rules = ", ".join(weapon.rules)
        reach = "melee" if weapon.melee else f'{weapon.range}"'
        lines.append(
            f"• {weapon.name}: {reach}, {weapon.attacks} attack(s), AP({weapon.ap})" + (f", {rules}" if rules else "")
        )
    if profile.rules:
        lines.append("Rules: " + ", ".join(profile.rules))
    lines.append("Skills: " + ", ".join(c.skills[k].name for k in skills_of(st, unit)))
    lines.append(f"XP {sheet.xp}; advances: {', '.join(sheet.advances) or 'none yet'}")
    orders = ", ".join(f"{k}={v}" for k, v in sorted(unit.policy.items())) or "the defaults"
    lines.append(f"Standing orders: {orders}")
    return lines


async def sheet(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    sc = await viewer_context(table, ctx)
    st = state(sc)
    keys = [find_hero(st, hero, None)] if hero else [h.id for h in heroes(st)]
    lines: list[str] = []
    for key in keys:
        lines += [*sheet_lines(st, key), ""]
    view = sc.my_view()
    return Reply(
        title="Hero sheets",
        lines=lines[:-1],
        ephemeral=True,
        image=lambda: sheet_picture(view, keys),
        image_name="sheets.png",
    )


async def roster(table: Table, ctx: Ctx) -> Reply:
    sc = await viewer_context(table, ctx)
    st = state(sc)
    c = content()
    lines = []
    for unit in enemies(st):
        profile = c.units[unit.kind]
        kit = ", ".join(c.weapons[w].name for w in profile.weapons)
        lines.append(enemy_line(st, unit))
        lines.append(
            f"  Qua {profile.qua}+ Def {profile.defense}+ Tou {profile.tou}; {kit}"
            + (f"; {', '.join(profile.rules)}" if profile.rules else "")
        )
    coming = [w.round for w in st.waves if not w.arrived]
    if coming:
        lines.append(f"Waves still to come: rounds {', '.join(map(str, coming))} (their units stay secret).")
    view = sc.my_view()
    return Reply(
        title="Enemy roster",
        lines=lines or ["No enemy on the table."],
        ephemeral=True,
        image=lambda: roster_picture(view),
        image_name="roster.png",
    )


async def briefing(table: Table, ctx: Ctx) -> Reply:
    sc = await viewer_context(table, ctx)
    st = state(sc)
    m = st.mission
    lines = [f"**{m.name}**: {m.brief}", f"Goal: {goal_text(st)}.", f"Rounds: {m.rounds}."]
    lines.append(f"Deployment zone: {cell_name((m.deploy.x0, m.deploy.y0))}-{cell_name((m.deploy.x1, m.deploy.y1))}.")
    if m.goal.kind == "retrieve":
        lines.append(f"Exit zone: {cell_name((m.exit.x0, m.exit.y0))}-{cell_name((m.exit.x1, m.exit.y1))}.")
    lines.append("AI Goals: " + ", ".join(cell_name(g) for g in m.goals) + ".")
    if st.objectives:
        lines.append("Objectives: " + ", ".join(f"{o.id} at {cell_name((o.x, o.y))}" for o in st.objectives) + ".")
    tokens = [t for t in st.tokens if not t.taken]
    if tokens:
        lines.append("Search tokens: " + ", ".join(f"{t.id} at {cell_name((t.x, t.y))}" for t in tokens) + ".")
    if st.mode == "campaign":
        done = ", ".join(st.record) or "nothing"
        lines.append(f"Campaign: {content().campaigns[st.campaign].name}, mission {st.stage + 1}; so far {done}.")
    return Reply(title="Briefing", lines=lines, ephemeral=True)

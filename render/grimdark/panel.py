"""Under the battlefield: the panel (mission, how it stands or ended, who plays which hero, enemies,
objectives, what is out of view) and the whole-table map with labels."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.grimdark.campaign import affordable
from rules.grimdark.content import cell_name, content
from rules.grimdark.grid import Grid
from rules.grimdark.state import Cell, GrimState
from rules.grimdark.units import enemies, heroes, stats
from rules.grimdark.words import goal_text

from ..common import HIGHLIGHT, INK, MUTED, PANEL, font
from .frame import Frame
from .style import DARK, ENEMY_EDGE, HELD, RAISED, SMALL, SOLID, TEXT, TITLE, WOUND, seat_colour

MAP_SIDE = 288
"""The whole-table map's side in pixels (6 per cell on the full table, 12 on the half table)."""
WIN, LOSS = "#2fbf71", "#ff6b6b"

Line = tuple[str, int, str]


def player(state: GrimState, seat: int) -> str:
    name = state.seats[seat] if 0 <= seat < len(state.seats) else f"seat {seat + 1}"
    return name if len(name) <= 14 else name[:13] + "…"


def _verdict(won: bool) -> str:
    return "WIN" if won else "LOSS"


def status(state: GrimState) -> list[Line]:
    """How the mission stands: deploying, under way, won or lost and why, at camp."""
    m = state.mission
    if state.phase == "over":
        won = state.result == "win" if state.result else state.verdict == "win"
        head = f"{_verdict(won)}: {m.name} {'won' if state.verdict == 'win' else 'lost'}"
        lines = [(head + (f", {state.verdict_why}." if state.verdict_why else "."), TEXT, WIN if won else LOSS)]
        if state.mode != "mission":
            lines.append((state.summary, TEXT, INK))
        return lines
    if state.phase == "camp":
        won = state.verdict == "win"
        lines = [(f"{_verdict(won)}: {m.name}, {state.verdict_why}.", TEXT, WIN if won else LOSS)]
        if any(affordable(p) for p in state.party):
            lines.append(("At camp: spend XP with train, then ready for the next mission.", TEXT, INK))
        else:
            lines.append(("At camp: no hero has XP enough for an advance; ready for the next mission.", TEXT, INK))
        return lines
    lines: list[Line] = []
    if state.record and state.round <= 1:
        key, _, how = state.record[-1].rpartition(":")
        last = content().missions[key].name if key in content().missions else key
        lines.append((f"Last mission, {last}: {_verdict(how == 'win')}.", TEXT, WIN if how == "win" else LOSS))
    if state.phase == "deploy":
        lines.append(("Deploying: place heroes in the green frame, then ready.", TEXT, INK))
    elif state.act is not None:
        hero = next((h for h in heroes(state) if h.id == state.act.hero), None)
        if hero is not None:
            who = content().heroes[hero.kind].name
            lines.append((f"Now: {who} acts ({player(state, hero.seat)}).", TEXT, seat_colour(hero.seat)))
    return lines


def hero_lines(state: GrimState) -> list[Line]:
    out: list[Line] = []
    for hero in heroes(state):
        s = stats(state, hero)
        profile = content().heroes[hero.kind]
        mark = ""
        if hero.down:
            mark = " · DOWN"
        elif not hero.placed:
            mark = " · in reserve"
        elif state.act is not None and state.act.hero == hero.id:
            mark = " · acting"
        elif hero.activated and state.phase == "battle":
            mark = " · done"
        flags = [f for f, on in (("Shaken", hero.shaken), ("fatigued", hero.fatigued)) if on]
        flags += [x.capitalize() for x in hero.statuses]
        extra = f" · {', '.join(flags)}" if flags else ""
        place = cell_name(hero.models[0].cell) if hero.placed else "-"
        out.append(
            (
                f"{profile.letter} {profile.name} ({player(state, hero.seat)}) {place}: wounds "
                f"{hero.models[0].wounds}/{s.tou}, power {hero.power}/{s.power}{mark}{extra}",
                TEXT,
                seat_colour(hero.seat),
            )
        )
    return out


def objective_line(state: GrimState) -> Line | None:
    if not state.objectives:
        return None
    ours = [o.id for o in state.objectives if o.holder == "heroes"]
    theirs = [o.id for o in state.objectives if o.holder == "ai"]
    free = [o.id for o in state.objectives if not o.holder]
    bits = [f"heroes hold {', '.join(ours) or 'none'}", f"enemy holds {', '.join(theirs) or 'none'}"]
    if free:
        bits.append(f"nobody holds {', '.join(free)}")
    return (f"Objectives: {'; '.join(bits)}.", TEXT, INK)


def unseen(state: GrimState, frame: Frame) -> list[str]:
    """What is in play outside the frame, each with its cell."""
    out: list[str] = []
    for hero in heroes(state):
        if hero.placed and not frame.shown(hero.models[0].cell):
            out.append(f"{content().heroes[hero.kind].letter} {cell_name(hero.models[0].cell)}")
    for unit in enemies(state):
        cells = [m.cell for m in unit.alive()]
        if cells and not any(frame.shown(c) for c in cells):
            out.append(f"{unit.id} {cell_name(cells[0])}")
    for o in state.objectives:
        if not frame.shown((o.x, o.y)):
            out.append(f"{o.id} {cell_name((o.x, o.y))}")
    return out


def panel_lines(state: GrimState, frame: Frame, legend: str = "") -> list[Line]:
    m = state.mission
    when = f"round {state.round}/{m.rounds}" if state.round else f"deployment ({m.rounds} rounds)"
    lines: list[Line] = [(f"{m.name} · {when}", TITLE, HIGHLIGHT)]
    if legend:
        lines.append((legend, TEXT, HIGHLIGHT))
    lines += status(state)
    lines.append((f"Goal: {goal_text(state)}", TEXT, INK))
    lines += hero_lines(state)
    foes = enemies(state)
    if foes:
        bits = [f"{u.id} {len(u.alive())}/{len(u.models)}" + (" Shaken" if u.shaken else "") for u in foes]
        lines.append(("Enemies: " + ", ".join(bits), TEXT, ENEMY_EDGE))
    held = objective_line(state)
    if held:
        lines.append(held)
    away = unseen(state, frame)
    if away:
        lines.append(("Off the picture (see the map): " + ", ".join(away), TEXT, MUTED))
    return lines


def draw_panel(draw: ImageDraw.ImageDraw, lines: list[Line], top: int) -> None:
    y = top + 10
    for text, size, colour in lines:
        draw.text((20, y), text, font=font(size, bold=size >= TITLE), fill=colour)
        y += int(size * 1.35)


# -- the whole-table map -----------------------------------------------------------------------------------------


def map_height() -> int:
    return MAP_SIDE + 2 * int(SMALL * 1.5)


def whole_table(image: Image.Image, state: GrimState, grid: Grid, frame: Frame, left: int, top: int) -> None:
    """The whole table under a caption: terrain, heroes (their letter), enemy units (their tag) and
    objectives, with the part the battlefield shows framed in yellow."""
    draw = ImageDraw.Draw(image)
    face = font(SMALL, bold=True)
    draw.text((left, top), "Whole table", font=face, fill=INK)
    top += int(SMALL * 1.5)
    k = MAP_SIDE / grid.size
    draw.rectangle((left - 2, top - 2, left + MAP_SIDE + 1, top + MAP_SIDE + 1), fill=PANEL, outline=MUTED)
    for y in range(grid.size):
        for x in range(grid.size):
            i = grid.at((x, y))
            if grid.solid[i] or grid.raised[i]:
                colour = SOLID if grid.solid[i] else RAISED
                draw.rectangle((left + x * k, top + y * k, left + (x + 1) * k - 1, top + (y + 1) * k - 1), fill=colour)
    draw.rectangle(
        (
            left + frame.x0 * k,
            top + frame.y0 * k,
            left + (frame.x0 + frame.span) * k - 1,
            top + (frame.y0 + frame.span) * k - 1,
        ),
        outline=HIGHLIGHT,
        width=3,
    )
    taken: list[tuple[float, float, float, float]] = []
    labels: list[tuple[Cell, str, str, str]] = []  # cell, text, fill, ink
    for o in state.objectives:
        labels.append(((o.x, o.y), o.id, HELD[o.holder], INK))
    for unit in enemies(state):
        for m in unit.alive():
            x, y = left + (m.x + 0.5) * k, top + (m.y + 0.5) * k
            draw.rectangle((x - 3, y - 3, x + 3, y + 3), fill=WOUND)
        alive = unit.alive()
        if alive:
            labels.append((alive[0].cell, unit.id, WOUND, DARK))
    for hero in heroes(state):
        if hero.placed:
            labels.append((hero.models[0].cell, content().heroes[hero.kind].letter, seat_colour(hero.seat), DARK))
    for cell, text, fill, ink in labels:
        x, y = left + (cell[0] + 0.5) * k, top + (cell[1] + 0.5) * k
        w = draw.textlength(text, font=face) + 8
        h = SMALL + 4
        for dx, dy in _around(w, h):
            box = (x + dx - w / 2, y + dy - h / 2, x + dx + w / 2, y + dy + h / 2)
            box = (
                min(max(box[0], left), left + MAP_SIDE - w),
                min(max(box[1], top), top + MAP_SIDE - h),
                0.0,
                0.0,
            )
            box = (box[0], box[1], box[0] + w, box[1] + h)
            if not any(_meet(box, t) for t in taken):
                break
        else:
            continue
        taken.append(box)
        draw.rectangle(box, fill=fill, outline=DARK)
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=face, fill=ink, anchor="mm")


def _around(w: float, h: float) -> list[tuple[float, float]]:
    """Where a label may sit around its marker, nearest first: on it, beside it, above, below, then further."""
    out = [(0.0, 0.0)]
    for ring in (1, 2, 3):
        for fx, fy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
            out.append((fx * ring * w * 0.55, fy * ring * h * 0.55))
    return out


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

"""Grimdark Future Star Quest pictures: the battlefield around the fight, hero sheets and the enemy roster.

The battlefield picture shows a window of up to 24 x 24 cells chosen around the heroes and the action
(the whole half table fits), with column letters and row numbers on its edges, terrain by type and
height, objectives and search tokens (hidden ones face down), models with their unit tags, wounds and
power, and the last moves, shots and fights. A small map of the whole table sits under it with the
shown part outlined. Text is sized to read at 500 px wide.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.core import Event
from rules.grimdark.content import cell_name, column_name, content
from rules.grimdark.grid import Grid, grid_for
from rules.grimdark.state import Cell, GrimState, Unit
from rules.grimdark.units import enemies, heroes, stats
from rules.grimdark.words import goal_text

from .common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, font, wrap

CELL = 36
WINDOW = 24
LEFT = 46
TOP = 34
RIGHT = 14
WIDTH = LEFT + WINDOW * CELL + RIGHT
SMALL = 21
TEXT = 24
TITLE = 30
MINI = 3

GROUND = "#2b2f38"
GRIDLINE = "#363b46"
COLUMN_BAND = "#3a404c"
SOLID = "#69707f"
SOLID_EDGE = "#9aa1b0"
RAISED = "#8fb8d8"
COVER = "#56B4E9"
DIFFICULT = "#b58a4c"
DANGER = "#D55E00"
ENEMY = "#7a1f2b"
ENEMY_EDGE = "#ff8a8a"
WOUND = "#ff4d4d"
POWER = "#F0E442"
DOWN = "#808080"
HELD = {"heroes": "#009E73", "ai": "#D55E00", "": "#5a5f6a"}


# -- the window --------------------------------------------------------------------------------------------


def window(state: GrimState) -> tuple[int, int]:
    """Top-left cell of the shown window: as many standing heroes as fit, then enemies, markers and the
    last events, as centred on the heroes as possible."""
    size = grid_for(state.mission.layout, state.half).size
    if size <= WINDOW:
        return (0, 0)
    heroes_at = [u.models[0].cell for u in state.units if u.side == "hero" and u.placed and not u.down]
    weighted: list[tuple[Cell, int]] = []
    for unit in state.units:
        if unit.placed and not unit.gone and not (unit.side == "hero" and not unit.down):
            weighted += [(m.cell, 3) for m in unit.alive()]
    for mark in state.marks:
        weighted += [(c, 2) for c in mark.cells]
    weighted += [((o.x, o.y), 2) for o in state.objectives]
    weighted += [((t.x, t.y), 1) for t in state.tokens if not t.taken]
    cx = sum(c[0] for c in heroes_at) / len(heroes_at) if heroes_at else size / 2
    cy = sum(c[1] for c in heroes_at) / len(heroes_at) if heroes_at else size / 2
    best, best_score = (0, 0), -1e18
    for y0 in range(0, size - WINDOW + 1, 2):
        for x0 in range(0, size - WINDOW + 1, 2):

            def inside(c: Cell, x0: int = x0, y0: int = y0) -> bool:
                return x0 <= c[0] < x0 + WINDOW and y0 <= c[1] < y0 + WINDOW

            mine = sum(inside(c) for c in heroes_at)
            others = sum(w for c, w in weighted if inside(c))
            centred = abs(x0 + WINDOW / 2 - cx) + abs(y0 + WINDOW / 2 - cy)
            score = mine * 100_000 + others * 100 - centred
            if score > best_score:
                best, best_score = (x0, y0), score
    return best


def centre(cell: Cell, origin: tuple[int, int]) -> tuple[float, float]:
    return (LEFT + (cell[0] - origin[0] + 0.5) * CELL, TOP + (cell[1] - origin[1] + 0.5) * CELL)


def shown(cell: Cell, origin: tuple[int, int]) -> bool:
    return origin[0] <= cell[0] < origin[0] + WINDOW and origin[1] <= cell[1] < origin[1] + WINDOW


# -- terrain (no text: cached per layout and window) ----------------------------------------------------------


@lru_cache(maxsize=64)
def terrain_layer(layout: str, half: bool, origin: tuple[int, int]) -> Image.Image:
    grid = grid_for(layout, half)
    span = min(WINDOW, grid.size)
    image = Image.new("RGB", (span * CELL, span * CELL), GROUND)
    draw = ImageDraw.Draw(image)
    for j in range(span):
        for i in range(span):
            cell = (origin[0] + i, origin[1] + j)
            k = grid.at(cell)
            x0, y0 = i * CELL, j * CELL
            x1, y1 = x0 + CELL - 1, y0 + CELL - 1
            if grid.solid[k]:
                draw.rectangle((x0, y0, x1, y1), fill=SOLID)
                _edges(draw, grid, cell, (x0, y0, x1, y1))
            elif grid.raised[k]:
                draw.rectangle((x0, y0, x1, y1), fill="#3d4a57")
                for s in range(4, CELL, 9):
                    draw.line((x0, y0 + s, x1, y0 + s), fill=RAISED, width=2)
            if grid.cover[k]:
                for s in range(-CELL, CELL, 9):
                    draw.line(
                        (
                            x0 + max(0, s),
                            y0 + max(0, -s),
                            x0 + min(CELL - 1, s + CELL - 1),
                            y0 + min(CELL - 1, CELL - 1 - s),
                        ),
                        fill=COVER,
                        width=1,
                    )
            if grid.difficult[k]:
                for dx in (8, 20, 32):
                    for dy in (8, 20, 32):
                        if dx < CELL and dy < CELL:
                            draw.rectangle((x0 + dx - 2, y0 + dy - 2, x0 + dx + 1, y0 + dy + 1), fill=DIFFICULT)
            if grid.dangerous[k]:
                for s in (6, 18, 30):
                    draw.line((x0 + s, y0 + 4, x0 + s + 6, y0 + CELL - 5), fill=DANGER, width=3)
            draw.rectangle((x0, y0, x1, y1), outline=GRIDLINE)
    return image


def _edges(draw: ImageDraw.ImageDraw, grid: Grid, cell: Cell, box: tuple[int, int, int, int]) -> None:
    """A light edge where a solid piece meets lower ground, so heights read as blocks."""
    x0, y0, x1, y1 = box
    here = grid.h(cell)
    for (dx, dy), line in (
        ((0, -1), (x0, y0, x1, y0)),
        ((0, 1), (x0, y1, x1, y1)),
        ((-1, 0), (x0, y0, x0, y1)),
        ((1, 0), (x1, y0, x1, y1)),
    ):
        other = (cell[0] + dx, cell[1] + dy)
        if not grid.inside(other) or grid.h(other) < here:
            draw.line(line, fill=SOLID_EDGE, width=3)


# -- the battlefield ----------------------------------------------------------------------------------------------


def board(
    state: GrimState, *, events: Sequence[Event] = (), reach: Mapping[Cell, str] | None = None, legend: str = ""
) -> bytes:
    """The battlefield picture of a (public or private) view; ``reach`` shades the cells a hero can move
    to ("advance", "rush", "charge"), explained by ``legend`` under the board."""
    return png(battlefield(state, reach=reach, legend=legend))


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed palette: every colour the pictures use and the blends anti-aliasing makes between them
    (mapping to a known palette is several times faster than working one out per picture)."""
    colours = [
        BACKGROUND,
        PANEL,
        INK,
        MUTED,
        HIGHLIGHT,
        GROUND,
        GRIDLINE,
        SOLID,
        SOLID_EDGE,
        RAISED,
        "#3d4a57",
        COVER,
        DIFFICULT,
        DANGER,
        ENEMY,
        ENEMY_EDGE,
        WOUND,
        POWER,
        DOWN,
        "#111111",
        "#e0c341",
        "#f5e9a8",
        "#ffcc00",
        "#ff9f1c",
        *HELD.values(),
        *SEAT_COLOURS,
        "#0072B2",
        CHARGE,
    ]
    swatch = Image.new("RGB", (len(colours) * 9, len(colours)))
    pixels = swatch.load()
    rgb = [Image.new("RGB", (1, 1), c).getpixel((0, 0)) for c in colours]
    for j, back in enumerate(rgb):
        for i, front in enumerate(rgb):
            for step in range(9):
                t = step / 8
                pixels[i * 9 + step, j] = tuple(round(b + (f - b) * t) for f, b in zip(front, back, strict=True))
    return swatch.quantize(colors=224, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def png(image: Image.Image) -> bytes:
    """PNG bytes of a picture mapped onto the fixed palette."""
    mapped = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    mapped.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def battlefield(state: GrimState, *, reach: Mapping[Cell, str] | None = None, legend: str = "") -> Image.Image:
    grid = grid_for(state.mission.layout, state.half)
    origin = window(state)
    span = min(WINDOW, grid.size)
    panel_lines = _panel_lines(state)
    if legend:
        panel_lines.insert(1, (legend, TEXT, HIGHLIGHT))
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text_width = WIDTH - 40 - (grid.size * MINI + 24)
    wrapped: list[tuple[str, int, str]] = []
    for text, size, colour in panel_lines:
        for part in wrap(text, text_width, probe, font(size, bold=size >= TITLE)):
            wrapped.append((part, size, colour))
    panel_height = max(grid.size * MINI + 40, 24 + sum(int(s * 1.4) for _, s, _ in wrapped))
    height = TOP + span * CELL + 12 + panel_height
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    image.paste(terrain_layer(state.mission.layout, state.half, origin), (LEFT, TOP))
    if reach:
        _reach(image, reach, origin)
    draw = ImageDraw.Draw(image)
    _coordinates(draw, origin, span)
    _zones(draw, state, origin, span)
    occupied = {m.cell for u in state.units if u.placed for m in u.alive()}
    markers = {(o.x, o.y) for o in state.objectives} | {(t.x, t.y) for t in state.tokens if not t.taken}
    _heights(draw, state, grid, origin, span, occupied | markers)
    _markers(draw, state, origin, occupied)
    _marks(draw, state, origin)
    for unit in state.units:
        if unit.placed and not unit.gone:
            _unit(draw, state, unit, origin)
    _panel(draw, wrapped, TOP + span * CELL + 12)
    _minimap(image, state, grid, origin, TOP + span * CELL + 24)
    return image


REACH = {"advance": ("#0072B2", 150), "rush": ("#F0E442", 120)}
"""Move areas: colour and opacity (of 255) of the shade."""
CHARGE = "#CC79A7"


def _reach(image: Image.Image, reach: Mapping[Cell, str], origin: tuple[int, int]) -> None:
    """Shade the Advance cells (blue, with a square mark) and the Rush cells (yellow); frame the cells a
    Charge can end on (purple)."""
    for kind, (colour, alpha) in REACH.items():
        mask = Image.new("L", image.size, 0)
        shade = ImageDraw.Draw(mask)
        for cell, how in reach.items():
            if how == kind and shown(cell, origin):
                x, y = centre(cell, origin)
                shade.rectangle((x - CELL / 2 + 1, y - CELL / 2 + 1, x + CELL / 2 - 1, y + CELL / 2 - 1), fill=alpha)
        image.paste(Image.new("RGB", image.size, colour), (0, 0), mask)
    draw = ImageDraw.Draw(image)
    for cell, how in reach.items():
        if not shown(cell, origin):
            continue
        x, y = centre(cell, origin)
        if how == "advance":
            draw.rectangle((x - 3, y - 3, x + 3, y + 3), fill=INK)
        elif how == "charge":
            draw.rectangle(
                (x - CELL / 2 + 2, y - CELL / 2 + 2, x + CELL / 2 - 2, y + CELL / 2 - 2), outline=CHARGE, width=4
            )


def _coordinates(draw: ImageDraw.ImageDraw, origin: tuple[int, int], span: int) -> None:
    face = font(SMALL, bold=True)
    for i in range(span):
        x = LEFT + (i + 0.5) * CELL
        if (origin[0] + i) % 2:  # every other column on a band, so "AA" "AB" never read as one word
            draw.rectangle((LEFT + i * CELL, 0, LEFT + (i + 1) * CELL - 1, TOP - 1), fill=COLUMN_BAND)
        draw.text((x, TOP - 4), column_name(origin[0] + i), font=face, fill=MUTED, anchor="mb")
    for j in range(span):
        y = TOP + (j + 0.5) * CELL
        draw.text((LEFT - 6, y), str(origin[1] + j + 1), font=face, fill=MUTED, anchor="rm")


def _zones(draw: ImageDraw.ImageDraw, state: GrimState, origin: tuple[int, int], span: int) -> None:
    m = state.mission
    zones = [(m.deploy, "#009E73")]
    if m.goal.kind == "retrieve" and (m.exit.x0, m.exit.y0, m.exit.x1, m.exit.y1) != (
        m.deploy.x0,
        m.deploy.y0,
        m.deploy.x1,
        m.deploy.y1,
    ):
        zones.append((m.exit, "#F0E442"))
    for rect, colour in zones:
        x0 = LEFT + (max(rect.x0, origin[0]) - origin[0]) * CELL
        y0 = TOP + (max(rect.y0, origin[1]) - origin[1]) * CELL
        x1 = LEFT + (min(rect.x1, origin[0] + span - 1) - origin[0] + 1) * CELL
        y1 = TOP + (min(rect.y1, origin[1] + span - 1) - origin[1] + 1) * CELL
        if x1 > x0 and y1 > y0:
            draw.rectangle((x0, y0, x1, y1), outline=colour, width=3)
    for goal in m.goals:
        if shown(goal, origin):
            x, y = centre(goal, origin)
            draw.line((x - 12, y - 12, x + 12, y + 12), fill=ENEMY_EDGE, width=3)
            draw.line((x - 12, y + 12, x + 12, y - 12), fill=ENEMY_EDGE, width=3)


def _heights(
    draw: ImageDraw.ImageDraw, state: GrimState, grid: Grid, origin: tuple[int, int], span: int, busy: set[Cell]
) -> None:
    """The height of each solid or raised piece, written once on a free cell of it."""
    face = font(SMALL, bold=True)
    seen: set[Cell] = set()
    for j in range(span):
        for i in range(span):
            cell = (origin[0] + i, origin[1] + j)
            k = grid.at(cell)
            if cell in seen or not (grid.solid[k] or grid.raised[k]):
                continue
            block = _block(grid, cell)
            seen |= block
            free = sorted(c for c in block if c not in busy and shown(c, origin))
            if free:
                spot = min(free, key=lambda c: (c[1], c[0]))
                x, y = centre(spot, origin)
                draw.text((x, y), str(grid.h(cell)), font=face, fill="#111111", anchor="mm")


def _block(grid: Grid, start: Cell) -> set[Cell]:
    """The cells of one piece: connected cells of the same kind and height."""
    key, height = grid.piece[grid.at(start)], grid.h(start)
    out, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt not in out and grid.inside(nxt) and grid.piece[grid.at(nxt)] == key and grid.h(nxt) == height:
                out.add(nxt)
                todo.append(nxt)
    return out


def _markers(draw: ImageDraw.ImageDraw, state: GrimState, origin: tuple[int, int], occupied: set[Cell]) -> None:
    face = font(SMALL, bold=True)
    for objective in state.objectives:
        cell = (objective.x, objective.y)
        if not shown(cell, origin):
            continue
        x, y = centre(cell, origin)
        draw.regular_polygon((x, y, 18), 6, fill=HELD[objective.holder], outline=INK)
        if cell not in occupied:
            draw.text((x, y), objective.id, font=face, fill=INK, anchor="mm")
    for token in state.tokens:
        cell = (token.x, token.y)
        if token.taken or not shown(cell, origin):
            continue
        x, y = centre(cell, origin)
        draw.rounded_rectangle(
            (x - 18, y - 18, x + 18, y + 18),
            radius=5,
            fill="#e0c341" if not token.revealed else "#f5e9a8",
            outline="#111111",
            width=2,
        )
        if cell not in occupied:
            label = "?" if not token.revealed else _token_letter(token.content)
            draw.text((x, y), label, font=face, fill="#111111", anchor="mm")


def _token_letter(content_text: str) -> str:
    head, _, arg = content_text.partition(":")
    if head == "item":
        return content().items[arg].name[0]
    return {"relic": "D", "trap": "!", "nothing": "-"}.get(content_text, "?")


def _marks(draw: ImageDraw.ImageDraw, state: GrimState, origin: tuple[int, int]) -> None:
    """The last moves (arrows), shots and fights (lines), falls (dotted) and arrivals (outlines)."""
    colours = {
        "move": HIGHLIGHT,
        "charge": "#ff9f1c",
        "back": MUTED,
        "close": "#ff9f1c",
        "push": "#CC79A7",
        "fall": "#CC79A7",
        "arrive": ENEMY_EDGE,
    }
    for mark in state.marks:
        points = [centre(c, origin) for c in mark.cells]
        if mark.kind == "arrive":
            for c in mark.cells:
                if shown(c, origin):
                    x, y = centre(c, origin)
                    draw.rectangle((x - 18, y - 18, x + 18, y + 18), outline=ENEMY_EDGE, width=3)
            continue
        if len(points) < 2:
            continue
        if mark.kind in ("shot", "spell", "melee"):
            colour = {"shot": COVER, "spell": "#CC79A7", "melee": "#ff3b3b"}[mark.kind]
            _dashed(draw, points[0], points[-1], colour, solid=mark.kind == "melee")
            if mark.kind != "melee":
                _arrow_head(draw, points[0], points[-1], colour)
            continue
        colour = colours.get(mark.kind, HIGHLIGHT)
        draw.line(points, fill=colour, width=4, joint="curve")
        (ax, ay), (bx, by) = points[-2], points[-1]
        _arrow_head(draw, (ax, ay), (bx, by), colour)


def _dashed(
    draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: str, *, solid: bool = False
) -> None:
    """A line of fire (dashed) or of a fight (solid, thick)."""
    if solid:
        draw.line((a, b), fill=colour, width=6)
        return
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    steps = int(length // 12)
    for i in range(0, steps, 2):
        s, e = i / steps, min(1.0, (i + 1) / steps)
        draw.line((a[0] + dx * s, a[1] + dy * s, a[0] + dx * e, a[1] + dy * e), fill=colour, width=3)


def _arrow_head(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: str) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * 14, b[1] - uy * 14)
    left = (tip[0] - ux * 10 - uy * 7, tip[1] - uy * 10 + ux * 7)
    right = (tip[0] - ux * 10 + uy * 7, tip[1] - uy * 10 - ux * 7)
    draw.polygon([tip, left, right], fill=colour)


def _unit(draw: ImageDraw.ImageDraw, state: GrimState, unit: Unit, origin: tuple[int, int]) -> None:
    s = stats(state, unit)
    face = font(SMALL, bold=True)
    if unit.side == "hero":
        model = unit.models[0]
        if not shown(model.cell, origin):
            return
        x, y = centre(model.cell, origin)
        colour = DOWN if unit.down else SEAT_COLOURS[unit.seat % len(SEAT_COLOURS)]
        draw.ellipse((x - 16, y - 16, x + 16, y + 16), fill=colour, outline="#111111", width=2)
        if s.power and not unit.down:
            draw.arc((x - 16, y - 16, x + 16, y + 16), -90, -90 + 360 * unit.power / s.power, fill=POWER, width=4)
        draw.text((x, y + 1), content().heroes[unit.kind].letter, font=face, fill="#111111", anchor="mm")
        _wounds(draw, x, y, model.wounds, s.tou)
        if unit.shaken:
            draw.line((x - 16, y - 16, x + 16, y + 16), fill=WOUND, width=3)
        return
    tag = unit.id
    for model in unit.alive():
        if not shown(model.cell, origin):
            continue
        x, y = centre(model.cell, origin)
        draw.rounded_rectangle(
            (x - 18, y - 16, x + 17, y + 16),
            radius=4,
            fill=ENEMY,
            outline="#ffcc00" if unit.shaken else ENEMY_EDGE,
            width=2,
        )
        draw.text((x, y), tag, font=font(SMALL), fill=INK, anchor="mm")
        if s.tou > 1:
            _wounds(draw, x, y, model.wounds, s.tou)


def _wounds(draw: ImageDraw.ImageDraw, x: float, y: float, wounds: int, tou: int) -> None:
    """Red bars along the bottom of a token, one per wound taken."""
    if not wounds:
        return
    width = min(5.0, 30 / tou)
    for w in range(wounds):
        left = x - 15 + w * (width + 0.5)
        draw.rectangle((left, y + 12, left + width - 1, y + 16), fill=WOUND)


def _panel_lines(state: GrimState) -> list[tuple[str, int, str]]:
    m = state.mission
    lines: list[tuple[str, int, str]] = [(f"{m.name} · round {state.round}/{m.rounds}", TITLE, HIGHLIGHT)]
    if state.phase == "over":
        lines.append((state.summary, TEXT, HIGHLIGHT))
    elif state.phase == "deploy":
        lines.append(("Deploying: place heroes, then ready.", TEXT, INK))
    elif state.phase == "camp":
        lines.append(("At camp between missions: train, then ready.", TEXT, INK))
    lines.append((f"Goal: {goal_text(state)}", TEXT, INK))
    for hero in heroes(state):
        s = stats(state, hero)
        mark = ""
        if hero.down:
            mark = " · DOWN"
        elif not hero.placed:
            mark = " · in reserve"
        elif state.act is not None and state.act.hero == hero.id:
            mark = " · acting"
        elif hero.activated:
            mark = " · done"
        flags = [f for f, on in (("Shaken", hero.shaken), ("fatigued", hero.fatigued)) if on] + [
            x.capitalize() for x in hero.statuses
        ]
        extra = f" · {', '.join(flags)}" if flags else ""
        place = cell_name(hero.models[0].cell) if hero.placed else "-"
        letter = content().heroes[hero.kind].letter
        lines.append(
            (
                f"{letter} {content().heroes[hero.kind].name} {place}: wounds {hero.models[0].wounds}/{s.tou}, power "
                f"{hero.power}/{s.power}{mark}{extra}",
                TEXT,
                SEAT_COLOURS[hero.seat % len(SEAT_COLOURS)],
            )
        )
    foes = enemies(state)
    if foes:
        bits = [f"{u.id} {len(u.alive())}/{len(u.models)}" + (" Shaken" if u.shaken else "") for u in foes]
        lines.append(("Enemies: " + ", ".join(bits), TEXT, ENEMY_EDGE))
    held = [o.id for o in state.objectives if o.holder == "heroes"]
    if state.objectives:
        lines.append((f"Objectives held: {', '.join(held) or 'none'} of {len(state.objectives)}", TEXT, INK))
    return lines


def _panel(draw: ImageDraw.ImageDraw, lines: list[tuple[str, int, str]], top: int) -> None:
    y = top + 10
    for text, size, colour in lines:
        draw.text((20, y), text, font=font(size, bold=size >= TITLE), fill=colour)
        y += int(size * 1.4)


def _minimap(image: Image.Image, state: GrimState, grid: Grid, origin: tuple[int, int], top: int) -> None:
    """The whole table, small and without text, with the shown window outlined."""
    side = grid.size * MINI
    left = WIDTH - RIGHT - side
    draw = ImageDraw.Draw(image)
    draw.rectangle((left - 2, top - 2, left + side + 1, top + side + 1), fill=PANEL, outline=MUTED)
    for y in range(grid.size):
        for x in range(grid.size):
            k = grid.at((x, y))
            if grid.solid[k] or grid.raised[k] or grid.cover[k] or grid.dangerous[k]:
                colour = (
                    SOLID if grid.solid[k] else RAISED if grid.raised[k] else DANGER if grid.dangerous[k] else COVER
                )
                draw.rectangle(
                    (left + x * MINI, top + y * MINI, left + x * MINI + MINI - 1, top + y * MINI + MINI - 1),
                    fill=colour,
                )
    for unit in state.units:
        if not unit.placed or unit.gone:
            continue
        colour = DOWN if unit.down else SEAT_COLOURS[unit.seat % len(SEAT_COLOURS)] if unit.side == "hero" else WOUND
        for m in unit.alive():
            draw.rectangle(
                (left + m.x * MINI - 1, top + m.y * MINI - 1, left + m.x * MINI + MINI, top + m.y * MINI + MINI),
                fill=colour,
            )
    span = min(WINDOW, grid.size)
    draw.rectangle(
        (
            left + origin[0] * MINI,
            top + origin[1] * MINI,
            left + (origin[0] + span) * MINI - 1,
            top + (origin[1] + span) * MINI - 1,
        ),
        outline=HIGHLIGHT,
        width=2,
    )


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
        colour = SEAT_COLOURS[hero.seat % len(SEAT_COLOURS)]
        rows.append((f"{profile.letter} {profile.name}, {profile.role} ({state.seats[hero.seat]})", colour))
        rows.append((f"Qua {s.qua}+ Def {s.defense}+ Tou {s.tou} Str {s.str}+ Dex {s.dex}+ Wil {s.wil}+", INK))
        rows.append((f"Wounds {hero.models[0].wounds}/{s.tou} · power {hero.power}/{s.power} · XP {sheet.xp}", INK))
        from rules.grimdark.units import skills_of, weapons

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

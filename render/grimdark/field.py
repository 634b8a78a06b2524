"""The battlefield part of the picture: terrain, edges with coordinates, zones, markers, the last moves and
shots, heroes and enemy models, drawn at the frame's cell size."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from rules.grimdark.content import column_name, content
from rules.grimdark.grid import Grid, grid_for
from rules.grimdark.state import Cell, GrimState, Unit
from rules.grimdark.units import stats

from ..common import HIGHLIGHT, INK, MUTED, font
from .frame import LEFT, TOP, Frame
from .style import (
    CHARGE,
    CHARGE_LINE,
    COLUMN_BAND,
    COVER,
    DANGER,
    DARK,
    DEPLOY,
    DIFFICULT,
    ENEMY,
    ENEMY_EDGE,
    EXIT,
    GRIDLINE,
    GROUND,
    HEALTH,
    HELD,
    MELEE,
    POWER,
    PURPLE,
    RAISED,
    RAISED_GROUND,
    REACH,
    SHAKEN,
    SMALL,
    SOLID,
    SOLID_EDGE,
    TOKEN,
    TOKEN_SEEN,
    WOUND,
    seat_colour,
)

DRAWN = (
    "hero",
    "hero acting",
    "hero down",
    "power",
    "wounds",
    "shaken",
    "enemy",
    "enemy shaken",
    "objective",
    "search token",
    "deployment zone",
    "exit zone",
    "ai goal",
    "solid",
    "raised",
    "cover",
    "difficult",
    "dangerous",
    "move",
    "charge",
    "shot",
    "spell",
    "fight",
    "push or fall",
    "arrival",
    "advance area",
    "rush area",
    "charge end",
)
"""Every kind of thing the battlefield draws (the board help page has a sentence for each)."""


# -- terrain (no text: cached per layout and frame) --------------------------------------------------------------


@lru_cache(maxsize=4)
def terrain_layer(layout: str, half: bool, frame: Frame) -> Image.Image:
    """The ground of the framed part of the table. Kept for the last few frames only: a layer is 2.5 MB
    and the frame follows the units, while drawing one afresh takes about 1.5 ms."""
    grid = grid_for(layout, half)
    c = frame.cell
    image = Image.new("RGB", (frame.side, frame.side), GROUND)
    draw = ImageDraw.Draw(image)
    for j in range(frame.span):
        for i in range(frame.span):
            cell = (frame.x0 + i, frame.y0 + j)
            k = grid.at(cell)
            x0, y0 = i * c, j * c
            x1, y1 = x0 + c - 1, y0 + c - 1
            if grid.solid[k]:
                draw.rectangle((x0, y0, x1, y1), fill=SOLID)
                _edges(draw, grid, cell, (x0, y0, x1, y1))
            elif grid.raised[k]:
                draw.rectangle((x0, y0, x1, y1), fill=RAISED_GROUND)
                for s in range(4, c, 10):
                    draw.line((x0, y0 + s, x1, y0 + s), fill=RAISED, width=2)
            if grid.cover[k]:
                for s in range(-c, c, 10):
                    a = (x0 + max(0, s), y0 + max(0, -s))
                    b = (x0 + min(c - 1, s + c - 1), y0 + min(c - 1, c - 1 - s))
                    draw.line((a, b), fill=COVER, width=2)
            if grid.difficult[k]:
                step = c // 3
                for dx in range(step // 2, c, step):
                    for dy in range(step // 2, c, step):
                        draw.rectangle((x0 + dx - 2, y0 + dy - 2, x0 + dx + 2, y0 + dy + 2), fill=DIFFICULT)
            if grid.dangerous[k]:
                step = c // 3
                for s in range(step // 2 - 3, c - 6, step):
                    draw.line((x0 + s, y0 + 4, x0 + s + 7, y0 + c - 5), fill=DANGER, width=4)
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


def reach_overlay(image: Image.Image, reach: Mapping[Cell, str], frame: Frame) -> None:
    """Shade the Advance cells (blue, with a square mark) and the Rush cells (yellow); frame the cells a
    Charge can end on (purple)."""
    h = frame.cell / 2
    for kind, (colour, alpha) in REACH.items():
        mask = Image.new("L", image.size, 0)
        shade = ImageDraw.Draw(mask)
        for cell, how in reach.items():
            if how == kind and frame.shown(cell):
                x, y = frame.centre(cell)
                shade.rectangle((x - h + 1, y - h + 1, x + h - 1, y + h - 1), fill=alpha)
        image.paste(Image.new("RGB", image.size, colour), (0, 0), mask)
    draw = ImageDraw.Draw(image)
    for cell, how in reach.items():
        if not frame.shown(cell):
            continue
        x, y = frame.centre(cell)
        if how == "advance":
            draw.rectangle((x - 4, y - 4, x + 4, y + 4), fill=INK)
        elif how == "charge":
            draw.rectangle((x - h + 2, y - h + 2, x + h - 2, y + h - 2), outline=CHARGE, width=5)


def coordinates(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    """Column names on a band of alternating shades along the top, row numbers down the left."""
    face = font(SMALL, bold=True)
    narrow = font(SMALL - 2, bold=True)  # two letters (AA...) keep a gap between columns
    c = frame.cell
    for i in range(frame.span):
        x = LEFT + (i + 0.5) * c
        if (frame.x0 + i) % 2:
            draw.rectangle((LEFT + i * c, 0, LEFT + (i + 1) * c - 1, TOP - 2), fill=COLUMN_BAND)
        label = column_name(frame.x0 + i)
        draw.text((x, TOP - 6), label, font=face if len(label) == 1 else narrow, fill=INK, anchor="mb")
    for j in range(frame.span):
        y = TOP + (j + 0.5) * c
        if (frame.y0 + j) % 2:
            draw.rectangle((0, TOP + j * c, LEFT - 2, TOP + (j + 1) * c - 1), fill=COLUMN_BAND)
        draw.text((LEFT - 6, y), str(frame.y0 + j + 1), font=face, fill=INK, anchor="rm")


def zones(draw: ImageDraw.ImageDraw, state: GrimState, frame: Frame) -> None:
    m = state.mission
    rects = [(m.deploy, DEPLOY)]
    if m.goal.kind == "retrieve" and (m.exit.x0, m.exit.y0, m.exit.x1, m.exit.y1) != (
        m.deploy.x0,
        m.deploy.y0,
        m.deploy.x1,
        m.deploy.y1,
    ):
        rects.append((m.exit, EXIT))
    c, last = frame.cell, frame.span - 1
    for rect, colour in rects:
        x0 = LEFT + (max(rect.x0, frame.x0) - frame.x0) * c
        y0 = TOP + (max(rect.y0, frame.y0) - frame.y0) * c
        x1 = LEFT + (min(rect.x1, frame.x0 + last) - frame.x0 + 1) * c
        y1 = TOP + (min(rect.y1, frame.y0 + last) - frame.y0 + 1) * c
        if x1 > x0 and y1 > y0:
            draw.rectangle((x0, y0, x1, y1), outline=colour, width=4)
    r = frame.cell * 0.33
    for goal in m.goals:
        if frame.shown(goal):
            x, y = frame.centre(goal)
            draw.line((x - r, y - r, x + r, y + r), fill=ENEMY_EDGE, width=4)
            draw.line((x - r, y + r, x + r, y - r), fill=ENEMY_EDGE, width=4)


def heights(draw: ImageDraw.ImageDraw, state: GrimState, frame: Frame, busy: set[Cell]) -> None:
    """The height of each solid or raised piece, written once on a free cell of it."""
    grid = grid_for(state.mission.layout, state.half)
    face = font(SMALL, bold=True)
    seen: set[Cell] = set()
    for j in range(frame.span):
        for i in range(frame.span):
            cell = (frame.x0 + i, frame.y0 + j)
            k = grid.at(cell)
            if cell in seen or not (grid.solid[k] or grid.raised[k]):
                continue
            block = _block(grid, cell)
            seen |= block
            free = sorted(c for c in block if c not in busy and frame.shown(c))
            if free:
                spot = min(free, key=lambda c: (c[1], c[0]))
                x, y = frame.centre(spot)
                draw.text((x, y), str(grid.h(cell)), font=face, fill=DARK, anchor="mm")


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


def markers(draw: ImageDraw.ImageDraw, state: GrimState, frame: Frame, occupied: set[Cell]) -> None:
    face = font(SMALL, bold=True)
    r = frame.cell * 0.48
    for objective in state.objectives:
        cell = (objective.x, objective.y)
        if not frame.shown(cell):
            continue
        x, y = frame.centre(cell)
        draw.regular_polygon((x, y, r), 6, fill=HELD[objective.holder], outline=INK, width=2)
        if cell not in occupied:
            draw.text((x, y), objective.id, font=face, fill=INK, anchor="mm")
    r = frame.cell * 0.46
    for token in state.tokens:
        cell = (token.x, token.y)
        if token.taken or not frame.shown(cell):
            continue
        x, y = frame.centre(cell)
        fill = TOKEN if not token.revealed else TOKEN_SEEN
        draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=5, fill=fill, outline=DARK, width=2)
        if cell not in occupied:
            label = "?" if not token.revealed else token_letter(token.content)
            draw.text((x, y), label, font=face, fill=DARK, anchor="mm")


def token_letter(content_text: str) -> str:
    head, _, arg = content_text.partition(":")
    if head == "item":
        return content().items[arg].name[0]
    return {"relic": "D", "trap": "!", "nothing": "-"}.get(content_text, "?")


LINES = {"move": HIGHLIGHT, "charge": CHARGE_LINE, "back": MUTED, "close": CHARGE_LINE, "push": PURPLE, "fall": PURPLE}


def marks(draw: ImageDraw.ImageDraw, state: GrimState, frame: Frame) -> None:
    """The last moves (arrows), shots and fights (lines), falls (dotted) and arrivals (outlines)."""
    h = frame.cell * 0.5 - 1
    for mark in state.marks:
        points = [frame.centre(c) for c in mark.cells]
        if mark.kind == "arrive":
            for c in mark.cells:
                if frame.shown(c):
                    x, y = frame.centre(c)
                    draw.rectangle((x - h, y - h, x + h, y + h), outline=ENEMY_EDGE, width=3)
            continue
        if len(points) < 2:
            continue
        if mark.kind in ("shot", "spell", "melee"):
            colour = {"shot": COVER, "spell": PURPLE, "melee": MELEE}[mark.kind]
            dashed(draw, points[0], points[-1], colour, solid=mark.kind == "melee")
            if mark.kind != "melee":
                arrow_head(draw, points[0], points[-1], colour, frame.cell)
            continue
        colour = LINES.get(mark.kind, HIGHLIGHT)
        draw.line(points, fill=colour, width=5, joint="curve")
        arrow_head(draw, points[-2], points[-1], colour, frame.cell)


def dashed(
    draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: str, *, solid: bool = False
) -> None:
    """A line of fire (dashed) or of a fight (solid, thick)."""
    if solid:
        draw.line((a, b), fill=colour, width=7)
        return
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    steps = max(2, int(length // 14))
    for i in range(0, steps, 2):
        s, e = i / steps, min(1.0, (i + 1) / steps)
        draw.line((a[0] + dx * s, a[1] + dy * s, a[0] + dx * e, a[1] + dy * e), fill=colour, width=4)


def arrow_head(
    draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: str, cell: int
) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    back = cell * 0.45
    tip = (b[0] - ux * back, b[1] - uy * back)
    left = (tip[0] - ux * 13 - uy * 9, tip[1] - uy * 13 + ux * 9)
    right = (tip[0] - ux * 13 + uy * 9, tip[1] - uy * 13 - ux * 9)
    draw.polygon([tip, left, right], fill=colour)


def unit(draw: ImageDraw.ImageDraw, state: GrimState, who: Unit, frame: Frame) -> None:
    s = stats(state, who)
    face = font(SMALL, bold=True)
    c = frame.cell
    if who.side == "hero":
        model = who.models[0]
        if not frame.shown(model.cell):
            return
        x, y = frame.centre(model.cell)
        r = c * 0.47
        colour = seat_colour(who.seat)
        letter = content().heroes[who.kind].letter
        if who.down:  # dark with a thick ring in the player's colour and a bright frame round the cell
            h = c / 2 - 1
            draw.rectangle((x - h, y - h, x + h, y + h), outline=HIGHLIGHT, width=3)
            draw.ellipse((x - r + 3, y - r + 3, x + r - 3, y + r - 3), fill=DARK, outline=colour, width=5)
            draw.text((x, y), letter, font=face, fill=colour, anchor="mm")
            return
        acting = state.act is not None and state.act.hero == who.id
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK if acting else DARK, width=3)
        if s.power:
            draw.arc((x - r, y - r, x + r, y + r), -90, -90 + 360 * who.power / s.power, fill=POWER, width=5)
        draw.text((x, y - 1), letter, font=face, fill=DARK, anchor="mm")
        health_bar(draw, x, y + r - 2, c, model.wounds, s.tou)
        if who.shaken:
            draw.line((x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7), fill=WOUND, width=4)
        return
    r = c * 0.46
    for model in who.alive():
        if not frame.shown(model.cell):
            continue
        x, y = frame.centre(model.cell)
        draw.rounded_rectangle(
            (x - r, y - r, x + r, y + r),
            radius=4,
            fill=ENEMY,
            outline=SHAKEN if who.shaken else ENEMY_EDGE,
            width=3 if who.shaken else 2,
        )
        draw.text((x, y - 2), who.id, font=fitting(draw, who.id, 2 * r - 4), fill=INK, anchor="mm")
        if s.tou > 1:
            health_bar(draw, x, y + r - 4, c, model.wounds, s.tou)


def fitting(draw: ImageDraw.ImageDraw, text: str, width: float) -> ImageFont.FreeTypeFont:
    """The board's label font, a size or two smaller when a wide tag (M1) would spill out of its token;
    never under 22 px (11 px at 500 px wide)."""
    for size in range(SMALL, 21, -1):
        face = font(size, bold=True)
        if draw.textlength(text, font=face) <= width:
            return face
    return font(22, bold=True)


def health_bar(draw: ImageDraw.ImageDraw, x: float, y: float, cell: int, wounds: int, tou: int) -> None:
    """A bar across the bottom of a token: green for the wounds it can still take, red for those taken."""
    if not wounds:
        return
    half = cell * 0.42
    left, right = x - half, x + half
    split = left + (right - left) * (tou - wounds) / tou
    draw.rectangle((left - 1, y - 4, right + 1, y + 4), fill=DARK)
    if split > left:
        draw.rectangle((left, y - 3, split, y + 3), fill=HEALTH)
    draw.rectangle((split, y - 3, right, y + 3), fill=WOUND)

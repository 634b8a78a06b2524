"""Starcadia Quest board picture: the station grid with walls, doors, portals, tokens and figures,
plus a status strip (crews, VT, wounds, the current quest)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.core import Event
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState

from .common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, font, text_card, to_png

CELL = 84
MARGIN = 40
STRIP_LINE = 34
CREW_COLOURS = {"yellow": "#F0E442", "blue": "#56B4E9", "red": "#D55E00", "green": "#009E73"}
CREW_LETTER = {"yellow": "Y", "blue": "B", "red": "R", "green": "G"}
TILE_FLOORS = ["#3a4150", "#35404a", "#3d3a4c", "#34443f", "#443d3a", "#3b4452"]
BLOCKED = "#1a1c22"
WALL = "#c9ced8"
PORTAL_COLOURS = {"amber": "#E69F00", "cyan": "#56B4E9", "violet": "#CC79A7"}
TOKEN_LABEL = {"stimpack": "STIM", "hoverboard": "HOVR", "recharge": "RCHG", "victory": "VT"}
TOKEN_COLOUR = {"stimpack": "#009E73", "hoverboard": "#CC79A7", "recharge": "#F0E442", "victory": "#56B4E9"}
SPACE_RE = re.compile(r"\b(?:at|to) ([A-Z]\d{1,2})\b")


def _box(xy: B.XY) -> tuple[int, int, int, int]:
    x, y = xy
    left, top = MARGIN + x * CELL, MARGIN + y * CELL
    return left, top, left + CELL, top + CELL


def board(state: StarState, *, events: Sequence[Event] = ()) -> bytes:
    return to_png(draw_board(state, events=events))


def draw_board(state: StarState, *, events: Sequence[Event] = ()) -> Image.Image:
    b = E.board_of(state)
    crews = state.crews
    strip_h = 20 + STRIP_LINE * (len(crews) + 2)
    width = MARGIN * 2 + b.width * CELL
    height = MARGIN * 2 + b.height * CELL + strip_h
    img = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    small, label, bold = font(16, bold=True), font(20), font(22, bold=True)

    # Coordinates on the edges.
    for x in range(b.width):
        cx = MARGIN + x * CELL + CELL // 2
        d.text((cx, MARGIN // 2), chr(ord("A") + x), font=label, fill=MUTED, anchor="mm")
    for y in range(b.height):
        cy = MARGIN + y * CELL + CELL // 2
        d.text((MARGIN // 2, cy), str(y + 1), font=label, fill=MUTED, anchor="mm")

    shuttle_of = {xy: crew for crew, spaces in b.shuttles.items() for xy in spaces}
    # Floors.
    for xy, ch in b.cells.items():
        box = _box(xy)
        if xy in shuttle_of:
            d.rectangle(box, fill="#2a2f3a", outline=CREW_COLOURS[shuttle_of[xy]], width=4)
            continue
        if ch == "#":
            d.rectangle(box, fill=BLOCKED)
            d.line((box[0], box[1], box[2], box[3]), fill="#2c2f38", width=3)
            d.line((box[0], box[3], box[2], box[1]), fill="#2c2f38", width=3)
            continue
        d.rectangle(box, fill=TILE_FLOORS[b.tile_at.get(xy, 0) % len(TILE_FLOORS)])
        d.ellipse((box[0] + 38, box[1] + 38, box[0] + 46, box[1] + 46), fill="#59606e")
        if ch == "T":
            d.rectangle((box[0] + 6, box[1] + 6, box[0] + 30, box[1] + 24), outline="#9be7ff", width=3)
            d.text((box[0] + 18, box[1] + 15), "T", font=small, fill="#9be7ff", anchor="mm")
        elif ch == "S":
            d.ellipse((box[0] + 5, box[1] + 5, box[2] - 5, box[3] - 5), outline="#ff6b6b", width=3)
    # Portals (printed and tokens).
    portals = {xy: c for xy, c in b.portals.items()}
    for space, colour in state.portal_tokens.items():
        portals[B.parse_space(space)] = colour
    for xy, colour in portals.items():
        box = _box(xy)
        off = colour in state.jammed
        d.ellipse((box[2] - 34, box[1] + 4, box[2] - 4, box[1] + 34), outline=PORTAL_COLOURS[colour], width=5)
        d.text(
            (box[2] - 19, box[1] + 19),
            "x" if off else colour[0].upper(),
            font=small,
            fill=PORTAL_COLOURS[colour],
            anchor="mm",
        )
    if state.armory_item and state.armory_space:
        box = _box(B.parse_space(state.armory_space))
        d.rectangle((box[0] + 4, box[3] - 24, box[0] + 44, box[3] - 4), fill="#D55E00")
        d.text((box[0] + 24, box[3] - 14), "ARM", font=small, fill="black", anchor="mm")

    # Walls: every edge of an on-board space that is not an opening.
    for xy in b.cells:
        x, y = xy
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            nb = (x + dx, y + dy)
            e = B.edge(xy, nb)
            if e in b.open_edges and nb in b.cells:
                continue
            if nb in b.cells and nb < xy:
                continue  # drawn from the other side
            _edge_line(d, xy, nb, WALL, 6)
    for door, e in b.doors.items():
        a, c = e
        if state.doors.get(door, False):
            _edge_line(d, a, c, "#7fd67f", 3, inset=26)
        else:
            _edge_line(d, a, c, "#ff9f43", 12, inset=8)
        mx = MARGIN + (a[0] + c[0] + 1) * CELL / 2
        my = MARGIN + (a[1] + c[1] + 1) * CELL / 2
        d.text(
            (mx, my),
            door,
            font=small,
            fill="black" if not state.doors.get(door) else "#7fd67f",
            anchor="mm",
            stroke_width=0,
        )

    # Exploration tokens.
    for space, toks in state.tokens.items():
        xy = B.parse_space(space)
        box = _box(xy)
        for i, tok in enumerate(toks[:3]):
            top = box[3] - 22 - i * 20
            if tok.startswith("quest:"):
                text, colour = "Q:" + tok[6:9].upper(), "#ffffff"
            else:
                text, colour = TOKEN_LABEL.get(tok, tok[:4]), TOKEN_COLOUR.get(tok, MUTED)
            d.rounded_rectangle((box[2] - 50, top, box[2] - 4, top + 18), radius=4, fill=colour)
            d.text((box[2] - 27, top + 9), text, font=font(13, bold=True), fill="black", anchor="mm")

    # What happened in this update: paths walked and attack lines.
    for e in events:
        data = e.data or {}
        colour = "#ff8fa3" if data.get("monster") else HIGHLIGHT
        path = [B.parse_space(s) for s in data.get("path", []) if isinstance(s, str)]
        pts = [_centre(xy) for xy in path if xy in b.cells]
        if len(pts) >= 2:
            d.line(pts, fill=colour, width=5, joint="curve")
            d.ellipse((pts[-1][0] - 7, pts[-1][1] - 7, pts[-1][0] + 7, pts[-1][1] + 7), fill=colour)
        line = [B.parse_space(s) for s in data.get("attack", []) if isinstance(s, str)]
        if len(line) == 2 and all(xy in b.cells for xy in line) and line[0] != line[1]:
            (x0, y0), (x1, y1) = _centre(line[0]), _centre(line[1])
            d.line((x0, y0, x1, y1), fill="#ff4d4d", width=4)
            d.polygon(_arrow_head(x0, y0, x1, y1), fill="#ff4d4d")
    # Figures: up to two per space, side by side.
    occupants: dict[str, list[tuple[str, str, str, bool, int, bool]]] = {}
    for h in state.heroes:
        if h.pos and not h.dead:
            colour = CREW_COLOURS[crews[h.seat].colour]
            occupants.setdefault(h.pos, []).append(("hero", E.hero_tag(h.id), colour, h.dazed, h.wounds, False))
    for m in state.monsters:
        card = CONTENT.monsters[m.card]
        tag = E.monster_tag(m)
        occupants.setdefault(m.pos, []).append(("monster", tag, "#e0e0e0", m.dazed, m.wounds, card.huge))
    active = E.find_hero(state, state.act.hero) if state.act.hero else None
    for space, figs in occupants.items():
        box = _box(B.parse_space(space))
        for i, (kind, tag, colour, dazed, wounds, huge) in enumerate(figs[:3]):
            if huge:
                cx, cy, r = box[0] + CELL // 2, box[1] + CELL // 2, 34
            else:
                cx = box[0] + (CELL // 2 if len(figs) == 1 else 20 + i * 44)
                cy, r = box[1] + CELL // 2 + (0 if len(figs) == 1 else 4), (20 if len(figs) == 1 else 18)
            if kind == "hero":
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline="black", width=3)
            else:
                pts = [(cx, cy - r - 2), (cx + r + 2, cy), (cx, cy + r + 2), (cx - r - 2, cy)]
                d.polygon(pts, fill="#8b1e3f" if not dazed else "#5b4a52", outline="#ffb3c6")
            d.text(
                (cx, cy),
                tag,
                font=font(15 if len(tag) < 4 else 13, bold=True),
                fill="black" if kind == "hero" else "white",
                anchor="mm",
            )
            if wounds:
                bx = cx - r + 2 if (len(figs) > 1 and i == 0) else cx + r - 2
                d.ellipse((bx - 10, cy - r - 8, bx + 10, cy - r + 12), fill="#c0392b")
                d.text((bx, cy - r + 2), str(wounds), font=font(13, bold=True), fill="white", anchor="mm")
            if dazed:
                d.text((cx - r, cy + r - 4), "z", font=bold, fill=HIGHLIGHT, anchor="mm")
        if active is not None and active.pos == space:
            d.rectangle(box, outline=HIGHLIGHT, width=4)

    # Spaces named in this update's events (moves, spawns, shoves).
    for e in events:
        for space in SPACE_RE.findall(e.text):
            xy = B.parse_space(space)
            if xy in b.cells:
                box = _box(xy)
                d.rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), outline="#ffffff", width=2)

    _status(d, state, MARGIN * 2 + b.height * CELL - 10, width)
    return img


def _centre(xy: B.XY) -> tuple[int, int]:
    return MARGIN + xy[0] * CELL + CELL // 2, MARGIN + xy[1] * CELL + CELL // 2


def _arrow_head(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    import math

    ang = math.atan2(y1 - y0, x1 - x0)
    tip = (x1 - 22 * math.cos(ang), y1 - 22 * math.sin(ang))
    left = (tip[0] - 16 * math.cos(ang - 0.5), tip[1] - 16 * math.sin(ang - 0.5))
    right = (tip[0] - 16 * math.cos(ang + 0.5), tip[1] - 16 * math.sin(ang + 0.5))
    return [tip, left, right]


def _edge_line(d: ImageDraw.ImageDraw, a: B.XY, c: B.XY, colour: str, width: int, inset: int = 0) -> None:
    ax, ay = a
    cx, cy = c
    if ax != cx:  # vertical edge between horizontal neighbours
        x = MARGIN + max(ax, cx) * CELL
        top = MARGIN + ay * CELL
        d.line((x, top + inset, x, top + CELL - inset), fill=colour, width=width)
    else:
        y = MARGIN + max(ay, cy) * CELL
        left = MARGIN + ax * CELL
        d.line((left + inset, y, left + CELL - inset, y), fill=colour, width=width)


def _status(d: ImageDraw.ImageDraw, state: StarState, top: int, width: int) -> None:
    d.rectangle((0, top, width, top + 20 + STRIP_LINE * (len(state.crews) + 2)), fill=PANEL)
    y = top + 12
    text = font(22)
    bold = font(22, bold=True)
    sc = CONTENT.scenarios[state.scenario]
    turn = state.seats[state.current] if state.phase == "play" else state.phase
    d.text(
        (MARGIN, y),
        f"Scenario {sc.id}: {sc.title}   |   turn {state.turn_no}: {turn}{_waiting(state)}",
        font=bold,
        fill=HIGHLIGHT,
    )
    y += STRIP_LINE
    for crew in state.crews:
        colour = CREW_COLOURS[crew.colour]
        d.rectangle((MARGIN, y + 2, MARGIN + 24, y + 26), fill=colour)
        d.text(
            (MARGIN + 12, y + 14),
            CREW_LETTER[crew.colour],
            font=font(18, bold=True),
            fill="black",
            anchor="mm",
        )
        marker = "> " if state.phase == "play" and crew.seat == state.current else ""
        parts = [f"{marker}{state.seats[crew.seat][:14]}  {crew.vt} VT"]
        for hid in crew.heroes:
            h = E.find_hero(state, hid)
            status = "dead" if h.dead else f"{h.wounds}/{E.hero_life(h)}"
            ready = sum(1 for u in h.upgrades if not u.exhausted)
            extra = f" +{len(h.gadgets)}g" if h.gadgets else ""
            tag = E.hero_tag(h.id)
            parts.append(f"{tag} {E.hero_name(h).split()[-1]} {status} ({ready}/{len(h.upgrades)} ready){extra}")
        d.text((MARGIN + 36, y + 2), "   ".join(parts), font=text, fill=INK)
        y += STRIP_LINE
    q = E.current_pve(state)
    quest = f"Quest {state.pve_index + 1}/{len(state.pve)}: {q.name} - {q.text}" if q else "All PvE quests done"
    d.text((MARGIN, y + 2), quest[:110], font=font(20), fill=MUTED)


def _waiting(state: StarState) -> str:
    if state.payback is not None:
        return f"   |   Payback of {state.payback.monster}: {state.seats[state.payback.seat]}"
    if state.pending_event:
        return f"   |   event {CONTENT.events[state.pending_event].name}: choices wanted"
    return ""


def dashboard(state: StarState, seat: int) -> bytes:
    """A crew's dashboard as its own picture (inventory by the names players type)."""
    from rules.starcadia.sheets import crew_sheet

    lines = crew_sheet(state, seat)
    return text_card(lines[0], lines[1:])

"""Endure the Stars board picture: the zone map (rooms, corridors, walls, doors), survivors, enemies,
face-down radar contacts, noise, objectives and exits, plus a status strip for the crew."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.core import Event
from rules.endure.content import board as board_of
from rules.endure.content import content
from rules.endure.state import EndureState

from .common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, font, text_card

MARGIN = 24
ROOM = ["#3a4150", "#3b3f4f", "#3d3a4c", "#34443f", "#443d3a", "#3b4452"]
CORRIDOR = "#2a2e38"
WALL = "#c9ced8"
STRIPE = "#e0c341"
DOOR_OPEN = "#009E73"
DOOR_SHUT = "#D55E00"
ENEMY = "#b0413e"
BOSS = "#7a1f2b"
RADAR = "#8d93a3"
OBJECTIVE_COLOURS = {
    "green": "#009E73",
    "blue": "#56B4E9",
    "red": "#D55E00",
    "yellow": "#F0E442",
    "white": "#f2f2f2",
    "purple": "#CC79A7",
    "pink": "#CC79A7",
    "gold": "#E69F00",
}
CLASS_MARK = {
    "Captain": "Ca", "Marine": "Ma", "Medic": "Md", "Scout": "Sc", "Psychic": "Ps", "Engineer": "En",
    "Technician": "Te",
}  # fmt: skip
ZONE_RE = re.compile(r"\b([A-Z]{2,3}-[a-z])\b")


def _cell_size(b) -> int:
    w, h = b.size
    return max(60, min(120, 1100 // max(w, 1), 760 // max(h, 1)))


def _recent_zones(events: Sequence[Event]) -> set[str]:
    zones: set[str] = set()
    for e in events:
        if e.visible_to is None:
            zones.update(ZONE_RE.findall(e.text))
    return zones


def draw_board(st: EndureState, *, events: Sequence[Event] = ()) -> Image.Image:
    b = board_of(st.mission)
    c = content()
    cell = _cell_size(b)
    cols, rows = b.size
    map_w, map_h = cols * cell, rows * cell
    alive = len(st.survivors)
    strip_h = 56 + 30 * alive + 30
    width = max(map_w + 2 * MARGIN, 1040)
    height = map_h + 2 * MARGIN + 40 + strip_h
    img = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    ox = (width - map_w) // 2
    oy = MARGIN + 40
    mission = c.missions[st.mission]
    event = c.events[st.event].name if st.event else "no event"
    title = f"{mission.key} {mission.name} - round {st.round} - {st.phase} - {event}"
    d.text((MARGIN, 10), title, font=font(22, bold=True), fill=HIGHLIGHT)

    tiles = sorted({z.tile for z in b.zones.values()})
    shade = {t: ROOM[i % len(ROOM)] for i, t in enumerate(tiles)}

    def box(x: int, y: int) -> tuple[int, int, int, int]:
        return ox + x * cell, oy + y * cell, ox + (x + 1) * cell, oy + (y + 1) * cell

    for (x, y), zid in b.cell_zone.items():
        z = b.zones[zid]
        d.rectangle(box(x, y), fill=shade[z.tile] if z.kind == "room" else CORRIDOR)
    recent = _recent_zones(events)
    # walls, openings and doors on every edge between two different zones
    door_drawn: set[str] = set()
    for (x, y), zid in sorted(b.cell_zone.items()):
        for dx, dy in ((1, 0), (0, 1)):
            other = b.cell_zone.get((x + dx, y + dy))
            if other is None or other == zid:
                continue
            x0, y0, x1, y1 = box(x, y)
            seg = (x1, y0, x1, y1) if dx else (x0, y1, x1, y1)
            oid = "|".join(sorted((zid, other)))
            op = b.openings.get(oid)
            extra = oid in st.extra_openings
            if op is None and not extra:
                d.line(seg, fill=WALL, width=4)
                continue
            if extra or not op.door:
                both_corridor = b.zones[zid].kind == b.zones[other].kind == "corridor"
                if both_corridor:
                    _dashed(d, seg, STRIPE)
                continue
            state = st.doors.get(oid, "open")
            if st.event and c.events[st.event].effect == "lockdown":
                state = "locked"
            d.line(seg, fill=WALL, width=4)
            if oid in door_drawn:
                continue
            door_drawn.add(oid)
            colour = DOOR_OPEN if state == "open" else DOOR_SHUT
            sx0, sy0, sx1, sy1 = seg
            if dx:
                d.rectangle((sx0 - 5, sy0 + cell // 4, sx0 + 5, sy1 - cell // 4), fill=colour)
            else:
                d.rectangle((sx0 + cell // 4, sy0 - 5, sx1 - cell // 4, sy0 + 5), fill=colour)
    # map outline
    for x, y in b.cell_zone:
        x0, y0, x1, y1 = box(x, y)
        for dx, dy, seg in (
            (-1, 0, (x0, y0, x0, y1)),
            (1, 0, (x1, y0, x1, y1)),
            (0, -1, (x0, y0, x1, y0)),
            (0, 1, (x0, y1, x1, y1)),
        ):
            if (x + dx, y + dy) not in b.cell_zone:
                d.line(seg, fill=WALL, width=4)
    # zone labels and highlights
    label_font = font(max(14, cell // 6), bold=True)
    for zid, z in b.zones.items():
        x, y = min(z.cells, key=lambda p: (p[1], p[0]))
        x0, y0, _, _ = box(x, y)
        if zid in recent:
            for cx, cy in z.cells:
                d.rectangle(box(cx, cy), outline=HIGHLIGHT, width=3)
        d.text((x0 + 5, y0 + 3), zid, font=label_font, fill=INK)
    # things in zones
    items: dict[str, list[tuple[str, str, str]]] = {z: [] for z in b.zones}
    acting = st.order[st.turn_pos] if st.phase == "survivors" and st.turn_pos < len(st.order) else -1
    for i, s in enumerate(st.survivors):
        if s.alive and not s.exited:
            klass = c.survivors[s.key].klass
            colour = SEAT_COLOURS[s.seat % len(SEAT_COLOURS)]
            mark = ("L" if st.loader_pilot == i else "") + CLASS_MARK.get(klass, klass[:2])
            items[s.zone].insert(0, ("acting" if i == acting else "survivor", mark, colour))
    groups: dict[tuple[str, str], int] = {}
    for e in st.enemies:
        groups[(e.zone, e.kind)] = groups.get((e.zone, e.kind), 0) + 1
    for (zone, kind), n in sorted(groups.items()):
        t = c.enemies[kind]
        text = t.name[:3] if t.boss else f"{t.name[0]}{n}"
        items[zone].append(("boss" if t.boss else "enemy", text, BOSS if t.boss else ENEMY))
    for a in st.allies:
        items[a.zone].append(("ally", c.enemies[a.kind].name[0] + "+", DOOR_OPEN))
    for tok in st.radar:
        items[tok.zone].append(("radar", "?", RADAR))
    for n in st.noise:
        items[n.zone].append(("noise", f"N{n.level}", STRIPE))
    for o in st.objectives:
        if not o.done:
            items[o.zone].append(("objective", o.colour[0].upper(), OBJECTIVE_COLOURS.get(o.colour, INK)))
    for z in mission.exits:
        items[z].append(("exit", "EXIT", INK))
    if st.loader_zone and st.loader_pilot < 0:
        items[st.loader_zone].append(("loader", "LDR", HIGHLIGHT))
    chip = max(26, cell // 3)
    chip_font = font(max(12, chip // 2), bold=True)
    for zid, things in items.items():
        if not things:
            continue
        cells = sorted(b.zones[zid].cells, key=lambda p: (p[1], p[0]))
        slots = []
        for cx, cy in cells:
            x0, y0, x1, y1 = box(cx, cy)
            top = y0 + label_font.size + 8 if (cx, cy) == cells[0] else y0 + 6
            for yy in range(top, y1 - chip + 1, chip + 4):
                for xx in range(x0 + 6, x1 - chip + 1, chip + 4):
                    slots.append((xx, yy))
        for (kind, text, colour), (xx, yy) in zip(things, slots, strict=False):
            _chip(d, kind, text, colour, xx, yy, chip, chip_font)
        if len(things) > len(slots) and slots:
            xx, yy = slots[-1]
            d.text((xx, yy), "+", font=chip_font, fill=HIGHLIGHT)
    _strip(d, st, MARGIN, oy + map_h + MARGIN, width - 2 * MARGIN)
    return img


def _dashed(d: ImageDraw.ImageDraw, seg: tuple[int, int, int, int], colour: str) -> None:
    x0, y0, x1, y1 = seg
    length = max(abs(x1 - x0), abs(y1 - y0))
    step = 10
    for k in range(0, length, step * 2):
        if x0 == x1:
            d.line((x0, y0 + k, x0, min(y1, y0 + k + step)), fill=colour, width=3)
        else:
            d.line((x0 + k, y0, min(x1, x0 + k + step), y0), fill=colour, width=3)


def _chip(d: ImageDraw.ImageDraw, kind: str, text: str, colour: str, x: int, y: int, size: int, face) -> None:
    box = (x, y, x + size, y + size)
    if kind in ("survivor", "acting"):
        d.ellipse(
            box, fill=colour, outline=HIGHLIGHT if kind == "acting" else "#000000", width=4 if kind == "acting" else 2
        )
        ink = "#000000"
    elif kind == "radar":
        mid = size // 2
        d.polygon([(x + mid, y), (x + size, y + mid), (x + mid, y + size), (x, y + mid)], fill=colour)
        ink = "#000000"
    elif kind == "noise":
        d.rounded_rectangle(box, radius=6, fill=colour)
        ink = "#000000"
    elif kind == "objective":
        d.ellipse(box, fill=BACKGROUND, outline=colour, width=4)
        ink = colour
    elif kind in ("exit", "loader"):
        d.rectangle(box, outline=colour, width=2)
        ink = colour
    else:
        d.rectangle(box, fill=colour, outline="#000000", width=1)
        ink = INK
    tw = d.textlength(text, font=face)
    if tw > size - 2:
        face = font(max(9, int(face.size * (size - 2) / tw)), bold=True)
        tw = d.textlength(text, font=face)
    d.text((x + (size - tw) / 2, y + (size - face.size) / 2 - 1), text, font=face, fill=ink)


def _strip(d: ImageDraw.ImageDraw, st: EndureState, x: int, y: int, w: int) -> None:
    c = content()
    d.rectangle((x, y, x + w, y + 30 * (len(st.survivors) + 1) + 20), fill=PANEL)
    current = st.order[st.turn_pos] if st.phase == "survivors" and st.turn_pos < len(st.order) else -1
    face = font(19)
    bold = font(19, bold=True)
    cols = [(10, "Survivor"), (330, "Health"), (450, "Resolve"), (560, "Actions"), (670, "Carrying")]
    for cx, head in cols:
        d.text((x + cx, y + 8), head, font=bold, fill=MUTED)
    for k, s in enumerate(st.survivors):
        yy = y + 38 + 30 * k
        colour = SEAT_COLOURS[s.seat % len(SEAT_COLOURS)]
        d.ellipse((x + 10, yy + 2, x + 30, yy + 22), fill=colour)
        name = c.survivors[s.key].name
        status = "" if s.alive else " (dead)"
        status = " (out)" if s.exited else status
        here = k == current
        ink = INK if s.alive else MUTED
        d.text((x + 40, yy), ("> " if here else "") + name + status, font=bold if here else face, fill=ink)
        wounds = f" {'/'.join(w[0].upper() for w in s.injuries)}" if s.injuries else ""
        d.text((x + 330, yy), f"{max(0, s.health)}/{s.max_health}{wounds}", font=face, fill=ink)
        d.text((x + 450, yy), str(s.resolve), font=face, fill=ink)
        d.text((x + 560, yy), str(s.actions) if here else "-", font=face, fill=ink)
        inv = [c.items[it.card].name for stack in s.slots for it in stack]
        inv += [f"[{c.items[it.card].name}]" for it in s.body + s.head]
        inv += [f"{o.colour} objective" for o in st.objectives if o.carried_by == k]
        text = ", ".join(inv)
        while text and d.textlength(text, font=face) > w - 680:
            text = text[:-4] + "..."
        d.text((x + 670, yy), text, font=face, fill=ink)


def board(st: EndureState, *, events: Sequence[Event] = ()) -> bytes:
    """PNG of the (already viewer-filtered) state."""
    if st.phase == "refuge":
        c = content()
        body = [
            f"Campaign {c.campaigns[st.campaign].name}: next {' or '.join(st.next_options)}",
            f"Refuge track {st.refuge_track}. Trading Post: "
            + (", ".join(c.items[k].name for k in st.trading_post) or "empty"),
        ]
        for s in st.survivors:
            state = "dead" if not s.alive else f"Health {s.health}/{s.max_health}, Resolve {s.resolve}"
            body.append(f"{c.survivors[s.key].name}: {state}")
        return text_card("The Refuge", body, [e.text for e in events if e.visible_to is None])
    return _encode(draw_board(st, events=events))


def _encode(image: Image.Image) -> bytes:
    """Palette PNG via the fast octree quantizer: the board has few flat colours."""
    small = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()

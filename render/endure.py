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
from rules.endure.words import class_tag

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
            mark = ("L" if st.loader_pilot == i else "") + class_tag(klass)
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


# -- the survivor dashboard ------------------------------------------------------------------------------------

DASH_W = 900
INJURY_WORDS = {"head": "Head wound", "chest": "Chest wound", "leg": "Leg wound"}
HEALTH_ON = "#009E73"
HEALTH_OFF = "#3a3f4b"
RESOLVE_ON = "#56B4E9"
WOUND = "#D55E00"


def _pips(d: ImageDraw.ImageDraw, x: int, y: int, have: int, total: int, on: str, size: int = 26) -> int:
    """A row of squares, filled up to ``have``; returns the x after the row."""
    for k in range(total):
        box = (x + k * (size + 5), y, x + k * (size + 5) + size, y + size)
        d.rectangle(box, fill=on if k < have else HEALTH_OFF, outline="#000000" if k < have else MUTED)
    return x + total * (size + 5)


def _fit_text(d: ImageDraw.ImageDraw, text: str, face, width: int) -> str:
    while text and d.textlength(text, font=face) > width:
        text = text[:-2].rstrip() + "…" if not text.endswith("…") else text[:-2] + "…"
    return text


def draw_dashboard(st: EndureState, si: int) -> Image.Image:
    """One survivor's dashboard from an already viewer-filtered state: face-down Resolve cards show
    only their numbers."""
    c = content()
    s = st.survivors[si]
    card = c.survivors[s.key]
    big, bold, face, small = font(32, bold=True), font(24, bold=True), font(22), font(19)
    img = Image.new("RGB", (DASH_W, 1400), BACKGROUND)
    d = ImageDraw.Draw(img)
    colour = SEAT_COLOURS[s.seat % len(SEAT_COLOURS)]
    # header: token, name, class, player, where
    d.ellipse((MARGIN, 18, MARGIN + 56, 74), fill=colour, outline="#000000", width=2)
    mark = class_tag(card.klass)
    tw = d.textlength(mark, font=bold)
    d.text((MARGIN + 28 - tw / 2, 32), mark, font=bold, fill="#000000")
    d.text((MARGIN + 72, 14), card.name, font=big, fill=HIGHLIGHT)
    acting = st.phase == "survivors" and st.turn_pos < len(st.order) and st.order[st.turn_pos] == si
    if not s.alive:
        where = "dead"
    elif s.exited:
        where = "left the map"
    else:
        where = f"in {s.zone}" + (f" - acting, {s.actions} action(s) left" if acting else "")
    seat = st.seats[s.seat] if 0 <= s.seat < len(st.seats) else "?"
    line = f"{card.klass} - played by {seat} - {where}"
    d.text((MARGIN + 72, 54), _fit_text(d, line, face, DASH_W - 120), font=face, fill=INK)
    y = 96
    # health and resolve
    d.text((MARGIN, y), "Health", font=bold, fill=MUTED)
    end = _pips(d, MARGIN + 120, y, max(0, s.health), s.max_health, HEALTH_ON)
    d.text((end + 10, y), f"{max(0, s.health)}/{s.max_health}", font=bold, fill=INK)
    y += 40
    d.text((MARGIN, y), "Resolve", font=bold, fill=MUTED)
    top = max(10, s.resolve, *(r.number for r in s.resolve_cards)) if s.resolve_cards else max(10, s.resolve)
    end = _pips(d, MARGIN + 120, y, max(0, s.resolve), top, RESOLVE_ON)
    d.text((end + 10, y), str(s.resolve), font=bold, fill=INK)
    y += 44
    # Resolve cards: face down they show only the number that triggers them
    d.text((MARGIN, y + 18), "Resolve\ncards", font=small, fill=MUTED)
    x = MARGIN + 120
    for r in s.resolve_cards[:8]:
        shown = r.revealed and r.card in c.resolve
        w = 150 if shown else 56
        d.rounded_rectangle((x, y, x + w, y + 64), radius=6, fill=WOUND if shown else "#2d3550", outline=INK)
        num = str(r.number)
        nw = d.textlength(num, font=big)
        d.text((x + (w - nw) / 2, y + 4), num, font=big, fill="#000000" if shown else INK)
        label = _fit_text(d, c.resolve[r.card].name, small, w - 8) if shown else ("asleep" if r.dormant else "?")
        lw = d.textlength(label, font=small)
        d.text((x + (w - lw) / 2, y + 40), label, font=small, fill="#000000" if shown else MUTED)
        x += w + 8
    if not s.resolve_cards:
        d.text((x, y + 18), "none", font=face, fill=MUTED)
    y += 78
    status = ["DEAD"] if not s.alive else ["left the map"] if s.exited else []
    status += [INJURY_WORDS.get(w, w) for w in s.injuries]
    status += ["stunned"] * s.stunned + ["frozen"] * s.frozen
    if st.loader_pilot == si:
        status.append("in the Exo Loader")
    if s.phobias:
        status.append("phobias: " + ", ".join(s.phobias))
    x = MARGIN
    for word in status or ["no injuries"]:
        w = int(d.textlength(word, font=small)) + 20
        if x + w > DASH_W - MARGIN:
            break
        hurt = word in INJURY_WORDS.values() or word in ("stunned", "frozen", "DEAD")
        d.rounded_rectangle((x, y, x + w, y + 30), radius=8, fill=WOUND if hurt else PANEL)
        d.text((x + 10, y + 4), word, font=small, fill="#000000" if hurt else INK)
        x += w + 8
    y += 44
    # inventory: head, body, three slots
    d.text((MARGIN, y), "Inventory", font=bold, fill=MUTED)
    y += 34
    slots = list(s.slots) + [[]] * max(0, 3 - len(s.slots))
    rows = [("Head", s.head), ("Body", s.body)] + [(f"Slot {n}", st_) for n, st_ in enumerate(slots, 1)]
    for label, stack in rows:
        d.rectangle((MARGIN, y, DASH_W - MARGIN, y + 38), fill=PANEL)
        d.text((MARGIN + 10, y + 7), label, font=small, fill=MUTED)
        if stack:
            it = c.items.get(stack[0].card)
            name = it.name if it else stack[0].card
            text = (f"{len(stack)}x " if len(stack) > 1 else "") + name
            d.text((MARGIN + 100, y + 5), text, font=bold, fill=INK)
            extra = ""
            if it is not None and it.kind == "weapon":
                extra = (
                    f"range {it.range}  {it.dice} {'die' if it.dice == 1 else 'dice'} hit {it.hit}+  noise {it.noise}"
                )
            elif it is not None and it.save:
                extra = f"save {it.save}+"
            if any(i.uid in s.jammed for i in stack):
                extra = (extra + "  JAMMED").strip()
            if extra:
                ew = d.textlength(extra, font=small)
                d.text((DASH_W - MARGIN - 10 - ew, y + 8), extra, font=small, fill=MUTED)
        else:
            d.text((MARGIN + 100, y + 7), "empty", font=small, fill=MUTED)
        y += 42
    extra_items = [c.items[f.card].name for f in s.found if f.card in c.items]
    extra_items = [f"found: {n}" for n in extra_items]
    extra_items += [f"{o.colour} objective" for o in st.objectives if o.carried_by == si]
    if extra_items:
        d.text((MARGIN, y + 2), _fit_text(d, "Also: " + ", ".join(extra_items), small, DASH_W - 2 * MARGIN),
               font=small, fill=HIGHLIGHT)  # fmt: skip
        y += 32
    y += 8
    # abilities: used or ready
    d.text((MARGIN, y), "Abilities", font=bold, fill=MUTED)
    y += 34
    abilities = [
        ("Passive", card.passive, None),
        ("Active", card.active, not s.used_active),
        ("Crisis", card.crisis, not s.crisis_used),
    ]
    for label, ab, ready in abilities:
        if ready is None:
            mark_fill, state = MUTED, "always on"
        elif ready:
            mark_fill, state = HEALTH_ON, "ready"
        else:
            mark_fill, state = HEALTH_OFF, "used"
        d.ellipse((MARGIN, y + 6, MARGIN + 20, y + 26), fill=mark_fill, outline=MUTED)
        d.text((MARGIN + 30, y + 2), f"{label}: {ab.name}", font=bold if ready else face, fill=INK)
        sw = d.textlength(state, font=small)
        d.text((DASH_W - MARGIN - sw, y + 5), state, font=small, fill=INK if ready else MUTED)
        what = _fit_text(d, c.text("ability", ab.hook), small, DASH_W - 2 * MARGIN - 30)
        d.text((MARGIN + 30, y + 32), what, font=small, fill=MUTED)
        y += 62
    # accomplishment
    if s.accomplishment and s.accomplishment in c.accomplishments:
        a = c.accomplishments[s.accomplishment]
        y += 6
        d.text((MARGIN, y), "Accomplishment", font=bold, fill=MUTED)
        y += 34
        done = min(s.progress, a.target)
        d.text((MARGIN, y), a.name, font=face, fill=INK)
        label = "UNLOCKED" if s.unlocked else f"{done}/{a.target}"
        label_font = bold if s.unlocked else face
        label_w = int(d.textlength(label, font=label_font))
        bar_x = MARGIN + 330
        bar_w = DASH_W - MARGIN - bar_x - label_w - 12
        full = a.target if s.unlocked else done
        d.rectangle((bar_x, y + 4, bar_x + bar_w, y + 26), fill=HEALTH_OFF)
        d.rectangle((bar_x, y + 4, bar_x + bar_w * full // max(1, a.target), y + 26), fill=HIGHLIGHT)
        d.text((DASH_W - MARGIN - label_w, y + 2), label, font=label_font, fill=INK)
        y += 36
    return img.crop((0, 0, DASH_W, y + 16))


def dashboard(st: EndureState, indices: Sequence[int]) -> bytes:
    """PNG of one or more survivors' dashboards (stacked), from a viewer-filtered state."""
    panels = [draw_dashboard(st, i) for i in indices[:6]]
    if not panels:
        raise ValueError("no survivor to draw")
    height = sum(p.height for p in panels) + 6 * (len(panels) - 1)
    out = Image.new("RGB", (DASH_W, height), WALL)
    y = 0
    for p in panels:
        out.paste(p, (0, y))
        y += p.height + 6
    return _encode(out)

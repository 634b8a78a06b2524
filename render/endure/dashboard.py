"""A survivor's dashboard (a private picture): health, resolve, face-down Resolve cards, wounds, inventory,
abilities and accomplishment."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.endure.content import content
from rules.endure.state import EndureState
from rules.endure.words import class_tag

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, font
from .style import WALL, encode

MARGIN = 24

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
    big, bold, face, small = font(32, bold=True), font(24, bold=True), font(22), font(20)
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
    return encode(out)

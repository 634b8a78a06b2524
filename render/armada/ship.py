"""A captain's ship: the compact strip the fight picture shows for each captain in it, and the full
ship board (``/armada ship``): stations with their modules, what each asks for, the dice on them,
Shield and Hull, and where every crew die is."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.armada.content import CONTENT as C
from rules.armada.helpers import INFIRMARY, module_at, station_numbers, station_of
from rules.armada.state import Die, State

from .style import (
    CARD,
    CRITICAL,
    ENEMY,
    GOOD,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MUTED,
    SHIELD,
    TEXT,
    WIDTH,
    chip,
    die,
    disc,
    face,
    fit,
    length,
    measured,
    seat_colour,
    symbol,
    wrap,
)

STRIP_COLS = 3
STRIP_CELL_H = 86
BOARD_CELL_H = 124


def _station(
    d: ImageDraw.ImageDraw, state: State, seat: int, number: int, box: tuple[int, int, int, int], *, full: bool
) -> None:
    """One station: its number, the module, the symbols it asks for (hollow while still missing) and the dice
    on it; an offline one is red and says so. ``full`` adds the module's effect (the ship board)."""
    p = state.players[seat]
    x0, y0, x1, y1 = box
    st = station_of(p, number)
    m = module_at(p, number)
    offline = st.offline and not (m is not None and m.never_offline)
    dice = [dd for dd in state.dice if dd.owner == seat and dd.loc in ("station", "locked") and dd.station == number]
    fill = "#3a2323" if offline else ("#263240" if dice else CARD)
    d.rounded_rectangle(
        box, radius=8, fill=fill, outline=ENEMY if offline else (SHIELD if dice else "#4b5263"), width=3
    )
    x = x0 + 8 + chip(d, x0 + 8, y0 + 6, str(number), INK, height=30) + 8
    name = m.name if m is not None else "empty"
    typeface = face(TEXT, bold=True)
    d.text((x, y0 + 8), fit(d, name, typeface, x1 - x - 8), font=typeface, fill=INK if m else MUTED)
    y = y0 + 44
    if offline:
        text = "OFFLINE: needs Engineering" if full else "OFFLINE"
        d.text((x0 + 10, y + 4), fit(d, text, typeface, x1 - x0 - 20), font=typeface, fill=ENEMY)
        return
    sx = x0 + 10
    if m is not None and m.req:
        d.text((sx, y + 8), "needs", font=face(TEXT), fill=MUTED)
        sx += int(length("needs", face(TEXT))) + 8
        # a Command that could stand for either of two symbols leaves the last choice open
        missing = [sym for entry in st.partial for sym in entry.split("/")[-1]]
        for sym in m.req:
            met = bool(st.partial) and sym not in missing
            if sym in missing:
                missing.remove(sym)
            sx += symbol(d, sx, y + 5, sym, met=met)
    elif m is not None:
        d.text((sx, y + 8), "passive", font=face(TEXT), fill=MUTED)
        sx += int(length("passive", face(TEXT))) + 8
    if st.counters:
        tag = f"{st.counters} ctr"
        d.text((sx + 4, y + 8), tag, font=face(TEXT, bold=True), fill=HIGHLIGHT)
        sx += int(length(tag, face(TEXT, bold=True))) + 12
    sx += 6
    for k, dd in enumerate(dice):
        more = len(dice) - k - 1
        w = max(40, int(length(dd.face or "?", typeface)) + 12) + 4
        if sx + w + (50 if more else 0) > x1 - 6:  # no room for this die and the count after it
            d.text((sx + 2, y + 8), f"+{more + 1}", font=typeface, fill=INK)
            break
        sx += die(d, sx, y, dd.face, None, hero=bool(dd.hero)) + 4
    if full and m is not None and m.text:
        d.text((x0 + 10, y1 - 32), fit(d, m.text, face(TEXT), x1 - x0 - 20), font=face(TEXT), fill=MUTED)


def stations(d: ImageDraw.ImageDraw, state: State, seat: int, y: int, *, cols: int, cell_h: int, full: bool) -> int:
    numbers = station_numbers(state.players[seat])
    cw = (WIDTH - 2 * MARGIN - 8 * (cols - 1)) // cols
    for k, number in enumerate(numbers):
        col, row = k % cols, k // cols
        left = MARGIN + col * (cw + 8)
        top = y + row * (cell_h + 8)
        _station(d, state, seat, number, (left, top, left + cw, top + cell_h), full=full)
    rows = (len(numbers) + cols - 1) // cols
    return y + rows * (cell_h + 8)


def header(d: ImageDraw.ImageDraw, state: State, seat: int, y: int, *, where: bool = False) -> int:
    """The captain's disc, name and ship, then Shield, Hull and credits on the right."""
    p = state.players[seat]
    disc(
        d,
        MARGIN + 18,
        y + 16,
        str(seat + 1) + ("!" if p.critical else ""),
        CRITICAL if p.critical else seat_colour(seat),
        r=17,
        square=seat == state.savior,
    )
    right = f"Shield {max(p.shield, 0)}/{p.max_shield}   Hull {max(p.hull, 0)}/{p.max_hull}   {p.credits} cr"
    bold = face(TEXT, bold=True)
    rw = length(right, bold)
    d.text((WIDTH - MARGIN - rw, y + 4), right, font=bold, fill=ENEMY if p.critical else INK)
    name = f"{state.seats[seat]} · {C.ships[p.ship].name}" + (f" at {p.planet}" if where else "")
    d.text((MARGIN + 44, y + 4), fit(d, name, bold, WIDTH - 2 * MARGIN - 60 - rw), font=bold, fill=seat_colour(seat))
    return y + LINE + 8


def strip(d: ImageDraw.ImageDraw, state: State, seat: int, y: int) -> int:
    """A captain in a fight: the header, then every station in three columns; returns the y below."""
    y = header(d, state, seat, y)
    return stations(d, state, seat, y, cols=STRIP_COLS, cell_h=STRIP_CELL_H, full=False) + 4


def dice_row(d: ImageDraw.ImageDraw, x: int, y: int, dice: list[Die], right: int) -> int:
    """Crew dice with their numbers, left to right; what does not fit is counted. Returns the x after them."""
    for k, dd in enumerate(dice):
        w = max(40, int(length(f"#{dd.id}", face(TEXT, bold=True))) + 12)
        if x + w > right - (60 if k < len(dice) - 1 else 0):
            d.text((x + 4, y + 18), f"+{len(dice) - k}", font=face(TEXT, bold=True), fill=INK)
            return x + 60
        x += die(d, x, y, dd.face, dd.id, hero=bool(dd.hero)) + 6
    return x


def _track(d: ImageDraw.ImageDraw, y: int, label: str, value: int, top: int, colour: str) -> None:
    bold = face(TEXT, bold=True)
    d.text((MARGIN, y), label, font=bold, fill=INK)
    text = f"{max(value, 0)}/{top}"
    tw = length(text, bold)
    bx, bw = MARGIN + 90, WIDTH - 2 * MARGIN - 90 - int(tw) - 12
    step = bw / max(top, 1)
    for i in range(top):
        left, right = int(bx + i * step), int(bx + (i + 1) * step) - 3
        full = i < value
        d.rectangle((left, y + 2, right, y + 26), fill=colour if full else CARD, outline="#111" if full else "#555")
    d.text((bx + bw + 10, y), text, font=bold, fill=INK)


def draw_ship_board(state: State, seat: int) -> Image.Image:
    """One captain's ship board, every text as large as on the main board."""
    p = state.players[seat]
    crew = [dd for dd in state.dice if dd.owner == seat]
    groups = [
        ("Rolled, not placed", [dd for dd in crew if dd.loc == "rolled"]),
        ("Ready crew", [dd for dd in crew if dd.loc == "crew"]),
        (
            "Infirmary",
            [dd for dd in crew if dd.loc == "infirmary" or (dd.loc == "station" and dd.station == INFIRMARY)],
        ),
        ("On a card", [dd for dd in crew if dd.loc in ("escape", "mission")]),
    ]

    def paint(d: ImageDraw.ImageDraw) -> int:
        y = header(d, state, seat, 10, where=True)
        status = []
        if p.out:
            status.append("OUT")
        if p.critical:
            status.append("CRITICAL DAMAGE")
        if seat == state.savior:
            status.append("Galactic Savior")
        if p.guards:
            status.append("guarded: " + ", ".join(p.guards))
        if p.polarity:
            status.append(f"polarity: {p.polarity}")
        if status:
            d.text(
                (MARGIN, y),
                fit(d, " · ".join(status), face(TEXT, bold=True), WIDTH - 2 * MARGIN),
                font=face(TEXT, bold=True),
                fill=ENEMY if p.critical or p.out else HIGHLIGHT,
            )
            y += LINE
        y += 8
        _track(d, y, "Shield", p.shield, p.max_shield, SHIELD)
        _track(d, y + 34, "Hull", p.hull, p.max_hull, GOOD if not p.critical else ENEMY)
        y = stations(d, state, seat, y + 76, cols=2, cell_h=BOARD_CELL_H, full=True) + 4
        bold = face(TEXT, bold=True)
        for label, dice in groups:
            if not dice and label == "On a card":
                continue
            d.text(
                (MARGIN, y + 18),
                f"{label} ({len(dice)})",
                font=bold,
                fill=ENEMY if label == "Infirmary" and dice else INK,
            )
            if dice:
                dice_row(d, MARGIN + 300, y, dice, WIDTH - MARGIN)
                y += 70
            else:
                d.text((MARGIN + 300, y + 18), "none", font=face(TEXT), fill=MUTED)
                y += LINE + 12
        lines = []
        if p.heroes:
            lines.append("Heroes: " + ", ".join(C.heroes[h].name for h in p.heroes))
        if p.storage:
            lines.append("Storage: " + ", ".join(C.modules[mm].name for mm in p.storage))
        if p.data:
            lines.append("Data: " + ", ".join(p.data))
        for line in lines or ["No heroes, nothing in storage."]:
            for part in wrap(line, WIDTH - 2 * MARGIN, face(TEXT))[:3]:
                d.text((MARGIN, y), part, font=face(TEXT), fill=MUTED)
                y += LINE

        return y + 10

    return measured(paint)

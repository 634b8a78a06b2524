"""The planet map: one card per planet on a 3 x 3 grid that keeps every travel link visible.

Kagawa sits in the middle (it links Terra, Zenith One and Titan VI), Luna above Terra, Invictus on the
right between Zenith One and Titan VI, and the Artemis station (when it is in play) above Invictus.
Each card shows, in rows: the name and what the planet offers (SHOP = shipyard, HIRE = waystation),
the captains there, the enemy fleets (tag and ship count) and the distress beacons (how many, and
their event numbers, a star for a Prime one). The two or three free cells hold a status box and the
legend.
"""

from __future__ import annotations

from PIL import ImageDraw

from rules.armada.content import CONTENT as C
from rules.armada.finals import FINAL_NAMES, event_for
from rules.armada.state import Fleet, State

from .changes import Changes
from .style import (
    BEACON,
    CARD,
    CARD_EDGE,
    CRITICAL,
    ENEMY,
    FINAL,
    HIGHLIGHT,
    INK,
    LINE,
    LINK,
    MUTED,
    NAME,
    PANEL,
    PRIME,
    TEXT,
    chip,
    chip_width,
    diamond,
    disc,
    face,
    fit,
    length,
    seat_colour,
    wrap,
)

CARD_W, CARD_H = 290, 182
COLS = (16, 355, 694)
ROW_GAP = 40
MAP_H = 3 * CARD_H + 2 * ROW_GAP + 16
GRID = {
    "Luna": (0, 0),
    "Zenith One": (1, 0),
    "Artemis": (2, 0),
    "Terra": (0, 1),
    "Kagawa": (1, 1),
    "Invictus": (2, 1),
    "Titan VI": (1, 2),
}
LOSE_AT = 6
"""Beacons on one planet that lose the game."""


def planets(state: State) -> list[str]:
    out = list(C.planets)
    if state.final in ("artemis", "artemis-v2"):
        out.append("Artemis")
    return out


def links(state: State) -> list[tuple[str, str]]:
    pairs = [(p.name, q) for p in C.planets.values() for q in p.links if p.name < q]
    if state.final in ("artemis", "artemis-v2"):
        pairs.append(("Invictus", "Artemis"))
    return pairs


def cell(col: int, row: int, top: int) -> tuple[int, int, int, int]:
    x, y = COLS[col], top + 8 + row * (CARD_H + ROW_GAP)
    return x, y, x + CARD_W, y + CARD_H


def centre(name: str, top: int) -> tuple[float, float]:
    x0, y0, x1, y1 = cell(*GRID[name], top)
    return (x0 + x1) / 2, (y0 + y1) / 2


def fleet_text(f: Fleet) -> str:
    return f"{'FINAL' if f.final else f'F{f.token}'} ×{len(f.ships)}"


def draw_map(d: ImageDraw.ImageDraw, state: State, top: int, ch: Changes) -> int:
    """The map from ``top`` down; returns the y below it."""
    if not state.solo:  # solo: every planet is linked, the status box says so instead of a web of lines
        for a, b in links(state):
            d.line([centre(a, top), centre(b, top)], fill=LINK, width=6)
    for name in planets(state):
        _card(d, state, name, cell(*GRID[name], top), ch)
    free = sorted((c, r) for c in range(3) for r in range(3) if (c, r) not in {GRID[p] for p in planets(state)})
    if len(free) > 2:  # the status box top right, the legend in the two cells left
        status = min(free, key=lambda cr: (cr[1], -cr[0]))
        free.remove(status)
        _status(d, state, cell(*status, top))
        _legend(d, state, [cell(*cr, top) for cr in free])
        return top + MAP_H
    _legend(d, state, [cell(*cr, top) for cr in free])  # the Artemis station takes the top right cell
    return _status_line(d, state, top + MAP_H)


def _card(d: ImageDraw.ImageDraw, state: State, name: str, box: tuple[int, int, int, int], ch: Changes) -> None:
    x0, y0, x1, _ = box
    ruined = name in state.ruined
    changed = name in ch.planets
    d.rounded_rectangle(
        box,
        radius=14,
        fill="#3a2020" if ruined else CARD,
        outline=HIGHLIGHT if changed else CARD_EDGE,
        width=6 if changed else 2,
    )
    d.text((x0 + 12, y0 + 8), name, font=face(NAME, bold=True), fill=INK)
    planet = C.planets.get(name)
    tags = []
    if planet is not None and not ruined:  # a destroyed planet offers nothing any more
        tags = [t for t, on in (("SHOP", planet.shipyard), ("HIRE", planet.waystation)) if on]
    tx = x1 - 10
    for tag in reversed(tags):
        tx -= chip_width(d, tag)
        chip(d, tx, y0 + 8, tag, "#d7dae2", height=30)
        tx -= 6
    # captains: a numbered disc in the seat's colour
    y = y0 + 44
    ships = [i for i, p in enumerate(state.players) if p.planet == name and not p.out]
    for k, seat in enumerate(ships):
        p = state.players[seat]
        ring = ENEMY if seat in ch.hits else (HIGHLIGHT if seat in ch.moved else None)
        disc(
            d,
            x0 + 32 + k * 54,
            y + 22,
            f"{seat + 1}" + ("!" if p.critical else ""),
            CRITICAL if p.critical else seat_colour(seat),
            square=seat == state.savior,
            ring=ring,
        )
    # fleets: a tag per fleet with its ship count, as many as fit, then how many more
    y += 50
    fleets = sorted((f for f in state.fleets if f.planet == name), key=lambda f: not f.final)
    x = x0 + 10
    if sum(chip_width(d, fleet_text(f)) + 6 for f in fleets) > CARD_W - 14:
        # too many to tag one by one: the final foe's tag, then how many fleets and ships
        crowd = [f for f in fleets if not f.final]
        fleets = [f for f in fleets if f.final]
        fresh = any(f.token in ch.fleets for f in crowd)
        text = f"{len(crowd)} fleets ×{sum(len(f.ships) for f in crowd)}"
        after = x + sum(chip_width(d, fleet_text(f)) + 6 for f in fleets)
        chip(d, after, y, text, ENEMY, outline=HIGHLIGHT if fresh else "#111")
    for f in fleets:
        outline = HIGHLIGHT if f.token in ch.fleets and not f.final else "#111"
        x += chip(d, x, y, fleet_text(f), FINAL if f.final else ENEMY, outline=outline) + 6
    # beacons: how many (6 on one planet lose the game), then their event numbers
    y += 42
    beacons = [b for b in state.beacons if b.planet == name and b.carrier < 0]
    if ruined:  # no token is placed here any more
        chip(d, x0 + 10, y + 4, "DESTROYED", ENEMY)
    elif beacons:
        danger = len(beacons) >= LOSE_AT - 2
        prime = any(event_for(b.event).prime for b in beacons)
        diamond(d, x0 + 34, y + 20, str(len(beacons)), ENEMY if danger else (PRIME if prime else BEACON))
        numbers = " ".join(("★" if event_for(b.event).prime else "") + str(b.event) for b in beacons)
        text = (f"{len(beacons)}/{LOSE_AT}! " if danger else "") + numbers
        fresh = any(b.event in ch.beacons for b in beacons)
        typeface = face(TEXT, bold=danger or fresh)
        d.text((x0 + 64, y + 7), fit(d, text, typeface, CARD_W - 72), font=typeface, fill=ENEMY if danger else INK)


def _status_lines(state: State) -> list[tuple[str, str, bool]]:
    """How close the final foe is (or which it is), what is left in the bag and the decks."""
    data = sum(len(p.data) for p in state.players)
    lines: list[tuple[str, str, bool]] = []
    if state.final:
        lines.append((f"Final: {FINAL_NAMES.get(state.final, state.final)}", FINAL, True))
    else:
        lines.append((f"Data tokens: {data}/4", HIGHLIGHT, True))
        if not state.solo:  # the solo line needs the room
            lines.append(("4 bring the final foe", MUTED, False))
    if state.solo:
        lines.append(("SOLO: all linked", HIGHLIGHT, True))
    lines.append((f"Beacons in bag: {len(state.bag)}", INK, False))
    lines.append((f"Threat deck: {len(state.td_deck)}", INK, False))
    lines.append((f"Enemy deck: {len(state.enemy_deck)}", INK, False))
    return lines


def _status(d: ImageDraw.ImageDraw, state: State, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=14, fill=PANEL, outline="#4b5263", width=2)
    rows = []
    for text, colour, bold in _status_lines(state):
        typeface = face(TEXT, bold=bold)
        rows += [(part, typeface, colour) for part in wrap(text, x1 - x0 - 24, typeface)[:2]]
    y = y0 + 10
    for text, typeface, colour in rows:
        if y + LINE - 2 > y1:
            break
        d.text((x0 + 12, y), fit(d, text, typeface, x1 - x0 - 24), font=typeface, fill=colour)
        y += LINE - 2


def _status_line(d: ImageDraw.ImageDraw, state: State, y: int) -> int:
    """The status on one line under the map (when the Artemis station takes the status box's cell)."""
    x = COLS[0]
    for text, colour, bold in _status_lines(state):
        if text.startswith("4 bring"):
            continue
        typeface = face(TEXT, bold=bold)
        shown = fit(d, text, typeface, COLS[2] + CARD_W - x)
        if not shown:
            break
        d.text((x, y), shown, font=typeface, fill=colour)
        x += int(length(shown, typeface)) + 22
    return y + LINE + 4


LEGEND: list[tuple[str, str]] = [
    ("disc", "captain (seat)"),
    ("crit", "critical damage"),
    ("savior", "Galactic Savior"),
    ("fleet", "fleet 3: 9 ships"),
    ("beacon", "beacons here"),
    ("loss", "6 on a planet: LOSS"),
    ("prime", "★ Prime beacon"),
    ("ring", "moved (red: hit)"),
    ("frame", "changed just now"),
]
"""Every entry the map's legend can show: (sample kind, words beside it). render/armada/key.py makes the
board's help page from these."""


def legend_entries(state: State) -> list[tuple[str, str]]:
    """The legend entries this picture shows (the Galactic Savior's only when there is one)."""
    return [(kind, text) for kind, text in LEGEND if kind != "savior" or state.savior >= 0]


def _legend(d: ImageDraw.ImageDraw, state: State, boxes: list[tuple[int, int, int, int]]) -> None:
    """What the tokens mean, in the free cells of the grid (one or two)."""
    entries = legend_entries(state)
    per = (len(entries) + len(boxes) - 1) // len(boxes)
    for k, box in enumerate(boxes):
        x0, y0, x1, _ = box
        y = y0 + 4
        for kind, text in entries[k * per : (k + 1) * per]:
            x = x0 + 8
            if kind in ("disc", "crit", "savior"):
                disc(
                    d,
                    x + 20,
                    y + 17,
                    "2!" if kind == "crit" else "2",
                    CRITICAL if kind == "crit" else seat_colour(1),
                    r=16 if kind != "crit" else 18,
                    square=kind == "savior",
                )
                x += 46
            elif kind == "ring":
                disc(d, x + 20, y + 17, "2", seat_colour(1), r=12, ring=HIGHLIGHT)
                x += 46
            elif kind == "fleet":
                x += chip(d, x, y + 2, "F3 ×9", ENEMY, height=30) + 8
            elif kind == "beacon":
                diamond(d, x + 20, y + 17, "3", BEACON, r=18)
                x += 46
            elif kind == "frame":
                d.rectangle((x + 2, y + 4, x + 38, y + 30), outline=HIGHLIGHT, width=4)
                x += 46
            d.text((x, y + 5), fit(d, text, face(TEXT), x1 - x - 4), font=face(TEXT), fill=MUTED)
            y += 36

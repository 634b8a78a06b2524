"""The station on the board picture: tiles, walls, doors, what lies in each space, the figures and what
the last update changed.

Every text is drawn at one size, the smallest that reads 11 px tall when the whole picture is shown
500 px wide, so a space holds two rows of it. Each space stacks its rows: what lies there first
(terminal, portal, armory, tokens with counts), then up to two figures, one per row, so a token is
never hidden under the hero standing on it and two figures never share a row. What a crowded space
cannot show is listed under the board (:attr:`Station.hidden`) and the space gets a corner mark.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import ImageDraw

from rules.core import Event
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.state import StarState

from ..common import HIGHLIGHT, MUTED, remembered_font
from .palette import (
    ATTACK,
    BLOCKED,
    CREW_COLOURS,
    CREW_LETTER,
    DAZED_FILL,
    DECISION,
    DOOR_OPEN,
    DOOR_SHUT,
    MONSTER_FILL,
    MONSTER_PATH,
    PATH,
    PORTAL_COLOURS,
    SPAWN,
    TERMINAL,
    TILE_FLOORS,
    TOKEN_COLOUR,
    TOKEN_LETTER,
    WALL,
)

CELL = 84
MARGIN = 40
GAP = 4
SPACE_RE = re.compile(r"\b(?:at|to|on|into) ([A-Z]\d{1,2})\b")
TOKEN_WORDS = {
    "stimpack": "stimpack",
    "hoverboard": "hoverboard",
    "recharge": "recharge",
    "victory": "victory token",
    "armory": "armory upgrade",
}


@dataclass
class Mark:
    """One thing lying in a space, drawn as a badge (``ring``: a portal) with a short text."""

    text: str
    fill: str | None
    ink: str
    words: str
    key: str
    ring: bool = False
    chip: bool = False  # a token lying there: a six-sided chip, unlike any figure's tag


@dataclass
class Figure:
    tag: str
    hero: bool
    fill: str
    dazed: bool
    huge: bool


@dataclass
class Station:
    """Draws the station of ``state`` on ``d`` with its top-left space at (``left``, ``top``)."""

    state: StarState
    d: ImageDraw.ImageDraw
    px: int
    left: int = MARGIN
    top: int = MARGIN
    hidden: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    """What the picture shows that the legend must explain (keys of :data:`.strip.LEGEND`)."""

    def __post_init__(self) -> None:
        self.b = E.board_of(self.state)
        self.row = self.px + 6
        self.point = self.row // 4  # how far a token chip's pointed ends reach out
        self.face = remembered_font(self.px)
        self.bold = remembered_font(self.px, bold=True)

    # -- geometry -------------------------------------------------------------------------------------
    def box(self, xy: B.XY) -> tuple[int, int, int, int]:
        x, y = xy
        left, top = self.left + x * CELL, self.top + y * CELL
        return left, top, left + CELL, top + CELL

    def centre(self, xy: B.XY) -> tuple[int, int]:
        box = self.box(xy)
        return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2

    def rows(self, xy: B.XY) -> list[int]:
        """The tops of the two text rows of a space."""
        box = self.box(xy)
        return [box[1] + 3, box[3] - 3 - self.row]

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, events: Sequence[Event]) -> None:
        self.coordinates()
        self.floors()
        self.changes(events)
        self.walls()
        marks, figures = self.contents()
        for xy in sorted(set(marks) | set(figures)):
            self.space(xy, marks.get(xy, []), figures.get(xy, []))
        self.outlines(events)

    def coordinates(self) -> None:
        for x in range(self.b.width):
            self.d.text(
                (self.left + x * CELL + CELL // 2, self.top // 2), chr(65 + x), font=self.face, fill=MUTED, anchor="mm"
            )
        for y in range(self.b.height):
            self.d.text(
                (self.left // 2, self.top + y * CELL + CELL // 2), str(y + 1), font=self.face, fill=MUTED, anchor="mm"
            )

    def floors(self) -> None:
        shuttle_of = {xy: crew for crew, spaces in self.b.shuttles.items() for xy in spaces}
        for xy, ch in self.b.cells.items():
            box = self.box(xy)
            if xy in shuttle_of:
                self.d.rectangle(box, fill="#2a2f3a", outline=CREW_COLOURS[shuttle_of[xy]], width=4)
            elif ch == "#":
                self.d.rectangle(box, fill=BLOCKED)
                self.d.line((box[0], box[1], box[2], box[3]), fill="#2c2f38", width=3)
                self.d.line((box[0], box[3], box[2], box[1]), fill="#2c2f38", width=3)
            else:
                self.d.rectangle(box, fill=TILE_FLOORS[self.b.tile_at.get(xy, 0) % len(TILE_FLOORS)])
                if ch == "S":  # a spawn point: a ring painted on the floor
                    self.seen.add("spawn")
                    self.d.arc((box[0] + 5, box[1] + 5, box[2] - 5, box[3] - 5), 0, 360, fill=SPAWN, width=3)
        if self.state.phase == "shuttle":
            self.free_slots(shuttle_of)

    def free_slots(self, taken: dict[B.XY, str]) -> None:
        """While crews claim slots, each free slot shows the number ``/starcadia claim`` takes."""
        for index, spaces in enumerate(self.b.shuttle_slot_spaces):
            if any(xy in taken for xy in spaces):
                continue
            boxes = [self.box(xy) for xy in spaces]
            left, top = min(x[0] for x in boxes), min(x[1] for x in boxes)
            right, bottom = max(x[2] for x in boxes), max(x[3] for x in boxes)
            self.d.rectangle((left + 3, top + 3, right - 3, bottom - 3), outline=HIGHLIGHT, width=3)
            words = f"slot {index + 1}" if right - left > bottom - top else f"slot\n{index + 1}"
            centre = ((left + right) // 2, (top + bottom) // 2)
            self.d.multiline_text(centre, words, font=self.bold, fill=HIGHLIGHT, anchor="mm", align="center")

    def walls(self) -> None:
        for xy in self.b.cells:
            x, y = xy
            for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                nb = (x + dx, y + dy)
                if (B.edge(xy, nb) in self.b.open_edges and nb in self.b.cells) or (nb in self.b.cells and nb < xy):
                    continue
                self.edge(xy, nb, WALL, 6)
        for door, (a, c) in self.b.doors.items():
            if self.state.doors.get(door, False):
                self.seen.add("door open")
                self.edge(a, c, DOOR_OPEN, 4, inset=24)
            else:
                self.seen.add("door shut")
                self.edge(a, c, DOOR_SHUT, 12, inset=6)

    def edge(self, a: B.XY, c: B.XY, colour: str, width: int, inset: int = 0) -> None:
        if a[0] != c[0]:  # a vertical edge between horizontal neighbours
            x, top = self.left + max(a[0], c[0]) * CELL, self.top + a[1] * CELL
            self.d.line((x, top + inset, x, top + CELL - inset), fill=colour, width=width)
        else:
            y, left = self.top + max(a[1], c[1]) * CELL, self.left + a[0] * CELL
            self.d.line((left + inset, y, left + CELL - inset, y), fill=colour, width=width)

    # -- what the update did ------------------------------------------------------------------------------
    def changes(self, events: Sequence[Event]) -> None:
        """Paths walked (a line with a square on every step, the start hollow, an arrow into the end) and
        attacks (a red arrow), under the figures."""
        for e in events:
            data = e.data or {}
            colour = MONSTER_PATH if data.get("monster") else PATH
            steps = [B.parse_space(s) for s in data.get("path", []) if isinstance(s, str)]
            pts = [self.centre(xy) for xy in steps if xy in self.b.cells]
            if len(pts) >= 2:
                self.seen.add("monster path" if data.get("monster") else "path")
                self.d.line(pts, fill=colour, width=5, joint="curve")
                for x, y in pts[1:-1]:
                    self.d.rectangle((x - 5, y - 5, x + 5, y + 5), fill=colour)
                x, y = pts[0]
                self.d.rectangle((x - 8, y - 8, x + 8, y + 8), outline=colour, width=3)
                self.arrow(pts[-2], pts[-1], colour, 14)
            line = [B.parse_space(s) for s in data.get("attack", []) if isinstance(s, str)]
            if len(line) == 2 and all(xy in self.b.cells for xy in line) and line[0] != line[1]:
                a, c = self.centre(line[0]), self.centre(line[1])
                self.seen.add("attack")
                self.d.line((*a, *c), fill=ATTACK, width=4)
                self.arrow(a, c, ATTACK, 22)

    def arrow(self, a: tuple[int, int], c: tuple[int, int], colour: str, back: int) -> None:
        ang = math.atan2(c[1] - a[1], c[0] - a[0])
        tip = (c[0] - back * math.cos(ang), c[1] - back * math.sin(ang))
        side = 16
        left = (tip[0] - side * math.cos(ang - 0.5), tip[1] - side * math.sin(ang - 0.5))
        right = (tip[0] - side * math.cos(ang + 0.5), tip[1] - side * math.sin(ang + 0.5))
        self.d.polygon([tip, left, right], fill=colour)

    def outlines(self, events: Sequence[Event]) -> None:
        """The active hero's space, the spaces this update named, and a pending decision's figures and options."""
        named: set[B.XY] = set()
        for e in events:
            named.update(B.parse_space(s) for s in SPACE_RE.findall(e.text))
            for key in ("path", "attack"):
                named.update(B.parse_space(s) for s in (e.data or {}).get(key, [])[-1:] if isinstance(s, str))
        for xy in named:
            if xy in self.b.cells:
                self.seen.add("named")
                box = self.box(xy)
                self.d.rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), outline="#ffffff", width=2)
        active = E.find_hero(self.state, self.state.act.hero) if self.state.act.hero else None
        if active is not None and active.pos:
            self.seen.add("active")
            self.d.rectangle(self.box(B.parse_space(active.pos)), outline=HIGHLIGHT, width=5)
        wait = self.state.wait
        if wait is None:
            return
        self.seen.add("decision")
        about = [E.find_monster(self.state, wait.monster), E.find_hero(self.state, wait.hero)]
        about += [E.find_monster(self.state, o) for o in wait.options]
        for fig in about:
            if fig is not None and fig.pos:
                box = self.box(B.parse_space(fig.pos))
                self.d.rectangle((box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), outline=DECISION, width=4)
        for option in wait.options:
            xy = B.parse_space(option)
            if xy in self.b.cells:
                box = self.box(xy)
                self.d.line((box[0] + 8, box[1] + 8, box[2] - 8, box[3] - 8), fill=DECISION, width=4)
                self.d.line((box[0] + 8, box[3] - 8, box[2] - 8, box[1] + 8), fill=DECISION, width=4)

    # -- contents of the spaces ------------------------------------------------------------------------------
    def contents(self) -> tuple[dict[B.XY, list[Mark]], dict[B.XY, list[Figure]]]:
        st = self.state
        marks: dict[B.XY, list[Mark]] = {}
        hackers: dict[str, list[str]] = {}
        for crew in st.crews:
            for space in crew.hacked:
                hackers.setdefault(space, []).append(CREW_LETTER[crew.colour])
        for xy in self.b.terminals:
            who = hackers.get(B.name(xy), [])
            if who:
                marks.setdefault(xy, []).append(
                    Mark("✓" + "".join(who), TERMINAL, "black", f"terminal hacked by {''.join(who)}", "hacked")
                )
            else:
                marks.setdefault(xy, []).append(Mark("T", None, TERMINAL, "terminal", "terminal"))
        portals = dict(self.b.portals)
        portals.update({B.parse_space(s): c for s, c in st.portal_tokens.items()})
        for xy, colour in sorted(portals.items()):
            text = "x" if colour in st.jammed else colour[0].upper()
            marks.setdefault(xy, []).append(
                Mark(
                    text,
                    None,
                    PORTAL_COLOURS[colour],
                    f"{colour} portal",
                    "jammed" if text == "x" else "portal",
                    ring=True,
                )
            )
        if st.armory_item and st.armory_space:
            marks.setdefault(B.parse_space(st.armory_space), []).append(self.token_mark("armory", 1))
        for space, toks in sorted(st.tokens.items()):
            kinds = [t.partition(":")[0] if t.startswith("quest:") else t for t in toks]
            for kind in dict.fromkeys(kinds):
                marks.setdefault(B.parse_space(space), []).append(self.token_mark(kind, kinds.count(kind), toks))
        figures: dict[B.XY, list[Figure]] = {}
        for h in st.heroes:
            if h.pos and not h.dead:
                fill = CREW_COLOURS[st.crews[h.seat].colour]
                figures.setdefault(B.parse_space(h.pos), []).append(
                    Figure(E.hero_tag(h.id), True, fill, h.dazed, False)
                )
        for m in st.monsters:
            fill = DAZED_FILL if m.dazed else MONSTER_FILL
            figures.setdefault(B.parse_space(m.pos), []).append(
                Figure(E.monster_tag(m), False, fill, m.dazed, E.mcard(m).huge)
            )
        return marks, figures

    @staticmethod
    def token_mark(kind: str, count: int, toks: Sequence[str] = ()) -> Mark:
        letter = TOKEN_LETTER.get(kind, kind[:1].upper())
        if kind == "quest":
            names = [t.partition(":")[2] for t in toks if t.startswith("quest:")]
            words = "quest token " + ", ".join(names)
        else:
            words = TOKEN_WORDS.get(kind, kind)
        text = letter if count == 1 else f"{letter}{count}"
        key = kind if count == 1 else "count"
        words = f"{count} {words}" if count > 1 else words
        return Mark(text, TOKEN_COLOUR.get(kind, MUTED), "black", words, key, chip=True)

    def space(self, xy: B.XY, marks: list[Mark], figures: list[Figure]) -> None:
        """One space: rows of marks, then one figure per row; what does not fit is listed as hidden."""
        rows = self.rows(xy)
        huge = [f for f in figures if f.huge]
        shown = huge[:1] if huge else figures[:2]
        free = 0 if huge else len(rows) - len(shown)
        left_over: list[str] = []
        placed = 0
        for row in rows[:free]:
            placed += self.mark_row(xy, row, marks[placed:])
        left_over += [m.words for m in marks[placed:]]
        box = self.box(xy)
        if huge:
            self.figure((box[0] + 3, rows[0], box[2] - 3, rows[-1] + self.row), shown[0])
        elif len(shown) == 1 and not marks:  # alone in its space: in the middle
            middle = (box[1] + box[3] - self.row) // 2
            self.figure((box[0] + 3, middle, box[2] - 3, middle + self.row), shown[0])
        else:
            for row, fig in zip(rows[free:], shown, strict=False):
                self.figure((box[0] + 3, row, box[2] - 3, row + self.row), fig)
        left_over += [f.tag for f in figures if f not in shown]
        if left_over:
            self.seen.add("more")
            where = B.name(xy)
            under = " under " + " and ".join(f.tag for f in shown) if shown else ""
            self.hidden.append(f"{where}: {', '.join(left_over)}{under}")
            box = self.box(xy)
            self.d.polygon(
                [(box[2] - 14, box[1] + 2), (box[2] - 2, box[1] + 2), (box[2] - 2, box[1] + 14)], fill="white"
            )

    def mark_row(self, xy: B.XY, top: int, marks: list[Mark]) -> int:
        """Marks side by side in one row, as many as fit; returns how many."""
        box = self.box(xy)
        x, end = box[0] + 4, box[2] - 4
        count = 0
        for mark in marks:
            width = self.row if mark.ring else int(self.d.textlength(mark.text, font=self.bold)) + 10
            if mark.chip:
                width += 2 * self.point
            if x + width > end:
                break
            rect = (x, top, x + width, top + self.row)
            if mark.ring:
                self.d.ellipse(rect, outline=mark.ink, width=4)
            elif mark.chip:  # its body as a rectangle (what a layout check records), then the pointed outline
                body = (rect[0] + self.point, rect[1], rect[2] - self.point, rect[3])
                self.d.rounded_rectangle(body, radius=0, fill=mark.fill)
                self.d.polygon(chip_outline(rect, self.point), fill=mark.fill, outline="black")
            else:
                self.d.rounded_rectangle(
                    rect, radius=5, fill=mark.fill, outline=mark.ink if mark.fill is None else None, width=3
                )
            self.d.text(
                ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2),
                mark.text,
                font=self.bold,
                fill=mark.ink,
                anchor="mm",
            )
            self.seen.add(mark.key)
            x += width + GAP
            count += 1
        return count

    def figure(self, rect: tuple[int, int, int, int], fig: Figure) -> None:
        """A hero as a round-ended tag in its crew's colour, a monster as a dark red square-cornered tag
        (hatched while dazed)."""
        radius = (rect[3] - rect[1]) // 2 if fig.hero else 4
        self.d.rounded_rectangle(
            rect, radius=radius, fill=fig.fill, outline="black" if fig.hero else "#ffb3c6", width=2
        )
        if fig.dazed:
            self.seen.add("dazed")
            for x in range(rect[0] + 6, rect[2] - 4, 12):
                self.d.line((x, rect[3] - 3, min(rect[2] - 3, x + 8), rect[1] + 3), fill="#b0a0a8", width=2)
        ink = "black" if fig.hero else "white"
        self.d.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), fig.tag, font=self.bold, fill=ink, anchor="mm")


def chip_outline(rect: tuple[int, int, int, int], point: int) -> list[tuple[int, int]]:
    """A token chip: a six-sided badge with pointed left and right ends (heroes are round-ended, monsters
    square-cornered, portals rings), so a recharge R never looks like a hero's tag."""
    left, top, right, bottom = rect
    middle = (top + bottom) // 2
    return [
        (left, middle),
        (left + point, top),
        (right - point, top),
        (right, middle),
        (right - point, bottom),
        (left + point, bottom),
    ]


def width_of(state: StarState) -> int:
    return 2 * MARGIN + E.board_of(state).width * CELL


def height_of(state: StarState) -> int:
    return 2 * MARGIN + E.board_of(state).height * CELL

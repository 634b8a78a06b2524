"""The panel under the board: the scenario and turn, a pending decision, each crew with its VT and its
heroes' wounds, life and ready upgrades, the monsters with their wounds, what crowded spaces hide, the
current quest, what still ends the scenario, and a legend of the board's symbols. All at the board's one
text size (11 px tall at 500 px wide)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState

from ..common import HIGHLIGHT, INK, MUTED, PANEL, remembered_font, wrap
from .palette import CREW_COLOURS, CREW_LETTER, DEAD_RED, DECISION

LEGEND = {
    "terminal": "T terminal",
    "hacked": "✓Y terminal hacked by yellow",
    "portal": "A C V portals by colour",
    "jammed": "x jammed portal",
    "spawn": "red ring: spawn point",
    "stimpack": "S stimpack",
    "hoverboard": "H hoverboard",
    "recharge": "R recharge",
    "victory": "V victory token",
    "quest": "Q quest token",
    "armory": "U armory item",
    "count": "S2: two stimpacks",
    "dazed": "hatched tag: dazed",
    "door shut": "thick orange bar: closed door",
    "door open": "thin green bar: open door",
    "path": "yellow line: the last move",
    "monster path": "pink line: a monster's move",
    "attack": "red arrow: an attack",
    "named": "white frame: named in the last update",
    "active": "yellow frame: the active hero",
    "decision": "pink: the decision's figures and options",
    "more": "white corner: more in that space (listed above)",
}
"""What each symbol on the board means, in the order the legend lists them (only those shown)."""

TOKEN_KEYS = {"stimpack", "hoverboard", "recharge", "victory", "quest", "armory", "count"}
"""The legend entries of tokens lying on the board (drawn as chips)."""


WAIT_LABEL = {
    "guard": "which guard attacks first",
    "payer": "which monster pays back",
    "monster": "the event monster's run",
    "shove": "where the hero is shoved",
    "place": "where the quest monster appears",
    "defend": "the defence choices",
}


def waiting(state: StarState) -> str:
    """Who must answer a decision in the middle of play, and what."""
    wait = state.wait
    if wait is not None and 0 <= wait.seat < len(state.seats):
        return f"Waiting for {state.seats[wait.seat][:14]}: {WAIT_LABEL.get(wait.kind, 'a decision')}"
    if state.payback is not None and 0 <= state.payback.seat < len(state.seats):
        m = E.find_monster(state, state.payback.monster)
        who = E.monster_tag(m) if m is not None else state.payback.monster
        return f"Waiting for {state.seats[state.payback.seat][:14]}: the Payback of {who}"
    if state.pending_event and state.pending_event in CONTENT.events:
        return f"Waiting for {state.seats[state.current][:14]}: event {CONTENT.events[state.pending_event].name}"
    return ""


def armory_line(state: StarState) -> str:
    """The armory item by name, where it lies (U on the board) and what it is."""
    card = CONTENT.upgrades[state.armory_item]
    what = [card.category] + ([f"{card.dice} dice"] if card.dice else [])
    return f"Armory U at {state.armory_space}: {card.name} ({', '.join(what)}), taken with pickup there"


@lru_cache(maxsize=512)
def wrapped_text(text: str, room: int, px: int, bold: bool) -> tuple[str, ...]:
    """``text`` wrapped to ``room`` pixels at ``px`` (cached: the legend and quests repeat every picture)."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return tuple(wrap(text, room, probe, remembered_font(px, bold=bold)))


@dataclass
class Line:
    text: str
    fill: str = INK
    bold: bool = False
    box: str | None = None  # a background behind the line (a pending decision)


@dataclass
class Strip:
    """The panel's lines for ``state``, laid out for a picture ``width`` wide."""

    state: StarState
    width: int
    px: int
    margin: int
    hidden: list[str]
    seen: set[str]

    def __post_init__(self) -> None:
        self.probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
        self.face, self.bold = remembered_font(self.px), remembered_font(self.px, bold=True)
        self.room = self.width - 2 * self.margin
        self.step = self.px + 10
        self.top_lines, self.bottom_lines = self.head(), self.monsters() + self.notes()

    def wrapped(self, text: str, fill: str = INK, *, bold: bool = False, limit: int = 99) -> list[Line]:
        lines = list(wrapped_text(text, self.room, self.px, bold))
        if len(lines) > limit:
            lines = [*lines[: limit - 1], self.cut(" ".join(lines[limit - 1 :]), self.room, bold)]
        return [Line(line, fill, bold) for line in lines]

    def cut(self, text: str, room: float, bold: bool = False) -> str:
        face = self.bold if bold else self.face
        if self.probe.textlength(text, font=face) <= room:
            return text
        while text and self.probe.textlength(text + "…", font=face) > room:
            text = text[:-1]
        return text + "…"

    def head(self) -> list[Line]:
        st = self.state
        sc = CONTENT.scenarios[st.scenario]
        count = f"turn {st.turn_no} of {st.turn_limit}" if st.turn_limit else f"turn {st.turn_no}"
        if st.phase == "play":
            now = f"{count}: {st.seats[st.current][:14]} to play"
        else:
            now = st.phase
            if st.winners:
                now += " · won by " + " & ".join(st.seats[s][:14] for s in st.winners if s < len(st.seats))
        lines = self.wrapped(f"Scenario {sc.id}: {sc.title} · {now}", HIGHLIGHT, bold=True, limit=2)
        ask = waiting(st)
        if ask:
            lines.append(Line(self.cut(ask, self.room - 16, True), "black", True, DECISION))
        return lines

    def monsters(self) -> list[Line]:
        parts = []
        for m in self.state.monsters:
            life = E.mstats(m)[0]
            parts.append(f"{E.monster_tag(m)} {m.pos} {m.wounds}/{life}" + (" dazed" if m.dazed else ""))
        if not parts:
            return []
        return self.wrapped("Monsters (wounds/life): " + " · ".join(parts), INK, limit=3)

    def notes(self) -> list[Line]:
        st = self.state
        lines = []
        if self.hidden:
            lines += self.wrapped("Also in crowded spaces: " + "; ".join(self.hidden), INK, limit=3)
        if st.armory_item in CONTENT.upgrades and st.armory_space:
            lines += self.wrapped(armory_line(st), INK, limit=2)
        q = E.current_pve(st)
        quest = f"Quest {st.pve_index + 1}/{len(st.pve)}: {q.name} - {q.text}" if q else "All PvE quests done"
        lines += self.wrapped(quest, MUTED, limit=2)
        if st.phase == "play":
            lines += self.wrapped(E.end_condition(st), INK, limit=2)
        shown = [words for key, words in LEGEND.items() if key in self.seen]
        if shown:
            chips = ", pointed chips tokens" if self.seen & TOKEN_KEYS else ""
            head = f"Key: round tags heroes, square tags monsters{chips} · "
            lines += self.wrapped(head + " · ".join(shown), MUTED)
        return lines

    def crew_rows(self) -> int:
        return len(self.state.crews) + (1 if any(c.heroes for c in self.state.crews) else 0)

    def height(self) -> int:
        lines = len(self.top_lines) + len(self.bottom_lines) + self.crew_rows()
        return 24 + lines * self.step

    def draw(self, d: ImageDraw.ImageDraw, top: int) -> None:
        d.rectangle((0, top, self.width, top + self.height()), fill=PANEL)
        y = top + 12
        for line in self.top_lines:
            y = self.line(d, y, line)
        y = self.crews(d, y)
        for line in self.bottom_lines:
            y = self.line(d, y, line)

    def line(self, d: ImageDraw.ImageDraw, y: int, line: Line) -> int:
        face = self.bold if line.bold else self.face
        if line.box is not None:
            w = d.textlength(line.text, font=face)
            d.rectangle((self.margin - 6, y - 3, self.margin + w + 8, y + self.px + 5), fill=line.box)
        d.text((self.margin, y), line.text, font=face, fill=line.fill)
        return y + self.step

    def crews(self, d: ImageDraw.ImageDraw, y: int) -> int:
        st = self.state
        if not any(c.heroes for c in st.crews):
            for crew in st.crews:
                y = self.crew_name(d, y, crew.seat, self.room)
            return y
        swatch = self.px + 6
        name_w = min(int(self.probe.textlength("MMMMMMM 99 VT", font=self.bold)), self.room // 4)
        hero_w = (self.room - swatch - 10 - name_w) // 2
        x0 = self.margin + swatch + 10 + name_w
        for i in range(2):
            caption = self.cut("hero  wounds/life  ready", hero_w - 12)
            d.text((x0 + i * hero_w, y), caption, font=self.face, fill=MUTED)
        y += self.step
        for crew in st.crews:
            self.crew_name(d, y, crew.seat, name_w + swatch + 10)
            for i, hid in enumerate(crew.heroes):
                text, fill = self.hero_text(hid)
                d.text((x0 + i * hero_w, y), self.cut(text, hero_w - 12), font=self.face, fill=fill)
            y += self.step
        return y

    def crew_name(self, d: ImageDraw.ImageDraw, y: int, seat: int, room: int) -> int:
        crew = self.state.crews[seat]
        now = self.state.phase == "play" and seat == self.state.current
        swatch = self.px + 6
        if now:
            d.rectangle(
                (self.margin - 8, y - 4, self.width - self.margin + 8, y + self.px + 6), outline=HIGHLIGHT, width=2
            )
        d.rectangle((self.margin, y - 2, self.margin + swatch, y - 2 + swatch), fill=CREW_COLOURS[crew.colour])
        centre = (self.margin + swatch // 2, y - 2 + swatch // 2)
        d.text(centre, CREW_LETTER[crew.colour], font=self.bold, fill="black", anchor="mm")
        face: ImageFont.FreeTypeFont = self.bold if now else self.face
        who = self.cut(f"{self.state.seats[seat][:14]} {crew.vt} VT", room - swatch - 20, now)
        d.text((self.margin + swatch + 10, y), who, font=face, fill=HIGHLIGHT if now else INK)
        return y + self.step

    def hero_text(self, hid: str) -> tuple[str, str]:
        h = E.find_hero(self.state, hid)
        tag, short = E.hero_tag(hid), E.hero_name(h).split()[-1]
        if h.dead:
            return f"{tag} {short} DEAD", DEAD_RED
        ready = sum(1 for u in h.upgrades if not u.exhausted)
        daze = " dazed" if h.dazed else ""
        extra = f" +{len(h.gadgets)}g" if h.gadgets else ""
        return f"{tag} {short} {h.wounds}/{E.hero_life(h)}{daze} {ready}/{len(h.upgrades)}{extra}", INK

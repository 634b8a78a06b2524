"""Above and below the Endure map: the title (mission, round, whose turn, WIN or LOSS and why), the crew
table (health, resolve, wounds, actions, what each carries), boss health, a close-up of every zone too
small for its tokens, and a legend of the symbols on this board."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw, ImageFont

from rules.endure.content import board as board_of
from rules.endure.content import content
from rules.endure.state import EndureState, Survivor
from rules.endure.words import class_tag

from ..common import wrap
from .style import (
    BACKGROUND,
    CHIP,
    DOOR_OPEN,
    DOOR_SHUT,
    HIGHLIGHT,
    INK,
    LOSS,
    MARGIN,
    MUTED,
    OPENING,
    PANEL,
    TEXT,
    TITLE,
    WIDTH,
    WIN,
    face,
    fit,
    length,
    seat_colour,
)
from .tokens import FOES, Token, acting, draw, zone_tokens

LINE = TEXT + 12
"""One row of the crew table."""


class Dry:
    """Stands in for an ImageDraw while a section is measured: lengths of text are real, drawing does nothing."""

    def textlength(self, text: str, font: ImageFont.FreeTypeFont, *args: object, **kwargs: object) -> float:
        return length(text, font)

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


class Sheet:
    """Where a section of the board is written, from a height downwards (``y`` grows as it goes)."""

    def __init__(self, d: ImageDraw.ImageDraw | Dry, y: int = 0) -> None:
        self.d = d
        self.y = y

    def line(self, text: str, *, size: int = TEXT, bold: bool = False, colour: str = INK) -> None:
        """Text across the sheet, wrapped to as many lines as it needs."""
        typeface = face(size, bold=bold)
        for part in wrap(text, WIDTH - 2 * MARGIN, self.d, typeface):
            self.d.text((MARGIN, self.y), part, font=typeface, fill=colour)
            self.y += typeface.size + 10


# -- the title ---------------------------------------------------------------------------------------------------


def ending(st: EndureState) -> tuple[str, str]:
    """'WIN' or 'LOSS', and why, for a finished game."""
    verdict = "WIN" if st.result == "win" else "LOSS"
    why = st.summary.replace(" The mission has failed.", "").strip()
    return verdict, why or ("Mission complete." if verdict == "WIN" else "The mission has failed.")


def whose_turn(st: EndureState) -> str:
    c = content()
    if st.offer is not None:
        taker = st.survivors[st.offer.taker]
        return f"Trade offer: {c.survivors[taker.key].name} ({st.seats[taker.seat]}) must answer"
    now = acting(st)
    if now < 0:
        return f"Phase: {st.phase}"
    s = st.survivors[now]
    moves = f", {s.free_moves} free move(s)" if s.free_moves else ""
    return f"{c.survivors[s.key].name} ({st.seats[s.seat]}) acts: {s.actions} action(s) left{moves}"


def title(sheet: Sheet, st: EndureState) -> None:
    """Mission and round; who acts now, or WIN or LOSS and why; the event in play and the exits."""
    c = content()
    sheet.y += 10
    mission = c.missions[st.mission]
    big = face(TITLE, bold=True)
    right = f"Round {st.round}"
    rw = length(right, big)
    sheet.d.text((MARGIN, sheet.y), fit(f"{mission.key} {mission.name}", big, WIDTH - 2 * MARGIN - rw - 20),
                 font=big, fill=HIGHLIGHT)  # fmt: skip
    sheet.d.text((WIDTH - MARGIN - rw, sheet.y), right, font=big, fill=INK)
    sheet.y += TITLE + 12
    if st.phase == "over":
        verdict, why = ending(st)
        sheet.line(f"{verdict}: {why}", size=TITLE, bold=True, colour=WIN if verdict == "WIN" else LOSS)
    else:
        sheet.line(whose_turn(st), size=TEXT + 2, bold=True)
    notes = []
    if st.event and st.event in c.events:
        notes.append(f"Event: {c.events[st.event].name}")
    if mission.exits:
        notes.append(f"Exit {', '.join(mission.exits)} {'open' if st.exits_open else 'locked'}")
    if notes:
        sheet.line(" · ".join(notes), colour=MUTED)


# -- the crew ----------------------------------------------------------------------------------------------------

COLUMNS = [("Survivor", 48), ("Health", 300), ("Resolve", 394), ("Wounds", 506), ("Acts", 652), ("Carrying", 716)]
AT = dict(COLUMNS)
STEP = TEXT + 6
"""From one line of a row to the next (a row may take several lines)."""


def column_width(x: int) -> int:
    """How wide the column starting at ``x`` is (to the next column, or to the panel's edge)."""
    starts = [at for _, at in COLUMNS] + [WIDTH - 2 * MARGIN]
    return starts[starts.index(x) + 1] - x - 10


def stack(parts: list[str], typeface: ImageFont.FreeTypeFont, width: int, sep: str) -> list[str]:
    """``parts`` joined with ``sep`` into lines no wider than ``width``; a part is never cut between lines
    (only a single part wider than the whole column is shortened)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]}{sep}{part}" if lines else part
        if lines and length(joined, typeface) <= width:
            lines[-1] = joined
        else:
            if lines:
                lines[-1] += sep.rstrip()
            lines.append(fit(part, typeface, width))
    return lines or ["-"]


def crew(sheet: Sheet, st: EndureState) -> None:
    """One row per survivor: token, name and player, health, resolve, wounds, actions, what it carries.
    Wounds and kit take as many lines as they need, whole names only."""
    c = content()
    bold, plain = face(bold=True), face()
    rows = []
    for i, s in enumerate(st.survivors):
        wounds = stack(_status(s), plain, column_width(AT["Wounds"]), " ")
        kit = stack(carried_names(st, i), plain, column_width(AT["Carrying"]), ", ")
        rows.append((wounds, kit, max(len(wounds), len(kit))))
    top = sheet.y
    height = LINE + sum(LINE + (n - 1) * STEP for *_, n in rows) + 12
    sheet.d.rectangle((MARGIN - 8, top, WIDTH - MARGIN + 8, top + height), fill=PANEL)
    y = top + 6
    for head, x in COLUMNS:
        sheet.d.text((MARGIN + x, y), head, font=bold, fill=MUTED)
    y += LINE
    now = acting(st)
    for i, s in enumerate(st.survivors):
        card = c.survivors[s.key]
        ink = INK if s.alive else MUTED
        if s.alive and not s.exited:
            token = Token("acting" if i == now else "survivor", class_tag(card.klass), seat_colour(s.seat), card.name)
            draw(sheet.d, token, MARGIN, y - 5)
        player = st.seats[s.seat] if 0 <= s.seat < len(st.seats) else "?"
        typeface = bold if i == now else plain
        name = f"{card.name} ({player})"
        name = name if length(name, typeface) <= 246 else fit(card.name, typeface, 246)
        sheet.d.text((MARGIN + 48, y), name, font=typeface, fill=ink)
        wounds, kit, n = rows[i]
        cells = {
            AT["Health"]: [f"{max(0, s.health)}/{s.max_health}" if s.alive else "dead"],
            AT["Resolve"]: [str(s.resolve) if s.alive else "-"],
            AT["Wounds"]: wounds,
            AT["Acts"]: [str(s.actions) if i == now else "-"],
            AT["Carrying"]: kit,
        }
        for x, lines in cells.items():
            for k, text in enumerate(lines):
                sheet.d.text((MARGIN + x, y + k * STEP), text, font=plain, fill=ink)
        y += LINE + (n - 1) * STEP
    sheet.y = top + height + 12


def _status(s: Survivor) -> list[str]:
    """Wounds and conditions, in words ('left the map', 'head leg', 'stunned')."""
    if not s.alive:
        return []
    words = ["left the map"] if s.exited else []
    return words + list(s.injuries) + ["stunned"] * bool(s.stunned) + ["frozen"] * bool(s.frozen)


def carried_names(st: EndureState, i: int) -> list[str]:
    """Objectives first, then the Loader, then the kit."""
    c = content()
    s = st.survivors[i]
    kit = [f"{o.colour} objective" for o in st.objectives if o.carried_by == i and not o.delivered]
    if st.loader_pilot == i:
        kit.append("in the Loader")
    kit += [c.items[it.card].name for pile in s.slots for it in pile if it.card in c.items]
    kit += [c.items[it.card].name for it in s.body + s.head if it.card in c.items]
    return kit


# -- notes and legend --------------------------------------------------------------------------------------------


def notes(sheet: Sheet, st: EndureState) -> None:
    """Boss health and breakable objectives."""
    c = content()
    tops = {b.enemy: b.max_hp for b in st.bosses}
    for e in st.enemies:
        if e.id in tops or c.enemies[e.kind].boss:
            top = tops.get(e.id, c.enemies[e.kind].health)
            state = " (stunned)" if e.stunned else ""
            sheet.line(f"{c.enemies[e.kind].name} in {e.zone}: {max(0, e.hp)}/{top} health{state}", bold=True)
    breakable: dict[tuple[str, str], list[str]] = {}
    for o in st.objectives:
        if not o.done and o.hp > 0:
            breakable.setdefault((o.colour, o.zone), []).append(str(o.hp))
    for (colour, zone), hps in sorted(breakable.items()):
        what = f"{len(hps)} {colour} objectives" if len(hps) > 1 else f"The {colour} objective"
        sheet.line(f"{what} in {zone}: {' and '.join(hps)} health left to break.")


def close_ups(sheet: Sheet, crowded: dict[str, list[Token]]) -> None:
    """Each zone too small for its tokens, in full: its name, then every token it holds, in rows."""
    bold = face(bold=True)
    for zid, tokens in sorted(crowded.items()):
        x, y = MARGIN, sheet.y
        sheet.d.text((x, y + CHIP // 2), f"{zid}:", font=bold, fill=HIGHLIGHT, anchor="lm")
        start = x + int(length(f"{zid}:", bold)) + 10
        x = start
        for token in tokens:
            if x + token.width > WIDTH - MARGIN:
                x, y = start, y + CHIP + 6
            draw(sheet.d, token, x, y)
            x += token.width + 6
        sheet.y = y + CHIP + 10


def legend_entries(st: EndureState) -> list[tuple[Token | None, str]]:
    """A sample of every kind of token on this board, with what it means."""
    seen: dict[tuple[str, str, str], Token] = {}
    for tokens in zone_tokens(st).values():
        for t in tokens:
            seen.setdefault((t.kind, "" if t.kind == "noise" else t.label, t.mark), t)  # one noise sample
    samples = sorted(seen.values(), key=lambda t: (ORDER.index(t.kind), t.label, t.mark))
    entries: list[tuple[Token | None, str]] = []
    for t in samples:
        if t.kind == "survivor":
            continue
        one = Token(t.kind, t.label, t.colour, t.meaning, 1, t.mark)
        if t.kind in FOES:
            extra = {"boss": " (boss)", "stunned": " (stunned)", "ally": " (friendly)"}.get(t.kind, "")
            entries.append((one, t.meaning + extra + (", the marked target" if t.mark == "!" else "")))
        else:
            entries.append((one, MEANINGS[t.kind].format(t=t, open="open" if st.exits_open else "locked")))
    counted = [t for tokens in zone_tokens(st).values() for t in tokens if t.kind in FOES and t.count > 1]
    if counted:
        t = counted[0]
        entries.append((None, f"a number first counts them: {t.tag} is {t.words()}"))
    tile, _, letter = min(board_of(st.mission).zones).partition("-")
    entries.append((None, f"zone names: tile + letter, {tile} + {letter} = {tile}-{letter}"))
    return entries


ORDER = ["acting", "survivor", "boss", "enemy", "stunned", "ally", "marked", "radar", "noise", "objective"]
ORDER += ["loader", "exit"]
MEANINGS = {
    "acting": "acting now",
    "marked": "contact with the marked target",
    "radar": "radar contact (face down)",
    "noise": "noise and its level",
    "objective": "{t.meaning} objective",
    "loader": "Exo Loader",
    "exit": "exit ({open})",
}


def legend(sheet: Sheet, st: EndureState, changed: bool) -> None:
    """The symbols on this board, each beside its sample, in rows."""
    plain = face()
    x, y = MARGIN, sheet.y + 4
    row = CHIP + 10

    def place(width: int) -> None:
        nonlocal x, y
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, y = MARGIN, y + row

    for token, text in legend_entries(st):
        sample = token.width + 8 if token else 0
        tw = int(length(text, plain))
        place(sample + tw)
        if token is not None:
            draw(sheet.d, token, x, y)
        sheet.d.text((x + sample, y + CHIP // 2), text, font=plain, fill=INK, anchor="lm")
        x += sample + tw + 28
    for line_sample, text in _line_samples(changed):
        tw = int(length(text, plain))
        place(52 + tw)
        line_sample(sheet.d, x, y + CHIP // 2)
        sheet.d.text((x + 52, y + CHIP // 2), text, font=plain, fill=INK, anchor="lm")
        x += 52 + tw + 28
    sheet.y = y + row


def _line_samples(changed: bool) -> list[tuple[Callable[[ImageDraw.ImageDraw, int, int], None], str]]:
    """Doors, passages and the frame of a changed zone, each drawn 40 px long around height ``mid``."""

    def door_open(d: ImageDraw.ImageDraw, x: int, mid: int) -> None:
        d.rectangle((x, mid - 5, x + 40, mid + 5), fill=BACKGROUND, outline=DOOR_OPEN, width=3)

    def door_shut(d: ImageDraw.ImageDraw, x: int, mid: int) -> None:
        d.rectangle((x, mid - 5, x + 40, mid + 5), fill=DOOR_SHUT, outline="#000000")

    def passage(d: ImageDraw.ImageDraw, x: int, mid: int) -> None:
        for k in range(0, 40, 16):
            d.line((x + k, mid, x + k + 8, mid), fill=OPENING, width=3)

    def frame(d: ImageDraw.ImageDraw, x: int, mid: int) -> None:
        d.rectangle((x, mid - CHIP // 2 + 2, x + 40, mid + CHIP // 2 - 2), outline=HIGHLIGHT, width=4)

    samples = [(door_open, "door open"), (door_shut, "door shut"), (passage, "open between zones")]
    return [*samples, (frame, "changed by the last move")] if changed else samples


def line_labels() -> list[str]:
    """The words of every line sample the legend can show (the changed-zone frame included)."""
    return [text for _, text in _line_samples(True)]


def below(sheet: Sheet, st: EndureState, crowded: dict[str, list[Token]], changed: bool) -> None:
    """Everything under the map: the crew table, notes and the legend."""
    sheet.y += 8
    crew(sheet, st)
    notes(sheet, st)
    close_ups(sheet, crowded)
    legend(sheet, st, changed)
    sheet.y += 8

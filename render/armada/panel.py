"""Around the map: the title (round, phase, who acts now, or WIN/LOSS and why), the notices the table
waits on, the captains table (where, Shield, Hull, credits, crew, what each must do) and the last
update's events."""

from __future__ import annotations

from PIL import ImageDraw

from rules.armada import SYSTEM
from rules.armada.choices import split_name
from rules.armada.planning import trade_text
from rules.armada.state import State
from rules.core.grammar import count

from .changes import Changes
from .style import (
    BANNER_FILL,
    CRITICAL,
    ENEMY,
    GOOD,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MUTED,
    PANEL,
    TEXT,
    TITLE,
    WIDTH,
    cut,
    disc,
    face,
    fit,
    length,
    seat_colour,
    wrap,
)

PHASES = {
    "planning": "Planning",
    "encounter": "Encounter",
    "resolution": "Resolution",
    "ambush": "Savior's ambush",
    "over": "Game over",
}
ROW = TEXT + 16
"""One row of the captains table."""


def notices(state: State) -> list[str]:
    """What the table is waiting on outside a fight: a trade offer, a fall-back, a split, a vote."""
    out = []
    t = state.trade
    if t is not None:
        out.append("TRADE OFFER: " + trade_text(state, t))
    for r in state.retreats:
        out.append(
            f"{state.seats[r.seat]} chooses where to fall back from {r.origin} (now at {state.players[r.seat].planet})"
        )
    sp = state.split
    if sp is not None:
        shares = ", ".join(f"{state.seats[m]} {n}" for m, n in zip(sp.members, sp.shares, strict=True))
        name = split_name(sp).upper()
        out.append(f"{name} SPLIT of {sp.total}: {shares} - accepted by {len(sp.accepted)}/{len(sp.members)}")
    c = state.combat
    if c is not None:
        for seat, n in c.knockouts.items():
            if 0 <= seat < len(state.seats):
                out.append(
                    f"{state.seats[seat]} picks {count(n, 'knocked-out crew die')} for the Infirmary (/armada answer)"
                )
    v = state.vote
    if v is not None:
        tied = " / ".join(state.seats[s] for s in v.tied)
        out.append(f"VOTE on event {v.event}: {tied} - {len(v.votes)}/{len(v.voters)} votes cast")
    return out[:3]


def acting(state: State) -> list[int]:
    """The seats the game waits on now."""
    return list(dict.fromkeys(p.seat for p in SYSTEM.pending(state)))


def verdict(state: State) -> tuple[str, str] | None:
    """The end title's first words and colour: WIN or LOSS (or the Savior's win)."""
    if state.result == "win":
        return "WIN", GOOD
    if state.result == "loss":
        return "LOSS", ENEMY
    if state.result == "savior":
        name = state.seats[state.savior] if 0 <= state.savior < len(state.seats) else "the Savior"
        return f"LOSS: the Galactic Savior {name} wins", ENEMY
    return None


def title(d: ImageDraw.ImageDraw, state: State, y: int, headline: str = "", reserve: int = 0) -> int:
    """The title lines from ``y`` (``reserve`` pixels kept free on the right); returns the y below them."""
    room = WIDTH - 2 * MARGIN - reserve
    end = verdict(state)
    big = face(TITLE, bold=True)
    if end is not None:
        words, colour = end
        d.text((MARGIN, y), fit(d, f"{words} · round {state.round}", big, room), font=big, fill=colour)
        y += TITLE + 12
        for part in wrap(state.reason or "", room, face(TEXT, bold=True))[:2]:
            d.text((MARGIN, y), part, font=face(TEXT, bold=True), fill=INK)
            y += LINE
        return y + 4
    head = headline or f"Round {state.round} · {PHASES.get(state.phase, state.phase)}"
    d.text((MARGIN, y), fit(d, head, big, room), font=big, fill=HIGHLIGHT)
    y += TITLE + 12
    seats = acting(state)
    if seats:
        who = ", ".join(state.seats[s] for s in seats)
        if length(f"Now: {who}", face(TEXT, bold=True)) > room:
            who = f"{len(seats)} captains (TO ACT below)"
        d.text(
            (MARGIN, y),
            fit(d, f"Now: {who}", face(TEXT, bold=True), room),
            font=face(TEXT, bold=True),
            fill=INK,
        )
        y += LINE
    return y + 4


def banners(d: ImageDraw.ImageDraw, lines: list[str], y: int) -> int:
    """The choices the table waits on, one yellow box each; returns the y below them."""
    typeface = face(TEXT, bold=True)
    for line in lines:
        parts = wrap(line, WIDTH - 2 * MARGIN - 24, typeface)[:3]
        h = len(parts) * LINE + 10
        d.rectangle((MARGIN - 6, y, WIDTH - MARGIN + 6, y + h), fill=BANNER_FILL, outline=HIGHLIGHT, width=3)
        for k, part in enumerate(parts):
            d.text((MARGIN + 6, y + 6 + k * LINE), part, font=typeface, fill=HIGHLIGHT)
        y += h + 6
    return y


COLUMNS = [("Captain", 60, 236), ("At", 304, 128), ("Shield", 440, 80), ("Hull", 526, 108), ("Credits", 640, 100)]
COLUMNS += [("Crew", 752, 96), ("Now", 856, 128)]


def captains(d: ImageDraw.ImageDraw, state: State, y: int, ch: Changes, seats: list[int] | None = None) -> int:
    """One row per captain; returns the y below the table."""
    rows = list(range(len(state.players))) if seats is None else seats
    head = face(TEXT, bold=True)
    for name, x, _ in COLUMNS:
        d.text((x, y), name, font=head, fill=MUTED)
    y += ROW - 4
    now = set(acting(state))
    for seat in rows:
        p = state.players[seat]
        if seat in now:
            d.rectangle((MARGIN - 8, y - 2, WIDTH - MARGIN + 8, y + ROW - 4), fill=PANEL, outline=HIGHLIGHT, width=3)
        ring = ENEMY if seat in ch.hits else (HIGHLIGHT if seat in ch.moved else None)
        disc(
            d,
            36,
            y + ROW / 2 - 3,
            str(seat + 1) + ("!" if p.critical else ""),
            CRITICAL if p.critical else seat_colour(seat),
            r=15,
            square=seat == state.savior,
            ring=ring if seat not in now else None,
        )
        cells = _row(state, seat, ch, seat in now)
        for (text, colour, bold), (_, x, w) in zip(cells, COLUMNS, strict=True):
            typeface = face(TEXT, bold=bold)
            d.text((x, y + 5), fit(d, text, typeface, w), font=typeface, fill=colour)
        y += ROW
    return y + 4


def _row(state: State, seat: int, ch: Changes, turn: bool) -> list[tuple[str, str, bool]]:
    from rules.armada.content import CONTENT as C

    p = state.players[seat]
    name = f"{state.seats[seat]} · {C.ships[p.ship].name}"
    crew = [x for x in state.dice if (x.home if x.home >= 0 else x.owner) == seat]
    hurt = sum(1 for x in crew if x.loc == "infirmary")
    hull = f"{max(p.hull, 0)}/{p.max_hull}" + (f" −{ch.hits[seat]}" if seat in ch.hits else "")
    if p.out:
        status, colour = "OUT", ENEMY
    elif turn and state.phase == "planning" and state.combat is None and state.mission is None and p.actions:
        status, colour = count(p.actions, "action"), HIGHLIGHT
    elif turn:
        status, colour = "TO ACT", HIGHLIGHT
    elif p.critical:
        status, colour = "CRITICAL", ENEMY
    elif state.phase == "planning" and p.done:
        status, colour = "done", MUTED
    elif seat == state.savior:
        status, colour = "SAVIOR", ENEMY
    else:
        status, colour = "-", MUTED
    hull_colour = ENEMY if p.critical or seat in ch.hits else INK
    return [
        (name, seat_colour(seat), True),
        (p.planet, HIGHLIGHT if seat in ch.moved else INK, seat in ch.moved),
        (f"{max(p.shield, 0)}/{p.max_shield}", INK, False),
        (hull, hull_colour, seat in ch.hits or p.critical),
        (str(p.credits), INK, False),
        (f"{len(crew)}" + (f", {hurt} hurt" if hurt else ""), INK, False),
        (status, colour, True),
    ]


def _last_lines(ch: Changes, room: int) -> tuple[list[str], bool]:
    """The newest whole events of the last update that fit in ``room`` wrapped lines (the newest one cut if
    it alone is longer), and whether older ones were left out."""
    typeface = face(TEXT)
    lines: list[str] = []
    for line in reversed(ch.lines):
        parts = list(wrap(line, WIDTH - 2 * MARGIN, typeface))
        if len(lines) + len(parts) > room:
            if not lines:  # the newest event alone is too long: its beginning
                lines = [*parts[: room - 1], cut(" ".join(parts[room - 1 :]), typeface, WIDTH - 2 * MARGIN)]
            return lines, True
        lines[:0] = parts
    return lines, False


def latest(d: ImageDraw.ImageDraw, ch: Changes, y: int, room: int = 5) -> int:
    """The last update's public events (the newest ``room`` lines); returns the y below them."""
    if not ch.lines:
        return y
    lines, cut = _last_lines(ch, room)
    head = "Just happened" + (" (the latest; all of it is in the chat)" if cut else "")
    d.text((MARGIN, y), head, font=face(TEXT, bold=True), fill=HIGHLIGHT)
    y += LINE
    for part in lines:
        d.text((MARGIN, y), part, font=face(TEXT), fill=INK)
        y += LINE
    return y + 4

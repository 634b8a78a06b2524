"""Quasar Search pictures: the public table (``board``) and a player's private hand (``hand_picture``).

The board shows the mission, the Act and the current Challenge with its Target, Morale, Energy and
the Lost in Space left, the cards confronting once revealed (who has committed while they are
secret), each player's Rank, tokens and card counts, and the Warp and Sensors Zones. Hidden cards
are never drawn: the board only counts hands and decks, and a private hand is its own picture.
Every text is at least 22 px on a 960 px picture, so it reads at 500 px wide.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from rules.core import Event
from rules.quasar.content import LIS, content
from rules.quasar.flow import current_act
from rules.quasar.layers import hand_size, value_of
from rules.quasar.rank import rank_order, rank_value, team_leader
from rules.quasar.state import QuasarState, owned_key
from rules.quasar.targets import cards_of, evaluate, target_text
from rules.quasar.text import PHASE_NAMES, card_lines
from rules.quasar.zones import active_projects, cards_in, hand, lis_supply

from .common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, font, to_png, wrap

WIDTH = 960
MARGIN = 24
GOOD = "#009E73"
BAD = "#D55E00"
CARD = "#2b3040"
LOST = "#4a2430"
CARD_W, CARD_H = 208, 118


def _fit(d: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` pixels."""
    if d.textlength(text, font=face) <= width:
        return text
    while text and d.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _lines(d: ImageDraw.ImageDraw, x: int, y: int, texts: Sequence[str], face, width: int, fill: str = INK) -> int:
    """Wrapped lines from ``y``; returns the y below them."""
    step = int(face.size * 1.3)
    for text in texts:
        for line in wrap(text, width, d, face):
            d.text((x, y), line, font=face, fill=fill)
            y += step
    return y


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, seat: int, name: str, size: int = 40) -> None:
    """A round token in the seat's colour with the player's initial (colour is never the only clue)."""
    d.ellipse((x, y, x + size, y + size), fill=_seat_colour(seat), outline=INK, width=2)
    d.text(
        (x + size / 2, y + size / 2), (name[:1] or "?").upper(), font=font(22, bold=True), fill="#111111", anchor="mm"
    )


def _header(d: ImageDraw.ImageDraw, st: QuasarState) -> int:
    c = content()
    mission = c.missions[st.mission]
    act = current_act(st)
    act_name = c.cards[st.cards[act].key].name if act else ""
    title = f"{mission.name} · Act {st.act}/{len(mission.acts)}" + (f": {act_name}" if act_name else "")
    d.text(
        (MARGIN, 18), _fit(d, title, font(30, bold=True), WIDTH - 2 * MARGIN), font=font(30, bold=True), fill=HIGHLIGHT
    )
    phase = PHASE_NAMES.get(st.phase, st.phase)
    leader = st.seats[team_leader(st)] if st.act else "-"
    sub = f"{phase} · Team Leader: {leader}"
    d.text((MARGIN, 60), _fit(d, sub, font(22), WIDTH - 2 * MARGIN), font=font(22), fill=MUTED)
    y = 100
    # Morale bar, energy and the Lost in Space supply
    d.text((MARGIN, y), f"Morale {st.morale}/{st.morale_start}", font=font(24, bold=True), fill=INK)
    bar_x, bar_w = MARGIN + 220, 300
    d.rectangle((bar_x, y + 4, bar_x + bar_w, y + 26), fill=PANEL, outline=MUTED)
    share = 0 if not st.morale_start else max(0, min(1, st.morale / st.morale_start))
    colour = GOOD if share > 0.5 else (HIGHLIGHT if share > 0.25 else BAD)
    if share:
        d.rectangle((bar_x + 2, y + 6, bar_x + 2 + int((bar_w - 4) * share), y + 24), fill=colour)
    d.text((bar_x + bar_w + 24, y), f"Energy {st.energy}", font=font(24, bold=True), fill=INK)
    d.text((bar_x + bar_w + 190, y), f"LiS left {len(lis_supply(st))}", font=font(24), fill=MUTED)
    y += 40
    acts = " ".join("✓" if r == "success" else "✗" for r in st.acts) or "none yet"
    rounds = " ".join("✓" if r == "success" else "✗" for r in st.rounds) or "none yet"
    goal = c.cards[st.cards[act].key].goal if act else 0
    line = f"Acts won: {acts}   This Act: {rounds} ({st.wins} of {goal} needed)" if act else f"Acts: {acts}"
    d.text((MARGIN, y), _fit(d, line, font(22), WIDTH - 2 * MARGIN), font=font(22), fill=INK)
    return y + 40


def _challenge(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    c = content()
    box_top = y
    if st.challenge:
        key = st.cards[st.challenge].key
        card = c.cards[key]
        inner = WIDTH - 2 * MARGIN - 32
        lines_y = y + 14
        head = f"Challenge {st.round}: {card.name}" + (f" · Demand {card.demand}" if card.demand else "")
        texts = [(head, font(26, bold=True), INK), (f"Target: {target_text(st, key)}", font(28, bold=True), HIGHLIGHT)]
        texts += [(line, font(22), MUTED) for line in card_lines(key)]
        if cards_in(st, "confront"):
            ok, _ = evaluate(st)
            texts.append(
                (
                    "Right now: Target MET" if ok else "Right now: Target not met",
                    font(24, bold=True),
                    GOOD if ok else BAD,
                )
            )
        height = 14
        for text, face, _ in texts:
            height += int(face.size * 1.3) * len(wrap(text, inner, d, face))
        d.rounded_rectangle(
            (MARGIN, box_top, WIDTH - MARGIN, box_top + height + 10), radius=12, fill=PANEL, outline=MUTED
        )
        for text, face, fill in texts:
            lines_y = _lines(d, MARGIN + 16, lines_y, [text], face, inner, fill)
        return box_top + height + 24
    if st.resolved is not None:
        last = st.resolved
        word = "SUCCESS" if last.success else "FAILURE"
        line = f"Last Challenge: {c.cards[last.challenge].name}: {word}"
        d.text(
            (MARGIN, y),
            _fit(d, line, font(24, bold=True), WIDTH - 2 * MARGIN),
            font=font(24, bold=True),
            fill=GOOD if last.success else BAD,
        )
        return y + 40
    return y


def _card(d: ImageDraw.ImageDraw, st: QuasarState, cid: str, seat: int, x: int, y: int) -> None:
    card = st.cards[cid]
    lost = card.key == LIS
    d.rectangle((x, y, x + CARD_W, y + CARD_H), fill=LOST if lost else CARD, outline=_seat_colour(seat), width=4)
    name = content().cards[card.key].name
    d.text((x + 10, y + 8), _fit(d, name, font(22, bold=True), CARD_W - 20), font=font(22, bold=True), fill=INK)
    value = value_of(st, cid)
    shown = "no value" if value is None else str(value)
    face = font(24) if value is None else font(40, bold=True)
    d.text((x + 10, y + 40), shown, font=face, fill=HIGHLIGHT if card.shift else INK)
    if card.shift:
        d.text((x + 80, y + 52), f"({card.shift:+d})", font=font(22), fill=HIGHLIGHT)
    d.text(
        (x + 10, y + CARD_H - 32),
        _fit(d, st.seats[seat], font(22), CARD_W - 20),
        font=font(22),
        fill=_seat_colour(seat),
    )


def _confrontation(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    confronting = cards_in(st, "confront")
    order = rank_order(st)
    if confronting:
        d.text((MARGIN, y), "Confrontation (revealed)", font=font(24, bold=True), fill=INK)
        y += 38
        x = MARGIN
        for seat in order:
            for cid in cards_of(st, seat):
                if x + CARD_W > WIDTH - MARGIN:
                    x, y = MARGIN, y + CARD_H + 14
                _card(d, st, cid, seat, x, y)
                x += CARD_W + 12
        return y + CARD_H + 24
    if st.tasks and st.tasks[0].kind == "commit":
        d.text((MARGIN, y), "Confrontation: committing in secret", font=font(24, bold=True), fill=INK)
        y += 38
        for seat in order:
            done = st.committed[seat] if st.committed else False
            status = "has committed (hidden)" if done else "is choosing…"
            d.text((MARGIN, y), f"{st.seats[seat]} {status}", font=font(22), fill=GOOD if done else MUTED)
            y += 30
        return y + 10
    if st.tasks and st.tasks[0].kind == "rank":
        d.text((MARGIN, y), "Rank Cards: picking in secret", font=font(24, bold=True), fill=INK)
        y += 38
        for seat in order:
            done = st.picked[seat] if st.picked else False
            d.text(
                (MARGIN, y),
                f"{st.seats[seat]} {'has picked' if done else 'is choosing…'}",
                font=font(22),
                fill=GOOD if done else MUTED,
            )
            y += 30
        return y + 10
    return y


def _players(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    c = content()
    leader = team_leader(st) if st.act else -1
    for seat in rank_order(st):
        faction = c.factions[st.factions[seat]].name
        _chip(d, MARGIN, y + 4, seat, st.seats[seat])
        rank = rank_value(st, seat)
        lead = " · Team Leader" if seat == leader else ""
        top = f"{st.seats[seat]} · {faction} · Rank {rank or '-'}{lead}"
        d.text(
            (MARGIN + 54, y),
            _fit(d, top, font(22, bold=True), WIDTH - 2 * MARGIN - 54),
            font=font(22, bold=True),
            fill=INK,
        )
        counts = [
            f"hand {len(hand(st, seat))}/{hand_size(st, seat)}",
            f"deck {len(cards_in(st, owned_key('deck', seat)))}",
            f"discard {len(cards_in(st, owned_key('discard', seat)))}",
            f"Glory {st.glory[seat]}",
            f"Lessons {st.lessons[seat]}",
        ]
        projects = active_projects(st, seat)
        if projects:
            counts.append(f"Projects {len(projects)}")
        stock = cards_in(st, owned_key("stockpile", seat))
        if stock:
            counts.append(f"stockpile {len(stock)}")
        d.text(
            (MARGIN + 54, y + 30),
            _fit(d, " · ".join(counts), font(22), WIDTH - 2 * MARGIN - 54),
            font=font(22),
            fill=MUTED,
        )
        y += 68
    return y


def _zones(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    c = content()
    texts = []
    for name, label in (("sensors", "Sensors Zone (next)"), ("warp", "Warp Zone")):
        ids = cards_in(st, name)
        if ids:
            texts.append(f"{label}: " + ", ".join(c.cards[st.cards[i].key].name for i in ids))
    if texts:
        y = _lines(d, MARGIN, y, texts, font(22), WIDTH - 2 * MARGIN, INK) + 6
    return y


def _latest(d: ImageDraw.ImageDraw, events: Sequence[Event], y: int) -> int:
    shown = [e.text for e in events if e.visible_to is None and e.kind != "private"][-4:]
    if not shown:
        return y
    d.text((MARGIN, y), "Latest", font=font(22, bold=True), fill=MUTED)
    y += 32
    return _lines(d, MARGIN, y, shown, font(22), WIDTH - 2 * MARGIN, INK)


def draw_board(st: QuasarState, *, events: Sequence[Event] = ()) -> Image.Image:
    """The public table as a picture (``st`` should be a view: nothing hidden is drawn anyway)."""
    probe = Image.new("RGB", (WIDTH, 2400), BACKGROUND)
    d = ImageDraw.Draw(probe)
    y = _header(d, st)
    y = _challenge(d, st, y)
    y = _confrontation(d, st, y)
    y = _players(d, st, y + 6)
    y = _zones(d, st, y + 4)
    if st.result:
        verdict = "MISSION WON" if st.result == "win" else "MISSION LOST"
        d.text((MARGIN, y + 6), verdict, font=font(30, bold=True), fill=GOOD if st.result == "win" else BAD)
        y += 50
        y = _lines(d, MARGIN, y, [st.summary], font(22), WIDTH - 2 * MARGIN, INK)
    y = _latest(d, events, y + 10)
    return probe.crop((0, 0, WIDTH, y + MARGIN))


def board(st: QuasarState, *, events: Sequence[Event] = ()) -> bytes:
    return to_png(draw_board(st, events=events))


# -- the private hand -------------------------------------------------------------------------------------

HAND_W = 900
HAND_CARD_W = 276
LINE = 27


def _card_text(d: ImageDraw.ImageDraw, key: str) -> list[str]:
    return [part for line in card_lines(key) for part in wrap(line, HAND_CARD_W - 24, d, font(21))]


def draw_hand(st: QuasarState, seat: int) -> Image.Image:
    """``seat``'s own cards, numbered as ``/quasar commit`` counts them (``st``: that seat's view)."""
    c = content()
    probe = Image.new("RGB", (HAND_W, 3000), BACKGROUND)
    d = ImageDraw.Draw(probe)
    faction = c.factions[st.factions[seat]].name
    title = f"{st.seats[seat]}'s hand · {faction} (private)"
    d.text(
        (MARGIN, 16), _fit(d, title, font(28, bold=True), HAND_W - 2 * MARGIN), font=font(28, bold=True), fill=HIGHLIGHT
    )
    y = 64
    ids = hand(st, seat)
    per_row = (HAND_W - 2 * MARGIN + 12) // (HAND_CARD_W + 12)
    for start in range(0, len(ids), per_row):
        row = ids[start : start + per_row]
        texts = [_card_text(d, st.cards[cid].key) for cid in row]
        height = 96 + LINE * max(len(t) for t in texts) + 12
        for offset, cid in enumerate(row):
            number = start + offset + 1
            x = MARGIN + offset * (HAND_CARD_W + 12)
            key = st.cards[cid].key
            card = c.cards[key]
            chosen = bool(st.commits) and number in st.commits[seat]
            d.rectangle(
                (x, y, x + HAND_CARD_W, y + height + (30 if chosen else 0)),
                fill=LOST if key == LIS else CARD,
                outline=HIGHLIGHT if chosen else _seat_colour(seat),
                width=4,
            )
            d.text((x + 12, y + 10), f"#{number}", font=font(24, bold=True), fill=HIGHLIGHT)
            value = "no value" if card.value is None else str(card.value)
            d.text((x + HAND_CARD_W - 14, y + 6), value, font=font(36, bold=True), fill=INK, anchor="ra")
            name = _fit(d, card.name, font(24, bold=True), HAND_CARD_W - 24)
            d.text((x + 12, y + 50), name, font=font(24, bold=True), fill=INK)
            for i, part in enumerate(texts[offset]):
                d.text((x + 12, y + 88 + LINE * i), part, font=font(21), fill=MUTED)
            if chosen:
                d.text((x + 12, y + height - 4), "committed", font=font(21, bold=True), fill=HIGHLIGHT)
        y += (
            height
            + 14
            + (30 if any(bool(st.commits) and start + i + 1 in st.commits[seat] for i in range(len(row))) else 0)
        )
    if not ids:
        d.text((MARGIN, y), "Your hand is empty.", font=font(24), fill=MUTED)
        y += 40
    extra = []
    ranks = cards_in(st, owned_key("ranks", seat))
    if ranks:
        values = sorted(c.cards[st.cards[r].key].rank for r in ranks)
        extra.append("Unused Rank Cards: " + ", ".join(str(v) for v in values))
    stock = cards_in(st, owned_key("stockpile", seat))
    if stock:
        extra.append("Stockpile: " + ", ".join(c.cards[st.cards[s].key].name for s in stock))
    projects = active_projects(st, seat)
    if projects:
        extra.append(f"Active Projects: {len(projects)} (face-down)")
    extra.append(f"Glory {st.glory[seat]} · Lessons {st.lessons[seat]}")
    y = _lines(d, MARGIN, y + 6, extra, font(22), HAND_W - 2 * MARGIN, INK)
    return probe.crop((0, 0, HAND_W, y + MARGIN))


def hand_picture(st: QuasarState, seat: int) -> bytes:
    return to_png(draw_hand(st, seat))


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size

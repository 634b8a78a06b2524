"""The public Quasar Search table (``board``), drawn from a view: nothing hidden is ever drawn.

Top to bottom: the mission and Act, the phase and the Team Leader, the Morale bar, shared Energy and
the Lost in Space left in the box, the Acts and Challenges won; the current Challenge with its Target,
Demand and results; the last Challenge's result (it stays until the next one resolves); the cards
confronting once revealed (who has committed while they are secret); one row per player in Rank order
(token, Faction, Rank, Faction card, counts, Glory, Lessons, Crew Damage, and each Active Project as a
card back with its Progress); the Warp and Sensors Zones; the key (:data:`LEGEND`, whose entries the
help page :mod:`.key` explains) and the latest lines. Every text is at least 22 px on a 960 px
picture, so it reads at 500 px wide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from rules.core import Event
from rules.quasar.content import LIS, content
from rules.quasar.flow import current_act
from rules.quasar.layers import hand_size, value_of
from rules.quasar.rank import rank_order, rank_value, team_leader
from rules.quasar.state import QuasarState, owned_key
from rules.quasar.targets import cards_of, evaluate, target_text
from rules.quasar.text import PHASE_NAMES, card_lines
from rules.quasar.zones import active_projects, cards_in, hand, lis_supply

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, font, to_png, wrap
from .style import (
    BACK,
    BACK_H,
    BACK_RIM,
    BACK_W,
    BAD,
    CARD,
    CARD_H,
    CARD_W,
    GOOD,
    LOST,
    MARGIN,
    TEXT,
    WIDTH,
    card_back,
    chip,
    fit,
    lines,
    seat_colour,
)

AFTER_RESOLUTION = ("pre_cleanup", "cleanup")
"""Phases in which the current Challenge has already been resolved (its result is in its own panel)."""


def _marks(results: Sequence[str]) -> str:
    return " ".join("✓" if r == "success" else "✗" for r in results) or "none yet"


def _header(d: ImageDraw.ImageDraw, st: QuasarState) -> int:
    c = content()
    mission = c.missions[st.mission]
    act = current_act(st)
    act_name = c.cards[st.cards[act].key].name if act else ""
    title = f"{mission.name} · Act {st.act}/{len(mission.acts)}" + (f": {act_name}" if act_name else "")
    d.text(
        (MARGIN, 18), fit(d, title, font(30, bold=True), WIDTH - 2 * MARGIN), font=font(30, bold=True), fill=HIGHLIGHT
    )
    phase = PHASE_NAMES.get(st.phase, st.phase)
    leader = st.seats[team_leader(st)] if st.act else "-"
    sub = f"{phase} · Team Leader: {leader}"
    d.text((MARGIN, 60), fit(d, sub, font(TEXT), WIDTH - 2 * MARGIN), font=font(TEXT), fill=MUTED)
    y = 100
    d.text((MARGIN, y), f"Morale {st.morale}/{st.morale_start}", font=font(24, bold=True), fill=INK)
    _morale_bar(d, MARGIN + 190, y, 200, st.morale, st.morale_start)
    d.text((MARGIN + 414, y), f"Energy {st.energy}", font=font(24, bold=True), fill=INK)
    d.text((MARGIN + 580, y), f"Lost in Space left {len(lis_supply(st))}", font=font(24), fill=MUTED)
    y += 40
    goal = c.cards[st.cards[act].key].goal if act else 0
    line = f"Acts won: {_marks(st.acts)}   This Act: {_marks(st.rounds)} ({st.wins} of {goal} needed)"
    line = line if act else f"Acts: {_marks(st.acts)}"
    d.text((MARGIN, y), fit(d, line, font(TEXT), WIDTH - 2 * MARGIN), font=font(TEXT), fill=INK)
    return y + 40


def _morale_bar(d: ImageDraw.ImageDraw, x: int, y: int, width: int, morale: int, start: int) -> None:
    d.rectangle((x, y + 4, x + width, y + 26), fill=PANEL, outline=MUTED)
    share = 0 if not start else max(0, min(1, morale / start))
    colour = GOOD if share > 0.5 else (HIGHLIGHT if share > 0.25 else BAD)
    if share:
        d.rectangle((x + 2, y + 6, x + 2 + int((width - 4) * share), y + 24), fill=colour)


def _panel(d: ImageDraw.ImageDraw, y: int, texts: list[tuple[str, object, str]]) -> int:
    """A rounded box holding wrapped lines of (text, font, colour); returns the y below it."""
    inner = WIDTH - 2 * MARGIN - 32
    height = 14 + sum(int(face.size * 1.3) * len(wrap(text, inner, d, face)) for text, face, _ in texts)
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height + 10), radius=12, fill=PANEL, outline=MUTED)
    at = y + 14
    for text, face, fill in texts:
        at = lines(d, MARGIN + 16, at, [text], face, inner, fill)
    return y + height + 24


def _verdict(st: QuasarState) -> list[tuple[str, object, str]]:
    last = st.resolved
    assert last is not None
    word = "SUCCESS" if last.success else "FAILURE"
    colour = GOOD if last.success else BAD
    return [(f"Result: {word}", font(24, bold=True), colour)] + [(part, font(TEXT), INK) for part in last.parts]


def _resolved_here(st: QuasarState) -> bool:
    """Whether the current Challenge is the one just resolved (its panel shows the result)."""
    return bool(
        st.challenge
        and st.resolved
        and st.phase in AFTER_RESOLUTION
        and st.resolved.challenge == st.cards[st.challenge].key
    )


def _challenge(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    c = content()
    if st.challenge:
        key = st.cards[st.challenge].key
        card = c.cards[key]
        head = f"Challenge {st.round}: {card.name}" + (f" · Demand {card.demand}" if card.demand else "")
        texts = [(head, font(26, bold=True), INK), (f"Target: {target_text(st, key)}", font(28, bold=True), HIGHLIGHT)]
        texts += [(line, font(TEXT), MUTED) for line in card_lines(key)]
        if _resolved_here(st):
            texts += _verdict(st)
        elif cards_in(st, "confront"):
            ok, _ = evaluate(st)
            now = "Right now: Target MET" if ok else "Right now: Target not met"
            texts.append((now, font(24, bold=True), GOOD if ok else BAD))
        y = _panel(d, y, texts)
    if st.resolved is not None and not _resolved_here(st):
        last = st.resolved
        word = "SUCCESS" if last.success else "FAILURE"
        head = f"Last Challenge: {c.cards[last.challenge].name}: {word}"
        texts = [(head, font(24, bold=True), GOOD if last.success else BAD)]
        texts += [(part, font(TEXT), INK) for part in last.parts]
        y = _panel(d, y, texts)
    return y


def _card(d: ImageDraw.ImageDraw, st: QuasarState, cid: str, seat: int, x: int, y: int) -> None:
    card = st.cards[cid]
    lost = card.key == LIS
    d.rectangle((x, y, x + CARD_W, y + CARD_H), fill=LOST if lost else CARD, outline=seat_colour(seat), width=4)
    name = content().cards[card.key].name
    d.text((x + 10, y + 8), fit(d, name, font(TEXT, bold=True), CARD_W - 20), font=font(TEXT, bold=True), fill=INK)
    value = value_of(st, cid)
    shown = "no value" if value is None else str(value)
    face = font(24) if value is None else font(40, bold=True)
    d.text((x + 10, y + 40), shown, font=face, fill=HIGHLIGHT if card.shift else INK)
    if card.shift:
        d.text((x + 80, y + 52), f"({card.shift:+d})", font=font(TEXT), fill=HIGHLIGHT)
    d.text(
        (x + 10, y + CARD_H - 32),
        fit(d, st.seats[seat], font(TEXT), CARD_W - 20),
        font=font(TEXT),
        fill=seat_colour(seat),
    )


def _waiting(d: ImageDraw.ImageDraw, st: QuasarState, y: int, title: str, done: Sequence[bool], did: str) -> int:
    d.text((MARGIN, y), title, font=font(24, bold=True), fill=INK)
    y += 38
    for seat in rank_order(st):
        ok = done[seat] if done else False
        d.text(
            (MARGIN, y),
            f"{st.seats[seat]} {did if ok else 'is choosing…'}",
            font=font(TEXT),
            fill=GOOD if ok else MUTED,
        )
        y += 30
    return y + 10


def _confrontation(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    if cards_in(st, "confront"):
        d.text((MARGIN, y), "Confrontation (revealed)", font=font(24, bold=True), fill=INK)
        y += 38
        x = MARGIN
        for seat in rank_order(st):
            for cid in cards_of(st, seat):
                if x + CARD_W > WIDTH - MARGIN:
                    x, y = MARGIN, y + CARD_H + 14
                _card(d, st, cid, seat, x, y)
                x += CARD_W + 12
        return y + CARD_H + 24
    if st.tasks and st.tasks[0].kind == "commit":
        return _waiting(d, st, y, "Confrontation: committing in secret", st.committed, "has committed (hidden)")
    if st.tasks and st.tasks[0].kind == "rank":
        return _waiting(d, st, y, "Rank Cards: picking in secret", st.picked, "has picked")
    return y


def _in_play(st: QuasarState, seat: int) -> str:
    """The face-up cards in the seat's Personal Zone: the Faction card first, then others (no Rank Card)."""
    c = content()
    faction = c.factions[st.factions[seat]]
    others = [
        c.cards[st.cards[cid].key].name
        for cid in cards_in(st, owned_key("personal", seat))
        if st.cards[cid].key and not st.cards[cid].down and c.cards[st.cards[cid].key].kind not in ("faction", "rank")
    ]
    text = f"Faction card: {c.cards[faction.card].name} (Rankbreaker {faction.rankbreaker})"
    return text + (f" · in play: {', '.join(others)}" if others else "")


def _players(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    c = content()
    leader = team_leader(st) if st.act else -1
    width = WIDTH - 2 * MARGIN - 54
    for seat in rank_order(st):
        faction = c.factions[st.factions[seat]].name
        chip(d, MARGIN, y + 4, seat, st.seats[seat])
        rank = rank_value(st, seat)
        lead = " · Team Leader" if seat == leader else ""
        top = f"{st.seats[seat]} · {faction} · Rank {rank or '-'}{lead}"
        x = MARGIN + 54
        d.text((x, y), fit(d, top, font(TEXT, bold=True), width), font=font(TEXT, bold=True), fill=INK)
        counts = [
            f"hand {len(hand(st, seat))}/{hand_size(st, seat)}",
            f"deck {len(cards_in(st, owned_key('deck', seat)))}",
            f"discard {len(cards_in(st, owned_key('discard', seat)))}",
            f"Glory {st.glory[seat]}",
            f"Lessons {st.lessons[seat]}",
            f"Crew Damage {st.damage[seat] if st.damage else 0}",
        ]
        stock = cards_in(st, owned_key("stockpile", seat))
        if stock:
            counts.append(f"stockpile {len(stock)}")
        y = lines(d, x, y + 30, [_in_play(st, seat), " · ".join(counts)], font(TEXT), width, MUTED)
        projects = active_projects(st, seat)
        if projects:
            d.text((x, y + (BACK_H - 28) // 2), "Projects:", font=font(TEXT), fill=MUTED)
            px = x + int(d.textlength("Projects:", font=font(TEXT))) + 12
            for cid in projects:
                card_back(d, px, y, f"{st.cards[cid].progress}/{c.tuning.project_goal}")
                px += BACK_W + 10
            y += BACK_H + 6
        y += 14
    return y


def _zones(d: ImageDraw.ImageDraw, st: QuasarState, y: int) -> int:
    c = content()
    texts = []
    for name, label in (("sensors", "Sensors Zone (next)"), ("warp", "Warp Zone")):
        ids = cards_in(st, name)
        if ids:
            texts.append(f"{label}: " + ", ".join(c.cards[st.cards[i].key].name for i in ids))
    if texts:
        y = lines(d, MARGIN, y, texts, font(TEXT), WIDTH - 2 * MARGIN, INK) + 6
    return y


# -- the key ------------------------------------------------------------------------------------------------

Sample = Callable[[ImageDraw.ImageDraw, int, int], int]
"""Draws a legend sample at (x, y) on a 34 px line; returns its width."""


def _sample_player(d: ImageDraw.ImageDraw, x: int, y: int) -> int:
    chip(d, x, y - 2, 0, "A", size=34)
    return 34


def _sample_card(fill: str, seat: int) -> Sample:
    def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> int:
        d.rectangle((x, y, x + 40, y + 30), fill=fill, outline=seat_colour(seat), width=4)
        return 40

    return draw


def _sample_back(d: ImageDraw.ImageDraw, x: int, y: int) -> int:
    d.rectangle((x, y, x + 40, y + 30), fill=BACK, outline=BACK_RIM, width=3)
    d.rectangle((x + 6, y + 6, x + 34, y + 24), outline="#3d5f92", width=2)
    return 40


def _sample_text(text: str, colour: str) -> Sample:
    def draw(d: ImageDraw.ImageDraw, x: int, y: int) -> int:
        d.text((x, y), text, font=font(TEXT, bold=True), fill=colour)
        return int(d.textlength(text, font=font(TEXT, bold=True)))

    return draw


def _sample_bar(d: ImageDraw.ImageDraw, x: int, y: int) -> int:
    _morale_bar(d, x, y - 2, 60, 2, 3)
    return 60


LEGEND: list[tuple[str, Sample, str]] = [
    ("player", _sample_player, "a player"),
    ("revealed", _sample_card(CARD, 1), "a revealed card (rim: owner)"),
    ("lost", _sample_card(LOST, 2), "Lost in Space"),
    ("project", _sample_back, "a face-down Project (Progress)"),
    ("shifted", _sample_text("5 (+1)", HIGHLIGHT), "Shifted value"),
    ("marks", _sample_text("✓ ✗", INK), "won, lost"),
    ("morale", _sample_bar, "Morale left"),
]
"""The board's key: (entry, sample, label), in the picture's order. :mod:`.key` explains each entry."""


def _key(d: ImageDraw.ImageDraw, y: int) -> int:
    d.text((MARGIN, y), "Key", font=font(TEXT, bold=True), fill=MUTED)
    x, y = MARGIN + 60, y
    for _, sample, label in LEGEND:
        need = 34 + 8 + int(d.textlength(label, font=font(TEXT))) + 28
        if x + need > WIDTH - MARGIN:
            x, y = MARGIN + 60, y + 42
        x += sample(d, x, y + 2) + 8
        d.text((x, y + 2), label, font=font(TEXT), fill=INK)
        x += int(d.textlength(label, font=font(TEXT))) + 28
    return y + 46


def _latest(d: ImageDraw.ImageDraw, events: Sequence[Event], y: int) -> int:
    shown = [e.text for e in events if e.visible_to is None and e.kind != "private"][-4:]
    if not shown:
        return y
    d.text((MARGIN, y), "Latest", font=font(TEXT, bold=True), fill=MUTED)
    return lines(d, MARGIN, y + 32, shown, font(TEXT), WIDTH - 2 * MARGIN, INK)


def draw_board(st: QuasarState, *, events: Sequence[Event] = ()) -> Image.Image:
    """The public table as a picture (``st`` should be a view: nothing hidden is drawn anyway)."""
    probe = Image.new("RGB", (WIDTH, 2600), BACKGROUND)
    d = ImageDraw.Draw(probe)
    y = _header(d, st)
    y = _challenge(d, st, y)
    y = _confrontation(d, st, y)
    y = _players(d, st, y + 6)
    y = _zones(d, st, y + 4)
    if st.result:
        verdict = "MISSION WON" if st.result == "win" else "MISSION LOST"
        d.text((MARGIN, y + 6), verdict, font=font(30, bold=True), fill=GOOD if st.result == "win" else BAD)
        y = lines(d, MARGIN, y + 50, [st.summary], font(TEXT), WIDTH - 2 * MARGIN, INK)
    y = _latest(d, events, y + 10)
    y = _key(d, y + 12)
    return probe.crop((0, 0, WIDTH, y + MARGIN - 12))


def board(st: QuasarState, *, events: Sequence[Event] = ()) -> bytes:
    return to_png(draw_board(st, events=events))

"""A player's private hand (``/quasar hand``): their cards numbered as ``/quasar commit`` counts them,
unused Rank Cards, Stockpile and Project count. Only ever sent to that player."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.quasar.content import LIS, content
from rules.quasar.state import QuasarState, owned_key
from rules.quasar.text import card_lines
from rules.quasar.zones import active_projects, cards_in, hand

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, font, to_png, wrap
from .style import CARD, LOST, MARGIN, fit, lines, seat_colour

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
        (MARGIN, 16), fit(d, title, font(28, bold=True), HAND_W - 2 * MARGIN), font=font(28, bold=True), fill=HIGHLIGHT
    )
    y = 64
    ids = hand(st, seat)
    per_row = (HAND_W - 2 * MARGIN + 12) // (HAND_CARD_W + 12)
    for start in range(0, len(ids), per_row):
        row = ids[start : start + per_row]
        texts = [_card_text(d, st.cards[cid].key) for cid in row]
        height = 96 + LINE * max(len(t) for t in texts) + 12
        chosen_row = False
        for offset, cid in enumerate(row):
            number = start + offset + 1
            x = MARGIN + offset * (HAND_CARD_W + 12)
            key = st.cards[cid].key
            card = c.cards[key]
            chosen = bool(st.commits) and number in st.commits[seat]
            chosen_row = chosen_row or chosen
            d.rectangle(
                (x, y, x + HAND_CARD_W, y + height + (30 if chosen else 0)),
                fill=LOST if key == LIS else CARD,
                outline=HIGHLIGHT if chosen else seat_colour(seat),
                width=4,
            )
            d.text((x + 12, y + 10), f"#{number}", font=font(24, bold=True), fill=HIGHLIGHT)
            value = "no value" if card.value is None else str(card.value)
            d.text((x + HAND_CARD_W - 14, y + 6), value, font=font(36, bold=True), fill=INK, anchor="ra")
            name = fit(d, card.name, font(24, bold=True), HAND_CARD_W - 24)
            d.text((x + 12, y + 50), name, font=font(24, bold=True), fill=INK)
            for i, part in enumerate(texts[offset]):
                d.text((x + 12, y + 88 + LINE * i), part, font=font(21), fill=MUTED)
            if chosen:
                d.text((x + 12, y + height - 4), "committed", font=font(21, bold=True), fill=HIGHLIGHT)
        y += height + 14 + (30 if chosen_row else 0)
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
    y = lines(d, MARGIN, y + 6, extra, font(22), HAND_W - 2 * MARGIN, INK)
    return probe.crop((0, 0, HAND_W, y + MARGIN))


def hand_picture(st: QuasarState, seat: int) -> bytes:
    return to_png(draw_hand(st, seat))

"""Shared look of the Quasar Search pictures: sizes, colours, and small drawing helpers."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw, ImageFont

from ..common import INK, MUTED, SEAT_COLOURS, font, wrap

WIDTH = 960
MARGIN = 24
GOOD = "#009E73"
BAD = "#D55E00"
CARD = "#2b3040"
LOST = "#4a2430"
BACK = "#23395b"
"""A face-down card's back (an Active Project): dark blue with a light rim and an inner frame."""
BACK_RIM = "#9fb8e0"
CARD_W, CARD_H = 208, 118
BACK_W, BACK_H = 84, 40
TEXT = 22
"""The picture's body text size: 22 px on 960 px is 11.5 px at 500 px wide."""


def fit(d: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` pixels."""
    if d.textlength(text, font=face) <= width:
        return text
    while text and d.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def lines(
    d: ImageDraw.ImageDraw, x: int, y: int, texts: Sequence[str], face: ImageFont.FreeTypeFont, width: int, fill=INK
) -> int:
    """Wrapped lines from ``y``; returns the y below them."""
    step = int(face.size * 1.3)
    for text in texts:
        for line in wrap(text, width, d, face):
            d.text((x, y), line, font=face, fill=fill)
            y += step
    return y


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def chip(d: ImageDraw.ImageDraw, x: int, y: int, seat: int, name: str, size: int = 40) -> None:
    """A round token in the seat's colour with the player's initial (colour is never the only clue)."""
    d.ellipse((x, y, x + size, y + size), fill=seat_colour(seat), outline=INK, width=2)
    d.text(
        (x + size / 2, y + size / 2), (name[:1] or "?").upper(), font=font(22, bold=True), fill="#111111", anchor="mm"
    )


def card_back(d: ImageDraw.ImageDraw, x: int, y: int, label: str) -> None:
    """A face-down card (its back: stripes, nothing of its face) with a public label such as its Progress."""
    d.rectangle((x, y, x + BACK_W, y + BACK_H), fill=BACK, outline=BACK_RIM, width=3)
    d.rectangle((x + 6, y + 6, x + BACK_W - 6, y + BACK_H - 6), outline="#3d5f92", width=2)
    d.text((x + BACK_W / 2, y + BACK_H / 2), label, font=font(TEXT, bold=True), fill=INK, anchor="mm")


__all__ = ["BACK", "BAD", "CARD", "GOOD", "LOST", "MARGIN", "MUTED", "WIDTH", "card_back", "chip", "fit", "lines"]

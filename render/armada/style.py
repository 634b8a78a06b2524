"""Sizes, colours and small drawing helpers of the Armada pictures.

Every picture is :data:`WIDTH` pixels wide and no text on it is smaller than :data:`TEXT` pixels: 11 px
when Discord shows it 500 px wide. Colours come from the colour-blind-safe set in render.common, and
every token carries a letter or a number too, so no meaning rests on colour alone.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageColor, ImageDraw, ImageFont

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, font

__all__ = ["BACKGROUND", "HIGHLIGHT", "INK", "MUTED", "PANEL", "SEAT_COLOURS", "font"]

WIDTH = 1000
"""Every Armada picture is this wide."""

TEXT = math.ceil(11 * WIDTH / 500)
"""The smallest type: 11 px when the picture is shown 500 px wide."""

NAME = TEXT + 2
TITLE = TEXT + 8
LINE = TEXT + 10
"""One line of text, with its gap."""

MARGIN = 16

ENEMY = "#D55E00"
FINAL = "#CC79A7"
BEACON = "#56B4E9"
PRIME = "#F0E442"
LINK = "#7d8599"
GOOD = "#009E73"
SHIELD = "#56B4E9"
CARD = "#2b303c"
CARD_EDGE = "#8a91a3"
CRITICAL = "#8a8f9c"
WARN_FILL = "#4a2418"
BANNER_FILL = "#3b3320"
FACE_COLOUR = {"T": "#D55E00", "E": "#E69F00", "S": "#56B4E9", "M": "#009E73", "C": "#CC79A7", "-": "#6b6f7a"}
SYMBOL_NAME = {"T": "Tactical", "E": "Engineering", "S": "Science", "M": "Medical", "C": "Command", "*": "any"}


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def face(size: int = TEXT, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    return font(max(size, TEXT), bold=bold)


@lru_cache(maxsize=8192)
def length(text: str, typeface: ImageFont.FreeTypeFont) -> float:
    """How wide ``text`` is drawn (remembered: the same labels come back in every picture)."""
    return typeface.getlength(text)


@lru_cache(maxsize=2048)
def wrap(text: str, width: float, typeface: ImageFont.FreeTypeFont) -> tuple[str, ...]:
    """Greedy word wrap to a pixel width."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if length(candidate, typeface) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return tuple(lines)


def fit(d: ImageDraw.ImageDraw, text: str, typeface: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis until it fits ``width`` pixels."""
    return cut(text, typeface, width)


def cut(text: str, typeface: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis until it fits ``width`` pixels."""
    if length(text, typeface) <= width:
        return text
    low, high = 0, len(text)  # the longest cut that fits, by halving
    while low < high:
        mid = (low + high + 1) // 2
        if length(text[:mid].rstrip() + "…", typeface) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…" if low else ""


def label(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, typeface, fill: str) -> None:
    """A text centred on (cx, cy)."""
    d.text((cx, cy), text, font=typeface, fill=fill, anchor="mm")


def disc(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    text: str,
    fill: str,
    *,
    r: int = 20,
    square: bool = False,
    ring: str | None = None,
    ink: str = "#111",
) -> None:
    """A captain's token: a numbered disc (a square for the Galactic Savior), ringed when it just changed."""
    if ring:
        d.ellipse((cx - r - 5, cy - r - 5, cx + r + 5, cy + r + 5), outline=ring, width=4)
    box = (cx - r, cy - r, cx + r, cy + r)
    if square:
        d.rounded_rectangle(box, radius=4, fill=fill, outline="#111", width=2)
    else:
        d.ellipse(box, fill=fill, outline="#111", width=2)
    label(d, cx, cy + 1, text, face(TEXT if len(text) > 1 else NAME, bold=True), ink)


def chip(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    fill: str,
    *,
    ink: str = "#111",
    outline: str = "#111",
    height: int = TEXT + 12,
    bold: bool = True,
) -> int:
    """A rounded tag with a text in it, its left edge at x; returns its width."""
    typeface = face(TEXT, bold=bold)
    w = int(length(text, typeface)) + 12
    d.rounded_rectangle(
        (x, y, x + w, y + height), radius=6, fill=fill, outline=outline, width=3 if outline != "#111" else 2
    )
    label(d, x + w / 2, y + height / 2 + 1, text, typeface, ink)
    return w


def chip_width(d: ImageDraw.ImageDraw, text: str, *, bold: bool = True) -> int:
    return int(length(text, face(TEXT, bold=bold))) + 12


def diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, fill: str, *, r: int = 22) -> None:
    """A beacon token: a diamond with a number in it."""
    d.regular_polygon((cx, cy, r), 4, rotation=45, fill=fill, outline="#111")
    label(d, cx, cy + 1, text, face(TEXT, bold=True), "#111")


def symbol(d: ImageDraw.ImageDraw, x: float, y: float, sym: str, *, size: int = 30, met: bool = False) -> int:
    """A crew symbol a station or a mission asks for: a hollow box with the letter in its colour (grey once
    a die covers it), so it never looks like a die, which is solid. Returns its width."""
    colour = "#6b6f7a" if met else (FACE_COLOUR.get(sym, CARD_EDGE) if sym != "*" else INK)
    d.rounded_rectangle((x, y, x + size, y + size), radius=4, fill=CARD, outline=colour, width=3)
    label(d, x + size / 2, y + size / 2 + 1, sym, face(TEXT, bold=True), colour)
    return size + 4


def die(d: ImageDraw.ImageDraw, x: float, y: float, shown: str, ident: int | None, *, hero: bool = False) -> int:
    """A crew die: its face big and, when it can still be moved, its number below; returns its width.
    A hero's die has a gold rim."""
    text = shown or "?"
    colour = FACE_COLOUR.get(text[:1], "#6b6f7a") if shown else "#3a3f4b"
    ink = "#111" if shown else INK
    tag = f"#{ident}" if ident is not None else ""
    typeface = face(TEXT, bold=True)
    w = max(40, int(length(tag or text, typeface)) + 12, int(length(text, typeface)) + 12)
    h = 62 if tag else 40
    d.rounded_rectangle(
        (x, y, x + w, y + h), radius=6, fill=colour, outline=HIGHLIGHT if hero else "#111", width=4 if hero else 2
    )
    label(d, x + w / 2, y + 20, text, typeface, ink)
    if tag:
        label(d, x + w / 2, y + 46, tag, typeface, ink)
    return w


class Dry:
    """Stands in for an ImageDraw while a picture is measured: lengths of text are real, drawing does nothing."""

    def textlength(self, text: str, font: ImageFont.FreeTypeFont, *args: object, **kwargs: object) -> float:
        return length(text, font)

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


def measured(paint: Callable[[ImageDraw.ImageDraw], int]) -> Image.Image:
    """A picture exactly as tall as ``paint`` needs: it is run once with a :class:`Dry` pen to find the
    bottom it returns, then on the real image."""
    image, d = canvas(paint(Dry()))  # type: ignore[arg-type]
    paint(d)
    return image


def canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


TEXT_INKS = (INK, MUTED, HIGHLIGHT, "#111111", "#d7dae2", ENEMY, GOOD, SHIELD, FINAL, PRIME, *SEAT_COLOURS)
GROUNDS = (
    BACKGROUND,
    PANEL,
    CARD,
    CARD_EDGE,
    CRITICAL,
    WARN_FILL,
    BANNER_FILL,
    "#263240",
    "#3a2323",
    "#3a2a2a",
    "#3b2f4a",
    "#24352c",
    "#5a4a10",
    "#3a3f4b",
    "#3a2020",
    "#4b5263",
    "#6b6f7a",
    "#7d8599",
    "#555555",
    *FACE_COLOUR.values(),
)
"""The colours texts are drawn in and on: the palette holds each, and the blends anti-aliased letters make."""


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """One fixed palette for every Armada picture: the pure colours (weighted so they stay exact) and a third
    and two thirds of the way from each ground to each ink. Mapping a picture onto it is several times
    quicker than choosing a palette per picture, and the same picture always gives the same bytes."""
    pure = list(dict.fromkeys(ImageColor.getrgb(c) for c in (*TEXT_INKS, *GROUNDS)))
    blends = []
    for ink in TEXT_INKS:
        a = ImageColor.getrgb(ink)
        for ground in GROUNDS:
            b = ImageColor.getrgb(ground)
            for t in (1 / 3, 2 / 3):
                blends.append(tuple(round(x * t + y * (1 - t)) for x, y in zip(a, b, strict=True)))
    pixels = [c for c in pure for _ in range(64)] + blends
    swatch = Image.new("RGB", (len(pixels), 1))
    swatch.putdata(pixels)
    return swatch.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(image: Image.Image) -> bytes:
    """A small PNG on the fixed :func:`palette` (the pictures are flat colours and anti-aliased text)."""
    small = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()

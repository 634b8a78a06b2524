"""Shared drawing helpers: the bundled fonts, a colour-blind-safe palette, PNG encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"]
BACKGROUND = "#14161c"
PANEL = "#1f232d"
INK = "#f2f2f2"
MUTED = "#b8bcc8"
HIGHLIGHT = "#ffd24a"


@lru_cache(maxsize=32)
def font(size: int, *, bold: bool = False, mono: bool = False) -> ImageFont.FreeTypeFont:
    """A bundled DejaVu font, so pictures look the same on every machine."""
    name = "DejaVuSansMono.ttf" if mono else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(FONT_DIR / name), size)


def to_png(image: Image.Image, *, palette: bool = True) -> bytes:
    """Encode compactly; flat-colour boards shrink a lot as palette images."""
    if palette and image.mode == "RGB":
        image = image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def wrap(text: str, width_px: int, draw: ImageDraw.ImageDraw, face: ImageFont.FreeTypeFont) -> list[str]:
    """Greedy word wrap to a pixel width."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if draw.textlength(candidate, font=face) <= width_px or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def text_card(title: str, body: Sequence[str], recent: Sequence[str] = (), width: int = 900) -> bytes:
    """A plain, legible card: a title, the state in text, and the latest events."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    title_font, body_font = font(34, bold=True), font(24)
    lines: list[tuple[str, ImageFont.FreeTypeFont, str]] = [(title, title_font, HIGHLIGHT)]
    for row in body:
        lines += [(part, body_font, INK) for part in wrap(row, width - 60, probe, body_font)]
    if recent:
        lines.append(("Latest", font(24, bold=True), MUTED))
        for row in list(recent)[-8:]:
            lines += [(part, body_font, MUTED) for part in wrap(row, width - 60, probe, body_font)]
    height = 40 + sum(int(f.size * 1.45) for _, f, _ in lines)
    image = Image.new("RGB", (width, max(height, 200)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = 24
    for text, face, colour in lines:
        draw.text((30, y), text, font=face, fill=colour)
        y += int(face.size * 1.45)
    return to_png(image)

"""Shared drawing helpers: the bundled fonts, a colour-blind-safe palette, PNG encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

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


def _key(args: tuple[object, ...], kwargs: dict[str, object]) -> tuple[object, ...]:
    """A hashable key for a font call's arguments (lists, such as OpenType features, become tuples)."""
    plain = tuple(tuple(a) if isinstance(a, list) else a for a in args)
    return plain + tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in kwargs.items()))


class RememberingFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the bitmaps, widths and boxes of the texts it was asked for.

    Boards repeat most of their words from one picture to the next, and rasterising a text costs far more
    than stamping its remembered bitmap; the bitmap is the very one FreeType gave, so the picture is the
    same pixel for pixel. Drawing still goes through ``ImageDraw.text``. Each memory holds at most
    :attr:`LIMIT` texts and starts afresh when full."""

    LIMIT = 8192

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._masks: dict[tuple[object, ...], tuple[Any, tuple[int, int]]] = {}
        self._lengths: dict[tuple[object, ...], float] = {}
        self._boxes: dict[tuple[object, ...], tuple[float, float, float, float]] = {}

    def getmask2(self, text: Any, *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:  # type: ignore[override]
        key = (text, *_key(args, kwargs))
        found = self._masks.get(key)
        if found is None:
            found = super().getmask2(text, *args, **kwargs)
            if len(self._masks) >= self.LIMIT:
                self._masks.clear()
            self._masks[key] = found
        return found

    def getlength(self, text: Any, *args: Any, **kwargs: Any) -> float:  # type: ignore[override]
        key = (text, *_key(args, kwargs))
        found = self._lengths.get(key)
        if found is None:
            found = super().getlength(text, *args, **kwargs)
            if len(self._lengths) >= self.LIMIT:
                self._lengths.clear()
            self._lengths[key] = found
        return found

    def getbbox(self, text: Any, *args: Any, **kwargs: Any) -> tuple[float, float, float, float]:  # type: ignore[override]
        key = (text, *_key(args, kwargs))
        found = self._boxes.get(key)
        if found is None:
            found = super().getbbox(text, *args, **kwargs)
            if len(self._boxes) >= self.LIMIT:
                self._boxes.clear()
            self._boxes[key] = found
        return found


@lru_cache(maxsize=64)
def remembered_font(size: int, *, bold: bool = False, mono: bool = False, basic: bool = False) -> RememberingFont:
    """:func:`font` as a :class:`RememberingFont` (``basic``: Pillow's own layout engine, no shaping)."""
    name = "DejaVuSansMono.ttf" if mono else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    engine = ImageFont.Layout.BASIC if basic else None
    return RememberingFont(str(FONT_DIR / name), size, layout_engine=engine)


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

"""Legibility checks for pictures: every text big enough at chat width, nothing drawn over anything.

Use it around a renderer call::

    with recording() as layout:
        png = render.armada.board(state)
    assert legibility_problems(layout, png) == []

While recording, every ``ImageDraw.text``/``multiline_text`` call is noted (string, font size, box)
and every ellipse, regular polygon and rounded rectangle smaller than :data:`TOKEN_MAX` pixels
across is noted as a token. Boxes are compared only with others drawn on the same surface (a
renderer may draw a panel on its own image and paste it). The checks:

- a text is at least ``min_px`` (11) pixels tall when the whole picture is shown ``at_width`` (500)
  pixels wide: font size x at_width / picture width;
- no two texts overlap;
- a text is either inside a token (its label) or clear of it;
- no token hides another (two tokens overlapping by more than ``TOKEN_OVERLAP`` of the smaller).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

TOKEN_MAX = 120
"""Shapes up to this size (pixels, the larger side) count as tokens; bigger ones are panels or areas."""

TOKEN_OVERLAP = 0.25
"""How much of the smaller of two tokens another may cover before it counts as hidden."""

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Drawn:
    kind: str  # text | token
    surface: int  # id of the image drawn on
    box: Box
    text: str = ""
    size: float = 0.0


@dataclass
class Layout:
    items: list[Drawn] = field(default_factory=list)
    surfaces: list[object] = field(default_factory=list)
    """The images drawn on, kept alive while recording so that no two of them can share an id."""

    def texts(self) -> list[Drawn]:
        return [i for i in self.items if i.kind == "text"]

    def tokens(self) -> list[Drawn]:
        return [i for i in self.items if i.kind == "token"]


def _surface(draw: ImageDraw.ImageDraw, layout: Layout) -> int:
    layout.surfaces.append(draw.im)
    return id(draw.im)


def _box(xy: object) -> Box | None:
    try:
        if isinstance(xy[0], (int, float)):  # type: ignore[index]
            x0, y0, x1, y1 = xy  # type: ignore[misc]
        else:
            (x0, y0), (x1, y1) = xy  # type: ignore[misc]
    except (TypeError, ValueError):
        return None
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


@contextmanager
def recording() -> Iterator[Layout]:
    """Record what is drawn until the block ends."""
    layout = Layout()
    real_text = ImageDraw.ImageDraw.text
    real_multiline = ImageDraw.ImageDraw.multiline_text
    real_ellipse = ImageDraw.ImageDraw.ellipse
    real_rounded = ImageDraw.ImageDraw.rounded_rectangle
    real_regular = ImageDraw.ImageDraw.regular_polygon

    def note_text(draw: ImageDraw.ImageDraw, xy, text, font=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        anchor = kwargs.get("anchor")
        face = font or draw.getfont()
        shown = str(text)
        if shown.strip():
            box = draw.textbbox(xy, shown, font=face, anchor=anchor, spacing=kwargs.get("spacing", 4))
            size = float(getattr(face, "size", 10))
            layout.items.append(Drawn("text", _surface(draw, layout), tuple(float(v) for v in box), shown, size))

    def text(self, xy, text, fill=None, font=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        note_text(self, xy, text, font, **kwargs)
        return real_text(self, xy, text, fill, font, *args, **kwargs)

    def multiline_text(self, xy, text, fill=None, font=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        note_text(self, xy, text, font, **kwargs)
        # multiline_text calls text() per line in recent Pillow: keep those out of the record
        before = len(layout.items)
        result = real_multiline(self, xy, text, fill, font, *args, **kwargs)
        del layout.items[before:]
        return result

    def shape(real):  # type: ignore[no-untyped-def]
        def drawn(self, xy, *args, **kwargs):  # type: ignore[no-untyped-def]
            box = _box(xy)
            if box is not None and max(box[2] - box[0], box[3] - box[1]) <= TOKEN_MAX:
                layout.items.append(Drawn("token", _surface(self, layout), box))
            return real(self, xy, *args, **kwargs)

        return drawn

    def regular_polygon(self, bounding_circle, *args, **kwargs):  # type: ignore[no-untyped-def]
        (x, y), r = (
            bounding_circle[:2]
            if len(bounding_circle) == 2
            else ((bounding_circle[0], bounding_circle[1]), bounding_circle[2])
        )
        if 2 * r <= TOKEN_MAX:
            layout.items.append(Drawn("token", _surface(self, layout), (x - r, y - r, x + r, y + r)))
        return real_regular(self, bounding_circle, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    ImageDraw.ImageDraw.multiline_text = multiline_text  # type: ignore[method-assign]
    ImageDraw.ImageDraw.ellipse = shape(real_ellipse)  # type: ignore[method-assign]
    ImageDraw.ImageDraw.rounded_rectangle = shape(real_rounded)  # type: ignore[method-assign]
    ImageDraw.ImageDraw.regular_polygon = regular_polygon  # type: ignore[method-assign]
    try:
        yield layout
    finally:
        ImageDraw.ImageDraw.text = real_text  # type: ignore[method-assign]
        ImageDraw.ImageDraw.multiline_text = real_multiline  # type: ignore[method-assign]
        ImageDraw.ImageDraw.ellipse = real_ellipse  # type: ignore[method-assign]
        ImageDraw.ImageDraw.rounded_rectangle = real_rounded  # type: ignore[method-assign]
        ImageDraw.ImageDraw.regular_polygon = real_regular  # type: ignore[method-assign]


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _overlap(a: Box, b: Box) -> float:
    return _area((max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])))


def _inside(inner: Box, outer: Box, slack: float = 2.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def picture_width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


def legibility_problems(layout: Layout, png: bytes, *, min_px: float = 11.0, at_width: int = 500) -> list[str]:
    """Every problem found, one sentence each (empty when the picture reads well at ``at_width``)."""
    width = picture_width(png)
    scale = at_width / width
    problems: list[str] = []
    texts, tokens = layout.texts(), layout.tokens()
    for t in texts:
        shown = t.size * scale
        if shown < min_px:
            problems.append(
                f"text {t.text[:30]!r} is {shown:.1f} px at {at_width} px wide (font {t.size:g}, picture {width})"
            )
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            if a.surface == b.surface and _overlap(a.box, b.box) > 1.0:
                problems.append(f"texts {a.text[:20]!r} and {b.text[:20]!r} overlap")
    for t in texts:
        for k in tokens:
            if t.surface == k.surface and _overlap(t.box, k.box) > 1.0 and not _inside(t.box, k.box):
                problems.append(f"text {t.text[:20]!r} runs over a token at {tuple(round(v) for v in k.box)}")
    for i, a in enumerate(tokens):
        for b in tokens[i + 1 :]:
            if a.surface != b.surface:
                continue
            if _inside(a.box, b.box, 0) or _inside(b.box, a.box, 0):
                continue  # a ring or a badge drawn on its own token
            smaller = min(_area(a.box), _area(b.box)) or 1.0
            if _overlap(a.box, b.box) / smaller > TOKEN_OVERLAP:
                problems.append(
                    f"tokens at {tuple(round(v) for v in a.box)} and {tuple(round(v) for v in b.box)} overlap"
                )
    return sorted(set(problems))

"""The legibility checker itself: it catches small text, overlaps and hidden tokens, and passes clean pictures."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import font, to_png
from tests.legibility import legibility_problems, recording


def picture(draw_on) -> tuple[list[str], int]:
    with recording() as layout:
        image = Image.new("RGB", (1000, 600), "black")
        draw_on(ImageDraw.Draw(image))
        png = to_png(image)
    return legibility_problems(layout, png), len(layout.items)


def test_a_clean_picture_passes() -> None:
    def draw(d: ImageDraw.ImageDraw) -> None:
        d.ellipse((100, 100, 160, 160), fill="red")
        d.text((130, 130), "A", font=font(30), anchor="mm", fill="white")  # a token's own label
        d.text((300, 100), "Hull 4/8", font=font(24), fill="white")

    problems, count = picture(draw)
    assert problems == [] and count == 3


def test_small_text_overlaps_and_hidden_tokens_are_caught() -> None:
    def draw(d: ImageDraw.ImageDraw) -> None:
        d.text((10, 10), "tiny", font=font(16), fill="white")  # 8 px at 500 wide
        d.text((300, 300), "first", font=font(30), fill="white")
        d.text((320, 305), "second", font=font(30), fill="white")
        d.ellipse((600, 100, 660, 160), fill="red")
        d.ellipse((610, 110, 670, 170), fill="blue")  # mostly hides the red one
        d.text((640, 150), "long label", font=font(30), fill="white")  # half on, half off a token

    problems, _ = picture(draw)
    text = "\n".join(problems)
    assert "'tiny' is 8.0 px" in text
    assert "texts 'first' and 'second' overlap" in text
    assert "tokens at (600, 100, 660, 160) and (610, 110, 670, 170) overlap" in text
    assert "'long label' runs over a token" in text

"""Boards read at chat width: OCR of each game's README board at 500 px finds 90% of its words.

The words are the ones the renderer drew (recorded by tests/legibility.py), at least three letters long;
the picture is the README example (render.examples) scaled to 500 px wide, as a chat column shows it,
and read by tesseract. CI installs tesseract from Debian's packages and sets STARHOST_REQUIRE_OCR=1; on a
machine without it the test is skipped.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess

import pytest
from PIL import Image

from render import render_board
from render.examples import EXAMPLES, INLINE_WIDTH, play_position
from rules.core import registry

from .legibility import recording

READ_AT_LEAST = 0.9


def words(text: str) -> list[str]:
    """Words worth reading: three or more letters or digits, not a bare number."""
    return [w for w in re.findall(r"[A-Za-z0-9]+", text) if len(w) >= 3 and not w.isdigit()]


def ocr(png: bytes) -> set[str]:
    out = subprocess.run(
        ["tesseract", "stdin", "stdout", "--psm", "11"], input=png, capture_output=True, check=True, timeout=60
    )
    return {w.lower() for w in words(out.stdout.decode(errors="replace"))}


@pytest.fixture(scope="module")
def tesseract() -> None:
    if shutil.which("tesseract") is None:
        if os.environ.get("STARHOST_REQUIRE_OCR") == "1":
            pytest.fail("tesseract is missing (apt-get install tesseract-ocr)")
        pytest.skip("tesseract is not installed (apt-get install tesseract-ocr)")


@pytest.mark.parametrize("system_id", sorted(EXAMPLES))
def test_ocr_reads_the_board_at_chat_width(system_id: str, tesseract: None) -> None:
    system = registry.get(system_id)
    public = system.view(play_position(system_id, EXAMPLES[system_id]), None)
    with recording() as layout:
        png = render_board(public, title=system_id, description=system.describe(public))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.resize((INLINE_WIDTH, round(image.height * INLINE_WIDTH / image.width)), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG")
    read = ocr(buffer.getvalue())
    drawn = [w for text in layout.texts() for w in words(text.text)]
    missed = sorted({w for w in drawn if w.lower() not in read})
    share = sum(w.lower() in read for w in drawn) / max(1, len(drawn))
    assert drawn and share >= READ_AT_LEAST, f"read {share:.0%} of {len(drawn)} words; missed {missed}"

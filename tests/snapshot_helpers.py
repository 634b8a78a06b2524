"""Golden-picture (snapshot) checks shared by the render tests.

``assert_png_snapshot(image, path)`` compares a rendered picture with its golden PNG under
``tests/snapshots/``. Fonts and anti-aliasing differ a little between machines, so the check is
the mean difference per colour channel (0-255), not byte equality.

- ``STARHOST_UPDATE_SNAPSHOTS=1`` (or a missing golden file) writes the golden from the picture:
  review the new PNG in the diff before committing it.
- A failing picture is saved under ``tests/snapshots/_failed/`` (git-ignored) to look at beside
  the golden one.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

SNAPSHOTS = Path(__file__).parent / "snapshots"
FAILED = SNAPSHOTS / "_failed"
UPDATE_ENV = "STARHOST_UPDATE_SNAPSHOTS"


def failed_path(golden: Path) -> Path:
    """Where the failing picture for ``golden`` is saved (same relative path under ``_failed/``)."""
    try:
        return FAILED / golden.relative_to(SNAPSHOTS)
    except ValueError:
        return FAILED / golden.name


def assert_png_snapshot(image: Image.Image, path: Path, tolerance: float = 1.5) -> None:
    """Assert ``image`` matches the golden PNG at ``path`` within a mean channel difference of ``tolerance``."""
    img = image.convert("RGB")
    if os.environ.get(UPDATE_ENV) == "1" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        img.save(path)
    golden = Image.open(path).convert("RGB")
    failed = failed_path(path)
    same_size = golden.size == img.size
    diff = ImageStat.Stat(ImageChops.difference(golden, img)).mean if same_size else None
    if diff is None or max(diff) > tolerance:
        failed.parent.mkdir(parents=True, exist_ok=True)
        img.save(failed)
    assert same_size, f"{path.name}: size {img.size} differs from the golden {golden.size} (see {failed})"
    assert diff is not None and max(diff) <= tolerance, f"{path.name}: mean difference {diff} (see {failed})"

"""The README's example pictures come from ``python -m render.examples``: a seeded position, 500 px wide."""

from __future__ import annotations

import io

from PIL import Image

from render import board_renderer
from render.examples import EXAMPLES, INLINE_WIDTH, inline_picture, main
from rules.core import registry


def test_every_game_with_a_picture_has_an_example() -> None:
    drawn = {system.id for system in registry.all_systems() if board_renderer(system.id) is not None}
    assert set(EXAMPLES) == drawn


def test_an_example_is_the_board_at_chat_width_and_repeats_exactly() -> None:
    first = inline_picture("quasar", EXAMPLES["quasar"])
    image = Image.open(io.BytesIO(first))
    assert image.width == INLINE_WIDTH and image.height > 200
    assert inline_picture("quasar", EXAMPLES["quasar"]) == first


def test_the_command_writes_one_file_per_game(tmp_path, capsys) -> None:
    main(["grimdark", "--out", str(tmp_path)])
    assert (tmp_path / "grimdark-500.png").is_file()
    assert "grimdark-500.png" in capsys.readouterr().out

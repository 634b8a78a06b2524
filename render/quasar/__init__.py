"""Quasar Search pictures: the public table (:func:`board`, :mod:`.board`), a player's private hand
(:func:`hand_picture`, :mod:`.hand`) and the board's help page made from its legend (:mod:`.key`)."""

from __future__ import annotations

import io

from PIL import Image

from .board import board, draw_board
from .hand import draw_hand, hand_picture


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


__all__ = ["board", "draw_board", "draw_hand", "hand_picture", "png_size"]

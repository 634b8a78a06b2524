"""Endure the Stars (system id ``endure``): co-op survival on a zone map with radar tokens and noise."""

from rules.core import register

from .content import ContentError, board, content
from .engine import Endure

SYSTEM = register(Endure())

__all__ = ["SYSTEM", "ContentError", "Endure", "board", "content"]

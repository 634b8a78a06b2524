"""Deep Space D-6: Armada (system id ``armada``): co-op dice placement in space."""

from rules.core import register

from .content import CONTENT, ContentError
from .engine import Armada

SYSTEM = register(Armada())

__all__ = ["CONTENT", "SYSTEM", "Armada", "ContentError"]

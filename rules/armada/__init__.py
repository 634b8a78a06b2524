"""Deep Space D-6: Armada (system id ``armada``): co-op dice placement in space."""

from .content import CONTENT, ContentError

__all__ = ["CONTENT", "ContentError"]

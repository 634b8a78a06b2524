"""A local Discord stand-in (REST v10 + gateway) for end-to-end tests with the real discord.py client."""

from .models import (
    ALL_PERMISSIONS,
    MEMBER_PERMISSIONS,
    FakeUser,
    InteractionNotAnswered,
    MessageView,
    RecordedRequest,
    Reply,
    StoredAttachment,
    StoredMessage,
)
from .server import StandIn, install, uninstall

__all__ = [
    "ALL_PERMISSIONS",
    "MEMBER_PERMISSIONS",
    "FakeUser",
    "InteractionNotAnswered",
    "MessageView",
    "RecordedRequest",
    "Reply",
    "StandIn",
    "StoredAttachment",
    "StoredMessage",
    "install",
    "uninstall",
]

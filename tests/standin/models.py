"""Data records of the Discord stand-in: users, stored messages, recorded requests, replies."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh, time-based snowflake (so discord.utils.snowflake_time() gives 'now')."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return discord.utils.utcnow().isoformat()


#: What an ordinary member may do (no administrator, no manage_* permissions).
MEMBER_PERMISSIONS = (
    discord.Permissions.text() | discord.Permissions(view_channel=True, use_application_commands=True)
).value
ALL_PERMISSIONS = discord.Permissions.all().value


@dataclass(frozen=True)
class FakeUser:
    """A guild member the stand-in can impersonate in interactions and messages."""

    id: int
    name: str = ""
    global_name: str | None = None
    roles: tuple[int, ...] = ()
    permissions: int = MEMBER_PERMISSIONS
    bot: bool = False
    nick: str | None = None
    dms_open: bool = True
    """False: direct messages to this user are refused (403, code 50007), as when a member closes them."""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", f"user{self.id}")

    def user_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user_payload(),
            "nick": self.nick,
            "roles": [str(r) for r in self.roles],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "avatar": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    def payload(self, base_url: str) -> dict[str, Any]:
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description:
            out["description"] = self.description
        return out


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component (depth first) in a message's component tree, rows and containers included."""
    out: list[dict[str, Any]] = []
    for comp in components or []:
        out.append(comp)
        out.extend(walk_components(comp.get("components", [])))
        if isinstance(comp.get("accessory"), dict):
            out.extend(walk_components([comp["accessory"]]))
        if isinstance(comp.get("component"), dict):  # label (type 18) wraps one component
            out.extend(walk_components([comp["component"]]))
    return out


@dataclass
class StoredMessage:
    """A message the bot created (live: edits update it in place)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)

    @property
    def loading(self) -> bool:
        return bool(self.flags & 128)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None)

    def payload(self, base_url: str) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(base_url) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        data.update(self.extra)
        return data

    def snapshot(self) -> MessageView:
        return MessageView(
            id=self.id,
            channel_id=self.channel_id,
            content=self.content,
            embeds=[dict(e) for e in self.embeds],
            components=list(self.components),
            custom_ids=self.custom_ids,
            attachments=[(a.filename, a.data) for a in self.attachments],
            ephemeral=self.ephemeral,
            flags=self.flags,
            deleted=self.deleted,
        )


@dataclass(frozen=True)
class MessageView:
    """An immutable snapshot of a stored message."""

    id: int
    channel_id: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    custom_ids: list[str]
    attachments: list[tuple[str, bytes]]
    ephemeral: bool
    flags: int
    deleted: bool = False

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.embeds[0] if self.embeds else None

    @property
    def files(self) -> dict[str, bytes]:
        return dict(self.attachments)

    @property
    def text(self) -> str:
        """Content plus every embed's title, description and field text: handy for `in` assertions."""
        parts = [self.content or ""]
        for e in self.embeds:
            parts += [e.get("title", ""), e.get("description", "")]
            for f in e.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((e.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)


@dataclass
class RecordedRequest:
    method: str
    path: str  # path below /api/v10 (or the raw path for non-API requests)
    query: dict[str, str]
    json: Any = None
    files: list[tuple[str, str, bytes]] = field(default_factory=list)  # (field name, filename, bytes)
    status: int | None = None
    matched: bool = True

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass(frozen=True)
class Reply:
    """What the bot answered to one interaction.

    ``message`` is the primary message: the response message (type 4, or a deferred type 5 once
    edited/followed up) or, for component interactions answered with type 6/7, the clicked message
    as it is afterwards. Attribute access (content, embeds, ...) is forwarded to it.
    """

    interaction_id: int
    response_type: int | None  # 4 message, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal
    message: MessageView | None
    followups: tuple[MessageView, ...] = ()
    choices: tuple[dict[str, Any], ...] = ()
    modal: dict[str, Any] | None = None
    requests: tuple[RecordedRequest, ...] = ()

    @property
    def answered(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def message_id(self) -> int | None:
        return self.message.id if self.message else None

    @property
    def messages(self) -> list[MessageView]:
        return ([self.message] if self.message else []) + list(self.followups)

    def _msg(self) -> MessageView:
        if self.message is None:
            raise AttributeError(f"interaction answered with type {self.response_type}, there is no message")
        return self.message

    @property
    def content(self) -> str:
        return self._msg().content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self._msg().embeds

    @property
    def embed(self) -> dict[str, Any] | None:
        return self._msg().embed

    @property
    def components(self) -> list[dict[str, Any]]:
        return self._msg().components

    @property
    def custom_ids(self) -> list[str]:
        return self._msg().custom_ids

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        return self._msg().attachments

    @property
    def files(self) -> dict[str, bytes]:
        return self._msg().files

    @property
    def ephemeral(self) -> bool:
        return self._msg().ephemeral

    @property
    def text(self) -> str:
        return self._msg().text


class InteractionNotAnswered(AssertionError):
    """The bot finished handling an interaction without calling back (Discord would show an error)."""

"""Turning a :class:`~table.Reply` into Discord messages, and the one place errors are answered."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import secrets
from typing import Any, Protocol

import discord

from rules.core import RuleError
from sessions.service import Actor, GameService
from table import Ctx, Reply, Table
from table.replies import Button


class HostsTable(Protocol):
    """What the cogs need of the bot: the table layer and the session service."""

    table: Table
    service: GameService


log = logging.getLogger("starhost.discord")

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class DiscordPlace:
    """Threads for new games, opened in the channel the command was used in."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    async def open_thread(self, name: str) -> int | None:
        channel = self.interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None  # already in a thread, or a channel without threads
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException:
            log.warning("could not open a thread in %s; playing in the channel", channel.id)
            return None
        return thread.id

    async def close_thread(self, channel_id: int) -> None:
        try:
            thread = self.interaction.client.get_channel(channel_id) or await self.interaction.client.fetch_channel(
                channel_id
            )
            await thread.delete()  # type: ignore[union-attr]
        except discord.HTTPException:
            log.info("could not delete thread %s", channel_id)


def ctx_from(interaction: discord.Interaction) -> Ctx:
    user = interaction.user
    # The interaction carries the member's resolved permissions in this channel.
    permissions = interaction.permissions
    is_admin = interaction.guild_id is not None and (permissions.manage_channels or permissions.administrator)
    return Ctx(
        actor=Actor(user_id=user.id, name=user.display_name, is_admin=is_admin),
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id,
        place=DiscordPlace(interaction),
    )


def bot_of(interaction: discord.Interaction) -> HostsTable:
    return interaction.client  # type: ignore[return-value]


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sh:(?P<rest>[a-z0-9:]{1,90})"):
    """A persistent button: its custom_id holds the game, version and choice, so it
    keeps working after a restart and is refused once the game has moved on."""

    def __init__(self, spec: Button) -> None:
        super().__init__(discord.ui.Button(label=spec.label, custom_id=spec.custom_id, style=STYLES[spec.style]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        label = getattr(item, "label", None) or "…"
        return cls(Button(label=label, custom_id=item.custom_id))  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        # discord.py only logs exceptions raised here, so every outcome is answered in place.
        custom_id = self.custom_id
        try:
            reply = await bot_of(interaction).table.click(ctx_from(interaction), custom_id)
        except RuleError as exc:
            await send_error(interaction, str(exc))
            return
        except Exception:
            await report_crash(interaction, f"button {custom_id}")
            return
        try:
            kind = custom_id.split(":")[1]
            if kind == "lobby" and reply.image is None:
                await interaction.response.edit_message(**message_kwargs(reply, edit=True))
                return
            if kind == "act" and interaction.message is not None:
                await interaction.response.defer()
                await _strip_buttons(interaction.message)
            if kind == "end":
                await _strip_buttons(interaction.message)
            await send_reply(interaction, reply)
        except Exception:
            await report_crash(interaction, f"button {custom_id} (answer)")


async def _strip_buttons(message: discord.Message | None) -> None:
    """Old boards lose their buttons once acted on; a failure here is harmless."""
    if message is None:
        return
    try:
        await message.edit(view=None)
    except discord.HTTPException:
        log.info("could not remove buttons from message %s", message.id)


def build_view(buttons: list[Button]) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for spec in buttons[:25]:
        view.add_item(ActionButton(spec))
    return view


def build_embed(reply: Reply) -> discord.Embed:
    embed = discord.Embed(title=reply.title[:256] or None, description=reply.description() or None, colour=reply.colour)
    for name, value in reply.fields[:10]:
        embed.add_field(name=name[:256], value=(value or "-")[:1024], inline=False)
    if reply.footer:
        embed.set_footer(text=reply.footer[:2048])
    return embed


def message_kwargs(reply: Reply, *, edit: bool = False) -> dict[str, Any]:
    """Everything but files; mentions are limited to exactly the players who must act."""
    kwargs: dict[str, Any] = {}
    mentions = " ".join(f"<@{uid}>" for uid in reply.mentions)
    if reply.plain:
        kwargs["content"] = "\n".join(filter(None, [mentions, reply.description(1900)]))
        kwargs["embed"] = None if edit else discord.utils.MISSING
    else:
        kwargs["content"] = mentions or None
        kwargs["embed"] = build_embed(reply)
    kwargs["allowed_mentions"] = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(uid) for uid in reply.mentions], replied_user=False
    )
    view = build_view(reply.buttons)
    if view is not None:
        kwargs["view"] = view
    elif edit:
        kwargs["view"] = None
    if kwargs.get("embed") is discord.utils.MISSING:
        del kwargs["embed"]
    return kwargs


async def send_reply(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer an interaction. Pictures are drawn in a worker thread after deferring, so a
    slow render never misses Discord's 3-second window and never blocks other games."""
    if reply.post_in is not None:
        await _post_elsewhere(interaction, reply)
        return
    reply = _fit_permissions(interaction, reply)
    kwargs = message_kwargs(reply)
    files: list[discord.File] = []
    if reply.image is not None or reply.attachment is not None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=reply.ephemeral, thinking=True)
        if reply.image is not None:
            try:
                png = await asyncio.to_thread(reply.image)
            except Exception:
                ref = secrets.token_hex(4)
                log.exception("render failed (ref %s)", ref)
                note = f"(The picture could not be drawn; reference `{ref}`. The move itself is saved.)"
                if "embed" in kwargs:
                    kwargs["embed"].description = ((kwargs["embed"].description or "") + "\n" + note)[:4096]
            else:
                files.append(discord.File(io.BytesIO(png), filename=reply.image_name))
                if "embed" in kwargs:
                    kwargs["embed"].set_image(url=f"attachment://{reply.image_name}")
        if reply.attachment is not None:
            name, data = reply.attachment
            files.append(discord.File(io.BytesIO(data), filename=name))
    if files:
        kwargs["files"] = files
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=reply.ephemeral, **{k: v for k, v in kwargs.items() if v is not None})
    else:
        await interaction.response.send_message(ephemeral=reply.ephemeral, **kwargs)
    if reply.private:
        await interaction.followup.send("\n".join(reply.private)[:1900], ephemeral=True)


async def _post_elsewhere(interaction: discord.Interaction, reply: Reply) -> None:
    """A new game's lobby goes into its thread; the asker is pointed there."""
    channel_id = reply.post_in
    assert channel_id is not None
    reply.post_in = None
    channel = interaction.client.get_channel(channel_id) or await interaction.client.fetch_channel(channel_id)
    await channel.send(**message_kwargs(reply))  # type: ignore[union-attr]
    await interaction.response.send_message(f"Your table is ready in <#{channel_id}>.", ephemeral=True)


def _fit_permissions(interaction: discord.Interaction, reply: Reply) -> Reply:
    """Without Attach Files or Embed Links the reply would fail; say what is missing instead."""
    allowed = interaction.app_permissions
    if interaction.guild_id is None or reply.ephemeral:
        return reply  # direct messages and ephemeral replies need no channel permissions
    notes = []
    if reply.image is not None and not allowed.attach_files:
        reply.image = None
        notes.append("I cannot attach the board here: please give me the Attach Files permission.")
    if reply.attachment is not None and not allowed.attach_files:
        reply.attachment = None
        notes.append("I cannot attach files here: please give me the Attach Files permission.")
    if not reply.plain and not allowed.embed_links:
        reply.plain = True
        reply.lines = [f"**{reply.title}**", *reply.lines, *(f"{k}: {v}" for k, v in reply.fields)]
        notes.append("(Give me the Embed Links permission for tidier replies.)")
    reply.lines = [*reply.lines, *notes]
    return reply


async def send_error(interaction: discord.Interaction, message: str) -> None:
    text = f"⚠️ {message}"[:1900]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message: %s", message)


async def report_crash(interaction: discord.Interaction, where: str) -> None:
    """Log an unexpected error with a reference id the user can quote; the game is untouched."""
    ref = secrets.token_hex(4)
    log.exception(
        "unexpected error in %s (ref %s, user %s, channel %s)", where, ref, interaction.user.id, interaction.channel_id
    )
    await send_error(
        interaction,
        f"Something went wrong on our side (reference `{ref}`). "
        "Nothing was changed; please try again, and tell the bot's admin if it repeats.",
    )

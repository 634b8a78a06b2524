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
from table.replies import Button, Menu


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
        actor=Actor(user_id=user.id, name=safe_name(user.display_name), is_admin=is_admin),
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id,
        place=DiscordPlace(interaction),
    )


NAME_MAX = 32
"""Discord's longest display name."""


def safe_name(name: str) -> str:
    """A display name as we reflect it: no ``@`` (so neither ``@everyone`` nor ``<@&role>`` can ever
    mention anyone, wherever the name is repeated), no line breaks, at most 32 characters."""
    cleaned = " ".join(str(name).replace("@", "\uff20").split())[:NAME_MAX]
    return cleaned or "player"


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


class ActionMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"sm:(?P<rest>[a-z0-9:]{1,90})"):
    """A persistent drop-down of moves: its custom_id is the table's ``sh:act:<game>:<version>:<seat>`` with
    ``sm`` in front (so buttons and menus never answer each other's clicks); each option's value is the move."""

    def __init__(self, spec: Menu) -> None:
        options = [discord.SelectOption(label=label[:100], value=value[:100]) for label, value in spec.options[:25]]
        select = discord.ui.Select(custom_id="sm" + spec.custom_id[2:], placeholder=spec.placeholder, options=options)
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionMenu:
        options = tuple((o.label, o.value) for o in getattr(item, "options", []))
        placeholder = getattr(item, "placeholder", None) or "More moves…"
        return cls(Menu(placeholder, "sh" + item.custom_id[2:], options))  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        values = getattr(self.item, "values", [])
        custom_id = "sh" + self.custom_id[2:] + f":{values[0] if values else ''}"
        try:
            reply = await bot_of(interaction).table.click(ctx_from(interaction), custom_id)
        except RuleError as exc:
            await send_error(interaction, str(exc))
            return
        except Exception:
            await report_crash(interaction, f"menu {custom_id}")
            return
        try:
            await interaction.response.defer()
            await _strip_buttons(interaction.message)
            await send_reply(interaction, reply)
        except Exception:
            await report_crash(interaction, f"menu {custom_id} (answer)")


async def _strip_buttons(message: discord.Message | None) -> None:
    """Old boards lose their buttons once acted on; a failure here is harmless."""
    if message is None:
        return
    try:
        await message.edit(view=None)
    except discord.HTTPException:
        log.info("could not remove buttons from message %s", message.id)


def build_view(buttons: list[Button], menu: Menu | None = None) -> discord.ui.View | None:
    """Up to 20 buttons in rows of five, and a drop-down on the last row for longer choice lists."""
    if not buttons and menu is None:
        return None
    view = discord.ui.View(timeout=None)
    for index, spec in enumerate(buttons[:20]):
        item = ActionButton(spec)
        item.item.row = index // 5
        view.add_item(item)
    if menu is not None and menu.options:
        select = ActionMenu(menu)
        select.item.row = 4
        view.add_item(select)
    return view


def build_embeds(reply: Reply) -> list[discord.Embed]:
    """One embed per page of narration, in order: the title on the first; fields, footer and picture on the last."""
    pages = reply.pages()
    embeds = [discord.Embed(description=page or None, colour=reply.colour) for page in pages]
    embeds[0].title = reply.title[:256] or None
    last = embeds[-1]
    for name, value in reply.fields[:10]:
        last.add_field(name=name[:256], value=(value or "-")[:1024], inline=False)
    if reply.footer:
        last.set_footer(text=reply.footer[:2048])
    return embeds


def build_embed(reply: Reply) -> discord.Embed:
    """The single embed of a short reply (the first page of a long one)."""
    return build_embeds(reply)[0]


def _mention_line(reply: Reply) -> str:
    return " ".join(f"<@{uid}>" for uid in [*reply.mentions, *reply.named])


def _allowed(reply: Reply) -> discord.AllowedMentions:
    """Only the players who must act and want a ping are pinged; the others are just named."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(uid) for uid in reply.mentions], replied_user=False
    )


def message_kwargs(reply: Reply, *, edit: bool = False) -> dict[str, Any]:
    """A one-message reply (lobbies, confirmations): everything but files."""
    kwargs: dict[str, Any] = {}
    mentions = _mention_line(reply)
    if reply.plain:
        kwargs["content"] = "\n".join(filter(None, [mentions, reply.description(1900)]))
        if edit:
            kwargs["embed"] = None
    else:
        kwargs["content"] = mentions or None
        kwargs["embed"] = build_embed(reply)
    kwargs["allowed_mentions"] = _allowed(reply)
    view = build_view(reply.buttons, reply.menu)
    if view is not None:
        kwargs["view"] = view
    elif edit:
        kwargs["view"] = None
    return kwargs


CONTENT_MAX = 2000
"""Discord's longest message content."""


def message_list(reply: Reply) -> list[dict[str, Any]]:
    """The reply as messages in order: narration pages first, the last one with pings, fields and buttons."""
    if reply.plain:
        mentions = _mention_line(reply)
        room = CONTENT_MAX - (len(mentions) + 1 if mentions else 0)  # the pings go before the last page
        pages = reply.pages(min(1900, room))
        messages: list[dict[str, Any]] = [{"content": page} for page in pages]
        if mentions:
            messages[-1]["content"] = f"{mentions}\n{messages[-1]['content']}"
    else:
        messages = [{"embed": embed} for embed in build_embeds(reply)]
        messages[-1]["content"] = _mention_line(reply) or None
    messages[-1]["allowed_mentions"] = _allowed(reply)
    view = build_view(reply.buttons, reply.menu)
    if view is not None:
        messages[-1]["view"] = view
    return messages


async def send_reply(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer an interaction. Pictures are drawn in a worker thread after deferring, so a
    slow render never misses Discord's 3-second window and never blocks other games.
    Long narration arrives whole, in order, over several messages."""
    if reply.post_in is not None:
        await _post_elsewhere(interaction, reply)
        return
    reply = _fit_permissions(interaction, reply)
    messages = message_list(reply)
    last = messages[-1]
    files: list[discord.File] = []
    if reply.image is not None or reply.attachments or len(messages) > 1:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=reply.ephemeral, thinking=True)
        if reply.image is not None:
            try:
                png = await asyncio.to_thread(reply.image)
            except Exception:
                ref = secrets.token_hex(4)
                log.exception("render failed (ref %s)", ref)
                note = f"(The picture could not be drawn; reference `{ref}`. The move itself is saved.)"
                if "embed" in last:
                    last["embed"].description = ((last["embed"].description or "") + "\n" + note)[:4096]
            else:
                files.append(discord.File(io.BytesIO(png), filename=reply.image_name))
                if "embed" in last:
                    last["embed"].set_image(url=f"attachment://{reply.image_name}")
        for name, data in reply.attachments:
            files.append(discord.File(io.BytesIO(data), filename=name))
    if files:
        last["files"] = files
    for kwargs in messages:
        if interaction.response.is_done():
            await interaction.followup.send(
                ephemeral=reply.ephemeral, **{k: v for k, v in kwargs.items() if v is not None}
            )
        else:
            await interaction.response.send_message(ephemeral=reply.ephemeral, **kwargs)
    if reply.private:
        await interaction.followup.send("\n".join(reply.private)[:1900], ephemeral=True)
    await deliver_dms(interaction, reply)


async def deliver_dms(interaction: discord.Interaction, reply: Reply) -> None:
    """Direct messages to players who asked for them; closed DMs fall back to a ping in the channel,
    except for private news, which stays out of the channel (the player still has /game view)."""
    for user_id, text in reply.secret_dms:
        try:
            user = interaction.client.get_user(user_id) or await interaction.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("private DM to %s refused; it stays in their /game view", user_id)
    for user_id, text in reply.dms:
        try:
            user = interaction.client.get_user(user_id) or await interaction.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("DM to %s refused; pinging in the channel instead", user_id)
            try:
                await interaction.followup.send(
                    f"<@{user_id}> {text}"[:1900],
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
                    ),
                )
            except discord.HTTPException:
                log.warning("could not tell %s either way", user_id)


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
    if reply.attachments and not allowed.attach_files:
        reply.attachments = []
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

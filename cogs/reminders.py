"""The reminder loop: pings players a game has waited on for a whole interval; acts on deadlines.

Each pass first plays what is due without anyone (a late player past the table's deadline, a seat
handed to the bot whose turn came) and posts it in the game's channel, then sends the reminders.

With several shard processes, each one reminds the games of its own shards' servers, and
the store's claim (taken game by game, right before the delivery) makes sure no reminder goes
out twice even if shards overlap or move. A reminder that reached nobody (the channel is gone or
closed to the bot, every DM refused) is given back: it does not count, and this process tries
that game again after ``RETRY_SECONDS`` rather than on every tick.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable

import discord
from discord.ext import commands, tasks

from sessions.reminders import Reminder, act_on_deadlines, play_for_the_away, send_reminders
from sessions.service import Update
from sessions.store import GameRecord

from .common import bot_of, message_list

log = logging.getLogger("starhost.reminders")

RETRY_SECONDS = 15 * 60.0
"""How long this process leaves a game alone after its reminder could not be delivered."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord routes a server's events to (direct messages go to shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def owned_games(bot: commands.Bot) -> Callable[[GameRecord], bool] | None:
    """Which games this process reminds: those of its shards' servers; None when it runs every shard."""
    shard_ids = getattr(bot, "shard_ids", None)
    shard_count = getattr(bot, "shard_count", None)
    if not shard_ids or not shard_count or len(set(shard_ids)) >= shard_count:
        return None
    mine = frozenset(shard_ids)
    return lambda record: shard_of(record.guild_id, shard_count) in mine


class ReminderCog(commands.Cog):
    def __init__(self, bot: commands.Bot, every_seconds: float = 60.0) -> None:
        self.bot = bot
        self._retry_at: dict[int, float] = {}
        """Games whose last delivery failed -> when to try again."""
        self.loop = tasks.loop(seconds=every_seconds)(self._tick)
        self.loop.before_loop(self._wait_ready)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _tick(self) -> None:
        try:
            await self.send_due()
        except Exception:
            log.exception("reminder pass failed; will try again")

    async def send_due(self) -> int:
        """One pass: deliver what is due, game by game; the number delivered."""
        bot = self.bot
        service = bot.service  # type: ignore[attr-defined]
        now = service.clock()
        shards = owned_games(bot)
        self._retry_at = {game: at for game, at in self._retry_at.items() if at > now}

        def owns(record: GameRecord) -> bool:
            return record.id not in self._retry_at and (shards is None or shards(record))

        for update in [*await act_on_deadlines(service, now, owns), *await play_for_the_away(service, now, owns)]:
            try:
                await self._post(update)
            except Exception:
                log.exception("the automatic move of game #%s could not be posted", update.game.id)
        done = await send_reminders(service, now, self._deliver, owns)
        for reminder in done.failed:
            self._retry_at[reminder.game_id] = now + RETRY_SECONDS
        return len(done.delivered)

    async def _post(self, update: Update) -> None:
        """Post what the bot played (a deadline, an away player's turn) in the game's channel, with the
        board, the pings and the DMs a move by a player would bring."""
        reply = await self.bot.table.notice(update)  # type: ignore[attr-defined]
        messages = message_list(reply)
        if reply.image is not None:
            png = await asyncio.to_thread(reply.image)
            messages[-1]["file"] = discord.File(io.BytesIO(png), filename=reply.image_name)
            if "embed" in messages[-1]:
                messages[-1]["embed"].set_image(url=f"attachment://{reply.image_name}")
        channel = self.bot.get_channel(update.game.channel_id) or await self.bot.fetch_channel(update.game.channel_id)
        for kwargs in messages:
            await channel.send(**kwargs)  # type: ignore[union-attr]
        for user_id, text in reply.secret_dms:
            await self._direct(user_id, text)
        for user_id, text in reply.dms:
            if not await self._direct(user_id, text):
                await channel.send(  # type: ignore[union-attr]
                    f"<@{user_id}> {text}"[:1900],
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(user_id)]
                    ),
                )

    async def _deliver(self, reminder: Reminder) -> bool:
        """Send one reminder: DMs to those who asked, a ping in the channel for the rest (and for closed
        DMs). True when it reached someone; the claim is given back otherwise."""
        reached = False
        pinged = list(reminder.user_ids)
        for user_id in reminder.dm_ids:
            if await self._direct(user_id, reminder.dm_text(user_id)[:1900]):
                reached = True
            else:
                pinged.append(user_id)  # DMs closed: a ping in the channel instead (public lines only)
        for user_id, text in reminder.secret_dms:
            await self._direct(user_id, text[:1900])  # only ever by DM: never in the channel
        if not pinged:
            return reached
        try:
            channel = self.bot.get_channel(reminder.channel_id) or await self.bot.fetch_channel(reminder.channel_id)
            await channel.send(  # type: ignore[union-attr]
                reminder.channel_text(pinged)[:1900],
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in pinged]
                ),
            )
        except discord.HTTPException as exc:
            log.warning("reminder for game #%s not delivered in its channel: %s", reminder.game_id, exc)
            return reached
        return True

    async def _direct(self, user_id: int, text: str) -> bool:
        """Send a DM; False when the user cannot be reached that way."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            return False
        return True


async def setup(bot: commands.Bot) -> None:
    every = float(getattr(bot, "config", None).reminder_seconds if getattr(bot, "config", None) else 60.0)
    await bot.add_cog(ReminderCog(bot, every))


__all__ = ["ReminderCog", "bot_of"]

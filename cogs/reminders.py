"""The reminder loop: pings players a game has waited on for a whole interval."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from sessions.reminders import due_reminders

from .common import bot_of

log = logging.getLogger("starhost.reminders")


class ReminderCog(commands.Cog):
    def __init__(self, bot: commands.Bot, every_seconds: float = 60.0) -> None:
        self.bot = bot
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
        bot = self.bot
        service = bot.service  # type: ignore[attr-defined]
        sent = 0
        for reminder in await due_reminders(service, service.clock()):
            channel = bot.get_channel(reminder.channel_id)
            try:
                if channel is None:
                    channel = await bot.fetch_channel(reminder.channel_id)
                pinged = list(reminder.user_ids)
                for user_id in reminder.dm_ids:
                    if not await self._direct(user_id, f"{reminder.text} {reminder.link}"[:1900]):
                        pinged.append(user_id)  # DMs closed: a ping in the channel instead
                if pinged:
                    mentions = " ".join(f"<@{uid}>" for uid in pinged)
                    await channel.send(  # type: ignore[union-attr]
                        f"{mentions} {reminder.text}"[:1900],
                        allowed_mentions=discord.AllowedMentions(
                            everyone=False, roles=False, users=[discord.Object(u) for u in pinged]
                        ),
                    )
                sent += 1
            except discord.HTTPException as exc:
                log.warning("reminder for game %s not delivered: %s", reminder.game_id, exc)
        return sent

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

"""/roll: dice notation with success-counting pools, shown face by face."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .common import bot_of, ctx_from, send_reply


class DiceCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice: 2d6+3, 4d6kh3, 1d20 adv, or pools like 8d6>=5")
    @app_commands.describe(expression="Dice notation", reason="What the roll is for", secret="Only you see the result")
    async def roll(
        self,
        interaction: discord.Interaction,
        expression: app_commands.Range[str, 1, 200],
        reason: app_commands.Range[str, 0, 100] | None = None,
        secret: bool = False,
    ) -> None:
        reply = bot_of(interaction).table.roll(ctx_from(interaction), expression, reason, secret)
        await send_reply(interaction, reply)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))

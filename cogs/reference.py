"""/rules and /help: our own short rules reference for every game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .common import bot_of, send_reply
from .game import system_choices


async def topic_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    system = getattr(interaction.namespace, "system", None) or ""
    topics = bot_of(interaction).table.rule_topics(str(system), current)
    return [app_commands.Choice(name=title[:100], value=key[:100]) for title, key in topics]


class ReferenceCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="A short rules reference for a game")
    @app_commands.describe(system="Which game", topic="Which topic (leave empty for the list)")
    @app_commands.autocomplete(system=system_choices, topic=topic_choices)
    async def rules(self, interaction: discord.Interaction, system: str, topic: str | None = None) -> None:
        await send_reply(interaction, bot_of(interaction).table.rules(system, topic))

    @app_commands.command(name="help", description="How to play with Starhost")
    async def help(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, bot_of(interaction).table.help())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReferenceCog(bot))

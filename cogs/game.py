"""/game ... and /act: thin adapters from slash commands to the table layer."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from rules.core import RuleError, registry
from sessions.settings import DEFAULTS as SETTING_DEFAULTS

from .common import bot_of, ctx_from, message_kwargs, send_reply

log = logging.getLogger("starhost.game")

GUILD_SETTINGS = {"thread_per_game": "on: /game new opens a thread for each game (needs Manage Channels)"}


async def system_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    wanted = current.lower()
    return [
        app_commands.Choice(name=f"{s.name} ({s.min_seats}-{s.max_seats} players)"[:100], value=s.id)
        for s in registry.all_systems()
        if wanted in s.id or wanted in s.name.lower()
    ][:25]


async def scenario_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    system_id = getattr(interaction.namespace, "system", None)
    try:
        system = registry.get(str(system_id))
    except RuleError:
        return []
    wanted = current.lower()
    return [
        app_commands.Choice(name=c.label[:100], value=c.value[:100])
        for c in system.scenarios()
        if wanted in c.label.lower() or wanted in c.value.lower()
    ][:25]


async def setting_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    names = [*SETTING_DEFAULTS, *GUILD_SETTINGS]
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n][:25]


async def _quietly_delete(thread: discord.Thread) -> None:
    try:
        await thread.delete()
    except discord.HTTPException:
        log.info("could not delete thread %s", thread.id)


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Open, join and run a game in this channel", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(
        system="Which game",
        scenario="Scenario or mission (optional)",
        options="Setup options as name=value, e.g. crews=3",
    )
    @app_commands.autocomplete(system=system_choices, scenario=scenario_choices)
    async def new(
        self, interaction: discord.Interaction, system: str, scenario: str | None = None, options: str | None = None
    ) -> None:
        ctx = ctx_from(interaction)
        table = bot_of(interaction).table
        if await self._wants_thread(interaction):
            thread = await self._open_thread(interaction, system)
            if thread is not None:
                try:
                    reply = await table.game_new(replace(ctx, channel_id=thread.id), system, scenario, options)
                except RuleError:
                    await _quietly_delete(thread)  # no empty thread left behind by a typo
                    raise
                await thread.send(**message_kwargs(reply))
                await interaction.response.send_message(f"Your table is ready in {thread.mention}.", ephemeral=True)
                return
        await send_reply(interaction, await table.game_new(ctx, system, scenario, options))

    async def _wants_thread(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None or isinstance(interaction.channel, discord.Thread):
            return False
        settings = await bot_of(interaction).service.store.get_guild_settings(interaction.guild_id)
        return settings.get("thread_per_game") == "on"

    async def _open_thread(self, interaction: discord.Interaction, system: str) -> discord.Thread | None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None
        name = f"{system} table of {interaction.user.display_name}"[:90]
        try:
            return await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException:
            log.warning("could not open a thread in %s; playing in the channel", channel.id)
            return None

    @game.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(seat="Seat number (optional)")
    async def join(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 12] | None = None) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_join(ctx_from(interaction), seat))

    @game.command(name="leave", description="Give up your seat (in a running game it opens for someone else)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_leave(ctx_from(interaction)))

    @game.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_start(ctx_from(interaction)))

    @game.command(name="status", description="Show the board and who must act")
    async def status(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_status(ctx_from(interaction)))

    @game.command(name="view", description="Your own view of the game, hidden cards included (only you see it)")
    async def view(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_view(ctx_from(interaction)))

    @game.command(name="log", description="The last moves of this channel's game")
    @app_commands.describe(count="How many moves (1-50)")
    async def log_(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_log(ctx_from(interaction), count))

    @game.command(name="end", description="End the game for everyone (host or Manage Channels)")
    async def end(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_end(ctx_from(interaction)))

    @game.command(name="settings", description="Show or change reminders, quiet hours, spectators, threads")
    @app_commands.describe(key="Setting name", value="New value")
    @app_commands.autocomplete(key=setting_choices)
    async def settings(
        self, interaction: discord.Interaction, key: str | None = None, value: str | None = None
    ) -> None:
        ctx = ctx_from(interaction)
        table = bot_of(interaction).table
        if key == "thread_per_game":
            await send_reply(interaction, await table.guild_setting(ctx, key, value))
            return
        await send_reply(interaction, await table.game_settings(ctx, key, value))

    @game.command(name="export", description="Download the game's full record as JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_export(ctx_from(interaction)))

    @game.command(name="verify", description="Replay the game's record from its seed and check it")
    async def verify(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_verify(ctx_from(interaction)))

    @game.command(name="kick", description="Remove a player; their seat opens for someone else (host)")
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await table.game_kick(ctx_from(interaction), player.id, player.display_name))

    @game.command(name="timeout", description="Play the default move for players who ran out of time (host)")
    async def timeout(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await bot_of(interaction).table.game_timeout(ctx_from(interaction)))

    @app_commands.command(name="act", description="Make a move in this channel's game")
    @app_commands.describe(action="Pick from the suggestions or type the move")
    @app_commands.guild_only()
    async def act(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 300]) -> None:
        await send_reply(interaction, await bot_of(interaction).table.act(ctx_from(interaction), action))

    @act.autocomplete("action")
    async def act_suggestions(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            names = await bot_of(interaction).table.suggest_actions(ctx_from(interaction), current)
        except RuleError:
            return []
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))

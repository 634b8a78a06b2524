"""/starcadia ...: Starcadia Quest's slash commands, thin adapters over table/starcadia.py."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from table import starcadia as sq

from .common import bot_of, ctx_from, send_reply

Choices = list[app_commands.Choice[str]]


def _complete(command: str, option: str):
    """An autocomplete callback for ``option`` of ``/starcadia <command>`` (other typed options as context)."""

    async def callback(interaction: discord.Interaction, current: str) -> Choices:
        names = sq.COMMAND_OPTIONS.get(command, [])
        given = {n: _text(getattr(interaction.namespace, n, None)) for n in names if n != option}
        pairs = await sq.suggest(bot_of(interaction).table, ctx_from(interaction), command, option, current, given)
        return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in pairs if value]

    callback.__name__ = f"complete_{command}_{option}"
    return callback


def _text(value: object) -> str | None:
    return None if value is None else str(value)


async def _send(interaction: discord.Interaction, reply) -> None:
    await send_reply(interaction, reply)


def _t(interaction: discord.Interaction):
    return bot_of(interaction).table, ctx_from(interaction)


class StarcadiaCog(commands.Cog):
    """One subcommand per decision of a Starcadia Quest game."""

    starcadia = app_commands.Group(
        name="starcadia", description="Starcadia Quest: move, attack, rest and more", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- setup --------------------------------------------------------------------------------------
    @starcadia.command(name="pick", description="Draft: pick your heroes (2, or 1 per pick in the snake draft)")
    @app_commands.describe(heroes="Hero names, e.g. edge red")
    @app_commands.autocomplete(heroes=_complete("pick", "heroes"))
    async def pick(self, interaction: discord.Interaction, heroes: app_commands.Range[str, 1, 100]) -> None:
        await _send(interaction, await sq.pick(*_t(interaction), heroes))

    @starcadia.command(name="claim", description="Claim a shuttle slot and place your heroes in it")
    @app_commands.describe(
        slot="Shuttle slot number", place="Optional: hero:space for each hero, e.g. zip:C1 digits:D1"
    )
    @app_commands.autocomplete(slot=_complete("claim", "slot"), place=_complete("claim", "place"))
    async def claim(
        self,
        interaction: discord.Interaction,
        slot: app_commands.Range[str, 1, 10],
        place: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await _send(interaction, await sq.claim(*_t(interaction), slot, place))

    @starcadia.command(name="gear", description="Before play: give a hero exactly these upgrades (ally gets the rest)")
    @app_commands.describe(hero="Your hero", tokens="Upgrades for this hero, comma separated (or none)")
    @app_commands.autocomplete(hero=_complete("gear", "hero"), tokens=_complete("gear", "tokens"))
    async def gear(
        self,
        interaction: discord.Interaction,
        hero: app_commands.Range[str, 1, 60],
        tokens: app_commands.Range[str, 1, 300],
    ) -> None:
        await _send(interaction, await sq.gear(*_t(interaction), hero, tokens))

    @starcadia.command(name="prefs", description="How a hero defends off-turn: auto-reroll and a standing reaction")
    @app_commands.describe(hero="Your hero", reroll="Reroll failed defence dice", reaction="Reaction to use, or none")
    @app_commands.choices(
        reroll=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
    )
    @app_commands.autocomplete(hero=_complete("prefs", "hero"), reaction=_complete("prefs", "reaction"))
    async def prefs(
        self,
        interaction: discord.Interaction,
        hero: app_commands.Range[str, 1, 60],
        reroll: str | None = None,
        reaction: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await _send(interaction, await sq.prefs(*_t(interaction), hero, reroll, reaction))

    # -- a turn ---------------------------------------------------------------------------------------
    @starcadia.command(name="move", description="Move a hero: spaces, portal <space>, door:E, hack, pickup (4 MP)")
    @app_commands.describe(path="e.g. B2 B3 portal C4 (pick a suggestion)", hero="Which hero (if not obvious)")
    @app_commands.autocomplete(path=_complete("move", "path"), hero=_complete("move", "hero"))
    async def move(
        self,
        interaction: discord.Interaction,
        path: app_commands.Range[str, 1, 200],
        hero: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await _send(interaction, await sq.move(*_t(interaction), path, hero))

    @starcadia.command(name="attack", description="Attack an enemy with one weapon and matching boosts")
    @app_commands.describe(
        target="Monster (WE1 as on the board) or rival hero",
        weapon="Ready weapon of the hero",
        boosts="Boosts of the same type, comma separated, all or none",
        hero="Which hero (if not obvious)",
        shove="Where a shoving attack pushes the target",
        grab="If you kill a rival hero Close to you: the dropped token you snatch",
    )
    @app_commands.autocomplete(
        target=_complete("attack", "target"),
        weapon=_complete("attack", "weapon"),
        boosts=_complete("attack", "boosts"),
        hero=_complete("attack", "hero"),
        shove=_complete("attack", "shove"),
        grab=_complete("attack", "grab"),
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[str, 1, 60],
        weapon: app_commands.Range[str, 1, 60] | None = None,
        boosts: app_commands.Range[str, 1, 200] | None = None,
        hero: app_commands.Range[str, 1, 60] | None = None,
        shove: app_commands.Range[str, 1, 10] | None = None,
        grab: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await _send(interaction, await sq.attack(*_t(interaction), target, weapon, boosts, hero, shove, grab))

    @starcadia.command(name="use", description="Use a gadget: stimpack, recharge or hoverboard")
    @app_commands.describe(
        gadget="Which gadget", hero="Who uses it (if not obvious)", path="Hoverboard: the ally's path"
    )
    @app_commands.autocomplete(
        gadget=_complete("use", "gadget"), hero=_complete("use", "hero"), path=_complete("use", "path")
    )
    async def use(
        self,
        interaction: discord.Interaction,
        gadget: app_commands.Range[str, 1, 20],
        hero: app_commands.Range[str, 1, 60] | None = None,
        path: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await _send(interaction, await sq.use(*_t(interaction), gadget, hero, path))

    @starcadia.command(name="end", description="End your hero's activation: draw the event card, pass the turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await _send(interaction, await sq.end(*_t(interaction)))

    @starcadia.command(name="rest", description="Rest the crew: ready upgrades, move tokens, bring the dead back")
    @app_commands.describe(
        give="Transfers token>hero, comma separated, e.g. pulse-blade>red",
        place="Where a dead hero returns: hero:shuttle or hero:<space Close to the ally>",
    )
    @app_commands.autocomplete(give=_complete("rest", "give"), place=_complete("rest", "place"))
    async def rest(
        self,
        interaction: discord.Interaction,
        give: app_commands.Range[str, 1, 300] | None = None,
        place: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await _send(interaction, await sq.rest(*_t(interaction), give, place))

    @starcadia.command(name="event", description="Choose how the event card's monster acts (or leave it to the bot)")
    @app_commands.describe(
        figure="Which figure acts",
        target="The hero it goes after (monsters=bot; else you run it with /starcadia answer)",
        spawn="Where it spawns",
    )
    @app_commands.autocomplete(
        figure=_complete("event", "figure"), target=_complete("event", "target"), spawn=_complete("event", "spawn")
    )
    async def event(
        self,
        interaction: discord.Interaction,
        figure: app_commands.Range[str, 1, 40] | None = None,
        target: app_commands.Range[str, 1, 60] | None = None,
        spawn: app_commands.Range[str, 1, 10] | None = None,
    ) -> None:
        await _send(interaction, await sq.event(*_t(interaction), figure, target, spawn))

    @starcadia.command(name="payback", description="Run a monster's Payback: its path and attack (or the bot's)")
    @app_commands.describe(path="The monster's path, or stay", attack="Attack the hero at the end")
    @app_commands.choices(
        attack=[app_commands.Choice(name="yes", value="yes"), app_commands.Choice(name="no", value="no")]
    )
    @app_commands.autocomplete(path=_complete("payback", "path"))
    async def payback(
        self,
        interaction: discord.Interaction,
        path: app_commands.Range[str, 1, 200] | None = None,
        attack: str | None = None,
    ) -> None:
        await _send(interaction, await sq.payback(*_t(interaction), path, attack))

    @starcadia.command(
        name="answer", description="Answer what the game waits for from you (guard, monster, shove, defence)"
    )
    @app_commands.describe(choice="Pick a suggestion; leave empty for the default (the bot's choice)")
    @app_commands.autocomplete(choice=_complete("answer", "choice"))
    async def answer(
        self, interaction: discord.Interaction, choice: app_commands.Range[str, 1, 200] | None = None
    ) -> None:
        await _send(interaction, await sq.answer(*_t(interaction), choice))

    # -- between scenarios --------------------------------------------------------------------------------
    @starcadia.command(name="keep", description="Episodic draft: keep 2 tokens from your hand")
    @app_commands.describe(tokens="Two upgrades from your hand, comma separated")
    @app_commands.autocomplete(tokens=_complete("keep", "tokens"))
    async def keep(self, interaction: discord.Interaction, tokens: app_commands.Range[str, 1, 200]) -> None:
        await _send(interaction, await sq.keep(*_t(interaction), tokens))

    @starcadia.command(name="take", description="Upgrade phase: take one upgrade on offer")
    @app_commands.describe(token="The upgrade to take")
    @app_commands.autocomplete(token=_complete("take", "token"))
    async def take(self, interaction: discord.Interaction, token: app_commands.Range[str, 1, 60]) -> None:
        await _send(interaction, await sq.take(*_t(interaction), token))

    @starcadia.command(name="outfit", description="Hand every upgrade to a hero (6 each); leftovers are discarded")
    @app_commands.describe(loadout="hero: token, token; hero: token ... or auto")
    @app_commands.autocomplete(loadout=_complete("outfit", "loadout"))
    async def outfit(
        self, interaction: discord.Interaction, loadout: app_commands.Range[str, 1, 400] | None = None
    ) -> None:
        await _send(interaction, await sq.outfit(*_t(interaction), loadout))

    @starcadia.command(name="route", description="Winner: choose the campaign's next scenario")
    @app_commands.describe(scenario="Next scenario")
    @app_commands.autocomplete(scenario=_complete("route", "scenario"))
    async def route(self, interaction: discord.Interaction, scenario: app_commands.Range[str, 1, 20]) -> None:
        await _send(interaction, await sq.route(*_t(interaction), scenario))

    # -- private views ---------------------------------------------------------------------------------
    @starcadia.command(name="crew", description="A crew dashboard: heroes, wounds, upgrades, gadgets (only you see it)")
    @app_commands.describe(crew="Crew colour (yours if empty)")
    @app_commands.autocomplete(crew=_complete("crew", "crew"))
    async def crew(self, interaction: discord.Interaction, crew: app_commands.Range[str, 1, 40] | None = None) -> None:
        await _send(interaction, await sq.crew_view(*_t(interaction), crew))

    @starcadia.command(name="monsters", description="The monster dashboard (only you see it)")
    async def monsters(self, interaction: discord.Interaction) -> None:
        await _send(interaction, await sq.monsters_view(*_t(interaction)))

    @starcadia.command(name="quests", description="This scenario's quests and who fulfilled them (only you see it)")
    async def quests(self, interaction: discord.Interaction) -> None:
        await _send(interaction, await sq.quests_view(*_t(interaction)))

    @starcadia.command(name="campaign", description="The campaign sheet (only you see it)")
    async def campaign(self, interaction: discord.Interaction) -> None:
        await _send(interaction, await sq.campaign_view(*_t(interaction)))

    @starcadia.command(name="offer", description="What you choose from now: draft hand, upgrades on offer, free heroes")
    async def offer(self, interaction: discord.Interaction) -> None:
        await _send(interaction, await sq.offer_view(*_t(interaction)))

    @starcadia.command(name="help", description="How to play Starcadia Quest with these commands")
    async def help(self, interaction: discord.Interaction) -> None:
        await _send(interaction, sq.guide())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StarcadiaCog(bot))

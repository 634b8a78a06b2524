"""/armada ...: Deep Space D-6: Armada commands, thin adapters over ``table/armada.py``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from table import armada as game

from .common import bot_of, ctx_from, send_reply

Complete = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


def suggest(command: str, option: str) -> Complete:
    """An autocomplete callback for ``/armada <command>``'s ``option``, from the engine's legal moves."""

    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        given = {name: value for name, value in interaction.namespace if value is not None}
        pairs = await game.complete(
            bot_of(interaction).table, ctx_from(interaction), command, option, str(current or ""), given
        )
        return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in pairs[:25]]

    return callback


DIE = "Die number, e.g. 3 (see /armada view ship)"
CAPTAIN = "Captain: seat number or name"


class ArmadaCog(commands.Cog):
    armada = app_commands.Group(
        name="armada", description="Deep Space D-6: Armada: captain your starship", guild_only=True
    )
    view = app_commands.Group(name="view", description="Look at ships, fleets, events and the map", parent=armada)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- Planning ------------------------------------------------------------------------
    @armada.command(name="travel", description="Planning: fly to a nearby planet")
    @app_commands.describe(to="The planet to fly to")
    @app_commands.autocomplete(to=suggest("travel", "to"))
    async def travel(self, interaction: discord.Interaction, to: str) -> None:
        await send_reply(interaction, await game.travel(bot_of(interaction).table, ctx_from(interaction), to))

    @armada.command(name="repair", description="Planning: roll your free crew; +1 Hull per Engineering")
    async def repair(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.repair(bot_of(interaction).table, ctx_from(interaction)))

    @armada.command(name="trade", description="Planning: give credits, a module or a hero to a captain here, or swap")
    @app_commands.describe(
        captain=CAPTAIN,
        what="credits, module or hero",
        value="How many credits, or which one",
        for_what="To swap: credits, module or hero you want back (they accept or decline)",
        for_value="To swap: how many credits, or which of theirs",
    )
    @app_commands.autocomplete(
        captain=suggest("trade", "captain"),
        what=suggest("trade", "what"),
        value=suggest("trade", "value"),
        for_what=suggest("trade", "for_what"),
        for_value=suggest("trade", "for_value"),
    )
    async def trade(
        self,
        interaction: discord.Interaction,
        captain: str,
        what: str,
        value: str | None = None,
        for_what: str | None = None,
        for_value: str | None = None,
    ) -> None:
        table = bot_of(interaction).table
        reply = await game.trade(table, ctx_from(interaction), captain, what, value, for_what, for_value)
        await send_reply(interaction, reply)

    @armada.command(
        name="answer", description="Answer a swap offer, or a choice: fall back, scrap split, vote, knocked-out die"
    )
    @app_commands.describe(reply="accept or decline a swap; otherwise pick your answer from the suggestions")
    @app_commands.autocomplete(reply=suggest("answer", "reply"))
    async def answer(self, interaction: discord.Interaction, reply: str) -> None:
        await send_reply(interaction, await game.answer(bot_of(interaction).table, ctx_from(interaction), reply))

    @armada.command(name="buy", description="Planning: open the shipyard (no module), or buy a module on offer")
    @app_commands.describe(module="Module on offer; leave empty to open the shipyard (one action)")
    @app_commands.autocomplete(module=suggest("buy", "module"))
    async def buy(self, interaction: discord.Interaction, module: str | None = None) -> None:
        await send_reply(interaction, await game.buy(bot_of(interaction).table, ctx_from(interaction), module))

    @armada.command(name="sell", description="Shipyard (Violet Kashi): sell a stored module at full price")
    @app_commands.describe(module="Module in your storage")
    @app_commands.autocomplete(module=suggest("sell", "module"))
    async def sell(self, interaction: discord.Interaction, module: str) -> None:
        await send_reply(interaction, await game.sell(bot_of(interaction).table, ctx_from(interaction), module))

    @armada.command(name="configure", description="Shipyard: install a stored module on a station, or store one")
    @app_commands.describe(station="Station 1 to 6", module="Stored module to install, or 'storage' to take it off")
    @app_commands.autocomplete(station=suggest("configure", "station"), module=suggest("configure", "module"))
    async def configure(self, interaction: discord.Interaction, station: str, module: str) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.configure(table, ctx_from(interaction), station, module))

    @armada.command(name="hire", description="Planning: visit the waystation (no hero), or hire a hero on offer")
    @app_commands.describe(hero="Hero for hire; leave empty to visit the waystation (one action)")
    @app_commands.autocomplete(hero=suggest("hire", "hero"))
    async def hire(self, interaction: discord.Interaction, hero: str | None = None) -> None:
        await send_reply(interaction, await game.hire(bot_of(interaction).table, ctx_from(interaction), hero))

    # -- Encounter ------------------------------------------------------------------------
    @armada.command(name="engage", description="Encounter: fight a fleet here (with teammates) or the Savior")
    @app_commands.describe(
        target="Fleet number (or savior)",
        teammates="Captains joining you (Team Combat), e.g. 2 or 2,3",
        frontline="Captain taking the Lead Player badge (default: you)",
    )
    @app_commands.autocomplete(
        target=suggest("engage", "target"),
        teammates=suggest("engage", "teammates"),
        frontline=suggest("engage", "frontline"),
    )
    async def engage(
        self,
        interaction: discord.Interaction,
        target: str,
        teammates: str | None = None,
        frontline: str | None = None,
    ) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.engage(table, ctx_from(interaction), target, teammates, frontline))

    @armada.command(name="mission", description="Encounter: answer a distress beacon here (Away Mission)")
    @app_commands.describe(beacon="Beacon (event number)", teammates="Captains joining you, e.g. 2 or 2,3")
    @app_commands.autocomplete(beacon=suggest("mission", "beacon"), teammates=suggest("mission", "teammates"))
    async def mission(self, interaction: discord.Interaction, beacon: str, teammates: str | None = None) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.mission(table, ctx_from(interaction), beacon, teammates))

    @armada.command(name="deliver", description="Encounter: deliver the cargo you carry to this planet")
    async def deliver(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.deliver(bot_of(interaction).table, ctx_from(interaction)))

    @armada.command(name="scan", description="Iris Scanners: reveal a whole fleet (once per round)")
    @app_commands.describe(fleet="Fleet number")
    @app_commands.autocomplete(fleet=suggest("scan", "fleet"))
    async def scan(self, interaction: discord.Interaction, fleet: str) -> None:
        await send_reply(interaction, await game.scan(bot_of(interaction).table, ctx_from(interaction), fleet))

    # -- Dice ------------------------------------------------------------------------------
    @armada.command(name="roll", description="Roll again: gather for the next Combat round, or Try Again")
    async def roll(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.roll(bot_of(interaction).table, ctx_from(interaction)))

    @armada.command(name="assign", description="Put a rolled die on a station, a mission section or a card")
    @app_commands.describe(
        die=DIE,
        station="Station 1-6, infirmary (Combat) or mission section number",
        target="Enemy to hit (1 = leftmost) or the choice offered; extra=3,5 adds dice to a Blossom beam",
    )
    @app_commands.autocomplete(
        die=suggest("assign", "die"), station=suggest("assign", "station"), target=suggest("assign", "target")
    )
    async def assign(self, interaction: discord.Interaction, die: str, station: str, target: str | None = None) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.assign(table, ctx_from(interaction), die, station, target))

    @armada.command(name="reroll", description="Reroll dice before assigning any (AI Cores)")
    @app_commands.describe(dice="Dice to reroll: numbers like 1,4, or all, or blanks")
    @app_commands.autocomplete(dice=suggest("reroll", "dice"))
    async def reroll(self, interaction: discord.Interaction, dice: str) -> None:
        await send_reply(interaction, await game.reroll(bot_of(interaction).table, ctx_from(interaction), dice))

    @armada.command(name="escape", description="Step 4: try to escape; then put dice on the Escape card")
    @app_commands.describe(
        die="Die for the Escape card (leave empty to start the attempt)", hull_to_one="Use any die and drop to Hull 1"
    )
    @app_commands.autocomplete(die=suggest("escape", "die"))
    async def escape(self, interaction: discord.Interaction, die: str | None = None, hull_to_one: bool = False) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.escape(table, ctx_from(interaction), die, hull_to_one))

    @armada.command(name="swap", description="Team Combat: put a die on the Swap card to pass the Frontline")
    @app_commands.describe(die=DIE)
    @app_commands.autocomplete(die=suggest("swap", "die"))
    async def swap(self, interaction: discord.Interaction, die: str) -> None:
        await send_reply(interaction, await game.swap(bot_of(interaction).table, ctx_from(interaction), die))

    @armada.command(name="sacrifice", description="Away Mission: send a die to the Infirmary to try again")
    @app_commands.describe(die=DIE)
    @app_commands.autocomplete(die=suggest("sacrifice", "die"))
    async def sacrifice(self, interaction: discord.Interaction, die: str) -> None:
        await send_reply(interaction, await game.sacrifice(bot_of(interaction).table, ctx_from(interaction), die))

    @armada.command(name="giveup", description="Away Mission: give up (penalties apply, the event stays)")
    async def giveup(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.giveup(bot_of(interaction).table, ctx_from(interaction)))

    @armada.command(name="ram", description="Titan Arum Ram: lose Hull to deal that much Kinetic damage")
    @app_commands.describe(amount="Hull to spend", target="Enemy (1 = leftmost)")
    @app_commands.autocomplete(target=suggest("ram", "target"))
    async def ram(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 30], target: str | None = None
    ) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.ram(table, ctx_from(interaction), amount, target))

    @armada.command(name="relay", description="Zephyranthes Relay: pay 1 credit to reroll the enemy die")
    async def relay(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.relay(bot_of(interaction).table, ctx_from(interaction)))

    @armada.command(name="hero", description="A hero's move in Combat: Lock On, Parley, Kino, Setsuna, Rose")
    @app_commands.describe(ability="Pick the hero move from the suggestions")
    @app_commands.autocomplete(ability=suggest("hero", "ability"))
    async def hero(self, interaction: discord.Interaction, ability: str) -> None:
        await send_reply(interaction, await game.hero(bot_of(interaction).table, ctx_from(interaction), ability))

    @armada.command(name="end-step", description="Finish this step: Combat step 1, a mission roll, a shop")
    async def end_step(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.end_step(bot_of(interaction).table, ctx_from(interaction)))

    @armada.command(name="end-turn", description="End your Planning or Encounter turn")
    async def end_turn(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.end_turn(bot_of(interaction).table, ctx_from(interaction)))

    # -- views ---------------------------------------------------------------------------------
    @view.command(name="ship", description="A ship sheet: stations, crew dice, heroes (only you see it)")
    @app_commands.describe(captain="Whose ship (default: yours)")
    @app_commands.autocomplete(captain=suggest("view ship", "captain"))
    async def view_ship(self, interaction: discord.Interaction, captain: str | None = None) -> None:
        table = bot_of(interaction).table
        await send_reply(interaction, await game.view_ship(table, ctx_from(interaction), captain))

    @view.command(name="fleets", description="Enemy fleets; face-down cards stay hidden (only you see it)")
    async def view_fleets(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.view_fleets(bot_of(interaction).table, ctx_from(interaction)))

    @view.command(name="events", description="Distress beacons and their event cards (only you see it)")
    async def view_events(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.view_events(bot_of(interaction).table, ctx_from(interaction)))

    @view.command(name="map", description="The planet map: links, shipyards, who is where (only you see it)")
    async def view_map(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.view_map(bot_of(interaction).table, ctx_from(interaction)))

    @view.command(name="moves", description="Everything you may do right now, written as commands (only you see it)")
    async def view_moves(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await game.view_moves(bot_of(interaction).table, ctx_from(interaction)))

    @view.command(name="help", description="How to play Armada here: the round's phases and their commands")
    async def view_help(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, game.guide())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ArmadaCog(bot))

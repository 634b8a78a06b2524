"""/endure ...: Endure the Stars slash commands, thin adapters over :mod:`table.endure`."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from table import endure as play
from table.commands import Ctx, Table

from .common import bot_of, ctx_from, send_reply

log = logging.getLogger("starhost.endure")

Completer = Callable[[Table, Ctx, str, dict[str, str]], Awaitable[list[tuple[str, str]]]]
Choices = list[app_commands.Choice[str]]


def _options(interaction: discord.Interaction) -> dict[str, str]:
    return {name: str(value) for name, value in interaction.namespace if value is not None}


def suggest(helper: Completer) -> Callable[[discord.Interaction, str], Awaitable[Choices]]:
    """Wrap a table autocomplete helper; autocomplete never fails loudly."""

    async def callback(interaction: discord.Interaction, current: str) -> Choices:
        try:
            pairs = await helper(bot_of(interaction).table, ctx_from(interaction), current or "", _options(interaction))
        except Exception:
            log.exception("endure autocomplete failed")
            return []
        return [app_commands.Choice(name=label[:100] or value[:100], value=value[:100]) for label, value in pairs[:25]]

    return callback


def _table(interaction: discord.Interaction) -> Table:
    return bot_of(interaction).table


class EndureCog(commands.Cog):
    endure = app_commands.Group(
        name="endure", description="Endure the Stars: your survivor's actions and views", guild_only=True
    )
    refuge = app_commands.Group(name="refuge", description="Between campaign missions, at the Refuge", parent=endure)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- moving and fighting --------------------------------------------------------------------------------
    @endure.command(name="move", description="Move one zone (1 action), or a path of zones (1 action each)")
    @app_commands.describe(to="Zone to move to, or several separated by spaces: SEC-a SEC-z")
    @app_commands.autocomplete(to=suggest(play.complete_move))
    async def move(self, interaction: discord.Interaction, to: app_commands.Range[str, 1, 100]) -> None:
        await send_reply(interaction, await play.move(_table(interaction), ctx_from(interaction), to))

    @endure.command(name="attack", description="Attack a zone with a weapon (1 action)")
    @app_commands.describe(
        zone="Target zone",
        weapon="Weapon to use (optional when only one can reach)",
        kill="Damage split: enemy types to hit first, e.g. jaeger swarmer",
        target="An objective to break instead of enemies (doors, terminals)",
        step="Juggernaut: the zone to step into as part of a melee attack",
    )
    @app_commands.autocomplete(
        zone=suggest(play.complete_attack_zone),
        weapon=suggest(play.complete_weapon),
        kill=suggest(play.complete_kill),
        target=suggest(play.complete_object),
        step=suggest(play.complete_step),
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        zone: app_commands.Range[str, 1, 40],
        weapon: app_commands.Range[str, 1, 60] | None = None,
        kill: app_commands.Range[str, 1, 100] | None = None,
        target: app_commands.Range[str, 1, 40] | None = None,
        step: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        reply = await play.attack(_table(interaction), ctx_from(interaction), zone, weapon, kill, target, step)
        await send_reply(interaction, reply)

    @endure.command(name="search", description="Search this room for an item (1 action)")
    async def search(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await play.search(_table(interaction), ctx_from(interaction)))

    @endure.command(name="keep", description="Keep the item you just found, dropping one if you have no room")
    @app_commands.describe(item="The found card to keep", drop="A carried item to drop for room")
    @app_commands.autocomplete(item=suggest(play.complete_keep), drop=suggest(play.complete_drop))
    async def keep(
        self,
        interaction: discord.Interaction,
        item: app_commands.Range[str, 1, 60] | None = None,
        drop: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await send_reply(interaction, await play.keep(_table(interaction), ctx_from(interaction), item, drop))

    @endure.command(name="leave", description="Leave the item you just found behind")
    async def leave(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await play.leave(_table(interaction), ctx_from(interaction)))

    @endure.command(name="interact", description="Use a switch, objective or event trigger in your zone (1 action)")
    @app_commands.describe(objective="Which objective (optional when there is one)")
    @app_commands.autocomplete(objective=suggest(play.complete_objective))
    async def interact(
        self, interaction: discord.Interaction, objective: app_commands.Range[str, 1, 40] | None = None
    ) -> None:
        await send_reply(interaction, await play.interact(_table(interaction), ctx_from(interaction), objective))

    @endure.command(name="ability", description="Use your active (once a turn) or crisis (once a mission) ability")
    @app_commands.describe(which="active or crisis", choice="Its target: a survivor, zone, door or path")
    @app_commands.autocomplete(which=suggest(play.complete_ability_which), choice=suggest(play.complete_ability_choice))
    async def ability(
        self,
        interaction: discord.Interaction,
        which: app_commands.Range[str, 1, 20],
        choice: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await send_reply(interaction, await play.ability(_table(interaction), ctx_from(interaction), which, choice))

    @endure.command(name="reward", description="Spend your unlocked Accomplishment reward")
    @app_commands.describe(choice="Its target where it needs one", kind="Snipe: which enemy type to drop")
    @app_commands.autocomplete(choice=suggest(play.complete_reward_choice), kind=suggest(play.complete_reward_kind))
    async def reward(
        self,
        interaction: discord.Interaction,
        choice: app_commands.Range[str, 1, 100] | None = None,
        kind: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await send_reply(interaction, await play.reward(_table(interaction), ctx_from(interaction), choice, kind))

    @endure.command(name="trade", description="Swap items with a survivor in your zone (1 action)")
    @app_commands.describe(
        partner="The survivor to trade with",
        give="Your items (or objective colours) to hand over, separated by spaces",
        take="Their items (or objective colours) to take, separated by spaces",
    )
    @app_commands.autocomplete(
        partner=suggest(play.complete_partner), give=suggest(play.complete_give), take=suggest(play.complete_take)
    )
    async def trade(
        self,
        interaction: discord.Interaction,
        partner: app_commands.Range[str, 1, 60],
        give: app_commands.Range[str, 1, 100] | None = None,
        take: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await send_reply(interaction, await play.trade(_table(interaction), ctx_from(interaction), partner, give, take))

    @endure.command(name="answer", description="Accept or turn down a trade offered to you")
    @app_commands.describe(reply="yes or no")
    @app_commands.autocomplete(reply=suggest(play.complete_answer))
    async def answer(self, interaction: discord.Interaction, reply: app_commands.Range[str, 1, 10]) -> None:
        await send_reply(interaction, await play.answer(_table(interaction), ctx_from(interaction), reply))

    @endure.command(name="use", description="Use an item you carry (1 action)")
    @app_commands.describe(item="The item", at="Target zone, for grenades and decoys")
    @app_commands.autocomplete(item=suggest(play.complete_use), at=suggest(play.complete_use_at))
    async def use(
        self,
        interaction: discord.Interaction,
        item: app_commands.Range[str, 1, 60],
        at: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await send_reply(interaction, await play.use(_table(interaction), ctx_from(interaction), item, at))

    @endure.command(name="reorganise", description="Reorganise: put on armour or a helmet you carry (1 action)")
    @app_commands.describe(item="The armour or helmet to wear")
    @app_commands.autocomplete(item=suggest(play.complete_reorganise))
    async def reorganise(self, interaction: discord.Interaction, item: app_commands.Range[str, 1, 60]) -> None:
        await send_reply(interaction, await play.reorganise(_table(interaction), ctx_from(interaction), item))

    @endure.command(name="discard", description="Throw an item away for good (free)")
    @app_commands.describe(item="The item to discard")
    @app_commands.autocomplete(item=suggest(play.complete_discard))
    async def discard(self, interaction: discord.Interaction, item: app_commands.Range[str, 1, 60]) -> None:
        await send_reply(interaction, await play.discard(_table(interaction), ctx_from(interaction), item))

    @endure.command(name="noise", description="Make noise on purpose to lure enemies (level = actions spent)")
    @app_commands.describe(level="1, 2 or 3")
    @app_commands.autocomplete(level=suggest(play.complete_noise))
    async def noise(self, interaction: discord.Interaction, level: app_commands.Range[str, 1, 2]) -> None:
        await send_reply(interaction, await play.noise(_table(interaction), ctx_from(interaction), level))

    @endure.command(name="exit", description="Leave the map through the exit in your zone")
    async def exit_(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await play.exit_map(_table(interaction), ctx_from(interaction)))

    @endure.command(name="loader", description="Climb into (all your actions) or out of (1 action) the Exo Loader")
    @app_commands.describe(do="enter or leave")
    @app_commands.autocomplete(do=suggest(play.complete_loader))
    async def loader(self, interaction: discord.Interaction, do: app_commands.Range[str, 1, 10]) -> None:
        await send_reply(interaction, await play.loader(_table(interaction), ctx_from(interaction), do))

    @endure.command(name="reactivate", description="Technician: reactivate a stunned Sentry as an ally (mission rule)")
    async def reactivate(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await play.reactivate(_table(interaction), ctx_from(interaction)))

    @endure.command(name="salvage", description="Engineer: salvage a stunned Sentry for parts (mission rule)")
    @app_commands.describe(actions="Actions to spend (1-3)")
    @app_commands.autocomplete(actions=suggest(play.complete_salvage))
    async def salvage(self, interaction: discord.Interaction, actions: app_commands.Range[str, 1, 2]) -> None:
        await send_reply(interaction, await play.salvage(_table(interaction), ctx_from(interaction), actions))

    @endure.command(name="end", description="End your survivor's turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await play.end(_table(interaction), ctx_from(interaction)))

    @endure.command(
        name="turn", description="Several commands at once, joined by ';' (stops at the first that cannot be played)"
    )
    @app_commands.describe(actions="e.g. move SEC-a; search; end (suggestions continue after each ';')")
    @app_commands.autocomplete(actions=suggest(play.complete_turn))
    async def turn(self, interaction: discord.Interaction, actions: app_commands.Range[str, 1, 300]) -> None:
        await send_reply(interaction, await play.turn(_table(interaction), ctx_from(interaction), actions))

    # -- views ---------------------------------------------------------------------------------------------------
    @endure.command(
        name="dashboard", description="A survivor's dashboard: health, resolve, inventory (only you see it)"
    )
    @app_commands.describe(survivor="Whose dashboard (yours by default)")
    @app_commands.autocomplete(survivor=suggest(play.complete_survivor))
    async def dashboard(
        self, interaction: discord.Interaction, survivor: app_commands.Range[str, 1, 60] | None = None
    ) -> None:
        await send_reply(interaction, await play.dashboard(_table(interaction), ctx_from(interaction), survivor))

    @endure.command(name="briefing", description="The mission briefing: goals, objectives, exits (only you see it)")
    async def briefing(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, await play.briefing(_table(interaction), ctx_from(interaction)))

    @endure.command(name="help", description="How to play Endure the Stars with these commands")
    async def help_(self, interaction: discord.Interaction) -> None:
        await send_reply(interaction, play.help_reply())

    # -- the Refuge ----------------------------------------------------------------------------------------------
    @refuge.command(name="visit", description="Spend a survivor's Refuge action at one of the four places")
    @app_commands.describe(
        survivor="Your survivor",
        place="infirmary, loved-ones, quarters or trading-post",
        pick="Quarters: health or resolve",
        get="Trading Post: the card to take",
        give="Trading Post: two of your items, separated by spaces",
    )
    @app_commands.autocomplete(
        survivor=suggest(play.complete_refuge_survivor),
        place=suggest(play.complete_place),
        pick=suggest(play.complete_pick),
        get=suggest(play.complete_stock),
        give=suggest(play.complete_refuge_give),
    )
    async def visit(
        self,
        interaction: discord.Interaction,
        survivor: app_commands.Range[str, 1, 60],
        place: app_commands.Range[str, 1, 30],
        pick: app_commands.Range[str, 1, 20] | None = None,
        get: app_commands.Range[str, 1, 60] | None = None,
        give: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        reply = await play.visit(_table(interaction), ctx_from(interaction), survivor, place, pick, get, give)
        await send_reply(interaction, reply)

    @refuge.command(name="recruit", description="Replace a fallen survivor with one nobody has played yet")
    @app_commands.describe(fallen="The fallen survivor", survivor="The new survivor")
    @app_commands.autocomplete(fallen=suggest(play.complete_fallen), survivor=suggest(play.complete_recruit))
    async def recruit(
        self,
        interaction: discord.Interaction,
        fallen: app_commands.Range[str, 1, 60],
        survivor: app_commands.Range[str, 1, 60],
    ) -> None:
        await send_reply(interaction, await play.recruit(_table(interaction), ctx_from(interaction), fallen, survivor))

    @refuge.command(name="vote", description="Vote to stay another round at the Refuge or leave")
    @app_commands.describe(choice="stay or leave", route="Where to go next, when the campaign branches")
    @app_commands.autocomplete(choice=suggest(play.complete_vote), route=suggest(play.complete_route))
    async def vote(
        self,
        interaction: discord.Interaction,
        choice: app_commands.Range[str, 1, 10],
        route: app_commands.Range[str, 1, 10] | None = None,
    ) -> None:
        await send_reply(interaction, await play.vote(_table(interaction), ctx_from(interaction), choice, route))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(EndureCog(bot))

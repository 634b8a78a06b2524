"""Slash commands generated from the command tables (table/spec.py): no command is declared twice.

Each :class:`~table.spec.Command` becomes a discord.py app command whose parameters, ranges,
descriptions and autocomplete come from its options; the callback converts the values, calls the
command's handler on the table layer and sends the reply.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rules.core import plain_digits
from table.spec import DESCRIPTION_MAX, Command, CommandGroup, FileRef, Option, UserRef, groups

from .common import bot_of, ctx_from, safe_name, send_reply

log = logging.getLogger("starhost.commands")

MAX_UPLOAD = 8_000_000
"""Largest file a ``file`` option accepts (an exported record is far smaller)."""

Choices = list[app_commands.Choice[str]] | list[app_commands.Choice[int]]


def annotation(option: Option) -> Any:
    """The discord.py type of an option: ranges and kinds become Discord's own option types."""
    if option.kind == "int":
        base: Any = app_commands.Range[int, option.low, option.high] if option.low is not None else int
    elif option.kind == "bool":
        base = bool
    elif option.kind == "user":
        base = discord.User
    elif option.kind == "file":
        base = discord.Attachment
    else:
        base = app_commands.Range[str, option.low or 1, option.high or 100]
    return base if option.required else base | None


async def convert(option: Option, value: Any) -> Any:
    """A value Discord resolved, in the form the table layer takes."""
    if value is None:
        return None
    if option.kind == "user":
        return UserRef(value.id, safe_name(getattr(value, "display_name", None) or value.name))
    if option.kind == "file":
        if value.size > MAX_UPLOAD:
            raise discord.app_commands.AppCommandError(f"{value.filename} is too large ({value.size} bytes).")
        return FileRef(value.filename, await value.read())
    return value


CHOICE_MAX = 100
"""Discord's longest autocomplete name and value."""


def discord_choices(option: Option, pairs: list[tuple[str, str]]) -> Choices:
    """Suggestions as Discord takes them: at most 25, a whole number for a whole-number option, and never
    a value cut short (a suggestion whose value does not fit is left out: picking it would send
    something else). A long label is shortened with an ellipsis; it is only read."""
    choices: list[app_commands.Choice] = []
    for label, value in pairs:
        if not value or len(value) > CHOICE_MAX:
            continue
        name = label if len(label) <= CHOICE_MAX else label[: CHOICE_MAX - 1] + "…"
        if option.kind == "int":
            if not plain_digits(value.lstrip("-"), 18):
                continue
            choices.append(app_commands.Choice(name=name, value=int(value)))
        else:
            choices.append(app_commands.Choice(name=name, value=value))
        if len(choices) == 25:
            break
    return choices


def autocomplete(group: CommandGroup, command: Command, option: Option):
    """An autocomplete callback for one option; the options typed so far are passed as context."""
    suggest = option.suggest
    assert suggest is not None

    async def callback(interaction: discord.Interaction, current: str) -> Choices:
        given = {
            o.name: None
            if getattr(interaction.namespace, o.name, None) is None
            else str(getattr(interaction.namespace, o.name))
            for o in command.options
            if o.name != option.name
        }
        try:
            pairs = await suggest(bot_of(interaction).table, ctx_from(interaction), current or "", given)
        except Exception:  # autocomplete must never break the command box
            log.exception("autocomplete failed for /%s %s", group.path(command), option.name)
            return []
        return discord_choices(option, pairs)

    callback.__name__ = f"complete_{group.name}_{command.name}_{option.name}".replace("-", "_").replace(" ", "_")
    return callback


def app_command(
    group: CommandGroup, command: Command, parent: app_commands.Group | None, *, name: str | None = None
) -> app_commands.Command:
    """The discord.py command for ``command`` (``name``: its last word, inside a subgroup)."""
    options = {o.name: o for o in command.options}

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        converted = {name: await convert(options[name], value) for name, value in values.items()}
        reply = await command.handler(bot_of(interaction).table, ctx_from(interaction), **converted)
        await send_reply(interaction, reply)

    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    for option in command.options:
        default = inspect.Parameter.empty if option.required else None
        parameters.append(
            inspect.Parameter(
                option.name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation(option), default=default
            )
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = f"{group.name or 'top'}_{command.name}".replace("-", "_").replace(" ", "_")
    callback.__qualname__ = callback.__name__
    if command.options:
        app_commands.describe(**{o.name: o.help[:DESCRIPTION_MAX] for o in command.options})(callback)
    completing = {o.name: autocomplete(group, command, o) for o in command.options if o.suggest is not None}
    if completing:
        app_commands.autocomplete(**completing)(callback)
    built = app_commands.Command(name=name or command.name, description=command.help, callback=callback, parent=parent)
    guild_only = command.guild_only if command.guild_only is not None else group.guild_only
    if guild_only and parent is None:
        app_commands.guild_only()(built)
    return built


def app_group(group: CommandGroup) -> app_commands.Group:
    """The group with its commands; two-word commands go into subgroups named by their first word."""
    built = app_commands.Group(name=group.name, description=group.help, guild_only=group.guild_only)
    subgroups: dict[str, app_commands.Group] = {}
    for command in group.commands:
        head, _, tail = command.name.partition(" ")
        if not tail:
            built.add_command(app_command(group, command, built, name=command.name))
            continue
        sub = subgroups.get(head)
        if sub is None:
            description = group.subgroup_help.get(head, f"{group.name} {head}")
            sub = subgroups[head] = app_commands.Group(name=head, description=description, parent=built)
        sub.add_command(app_command(group, command, sub, name=tail))
    return built


def app_commands_for(spec_groups: list[CommandGroup]) -> list[app_commands.Command | app_commands.Group]:
    """Every command of the tables, as discord.py objects ready for the tree."""
    built: list[app_commands.Command | app_commands.Group] = []
    for group in spec_groups:
        if group.name:
            built.append(app_group(group))
        else:
            built += [app_command(group, command, None) for command in group.commands]
    return built


class GeneratedCommands(commands.Cog):
    """Adds the generated commands to the tree when loaded and takes them away when unloaded."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.added: list[app_commands.Command | app_commands.Group] = []

    async def cog_load(self) -> None:
        for command in app_commands_for(groups()):
            self.bot.tree.add_command(command)
            self.added.append(command)

    async def cog_unload(self) -> None:
        for command in self.added:
            self.bot.tree.remove_command(command.name)
        self.added.clear()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GeneratedCommands(bot))

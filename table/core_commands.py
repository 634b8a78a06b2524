"""The platform's own command table: /game ..., /act, /actions, /roll, /rules, /help."""

from __future__ import annotations

from rules.core import RuleError, registry
from sessions.settings import HELP as SETTINGS_HELP

from . import players, records
from .commands import GUILD_SETTINGS, Ctx, Table
from .reference import help_topics
from .replies import Reply
from .spec import Command, CommandGroup, Option, Pairs, UserRef, register_group, suggest_from

# -- suggestions ------------------------------------------------------------------------------------------


async def _systems(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    return suggest_from(
        ((f"{s.name} ({s.min_seats}-{s.max_seats} players)", s.id) for s in registry.all_systems()), typed
    )


async def _scenarios(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    try:
        system = registry.get(str(given.get("system") or "").strip().lower())
    except RuleError:
        return []
    return suggest_from(((c.label, c.value) for c in system.scenarios()), typed)


async def _game_options(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    """The setup options of the chosen game, as name=value with the default filled in."""
    try:
        system = registry.get(str(given.get("system") or "").strip().lower())
    except RuleError:
        return []
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    pairs = []
    for spec in system.options():
        values = spec.choices or [spec.default]
        pairs += [(f"{prefix}{spec.name}={v}  ({spec.help})", f"{prefix}{spec.name}={v}") for v in values]
    return suggest_from(pairs, last)


async def _setting_keys(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    return suggest_from(((f"{k}: {h}", k) for k, h in {**SETTINGS_HELP, **GUILD_SETTINGS}.items()), typed)


async def _actions(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    return [(name, name) for name in await table.suggest_actions(ctx, typed)]


async def _rule_topics(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    return table.rule_topics(str(given.get("system") or ""), typed)


# -- handlers that adapt option values ---------------------------------------------------------------------


async def _kick(table: Table, ctx: Ctx, player: UserRef) -> Reply:
    return await table.game_kick(ctx, player.id, player.name)


async def _notify_modes(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    return suggest_from(
        [("mention: a ping in the game's channel", "mention"), ("dm: a direct message", "dm"), ("off", "off")], typed
    )


async def _earlier_games(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    games = await table.service.store.games_in_channel(ctx.channel_id)
    names = {system.id: system.name for system in registry.all_systems()}  # a damaged row may name no game
    return suggest_from(((f"#{g.id} {names.get(g.system, g.system)} ({g.status})", str(g.id)) for g in games), typed)


async def _my_games(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    """The asker's running games here, by number (for /game away game:)."""
    games = await table.service.store.games_of_user(ctx.actor.user_id, ctx.guild_id)
    names = {system.id: system.name for system in registry.all_systems()}
    running = [g for g in games if g.status == "active"]
    return suggest_from(((f"#{g.id} {names.get(g.system, g.system)}", str(g.id)) for g in running), typed)


async def _stats(table: Table, ctx: Ctx, user: UserRef | None = None, system: str | None = None) -> Reply:
    return await players.game_stats(table, ctx, user, system)


async def _roll(
    table: Table, ctx: Ctx, expression: str, reason: str | None = None, secret: bool | None = None
) -> Reply:
    return table.roll(ctx, expression, reason, bool(secret))


async def _rules(table: Table, ctx: Ctx, system: str, topic: str | None = None) -> Reply:
    return table.rules(system, topic)


async def _help(table: Table, ctx: Ctx, topic: str | None = None) -> Reply:
    return table.help(topic)


async def _help_topics(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
    return suggest_from(help_topics(), typed)


SYSTEM = Option("system", "Which game", required=True, suggest=_systems, placeholder="game")

GAME = register_group(
    CommandGroup(
        name="game",
        help="Open, join and run a game in this channel",
        sections=("Tables", "Looking", "Playing", "Host tools", "You", "Records"),
        commands=(
            Command(
                "new",
                "Open a table for a game in this channel",
                Table.game_new,
                (
                    SYSTEM,
                    Option("scenario", "Scenario or mission (optional)", suggest=_scenarios, high=100),
                    Option(
                        "options", "Setup options as name=value, e.g. difficulty=hard", suggest=_game_options, high=300
                    ),
                ),
                section="Tables",
                example="system:armada options:difficulty=hard",
            ),
            Command(
                "join",
                "Take a seat at this channel's table",
                Table.game_join,
                (Option("seat", "Seat number (optional)", kind="int", low=1, high=12),),
                section="Tables",
            ),
            Command(
                "leave",
                "Give up your seat (in a running game it opens for someone else)",
                Table.game_leave,
                section="Tables",
            ),
            Command(
                "addbot",
                "Host: seat a bot (in the lobby, or on an empty seat of a running game)",
                Table.game_addbot,
                (Option("seat", "Seat number (optional)", kind="int", low=1, high=12),),
                section="Tables",
            ),
            Command("start", "Start the game (host)", Table.game_start, section="Tables"),
            Command("status", "Show the board and who must act", Table.game_status, section="Looking"),
            Command(
                "view",
                "Your own view of the game, hidden cards included (only you see it)",
                Table.game_view,
                section="Looking",
            ),
            Command(
                "log",
                "The last moves of this channel's game",
                records.game_log,
                (Option("count", "How many moves (1-50)", kind="int", low=1, high=50),),
                section="Looking",
            ),
            Command("list", "The open games on this server", players.game_list, section="Looking"),
            Command(
                "mine", "Your open games on this server, those waiting on you first", players.game_mine, section="You"
            ),
            Command(
                "notify",
                "How you hear that a game waits on you: mention, dm or off; your quiet hours",
                players.game_notify,
                (
                    Option("mode", "mention, dm or off", suggest=_notify_modes, high=10),
                    Option("quiet_hours", "No pings in this window, e.g. 23-07, or off", high=10),
                    Option("timezone", "Your time zone, e.g. Europe/Paris", high=60),
                ),
                section="You",
                example="mode:dm quiet_hours:23-07",
            ),
            Command(
                "away",
                "The bot plays your seat for some days or until /game back; your notices pause",
                players.game_away,
                (
                    Option("days", "How many days (1-60); leave out: until /game back", kind="int", low=1, high=60),
                    Option(
                        "game",
                        "One game (its number); leave out: all yours here",
                        kind="int",
                        low=1,
                        high=10**12,
                        suggest=_my_games,
                    ),
                ),
                section="You",
                example="days:7",
            ),
            Command(
                "back", "Take your seats back from the bot and see what you missed", players.game_back, section="You"
            ),
            Command(
                "stats",
                "Games played, finished, won and lost, median time to act, per game",
                _stats,
                (
                    Option("user", "Whose stats (you if left out)", kind="user"),
                    Option("system", "Only this game", suggest=_systems, placeholder="game"),
                ),
                section="Records",
            ),
            Command(
                "top",
                "This server's best players of a game",
                players.game_top,
                (SYSTEM,),
                section="Records",
                example="system:armada",
            ),
            Command(
                "undo",
                "Take back your last move (if nothing was revealed since); host: ask the table",
                Table.game_undo,
                (Option("everyone", "Host: ask every other player to agree to take back the last move", kind="bool"),),
                section="Playing",
            ),
            Command(
                "settings",
                "Show or change reminders, quiet hours, spectators, threads",
                Table.game_settings,
                (
                    Option("key", "Setting name", suggest=_setting_keys, high=40),
                    Option("value", "New value", high=60),
                ),
                section="Host tools",
                example="key:quiet_hours value:22-08",
            ),
            Command(
                "kick",
                "Remove a player; their seat opens for someone else (host)",
                _kick,
                (Option("player", "Who to remove", kind="user", required=True),),
                section="Host tools",
            ),
            Command(
                "timeout",
                "Play the default move for players who ran out of time (host)",
                Table.game_timeout,
                section="Host tools",
            ),
            Command("end", "End the game for everyone (host or Manage Channels)", Table.game_end, section="Host tools"),
            Command(
                "export",
                "Download a game's record: JSON to replay and a readable text log",
                records.game_export,
                (
                    Option(
                        "game",
                        "An earlier game of this channel (its number)",
                        kind="int",
                        low=1,
                        high=10**12,
                        suggest=_earlier_games,
                    ),
                ),
                section="Records",
            ),
            Command(
                "verify",
                "Replay a record from its seed and check it (this channel's game, or an uploaded file)",
                records.game_verify,
                (Option("file", "An exported .json record to check", kind="file"),),
                section="Records",
            ),
        ),
    )
)

TOP = register_group(
    CommandGroup(
        name="",
        help="Playing, dice, rules and help",
        guild_only=False,
        commands=(
            Command(
                "act",
                "Make a move in this channel's game",
                Table.act,
                (
                    Option(
                        "action",
                        "Pick from the suggestions or type the move",
                        required=True,
                        suggest=_actions,
                        high=300,
                    ),
                ),
                example="action:end",
                guild_only=True,
            ),
            Command("actions", "List what you may do now (only you see it)", Table.actions, guild_only=True),
            Command(
                "roll",
                "Roll dice: 2d6+3, 4d6kh3, 1d20 adv, or pools like 8d6>=5",
                _roll,
                (
                    Option("expression", "Dice notation", required=True, high=200, placeholder="dice"),
                    Option("reason", "What the roll is for", high=100),
                    Option("secret", "Only you see the result", kind="bool"),
                ),
                example="expression:2d6+3",
            ),
            Command(
                "rules",
                "A short rules reference for a game",
                _rules,
                (SYSTEM, Option("topic", "Which topic (leave empty for the list)", suggest=_rule_topics, high=100)),
            ),
            Command(
                "help",
                "How to play with Starhost: the basics, or one page per game",
                _help,
                (Option("topic", "A page: game, play, or a game; empty: the index", suggest=_help_topics),),
            ),
        ),
    )
)

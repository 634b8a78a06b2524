"""A player's side of the platform: the games I sit in, the server's games, how I want to be told,
time away (the bot plays my seats), and everyone's record across games.

Both lists skip a damaged game (one whose row cannot be read: its host hears of it in /game
status). With ``spectators off`` a running game shows a non-player only that a private table is
there (system, number, channel): no summary, nobody waited on. Seated players see it in full.
"""

from __future__ import annotations

from rules.core import registry
from sessions.errors import SessionError
from sessions.notify import USER_DEFAULTS, USER_HELP, validate_user_setting
from sessions.service import DamagedGame, is_bot
from sessions.stats import duration
from sessions.store import GameRecord, HandOver

from .commands import Ctx, Table
from .replies import COLOUR_GOOD, Reply
from .spec import UserRef


def _ago(seconds: float) -> str:
    if seconds < 3600:
        return f"{max(1, int(seconds // 60))} min"
    if seconds < 2 * 86400:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} days"


async def _line(table: Table, record: GameRecord, user_id: int | None, viewer: int) -> tuple[bool, str] | None:
    """(waits on the user, one line about the game) as ``viewer`` may see it; None for a damaged game."""
    try:
        if record.status == "lobby":
            system, state = table.service.decode(record)
        else:
            record, state = await table.service.get(record.id)  # from memory when loaded
            system = registry.get(record.system)
    except DamagedGame:
        return None
    where = f"<#{record.channel_id}>"
    if record.status == "lobby":
        seated = sum(1 for s in record.seats if not is_bot(s.user_id))
        return False, f"**{system.name}** #{record.id} in {where}: lobby, {seated} seated"
    if record.seat_of(viewer) is None and not (await table.service.settings_of(record.id)).spectators:
        return False, f"**{system.name}** #{record.id} in {where}: a private table (spectators off)"
    if state is None:
        return False, f"**{system.name}** #{record.id} in {where}"
    prompts = system.pending(state)
    waiting = user_id is not None and any(record.user_of(p.seat) == user_id for p in prompts)
    summary = (system.status_lines(system.view(state, None)) or [""])[0]
    idle = _ago(table.service.clock() - record.last_action_at)
    if waiting:
        asked = next(p.text for p in prompts if record.user_of(p.seat) == user_id)
        text = f"⏳ **{system.name}** #{record.id} in {where}: waits on you for {idle}: {asked}"
    else:
        names = ", ".join(dict.fromkeys(record.seats[p.seat].name for p in prompts if p.seat < len(record.seats)))
        text = f"**{system.name}** #{record.id} in {where}: waiting for {names or 'nobody'} ({idle})"
    return waiting, f"{text}{f' · {summary}' if summary else ''}"


def _until(handover: HandOver) -> str:
    return "until you are back" if handover.ends_at is None else f"until <t:{int(handover.ends_at)}:f>"


async def game_mine(table: Table, ctx: Ctx) -> Reply:
    """Every open game the asker sits in (in this server), those waiting on them first; where they
    are away, who plays for them and until when."""
    records = await table.service.store.games_of_user(ctx.actor.user_id, ctx.guild_id)
    away = await table.service.away_games(ctx.actor.user_id)
    found = [await _line(table, r, ctx.actor.user_id, ctx.actor.user_id) for r in records]
    found = [
        None
        if row is None
        else (row[0], f"{row[1]} · 🤖 the bot plays for you {_until(away[r.id])}")
        if r.id in away and r.status == "active"
        else row
        for r, row in zip(records, found, strict=True)
    ]
    rows = [row for row in found if row is not None]
    rows.sort(key=lambda row: not row[0])
    lines = [text for _, text in rows] or ["You are not seated in any open game here. `/game list` shows them all."]
    waiting = sum(1 for w, _ in rows if w)
    title = f"Your games ({waiting} waiting on you)" if rows else "Your games"
    return Reply(title=title, lines=lines, ephemeral=True)


async def game_list(table: Table, ctx: Ctx) -> Reply:
    """The server's open games, most recently played first."""
    if ctx.guild_id is None:
        raise SessionError("Game lists belong to a server; use this inside one.")
    records = await table.service.store.games_in_guild(ctx.guild_id)
    found = [await _line(table, r, None, ctx.actor.user_id) for r in records]
    lines = [row[1] for row in found if row is not None]
    return Reply(
        title="Games on this server",
        lines=lines or ["No game is open here. Start one with `/game new`."],
        ephemeral=True,
    )


async def game_notify(
    table: Table, ctx: Ctx, mode: str | None = None, quiet_hours: str | None = None, timezone: str | None = None
) -> Reply:
    """How the asker hears that a game waits on them: mention, dm or off; their own quiet hours."""
    changes = {"notify": mode, "quiet_hours": quiet_hours, "timezone": timezone}
    for key, value in changes.items():
        if value is not None and value.strip():
            await table.service.set_user_setting(ctx.actor.user_id, key, validate_user_setting(key, value))
    prefs = await table.service.user_prefs(ctx.actor.user_id)
    changed = any(v for v in changes.values())
    lines = prefs.describe()
    if not changed:
        lines += ["", "Change them with `/game notify mode:dm quiet_hours:23-07 timezone:Europe/Paris`:"]
        lines += [f"• {key}: {USER_HELP[key]} (default {USER_DEFAULTS[key]})" for key in USER_DEFAULTS]
    return Reply(
        title="Your notifications" + (" saved" if changed else ""), lines=lines, ephemeral=True, colour=COLOUR_GOOD
    )


async def game_away(table: Table, ctx: Ctx, days: int | None = None, game: int | None = None) -> Reply:
    """Hand the asker's seat to the bot for ``days`` (or until /game back), in one game or all theirs here."""
    result = await table.service.away(ctx.actor, guild_id=ctx.guild_id, days=days, game_id=game, play_in=ctx.channel_id)
    ends = None if days is None else int(table.service.clock() + days * 86400)
    until = "until you are back" if ends is None else f"until <t:{ends}:f>"
    names = ", ".join(f"#{r.id} {registry.get(r.system).name} in <#{r.channel_id}>" for r in result.games)
    lines = [
        f"The bot plays your seat {until} in: {names}.",
        "It decides from your seat's own view, as you would. Your notices pause meanwhile;"
        " `/game back` takes your seats back, and `/game status` then tells you what you missed.",
    ]
    if result.updates:  # this channel's game was waiting on the asker: the bot played at once
        reply = await table.notice(result.updates[-1])
        reply.private += lines
        return reply
    return Reply(title="You are away", lines=lines, ephemeral=True, colour=COLOUR_GOOD)


async def game_back(table: Table, ctx: Ctx) -> Reply:
    """The asker plays their seats again; each game says what they missed."""
    games = await table.service.back(ctx.actor, guild_id=ctx.guild_id)
    lines = []
    for record in games:
        record, state = await table.service.get(record.id)
        seat = record.seat_of(ctx.actor.user_id)
        lines.append(f"**#{record.id} {registry.get(record.system).name}** in <#{record.channel_id}>: your seat again.")
        if state is not None and seat is not None:
            digest = await table.service.catch_up(record, state, seat, private=True, always=True)
            lines += [f"• {line}" for line in digest.lines] or ["• Nothing happened to you meanwhile."]
    return Reply(title="Welcome back", lines=lines, ephemeral=True, colour=COLOUR_GOOD)


def _system_of(system: str | None) -> str | None:
    if system is None or not system.strip():
        return None
    return registry.get(system.strip().lower()).id


async def game_stats(table: Table, ctx: Ctx, user: UserRef | None = None, system: str | None = None) -> Reply:
    """A player's record on this server, per game: played, finished, won, lost, median time to act."""
    who = user or UserRef(ctx.actor.user_id, ctx.actor.name)
    system_id = _system_of(system)
    rows = await table.service.store.player_stats(who.id, ctx.guild_id, system_id)
    if not rows:
        where = f" of {registry.get(system_id).name}" if system_id else ""
        return Reply(title=f"Stats of {who.name}", lines=[f"No game{where} played here yet."], ephemeral=True)
    lines = [
        f"**{registry.get(r.system).name if r.system in _known() else r.system}**: {r.played} played,"
        f" {r.finished} finished, {r.won} won, {r.lost} lost · median time to act {duration(r.median_wait)}"
        for r in rows
    ]
    lines.append("A co-operative win counts for every seat; time to act is from the move before.")
    return Reply(title=f"Stats of {who.name}", lines=lines, ephemeral=True)


async def game_top(table: Table, ctx: Ctx, system: str) -> Reply:
    """The server's best players of one game: most wins among finished games."""
    if ctx.guild_id is None:
        raise SessionError("The table of best players belongs to a server; use this inside one.")
    system_id = _system_of(system)
    if system_id is None:
        raise SessionError("Which game? For example `/game top system:armada`.")
    name = registry.get(system_id).name
    rows = await table.service.store.standings(ctx.guild_id, system_id)
    lines = [
        f"{place}. **{r.name}**: {r.won} won of {r.finished} finished ({round(100 * r.won / r.finished)} %)"
        for place, r in enumerate(rows, start=1)
        if r.finished
    ]
    return Reply(title=f"Best {name} players here", lines=lines or [f"No game of {name} has finished here yet."])


def _known() -> set[str]:
    return {s.id for s in registry.all_systems()}

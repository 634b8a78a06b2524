"""A player's side of the platform: the games I sit in, the server's games, how I want to be told.

Both lists skip a damaged game (one whose row cannot be read: its host hears of it in /game
status). With ``spectators off`` a running game shows a non-player only that a private table is
there (system, number, channel): no summary, nobody waited on. Seated players see it in full.
"""

from __future__ import annotations

from rules.core import registry
from sessions.errors import SessionError
from sessions.notify import USER_DEFAULTS, USER_HELP, validate_user_setting
from sessions.service import DamagedGame, is_bot
from sessions.store import GameRecord

from .commands import Ctx, Table
from .replies import COLOUR_GOOD, Reply


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


async def game_mine(table: Table, ctx: Ctx) -> Reply:
    """Every open game the asker sits in (in this server), those waiting on them first."""
    records = await table.service.store.games_of_user(ctx.actor.user_id, ctx.guild_id)
    found = [await _line(table, r, ctx.actor.user_id, ctx.actor.user_id) for r in records]
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

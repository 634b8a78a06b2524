"""Which players to remind, and when. The Discord cog runs the loop and sends the pings.

Several shard processes may share one database: each reminder is claimed in the store
(a compare-and-set on the game's version and reminder count) before it is returned, so
exactly one process sends it, and the text is built from the stored state, never from a
cached copy another process may have moved on from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.core import registry

from .notify import plan_delivery
from .service import GameService
from .settings import MIN_REMIND_HOURS, GameSettings
from .store import GameRecord


@dataclass
class Reminder:
    game_id: int
    channel_id: int
    user_ids: list[int]
    """Pinged in the channel."""
    text: str
    number: int  # 1 for the first reminder of this wait
    dm_ids: list[int] = field(default_factory=list)
    """Told by direct message (pinged in the channel if their DMs are closed)."""
    guild_id: int | None = None

    @property
    def link(self) -> str:
        return f"https://discord.com/channels/{self.guild_id or '@me'}/{self.channel_id}"


def reminder_due(record: GameRecord, settings: GameSettings, now: float) -> bool:
    """True when the game has waited a whole interval since the last action or reminder."""
    if record.status != "active" or settings.max_reminders <= 0:
        return False
    if record.reminders_sent >= settings.max_reminders:
        return False
    since = record.last_reminder_at if record.last_reminder_at is not None else record.last_action_at
    if now - since < settings.remind_seconds:
        return False
    return not settings.is_quiet(now)


async def due_reminders(
    service: GameService, now: float, owns: Callable[[GameRecord], bool] | None = None
) -> list[Reminder]:
    """Reminders to send now; each one is claimed (marked sent) before it is returned.

    ``owns`` limits the pass to this process's games (its shards' servers); a reminder another
    process claimed first is left out.
    """
    due: list[Reminder] = []
    # No game can be due sooner than the shortest allowed interval after its last action or reminder.
    idle_before = now - MIN_REMIND_HOURS * 3600
    for record in await service.store.active_games(idle_before=idle_before):
        if owns is not None and not owns(record):
            continue
        settings = GameSettings.parse(await service.store.get_settings(record.id))
        if not reminder_due(record, settings, now) or record.state is None:
            continue
        state = registry.get(record.system).loads(record.state)
        prompts = registry.get(record.system).pending(state)
        users: list[int] = []
        for prompt in prompts:
            user = record.user_of(prompt.seat)
            if user is not None and user > 0 and user not in users:  # not empty seats, not bots
                users.append(user)
        plan = await plan_delivery(service.user_prefs, users, now)
        if not plan.mention and not plan.dm:
            continue  # everyone waited on is in their quiet hours or muted: try again later
        if not await service.store.claim_reminder(record.id, record.version, record.reminders_sent, now):
            continue  # another process sent it, or the game moved on meanwhile
        number = record.reminders_sent + 1
        last = number >= settings.max_reminders
        waiting = "; ".join(p.text for p in prompts[:3])
        name = registry.get(record.system).name
        text = (
            f"Reminder {number}/{settings.max_reminders}: {name} in <#{record.channel_id}> is waiting on you. {waiting}"
        )
        if last:
            text += " This is the last reminder; after it the host can use /game timeout."
        due.append(Reminder(record.id, record.channel_id, plan.mention, text, number, plan.dm, record.guild_id))
    return due

"""Which players to remind, and when; each reminder is counted once it was delivered.

A pass goes game by game, each in its own error boundary: a damaged game (its row cannot be
read) is skipped, and a failure in one game never stops the others. Several shard processes may
share one database, so each reminder is claimed in the store (a compare-and-set on the game's
version and reminder count) right before it is delivered: exactly one process sends it. When the
delivery fails the claim is given back, so the game's reminder budget is not spent and the next
pass (of any process) tries again. The text is built from the stored state, never from a cached
copy another process may have moved on from.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .notify import plan_delivery
from .service import DamagedGame, GameService
from .settings import MIN_REMIND_HOURS, GameSettings
from .store import GameRecord

log = logging.getLogger("starhost.reminders")


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


Deliver = Callable[["Reminder"], Awaitable[bool]]
"""Sends one reminder; True once it reached someone, False (or an exception) when it did not."""


@dataclass
class ReminderPass:
    """What one pass did."""

    delivered: list[Reminder] = field(default_factory=list)
    failed: list[Reminder] = field(default_factory=list)
    """Claimed, not delivered, and given back: the budget is kept and a later pass tries again."""
    damaged: list[int] = field(default_factory=list)
    """Games skipped because their row cannot be read."""
    errors: list[int] = field(default_factory=list)
    """Games skipped because something else went wrong (logged)."""


async def send_reminders(
    service: GameService, now: float, deliver: Deliver, owns: Callable[[GameRecord], bool] | None = None
) -> ReminderPass:
    """Deliver the reminders due now, game by game: claim, deliver, and give the claim back on failure.

    ``owns`` limits the pass to this process's games (its shards' servers); a reminder another
    process claimed first is left out.
    """
    done = ReminderPass()
    # No game can be due sooner than the shortest allowed interval after its last action or reminder.
    idle_before = now - MIN_REMIND_HOURS * 3600
    for record in await service.store.active_games(idle_before=idle_before):
        try:
            if owns is not None and not owns(record):
                continue
            reminder = await _reminder_for(service, record, now)
            if reminder is None:
                continue
            if not await service.store.claim_reminder(record.id, record.version, record.reminders_sent, now):
                continue  # another process sent it, or the game moved on meanwhile
        except DamagedGame:
            done.damaged.append(record.id)  # logged once by the service; its host hears of it in /game status
            continue
        except Exception:
            log.exception("reminder for game #%s skipped", record.id)
            done.errors.append(record.id)
            continue
        try:
            delivered = await deliver(reminder)
        except Exception:
            log.exception("reminder for game #%s not delivered", record.id)
            delivered = False
        if delivered:
            done.delivered.append(reminder)
            continue
        done.failed.append(reminder)
        try:
            await service.store.release_reminder(
                record.id, record.version, record.reminders_sent + 1, now, record.last_reminder_at
            )
        except Exception:
            log.exception("reminder for game #%s could not be given back; it counts as sent", record.id)
    return done


async def _reminder_for(service: GameService, record: GameRecord, now: float) -> Reminder | None:
    """The reminder ``record`` is due now (not claimed), or None; DamagedGame when its row cannot be read."""
    settings = GameSettings.parse(await service.store.get_settings(record.id))
    if not reminder_due(record, settings, now) or record.state is None:
        return None
    system, state = service.decode(record)
    assert state is not None
    prompts = system.pending(state)
    users: list[int] = []
    for prompt in prompts:
        user = record.user_of(prompt.seat)
        if user is not None and user > 0 and user not in users:  # not empty seats, not bots
            users.append(user)
    plan = await plan_delivery(service.user_prefs, users, now)
    if not plan.mention and not plan.dm:
        return None  # everyone waited on is in their quiet hours or muted: try again later
    number = record.reminders_sent + 1
    last = number >= settings.max_reminders
    waiting = "; ".join(p.text for p in prompts[:3])
    where = f"{system.name} in <#{record.channel_id}>"
    text = f"Reminder {number}/{settings.max_reminders}: {where} is waiting on you. {waiting}"
    if last:
        text += " This is the last reminder; after it the host can use /game timeout."
    return Reminder(record.id, record.channel_id, plan.mention, text, number, plan.dm, record.guild_id)


async def due_reminders(
    service: GameService, now: float, owns: Callable[[GameRecord], bool] | None = None
) -> list[Reminder]:
    """The reminders due now, each claimed (counted as sent) as it is returned: for callers that send
    them themselves and cannot fail, like tests and the console. The bot uses :func:`send_reminders`."""

    async def accept(reminder: Reminder) -> bool:
        return True

    return (await send_reminders(service, now, accept, owns)).delivered

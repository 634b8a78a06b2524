"""Which players to remind, and when; deadlines that act; seats the bot plays for players away.

Reminders: each is counted once it was delivered.

A pass goes game by game, each in its own error boundary: a damaged game (its row cannot be
read) is skipped, and a failure in one game never stops the others. Several shard processes may
share one database, so each reminder is claimed in the store (a compare-and-set on the game's
version and reminder count) right before it is delivered: exactly one process sends it. When the
delivery fails the claim is given back, so the game's reminder budget is not spent and the next
pass (of any process) tries again. The text is built from the stored state, never from a cached
copy another process may have moved on from. A reminder carries, for each player it reaches, what
they missed since their last move (public lines; lines only they may know go by DM alone).

Deadlines (:func:`act_on_deadlines`): when a table set ``deadline_hours`` and ``on_deadline``
``default`` or ``bot``, a player asked for longer than that is played for, outside the game's and
the player's quiet hours (which delay it, never skip it). The deadline is claimed in the store like
a reminder (compare-and-set on version and reminder count), so one process acts, once; every later
write is guarded by the game's version besides. Seats handed to the bot whose turn came while no
request was running (an away player's other games) are played by :func:`play_for_the_away`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from . import catchup
from .handover import late_seats
from .notify import plan_delivery
from .service import DamagedGame, GameService, Update
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
    catch_up: dict[int, list[str]] = field(default_factory=dict)
    """What each player reached missed since their last move: public lines only."""
    secret_dms: list[tuple[int, str]] = field(default_factory=list)
    """Lines only one player may know (since their last move), by DM alone, never in the channel."""

    @property
    def link(self) -> str:
        return f"https://discord.com/channels/{self.guild_id or '@me'}/{self.channel_id}"

    def channel_text(self, pinged: list[int]) -> str:
        """The reminder as posted in the channel for ``pinged``, with each one's catch-up."""
        parts = [" ".join(f"<@{uid}>" for uid in pinged) + f" {self.text}"]
        for user in pinged:
            if self.catch_up.get(user):
                parts.append(catchup.as_text(self.catch_up[user], f"<@{user}>'s"))
        return "\n".join(parts)

    def dm_text(self, user: int) -> str:
        """The reminder as a DM to ``user`` (public lines: a closed DM falls back to the channel)."""
        parts = [f"{self.text} {self.link}"]
        if self.catch_up.get(user):
            parts.append(catchup.as_text(self.catch_up[user]))
        return "\n".join(parts)


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
    away = await service.handed_over(record)
    users: list[int] = []
    for prompt in prompts:
        user = record.user_of(prompt.seat)
        # not empty seats, not bots, not players away (the bot plays for them; their notices pause)
        if user is not None and user > 0 and user not in users and prompt.seat not in away:
            users.append(user)
    plan = await plan_delivery(service.user_prefs, users, now)
    if not plan.mention and not plan.dm:
        return None  # everyone waited on is in their quiet hours or muted: try again later
    number = record.reminders_sent + 1
    last = number >= settings.max_reminders
    waiting = "; ".join(p.text for p in prompts[:3])
    where = f"{system.name} in <#{record.channel_id}>"
    text = f"Reminder {number}/{settings.max_reminders}: {where} is waiting on you. {waiting}"
    if settings.deadline_acts:
        what = "the bot plays for" if settings.on_deadline == "bot" else "the default is played for"
        text += f" After {settings.deadline_hours} h without a move, {what} whoever is late."
    elif last:
        text += " This is the last reminder; after it the host can use /game timeout."
    reminder = Reminder(record.id, record.channel_id, plan.mention, text, number, plan.dm, record.guild_id)
    for user in [*plan.mention, *plan.dm]:
        seat = record.seat_of(user)
        if seat is None:
            continue
        digest = await service.catch_up(record, state, seat, private=user in plan.dm)
        if digest:
            reminder.catch_up[user] = catchup.public(digest)
        if digest.secret:
            only = catchup.as_text(digest.secret, "your")
            reminder.secret_dms.append((user, f"{system.name} in <#{record.channel_id}>, only for you. {only}"))
    return reminder


async def due_reminders(
    service: GameService, now: float, owns: Callable[[GameRecord], bool] | None = None
) -> list[Reminder]:
    """The reminders due now, each claimed (counted as sent) as it is returned: for callers that send
    them themselves and cannot fail, like tests and the console. The bot uses :func:`send_reminders`."""

    async def accept(reminder: Reminder) -> bool:
        return True

    return (await send_reminders(service, now, accept, owns)).delivered


MIN_DEADLINE_HOURS = 1
"""No deadline is shorter than this (the setting's lowest value)."""


async def act_on_deadlines(
    service: GameService, now: float, owns: Callable[[GameRecord], bool] | None = None
) -> list[Update]:
    """Play for the players past their table's deadline (``on_deadline`` default or bot), game by game.

    Each game's deadline is claimed in the store before anything is played, so one process acts on
    it, once. Returns the updates to narrate in each game's channel.
    """
    done: list[Update] = []
    for record in await service.store.waiting_games(now - MIN_DEADLINE_HOURS * 3600):
        try:
            if owns is not None and not owns(record):
                continue
            settings = GameSettings.parse(await service.store.get_settings(record.id))
            late_for = now - record.last_action_at
            if not settings.deadline_acts or late_for < (settings.deadline_hours or 0) * 3600:
                continue
            if settings.is_quiet(now) or record.state is None:
                continue  # the game's quiet hours delay the deadline; the next pass after them acts
            system, state = service.decode(record)
            assert state is not None
            handed = await service.handed_over(record)
            seats = late_seats(record, [p.seat for p in system.pending(state)], handed)
            seats = [s for s in seats if not await _quiet_for(service, record, s, now)]
            if not seats:
                continue
            if not await service.store.claim_reminder(record.id, record.version, record.reminders_sent, now):
                continue  # another process acts on it, or the game moved on meanwhile
        except DamagedGame:
            continue
        except Exception:
            log.exception("deadline of game #%s skipped", record.id)
            continue
        try:
            update = await service.act_on_deadline(record.id, record.version, seats, settings.on_deadline, late_for)
        except Exception:
            log.exception("deadline of game #%s could not be acted on", record.id)
            await _give_back(service, record, now)
            continue
        if update is not None:
            done.append(update)
    return done


async def play_for_the_away(
    service: GameService, now: float, owns: Callable[[GameRecord], bool] | None = None
) -> list[Update]:
    """Let the bot play the seats handed to it whose turn came while nobody's request was running."""
    done: list[Update] = []
    for game_id in await service.store.handover_games():
        try:
            record = await service.store.get_game(game_id)
            if record is None or record.status != "active" or (owns is not None and not owns(record)):
                continue
            system, state = service.decode(record)
            assert state is not None
            handed = await service.handed_over(record)
            if not any(p.seat in handed for p in system.pending(state)):
                continue
            if not await service.store.claim_reminder(record.id, record.version, record.reminders_sent, now):
                continue
            update = await service.play_handed_over(record.id, version=record.version)
        except DamagedGame:
            continue
        except Exception:
            log.exception("the bot could not play for an away player in game #%s", game_id)
            continue
        if update is not None:
            done.append(update)
    return done


async def _quiet_for(service: GameService, record: GameRecord, seat: int, now: float) -> bool:
    user = record.user_of(seat)
    return user is not None and user > 0 and (await service.user_prefs(user)).is_quiet(now)


async def _give_back(service: GameService, record: GameRecord, now: float) -> None:
    try:
        await service.store.release_reminder(
            record.id, record.version, record.reminders_sent + 1, now, record.last_reminder_at
        )
    except Exception:
        log.exception("the deadline claim of game #%s could not be given back", record.id)

"""Reminders: once per interval, quiet hours in the game's time zone, a bounded number."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from sessions.errors import SessionError
from sessions.reminders import due_reminders
from sessions.service import Actor, GameService
from sessions.settings import GameSettings
from sessions.store import SqliteStore

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def at(text: str, tz: str = "UTC") -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(tz)).timestamp()


@pytest.fixture
async def game(tmp_path: Path):
    clock = Clock(at("2026-03-02T12:00:00"))
    svc = GameService(SqliteStore(tmp_path / "r.db"), clock=clock, seed_source=lambda: 3)
    await svc.open()
    await svc.new_game(channel_id=5, guild_id=1, host=ALICE, system_id="pig")
    await svc.join(5, BOB)
    await svc.start(5, ALICE)
    yield svc, clock
    await svc.close()


async def test_one_reminder_per_interval_then_stop(game) -> None:
    svc, clock = game
    assert await due_reminders(svc, clock.now + 23 * 3600) == []
    sent = []
    for hour in range(24, 24 * 6, 1):
        sent += await due_reminders(svc, clock.now + hour * 3600)
    assert [r.number for r in sent] == [1, 2, 3]  # default: three reminders at most
    assert all(r.user_ids == [ALICE.user_id] for r in sent)
    assert "last reminder" in sent[-1].text


async def test_an_action_resets_the_reminders(game) -> None:
    svc, clock = game
    clock.now += 25 * 3600
    assert len(await due_reminders(svc, clock.now)) == 1
    await svc.act(actor=ALICE, action="hold", channel_id=5)  # now bob's turn
    assert await due_reminders(svc, clock.now + 3600) == []
    [reminder] = await due_reminders(svc, clock.now + 24 * 3600)
    assert reminder.user_ids == [BOB.user_id] and reminder.number == 1


async def test_quiet_hours_follow_the_games_time_zone(game) -> None:
    svc, _ = game
    await svc.change_setting(5, ALICE, "timezone", "America/New_York")
    await svc.change_setting(5, ALICE, "quiet_hours", "22-08")
    # 12:00 UTC next day is 07:00 in New York (winter time): quiet.
    assert await due_reminders(svc, at("2026-03-03T12:00:00")) == []
    # 13:00 UTC is 08:00 in New York: the reminder goes out.
    assert len(await due_reminders(svc, at("2026-03-03T13:00:00"))) == 1


async def test_settings_are_validated(game) -> None:
    svc, _ = game
    for key, value in [
        ("remind_hours", "0"),
        ("remind_hours", "abc"),
        ("quiet_hours", "25-3"),
        ("timezone", "Mars/Olympus"),
        ("spectators", "maybe"),
        ("colour", "red"),
    ]:
        with pytest.raises(SessionError):
            await svc.change_setting(5, ALICE, key, value)
    with pytest.raises(SessionError, match="host"):
        await svc.change_setting(5, BOB, "remind_hours", "2")
    settings = await svc.change_setting(5, ALICE, "remind_hours", "2")
    assert settings.remind_hours == 2


def test_quiet_window_wraps_midnight() -> None:
    settings = GameSettings(quiet_start=22, quiet_end=8, timezone="UTC")
    assert settings.is_quiet(at("2026-01-01T23:30:00"))
    assert settings.is_quiet(at("2026-01-01T03:00:00"))
    assert not settings.is_quiet(at("2026-01-01T08:00:00"))
    assert not GameSettings().is_quiet(at("2026-01-01T03:00:00"))


async def test_a_player_in_their_own_quiet_hours_is_reminded_later(game) -> None:
    """alice's own quiet hours (22-08 in Tokyo) hold the reminder back; it comes once they are over."""
    svc, _clock = game
    await svc.set_user_setting(ALICE.user_id, "quiet_hours", "22-08")
    await svc.set_user_setting(ALICE.user_id, "timezone", "Asia/Tokyo")
    night = at("2026-03-03T23:30:00", "Asia/Tokyo")
    assert await due_reminders(svc, night) == []
    morning = at("2026-03-04T09:00:00", "Asia/Tokyo")
    sent = await due_reminders(svc, morning)
    assert [r.number for r in sent] == [1], "held back, not lost"


async def test_reminders_go_by_direct_message_or_not_at_all_as_each_player_asked(game) -> None:
    svc, clock = game
    await svc.set_user_setting(ALICE.user_id, "notify", "dm")
    (reminder,) = await due_reminders(svc, clock.now + 25 * 3600)
    assert reminder.user_ids == [] and reminder.dm_ids == [ALICE.user_id]
    assert "Pig" in reminder.text and reminder.link.endswith("/1/5")
    await svc.set_user_setting(ALICE.user_id, "notify", "off")
    assert await due_reminders(svc, clock.now + 60 * 3600) == []

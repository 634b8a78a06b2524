"""Reminders are counted only once delivered, game by game, each in its own error boundary.

A reminder is claimed in the store right before it is delivered (so exactly one process sends it),
and the claim is given back when the delivery fails, so a failure never spends a game's budget.
On SQLite and on PostgreSQL; the Discord cog's delivery is checked with a stand-in bot.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.reminders import RETRY_SECONDS, ReminderCog
from sessions.reminders import Reminder, send_reminders
from tests.test_damaged_games import ALICE, BACKENDS, CHANNELS, HOUR, START, World, open_world, started_games

DUE = START + 25 * HOUR


@pytest.fixture(params=BACKENDS)
async def world(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[World]:
    made = await open_world(request.param, tmp_path)
    yield made
    for svc in made.services:
        await svc.close()


async def test_each_claim_comes_right_before_its_delivery(world: World) -> None:
    svc = await world.service()
    ids = list((await started_games(svc)).values())
    seen: list[dict[int, int]] = []

    async def deliver(reminder: Reminder) -> bool:
        seen.append(await world.counts(svc, ids))
        return True

    report = await send_reminders(svc, DUE, deliver)
    assert [r.game_id for r in report.delivered] == ids
    # While the first game's reminder goes out, only it is claimed; the others wait their turn.
    assert seen == [
        {ids[0]: 1, ids[1]: 0, ids[2]: 0},
        {ids[0]: 1, ids[1]: 1, ids[2]: 0},
        {ids[0]: 1, ids[1]: 1, ids[2]: 1},
    ]


async def test_a_failed_delivery_keeps_the_budget_and_the_others_go_out(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    svc = await world.service()
    ids = list((await started_games(svc)).values())
    flaky, raising = ids[0], ids[1]
    delivered: list[Reminder] = []

    async def deliver(reminder: Reminder) -> bool:
        if reminder.game_id == raising:
            raise RuntimeError("the network fell over")
        if reminder.game_id == flaky:
            return False
        delivered.append(reminder)
        return True

    caplog.set_level(logging.INFO)
    for hour in range(25, 25 + 24 * 4):
        report = await send_reminders(svc, START + hour * HOUR, deliver)
        assert {r.game_id for r in report.failed} <= {flaky, raising}
    assert [r.number for r in delivered] == [1, 2, 3]
    assert await world.counts(svc, ids) == {flaky: 0, raising: 0, ids[2]: 3}
    assert any("the network fell over" in (r.exc_text or "") or r.exc_info for r in caplog.records)

    async def works(reminder: Reminder) -> bool:
        delivered.append(reminder)
        return True

    report = await send_reminders(svc, START + 200 * HOUR, works)
    assert sorted((r.game_id, r.number) for r in report.delivered) == [(flaky, 1), (raising, 1)]
    assert await world.counts(svc, ids) == {flaky: 1, raising: 1, ids[2]: 3}


async def test_two_passes_at_once_send_each_reminder_exactly_once(world: World) -> None:
    """Two processes (two services, two connections or pools) on one database: each reminder goes out once."""
    first = await world.service()
    ids = list((await started_games(first)).values())
    second = await world.service()
    sent: list[tuple[str, int]] = []

    def deliverer(name: str):
        async def deliver(reminder: Reminder) -> bool:
            await asyncio.sleep(0.01)  # let the other pass run meanwhile
            sent.append((name, reminder.game_id))
            return True

        return deliver

    await asyncio.gather(send_reminders(first, DUE, deliverer("a")), send_reminders(second, DUE, deliverer("b")))
    assert sorted(g for _, g in sent) == sorted(ids)
    assert await world.counts(first, ids) == dict.fromkeys(ids, 1)


async def test_a_claim_given_back_is_sent_by_whichever_process_comes_next(world: World) -> None:
    first = await world.service()
    ids = list((await started_games(first)).values())
    second = await world.service()

    async def refuse(reminder: Reminder) -> bool:
        return False

    async def accept(reminder: Reminder) -> bool:
        return True

    assert (await send_reminders(first, DUE, refuse)).delivered == []
    report = await send_reminders(second, DUE + 60, accept)
    assert sorted(r.game_id for r in report.delivered) == sorted(ids)
    assert all(r.number == 1 for r in report.delivered)


# -- the Discord cog's delivery ---------------------------------------------------------------------
def http_error(status: int, cls: type[discord.HTTPException]) -> discord.HTTPException:
    return cls(SimpleNamespace(status=status, reason="no"), "no")


class FakeChannel:
    def __init__(self, channel_id: int, failing: bool) -> None:
        self.id = channel_id
        self.failing = failing
        self.sent: list[str] = []

    async def send(self, content: str, **_: Any) -> None:
        if self.failing:
            raise http_error(403, discord.Forbidden)
        self.sent.append(content)


class FakeBot:
    """Just what the reminder cog uses of a bot."""

    def __init__(self, service: Any, broken_channels: set[int]) -> None:
        self.service = service
        self.channels = {c: FakeChannel(c, c in broken_channels) for c in CHANNELS}

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id)

    async def fetch_channel(self, channel_id: int) -> FakeChannel:
        raise http_error(404, discord.NotFound)

    def get_user(self, user_id: int) -> None:
        return None

    async def fetch_user(self, user_id: int) -> Any:
        raise http_error(403, discord.Forbidden)  # DMs closed


async def test_the_cog_counts_only_delivered_reminders_and_retries_later(world: World) -> None:
    svc = await world.service()
    ids = await started_games(svc)
    await svc.set_user_setting(ALICE.user_id, "notify", "dm")  # DMs closed: pinged in the channel instead
    bot = FakeBot(svc, broken_channels={CHANNELS[0]})
    cog = ReminderCog(bot)  # type: ignore[arg-type]
    world.clock.now = DUE
    assert await cog.send_due() == 2
    counts = await world.counts(svc, list(ids.values()))
    assert counts == {ids[CHANNELS[0]]: 0, ids[CHANNELS[1]]: 1, ids[CHANNELS[2]]: 1}
    assert all("Reminder 1/3" in bot.channels[c].sent[0] for c in CHANNELS[1:])
    # The broken channel is not hammered every minute: it is tried again after a while.
    world.clock.now = DUE + 60
    assert await cog.send_due() == 0
    bot.channels[CHANNELS[0]].failing = False
    world.clock.now = DUE + RETRY_SECONDS + 60
    assert await cog.send_due() == 1
    assert "Reminder 1/3" in bot.channels[CHANNELS[0]].sent[0]
    assert (await world.counts(svc, [ids[CHANNELS[0]]])) == {ids[CHANNELS[0]]: 1}

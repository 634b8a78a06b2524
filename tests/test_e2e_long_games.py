"""End to end through the Discord stand-in: /game away, /game back, /game stats and /game top."""

from __future__ import annotations

import pytest

import bot as starhost
from tests.standin import FakeUser, StandIn

from .test_e2e_bot import GUILD, make_config

pytestmark = pytest.mark.e2e

CHAN = 930000000000000020
ALICE = FakeUser(id=730000000000000011, name="alice")
BOB = FakeUser(id=730000000000000012, name="bob")
CAROL = FakeUser(id=730000000000000013, name="carol")


@pytest.fixture
async def running(tmp_path):
    async with StandIn(guild_id=GUILD, channel_ids=[CHAN], users=[ALICE, BOB, CAROL]) as standin:
        bot = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(bot)
        await standin.wait_for_commands(GUILD)
        try:
            yield standin, bot
        finally:
            await standin.stop_client()


async def test_away_back_stats_and_top_through_discord(running) -> None:
    standin, _ = running
    await standin.slash("game new", {"system": "pig", "options": "target=30"}, user=ALICE, channel_id=CHAN)
    await standin.slash("game join", user=BOB, channel_id=CHAN)
    await standin.slash("game start", user=ALICE, channel_id=CHAN)
    await standin.slash("act", {"action": "hold"}, user=ALICE, channel_id=CHAN)  # bob's turn now
    away = await standin.slash("game away", {"days": 2}, user=BOB, channel_id=CHAN)
    assert "bob is away: the bot plays their seat." in away.text, "the table reads it"
    assert any("The bot plays your seat until" in m.content for m in away.followups if m.ephemeral)
    mine = await standin.slash("game mine", user=BOB, channel_id=CHAN)
    assert mine.ephemeral and "the bot plays for you until" in mine.text
    # alice plays on; the bot answers for bob at once, narrated, without pinging him
    played = await standin.slash("act", {"action": "hold"}, user=ALICE, channel_id=CHAN)
    assert "bob is away: the bot plays" in played.text
    back = await standin.slash("game back", user=BOB, channel_id=CHAN)
    assert back.ephemeral and "Welcome back" in back.text and "your seat again" in back.text
    again = await standin.slash("game back", user=BOB, channel_id=CHAN)
    assert again.ephemeral and "not away" in again.text
    refused = await standin.slash("game away", {"game": 999999}, user=BOB, channel_id=CHAN)
    assert refused.ephemeral and "There is no game #999999 on this server" in refused.text
    for _ in range(80):  # play the game out: alice and bob roll and hold
        status = await standin.slash("game status", user=ALICE, channel_id=CHAN)
        if "wins" in status.text or "Game over" in status.text:
            break
        mover = ALICE if f"<@{ALICE.id}>" in status.text else BOB
        await standin.slash("act", {"action": "roll"}, user=mover, channel_id=CHAN)
        await standin.slash("act", {"action": "hold"}, user=mover, channel_id=CHAN)
    stats = await standin.slash("game stats", {"user": ALICE}, user=BOB, channel_id=CHAN)
    assert "Stats of alice" in stats.text and "1 played, 1 finished" in stats.text
    top = await standin.slash("game top", {"system": "pig"}, user=CAROL, channel_id=CHAN)
    assert "Best Pig (test game) players here" in top.text and "of 1 finished" in top.text
    wrong = await standin.slash("game top", {"system": "chess"}, user=CAROL, channel_id=CHAN)
    assert wrong.ephemeral and "There is no game called 'chess'" in wrong.text

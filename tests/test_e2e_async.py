"""End to end through the Discord stand-in: my games, DMs (and closed DMs), long narration, undo, bots."""

from __future__ import annotations

import re

import pytest

import bot as starhost
from tests.standin import ALL_PERMISSIONS, FakeUser, StandIn

from .test_e2e_bot import GUILD, make_config

pytestmark = pytest.mark.e2e

CHAN = 930000000000000010
OTHER = 930000000000000011
ALICE = FakeUser(id=730000000000000001, name="alice")
BOB = FakeUser(id=730000000000000002, name="bob", dms_open=False)
CAROL = FakeUser(id=730000000000000003, name="carol")
MOD = FakeUser(id=730000000000000004, name="mod", permissions=ALL_PERMISSIONS)


@pytest.fixture
async def running(tmp_path):
    async with StandIn(guild_id=GUILD, channel_ids=[CHAN, OTHER], users=[ALICE, BOB, CAROL, MOD]) as standin:
        bot = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(bot)
        await standin.wait_for_commands(GUILD)
        try:
            yield standin, bot
        finally:
            await standin.stop_client()


async def pig(standin: StandIn, host: FakeUser, other: FakeUser, channel: int, options: str = "target=30") -> None:
    await standin.slash("game new", {"system": "pig", "options": options}, user=host, channel_id=channel)
    await standin.slash("game join", user=other, channel_id=channel)
    await standin.slash("game start", user=host, channel_id=channel)


async def test_my_games_across_channels_and_a_thread(running) -> None:
    standin, _ = running
    await pig(standin, ALICE, BOB, CHAN)  # waits on alice
    await pig(standin, BOB, ALICE, OTHER)  # waits on bob
    await standin.slash("game settings", {"key": "thread_per_game", "value": "on"}, user=MOD, channel_id=CHAN)
    opened = await standin.slash("game new", {"system": "pig"}, user=CAROL, channel_id=CHAN)
    thread = int(re.search(r"<#(\d+)>", opened.text)[1])
    await standin.slash("game join", user=ALICE, channel_id=thread)
    mine = await standin.slash("game mine", user=ALICE, channel_id=OTHER)
    assert mine.ephemeral and "1 waiting on you" in mine.embed["title"]
    lines = mine.embed["description"].splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("⏳") and f"<#{CHAN}>" in lines[0], "the game waiting on alice comes first"
    assert any(f"<#{OTHER}>" in line and "waiting for bob" in line for line in lines)
    assert any(f"<#{thread}>" in line and "lobby" in line for line in lines)
    listing = await standin.slash("game list", user=CAROL, channel_id=CHAN)
    assert len(listing.embed["description"].splitlines()) == 3


async def test_direct_messages_and_the_fallback_when_they_are_closed(running) -> None:
    standin, _ = running
    saved = await standin.slash("game notify", {"mode": "dm"}, user=BOB, channel_id=CHAN)
    assert "notify: dm" in saved.text
    await standin.slash("game notify", {"mode": "dm"}, user=ALICE, channel_id=CHAN)
    await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
    await standin.slash("game join", user=BOB, channel_id=CHAN)
    started = await standin.slash("game start", user=ALICE, channel_id=CHAN)
    # alice asked for DMs and hers are open: a DM with the game and a link, no ping in the channel
    dms = standin.direct_messages[ALICE.id]
    assert "Pig" in dms[-1].content and f"/channels/{GUILD}/{CHAN}" in dms[-1].content
    allowed = [str((r.json or {}).get("allowed_mentions")) for r in started.requests]
    assert allowed and all(str(ALICE.id) not in a for a in allowed), "named, but not pinged"
    held = await standin.slash("act", {"action": "hold"}, user=ALICE, channel_id=CHAN)
    # bob asked for DMs but closed them: the bot falls back to a ping in the channel
    assert BOB.id not in standin.direct_messages
    assert any(f"<@{BOB.id}>" in m.content and "Pig" in m.content for m in held.followups)


async def test_a_long_narration_arrives_whole_and_in_order(running) -> None:
    standin, _ = running
    await pig(standin, ALICE, BOB, CHAN)
    told = await standin.slash("act", {"action": "story 150"}, user=ALICE, channel_id=CHAN)
    text = "\n".join((m.embeds[0].get("description") or "") for m in told.messages if m.embeds)
    numbers = [int(n) for n in re.findall(r"Line (\d{3}) of", text)]
    assert len(text) > 9000
    assert numbers == list(range(1, 151)), "every line, once, in order"
    assert len(told.messages) >= 3


async def test_undo_through_discord(running) -> None:
    standin, _ = running
    await pig(standin, ALICE, BOB, CHAN)
    await standin.slash("act", {"action": "hold"}, user=ALICE, channel_id=CHAN)
    undone = await standin.slash("game undo", user=ALICE, channel_id=CHAN)
    assert "alice takes back `hold`" in undone.text
    await standin.slash("act", {"action": "roll"}, user=ALICE, channel_id=CHAN)
    refused = await standin.slash("game undo", user=ALICE, channel_id=CHAN)
    assert refused.ephemeral and "a die was rolled" in refused.text and "everyone:yes" in refused.text
    asked = await standin.slash("game undo", {"everyone": True}, user=ALICE, channel_id=CHAN)
    agree = next(cid for cid in asked.custom_ids if cid.endswith(":yes"))
    wrong = await standin.click(asked, agree, user=CAROL)
    assert wrong.ephemeral and "not waiting for your answer" in wrong.text
    agreed = await standin.click(asked, agree, user=BOB)
    assert "The table agreed" in agreed.text


async def test_a_bot_seat_through_discord(running) -> None:
    standin, _ = running
    await standin.slash("game new", {"system": "pig", "options": "target=10"}, user=ALICE, channel_id=CHAN)
    lobby = await standin.slash("game addbot", user=ALICE, channel_id=CHAN)
    assert "Bot 2 (bot)" in lobby.embed["description"]
    await standin.slash("game start", user=ALICE, channel_id=CHAN)
    played = await standin.slash("act", {"action": "hold"}, user=ALICE, channel_id=CHAN)
    assert "Bot 2 plays" in played.text

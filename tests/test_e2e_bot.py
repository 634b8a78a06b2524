"""End to end: the real Starhost bot (discord.py 2.7) against the local Discord stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot as starhost
from tests.e2e_support import bot_config
from tests.standin import ALL_PERMISSIONS, FakeUser, StandIn

pytestmark = pytest.mark.e2e

GUILD = 920000000000000001
CHAN = 920000000000000010
OTHER = 920000000000000011
ALICE = FakeUser(id=720000000000000001, name="alice")
BOB = FakeUser(id=720000000000000002, name="bob")
CAROL = FakeUser(id=720000000000000003, name="carol")
MOD = FakeUser(id=720000000000000004, name="mod", permissions=ALL_PERMISSIONS)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def make_config(tmp_path: Path) -> starhost.Config:
    return bot_config(tmp_path, GUILD, extra_systems=("tests.fixtures.pig",))


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[tuple[StandIn, object]]:
    async with StandIn(guild_id=GUILD, channel_ids=[CHAN, OTHER], users=[ALICE, BOB, CAROL, MOD]) as standin:
        bot = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(bot)
        await standin.wait_for_commands(GUILD)
        try:
            yield standin, bot
        finally:
            await standin.stop_client()


async def test_commands_are_synced_once(tmp_path: Path) -> None:
    async with StandIn(guild_id=GUILD, channel_ids=[CHAN], users=[ALICE]) as standin:
        bot = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(bot)
        commands = await standin.wait_for_commands(GUILD)
        names = {c["name"] for c in commands}
        assert {"game", "act", "roll", "rules", "help"} <= names
        game = next(c for c in commands if c["name"] == "game")
        subcommands = {o["name"] for o in game["options"]}
        assert {
            "new",
            "join",
            "leave",
            "start",
            "status",
            "log",
            "end",
            "settings",
            "export",
            "verify",
            "kick",
            "timeout",
        } <= subcommands
        await standin.stop_client()
        syncs = len(standin.requests_to("PUT", r"/applications/.*/commands"))
        # A restart with the same command tree does not sync again.
        bot = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(bot)
        await standin.stop_client()
        assert len(standin.requests_to("PUT", r"/applications/.*/commands")) == syncs


async def test_a_game_through_discord(running) -> None:
    standin, _ = running
    lobby = await standin.slash("game new", {"system": "pig", "options": "target=10"}, user=ALICE, channel_id=CHAN)
    assert "table #" in lobby.embed["title"]
    assert any(cid.endswith(":join") for cid in lobby.custom_ids)

    # Bob joins with the lobby's button: the lobby message is edited in place.
    join_id = next(cid for cid in lobby.custom_ids if cid.endswith(":join"))
    joined = await standin.click(lobby, join_id, user=BOB)
    assert "bob" in joined.embed["description"]

    started = await standin.slash("game start", user=ALICE, channel_id=CHAN)
    assert started.files["board.png"].startswith(PNG_MAGIC)
    assert f"<@{ALICE.id}>" in started.content  # exactly the player who must act is pinged
    assert f"<@{BOB.id}>" not in started.content
    roll_id = next(cid for cid in started.custom_ids if cid.startswith("sh:act:") and cid.endswith(":0"))

    # Bob may not press Alice's button; nothing changes.
    refused = await standin.click(started, roll_id, user=BOB)
    assert refused.ephemeral and "alice" in refused.text.lower()

    pressed = await standin.click(started, roll_id, user=ALICE)
    board = pressed.followups[-1]  # a new message with the new board
    assert not pressed.message.custom_ids  # the old board lost its buttons
    assert board.files["board.png"].startswith(PNG_MAGIC)
    assert "rolls" in board.text

    # A spectator's status shows the board and who must act, without pinging anyone.
    now = await standin.slash("game status", user=CAROL, channel_id=CHAN)
    assert now.files["board.png"].startswith(PNG_MAGIC)
    assert "<@" not in now.content
    actor = ALICE if f"<@{ALICE.id}> —" in now.text else BOB
    assert f"<@{actor.id}> —" in now.text

    # Typed actions, with autocomplete from legal().
    choices = await standin.autocomplete("act", focused="action", value="", user=actor, channel_id=CHAN)
    assert {c["value"] for c in choices} == {"roll", "hold"}
    assert await standin.autocomplete("act", focused="action", value="", user=CAROL, channel_id=CHAN) == []
    typed = await standin.slash("act", {"action": "hold"}, user=actor, channel_id=CHAN)
    assert "banks" in typed.text

    # The status board's buttons are now stale: refused, privately, with nothing changed.
    act_id = next(cid for cid in now.custom_ids if cid.startswith("sh:act:"))
    stale = await standin.click(now, act_id, user=actor)
    assert stale.ephemeral and "out of date" in stale.text


async def test_refusals_are_private_and_clear(running) -> None:
    standin, _ = running
    nothing = await standin.slash("game start", user=ALICE, channel_id=OTHER)
    assert nothing.ephemeral and "no game" in nothing.text.lower()
    await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
    second = await standin.slash("game new", {"system": "pig"}, user=BOB, channel_id=CHAN)
    assert second.ephemeral and "already has a game" in second.text
    not_host = await standin.slash("game start", user=BOB, channel_id=CHAN)
    assert not_host.ephemeral and "host" in not_host.text
    bad_roll = await standin.slash("roll", {"expression": "1d1e1"}, user=BOB, channel_id=CHAN)
    assert bad_roll.ephemeral
    ok_roll = await standin.slash("roll", {"expression": "8d6>=5", "reason": "volley"}, user=BOB, channel_id=CHAN)
    assert not ok_roll.ephemeral and "success" in ok_roll.text


async def test_end_needs_confirmation_and_rights(running) -> None:
    standin, _ = running
    await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
    refused = await standin.slash("game end", user=BOB, channel_id=CHAN)
    assert refused.ephemeral and "host" in refused.text
    ask = await standin.slash("game end", user=MOD, channel_id=CHAN)
    assert ask.ephemeral
    yes = next(cid for cid in ask.custom_ids if cid.endswith(":yes"))
    done = await standin.click(ask, yes, user=MOD)
    assert "ended" in done.text.lower()
    again = await standin.slash("game status", user=ALICE, channel_id=CHAN)
    assert again.ephemeral and "ended before it started" in again.text


async def test_rules_and_help(running) -> None:
    standin, _ = running
    topics = await standin.autocomplete(
        "rules", focused="topic", value="", options={"system": "pig"}, user=ALICE, channel_id=CHAN
    )
    assert topics == []  # the test game has no reference text
    games = await standin.autocomplete("game new", focused="system", value="pi", user=ALICE, channel_id=CHAN)
    assert any(c["value"] == "pig" for c in games)
    helped = await standin.slash("help", user=ALICE, channel_id=CHAN)
    assert helped.ephemeral and "/game new" in helped.text


async def test_reminders_ping_the_waiting_player_in_the_channel(running) -> None:
    standin, bot = running
    await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
    await standin.slash("game join", user=BOB, channel_id=CHAN)
    await standin.slash("game start", user=ALICE, channel_id=CHAN)
    real_clock = bot.service.clock
    bot.service.clock = lambda: real_clock() + 25 * 3600
    sent = await bot.get_cog("ReminderCog").send_due()
    assert sent == 1
    message = await standin.wait_for_message(CHAN, predicate=lambda m: "Reminder 1/3" in m.content)
    assert f"<@{ALICE.id}>" in message.content and f"<@{BOB.id}>" not in message.content
    assert await bot.get_cog("ReminderCog").send_due() == 0  # once per interval


async def test_thread_per_game(running) -> None:
    standin, _ = running
    refused = await standin.slash("game settings", {"key": "thread_per_game", "value": "on"}, user=BOB, channel_id=CHAN)
    assert refused.ephemeral and "manage channels" in refused.text
    await standin.slash("game settings", {"key": "thread_per_game", "value": "on"}, user=MOD, channel_id=CHAN)
    opened = await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
    assert opened.ephemeral and "ready in" in opened.text
    thread_posts = standin.requests_to("POST", r"/channels/\d+/threads")
    assert len(thread_posts) == 1
    typo = await standin.slash("game new", {"system": "chess"}, user=ALICE, channel_id=CHAN)
    assert typo.ephemeral and "no game called" in typo.text
    assert len(standin.requests_to("DELETE", r"/channels/\d+$")) == 1  # its thread was removed
    # The channel itself stays free for another table.
    second = await standin.slash("game new", {"system": "pig"}, user=BOB, channel_id=CHAN)
    assert second.ephemeral and "ready in" in second.text


async def test_buttons_survive_a_restart(tmp_path: Path) -> None:
    async with StandIn(guild_id=GUILD, channel_ids=[CHAN], users=[ALICE, BOB]) as standin:
        first = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(first)
        await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
        await standin.slash("game join", user=BOB, channel_id=CHAN)
        board = await standin.slash("game start", user=ALICE, channel_id=CHAN)
        await standin.stop_client()

        second = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(second)
        hold = next(cid for cid in board.custom_ids if cid.startswith("sh:act:") and cid.endswith(":1"))
        pressed = await standin.click(board, hold, user=ALICE)
        assert "banks" in pressed.followups[-1].text
        await standin.stop_client()


async def test_unexpected_errors_get_a_reference_and_change_nothing(running, monkeypatch) -> None:
    standin, bot = running

    def broken() -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(bot.table, "help", broken)
    reply = await standin.slash("help", user=ALICE, channel_id=CHAN)
    assert reply.ephemeral and "reference" in reply.text and "kaboom" not in reply.text


async def test_sigterm_closes_the_database_cleanly(tmp_path: Path) -> None:
    import asyncio
    import os
    import signal

    async with StandIn(guild_id=GUILD, channel_ids=[CHAN], users=[ALICE]) as standin:
        config = make_config(tmp_path)
        made = []
        real_make = starhost.make_bot

        def capture(cfg, **options):
            bot = real_make(cfg, guild_ready_timeout=0.05, **options)
            standin.attach(bot)
            made.append(bot)
            return bot

        starhost.make_bot = capture
        try:
            task = asyncio.create_task(starhost.run_bot(config))
            await standin.wait_for_commands(GUILD)
            while not made or not made[0].is_ready():
                await asyncio.sleep(0.02)
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.wait_for(task, 10)
        finally:
            starhost.make_bot = real_make
        assert made[0].is_closed()
        assert made[0].service.store._db is None  # the store was closed


async def test_missing_channel_permissions_are_explained(running) -> None:
    import discord

    standin, _ = running
    await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=CHAN)
    await standin.slash("game join", user=BOB, channel_id=CHAN)
    limited = discord.Permissions.all()
    limited.attach_files = False
    limited.embed_links = False
    standin.app_permissions = limited.value
    started = await standin.slash("game start", user=ALICE, channel_id=CHAN)
    assert not started.files and not started.embeds
    assert "Attach Files" in started.content and "Embed Links" in started.content
    assert f"<@{ALICE.id}>" in started.content  # the player is still told it is their turn

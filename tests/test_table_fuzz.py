"""Stray clicks and random commands from random people never break a game.

Hypothesis drives the command layer with any mix of commands, users, channels and
buttons (fresh ones, stale ones, junk). Every refusal must be a RuleError (a sentence
for the player); the action log must stay gapless and every game must replay exactly.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from rules.core import RuleError
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, records

USERS = [Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol"), Actor(4, "mod", is_admin=True)]
CHANNELS = [10, 20]

COMMANDS = st.sampled_from(
    [
        "new",
        "join",
        "join_seat",
        "leave",
        "start",
        "status",
        "act_roll",
        "act_hold",
        "act_junk",
        "click",
        "click_junk",
        "end",
        "end_yes",
        "kick",
        "timeout",
        "settings",
        "log",
        "export",
        "verify",
        "view",
    ]
)
STEP = st.tuples(COMMANDS, st.sampled_from(USERS), st.sampled_from(CHANNELS), st.integers(0, 10))
JUNK = ["", "sh:act:1:1:0:0", "sh:act:99:9:9:9", "sh:lobby:1:explode", "sh:end:1:yes", "x" * 150, "sh:status:1"]


async def run_steps(steps: list[tuple[str, Actor, int, int]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        service = GameService(SqliteStore(Path(tmp) / "fuzz.db"), seed_source=lambda: 99)
        await service.open()
        table = Table(service)
        seen_buttons: list[str] = []
        try:
            for command, user, channel, n in steps:
                ctx = Ctx(actor=user, channel_id=channel, guild_id=1)
                try:
                    reply = await dispatch(table, ctx, command, n, seen_buttons)
                except RuleError as exc:
                    assert str(exc).strip(), "a refusal must say why"
                    continue
                seen_buttons.extend(b.custom_id for b in reply.buttons)
                if reply.image is not None and n == 0:
                    assert reply.image().startswith(b"\x89PNG")
            for game_id in range(1, await service.store.count_games() + 1):
                record = await service.store.get_game(game_id)
                assert record is not None
                actions = await service.store.actions(game_id)
                if record.state is not None:
                    assert [a.version for a in actions] == list(range(2, record.version + 1))
                    result = await service.verify(game_id)
                    assert result.ok, result.message
                else:
                    assert actions == []
        finally:
            await service.close()


async def dispatch(table: Table, ctx: Ctx, command: str, n: int, buttons: list[str]):
    if command == "new":
        return await table.game_new(ctx, "pig", options="target=10")
    if command == "join":
        return await table.game_join(ctx)
    if command == "join_seat":
        return await table.game_join(ctx, n)
    if command == "leave":
        return await table.game_leave(ctx)
    if command == "start":
        return await table.game_start(ctx)
    if command == "status":
        return await table.game_status(ctx)
    if command == "act_roll":
        return await table.act(ctx, "roll")
    if command == "act_hold":
        return await table.act(ctx, "hold")
    if command == "act_junk":
        return await table.act(ctx, ["", "ROLL ", "hold please", "💥" * n, "roll\x00"][n % 5])
    if command == "click":
        if not buttons:
            return await table.game_status(ctx)
        return await table.click(ctx, buttons[-1 - (n % len(buttons))])
    if command == "click_junk":
        return await table.click(ctx, JUNK[n % len(JUNK)])
    if command == "end":
        return await table.game_end(ctx)
    if command == "end_yes":
        record = await table.service.game_in(ctx.channel_id)
        return await table.click(ctx, f"sh:end:{record.id}:yes")
    if command == "kick":
        return await table.game_kick(ctx, USERS[n % len(USERS)].user_id, USERS[n % len(USERS)].name)
    if command == "timeout":
        return await table.game_timeout(ctx)
    if command == "settings":
        return await table.game_settings(ctx, ["remind_hours", "spectators", "bogus"][n % 3], str(n))
    if command == "log":
        return await records.game_log(table, ctx, n)
    if command == "export":
        return await records.game_export(table, ctx)
    if command == "verify":
        return await records.game_verify(table, ctx)
    return await table.game_view(ctx)


@given(st.lists(STEP, min_size=5, max_size=60))
def test_random_commands_never_break_a_game(steps) -> None:
    asyncio.run(run_steps(steps))


def test_a_typical_session_with_mistakes() -> None:
    alice, bob, carol = USERS[:3]
    steps = [
        ("new", alice, 10, 0),
        ("act_roll", alice, 10, 0),
        ("join", bob, 10, 0),
        ("start", bob, 10, 0),
        ("start", alice, 10, 0),
        ("act_roll", bob, 10, 0),
        ("click", carol, 10, 0),
        ("act_roll", alice, 10, 0),
        ("click", alice, 10, 3),
        ("act_hold", alice, 10, 0),
        ("new", carol, 20, 0),
        ("act_roll", carol, 10, 0),
    ]
    asyncio.run(run_steps(steps))

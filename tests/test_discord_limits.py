"""Real Discord refuses what the stand-in accepts: every reply and suggestion fits Discord's limits.

Random games of every game are played through the real table (each seat's own bot choosing), and at
every step the reply is turned into the payload the bot sends (``cogs.common.message_list``) and checked
against Discord's published limits: message content 2 000 characters (with the pings, also without Embed
Links), embeds (title 256, description 4 096, 25 fields of 256/1 024, footer 2 048, 6 000 in all),
buttons (label 80, custom id 100), drop-downs (25 options, label and value 100). Labels are unique
within a message. Every few steps, every suggestion of the game's commands is checked too: a value a
player can pick fits whole (100 characters), a whole-number option suggests whole numbers.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import discord
import pytest

from cogs.common import message_list
from cogs.generated import discord_choices
from rules.core import RuleError, registry
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, spec
from table.replies import Reply

from .secrets_probe import SETUPS

PLAYERS = [Actor(700_000_000_000_000_001 + i, name) for i, name in enumerate(["alice", "bob", "carol", "dave"])]
CHANNEL = 900_000_000_000_000_001
GAMES = int(os.environ.get("STARHOST_LIMIT_GAMES", "2" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "3"))
STEPS = 150
SUGGEST_EVERY = int(os.environ.get("STARHOST_SUGGEST_EVERY", "10"))


def ctx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHANNEL, guild_id=1)


def check_reply(reply: Reply, where: str) -> None:
    labels = [b.label for b in reply.buttons] + [label for label, _ in (reply.menu.options if reply.menu else ())]
    assert len(labels) == len(set(labels)), f"{where}: two moves share a label: {labels}"
    for button in reply.buttons:
        assert 1 <= len(button.label) <= 80 and len(button.custom_id) <= 100, (where, button)
    if reply.menu is not None:
        assert len(reply.menu.options) <= 25 and len(reply.menu.custom_id) <= 100, where
        for label, value in reply.menu.options:
            assert 1 <= len(label) <= 100 and 1 <= len(value) <= 100, (where, label, value)
    for plain in (False, True):  # with Embed Links, and the plain fallback without it
        shown = Reply(**{**reply.__dict__, "plain": reply.plain or plain})
        for message in message_list(shown):
            content = message.get("content") or ""
            assert len(content) <= 2000, f"{where}: {len(content)} characters of content"
            embed: discord.Embed | None = message.get("embed")
            if embed is not None:
                assert len(embed) <= 6000 and len(embed.title or "") <= 256, where
                assert len(embed.description or "") <= 4096 and len(embed.fields) <= 25, where
                assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in embed.fields), where
                assert len(embed.footer.text or "") <= 2048, where


async def check_suggestions(table: Table, system_id: str, actor: Actor, where: str) -> None:
    group = next(g for g in spec.groups() if g.name == system_id)
    for command in group.commands:
        for option in command.options:
            if option.suggest is None:
                continue
            try:
                pairs = await option.suggest(table, ctx(actor), "", {})
            except RuleError:
                continue
            path = f"/{group.path(command)} {option.name}"
            assert len(pairs) <= 25, f"{where}: {path} suggests {len(pairs)}"
            for _label, value in pairs:
                assert len(value) <= 100, f"{where}: {path} suggests a value of {len(value)} characters: {value}"
                if option.kind == "int":
                    assert value.lstrip("-").isdigit(), f"{where}: {path} suggests {value!r} for a whole number"
            assert len(discord_choices(option, pairs)) == len([p for p in pairs if p[1]]), path


async def play(system_id: str, game: int, folder: Path) -> int:
    system = registry.get(system_id)
    r = random.Random(game)
    seats, options = SETUPS[system_id](r)
    service = GameService(SqliteStore(folder / f"{system_id}-{game}.db"), seed_source=lambda: 1000 + game)
    await service.open()
    table = Table(service)
    checked = 0
    try:
        text = " ".join(f"{k}={v}" for k, v in options.items() if k != "scenario")
        scenario = options.get("scenario")
        try:
            await table.game_new(ctx(PLAYERS[0]), system_id, scenario=scenario, options=text)
        except RuleError:
            await table.game_new(ctx(PLAYERS[0]), system_id)
        for player in PLAYERS[1:seats]:
            await table.game_join(ctx(player))
        check_reply(await table.game_start(ctx(PLAYERS[0])), f"{system_id} start")
        for step in range(STEPS):
            status = await service.status(CHANNEL, include_finished=True)
            if status.game.status != "active" or not status.prompts:
                break
            prompt = r.choice(status.prompts)
            actor = next(p for p in PLAYERS if p.user_id == status.game.user_of(prompt.seat))
            where = f"{system_id} game {game} step {step}"
            check_reply(await table.game_status(ctx(actor)), where + " status")
            check_reply(await table.game_view(ctx(actor)), where + " view")
            if step % SUGGEST_EVERY == 0:
                await check_suggestions(table, system_id, actor, where)
            state = status.state
            action = system.ai_action(system.view(state, prompt.seat), prompt.seat, r.getrandbits(32))
            if action is None:
                legal = system.legal(state, prompt.seat)
                action = r.choice(legal) if legal else system.default_action(state, prompt)
            check_reply(await table.act(ctx(actor), action), where)
            checked += 1
    finally:
        await service.close()
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("system_id", sorted(SETUPS))
async def test_every_reply_and_suggestion_fits_discord(system_id: str, tmp_path: Path) -> None:
    checked = sum([await play(system_id, game, tmp_path) for game in range(GAMES)])
    assert checked >= GAMES * 5

"""Hostile names and typed values: nobody is pinged who should not be, nothing crashes, nothing escapes.

- a display name like ``@everyone`` or ``<@&123>`` is reflected without its ``@``, and the bot's client
  allows only user mentions by default;
- a setting given as "²" or a number of 5 000 digits is refused with a sentence;
- the console's channel names cannot walk out of the boards folder.
"""

from __future__ import annotations

import io
from pathlib import Path

import discord
import pytest

import bot as starhost
from cogs.common import safe_name
from rules.core import plain_digits
from sessions.errors import SessionError
from sessions.service import GameService
from sessions.settings import GameSettings
from sessions.store import SqliteStore
from table import Table
from table.console import Console
from tests.e2e_support import bot_config


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("@everyone", "\uff20everyone"),
        ("<@&123456>", "<\uff20&123456>"),
        ("bob\n@here", "bob \uff20here"),
        ("x" * 40, "x" * 32),
        ("   ", "player"),
    ],
)
def test_a_display_name_can_never_mention_anyone(name: str, shown: str) -> None:
    assert safe_name(name) == shown and "@" not in safe_name(name)


def test_the_client_allows_only_user_mentions_by_default(tmp_path: Path) -> None:
    client = starhost.make_bot(bot_config(tmp_path, 1), guild_ready_timeout=0.05)
    allowed = client.allowed_mentions
    assert isinstance(allowed, discord.AllowedMentions)
    assert allowed.everyone is False and allowed.roles is False and allowed.users is True


@pytest.mark.parametrize("value", ["²", "9" * 5000, "٣", "-1", "1.5", ""])
def test_a_strange_number_is_refused_with_a_sentence(value: str) -> None:
    with pytest.raises(SessionError, match="remind_hours must be a whole number"):
        GameSettings.validate("remind_hours", value)


@pytest.mark.parametrize("value", ["2²-08", "22-0٨", "99999999999-1"])
def test_strange_quiet_hours_are_refused_with_a_sentence(value: str) -> None:
    with pytest.raises(SessionError, match="Quiet hours look like"):
        GameSettings.validate("quiet_hours", value)


def test_plain_digits() -> None:
    assert plain_digits("12") and not plain_digits("²") and not plain_digits("1" * 10)
    assert not plain_digits(12) and not plain_digits("")


async def test_the_console_keeps_its_files_in_the_boards_folder(tmp_path: Path) -> None:
    service = GameService(SqliteStore(tmp_path / "c.db"), seed_source=lambda: 4)
    await service.open()
    out = io.StringIO()
    console = Console(Table(service), boards=tmp_path / "boards", out=out)
    try:
        for line in ["in ../../../x", "in /etc", "in a/b", "in ..", "in " + "z" * 41]:
            await console.run_line(line)
            assert console.channel == "table"
        assert out.getvalue().count("A channel name is letters") == 5
        await console.run_line("in side-room_2")
        assert console.channel == "side-room_2"
        await console.run_line("/game new system:pig")
        await console.run_line("/game start")
        assert console.saved and all(p.parent == tmp_path / "boards" for p in console.saved)
    finally:
        await service.close()


async def test_a_new_console_run_numbers_on_from_the_boards_already_saved(tmp_path: Path) -> None:
    saved: list[str] = []
    for _run in range(2):
        service = GameService(SqliteStore(tmp_path / f"c{_run}.db"), seed_source=lambda: 4)
        await service.open()
        console = Console(Table(service), boards=tmp_path / "boards", out=io.StringIO())
        try:
            await console.run_line("/game new system:pig")
            await console.run_line("/game start")
            saved += [p.name for p in console.saved]
        finally:
            await service.close()
    assert saved == ["table-001.png", "table-002.png"]

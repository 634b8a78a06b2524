"""The bot's configuration for end-to-end tests against the Discord stand-in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import bot as starhost


def bot_config(tmp_path: Path, guild: int, **changes: Any) -> starhost.Config:
    """A fake token, a fresh database in ``tmp_path``, commands synced to ``guild``, no early reminders."""
    config = starhost.load_config(env={}, dotenv=tmp_path / "missing.env")
    return replace(
        config,
        token="fake-token",
        db_path=tmp_path / "e2e.db",
        dev_guild=guild,
        reminder_seconds=3600,
        **changes,
    )

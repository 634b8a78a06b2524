"""Choosing a store from ``STARHOST_DB``: a SQLite file (the default) or a PostgreSQL URL.

``open_store(target)`` is the one call the bot, the console, ``migrate`` and the benchmark use.
asyncpg is imported only when a PostgreSQL URL is given, so SQLite needs nothing else installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .store import SqliteStore, Store

if TYPE_CHECKING:
    from .pg_store import PostgresStore

POSTGRES_SCHEMES = ("postgresql", "postgres", "postgresql+asyncpg")


class TargetError(ValueError):
    """``STARHOST_DB`` names something no store can use; the message says what to write."""


def is_postgres_url(value: str | Path) -> bool:
    text = str(value).strip()
    return "://" in text and text.split("://", 1)[0].lower() in POSTGRES_SCHEMES


def sqlite_path(value: str) -> Path:
    """A SQLite file from a plain path or ``sqlite:///path``; any other URL is refused."""
    text = value.strip()
    if text.lower().startswith("sqlite:///"):
        text = text[len("sqlite:///") :]
    elif "://" in text:
        scheme = text.split("://", 1)[0]
        raise TargetError(
            f"STARHOST_DB={scheme}://... is not supported: Starhost keeps its games in a SQLite file "
            "or in PostgreSQL. Give a file path such as ./starhost.db (or sqlite:///path/to/starhost.db), "
            "or postgresql://user:password@host/starhost."
        )
    if not text:
        raise TargetError("STARHOST_DB is empty: give a file path such as ./starhost.db, or leave it unset.")
    path = Path(text).expanduser()
    if path.is_dir():
        raise TargetError(f"STARHOST_DB={value.strip()} is a folder: give a file path such as {path / 'starhost.db'}.")
    return path


def parse_target(value: str | Path) -> str | Path:
    """A PostgreSQL URL (returned as text) or a SQLite file (returned as a Path)."""
    if isinstance(value, Path):
        return value
    if is_postgres_url(value):
        text = value.strip()
        if not text.split("://", 1)[1].strip("/"):
            raise TargetError("STARHOST_DB=postgresql:// needs a host and a database: postgresql://user@host/starhost.")
        return text
    return sqlite_path(value)


def open_store(target: str | Path, **options: int) -> Store:
    """The store for a SQLite path or a PostgreSQL URL, not yet opened (``await store.open()``).

    ``options`` (``min_size``, ``max_size``) size the PostgreSQL connection pool.
    """
    parsed = parse_target(target)
    if isinstance(parsed, Path):
        return SqliteStore(parsed)
    return _postgres(parsed, **options)


def _postgres(url: str, **options: int) -> PostgresStore:
    try:
        from .pg_store import PostgresStore
    except ImportError as exc:  # asyncpg missing: say how to get it
        raise TargetError(
            f"STARHOST_DB is a PostgreSQL URL but asyncpg cannot be imported ({exc}); "
            "install it with `pip install asyncpg` (./starhost installs it for you)."
        ) from None
    return PostgresStore(url, **options)


def describe(target: str | Path) -> str:
    """The target for logs: the file, or the URL without its password."""
    parsed = parse_target(target)
    if isinstance(parsed, Path):
        return str(parsed)
    from .pg_store import redacted

    return redacted(parsed)

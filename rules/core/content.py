"""Shared helpers for loading and checking a game's static data (its ``data/<game>/*.toml`` files).

Every game reads its content once at import and refuses bad data loudly. These helpers give all
of them the same error type and the same wording: each failure raises :class:`ContentError`
whose message starts with ``where`` -- the file and the entry as the caller names them, e.g.
``"heroes.toml: hero edge"`` -- followed by what is wrong::

    entry = {"defense": "two"}
    get_int(entry, "defense", "heroes.toml: hero edge", 0, 5)
    # ContentError: heroes.toml: hero edge: 'defense' must be a whole number from 0 to 5, not 'two'

Pure functions over plain dicts (what :mod:`tomllib` returns); only :func:`read_toml` touches a file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

__all__ = ["ContentError", "get_int", "get_list", "get_str", "get_table", "read_toml", "require"]

_SHOWN = 40  # characters of a refused value quoted back in a message


class ContentError(ValueError):
    """A data file is malformed; the message names the file and the entry, then the fault."""


def read_toml(base: Path, name: str) -> dict[str, Any]:
    """The parsed contents of ``base / name``; a missing or unparsable file is a ContentError."""
    try:
        with (base / name).open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{name}: cannot read: {exc}") from exc


def require(cond: bool, where: str, what: str) -> None:
    """Raise ``ContentError("<where>: <what>")`` unless ``cond`` holds."""
    if not cond:
        raise ContentError(f"{where}: {what}")


def _refusal(key: str, value: Any, wanted: str) -> str:
    if value is None:
        return f"'{key}' is missing: it must be {wanted}"
    shown = repr(value)
    if len(shown) > _SHOWN:
        shown = shown[: _SHOWN - 3] + "..."
    return f"'{key}' must be {wanted}, not {shown}"


def get_int(entry: Mapping[str, Any], key: str, where: str, low: int, high: int, default: int | None = None) -> int:
    """``entry[key]`` as a whole number from ``low`` to ``high`` (``default`` when absent, if given).

    A bool is not a whole number here, although Python counts it as one.
    """
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ContentError(f"{where}: {_refusal(key, value, f'a whole number from {low} to {high}')}")
    return value


def get_str(entry: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    """``entry[key]`` as a non-empty text (``default`` when absent, if given)."""
    value = entry.get(key, default)
    if not isinstance(value, str) or not value:
        raise ContentError(f"{where}: {_refusal(key, value, 'a non-empty text')}")
    return value


def get_list(
    entry: Mapping[str, Any], key: str, where: str, default: list[Any] | None = None, non_empty: bool = False
) -> list[Any]:
    """``entry[key]`` as a list (``default`` when absent, if given); with ``non_empty``, not ``[]``."""
    value = entry.get(key, default)
    if not isinstance(value, list) or (non_empty and not value):
        raise ContentError(f"{where}: {_refusal(key, value, 'a non-empty list' if non_empty else 'a list')}")
    return value


def get_table(entry: Mapping[str, Any], key: str, where: str, default: dict[str, Any] | None = None) -> dict[str, Any]:
    """``entry[key]`` as a TOML table, i.e. a dict (``default`` when absent, if given)."""
    value = entry.get(key, default)
    if not isinstance(value, dict):
        raise ContentError(f"{where}: {_refusal(key, value, 'a table')}")
    return value


def keyed_entries(raw: Mapping[str, Any], file: str, section: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each ``[[section]]`` entry of ``file`` with its ``where`` label and its key, refusing duplicate keys."""
    seen: set[str] = set()
    for index, entry in enumerate(raw.get(section, [])):
        where = f"{file} {section} #{index + 1} ({entry.get('key', '?')})"
        key = get_str(entry, "key", where)
        require(key not in seen, where, "duplicate key")
        seen.add(key)
        yield where, key, entry

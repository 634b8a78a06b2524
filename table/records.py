"""A game's record for players: the log, the export (JSON and a readable text log), verification."""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import threading
import time
from typing import Any

from rules.core import GameSystem, registry
from sessions.errors import SessionError
from sessions.history import RESEED, UNDO, VerifyResult, verify_export
from sessions.record_schema import (
    BUSY,
    FAILED,
    MAX_PARALLEL_CHECKS,
    MAX_SECONDS,
    RecordRefused,
    ReplayBudget,
    display_name,
    read_upload,
)
from sessions.service import PRIVATE_CHOICE
from sessions.store import GameRecord

from .commands import Ctx, Table
from .replies import COLOUR_GOOD, COLOUR_WARN, Reply
from .spec import FileRef

EXPORT_GZIP_ABOVE = 4_000_000
"""Exports larger than this (bytes of JSON) are sent gzip-compressed."""

logger = logging.getLogger(__name__)

_CHECKS = threading.BoundedSemaphore(MAX_PARALLEL_CHECKS)
"""Uploads being checked (taken on the event loop, given back by the worker thread when it is done)."""

KIND_NOTES = {"timeout": " (timed out)", "auto": " (nothing to decide)", "bot": " (bot)", "undo": ""}


def chosen_in_private(system: GameSystem, entry: dict[str, Any]) -> bool:
    """Whether a logged action was a secret pick or a choice among private things (the table was told
    only that it was made)."""
    if entry["action"].get("type") in system.secret_actions:
        return True
    return any(e.get("kind") == PRIVATE_CHOICE for e in entry.get("events", []))


def hide_secrets(system: GameSystem, entries: list[dict[str, Any]]) -> None:
    """Blank what a running game keeps private: choices made in private, lines meant for one player and
    the fresh seed drawn by a take-back (it would predict the rolls after it)."""
    for entry in entries:
        if chosen_in_private(system, entry):
            entry["action"] = {"type": "secret"}
        elif entry["action"].get("type") == UNDO:
            entry["action"] = {k: v for k, v in entry["action"].items() if k != RESEED}
        entry["events"] = [e for e in entry.get("events", []) if e.get("visible_to") is None]


def format_logged(system: GameSystem, action: dict[str, Any]) -> str:
    """An old log entry's notation; never fails (an entry from an older version is shown as JSON)."""
    if action.get("type") == "undo":
        return f"take back to version {action.get('to')}"
    if action.get("type") == "secret":
        return "a choice made in private"
    try:
        return system.format(action)
    except Exception:
        return json.dumps(action)[:80]


def log_lines(record: GameRecord, entries: list[dict[str, Any]], seat: int | None, *, markdown: bool) -> list[str]:
    """One line per logged action, then what it narrated (private lines only for ``seat``)."""
    system = registry.get(record.system)
    lines: list[str] = []
    for entry in entries:
        who_seat = entry.get("seat")
        who = record.seats[who_seat].name if who_seat is not None and who_seat < len(record.seats) else "table"
        note = KIND_NOTES.get(entry.get("kind", "move"), "")
        move = format_logged(system, entry["action"])
        lines.append(
            f"**{entry['version']}.** {who}: `{move}`{note}" if markdown else f"{entry['version']}. {who}: {move}{note}"
        )
        for event in entry.get("events", []):
            visible_to = event.get("visible_to")
            if visible_to is None or visible_to == seat:
                lines.append(f"  {event.get('text', '')}")
    return lines


async def _game_for(table: Table, ctx: Ctx, game: int | None) -> GameRecord:
    """This channel's game, or an earlier one played here (``game`` is its number)."""
    if game is None:
        return await table.service.game_in_or_latest(ctx.channel_id)
    record = await table.service.store.get_game(game)
    if record is None or record.channel_id != ctx.channel_id:
        earlier = [str(r.id) for r in await table.service.store.games_in_channel(ctx.channel_id)]
        shown = ", ".join(earlier) or "none yet"
        raise SessionError(f"There is no game #{game} in this channel. Games played here: {shown}.")
    return record


async def game_log(table: Table, ctx: Ctx, count: int | None = None) -> Reply:
    record, actions = await table.service.history(ctx.channel_id, count or 10)
    await table.require_viewer(ctx, record)
    entries = [
        {"version": a.version, "seat": a.seat, "action": a.action, "kind": a.kind, "events": a.events} for a in actions
    ]
    if record.status == "active":
        system = registry.get(record.system)
        for entry in entries:
            if chosen_in_private(system, entry):
                entry["action"] = {"type": "secret"}
    lines = log_lines(record, entries, record.seat_of(ctx.actor.user_id), markdown=True)
    return Reply(title=f"Log of game #{record.id}", lines=lines or ["Nothing has been played yet."], ephemeral=True)


async def game_export(table: Table, ctx: Ctx, game: int | None = None) -> Reply:
    """The whole record as JSON (replayable) and as a readable text log."""
    record = await _game_for(table, ctx, game)
    await table.require_viewer(ctx, record)
    data = await table.service.export(record.id)
    if record.status in ("lobby", "active"):
        # While the game runs, the state may hold hidden cards and the seed predicts every roll;
        # private lines (a card drawn into a hand) and secret choices stay hidden too.
        data["state"] = None
        data["seed"] = None
        hide_secrets(registry.get(record.system), data["actions"])
        note = "The seed, the state and private choices are left out while the game runs (they would reveal secrets)."
    else:
        note = "Includes the final state; anyone can check it with /game verify (upload the .json file)."
    raw = json.dumps(data, indent=1).encode()
    name = f"starhost-game-{record.id}.json"
    if len(raw) > EXPORT_GZIP_ABOVE:  # stay far below Discord's attachment limit
        raw, name = gzip.compress(raw, mtime=0), name + ".gz"
    system = registry.get(record.system)
    header = [f"{system.name}, game #{record.id}", "Players: " + ", ".join(s.name for s in record.seats), ""]
    text = "\n".join(header + log_lines(record, data["actions"], None, markdown=False)) + "\n"
    seed = "hidden until the game ends" if data["seed"] is None else data["seed"]
    return Reply(
        title=f"Record of game #{record.id}",
        lines=[f"{len(data['actions'])} actions, seed {seed}.", note],
        attachments=[(name, raw), (f"starhost-game-{record.id}.txt", text.encode())],
        ephemeral=True,
    )


def read_export(upload: FileRef, *, deadline: float | None = None) -> dict[str, Any]:
    """An uploaded export (JSON, gzip or not) as plain data, within the limits of
    :mod:`sessions.record_schema`; :class:`RecordRefused` (one sentence) for anything else."""
    return read_upload(upload.name, upload.data, deadline=deadline)


def check_upload(upload: FileRef, *, seconds: float = MAX_SECONDS) -> VerifyResult:
    """Read and replay an uploaded record within the limits; every refusal is a result with one sentence.

    Runs in a worker thread: the deadline (``seconds`` from now, reading included) and the replay
    budget make it stop by itself.
    """
    deadline = time.monotonic() + seconds
    try:
        data = read_export(upload, deadline=deadline)
        return verify_export(data, budget=ReplayBudget.for_upload(len(data["actions"]), deadline))
    except RecordRefused as exc:
        return VerifyResult(False, 0, str(exc))
    except Exception:  # a sentence, never "Something went wrong", whatever the file holds
        logger.warning("checking the upload %s failed", display_name(upload.name), exc_info=True)
        return VerifyResult(False, 0, FAILED)


async def game_verify(table: Table, ctx: Ctx, file: FileRef | None = None) -> Reply:
    """Replay this channel's game from its seed, or an uploaded record (bounded, off the event loop)."""
    if file is not None:
        title = f"Verify {display_name(file.name)}"
        if not _CHECKS.acquire(blocking=False):
            return Reply(title=title, lines=[BUSY], colour=COLOUR_WARN, ephemeral=True)

        started, released = threading.Event(), threading.Lock()

        def give_back() -> None:
            if released.acquire(blocking=False):  # once, whoever comes first
                _CHECKS.release()

        def checked() -> VerifyResult:
            started.set()
            try:
                return check_upload(file)
            finally:
                give_back()

        try:
            result = await asyncio.to_thread(checked)
        finally:
            if not started.is_set():  # the thread never ran (shutting down, cancelled first)
                give_back()
    else:
        record = await table.service.game_in_or_latest(ctx.channel_id)
        await table.require_viewer(ctx, record)  # spectators off: players and channel managers only
        result = await table.service.verify(record.id)
        title = f"Verify game #{record.id}"
    return Reply(title=title, lines=[result.message], colour=COLOUR_GOOD if result.ok else COLOUR_WARN, ephemeral=True)

"""The shape of an exported game record, and reading one that somebody uploaded, within hard limits.

Anyone may upload a file to ``/game verify``, so everything here assumes a hostile file: each step is
bounded before it runs, and anything outside the bounds is refused with one sentence
(:class:`RecordRefused`, a :class:`~sessions.errors.SessionError`). Reading and replaying run in a worker
thread (``table.records.game_verify``), never on the event loop.

Limits (a real record is far below each; measured on bot games of every system: about 1 KB of
JSON, 8 to 19 ``{``/``[`` and under 300 bytes of action per logged action, states under 20 KB):

=======================  ==============  ===============================================================
limit                    value           what it bounds
=======================  ==============  ===============================================================
``MAX_UPLOAD_BYTES``     8 MB            the file as uploaded (Discord's cap in the cog; checked again)
``MAX_JSON_BYTES``       32 MiB          the JSON once un-gzipped, decompressed in 1 MiB chunks and
                                         stopped at the cap (a gzip bomb never unpacks further)
``MAX_BRACKETS``         1 000 000       ``{`` plus ``[`` bytes in the JSON (counted before parsing): the
                                         first parse keeps 24 bytes per action, so at most 24 MB
``MAX_ACTIONS``          20 000          logged actions per record (counted by a first, cheap parse)
``MAX_DEPTH``            32              nesting of what the check keeps (an action counts from the top
                                         of the record); anything nested deeper than the parser's own
                                         recursion guard (~1 000 levels) is refused wherever it is
``MAX_ACTION_BYTES``     16 KiB          one action as written (indentation included)
``MAX_ACTIONS_BYTES``    8 MiB           all actions together, as written
``MAX_STATE_BYTES``      4 MiB           the final state, as written
``MAX_APPLIES``          200 000         replay steps (one per action applied or take-back followed, also
                                         inside the replays a take-back of a reveal needs); a record gets
                                         ``WORK_BASE + WORK_PER_ACTION`` x its actions, at most this
``MAX_NESTING``          16              take-backs replayed inside the replay of a take-back
``MAX_SECONDS``          10 s            one check, reading included (a deadline checked between chunks
                                         and between applies: the worker thread stops by itself)
``MAX_PARALLEL_CHECKS``  2               uploads checked at once (more are asked to wait)
=======================  ==============  ===============================================================

Every number is typed and bounded (versions, seats, seeds: no 400-digit integers, no strings where
integers belong), and only what verification needs is kept: events, timestamps and user ids are
skipped by the parser without being built. Memory: a gzip bomb is stopped holding 32 MiB (about
38 MB at the peak); every hostile upload in tests/test_hostile_uploads.py is refused under that. A
32 MiB document built to sit just under every limit at once could reach about 60 MB while parsed
(the JSON itself, 24 MB of first-parse stubs), and a real record of 20 000 actions about the same.
"""

from __future__ import annotations

import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec

from .errors import SessionError

UNDO = "undo"
RESEED = "reseed"
"""Key of an undo entry's action holding the fresh seed drawn when the table took back a reveal."""
FIRST_VERSION = 1
"""The version of a game's starting position (its first action is version 2)."""
REVEALED_UNKNOWN = "recorded before reveals were kept"
REVEALED_IN_UPLOAD = "something came to light"
"""What an uploaded entry's non-empty ``revealed`` becomes (only whether it is empty matters to replay)."""
FORMAT_PREFIX = b'"starhost-game/'

MAX_UPLOAD_BYTES = 8_000_000
MAX_JSON_BYTES = 32 * 1024 * 1024
MAX_BRACKETS = 1_000_000
MAX_ACTIONS = 20_000
MAX_DEPTH = 32
MAX_ACTION_BYTES = 16 * 1024
MAX_ACTIONS_BYTES = 8 * 1024 * 1024
MAX_STATE_BYTES = 4 * 1024 * 1024
MAX_APPLIES = 200_000
WORK_BASE = 1_000
WORK_PER_ACTION = 20
MAX_NESTING = 16
MAX_SECONDS = 10.0
MAX_PARALLEL_CHECKS = 2
MAX_SEED = 2**63
"""Seeds (the game's and a take-back's fresh one) are whole numbers in ``[0, MAX_SEED)``."""
MAX_VERSION = 2**31 - 1
MAX_SEAT = 99
UNPACK_CHUNK = 1024 * 1024

ACTION_DEPTH = MAX_DEPTH - 3
"""How deeply an action's own content may nest: the record, its actions list and the entry come first."""

# -- refusals (one sentence each; ``{name}`` is the uploaded file's name) ------------------------------
NOT_A_RECORD = "{name} is not a Starhost record: upload the .json file /game export gave."
TOO_LARGE = "{name} is larger than 8 MB, so it is not a Starhost record."
BAD_GZIP = "{name} looks compressed but could not be opened."
UNPACKS_TOO_LARGE = "{name} unpacks to more than 32 MB, more than any Starhost record."
TOO_DEEP = "{name} is nested too deeply to be a Starhost record."
TOO_MANY_PARTS = "{name} has more parts than any Starhost record (over 1000000 objects and lists)."
TOO_MANY_ACTIONS = "{name} has more than 20000 actions; records that long cannot be checked here."
DAMAGED = "{name} is damaged or was edited ({detail})."
TOO_SLOW = "Checking this record took longer than 10 seconds, so it was stopped."
TOO_MUCH_WORK = "Replaying this record needs more work than a check allows, so it was not verified."
BUSY = "Two records are being checked already; try again in a minute."
UNREADABLE_STATE = "The final state in this record could not be read: it is damaged or was edited."
UNKNOWN_GAME = "That is not a Starhost record (no known game in it)."
NO_SEED = "This record has a final state but no seed to replay it from."
FAILED = "This record could not be checked: it is damaged or was edited."

THIS_RECORD = "This record"


class RecordRefused(SessionError):
    """An uploaded record refused before any replay: the message is the sentence to show."""


class ReplayTooCostly(SessionError):
    """A replay ran out of its budget (steps, nesting or time): the message is the sentence to show."""


# -- types ---------------------------------------------------------------------------------------------
Version = Annotated[int, msgspec.Meta(ge=FIRST_VERSION, le=MAX_VERSION)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEAT)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEED - 1)]
Kind = Annotated[str, msgspec.Meta(max_length=16)]
SystemId = Annotated[str, msgspec.Meta(max_length=64)]
Scenario = Annotated[str, msgspec.Meta(max_length=200)]
Options = Annotated[
    dict[Annotated[str, msgspec.Meta(max_length=64)], Annotated[str, msgspec.Meta(max_length=500)]],
    msgspec.Meta(max_length=64),
]


class _Stub(msgspec.Struct, gc=False):
    """One action in the first parse: 16 bytes, whatever it holds (the parser skips its content)."""


class _Outline(msgspec.Struct):
    """The first parse: the format tag and how many actions, nothing else built."""

    format: msgspec.Raw = msgspec.Raw(b"null")
    actions: list[_Stub] = []


class _UploadedEntry(msgspec.Struct, gc=False):
    version: Version
    action: msgspec.Raw
    seat: Seat | None = None
    kind: Kind = "move"
    revealed: msgspec.Raw = msgspec.Raw(b'"' + REVEALED_UNKNOWN.encode() + b'"')


class _Uploaded(msgspec.Struct):
    """The second parse: what verification needs, typed; the rest is skipped unbuilt."""

    system: SystemId
    scenario: Scenario | None = None
    options: Options | None = None
    seed: Seed | None = None
    state: msgspec.Raw = msgspec.Raw(b"null")
    actions: Annotated[list[_UploadedEntry], msgspec.Meta(max_length=MAX_ACTIONS)] = []


class RecordEntry(msgspec.Struct):
    """One logged action as verification reads it (from an export or an upload)."""

    version: Version
    action: dict[str, Any]
    seat: Seat | None = None
    kind: Kind = "move"
    revealed: str | None = REVEALED_UNKNOWN

    def plain(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "seat": self.seat,
            "action": self.action,
            "kind": self.kind,
            "revealed": self.revealed,
        }


class RecordData(msgspec.Struct):
    """An exported record as verification reads it. ``state`` stays untyped: its type is the game's."""

    system: SystemId
    scenario: Scenario | None = None
    options: dict[str, str] | None = None
    seed: Seed | None = None
    state: Any = None
    actions: list[RecordEntry] = []


# -- the replay budget ---------------------------------------------------------------------------------
@dataclass
class ReplayBudget:
    """How much a replay may do: ``steps`` (None: no limit), a ``deadline`` on ``clock`` (None: none)
    and how many take-back replays may run inside one another. ``used`` counts the steps taken."""

    steps: int | None = None
    deadline: float | None = None
    nesting: int | None = None
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    used: int = 0
    at: int = 0
    """Index (in the log) of the entry being replayed, for a message when something fails."""

    @classmethod
    def for_upload(cls, actions: int, deadline: float | None) -> ReplayBudget:
        return cls(
            steps=min(MAX_APPLIES, WORK_BASE + WORK_PER_ACTION * actions), deadline=deadline, nesting=MAX_NESTING
        )

    def spend(self, index: int) -> None:
        """Count one step (an action applied or a take-back followed); refuse past the budget."""
        self.used += 1
        self.at = index
        if self.steps is not None and self.used > self.steps:
            raise ReplayTooCostly(TOO_MUCH_WORK)
        if self.deadline is not None and self.clock() > self.deadline:
            raise ReplayTooCostly(TOO_SLOW)


# -- reading an upload ---------------------------------------------------------------------------------
def display_name(name: str) -> str:
    """The uploaded file's name as it appears in a sentence: short, no markdown, no mentions."""
    cleaned = re.sub(r"[^\w.\- ]", "_", str(name))[:60].strip()
    return cleaned or "That file"


def refuse(template: str, name: str, **detail: object) -> RecordRefused:
    return RecordRefused(template.format(name=name, **detail))


def check_deadline(deadline: float | None, clock: Callable[[], float] = time.monotonic) -> None:
    if deadline is not None and clock() > deadline:
        raise RecordRefused(TOO_SLOW)


def unpack(data: bytes, name: str, deadline: float | None = None) -> bytes | bytearray:
    """The JSON bytes of an upload: gzip is decompressed in chunks, stopping at ``MAX_JSON_BYTES``."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise refuse(TOO_LARGE, name)
    if data[:2] != b"\x1f\x8b":
        return data
    out = bytearray()
    rest = bytes(data)
    while rest:  # a gzip file may hold several members, one after the other
        unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            while not unpacker.eof:
                chunk = unpacker.decompress(rest, UNPACK_CHUNK)
                rest = unpacker.unconsumed_tail
                if len(out) + len(chunk) > MAX_JSON_BYTES:
                    raise refuse(UNPACKS_TOO_LARGE, name)
                out += chunk
                if not chunk and not rest:
                    raise refuse(BAD_GZIP, name)  # cut short: the stream never ends
                check_deadline(deadline)
        except zlib.error:
            raise refuse(BAD_GZIP, name) from None
        rest = unpacker.unused_data
        if rest and rest[:2] != b"\x1f\x8b":
            if rest.strip(b"\x00"):
                raise refuse(BAD_GZIP, name)
            break
    return out


def _where(exc: msgspec.ValidationError) -> tuple[str, str]:
    """(what is wrong, where) from msgspec's message: ``Expected `int`, got `str` - at `$.actions[0].seat```."""
    text = str(exc)
    what, _, where = text.partition(" - at `$")
    what = what.replace("`", "")
    what = what[:1].lower() + what[1:]
    where = where.rstrip("`").lstrip(".")
    return what, where


def damaged(name: str, exc: msgspec.ValidationError | str) -> RecordRefused:
    if isinstance(exc, str):
        return refuse(DAMAGED, name, detail=exc)
    what, where = _where(exc)
    return refuse(DAMAGED, name, detail=f"{what} at {where}" if where else what)


def action_problem(value: object, allowed: int = ACTION_DEPTH) -> str | None:
    """What is wrong with an action's content, if anything: ``"deep"`` when lists and objects nest more
    than ``allowed`` levels, ``"number"`` for an integer outside 64 bits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return None if -MAX_SEED <= value < MAX_SEED else "number"
    if isinstance(value, dict):
        children: Any = value.values()
    elif isinstance(value, (list, tuple)):
        children = value
    else:
        return None
    if allowed <= 0:
        return "deep"
    for child in children:
        problem = action_problem(child, allowed - 1)
        if problem:
            return problem
    return None


def check_action(action: dict[str, Any], version: int, name: str) -> None:
    problem = action_problem(action)
    if problem == "deep":
        raise refuse(TOO_DEEP, name)
    if problem == "number":
        raise damaged(name, f"a number in the action of version {version} is out of range")


def _revealed(raw: msgspec.Raw, name: str, index: int) -> str | None:
    text = bytes(raw)
    if text == b"null":
        return None
    if text == b'""':
        return ""
    if text[:1] != b'"':
        raise damaged(name, f"actions[{index}].revealed should be text")
    return REVEALED_IN_UPLOAD


def read_upload(name: str, data: bytes, *, deadline: float | None = None) -> dict[str, Any]:
    """An uploaded record (JSON, gzip or not) as plain data for ``verify_export``, or :class:`RecordRefused`.

    ``state`` stays a :class:`msgspec.Raw` (the game's own type decodes it); each entry has
    ``version``, ``seat``, ``action``, ``kind`` and ``revealed``.
    """
    name = display_name(name)
    raw = unpack(data, name, deadline)
    if raw.count(b"{") + raw.count(b"[") > MAX_BRACKETS:
        raise refuse(TOO_MANY_PARTS, name)
    try:
        outline = msgspec.json.decode(raw, type=_Outline)
    except RecursionError:
        raise refuse(TOO_DEEP, name) from None
    except msgspec.ValidationError as exc:
        if " - at `$" not in str(exc):  # not an object at all
            raise refuse(NOT_A_RECORD, name) from None
        raise damaged(name, exc) from None
    except msgspec.DecodeError:
        raise refuse(NOT_A_RECORD, name) from None
    if not bytes(outline.format).startswith(FORMAT_PREFIX):
        raise refuse(NOT_A_RECORD, name)
    if len(outline.actions) > MAX_ACTIONS:
        raise refuse(TOO_MANY_ACTIONS, name)
    del outline
    check_deadline(deadline)
    try:
        record = msgspec.json.decode(raw, type=_Uploaded)
    except RecursionError:
        raise refuse(TOO_DEEP, name) from None
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise damaged(name, exc if isinstance(exc, msgspec.ValidationError) else str(exc)) from None
    if len(record.state) > MAX_STATE_BYTES:
        raise damaged(name, "its final state is longer than 4 MB")
    state = None if bytes(record.state) == b"null" else record.state
    entries: list[dict[str, Any]] = []
    total = 0
    for index, entry in enumerate(record.actions):
        size = len(entry.action)
        total += size
        if size > MAX_ACTION_BYTES:
            raise damaged(name, f"the action of version {entry.version} is longer than 16 KB")
        if total > MAX_ACTIONS_BYTES:
            raise damaged(name, "its actions take more than 8 MB")
        try:
            action = msgspec.json.decode(entry.action, type=dict[str, Any])
        except RecursionError:
            raise refuse(TOO_DEEP, name) from None
        except msgspec.ValidationError as exc:
            raise damaged(name, f"{_where(exc)[0]} in the action of version {entry.version}") from None
        check_action(action, entry.version, name)
        revealed = _revealed(entry.revealed, name, index)
        entries.append(
            {"version": entry.version, "seat": entry.seat, "action": action, "kind": entry.kind, "revealed": revealed}
        )
        if index % 1024 == 1023:
            check_deadline(deadline)
    return {
        "format": "starhost-game/2",
        "system": record.system,
        "scenario": record.scenario,
        "options": record.options,
        "seed": record.seed,
        "state": state,
        "actions": entries,
    }


def record_data(data: object) -> RecordData:
    """An export's plain data (or what :func:`read_upload` gave) checked against the record's types.

    Raises :class:`RecordRefused` naming "This record" when a field has the wrong type or range, an
    action nests too deeply, versions do not increase or a take-back names no version.
    """
    try:
        record = msgspec.convert(data, RecordData)
    except RecursionError:
        raise refuse(TOO_DEEP, THIS_RECORD) from None
    except msgspec.ValidationError as exc:
        if " - at `$" not in str(exc):
            raise refuse(NOT_A_RECORD, THIS_RECORD) from None
        raise damaged(THIS_RECORD, exc) from None
    previous = FIRST_VERSION
    for entry in record.actions:
        if entry.version <= previous:
            raise damaged(THIS_RECORD, f"version {entry.version} comes after version {previous}")
        check_action(entry.action, entry.version, THIS_RECORD)
        if entry.kind == UNDO:
            to = entry.action.get("to")
            if isinstance(to, bool) or not isinstance(to, int):
                raise damaged(THIS_RECORD, f"the take-back of version {entry.version} names no version")
        previous = entry.version
    return record

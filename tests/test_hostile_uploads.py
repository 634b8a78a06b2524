"""Hostile uploads to ``/game verify file:``: each is refused with its one sentence, quickly and in
little memory, and a real record exported by ``/game export`` still verifies, in every game.

Limits and sentences: sessions/record_schema.py. Time is the machine's, so seconds are asserted
generously (the work budget is asserted in steps); memory is the tracemalloc peak of the check.
"""

from __future__ import annotations

import asyncio
import gzip
import itertools
import json
import random
import time
import tracemalloc
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from rules.core import BaseState, GameSystem, RuleError, registry
from sessions import record_schema as schema
from sessions.errors import SessionError
from sessions.history import (
    FIRST_VERSION,
    REVEALED_UNKNOWN,
    STACK_KEEP,
    ReplayBudget,
    ReplayRefused,
    ReplayTooCostly,
    is_undo,
    replay,
    reseeded,
    verify_export,
)
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, records
from table.spec import FileRef
from tests.fixtures.pig import PIG

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
USERS = {0: ALICE, 1: BOB}
CHAN = 700
GAMES = ["starcadia", "armada", "endure", "grimdark", "quasar"]
NAME = "r.json"
MEMORY_LIMIT = 50 * 1024 * 1024
SECONDS_LIMIT = 1.0


@pytest.fixture
async def table(tmp_path: Path):
    seeds = itertools.count(11)
    service = GameService(SqliteStore(tmp_path / "games.db"), seed_source=lambda: next(seeds))
    await service.open()
    yield Table(service)
    await service.close()


def ctx(actor: Actor = ALICE) -> Ctx:
    return Ctx(actor=actor, channel_id=CHAN, guild_id=1)


def gz(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


def doc(**fields: Any) -> bytes:
    """A record's JSON: the format tag, Pig, then ``fields`` (a field set to ``...`` is left out)."""
    base: dict[str, Any] = {"format": "starhost-game/2", "system": "pig", "seed": 11, "actions": []}
    base.update(fields)
    return json.dumps({k: v for k, v in base.items() if v is not ...}).encode()


def entry(version: int, action: Any, seat: Any = 0, kind: str = "move", revealed: Any = "") -> dict[str, Any]:
    return {"version": version, "seat": seat, "action": action, "kind": kind, "revealed": revealed}


async def verify(table: Table, data: bytes, name: str = NAME) -> tuple[str, float, int]:
    """(the reply's sentence, seconds, peak bytes) of ``/game verify file:`` with ``data``."""
    file = FileRef(name, data)
    started = time.perf_counter()
    reply = await records.game_verify(table, ctx(), file)
    seconds = time.perf_counter() - started
    tracemalloc.start()
    try:
        again = await records.game_verify(table, ctx(), file)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert again.lines == reply.lines
    assert len(reply.lines) == 1
    return reply.lines[0], seconds, peak


async def refused(table: Table, data: bytes, sentence: str, name: str = NAME) -> None:
    said, seconds, peak = await verify(table, data, name)
    assert said == sentence
    assert seconds < SECONDS_LIMIT, f"{seconds:.2f} s"
    assert peak < MEMORY_LIMIT, f"{peak / 2**20:.1f} MB"


RECORD_DAMAGED = "This record is damaged or was edited ({})."
NO_VERSION = RECORD_DAMAGED.format("the take-back of version 3 names no version")


def damaged(detail: str) -> str:
    return f"{NAME} is damaged or was edited ({detail})."


# -- real records, every game ----------------------------------------------------------------------------


async def played_record(table: Table, game: str, steps: int) -> bytes:
    """A game played by its own bots' choices for ``steps`` actions (a plain move taken back on the way),
    ended, and exported with /game export: the .json attachment."""
    service = table.service
    system = registry.get(game)
    await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id=game, options="")
    await service.join(CHAN, BOB)
    update = await service.start(CHAN, ALICE)
    took_back = False
    for step in range(steps):
        if update.finished:
            break
        prompt = system.pending(update.state)[0]
        action = system.ai_action(system.view(update.state, prompt.seat), prompt.seat, step)
        if action is None:
            action = system.default_action(update.state, prompt)
        update = await service.act(actor=USERS[prompt.seat], action=action, channel_id=CHAN)
        if not took_back and step > 3 and not update.finished:
            try:
                update = await service.undo(CHAN, USERS[prompt.seat])
                took_back = True
            except SessionError:
                pass
    if not update.finished:
        await service.end(CHAN, ALICE)
    reply = await records.game_export(table, ctx())
    name, data = reply.attachments[0]
    return gzip.decompress(data) if name.endswith(".gz") else data


@pytest.mark.parametrize("game", GAMES)
async def test_a_real_export_verifies_in_every_game(table: Table, game: str) -> None:
    data = await played_record(table, game, 60)
    said, _, _ = await verify(table, data, "starhost-game-1.json")
    count = len(json.loads(data)["actions"])
    assert said == f"Replayed {count} actions: the record is intact."
    said, _, _ = await verify(table, gz(data), "starhost-game-1.json.gz")
    assert said == f"Replayed {count} actions: the record is intact."
    # The stored record, replayed server-side, too (/game verify with no file).
    reply = await records.game_verify(table, ctx())
    assert reply.lines == [f"Replayed {count} actions: the record is intact."]


async def test_a_large_export_is_sent_gzipped_and_verifies(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "EXPORT_GZIP_ABOVE", 1_000)
    await played_record(table, "pig", 40)
    name, data = (await records.game_export(table, ctx())).attachments[0]
    assert name.endswith(".json.gz")
    said, _, _ = await verify(table, data, name)
    assert said.endswith("the record is intact.")


async def test_take_backs_of_reveals_with_fresh_seeds_verify(table: Table) -> None:
    service = table.service
    created = await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig", options="target=100")
    await service.join(CHAN, BOB)
    await service.start(CHAN, ALICE)
    game = created.game.id
    for round_ in range(8):
        state = (await service.status(CHAN)).state
        await service.act(actor=USERS[state.current], action="roll", channel_id=CHAN)
        if round_ % 2 == 0:
            proposal = await service.propose_undo(game, ALICE)
            if proposal.done is None:
                await service.vote_undo(game, (await service.store.get_game(game)).version, BOB, True)
    await service.end(CHAN, ALICE)
    name, data = (await records.game_export(table, ctx())).attachments[0]
    assert data.count(b'"reseed"') == 4
    said, _, _ = await verify(table, data, name)
    assert said.endswith("the record is intact.")


async def test_a_plain_take_back_after_an_agreed_one_keeps_the_fresh_seed(table: Table) -> None:
    """Replay keeps the fresh seed for the position an agreed take-back went to; play must too, or the
    roll that was taken back comes out again (and the record no longer verifies)."""
    service = table.service
    created = await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig", options="target=30")
    await service.join(CHAN, BOB)
    await service.start(CHAN, ALICE)
    game = created.game.id
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    await service.propose_undo(game, ALICE)
    await service.vote_undo(game, (await service.store.get_game(game)).version, BOB, True)
    fresh = (await service.status(CHAN)).state.rng.seed
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    undone = await service.undo(CHAN, ALICE)
    assert undone.state.rng.seed == fresh
    assert (await service.verify(game)).ok


async def test_verify_without_a_file_replays_a_running_game(table: Table) -> None:
    await table.game_new(ctx(), "pig")
    await table.game_join(ctx(BOB))
    await table.game_start(ctx())
    await table.act(ctx(), "roll")
    reply = await records.game_verify(table, ctx())
    assert reply.lines == ["Replayed 1 actions: the record is intact."]


# -- the file itself ---------------------------------------------------------------------------------------


def bomb(unpacked: int, head: bytes = b"") -> bytes:
    """A gzip stream of ``head`` then spaces, ``unpacked`` bytes in all, built without holding them."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    parts = [packer.compress(head)]
    block = b" " * (1 << 20)
    for _ in range((unpacked - len(head)) >> 20):
        parts.append(packer.compress(block))
    parts.append(packer.flush())
    return b"".join(parts)


async def test_a_gzip_bomb_is_stopped_at_the_cap(table: Table) -> None:
    data = bomb(400 << 20, b'{"format": "starhost-game/2", "system": "pig", "actions": [')
    assert len(data) < 1_000_000
    await refused(table, data, f"{NAME} unpacks to more than 32 MB, more than any Starhost record.")


async def test_a_bomb_of_many_gzip_members_is_stopped_too(table: Table) -> None:
    member = bomb(8 << 20)
    await refused(table, member * 6, f"{NAME} unpacks to more than 32 MB, more than any Starhost record.")


async def test_truncated_and_corrupt_gzip(table: Table) -> None:
    whole = gz(doc())
    sentence = f"{NAME} looks compressed but could not be opened."
    await refused(table, whole[: len(whole) // 2], sentence)
    await refused(table, whole[:12], sentence)
    corrupt = bytearray(whole)
    corrupt[12:20] = b"\xff" * 8
    await refused(table, bytes(corrupt), sentence)
    await refused(table, whole + b"junk after the end", sentence)


async def test_too_large_an_upload(table: Table) -> None:
    await refused(
        table, b" " * (schema.MAX_UPLOAD_BYTES + 1), f"{NAME} is larger than 8 MB, so it is not a Starhost record."
    )


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"hello",
        b"\xff\xfe{}",
        b'{"format": "starhost-game/2", "system": "pig"',
        b"[]",
        b"5",
        b'"starhost-game/2"',
        b"null",
        gz(b"[1, 2, 3]"),
        gz(gz(doc())),
        doc(format=...),
        doc(format="other/1"),
        doc(format=5),
        doc(format={"starhost-game/2": 1}),
    ],
)
async def test_what_is_not_a_record(table: Table, data: bytes) -> None:
    await refused(table, data, f"{NAME} is not a Starhost record: upload the .json file /game export gave.")


async def test_the_files_name_is_tamed(table: Table) -> None:
    said, _, _ = await verify(table, b"hello", "@everyone `boom` " + "x" * 200 + ".json")
    assert said.startswith("_everyone _boom_ xxx") and "@" not in said and "`" not in said
    assert said.endswith(" is not a Starhost record: upload the .json file /game export gave.")


# -- structure --------------------------------------------------------------------------------------------


async def test_deep_nesting_anywhere(table: Table) -> None:
    sentence = f"{NAME} is nested too deeply to be a Starhost record."
    deep = b"[" * 100_000 + b"]" * 100_000
    places: list[dict[str, Any]] = [
        {"events": "DEEP"},
        {"state": "DEEP"},
        {"options": "DEEP"},
        {"actions": [{"version": 2, "action": {"type": "roll"}, "events": "DEEP"}]},
        {"actions": [{"version": 2, "action": {"type": "roll", "x": "DEEP"}}]},
        {"actions": [{"version": 2, "action": {"type": "roll"}, "revealed": "DEEP"}]},
    ]
    for fields in places:
        await refused(table, doc(**fields).replace(b'"DEEP"', deep), sentence)
    await refused(table, gz(doc(x="DEEP").replace(b'"DEEP"', deep)), sentence)
    await refused(table, gz(deep), f"{NAME} is not a Starhost record: upload the .json file /game export gave.")
    action: Any = {"type": "roll"}
    for _ in range(40):  # under the parser's guard, over MAX_DEPTH
        action = {"type": "roll", "x": [action]}
    await refused(table, doc(actions=[entry(2, action)]), sentence)


async def test_millions_of_entries(table: Table) -> None:
    many = b'{"format": "starhost-game/2", "system": "pig", "actions": [' + b",".join([b"{}"] * 3_000_000) + b"]}"
    await refused(table, gz(many), f"{NAME} has more parts than any Starhost record (over 1000000 objects and lists).")
    lines = [entry(2 + i, {"type": "hold"}) for i in range(schema.MAX_ACTIONS + 1)]
    await refused(
        table, gz(doc(actions=lines)), f"{NAME} has more than 20000 actions; records that long cannot be checked here."
    )


async def test_huge_things_inside(table: Table) -> None:
    zeros = b"[" + b"0," * 3_000_000 + b"0]"
    big_action = doc(actions=[entry(2, {"type": "roll"})]).replace(b'"type": "roll"', b'"type": "roll", "n": ' + zeros)
    await refused(table, gz(big_action), damaged("the action of version 2 is longer than 16 KB"))
    await refused(table, gz(doc(state={"x": "y" * (5 << 20)})), damaged("its final state is longer than 4 MB"))
    many = [entry(2 + i, {"type": "story", "text": "z" * 15_000}) for i in range(600)]
    await refused(table, gz(doc(actions=many)), damaged("its actions take more than 8 MB"))
    await refused(table, doc(system="p" * 100_000), damaged("expected str of length <= 64 at system"))
    await refused(
        table, doc(options={f"o{i}": "x" for i in range(1000)}), damaged("expected object of length <= 64 at options")
    )


@pytest.mark.parametrize(
    ("fields", "detail"),
    [
        ({"seed": 10**30}, "expected int <= 9223372036854775807 at seed"),
        ({"seed": -1}, "expected int >= 0 at seed"),
        ({"seed": 2**63}, "expected int <= 9223372036854775807 at seed"),
        ({"seed": 1.5}, "expected int | null, got float at seed"),
        ({"seed": "11"}, "expected int | null, got str at seed"),
        ({"seed": True}, "expected int | null, got bool at seed"),
        ({"actions": {}}, "expected array, got object at actions"),
        ({"actions": "x"}, "expected array, got str at actions"),
        ({"actions": [5]}, "expected object, got int at actions[0]"),
        ({"actions": [[]]}, "expected object, got array at actions[0]"),
        ({"actions": [None]}, "expected object, got null at actions[0]"),
        ({"actions": [{"action": {"type": "roll"}}]}, "object missing required field version at actions[0]"),
        ({"actions": [entry("2", {"type": "roll"})]}, "expected int, got str at actions[0].version"),
        ({"actions": [entry(10**40, {"type": "roll"})]}, "expected int <= 2147483647 at actions[0].version"),
        ({"actions": [entry(0, {"type": "roll"})]}, "expected int >= 1 at actions[0].version"),
        ({"actions": [entry(2, {"type": "roll"}, seat="0")]}, "expected int | null, got str at actions[0].seat"),
        ({"actions": [entry(2, {"type": "roll"}, seat=10**20)]}, "expected int <= 99 at actions[0].seat"),
        ({"actions": [entry(2, {"type": "roll"}, kind=5)]}, "expected str, got int at actions[0].kind"),
        ({"actions": [entry(2, [1, 2])]}, "expected object, got array in the action of version 2"),
        ({"actions": [entry(2, "roll")]}, "expected object, got str in the action of version 2"),
        ({"actions": [entry(2, None)]}, "expected object, got null in the action of version 2"),
        ({"actions": [entry(2, {"type": "roll"}, revealed=5)]}, "actions[0].revealed should be text"),
        ({"actions": [entry(2, {"type": "roll"}, revealed=["a"])]}, "actions[0].revealed should be text"),
        ({"system": 5}, "expected str, got int at system"),
        ({"system": ["pig"]}, "expected str, got array at system"),
        ({"system": ...}, "object missing required field system"),
        ({"options": ["a"]}, "expected object | null, got array at options"),
        ({"options": {"target": 10}}, "expected str, got int at options[...]"),
        ({"scenario": {"a": 1}}, "expected str | null, got object at scenario"),
    ],
)
async def test_wrong_types_and_ranges(table: Table, fields: dict[str, Any], detail: str) -> None:
    await refused(table, doc(state={"x": 1}, **fields), damaged(detail))


async def test_numbers_the_parser_refuses(table: Table) -> None:
    huge = doc(actions=[entry(2, {"type": "roll"})]).replace(b'"roll"', b'"roll", "n": 1' + b"0" * 10_000)
    await refused(table, huge, damaged("integer value out of range in the action of version 2"))
    big = doc(actions=[entry(2, {"type": "roll"})]).replace(b'"roll"', b'"roll", "n": [1' + b"0" * 4_000 + b"]")
    await refused(table, big, damaged("a number in the action of version 2 is out of range"))
    inf = doc(actions=[entry(2, {"type": "roll"})]).replace(b'"roll"', b'"roll", "n": 1e400')
    await refused(table, inf, damaged("number out of range in the action of version 2"))
    await refused(table, doc().replace(b'"seed": 11', b'"seed": 1e400'), damaged("number out of range at seed"))


# -- content ----------------------------------------------------------------------------------------------


async def pig_state(table: Table, actions: Sequence[str] = ()) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A finished-looking Pig record's state and entries: ``actions`` played by alice and bob in turn."""
    start = PIG.setup(["alice", "bob"], {"target": "30"}, 11)
    entries: list[dict[str, Any]] = []
    state = start
    for number, text in enumerate(actions):
        seat = state.current
        played = PIG.play(state, seat, {"type": text})
        state = played.state
        entries.append(entry(2 + number, {"type": text}, seat=seat, revealed=", ".join(played.revealed)))
    del table
    return json.loads(PIG.dumps(state)), entries


async def test_unknown_system(table: Table) -> None:
    await refused(table, doc(system="chess", state={"x": 1}), "That is not a Starhost record (no known game in it).")
    await refused(table, doc(system="", state={"x": 1}), "That is not a Starhost record (no known game in it).")


async def test_a_state_that_does_not_decode(table: Table) -> None:
    sentence = "The final state in this record could not be read: it is damaged or was edited."
    for state in ({"x": 1}, "garbage", [1, 2], 5, {"system": "pig", "scores": "many"}):
        await refused(table, doc(state=state), sentence)
    state, _ = await pig_state(table)
    state["seats"] = [{"name": "x"}]
    await refused(table, doc(state=state), sentence)


async def test_setup_that_cannot_be_replayed(table: Table) -> None:
    state, _ = await pig_state(table)
    await refused(
        table,
        doc(state=state, options={"target": "lots"}),
        "Setup could not be replayed: the record's seats or options are damaged.",
    )
    state["seats"] = []
    await refused(table, doc(state=state), "Setup could not be replayed: Pig needs 1 to 4 players.")
    state["seats"] = ["a"] * 50
    await refused(table, doc(state=state), "Setup could not be replayed: Pig needs 1 to 4 players.")
    await refused(table, doc(state={"x": 1}, seed=None), "This record has a final state but no seed to replay it from.")


async def test_versions_out_of_order(table: Table) -> None:
    state, entries = await pig_state(table, ["roll", "hold"])
    entries[0]["version"], entries[1]["version"] = 3, 2
    await refused(
        table,
        doc(state=state, actions=entries),
        "This record is damaged or was edited (version 2 comes after version 3).",
    )
    entries[1]["version"] = 3
    await refused(
        table,
        doc(state=state, actions=entries),
        "This record is damaged or was edited (version 3 comes after version 3).",
    )


@pytest.mark.parametrize(
    ("undo", "sentence"),
    [
        (
            {"type": "undo", "to": "1"},
            NO_VERSION,
        ),
        (
            {"type": "undo", "to": True},
            NO_VERSION,
        ),
        (
            {"type": "undo", "to": {"v": 1}},
            NO_VERSION,
        ),
        ({"type": "undo"}, NO_VERSION),
        ({"type": "undo", "to": 99}, "Action 3 was refused on replay: it goes back to a position that cannot return"),
        ({"type": "undo", "to": -5}, "Action 3 was refused on replay: it goes back to a position that cannot return"),
        (
            {"type": "undo", "to": 1, "reseed": 2**64},
            "r.json is damaged or was edited (a number in the action of version 3 is out of range).",
        ),
        (
            {"type": "undo", "to": 1, "reseed": -1},
            "Action 3 was refused on replay: A take-back in this record carries a seed that is not a whole number.",
        ),
        (
            {"type": "undo", "to": 1, "reseed": "7"},
            "Action 3 was refused on replay: A take-back in this record carries a seed that is not a whole number.",
        ),
    ],
)
async def test_malformed_take_backs(table: Table, undo: dict[str, Any], sentence: str) -> None:
    state, entries = await pig_state(table, ["roll"])
    entries.append(entry(3, undo, seat=0, kind="undo"))
    await refused(table, doc(state=state, actions=entries), sentence)


async def test_actions_the_engine_chokes_on(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    state, entries = await pig_state(table, ["roll"])
    entries[0]["seat"] = None  # the platform acting: Pig looks up seats[None]
    entries[0]["action"] = {"type": "taunt"}
    sentence = "Action 2 could not be replayed: the record is damaged or was edited."
    await refused(table, doc(state=state, actions=entries), sentence)
    entries[0]["action"] = {"type": {"nested": "type"}}
    await refused(
        table, doc(state=state, actions=entries), "Action 2 was refused on replay: That is not an action I understand."
    )

    def broken(*args: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(PIG, "perform", broken)
    entries[0].update(seat=0, action={"type": "roll"})
    await refused(table, doc(state=state, actions=entries), sentence)


# -- replay work -------------------------------------------------------------------------------------------


def climbing_undos(pairs: int) -> list[dict[str, Any]]:
    """roll, then pairs of (roll, take back to the previous take-back): each take-back goes back past
    a reveal to a position never replayed before, so each replays the whole log so far."""
    entries = [entry(2, {"type": "roll"}, revealed="a die was rolled")]
    previous = 2
    version = 3
    for _ in range(pairs):
        entries.append(entry(version, {"type": "roll"}, revealed="a die was rolled"))
        entries.append(entry(version + 1, {"type": "undo", "to": previous}, kind="undo"))
        previous, version = version + 1, version + 2
    return entries


async def test_an_undo_loop_runs_out_of_its_budget(table: Table) -> None:
    state, _ = await pig_state(table)
    entries = climbing_undos(300)
    budget = ReplayBudget.for_upload(len(entries), None)
    assert budget.steps == schema.WORK_BASE + schema.WORK_PER_ACTION * len(entries) < 300 * 300
    await refused(
        table,
        gz(doc(state=state, actions=entries)),
        "Replaying this record needs more work than a check allows, so it was not verified.",
    )
    result = verify_export(json.loads(doc(state=state, actions=entries)), budget=budget)
    assert not result.ok and budget.used == budget.steps + 1  # stopped at the first step over


async def test_the_budget_never_exceeds_its_cap() -> None:
    assert ReplayBudget.for_upload(schema.MAX_ACTIONS, None).steps == schema.MAX_APPLIES
    assert ReplayBudget.for_upload(0, None).steps == schema.WORK_BASE


async def test_undo_to_version_1_loops_cost_two_steps_per_pair(table: Table) -> None:
    """The take-back of a reveal to the start is remembered: a loop of them is linear, not quadratic."""
    state, _ = await pig_state(table)
    entries: list[dict[str, Any]] = []
    for pair in range(5_000):
        entries.append(entry(2 + 2 * pair, {"type": "story", "lines": 400}, revealed="a die was rolled"))
        entries.append(entry(3 + 2 * pair, {"type": "undo", "to": 1}, kind="undo"))
    data = json.loads(doc(state=state, actions=entries))
    budget = ReplayBudget.for_upload(len(entries), None)
    result = verify_export(data, budget=budget)
    assert budget.used == len(entries)
    assert result.message == "Replayed 10000 actions: the record is intact."  # it ends where it began


async def test_costly_actions_stop_at_the_deadline(table: Table) -> None:
    state, _ = await pig_state(table)
    entries = [entry(2 + n, {"type": "story", "lines": 400}) for n in range(schema.MAX_ACTIONS)]
    file = FileRef(NAME, gz(doc(state=state, actions=entries)))
    started = time.perf_counter()
    result = await asyncio.to_thread(records.check_upload, file, seconds=0.3)
    assert result.message == "Checking this record took longer than 10 seconds, so it was stopped."
    assert time.perf_counter() - started < 0.3 + SECONDS_LIMIT


async def test_a_busy_checker_asks_to_wait(table: Table) -> None:
    taken = [records._CHECKS.acquire(blocking=False) for _ in range(schema.MAX_PARALLEL_CHECKS)]
    try:
        assert all(taken)
        reply = await records.game_verify(table, ctx(), FileRef(NAME, doc()))
        assert reply.lines == ["Two records are being checked already; try again in a minute."]
    finally:
        for _ in taken:
            records._CHECKS.release()
    reply = await records.game_verify(table, ctx(), FileRef(NAME, b"x"))
    assert reply.lines == [f"{NAME} is not a Starhost record: upload the .json file /game export gave."]


# -- replay keeps its meaning ------------------------------------------------------------------------------


def reference_replay(system: GameSystem, start: BaseState, entries: Sequence[dict[str, Any]]) -> BaseState:
    """``replay`` as it was before it was bounded (every state kept, every deep take-back replayed)."""
    stack: list[tuple[int, BaseState]] = [(FIRST_VERSION, start)]
    for index, item in enumerate(entries):
        if is_undo(item):
            target = int(item["action"].get("to", -1))
            while stack and stack[-1][0] > target:
                stack.pop()
            if stack and stack[-1][0] == target:
                back = stack[-1][1]
            else:
                earlier = [e for e in entries[:index] if int(e["version"]) <= target]
                if target < FIRST_VERSION or (target > FIRST_VERSION and not earlier):
                    raise ReplayRefused(index, "it goes back to a position that cannot return")
                if earlier and int(earlier[-1]["version"]) != target:
                    raise ReplayRefused(index, "it goes back to a position that cannot return")
                back = reference_replay(system, start, earlier)
            try:
                back = reseeded(system, back, item["action"].get("reseed"))
            except RuleError as exc:
                raise ReplayRefused(index, str(exc)) from None
            stack = [(target, back), (int(item["version"]), back)]
            continue
        try:
            state, _ = system.apply(stack[-1][1], item["seat"], item["action"])
        except RuleError as exc:
            raise ReplayRefused(index, str(exc)) from None
        if item.get("revealed", REVEALED_UNKNOWN):
            stack.clear()
        stack.append((int(item["version"]), state))
    return stack[-1][1]


def random_log(rng: random.Random, length: int) -> list[dict[str, Any]]:
    """Pig entries: rolls, holds and many taunts (the stack outgrows STACK_KEEP), and take-backs to
    any earlier version, with or without a fresh seed, sometimes flagged as revealing or not."""
    entries: list[dict[str, Any]] = []
    for number in range(length):
        version = 2 + number
        pick = rng.random()
        if pick < 0.25 and entries:
            to = rng.choice([FIRST_VERSION] + [e["version"] for e in entries])
            undo: dict[str, Any] = {"type": "undo", "to": to}
            if rng.random() < 0.5:
                undo["reseed"] = rng.randrange(2**62)
            entries.append(entry(version, undo, kind="undo"))
        else:
            kind = rng.choice(["roll", "hold", "taunt", "taunt", "taunt"])
            revealed = rng.choice(["a die was rolled", ""]) if kind == "roll" else rng.choice(["", "", "x"])
            entries.append(entry(version, {"type": kind}, seat=rng.choice([0, 0, 1]), revealed=revealed))
    return entries


def outcome(function: Any, start: BaseState, entries: list[dict[str, Any]]) -> tuple[str, Any]:
    try:
        return "state", PIG.dumps(function(PIG, start, entries))
    except ReplayRefused as exc:
        return "refused", (exc.index, str(exc))


def test_bounded_replay_gives_what_replay_gave() -> None:
    rng = random.Random(5)
    start = PIG.setup(["alice", "bob"], {"target": "100"}, 3)
    compared = 0
    for _ in range(300):
        entries = random_log(rng, rng.randrange(1, 3 * STACK_KEEP))
        assert outcome(replay, start, entries) == outcome(reference_replay, start, entries)
        compared += outcome(replay, start, entries)[0] == "state"
    assert compared > 50  # most logs replay to the end


def test_a_take_back_past_the_kept_states_is_replayed_exactly() -> None:
    start = PIG.setup(["alice", "bob"], {"target": "100"}, 3)
    entries = [entry(2, {"type": "roll"}, revealed="a die was rolled")]
    entries += [entry(3 + n, {"type": "taunt"}) for n in range(3 * STACK_KEEP)]
    entries.append(entry(4 + 3 * STACK_KEEP, {"type": "undo", "to": 4}, kind="undo"))
    budget = ReplayBudget()
    assert PIG.dumps(replay(PIG, start, entries, budget=budget)) == PIG.dumps(reference_replay(PIG, start, entries))
    assert budget.used == len(entries) + 3  # the position at version 4 was replayed: three more steps


def test_a_replay_stops_at_its_budget_deadline_and_nesting() -> None:
    start = PIG.setup(["alice", "bob"], {"target": "100"}, 3)
    entries = climbing_undos(10)  # the replay as it was costs 2**10 times more (each take-back replays all)
    with pytest.raises(ReplayTooCostly, match="more work than a check allows"):
        replay(PIG, start, entries, budget=ReplayBudget(steps=30))
    ticks = itertools.count()
    with pytest.raises(ReplayTooCostly, match="took longer than 10 seconds"):
        replay(PIG, start, entries, budget=ReplayBudget(deadline=5, clock=lambda: next(ticks)))
    with pytest.raises(ReplayTooCostly, match="more work than a check allows"):
        replay(PIG, start, entries, budget=ReplayBudget(nesting=0))
    assert PIG.dumps(replay(PIG, start, entries)) == PIG.dumps(reference_replay(PIG, start, entries))


def test_a_server_record_is_checked_against_the_same_types() -> None:
    result = verify_export({"system": "pig", "seed": 11, "state": {"x": 1}, "actions": [{"version": "2"}]})
    assert result.message == "This record is damaged or was edited (expected int, got str at actions[0].version)."
    assert verify_export([1, 2]).message == "That is not a Starhost record (no known game in it)."  # type: ignore[arg-type]
    nested: Any = {"type": "roll"}
    for _ in range(5_000):
        nested = {"type": "roll", "x": nested}
    result = verify_export({"system": "pig", "seed": 11, "state": {"x": 1}, "actions": [entry(2, nested)]})
    assert result.message == "This record is nested too deeply to be a Starhost record."

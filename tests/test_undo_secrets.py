"""Undo never reveals the future: a take-back of a reveal needs every seat, and the dice go on fresh.

Played on Pig (tests/fixtures/pig.py): a roll is a reveal, a hold is not.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from rules.core import Rng, RngState
from sessions.errors import SessionError
from sessions.history import RESEED, verify_export
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, records

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
CHAN = 100
GAME_SEED = 7


def counting_seeds():
    """The game's seed first, then a new one for every fresh draw the service asks for."""
    numbers = itertools.count(1)
    return lambda: GAME_SEED if (n := next(numbers)) == 1 else 1_000 + n


@pytest.fixture
async def service(tmp_path: Path):
    svc = GameService(SqliteStore(tmp_path / "games.db"), seed_source=counting_seeds())
    await svc.open()
    yield svc
    await svc.close()


async def pig(svc: GameService, *players: Actor) -> int:
    update = await svc.new_game(channel_id=CHAN, guild_id=1, host=players[0], system_id="pig", options="target=30")
    for player in players[1:]:
        await svc.join(CHAN, player)
    await svc.start(CHAN, players[0])
    return update.game.id


def rolled(update) -> int:
    return next(e.data["faces"][0] for e in update.events if e.kind == "roll")


async def test_an_agreed_take_back_of_a_roll_rolls_from_a_fresh_seed(service: GameService) -> None:
    game = await pig(service, ALICE, BOB)
    first = await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    proposal = await service.propose_undo(game, ALICE)
    assert proposal.waiting == [1] and proposal.done is None
    record = await service.store.get_game(game)
    agreed = await service.vote_undo(game, record.version, BOB, True)
    assert agreed.done is not None
    assert "fresh shuffle" in agreed.done.events[0].text
    undo = (await service.store.actions(game))[-1]
    fresh = undo.action[RESEED]
    assert undo.kind == "undo" and fresh not in (GAME_SEED, 0)
    assert agreed.done.state.rng.seed == fresh and agreed.done.state.rng.draws == 0
    again = await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    # The roll comes from the fresh seed: the taken-back roll told nothing about it.
    assert rolled(again) == 1 + Rng(RngState(seed=fresh)).below(6)
    assert rolled(first) == 1 + Rng(RngState(seed=GAME_SEED)).below(6)
    assert (await service.verify(game)).ok


async def test_replaying_a_record_with_fresh_seeds_is_exact_and_a_forged_seed_is_caught(service: GameService) -> None:
    game = await pig(service, ALICE, BOB)
    for _ in range(3):
        await service.act(actor=ALICE, action="roll", channel_id=CHAN)
        await service.propose_undo(game, ALICE)
        record = await service.store.get_game(game)
        await service.vote_undo(game, record.version, BOB, True)
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    exported = await service.export(game)
    assert verify_export(exported).ok
    last_undo = [a for a in exported["actions"] if a["kind"] == "undo"][-1]
    last_undo["action"][RESEED] += 1  # the roll after it would have come out otherwise
    assert not verify_export(exported).ok


async def test_different_fresh_seeds_give_different_rolls() -> None:
    faces = {1 + Rng(RngState(seed=1_000 + n)).below(6) for n in range(20)}
    assert len(faces) > 1


async def test_a_take_back_of_a_reveal_needs_every_seat_an_empty_one_cannot_be_skipped(service: GameService) -> None:
    game = await pig(service, ALICE, BOB)
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    await service.kick(CHAN, ALICE, BOB.user_id)
    before = await service.store.get_game(game)
    with pytest.raises(SessionError, match="seat 2 has nobody to agree"):
        await service.propose_undo(game, ALICE)
    after = await service.store.get_game(game)
    assert (after.version, after.state) == (before.version, before.state)


async def test_the_host_decides_for_an_empty_seat_when_nothing_was_revealed(service: GameService) -> None:
    game = await pig(service, ALICE, BOB, CAROL)
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    await service.kick(CHAN, ALICE, CAROL.user_id)
    proposal = await service.propose_undo(game, ALICE)
    assert proposal.waiting == [1]  # bob must agree; carol's empty seat is decided by the host
    record = await service.store.get_game(game)
    agreed = await service.vote_undo(game, record.version, BOB, True)
    assert agreed.done is not None and agreed.done.state.current == 0
    assert RESEED not in (await service.store.actions(game))[-1].action  # nothing revealed: same dice


async def test_a_running_games_export_and_log_keep_the_fresh_seed_hidden(service: GameService) -> None:
    table = Table(service)
    game = await pig(service, ALICE, BOB)
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    await service.propose_undo(game, ALICE)
    await service.vote_undo(game, (await service.store.get_game(game)).version, BOB, True)
    export = await records.game_export(table, Ctx(BOB, CHAN, 1))
    assert b'"reseed"' not in export.attachments[0][1]
    log = await records.game_log(table, Ctx(BOB, CHAN, 1), 10)
    assert "reseed" not in log.as_text() and "1002" not in log.as_text()

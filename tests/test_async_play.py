"""Async play: steps with nothing to decide are played for the player, undo, and bot seats.

Played on Pig (tests/fixtures/pig.py): with ``bust=ask`` a rolled 1 leaves a step whose only
answer is ``pass``; bots roll until 8 points are at risk.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sessions.errors import SessionError
from sessions.history import verify_export
from sessions.service import Actor, GameService, is_bot
from sessions.store import SqliteStore
from tests.fixtures.pig import PIG

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
CHAN = 100


@pytest.fixture
async def service(tmp_path: Path):
    svc = GameService(SqliteStore(tmp_path / "games.db"), seed_source=lambda: 7)
    await svc.open()
    yield svc
    await svc.close()


async def pig(svc: GameService, *players: Actor, options: str = "target=30", bots: int = 0) -> int:
    host = players[0]
    update = await svc.new_game(channel_id=CHAN, guild_id=1, host=host, system_id="pig", options=options)
    for player in players[1:]:
        await svc.join(CHAN, player)
    for _ in range(bots):
        await svc.add_bot(CHAN, host)
    await svc.start(CHAN, host)
    return update.game.id


async def roll_until_one(svc: GameService, who: Actor):
    """Roll until a 1 comes up (the seed is fixed, so this is the same every run)."""
    for _ in range(40):
        update = await svc.act(actor=who, action="roll", channel_id=CHAN)
        if any("rolled a 1" in e.text for e in update.events):
            return update
    raise AssertionError("no 1 in 40 rolls")


# -- nothing to decide, nothing to ask --------------------------------------------------------------------


async def test_a_step_with_one_answer_is_played_and_narrated(service: GameService) -> None:
    await pig(service, ALICE, BOB, options="bust=ask")
    update = await roll_until_one(service, ALICE)
    texts = [e.text for e in update.events]
    assert "alice had nothing to decide: pass." in texts
    assert update.state.current == 1 and update.waiting_users() == [BOB.user_id]
    kinds = [a.kind for a in await service.store.actions(update.game.id)]
    assert kinds[-1] == "auto" and set(kinds[:-1]) == {"move"}


async def test_autopass_off_asks_every_step(service: GameService) -> None:
    await pig(service, ALICE, BOB, options="bust=ask")
    await service.change_setting(CHAN, ALICE, "autopass", "off")
    update = await roll_until_one(service, ALICE)
    assert update.state.phase == "bust" and update.waiting_users() == [ALICE.user_id]
    update = await service.act(actor=ALICE, action="pass", channel_id=CHAN)
    assert update.waiting_users() == [BOB.user_id]


# -- undo -------------------------------------------------------------------------------------------------


async def test_undo_takes_back_a_plain_move(service: GameService) -> None:
    game = await pig(service, ALICE, BOB)
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    before = await service.store.get_game(game)
    held = await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    assert held.state.current == 1
    undone = await service.undo(CHAN, ALICE)
    assert undone.state.current == 0
    assert undone.state == PIG.loads(before.state)
    assert undone.events[0].text == "alice takes back `hold`."
    entries = await service.store.actions(game)
    assert entries[-1].kind == "undo" and entries[-1].action == {"type": "undo", "to": before.version}
    assert (await service.verify(game)).ok


async def test_undo_is_refused_after_a_roll(service: GameService) -> None:
    game = await pig(service, ALICE, BOB)
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)
    before = await service.store.get_game(game)
    with pytest.raises(SessionError, match="a die was rolled since"):
        await service.undo(CHAN, ALICE)
    after = await service.store.get_game(game)
    assert (after.version, after.state) == (before.version, before.state)


async def test_undo_is_refused_after_another_seat_acted(service: GameService) -> None:
    await pig(service, ALICE, BOB)
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    await service.act(actor=BOB, action="hold", channel_id=CHAN)
    with pytest.raises(SessionError, match="Another player has acted"):
        await service.undo(CHAN, ALICE)
    with pytest.raises(SessionError, match="not playing"):
        await service.undo(CHAN, CAROL)


async def test_two_undos_go_back_two_moves_even_after_a_restart(service: GameService) -> None:
    game = await pig(service, ALICE, BOB)
    start = await service.store.get_game(game)
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    await service.act(actor=BOB, action="hold", channel_id=CHAN)
    service._forget(game)  # a restart: undo must replay the log instead of using memory
    await service.undo(CHAN, BOB)
    with pytest.raises(SessionError, match="Another player"):
        await service.undo(CHAN, BOB)
    await service.undo(CHAN, ALICE)
    now = await service.store.get_game(game)
    assert now.state == start.state and now.version == start.version + 4
    record = await service.export(game)
    assert [a["kind"] for a in record["actions"]] == ["move", "move", "undo", "undo"]


async def test_a_record_with_undos_replays_and_a_bad_undo_is_caught(service: GameService) -> None:
    game = await pig(service, ALICE, BOB, options="target=10")
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    await service.undo(CHAN, ALICE)
    for _ in range(60):
        status = await service.status(CHAN, include_finished=True)
        if status.game.status != "active":
            break
        who = ALICE if status.state.current == 0 else BOB
        await service.act(actor=who, action="roll" if status.state.turn_total < 6 else "hold", channel_id=CHAN)
    data = await service.export(game)
    assert data["status"] == "finished" and verify_export(data).ok
    data["actions"][1]["action"]["to"] = 99
    result = verify_export(data)
    assert not result.ok and "cannot return" in result.message


# -- bot seats --------------------------------------------------------------------------------------------


async def test_a_bot_seat_plays_its_turns_within_the_request(service: GameService) -> None:
    game = await pig(service, ALICE, bots=1)
    record = await service.store.get_game(game)
    assert is_bot(record.seats[1].user_id) and record.seats[1].name == "Bot 2"
    update = await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    assert update.state.current == 0 or update.finished, "the bot played its whole turn"
    assert any(e.kind == "auto" and e.text.startswith("Bot 2 plays") for e in update.events)
    assert update.waiting_users() in ([ALICE.user_id], [])
    assert {a.kind for a in await service.store.actions(game)} >= {"move", "bot"}


async def test_a_table_left_with_only_bots_closes(service: GameService) -> None:
    update = await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig", options="target=30")
    await service.add_bot(CHAN, ALICE)
    await service.add_bot(CHAN, ALICE)
    await service.leave(CHAN, ALICE)
    record = await service.store.get_game(update.game.id)
    assert record.status == "ended", "a table with only bots closes when its last player leaves"


async def test_only_the_host_seats_bots_and_only_on_free_seats(service: GameService) -> None:
    await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig")
    await service.join(CHAN, BOB)
    with pytest.raises(SessionError, match="host"):
        await service.add_bot(CHAN, BOB)
    with pytest.raises(SessionError, match="Seat 2 is taken"):
        await service.add_bot(CHAN, ALICE, seat=2)
    await service.start(CHAN, ALICE)
    with pytest.raises(SessionError, match="Every seat has a player"):
        await service.add_bot(CHAN, ALICE)
    await service.leave(CHAN, BOB)
    update = await service.add_bot(CHAN, ALICE)
    assert any("A bot takes seat 2" in e.text for e in update.events)


async def test_a_busy_channel_does_not_ask_the_database_which_game_it_holds(service: GameService, monkeypatch) -> None:
    """The channel's open game, its settings and the players' notification choices come from memory."""
    await pig(service, ALICE, BOB)
    asked: list[str] = []
    for name in ("open_game_in", "get_settings", "get_user_settings", "get_game"):
        real = getattr(service.store, name)

        async def counting(*args, _real=real, _name=name, **kwargs):
            asked.append(_name)
            return await _real(*args, **kwargs)

        monkeypatch.setattr(service.store, name, counting)
    from table import Ctx, Table

    table = Table(service)
    for _ in range(6):
        status = await service.status(CHAN)
        who = ALICE if status.state.current == 0 else BOB
        await table.act(Ctx(actor=who, channel_id=CHAN, guild_id=1), "hold")
    assert asked == [], "the players' choices are read with the game, then kept"
    await service.end(CHAN, ALICE)
    with pytest.raises(SessionError, match="no game in this channel"):
        await service.game_in(CHAN)

"""A game that lives for weeks: deadlines that act, away mode, and the catch-up of a returning player.

Three players at a Pig table; carol goes silent for two days. The table's deadline plays for her by
default or by bot, across a restart and outside quiet hours; every automatic move is narrated; when
she is back she reads what she missed.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from rules.core import registry
from sessions import catchup
from sessions.errors import SessionError
from sessions.reminders import act_on_deadlines, due_reminders, play_for_the_away
from sessions.service import Actor, GameService
from sessions.settings import GameSettings
from sessions.store import ActionRecord, SqliteStore
from table import Ctx, Table, players

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
CHANNEL = 5
HOUR = 3600.0


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo("UTC")).timestamp()


async def open_service(path: Path, clock: Clock) -> GameService:
    service = GameService(SqliteStore(path), clock=clock, seed_source=lambda: 11)
    await service.open()
    return service


async def three_seats(service: GameService, **settings: str) -> int:
    await service.new_game(channel_id=CHANNEL, guild_id=1, host=ALICE, system_id="pig", options="target=100")
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    for key, value in settings.items():
        await service.change_setting(CHANNEL, ALICE, key, value)
    await service.start(CHANNEL, ALICE)
    return (await service.game_in(CHANNEL)).id


async def hold(service: GameService, actor: Actor) -> None:
    await service.act(actor=actor, action="hold", channel_id=CHANNEL)


async def whose_turn(service: GameService) -> int:
    update = await service.status(CHANNEL)
    return update.prompts[0].seat


@pytest.fixture
def clock() -> Clock:
    return Clock(at("2026-03-02T12:00:00"))


async def test_a_silent_player_is_played_by_default_at_the_deadline_even_across_a_restart(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    await three_seats(service, deadline_hours="24", on_deadline="default")
    await hold(service, ALICE)
    await hold(service, BOB)
    assert await whose_turn(service) == 2
    clock.now += 23 * HOUR
    assert await act_on_deadlines(service, clock.now) == [], "not before the deadline"
    await service.close()  # a restart: the deadline lives in the store
    service = await open_service(tmp_path / "g.db", clock)
    clock.now += 2 * HOUR
    [update] = await act_on_deadlines(service, clock.now)
    text = [e.text for e in update.events]
    assert any(t.startswith("carol was away for 25 h: the default was played") for t in text), text
    assert await whose_turn(service) == 0, "the game runs on"
    assert await act_on_deadlines(service, clock.now) == [], "acted once"
    # a second day: alice and bob play on, carol is still silent
    await hold(service, ALICE)
    await hold(service, BOB)
    clock.now += 25 * HOUR
    assert len(await act_on_deadlines(service, clock.now)) == 1
    entries = await service.store.actions((await service.game_in(CHANNEL)).id)
    assert [e.kind for e in entries if e.seat == 2] == ["timeout", "timeout"]
    await service.close()


async def test_quiet_hours_delay_a_deadline_and_never_skip_it(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    await three_seats(service, deadline_hours="24", on_deadline="default", quiet_hours="10-14")
    await hold(service, ALICE)
    await hold(service, BOB)  # at 12:00, inside tomorrow's quiet window too
    clock.now += 24 * HOUR + 60  # 12:01 the next day: due, but quiet
    assert await act_on_deadlines(service, clock.now) == []
    clock.now += 2 * HOUR  # 14:01: the window is over
    assert len(await act_on_deadlines(service, clock.now)) == 1
    await service.close()


async def test_a_players_own_quiet_hours_delay_their_deadline(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    await three_seats(service, deadline_hours="24", on_deadline="default")
    await service.set_user_setting(CAROL.user_id, "quiet_hours", "11-13")
    await hold(service, ALICE)
    await hold(service, BOB)
    clock.now += 24 * HOUR + 60
    assert await act_on_deadlines(service, clock.now) == []
    clock.now += HOUR
    assert len(await act_on_deadlines(service, clock.now)) == 1
    await service.close()


async def test_the_bot_plays_a_late_seat_until_its_player_is_back(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    game_id = await three_seats(service, deadline_hours="24", on_deadline="bot")
    await hold(service, ALICE)
    await hold(service, BOB)
    clock.now += 48 * HOUR
    [update] = await act_on_deadlines(service, clock.now)
    text = [e.text for e in update.events]
    assert any("carol was away for 2 days: the bot plays their seat until they are back" in t for t in text), text
    assert any(t.startswith("carol is away: the bot plays") for t in text), text
    assert await whose_turn(service) == 0
    # from now on the bot plays carol's turns as soon as they come, narrated
    await hold(service, ALICE)
    played = await service.act(actor=BOB, action="hold", channel_id=CHANNEL)
    assert any(e.text.startswith("carol is away: the bot plays") for e in played.events)
    assert CAROL.user_id not in played.waiting_users(), "her notices pause"
    record = await service.store.get_game(game_id)
    assert 2 in await service.handed_over(record)
    back = await service.back(CAROL, guild_id=1)
    assert [r.id for r in back] == [game_id]
    assert await service.handed_over(record) == {}
    with pytest.raises(SessionError, match="not away"):
        await service.back(CAROL, guild_id=1)
    await service.close()


async def test_a_move_of_her_own_ends_the_deadline_hand_over(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    game_id = await three_seats(service, deadline_hours="24", on_deadline="bot")
    await hold(service, ALICE)
    await hold(service, BOB)
    clock.now += 25 * HOUR
    await act_on_deadlines(service, clock.now)
    update = await service.act(actor=CAROL, action={"type": "taunt"}, channel_id=CHANNEL)  # a free action of hers
    assert any(e.text == "carol is back: the bot no longer plays their seat." for e in update.events)
    assert await service.handed_over(await service.store.get_game(game_id)) == {}
    await service.close()


async def test_the_bot_decides_for_a_late_seat_from_that_seats_own_view(tmp_path, clock, monkeypatch) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    await three_seats(service, deadline_hours="24", on_deadline="bot")
    await hold(service, ALICE)
    await hold(service, BOB)
    pig = registry.get("pig")
    seen = []
    original = type(pig).ai_action

    def spy(self, view, seat, seed):
        seen.append((view, seat))
        return original(self, view, seat, seed)

    monkeypatch.setattr(type(pig), "ai_action", spy)
    clock.now += 25 * HOUR
    await act_on_deadlines(service, clock.now)
    assert seen and all(seat == 2 and view.rng.seed == 0 for view, seat in seen), "the seat's view, never the seed"
    await service.close()


async def test_remind_keeps_todays_behaviour_and_says_what_a_deadline_will_do(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    await three_seats(service, deadline_hours="24", on_deadline="remind")
    await hold(service, ALICE)
    await hold(service, BOB)
    clock.now += 30 * HOUR
    assert await act_on_deadlines(service, clock.now) == []
    [reminder] = await due_reminders(service, clock.now)
    assert "/game timeout" not in reminder.text or "last reminder" not in reminder.text
    await service.change_setting(CHANNEL, ALICE, "on_deadline", "bot")
    clock.now += 30 * HOUR
    assert len(await act_on_deadlines(service, clock.now)) == 1
    await service.close()


def test_deadline_settings_are_checked() -> None:
    assert GameSettings.validate("deadline_hours", "48") == "48"
    assert GameSettings.validate("deadline_hours", "OFF") == "off"
    assert GameSettings.validate("on_deadline", "Bot") == "bot"
    for key, value, words in [
        ("deadline_hours", "0.5", "whole number from 1 to 720"),
        ("deadline_hours", "721", "whole number from 1 to 720"),
        ("on_deadline", "kick", "remind (reminders only), default"),
    ]:
        with pytest.raises(SessionError, match=words.replace("(", r"\(").replace(")", r"\)")):
            GameSettings.validate(key, value)
    assert GameSettings.parse({}).deadline_hours is None and not GameSettings.parse({}).deadline_acts


# -- away mode ----------------------------------------------------------------------------------------------


async def test_away_hands_every_game_here_to_the_bot_and_back_takes_them_again(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    table = Table(service)
    game_id = await three_seats(service)
    await hold(service, ALICE)
    await hold(service, BOB)  # carol's turn
    reply = await players.game_away(table, Ctx(CAROL, CHANNEL, 1), days=3)
    assert "carol is away: the bot plays their seat." in reply.as_text()
    assert any("The bot plays your seat until <t:" in line for line in reply.private)
    assert await whose_turn(service) == 0, "the bot played carol's turn at once"
    mine = await players.game_mine(table, Ctx(CAROL, CHANNEL, 1))
    assert "the bot plays for you until <t:" in mine.as_text()
    # three days later the seat is hers again
    clock.now += 3 * 86400 + 1
    assert await service.handed_over(await service.store.get_game(game_id)) == {}
    with pytest.raises(SessionError, match="not away"):
        await players.game_back(table, Ctx(CAROL, CHANNEL, 1))
    await service.close()


async def test_away_is_refused_clearly(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    table = Table(service)
    with pytest.raises(SessionError, match="no running game here"):
        await players.game_away(table, Ctx(CAROL, CHANNEL, 1))
    game_id = await three_seats(service)
    with pytest.raises(SessionError, match="1 to 60 days"):
        await players.game_away(table, Ctx(CAROL, CHANNEL, 1), days=0)
    with pytest.raises(SessionError, match="no game #999 on this server"):
        await players.game_away(table, Ctx(CAROL, CHANNEL, 1), game=999)
    with pytest.raises(SessionError, match=f"no seat in game #{game_id}"):
        await players.game_away(table, Ctx(Actor(9, "dave"), CHANNEL, 1), game=game_id)
    with pytest.raises(SessionError, match="not away"):
        await players.game_back(table, Ctx(CAROL, CHANNEL, 1))
    await service.close()


async def test_an_away_players_other_games_are_played_by_the_next_pass(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    table = Table(service)
    await three_seats(service)
    await hold(service, ALICE)
    await hold(service, BOB)  # carol's turn in channel 5
    reply = await players.game_away(table, Ctx(CAROL, 77, 1))  # asked elsewhere: nothing played here yet
    assert reply.ephemeral and "until you are back" in reply.as_text()
    assert await whose_turn(service) == 2
    [update] = await play_for_the_away(service, clock.now)
    assert any(e.text.startswith("carol is away: the bot plays") for e in update.events)
    notice = await table.notice(update)
    assert notice.mentions == [ALICE.user_id], "the next player is told in the game's channel"
    assert await play_for_the_away(service, clock.now) == []
    await service.close()


# -- catch-up ---------------------------------------------------------------------------------------------


def entry(version: int, seat: int | None, kind: str, *events: dict) -> ActionRecord:
    return ActionRecord(1, version, seat, None, {"type": "x"}, list(events), at=float(version), kind=kind)


def test_the_catch_up_puts_what_concerns_the_seat_first_and_keeps_to_ten_lines() -> None:
    log = [
        entry(2, 2, "move", {"text": "carol holds."}),
        entry(3, 0, "move", {"text": "Round 4 begins.", "kind": "turn"}, {"text": "alice hits carol for 2."}),
        entry(
            4, 1, "move", {"text": "bob draws Dynamo.", "visible_to": 1}, {"text": "You draw Pulse.", "visible_to": 2}
        ),
        entry(5, 1, "move", {"text": "A boss appears: the Warden.", "kind": "warn"}, {"text": "bob moves."}),
        entry(6, 0, "move", {"text": "The hull takes 3.", "concerns": [2]}, {"text": "🎲 4 5", "kind": "roll"}),
    ]
    since = [e for e in log if e.version > 2]
    public = catchup.build(since, 2, ["carol"], private=False)
    assert public.lines == [
        "alice hits carol for 2.",
        "The hull takes 3.",
        "Round 4 begins.",
        "A boss appears: the Warden.",
    ]
    private = catchup.build(since, 2, ["carol"], private=True)
    assert private.lines[:3] == ["alice hits carol for 2.", "You draw Pulse.", "The hull takes 3."]
    assert private.secret == ["You draw Pulse."] and catchup.public(private) == public.lines
    assert all("Dynamo" not in line for line in private.lines), "another seat's secret never"
    many = [entry(10 + i, 0, "move", {"text": f"alice hits carol ({i})."}) for i in range(30)]
    long = catchup.build(many, 2, ["carol"], private=False)
    assert len(long.lines) == 10 and long.lines[-1].startswith("… and 21 more")
    assert long.lines[-2] == "alice hits carol (29).", "the latest lines are kept"


def test_a_take_back_removes_what_it_undid_from_the_catch_up() -> None:
    log = [
        entry(3, 0, "move", {"text": "alice hits carol."}),
        entry(4, 0, "undo", {"text": "alice takes back `hit`.", "kind": "turn"}),
    ]
    log[1].action = {"type": "undo", "to": 2}
    assert catchup.build(log, 2, ["carol"], private=False).lines == ["alice takes back `hit`."]


def test_away_for_a_while_is_the_remind_interval_or_a_whole_round_after_an_hour() -> None:
    others = [entry(3, 0, "move"), entry(4, 1, "move")]
    assert catchup.has_been_away([], 2, range(3), since=0, now=25 * HOUR, interval=24 * HOUR)
    assert not catchup.has_been_away(others, 2, range(3), since=0, now=0.5 * HOUR, interval=24 * HOUR)
    assert catchup.has_been_away(others, 2, range(3), since=0, now=2 * HOUR, interval=24 * HOUR)
    assert not catchup.has_been_away(others[:1], 2, range(3), since=0, now=2 * HOUR, interval=24 * HOUR)


async def test_notices_and_status_carry_the_catch_up_of_a_player_back_after_a_day(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    table = Table(service)
    await three_seats(service)
    await hold(service, ALICE)
    await hold(service, BOB)
    await hold(service, CAROL)
    clock.now += 10 * HOUR
    await hold(service, ALICE)
    clock.now += 20 * HOUR
    reply = await table.act(Ctx(BOB, CHANNEL, 1), "hold")  # carol is asked again, 30 h after her move
    field = dict(reply.fields).get("Since carol's last move")
    assert field == "• carol's turn.\n• bob's turn.", "her name first, then the table's turns"
    status = await table.game_status(Ctx(CAROL, CHANNEL, 1))
    assert status.private and status.private[0].startswith("Since your last move:")
    fresh = await table.game_status(Ctx(BOB, CHANNEL, 1))
    assert fresh.private == [], "bob just moved"
    await service.set_user_setting(CAROL.user_id, "notify", "dm")
    clock.now += 25 * HOUR
    [reminder] = await due_reminders(service, clock.now)
    assert CAROL.user_id in reminder.dm_ids and reminder.catch_up[CAROL.user_id]
    assert "Since your last move:" in reminder.dm_text(CAROL.user_id)
    await service.close()


@pytest.mark.postgres
async def test_two_shard_processes_act_on_a_deadline_once(clock) -> None:
    import asyncio

    from sessions.stores import open_store
    from tests.pg_server import new_database

    url = new_database()
    shards = [GameService(open_store(url), clock=clock, seed_source=lambda: 11) for _ in range(2)]
    for shard in shards:
        await shard.open()
    try:
        game_id = await three_seats(shards[0], deadline_hours="24", on_deadline="default")
        await hold(shards[0], ALICE)
        await hold(shards[0], BOB)
        clock.now += 25 * HOUR
        done = await asyncio.gather(*(act_on_deadlines(shard, clock.now) for shard in shards))
        assert sum(len(d) for d in done) == 1, "one process acts, once"
        entries = await shards[1].store.actions(game_id)
        assert [e.kind for e in entries].count("timeout") == 1
    finally:
        for shard in shards:
            await shard.close()


async def test_a_take_back_that_lands_on_an_away_players_turn_is_played_on_at_once(tmp_path, clock) -> None:
    service = await open_service(tmp_path / "g.db", clock)
    table = Table(service)
    game_id = await three_seats(service)
    await hold(service, ALICE)
    await hold(service, BOB)
    await hold(service, CAROL)  # her own move; then she goes away from another channel
    await players.game_away(table, Ctx(CAROL, 77, 1))
    assert await whose_turn(service) == 0
    vote = await service.propose_undo(game_id, ALICE)
    assert sorted(vote.waiting) == [1, 2]
    version = (await service.store.get_game(game_id)).version
    await service.vote_undo(game_id, version, BOB, True)
    vote = await service.vote_undo(game_id, version, CAROL, True)
    assert vote.done is not None
    told = [e.text for e in vote.done.events]
    assert told[0] == "The table agreed: alice takes back `hold`."
    assert any(t.startswith("carol is away: the bot plays") for t in told), told
    assert [p.seat for p in vote.done.prompts] == [0], "the bot played carol's turn, not the next pass"
    assert await whose_turn(service) == 0
    await service.close()

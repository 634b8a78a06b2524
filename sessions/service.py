"""The session service: lobbies, seats, turns and the durable action log.

Front ends (the Discord cogs, the console table) call this and nothing below it.
It checks who may do what, applies actions through the rules engine under a
per-game lock, and persists each accepted action before anyone hears of it.
Loading games and storing steps is :mod:`sessions.games`; take-backs and hand-overs are its mix-ins.
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from rules.core import Action, BaseState, Event, GameSystem, Prompt, RuleError, parse_options, registry

from .errors import SessionError, StaleVersion
from .games import OPEN, DamagedGame, decode_record
from .handover import HandOvers
from .history import VerifyResult, verify_export
from .narration import is_secret
from .positions import Memo, prompts_of
from .session_types import PRIVATE_CHOICE, VACANT, Actor, LoadedGame, Update, bot_user, is_bot
from .settings import GameSettings
from .store import ActionRecord, GameRecord, SeatRecord, Unseat
from .takeback import TakeBacks, UndoVote

MAX_TEXT = 300
"""Longest action text we try to parse."""

__all__ = [
    "OPEN",
    "PRIVATE_CHOICE",
    "VACANT",
    "Actor",
    "DamagedGame",
    "GameService",
    "UndoVote",
    "Update",
    "VerifyResult",
    "bot_user",
    "decode_record",
    "is_bot",
    "is_secret",
]


class GameService(TakeBacks, HandOvers):
    """Everything a front end may do with games. One instance per process."""

    # -- lobby -------------------------------------------------------------------------------
    async def new_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        host: Actor,
        system_id: str,
        scenario: str | None = None,
        options: str | None = None,
        seed: int | None = None,
    ) -> Update:
        system = registry.get(system_id)
        scenarios = system.scenarios()
        if scenario:
            match = [c.value for c in scenarios if c.value.lower() == scenario.strip().lower()]
            if not match:
                names = ", ".join(c.value for c in scenarios) or "none"
                raise SessionError(f"{system.name} has no scenario '{scenario[:40]}'. Scenarios: {names}.")
            scenario = match[0]
        elif scenarios:
            scenario = scenarios[0].value
        parsed = parse_options(options, system.options())
        record = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            system=system.id,
            scenario=scenario,
            options=parsed,
            seed=self.seed_source() if seed is None else seed,
            host_id=host.user_id,
            now=self.clock(),
            host_name=host.name,
        )
        record = await self._fresh(record.id)
        return Update(game=record, state=None)

    async def _fresh(self, game_id: int) -> GameRecord:
        self._forget(game_id)
        return (await self._load(game_id)).record

    async def join(self, channel_id: int, actor: Actor, seat: int | None = None) -> Update:
        record = await self.game_in(channel_id)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            system = registry.get(record.system)
            if record.seat_of(actor.user_id) is not None:
                raise SessionError("You already have a seat in this game.")
            if record.status == "active":
                return await self._take_vacant_seat(record, actor, seat)
            taken = {s.seat for s in record.seats}
            if len(taken) >= system.max_seats:
                raise SessionError(f"The table is full: {system.name} seats at most {system.max_seats}.")
            if seat is None:
                seat_index = min(i for i in range(system.max_seats) if i not in taken)
            else:
                if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= system.max_seats:
                    raise SessionError(f"Seats are numbered 1 to {system.max_seats}.")
                seat_index = seat - 1
                if seat_index in taken:
                    raise SessionError(f"Seat {seat} is taken; pick another or leave it out.")
            await self.store.add_seat(record.id, seat_index, actor.user_id, actor.name)
            return Update(game=await self._fresh(record.id), state=None)

    async def add_bot(self, channel_id: int, host: Actor, seat: int | None = None) -> Update:
        """The host seats a bot: in the lobby on a free seat, in a running game on an empty one."""
        record = await self.game_in(channel_id)
        self._require_host(record, host)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            system = registry.get(record.system)
            if record.status == "active":
                vacant = [s.seat for s in record.seats if s.user_id == VACANT]
                if not vacant:
                    raise SessionError("Every seat has a player; a bot can only take an empty seat.")
                chosen = vacant[0] if seat is None else seat - 1
                if chosen not in vacant:
                    raise SessionError(f"Only these seats are empty: {', '.join(str(s + 1) for s in vacant)}.")
                await self.store.replace_seat_user(record.id, chosen, bot_user(chosen), f"Bot {chosen + 1}")
                await self._fresh(record.id)
                loaded = await self._load(record.id)
                prompts = self._prompts(loaded.record, loaded.state)
                update = Update(game=loaded.record, state=loaded.state, prompts=prompts)
                update.events.append(Event(text=f"A bot takes seat {chosen + 1}.", kind="turn"))
                async with self.playing(loaded) as draft:
                    return await self._follow_up(draft, system, update)
            taken = {s.seat for s in record.seats}
            free = [i for i in range(system.max_seats) if i not in taken]
            if not free:
                raise SessionError(f"The table is full: {system.name} seats at most {system.max_seats}.")
            chosen = free[0] if seat is None else seat - 1
            if chosen not in free:
                raise SessionError(f"Seat {seat} is taken; free seats: {', '.join(str(i + 1) for i in free)}.")
            await self.store.add_seat(record.id, chosen, bot_user(chosen), f"Bot {chosen + 1}")
            return Update(game=await self._fresh(record.id), state=None)

    async def _take_vacant_seat(self, record: GameRecord, actor: Actor, seat: int | None) -> Update:
        vacant = [s.seat for s in record.seats if s.user_id == VACANT]
        if not vacant:
            raise SessionError("This game has started and every seat is taken. You can watch with /game status.")
        chosen = vacant[0] if seat is None else seat - 1 if isinstance(seat, int) else -1
        if chosen not in vacant:
            shown = ", ".join(str(s + 1) for s in vacant)
            raise SessionError(f"Only these seats are free: {shown}.")
        await self.store.replace_seat_user(record.id, chosen, actor.user_id, actor.name)
        record = await self._fresh(record.id)
        loaded = await self._load(record.id)
        return Update(game=record, state=loaded.state, prompts=self._prompts(record, loaded.state))

    async def leave(self, channel_id: int, actor: Actor) -> Update:
        record = await self.game_in(channel_id)
        return await self._unseat(record, actor.user_id, by=actor)

    async def kick(self, channel_id: int, host: Actor, user_id: int) -> Update:
        record = await self.game_in(channel_id)
        self._require_host(record, host)
        if user_id == host.user_id:
            raise SessionError("Use /game leave to leave your own game.")
        return await self._unseat(record, user_id, by=host)

    async def _unseat(self, record: GameRecord, user_id: int, by: Actor) -> Update:
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            seat = record.seat_of(user_id)
            if seat is None:
                who = "You are" if user_id == by.user_id else "That user is"
                raise SessionError(f"{who} not seated in this game.")
            # The seat, the host and the table's status change in one transaction: a crash halfway
            # can never leave a departed player as host.
            others = [s for s in record.seats if s.user_id not in (VACANT, user_id) and not is_bot(s.user_id)]
            host_leaves = record.host_id == user_id
            change = Unseat(
                user_id=user_id,
                now=self.clock(),
                vacate_seat=None if record.status == "lobby" else seat,
                vacant_name=f"(empty seat {seat + 1})",
                new_host=others[0].user_id if host_leaves and others else None,
                close=host_leaves and not others,
            )
            await self.store.unseat(record.id, change)
            record = await self._fresh(record.id)
            if change.close:
                return Update(game=record, state=None, events=[Event(text="The table is empty; game closed.")])
            events: list[Event] = []
            if change.new_host is not None:
                events.append(Event(text=f"{others[0].name} is the host now.", kind="turn"))
            loaded = await self._load(record.id)
            return Update(game=record, state=loaded.state, events=events, prompts=self._prompts(record, loaded.state))

    async def start(self, channel_id: int, actor: Actor) -> Update:
        record = await self.game_in(channel_id)
        self._require_host(record, actor)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            if record.status != "lobby":
                raise SessionError("This game has already started.")
            system = registry.get(record.system)
            if not system.min_seats <= len(record.seats) <= system.max_seats:
                raise SessionError(
                    f"{system.name} needs {system.min_seats} to {system.max_seats} players; "
                    f"{len(record.seats)} seated. Others can /game join."
                )
            seats = [SeatRecord(i, s.user_id, s.name) for i, s in enumerate(record.seats)]
            options = dict(record.options)
            if record.scenario:
                options.setdefault("scenario", record.scenario)
            state = system.setup([s.name for s in seats], options, record.seed)
            await self.store.start_game(record.id, system.dumps(state), seats, self.clock())
            record = await self._fresh(record.id)
            loaded = await self._load(record.id)
            events = [Event(text=f"{system.name} begins with {', '.join(s.name for s in seats)}.", kind="turn")]
            update = Update(game=record, state=loaded.state, events=events, prompts=self._prompts(record, loaded.state))
            async with self.playing(loaded) as draft:
                return await self._follow_up(draft, system, update)

    # -- playing -------------------------------------------------------------------------------
    def _prompts(self, record: GameRecord, state: BaseState | None, memo: Memo | None = None) -> list[Prompt]:
        if state is None or record.status != "active":
            return []
        return prompts_of(registry.get(record.system), state, memo)

    async def status(self, channel_id: int, *, include_finished: bool = False) -> Update:
        """The channel's open game; with ``include_finished``, else the last one played here."""
        loaded = await self.open_loaded(channel_id)
        if loaded is None:
            record = await (self.game_in_or_latest(channel_id) if include_finished else self.game_in(channel_id))
            loaded = await self._load(record.id)
        prompts = self._prompts(loaded.record, loaded.state, self._memo(loaded))
        return Update(game=loaded.record, state=loaded.state, prompts=prompts)

    async def act(
        self,
        *,
        actor: Actor,
        action: Action | str,
        channel_id: int | None = None,
        game_id: int | None = None,
        expected_version: int | None = None,
    ) -> Update:
        """Apply ``action`` (data or typed notation) for the actor's seat.

        ``expected_version`` comes from buttons: a click on an old board is refused. At most
        :data:`~sessions.games.MAX_TURNS_AT_ONCE` actions are worked on at once; the others wait their turn
        before loading anything (a burst of a thousand would otherwise hold a thousand games in memory).
        """
        if game_id is None and channel_id is None:
            raise SessionError("Which game? Use this in the game's channel.")
        async with self._turns:
            return await self._act(actor, action, channel_id, game_id, expected_version)

    async def _act(
        self,
        actor: Actor,
        action: Action | str,
        channel_id: int | None,
        game_id: int | None,
        expected_version: int | None,
    ) -> Update:
        if game_id is None:
            # The channel's game as this process last knew it (no round trip), checked once loaded under
            # its lock; when that game is over or gone, the store is asked which game is open there.
            known = self._channels.get(channel_id)
            if known is not None:
                async with self._lock(known):
                    loaded = await self._load(known)
                    if loaded.record.channel_id == channel_id and loaded.record.status in OPEN:
                        return await self._act_loaded(loaded, actor, action, channel_id, expected_version)
                self._channels.pop(channel_id, None)  # type: ignore[arg-type]
            game_id = (await self.game_in(channel_id)).id  # type: ignore[arg-type]
        async with self._lock(game_id):
            return await self._act_loaded(await self._load(game_id), actor, action, channel_id, expected_version)

    async def _act_loaded(
        self,
        loaded: LoadedGame,
        actor: Actor,
        action: Action | str,
        channel_id: int | None,
        expected_version: int | None,
    ) -> Update:
        """:meth:`act` on the game just loaded, under its lock."""
        record, state = loaded.record, loaded.state
        game_id = record.id
        if channel_id is not None and record.channel_id != channel_id:
            raise SessionError("That game belongs to another channel.")
        if record.status == "lobby":
            raise SessionError("The game has not started yet. The host can /game start it.")
        if record.status != "active" or state is None:
            raise SessionError("That game is over. Start a new one with /game new.")
        if expected_version is not None and expected_version != record.version:
            self._forget(game_id)
            raise StaleVersion()
        seat = record.seat_of(actor.user_id)
        if seat is None:
            raise SessionError("You are not playing in this game. Ask to join the next one!")
        system = registry.get(record.system)
        prompts = prompts_of(system, state, self._memo(loaded))
        waiting = seat in {p.seat for p in prompts}
        not_your_turn = SessionError(f"It is not your turn. {self.waiting_text(record, prompts)}")
        if not waiting and not system.free_actions:
            raise not_your_turn
        try:
            parsed = self._parse(system, state, seat, action)
        except RuleError:
            if not waiting:
                raise not_your_turn from None
            raise
        if not waiting and parsed.get("type") not in system.free_actions:
            raise not_your_turn
        handed = await self.handed_over(record, loaded)
        back = seat in handed and handed[seat].reason == "deadline"  # a move of their own: they are back
        async with self.playing(loaded) as draft:
            update = self._commit(draft, system, seat, actor.user_id, parsed)
            if back:
                del handed[seat]
                text = f"{actor.name} is back: the bot no longer plays their seat."
                update.events.append(Event(text=text, kind="turn"))
            update = await self._follow_up(draft, system, update, handed)
        if back:  # once their move is stored
            await self.store.end_handover(record.id, seat, "deadline")
            self._aside_changed(record.id)
        return update

    def _parse(self, system: GameSystem, state: BaseState, seat: int, action: Action | str) -> Action:
        if isinstance(action, str):
            if len(action) > MAX_TEXT:
                raise RuleError("That is far too long to be an action.")
            return system.parse(action, state, seat)
        if not isinstance(action, dict):
            raise RuleError("That is not an action I understand.")
        return action

    async def apply_defaults(self, channel_id: int, host: Actor) -> list[Update]:
        """Host's timeout: play the default of every prompt whose deadline has passed.

        A prompt's deadline is the game's remind interval after the last action; a
        vacant seat's prompts may be defaulted at once.
        """
        record = await self.game_in(channel_id)
        self._require_host(record, host)
        settings = GameSettings.parse(await self.store.get_settings(record.id))
        updates: list[Update] = []
        async with self._lock(record.id):
            loaded = await self._load(record.id)
            record, state = loaded.record, loaded.state
            if record.status != "active" or state is None:
                raise SessionError("Only a running game has turns to time out.")
            system = registry.get(record.system)
            overdue = self.clock() - record.last_action_at >= settings.remind_seconds
            async with self.playing(loaded) as draft:
                for prompt in system.pending(state):
                    vacant = record.user_of(prompt.seat) in (None, VACANT)
                    if not (overdue or vacant):
                        continue
                    if draft.record.status != "active" or draft.state is None:
                        break
                    if prompt.seat not in {p.seat for p in system.pending(draft.state)}:
                        continue
                    action = system.default_action(draft.state, prompt)
                    update = self._commit(draft, system, prompt.seat, None, action, kind="timeout")
                    update.events.insert(
                        0,
                        Event(
                            text=f"Time ran out for {record.seats[prompt.seat].name}"
                            + (f": {update.action_text}." if update.action_text else "."),
                            kind="warn",
                        ),
                    )
                    updates.append(await self._follow_up(draft, system, update))
        if not updates:
            hours = settings.remind_seconds / 3600
            raise SessionError(
                f"Nobody is overdue yet: players get {hours:g} h to act before the host can time them out."
            )
        return updates

    # -- history, ending, settings ------------------------------------------------------------
    async def history(self, channel_id: int, count: int) -> tuple[GameRecord, list[ActionRecord]]:
        record = await self.game_in_or_latest(channel_id)
        count = max(1, min(int(count), 50))
        return record, await self.store.recent_actions(record.id, count)

    async def end(self, channel_id: int, actor: Actor) -> Update:
        record = await self.game_in(channel_id)
        if actor.user_id != record.host_id and not actor.is_admin:
            raise SessionError("Only the host or someone who can manage this channel can end the game.")
        async with self._lock(record.id):
            await self.store.set_status(record.id, "ended", self.clock())
            record = await self._fresh(record.id)
            return Update(game=record, state=None, events=[Event(text="The game was ended by " + actor.name + ".")])

    async def get_settings(self, channel_id: int) -> tuple[GameRecord, GameSettings]:
        record = await self.game_in(channel_id)
        return record, GameSettings.parse(await self.store.get_settings(record.id))

    async def change_setting(self, channel_id: int, actor: Actor, key: str, value: str) -> GameSettings:
        record = await self.game_in(channel_id)
        if actor.user_id != record.host_id and not actor.is_admin:
            raise SessionError("Only the host or someone who can manage this channel can change settings.")
        normalised = GameSettings.validate(key, value)
        await self.store.set_setting(record.id, key, normalised)
        self._aside_changed(record.id)
        return GameSettings.parse(await self.store.get_settings(record.id))

    def _require_host(self, record: GameRecord, actor: Actor) -> None:
        if actor.user_id != record.host_id and not actor.is_admin:
            raise SessionError("Only the host can do that.")

    # -- records -------------------------------------------------------------------------------
    async def export(self, game_id: int) -> dict[str, Any]:
        """The whole record of a game as plain JSON-ready data."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise SessionError("That game no longer exists.")
        actions = await self.store.actions(game_id)
        return {
            "format": "starhost-game/2",
            "game": record.id,
            "system": record.system,
            "scenario": record.scenario,
            "options": record.options,
            "seed": record.seed,
            "status": record.status,
            "seats": [{"seat": s.seat, "name": s.name, "user_id": s.user_id} for s in record.seats],
            "version": record.version,
            "actions": [
                {
                    "version": a.version,
                    "seat": a.seat,
                    "user_id": a.user_id,
                    "action": a.action,
                    "at": a.at,
                    "by_default": a.by_default,
                    "kind": a.kind,
                    "revealed": a.revealed,
                    "events": a.events,
                }
                for a in actions
            ],
            "state": _plain_state(record.state),
        }

    async def verify(self, game_id: int) -> VerifyResult:
        """Replay the record from its seed (in a worker thread: a long game takes a moment)."""
        return await asyncio.to_thread(verify_export, await self.export(game_id))


def _plain_state(raw: bytes | None) -> Any:
    """The stored state as JSON data for an export; None when it cannot be read (a damaged game's record
    is still exported: its actions replay it)."""
    if not raw:
        return None
    try:
        return msgspec.json.decode(raw)
    except (msgspec.DecodeError, UnicodeDecodeError):
        return None

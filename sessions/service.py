"""The session service: lobbies, seats, turns and the durable action log.

Front ends (the Discord cogs, the console table) call this and nothing below it.
It checks who may do what, applies actions through the rules engine under a
per-game lock, and persists each accepted action before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec

from rules.core import BATCH, Action, BaseState, Event, GameSystem, Played, Prompt, RuleError, parse_options, registry

from .errors import SessionError, StaleVersion
from .handover import HandOvers
from .history import VerifyResult, verify_export
from .notify import PrefsCache, UserPrefs
from .positions import Memo, public_moves
from .session_types import PRIVATE_CHOICE, VACANT, Actor, LoadedGame, Update, bot_user, is_bot
from .settings import GameSettings
from .stats import final_of
from .store import ActionRecord, GameRecord, HandOver, SeatRecord, Store, Unseat
from .takeback import TakeBacks, UndoVote

OPEN = ("lobby", "active")
"""Statuses of a game that still has a table."""

MAX_REMEMBERED = 64
"""States kept in memory for undo; older take-backs replay the log instead."""

MAX_FOLLOW_UPS = 3000
"""Most steps one request plays by itself (forced steps and bot seats) before it answers."""

MAX_TEXT = 300
"""Longest action text we try to parse."""


class DamagedGame(SessionError):
    """A game whose stored row cannot be read (its state does not decode, its system is unknown, or a
    seat row points at a seat the game does not have). It is refused with a sentence; nothing else
    is affected: every loop and listing skips it, and /game export still gives its record."""

    def __init__(self, record: GameRecord, reason: str) -> None:
        self.game_id = record.id
        self.channel_id = record.channel_id
        self.host_id = record.host_id
        self.reason = reason
        super().__init__(
            f"Game #{record.id}'s saved state cannot be read, so it cannot be shown or played; "
            "the host can see more with /game status and keep its record with /game export."
        )

    def report(self) -> list[str]:
        """What the host hears from /game status."""
        return [
            f"The saved state of game #{self.game_id} cannot be read ({self.reason}), so it cannot be shown or"
            " played for now.",
            "Nothing else is affected: other games, reminders and lists go on as usual.",
            "`/game export` keeps its record (every action played); `/game end` closes the table.",
        ]


def decode_record(record: GameRecord) -> tuple[GameSystem, BaseState | None]:
    """The game's system and its stored state; :class:`DamagedGame` when the row cannot be read."""
    try:
        system = registry.get(record.system)
    except RuleError:
        raise DamagedGame(record, f"unknown game system '{str(record.system)[:30]}'") from None
    if not record.state:
        return system, None
    try:
        state = system.loads(record.state)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, ValueError, TypeError) as exc:
        raise DamagedGame(record, f"the state does not decode: {str(exc)[:80]}") from None
    if state.system != system.id:
        raise DamagedGame(record, f"the state belongs to '{str(state.system)[:30]}', not {system.id}")
    stray = [s.seat for s in record.seats if not 0 <= s.seat < len(state.seats)]
    if stray:
        raise DamagedGame(record, f"a seat row points at seat {stray[0] + 1} of a {len(state.seats)}-seat game")
    return system, state


def is_secret(system: GameSystem, action: Action) -> bool:
    """Whether ``action`` was chosen in secret (its text stays hidden while the game runs)."""
    return action.get("type") in system.secret_actions


__all__ = [
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


log = logging.getLogger("starhost.sessions")


class GameService(TakeBacks, HandOvers):
    """Everything a front end may do with games. One instance per process."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
        cache_size: int = 256,
        idle_seconds: float = 600.0,
    ) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        self.cache_size = cache_size
        self.idle_seconds = idle_seconds
        self._cache: OrderedDict[int, LoadedGame] = OrderedDict()
        self._channels: dict[int, int] = {}
        """Channel -> its open game, for games in the cache (one process per database only)."""
        self._prefs = PrefsCache(store, clock)
        self._damaged: dict[int, str] = {}
        """Games found damaged (id -> why), each logged once by this process."""
        # A lock lives exactly as long as some coroutine holds or awaits it.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def open(self) -> None:
        await self.store.open()

    async def close(self) -> None:
        await self.store.close()

    # -- loading ---------------------------------------------------------------------------
    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def _load(self, game_id: int, *, check: bool = True) -> LoadedGame:
        """The game held in memory (read from the store when it is not). ``check=False`` skips the check
        that a shared store's copy is current: for answers that decide nothing (autocomplete)."""
        now = self.clock()
        loaded = self._cache.get(game_id)
        # With a shared store, one round trip: is the copy current? Another process may have moved the
        # game on, or changed its seats, status, settings or hand-overs: never decide from a stale copy.
        if (
            loaded is not None
            and check
            and self.store.shared
            and await self.store.freshness(game_id) != (loaded.record.version, loaded.aside)
        ):
            self._forget(game_id)
            loaded = None
        if loaded is None:
            record = await self.store.get_game(game_id)
            if record is None:
                raise SessionError("That game no longer exists.")
            _, state = self.decode(record)
            loaded = LoadedGame(record, state, now, aside=record.aside)
            if state is not None:
                loaded.recent.append((record.version, state))
            self._cache[game_id] = loaded
            if record.status in ("lobby", "active"):
                self._channels[record.channel_id] = game_id
        loaded.used = now
        self._cache.move_to_end(game_id)
        self._evict(now)
        return loaded

    def decode(self, record: GameRecord) -> tuple[GameSystem, BaseState | None]:
        """:func:`decode_record`, noting a damaged game: logged once, then refused quietly each time."""
        try:
            decoded = decode_record(record)
        except DamagedGame as damaged:
            if self._damaged.get(record.id) != damaged.reason:
                self._damaged[record.id] = damaged.reason
                log.error(
                    "game #%s is damaged and skipped: %s",
                    record.id,
                    damaged.reason,
                    extra={"fields": {"game": record.id, "channel": record.channel_id}},
                )
            raise
        if self._damaged.pop(record.id, None) is not None:
            log.warning("game #%s can be read again", record.id)
        return decoded

    def damaged_games(self) -> dict[int, str]:
        """Games this process found damaged, and why."""
        return dict(self._damaged)

    def _evict(self, now: float) -> None:
        """Drop games nobody touched lately, and the oldest beyond the cache size."""
        while self._cache:
            game_id, oldest = next(iter(self._cache.items()))
            too_many = len(self._cache) > self.cache_size
            if not too_many and now - oldest.used < self.idle_seconds:
                break
            self._forget(game_id)

    def _forget(self, game_id: int) -> None:
        loaded = self._cache.pop(game_id, None)
        if loaded is not None:
            self._channels.pop(loaded.record.channel_id, None)

    def loaded_count(self) -> int:
        return len(self._cache)

    def _aside_changed(self, game_id: int) -> None:
        """This process changed a game's settings or hand-overs: its loaded copies are read again."""
        loaded = self._cache.get(game_id)
        if loaded is not None:
            loaded.aside_changed()

    def position_memo(self, record: GameRecord, state: BaseState) -> dict[Any, Any]:
        """A place to keep what is computed for this exact position (buttons, labels, the legal list), shared
        by the reply, autocomplete and the next button press; a throwaway one when the position is not the
        loaded game's current one."""
        loaded = self._cache.get(record.id)
        if loaded is None or loaded.state is not state or loaded.record.version != record.version:
            return {}
        return loaded.memo

    async def last_move(self, record: GameRecord, seat: int) -> tuple[int, float] | None:
        """(version, time) of ``seat``'s latest own move; from memory once read for the loaded game."""
        loaded = self._cache.get(record.id)
        if loaded is None or loaded.record.version != record.version:
            return await self.store.last_move(record.id, seat)
        if seat in loaded.last_moves:
            return loaded.last_moves[seat]
        version = loaded.record.version
        last = await self.store.last_move(record.id, seat)
        if loaded.record.version == version:  # no move landed meanwhile
            loaded.last_moves[seat] = last
        return last

    async def game_in(self, channel_id: int) -> GameRecord:
        record = await self.open_game(channel_id)
        if record is None:
            raise SessionError("There is no game in this channel. Start one with /game new.")
        return record

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The channel's open game (lobby or running), or None; answered from memory when it is loaded
        (with a shared store, after the one round trip that checks the copy is current)."""
        loaded = await self.open_loaded(channel_id)
        return None if loaded is None else loaded.record

    async def open_loaded(self, channel_id: int, *, check: bool = True) -> LoadedGame | None:
        """The channel's open game as loaded (record and state), or None (``check``: see :meth:`_load`)."""
        game_id = self._channels.get(channel_id)
        if game_id is not None and (game_id in self._cache or self.store.shared):
            try:
                loaded = await self._load(game_id, check=check)
            except SessionError:
                loaded = None
            if loaded is not None and loaded.record.channel_id == channel_id and loaded.record.status in OPEN:
                return loaded
        self._channels.pop(channel_id, None)
        record = await self.store.open_game_in(channel_id)
        if record is None:
            return None
        return self._adopt(record)

    def _adopt(self, record: GameRecord) -> LoadedGame:
        """Hold a record just read from the store (the loaded copy stays when it is as current)."""
        loaded = self._cache.get(record.id)
        if loaded is None or (loaded.record.version, loaded.aside) != (record.version, record.aside):
            self._forget(record.id)
            _, state = self.decode(record)
            loaded = LoadedGame(record, state, self.clock(), aside=record.aside)
            if state is not None:
                loaded.recent.append((record.version, state))
            self._cache[record.id] = loaded
        if record.status in OPEN:
            self._channels[record.channel_id] = record.id
        loaded.used = self.clock()
        self._cache.move_to_end(record.id)
        self._evict(loaded.used)
        return loaded

    async def position_in(self, channel_id: int) -> tuple[GameRecord, BaseState | None] | None:
        """The channel's open game and its state, or None, for answers that decide nothing (autocomplete):
        a loaded copy is used as it is, even with a shared store (the action itself is checked)."""
        loaded = await self.open_loaded(channel_id, check=False)
        return None if loaded is None else (loaded.record, loaded.state)

    async def user_prefs(self, user_id: int) -> UserPrefs:
        """A player's notification choices (kept for a minute; /game notify refreshes them at once)."""
        return await self._prefs.get(user_id)

    async def set_user_setting(self, user_id: int, key: str, value: str) -> UserPrefs:
        await self.store.set_user_setting(user_id, key, value)
        self._prefs.forget(user_id)
        return await self._prefs.get(user_id)

    async def settings_of(self, game_id: int) -> GameSettings:
        """A game's settings, from memory when the game is loaded (with a shared store, as of the game's
        last check: a reply right after an action does not check again)."""
        loaded = self._cache.get(game_id)
        if loaded is not None and loaded.settings is not None:
            return loaded.settings
        return await self._settings(await self._load(game_id))

    async def get(self, game_id: int) -> tuple[GameRecord, BaseState | None]:
        loaded = await self._load(game_id)
        return loaded.record, loaded.state

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
                return await self._follow_up(loaded, system, update)
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
            return await self._follow_up(loaded, system, update)

    # -- playing -------------------------------------------------------------------------------
    def _prompts(self, record: GameRecord, state: BaseState | None) -> list[Prompt]:
        if state is None or record.status != "active":
            return []
        return registry.get(record.system).pending(state)

    async def status(self, channel_id: int, *, include_finished: bool = False) -> Update:
        """The channel's open game; with ``include_finished``, else the last one played here."""
        loaded = await self.open_loaded(channel_id)
        if loaded is None:
            record = await (self.game_in_or_latest(channel_id) if include_finished else self.game_in(channel_id))
            loaded = await self._load(record.id)
        return Update(game=loaded.record, state=loaded.state, prompts=self._prompts(loaded.record, loaded.state))

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

        ``expected_version`` comes from buttons: a click on an old board is refused.
        """
        if game_id is None and channel_id is None:
            raise SessionError("Which game? Use this in the game's channel.")
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
        prompts = system.pending(state)
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
        update = await self._commit(loaded, system, seat, actor.user_id, parsed)
        if seat in handed and handed[seat].reason == "deadline":  # a move of their own: they are back
            await self.store.end_handover(record.id, seat, "deadline")
            self._aside_changed(record.id)
            del handed[seat]
            back = f"{actor.name} is back: the bot no longer plays their seat."
            update.events.append(Event(text=back, kind="turn"))
        return await self._follow_up(loaded, system, update, handed)

    def _parse(self, system: GameSystem, state: BaseState, seat: int, action: Action | str) -> Action:
        if isinstance(action, str):
            if len(action) > MAX_TEXT:
                raise RuleError("That is far too long to be an action.")
            return system.parse(action, state, seat)
        if not isinstance(action, dict):
            raise RuleError("That is not an action I understand.")
        return action

    async def _commit(
        self,
        loaded: LoadedGame,
        system: GameSystem,
        seat: int | None,
        user_id: int | None,
        action: Action,
        *,
        kind: str = "move",
    ) -> Update:
        record, state = loaded.record, loaded.state
        assert state is not None
        played, update = play_and_tell(system, record, state, seat, action, kind, loaded.memo)
        entry = ActionRecord(
            game_id=record.id,
            version=record.version + 1,
            seat=seat,
            user_id=user_id,
            action=_plain(action),
            events=[msgspec.to_builtins(e) for e in update.events],
            at=self.clock(),
            by_default=kind == "timeout",
            kind=kind,
            revealed=", ".join(dict.fromkeys(played.revealed)),
        )
        entry.wait = max(0.0, entry.at - record.last_action_at)
        await self._append(loaded, system, entry, played.state, update.finished)
        if entry.revealed:
            loaded.recent.clear()  # nothing before a reveal can be taken back
        self._remember(loaded, entry.version, played.state)
        if kind == "move" and seat is not None:
            loaded.last_moves[seat] = (entry.version, entry.at)
        return update

    async def _append(
        self, loaded: LoadedGame, system: GameSystem, entry: ActionRecord, new_state: BaseState, finished: bool
    ) -> None:
        """Store one log entry and the state after it; the loaded game follows only once it is durable."""
        record = loaded.record
        outcome = system.outcome(new_state) if finished else None
        final = final_of(outcome, len(new_state.seats)) if outcome is not None else None
        try:
            version = await self.store.append_action(
                record.id, record.version, entry, system.dumps(new_state), finished, final
            )
        except BaseException:
            # Another process (or a cancelled caller) may have moved the game on: reload next time.
            self._forget(record.id)
            raise
        log.info(
            "action applied",
            extra={
                "fields": {
                    "game": record.id,
                    "version": version,
                    "seat": entry.seat,
                    "kind": entry.kind,
                    "action": entry.action.get("type"),
                }
            },
        )
        record.version = version
        record.last_action_at = entry.at
        record.reminders_sent = 0
        record.last_reminder_at = None
        if finished:
            record.status = "finished"
        loaded.state = new_state
        loaded.memo = {}

    def _remember(self, loaded: LoadedGame, version: int, state: BaseState) -> None:
        """Keep ``state`` for undo; the ones before it are kept packed (a quarter of the memory or less)."""
        recent = loaded.recent
        if recent and not isinstance(recent[-1][1], bytes):
            recent[-1] = (recent[-1][0], msgspec.msgpack.encode(recent[-1][1]))
        recent.append((version, state))
        del recent[:-MAX_REMEMBERED]

    async def _settings(self, loaded: LoadedGame) -> GameSettings:
        if loaded.settings is None:
            loaded.settings = GameSettings.parse(await self.store.get_settings(loaded.record.id))
        return loaded.settings

    # -- steps nobody has to decide: forced steps and bot seats ---------------------------------------
    async def _follow_up(
        self, loaded: LoadedGame, system: GameSystem, update: Update, handed: dict[int, HandOver] | None = None
    ) -> Update:
        """Play, narrated, every step that needs nobody: one-answer prompts (with autopass), bot seats and
        seats handed to the bot (``handed``, read from the store when not given)."""
        settings = await self._settings(loaded)
        if handed is None:
            handed = await self.handed_over(loaded.record, loaded)
        for _ in range(MAX_FOLLOW_UPS):
            if loaded.record.status != "active" or loaded.state is None:
                break
            step = self._automatic_step(loaded, system, settings.autopass, handed)
            if step is None:
                break
            seat, action, kind, lead = step
            before = loaded.state
            try:
                done = await self._commit(loaded, system, seat, None, action, kind=kind)
            except RuleError:
                log.exception("an automatic step was refused (game %s, seat %s)", loaded.record.id, seat)
                break
            if done.action_text is None:  # chosen in private: the marker event says so, the seat hears what
                label = system.action_label(before, action)
                update.events += [
                    *done.events,
                    Event(text=f"Played for you: {label}.", kind="private", seat=seat, visible_to=seat),
                ]
            else:
                update.events += [Event(text=lead, kind="auto", seat=seat), *done.events]
            update.game, update.state, update.prompts, update.finished = (
                done.game,
                done.state,
                done.prompts,
                done.finished,
            )
        update.away = frozenset(handed)
        return update

    def _automatic_step(
        self,
        loaded: LoadedGame,
        system: GameSystem,
        autopass: bool,
        handed: dict[int, HandOver] | None = None,
    ) -> tuple[int, Action, str, str] | None:
        """(seat, action, kind, narration) of the next step that needs nobody, if any.

        Bot seats, and seats handed to the bot (away, or late past a deadline), are played by the
        game's bot from that seat's own view, never from more than its player could see.
        """
        record, state = loaded.record, loaded.state
        assert state is not None
        handed = handed or {}
        for prompt in system.pending(state):
            name = record.seats[prompt.seat].name if prompt.seat < len(record.seats) else f"seat {prompt.seat + 1}"
            if is_bot(record.user_of(prompt.seat)) or prompt.seat in handed:
                seed = (record.id * 1_000_003 + record.version) & 0xFFFFFFFF
                action = system.ai_action(system.view(state, prompt.seat), prompt.seat, seed)
                if action is None:
                    action = system.default_action(state, prompt)
                label = system.action_label(state, action)
                if prompt.seat in handed:
                    return prompt.seat, action, "bot", f"{name} is away: the bot plays {label} for them."
                return prompt.seat, action, "bot", f"{name} plays {label}."
            if autopass:
                forced = system.forced_action(state, prompt)
                if forced is not None:
                    label = system.action_label(state, forced)
                    return prompt.seat, forced, "auto", f"{name} had nothing to decide: {label}."
        return None

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
            for prompt in system.pending(state):
                vacant = record.user_of(prompt.seat) in (None, VACANT)
                if not (overdue or vacant):
                    continue
                if loaded.record.status != "active" or loaded.state is None:
                    break
                if prompt.seat not in {p.seat for p in system.pending(loaded.state)}:
                    continue
                action = system.default_action(loaded.state, prompt)
                update = await self._commit(loaded, system, prompt.seat, None, action, kind="timeout")
                update.events.insert(
                    0,
                    Event(
                        text=f"Time ran out for {record.seats[prompt.seat].name}"
                        + (f": {update.action_text}." if update.action_text else "."),
                        kind="warn",
                    ),
                )
                updates.append(await self._follow_up(loaded, system, update))
        if not updates:
            hours = settings.remind_seconds / 3600
            raise SessionError(
                f"Nobody is overdue yet: players get {hours:g} h to act before the host can time them out."
            )
        return updates

    def waiting_text(self, record: GameRecord, prompts: list[Prompt]) -> str:
        if not prompts:
            return "Nobody needs to act."
        names = []
        for prompt in prompts:
            name = record.seats[prompt.seat].name if prompt.seat < len(record.seats) else f"seat {prompt.seat + 1}"
            if name not in names:
                names.append(name)
        return f"Waiting for {', '.join(names)}."

    # -- history, ending, settings ------------------------------------------------------------
    async def history(self, channel_id: int, count: int) -> tuple[GameRecord, list[ActionRecord]]:
        record = await self.game_in_or_latest(channel_id)
        count = max(1, min(int(count), 50))
        return record, await self.store.recent_actions(record.id, count)

    async def game_in_or_latest(self, channel_id: int) -> GameRecord:
        record = await self.store.open_game_in(channel_id)
        if record is None:
            record = await self.store.latest_game_in(channel_id)
        if record is None:
            raise SessionError("No game has been played in this channel yet.")
        return record

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


def _plain(action: Action) -> dict[str, Any]:
    """Actions go into the log as JSON; reject what cannot round-trip."""
    try:
        return msgspec.json.decode(msgspec.json.encode(action))
    except (TypeError, msgspec.EncodeError):
        raise RuleError("That action contains something I cannot record.") from None


def play_and_tell(
    system: GameSystem,
    record: GameRecord,
    state: BaseState,
    seat: int | None,
    action: Action,
    kind: str = "move",
    memo: Memo | None = None,
) -> tuple[Played, Update]:
    """Play ``action`` and say it as the table hears it (pure: nothing is stored).

    The narration starts with a line standing for the action when it was chosen in private; the
    update carries the action's notation and words only when the table may hear them. ``memo``: what
    was worked out for ``state`` already (see :mod:`sessions.positions`).
    """
    told = told_as(system, state, seat, action, memo)
    played = system.play(state, seat, action)
    events = list(played.events)
    if told is None and seat is not None:
        events.insert(0, _private_marker(system, record, seat, action, kind))
    finished = system.outcome(played.state) is not None
    update = Update(
        game=record,
        state=played.state,
        events=events,
        prompts=[] if finished else system.pending(played.state),
        action_text=None if told is None else system.format(action),
        action_words=None if told is None else _in_words(system, state, action),
        finished=finished,
    )
    return played, update


def _private_marker(system: GameSystem, record: GameRecord, seat: int, action: Action, kind: str) -> Event:
    """The one public line for an action the table may not hear: the same whatever was chosen."""
    name = record.seats[seat].name if seat < len(record.seats) else f"seat {seat + 1}"
    how = {"bot": " (bot)", "auto": " (the only choice)", "timeout": " (time ran out)"}.get(kind, "")
    what = "made a secret choice" if is_secret(system, action) else "chose in private"
    return Event(text=f"{name} {what}{how}.", kind=PRIVATE_CHOICE, seat=seat)


def told_as(
    system: GameSystem, before: BaseState, seat: int | None, action: Action, memo: Memo | None = None
) -> str | None:
    """How the table hears of ``action``: its plain words, or None when it was chosen in private.

    A secret pick is never told; neither is a choice among things only the seat can see (cards of
    its hand, say), judged on the position before it: the public reply then says only that the seat
    chose in private, and the events narrate what became public.
    """
    if is_secret(system, action):
        return None
    if seat is not None and action.get("type") not in system.free_actions:
        try:
            private = public_moves(system, before, seat, memo) is None
        except RuleError:
            private = True
        if private:
            return None
    try:
        return system.action_label(before, action)
    except (RuleError, KeyError, IndexError, ValueError, TypeError):
        return system.format(action)


def _in_words(system: GameSystem, before: BaseState, action: Action) -> str | None:
    """What the player did in plain words ("Travel to Kagawa"), judged on the position before it;
    None for a line of several commands or when the game has no better words than its notation."""
    if action.get("type") == BATCH:
        return None
    try:
        words = system.action_label(before, action)
    except (RuleError, KeyError, IndexError, ValueError, TypeError):
        return None
    return None if not words or words == system.format(action) else words

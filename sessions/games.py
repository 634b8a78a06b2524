"""Games held in memory, and playing a step on one: the part of the session service its mix-ins build on.

A game is loaded in one round trip and kept (with its settings, hand-overs, each seat's last move and a
memo of its position) until it goes idle; beyond the cache size the oldest are kept packed (state as
msgpack bytes) and come back without reading the store. With a store of one process, that copy is
always current; with a store shared by several processes, each request that decides something checks
it in one round trip. Each accepted step is stored (one transaction, shared with the other games
committing then) before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import msgspec

from rules.core import Action, BaseState, Event, GameSystem, Prompt, RuleError, registry

from .errors import SessionError
from .narration import plain_action, play_and_tell
from .notify import PrefsCache, UserPrefs
from .positions import legal_moves, pack_memo, prompts_of, unpack_memo
from .session_types import LoadedGame, Update, is_bot
from .settings import GameSettings
from .stats import final_of
from .store import ActionRecord, GameBundle, GameRecord, HandOver, Store

OPEN = ("lobby", "active")
"""Statuses of a game that still has a table."""

MAX_REMEMBERED = 64
"""States kept in memory for undo; older take-backs replay the log instead."""

CHANNELS_KEPT = 100_000
"""Channels whose open game this process remembers by id (a hint checked on use; ~100 bytes each)."""

MAX_TURNS_AT_ONCE = 32
"""Actions worked on at once by one process; enough to fill a group commit, few enough that a burst
does not hold every game it touches in memory at the same time."""

PACKED_UNDO = 8
"""Undo states a packed game keeps (older take-backs replay the log)."""

MAX_FOLLOW_UPS = 3000
"""Most steps one request plays by itself (forced steps and bot seats) before it answers."""

log = logging.getLogger("starhost.sessions")


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


class LoadedGames:
    """The games this process holds, how they are loaded and checked, and how one step is stored and
    followed by the steps nobody has to decide. :class:`~sessions.service.GameService` builds on it."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
        cache_size: int = 256,
        idle_seconds: float = 600.0,
        packed_size: int = 4096,
    ) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        self.cache_size = cache_size
        self.idle_seconds = idle_seconds
        self.packed_size = packed_size
        self._cache: OrderedDict[int, LoadedGame] = OrderedDict()
        self._packed: OrderedDict[int, LoadedGame] = OrderedDict()
        """Games squeezed out of the cache, their state packed (msgpack bytes, a quarter of the memory or
        less): taken back without reading the store, at the cost of one decode."""
        self._channels: dict[int, int] = {}
        """Channel -> its open game as last seen (also for games no longer loaded): a hint, checked on use."""
        self._prefs = PrefsCache(store, clock)
        self._damaged: dict[int, str] = {}
        """Games found damaged (id -> why), each logged once by this process."""
        self._writes: set[asyncio.Task[None]] = set()
        """Notes being written without anyone waiting for them (see :meth:`note_setting`)."""
        self._turns = asyncio.Semaphore(MAX_TURNS_AT_ONCE)
        """Actions being worked on at once (see ``GameService.act``)."""
        # A lock lives exactly as long as some coroutine holds or awaits it.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def open(self) -> None:
        await self.store.open()

    async def close(self) -> None:
        while self._writes:  # notes written without waiting land before the store closes
            await asyncio.gather(*self._writes, return_exceptions=True)
        await self.store.close()

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
        if loaded is None and game_id in self._packed:
            loaded = self._unpack(self._packed.pop(game_id))
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
            bundle = await self.store.load_game(game_id)  # one round trip: all a turn needs
            if bundle is None:
                raise SessionError("That game no longer exists.")
            loaded = self._hold_bundle(bundle)
        loaded.used = now
        self._cache.move_to_end(game_id)
        self._evict(now)
        return loaded

    def _hold_bundle(self, bundle: GameBundle) -> LoadedGame:
        """Keep a game read with all a turn needs (see ``Store.load_game``)."""
        loaded = self._hold(bundle.record)
        loaded.handovers = bundle.handovers
        loaded.stored_settings = bundle.settings
        try:
            loaded.settings = GameSettings.parse(bundle.settings)
        except (KeyError, ValueError):
            loaded.settings = None  # read (and refused) again when needed
        seats = len(loaded.state.seats) if loaded.state is not None else 0
        loaded.last_moves = {seat: bundle.last_moves.get(seat) for seat in range(seats)}
        for seat in bundle.record.seats:  # the players' notification choices, read with the game
            if seat.user_id > 0:
                self._prefs.keep(seat.user_id, bundle.user_settings.get(seat.user_id, {}))
        return loaded

    def _hold(self, record: GameRecord) -> LoadedGame:
        """Decode a record just read and keep it loaded (settings and the rest are read when needed)."""
        self._forget(record.id)
        _, state = self.decode(record)
        record.state = None  # the bytes as read: the decoded state is what the game goes on from
        loaded = LoadedGame(record, state, self.clock(), aside=record.aside)
        if state is not None:
            loaded.recent.append((record.version, state))
        self._cache[record.id] = loaded
        if record.status in OPEN:
            self._remember_channel(record.channel_id, record.id)
        return loaded

    def _remember_channel(self, channel_id: int, game_id: int) -> None:
        """Note the channel's open game; kept after the game leaves the cache (a few ints each), so a
        command there loads it in one round trip. An entry is only a hint: it is checked when loaded."""
        self._channels.pop(channel_id, None)
        self._channels[channel_id] = game_id
        while len(self._channels) > CHANNELS_KEPT:
            self._channels.pop(next(iter(self._channels)))

    def _adopt(self, bundle: GameBundle) -> LoadedGame:
        """Hold a game just read from the store (a loaded copy as current as it stays as it is)."""
        record = bundle.record
        loaded = self._cache.get(record.id)
        if loaded is None or (loaded.record.version, loaded.aside) != (record.version, record.aside):
            loaded = self._hold_bundle(bundle)
        elif record.status in OPEN:
            self._remember_channel(record.channel_id, record.id)
        loaded.used = self.clock()
        self._cache.move_to_end(record.id)
        self._evict(loaded.used)
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
        """Pack the oldest games beyond the cache size; drop games nobody touched lately."""
        while self._cache:
            game_id, oldest = next(iter(self._cache.items()))
            too_many = len(self._cache) > self.cache_size
            idle = now - oldest.used >= self.idle_seconds
            if not too_many and not idle:
                break
            del self._cache[game_id]
            if not idle:
                self._pack(oldest)
        while self._packed:
            game_id, oldest = next(iter(self._packed.items()))
            if len(self._packed) <= self.packed_size and now - oldest.used < self.idle_seconds:
                break
            del self._packed[game_id]

    def _pack(self, loaded: LoadedGame) -> None:
        """Keep a game squeezed out of the cache with its state packed (the newest undo state is it).

        The packed copy is a new object: a request still holding ``loaded`` goes on with it untouched
        (and a step it stores puts it back in the cache, see :meth:`_save`).
        """
        if loaded.state is None:
            return  # a lobby: nothing worth keeping
        recent = list(loaded.recent[-PACKED_UNDO:])
        if recent and recent[-1][0] == loaded.record.version:
            recent[-1] = (recent[-1][0], _packed(recent[-1][1]))
        else:
            recent.append((loaded.record.version, _packed(loaded.state)))
        self._packed[loaded.record.id] = LoadedGame(
            copy.copy(loaded.record),
            None,
            loaded.used,
            settings=loaded.settings,
            stored_settings=loaded.stored_settings,
            recent=recent,
            handovers=loaded.handovers,
            last_moves=dict(loaded.last_moves),
            aside=loaded.aside,
            memo=pack_memo(loaded.memo),
        )

    def _unpack(self, loaded: LoadedGame) -> LoadedGame:
        """A packed game back in the cache, its state decoded."""
        version, packed = loaded.recent[-1]  # a packed game always ends with its current state
        system = registry.get(loaded.record.system)
        loaded.state = msgspec.msgpack.decode(packed, type=system.state_type)
        loaded.recent[-1] = (version, loaded.state)
        loaded.memo = unpack_memo(loaded.memo)
        self._cache[loaded.record.id] = loaded
        return loaded

    def _forget(self, game_id: int) -> None:
        """Drop the loaded copy (it is read again when next needed); the channel keeps pointing at it."""
        self._cache.pop(game_id, None)
        self._packed.pop(game_id, None)

    def loaded_count(self) -> int:
        """Games held decoded (the cache)."""
        return len(self._cache)

    def packed_count(self) -> int:
        """Games held packed, beyond the cache."""
        return len(self._packed)

    def _held(self, game_id: int) -> LoadedGame | None:
        """The game as this process holds it, decoded or packed (its record, settings, hand-overs and
        last moves are the same either way), or None."""
        return self._cache.get(game_id) or self._packed.get(game_id)

    def _aside_changed(self, game_id: int) -> None:
        """This process changed a game's settings or hand-overs: its loaded copies are read again."""
        loaded = self._held(game_id)
        if loaded is not None:
            loaded.aside_changed()

    memo_positions = True
    """Whether what is worked out for a position is kept with the loaded game (see :meth:`position_memo`).
    Tests that stage positions by editing a held state in place turn it off: a memo cannot see that."""

    def _memo(self, loaded: LoadedGame) -> dict[Any, Any]:
        """The loaded game's memo of its current position (a throwaway one with ``memo_positions`` off)."""
        return loaded.memo if self.memo_positions else {}

    def position_memo(self, record: GameRecord, state: BaseState) -> dict[Any, Any]:
        """A place to keep what is computed for this exact position (buttons, labels, the legal list), shared
        by the reply, autocomplete and the next button press; a throwaway one when the position is not the
        loaded game's current one."""
        if not self.memo_positions:
            return {}
        loaded = self._cache.get(record.id)
        if loaded is None or loaded.state is not state or loaded.record.version != record.version:
            return {}
        return loaded.memo

    async def last_move(self, record: GameRecord, seat: int) -> tuple[int, float] | None:
        """(version, time) of ``seat``'s latest own move; from memory once read for the held game."""
        loaded = self._held(record.id)
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
        if game_id is not None:
            try:
                loaded = await self._load(game_id, check=check)
            except SessionError:
                loaded = None
            if loaded is not None and loaded.record.channel_id == channel_id and loaded.record.status in OPEN:
                return loaded
        self._channels.pop(channel_id, None)
        bundle = await self.store.load_open_game_in(channel_id)  # one round trip: all a turn needs
        return None if bundle is None else self._adopt(bundle)

    async def position_in(self, channel_id: int) -> tuple[GameRecord, BaseState | None] | None:
        """The channel's open game and its state, or None, for answers that decide nothing (autocomplete):
        a loaded copy is used as it is, even with a shared store (the action itself is checked)."""
        loaded = await self.open_loaded(channel_id, check=False)
        return None if loaded is None else (loaded.record, loaded.state)

    async def game_in_or_latest(self, channel_id: int) -> GameRecord:
        record = await self.store.open_game_in(channel_id)
        if record is None:
            record = await self.store.latest_game_in(channel_id)
        if record is None:
            raise SessionError("No game has been played in this channel yet.")
        return record

    async def get(self, game_id: int) -> tuple[GameRecord, BaseState | None]:
        loaded = await self._load(game_id)
        return loaded.record, loaded.state

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
        loaded = self._held(game_id)
        if loaded is not None and loaded.settings is not None:
            return loaded.settings
        return await self._settings(await self._load(game_id))

    async def stored_settings(self, game_id: int) -> dict[str, str]:
        """Every key of a game's settings row (the table's own notes too), from memory when it is held."""
        loaded = self._held(game_id)
        if loaded is not None and loaded.stored_settings is not None:
            return loaded.stored_settings
        return await self.store.get_settings(game_id)

    def note_setting(self, game_id: int, key: str, value: str) -> None:
        """Keep a note of the table's with the game (which glossary terms its replies explained, say),
        written in the background: nothing waits for it, and a note lost to a crash costs a repeated
        line at most. Never for settings a host changes (those are written before the answer)."""
        loaded = self._held(game_id)
        if loaded is not None and loaded.stored_settings is not None:
            loaded.stored_settings = {**loaded.stored_settings, key: value}
        task = asyncio.get_running_loop().create_task(self._write_note(game_id, key, value))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _write_note(self, game_id: int, key: str, value: str) -> None:
        try:
            await self.store.set_setting(game_id, key, value)
        except Exception:
            log.exception("a note of game %s (%s) could not be stored", game_id, key)

    async def _settings(self, loaded: LoadedGame) -> GameSettings:
        if loaded.settings is None:
            loaded.settings = GameSettings.parse(await self.store.get_settings(loaded.record.id))
        return loaded.settings

    async def handed_over(self, record: GameRecord, loaded: LoadedGame | None = None) -> dict[int, HandOver]:
        """The game's seats the bot plays now (for the player still sitting there), by seat.

        The rows are kept with the loaded game (``loaded``: one just checked to be current; with a
        store of one process, any loaded copy is) and read again after a change.
        """
        if loaded is None and not self.store.shared:
            loaded = self._held(record.id)
        if loaded is None:
            rows = await self.store.handovers(record.id)
        else:
            if loaded.handovers is None:
                loaded.handovers = await self.store.handovers(record.id)
            rows = loaded.handovers
        now = self.clock()
        out = {}
        for handover in rows:
            if handover.active(now) and record.user_of(handover.seat) == handover.user_id:
                out[handover.seat] = handover
        return out

    @asynccontextmanager
    async def playing(self, loaded: LoadedGame) -> AsyncIterator[LoadedGame]:
        """A working copy of ``loaded`` for the steps of one request (the caller holds the game's lock).

        Every step played on it (:meth:`_commit`, :meth:`_follow_up`) is stored together when the block
        ends: one transaction, one durable commit, however many forced or bot steps followed the
        player's move. The held game follows only then; a block that raises stores nothing.
        """
        draft = copy.copy(loaded)
        draft.record = copy.copy(loaded.record)
        draft.recent = list(loaded.recent)
        draft.last_moves = dict(loaded.last_moves)
        draft.unsaved = []
        yield draft
        if draft.unsaved:
            await self._save(loaded, draft)

    def _commit(
        self,
        loaded: LoadedGame,
        system: GameSystem,
        seat: int | None,
        user_id: int | None,
        action: Action,
        *,
        kind: str = "move",
    ) -> Update:
        """Play one step on a working copy (see :meth:`playing`); it is stored when the request ends."""
        record, state = loaded.record, loaded.state
        assert state is not None
        played, update = play_and_tell(system, record, state, seat, action, kind, self._memo(loaded))
        entry = ActionRecord(
            game_id=record.id,
            version=record.version + 1,
            seat=seat,
            user_id=user_id,
            action=plain_action(action),
            events=[msgspec.to_builtins(e) for e in update.events],
            at=self.clock(),
            by_default=kind == "timeout",
            kind=kind,
            revealed=", ".join(dict.fromkeys(played.revealed)),
        )
        entry.wait = max(0.0, entry.at - record.last_action_at)
        self._stage(loaded, entry, played.state, update.finished)
        if not update.finished and self.memo_positions:
            loaded.memo["pending"] = list(update.prompts)  # the new position's prompts, worked out once
        if entry.revealed:
            loaded.recent.clear()  # nothing before a reveal can be taken back
        self._remember(loaded, entry.version, played.state)
        if kind == "move" and seat is not None:
            loaded.last_moves[seat] = (entry.version, entry.at)
        return update

    @staticmethod
    def _stage(draft: LoadedGame, entry: ActionRecord, new_state: BaseState, finished: bool) -> None:
        """Move the working copy on by one logged step (stored when the request ends)."""
        record = draft.record
        draft.unsaved.append(entry)
        record.version = entry.version
        record.last_action_at = entry.at
        record.reminders_sent = 0
        record.last_reminder_at = None
        if finished:
            record.status = "finished"
        draft.state = new_state
        draft.memo = {}

    async def _save(self, loaded: LoadedGame, draft: LoadedGame) -> None:
        """Store the working copy's steps and the state after them (one transaction); then the held game
        follows. A failure forgets the held game (another process, or a cancelled caller, may have moved
        it on): it is read again next time."""
        record, entries = loaded.record, draft.unsaved
        assert draft.state is not None
        system = registry.get(record.system)
        finished = draft.record.status == "finished"
        outcome = system.outcome(draft.state) if finished else None
        final = final_of(outcome, len(draft.state.seats)) if outcome is not None else None
        try:
            version = await self.store.append_actions(
                record.id, record.version, entries, system.dumps(draft.state), finished, final
            )
        except BaseException:
            self._forget(record.id)
            raise
        for entry in entries:
            log.info(
                "action applied",
                extra={
                    "fields": {
                        "game": record.id,
                        "version": entry.version,
                        "seat": entry.seat,
                        "kind": entry.kind,
                        "action": entry.action.get("type"),
                    }
                },
            )
        assert version == draft.record.version
        for name in ("version", "last_action_at", "reminders_sent", "last_reminder_at", "status"):
            setattr(record, name, getattr(draft.record, name))
        loaded.state, loaded.memo = draft.state, draft.memo
        loaded.recent, loaded.last_moves = draft.recent, draft.last_moves
        draft.unsaved = []
        if self._cache.get(record.id) is not loaded:  # squeezed out (packed) while this step ran
            self._packed.pop(record.id, None)
            self._cache[record.id] = loaded

    def _remember(self, loaded: LoadedGame, version: int, state: BaseState) -> None:
        """Keep ``state`` for undo; the ones before it are kept packed (a quarter of the memory or less)."""
        recent = loaded.recent
        if recent and not isinstance(recent[-1][1], bytes):
            recent[-1] = (recent[-1][0], msgspec.msgpack.encode(recent[-1][1]))
        recent.append((version, state))
        del recent[:-MAX_REMEMBERED]

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
            before = loaded.state
            try:
                step = self._automatic_step(loaded, system, settings.autopass, handed)
                if step is None:
                    break
                seat, action, kind, lead = step
                done = self._commit(loaded, system, seat, None, action, kind=kind)
            except Exception:
                # a fault of ours (the bot, or a step the rules refuse) never costs the moves before it:
                # they are kept, and the game waits here for a person or the next automatic pass
                log.exception("an automatic step failed (game %s)", loaded.record.id)
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
        for prompt in prompts_of(system, state, self._memo(loaded)):
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
                # the legal list the reply's buttons would work out anyway, once for both
                listing = partial(legal_moves, system, state, prompt.seat, self._memo(loaded))
                forced = system.forced_action(state, prompt, listing)
                if forced is not None:
                    label = system.action_label(state, forced)
                    return prompt.seat, forced, "auto", f"{name} had nothing to decide: {label}."
        return None

    def waiting_text(self, record: GameRecord, prompts: list[Prompt]) -> str:
        if not prompts:
            return "Nobody needs to act."
        names = []
        for prompt in prompts:
            name = record.seats[prompt.seat].name if prompt.seat < len(record.seats) else f"seat {prompt.seat + 1}"
            if name not in names:
                names.append(name)
        return f"Waiting for {', '.join(names)}."


def _packed(state: BaseState | bytes) -> bytes:
    return state if isinstance(state, bytes) else msgspec.msgpack.encode(state)

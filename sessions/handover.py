"""Seats the bot plays for their player: away mode and deadlines that act; the returning player's catch-up.

A mix-in of :class:`~sessions.games.LoadedGames`. A hand-over is stored per seat (table
``handovers``), so it survives restarts and every shard process sees it:

- ``away``: the player asked (``/game away``) for a number of days, or until ``/game back``;
- ``deadline``: the table's ``on_deadline bot`` took the seat when its player was late; it lasts
  until the player is back (``/game back``, or any move of their own).

While a seat is handed over, the service plays it as it plays a bot seat: the game's bot chooses
from that seat's own view (``view(state, seat)``), never from more than its player could see, and
the table reads who played and why. A deadline with ``on_deadline default`` plays the prompt's
default instead, as the host's ``/game timeout`` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import BaseState, Event, GameSystem, RuleError, registry

from . import catchup
from .errors import SessionError, StaleVersion
from .games import LoadedGames
from .session_types import Actor, LoadedGame, Update, is_bot
from .store import GameRecord, HandOver

MAX_AWAY_DAYS = 60
"""Longest away spell one command asks for."""


@dataclass
class AwayResult:
    """What ``/game away`` or ``/game back`` changed: the games touched, and the boards that moved."""

    games: list[GameRecord]
    updates: list[Update]


def hours_text(seconds: float) -> str:
    """A late player's absence in words: "24 h", "3 days"."""
    hours = seconds / 3600
    if hours < 48:
        return f"{max(1, round(hours))} h"
    return f"{round(hours / 24)} days"


class HandOvers(LoadedGames):
    """Away mode, deadlines that act, and catch-ups for the session service."""

    # -- away mode ----------------------------------------------------------------------------------
    async def away(
        self,
        actor: Actor,
        *,
        guild_id: int | None,
        days: int | None = None,
        game_id: int | None = None,
        play_in: int | None = None,
    ) -> AwayResult:
        """Hand the actor's seat to the bot in one game (``game_id``) or in all their running games here.

        The game of channel ``play_in`` (where the command was used) is played on at once if it waits
        on the actor; the others wait for the next automatic pass, which tells their own channels.
        """
        if days is not None and (isinstance(days, bool) or not 1 <= days <= MAX_AWAY_DAYS):
            raise SessionError(f"Away is 1 to {MAX_AWAY_DAYS} days (or leave days out: until `/game back`).")
        games = await self._games_of(actor, guild_id, game_id)
        now = self.clock()
        ends = None if days is None else now + days * 86400.0
        result = AwayResult([], [])
        for record in games:
            seat = record.seat_of(actor.user_id)
            assert seat is not None
            await self.store.set_handover(HandOver(record.id, seat, actor.user_id, "away", now, ends))
            self._aside_changed(record.id)
            result.games.append(record)
            if record.channel_id != play_in:
                continue
            update = await self.play_handed_over(record.id, f"{actor.name} is away: the bot plays their seat.")
            if update is not None:
                result.updates.append(update)
        return result

    async def back(self, actor: Actor, *, guild_id: int | None) -> list[GameRecord]:
        """The actor takes back every seat the bot played for them on this server."""
        back = []
        now = self.clock()
        for handover in await self.store.handovers_of_user(actor.user_id):
            record = await self.store.get_game(handover.game_id)
            if record is None or (guild_id is not None and record.guild_id != guild_id):
                continue
            ended = await self.store.end_handover(handover.game_id, handover.seat)
            self._aside_changed(handover.game_id)
            seated = record.status == "active" and record.user_of(handover.seat) == actor.user_id
            if ended and seated and handover.active(now):
                back.append(record)
        if not back:
            raise SessionError("The bot plays none of your seats here: you are not away.")
        return back

    async def away_games(self, user_id: int) -> dict[int, HandOver]:
        """The user's seats the bot plays now, by game."""
        now = self.clock()
        return {h.game_id: h for h in await self.store.handovers_of_user(user_id) if h.active(now)}

    async def _games_of(self, actor: Actor, guild_id: int | None, game_id: int | None) -> list[GameRecord]:
        if game_id is not None:
            record = await self.store.get_game(game_id)
            if record is None or (guild_id is not None and record.guild_id != guild_id):
                raise SessionError(f"There is no game #{game_id} on this server; `/game mine` lists yours.")
            if record.seat_of(actor.user_id) is None:
                raise SessionError(f"You have no seat in game #{game_id}.")
            if record.status != "active":
                raise SessionError(f"Game #{game_id} is not running, so there is no seat to hand to the bot.")
            return [record]
        games = [r for r in await self.store.games_of_user(actor.user_id, guild_id) if r.status == "active"]
        if not games:
            raise SessionError("You have no running game here to be away from.")
        return games

    async def play_handed_over(
        self, game_id: int, lead: str | None = None, version: int | None = None
    ) -> Update | None:
        """Let the bot play the game's handed-over seats now, if one is asked (and the game is still at
        ``version`` when given); the update, or None when nothing was played."""
        async with self._lock(game_id):
            loaded = await self._load(game_id)
            if loaded.record.status != "active" or loaded.state is None:
                return None
            if version is not None and loaded.record.version != version:
                return None
            system = registry.get(loaded.record.system)
            version = loaded.record.version
            update = Update(game=loaded.record, state=loaded.state, prompts=system.pending(loaded.state))
            if lead:
                update.events.append(Event(text=lead, kind="auto"))
            async with self.playing(loaded) as draft:
                update = await self._follow_up(draft, system, update)
            return update if loaded.record.version != version else None

    # -- deadlines ------------------------------------------------------------------------------
    async def act_on_deadline(
        self, game_id: int, version: int, seats: list[int], mode: str, late_for: float
    ) -> Update | None:
        """Play for the late ``seats`` (``mode`` default or bot), if the game is still at ``version``.

        The caller claimed the deadline in the store first (only one process gets here per deadline);
        the version guard of every write makes sure nothing is played twice besides.
        """
        async with self._lock(game_id):
            loaded = await self._load(game_id)
            record, state = loaded.record, loaded.state
            if record.version != version or record.status != "active" or state is None:
                return None
            system = registry.get(record.system)
            now = self.clock()
            waited = hours_text(late_for)
            update = Update(game=record, state=state, prompts=system.pending(state))
            late = [seat for seat in seats if seat in {p.seat for p in system.pending(state)}]
            if mode == "bot":
                for seat in late:
                    user = record.user_of(seat)
                    assert user is not None
                    await self.store.set_handover(HandOver(record.id, seat, user, "deadline", now, None))
                    self._aside_changed(record.id)
                    update.events.append(
                        Event(
                            text=f"{record.seats[seat].name} was away for {waited}: the bot plays their seat until"
                            " they are back (`/game back`, or any move of theirs).",
                            kind="warn",
                            seat=seat,
                        )
                    )
            async with self.playing(loaded) as draft:
                if mode != "bot":
                    for seat in late:
                        if draft.state is None or seat not in {p.seat for p in system.pending(draft.state)}:
                            continue
                        lead = f"{record.seats[seat].name} was away for {waited}"
                        update = self._default_for(draft, system, seat, update, lead)
                return await self._follow_up(draft, system, update)

    def _default_for(self, loaded: LoadedGame, system: GameSystem, seat: int, update: Update, lead: str) -> Update:
        """Play the default of the seat's prompt (narrated), keeping the narration gathered so far."""
        assert loaded.state is not None
        prompt = next(p for p in system.pending(loaded.state) if p.seat == seat)
        try:
            action = system.default_action(loaded.state, prompt)
        except RuleError:
            update.events.append(Event(text=f"{lead}, but this decision has no default.", kind="warn", seat=seat))
            return update
        done = self._commit(loaded, system, seat, None, action, kind="timeout")
        what = f": the default was played, {done.action_text}." if done.action_text else ": the default was played."
        done.events = [*update.events, Event(text=lead + what, kind="warn", seat=seat), *done.events]
        return done

    # -- catch-up -----------------------------------------------------------------------------
    async def catch_up(
        self, record: GameRecord, state: BaseState, seat: int, *, private: bool, always: bool = False
    ) -> catchup.CatchUp:
        """What ``seat`` missed since its last own move, when its player has been away for a while
        (``always``: whatever the time); empty otherwise. ``private`` allows the seat's own secret lines."""
        now = self.clock()
        last = await self.last_move(record, seat)
        since_version, since = last if last is not None else (0, record.created_at)
        nothing = catchup.CatchUp(seat=seat, since=since)
        if not always and now - since < catchup.ROUND_MINIMUM:
            return nothing  # cheap answer on the busy path: they moved a moment ago
        recent = await self.store.recent_actions(record.id, catchup.LOOK_BACK)
        entries = [e for e in recent if e.version > since_version]
        settings = await self.settings_of(record.id)
        seats = range(len(state.seats))
        if not entries or not (
            always or catchup.has_been_away(entries, seat, seats, since, now, settings.remind_seconds)
        ):
            return nothing
        names = [state.seats[seat] if seat < len(state.seats) else "", record.seats[seat].name]
        renamed = catchup.renamed_seats(record, state.seats)
        digest = catchup.build(entries, seat, names, private=private, renamed=renamed)
        digest.since = since
        return digest


def late_seats(record: GameRecord, prompts_seats: list[int], handed: dict[int, HandOver]) -> list[int]:
    """Seats a deadline may act for: asked now, with a player (not empty, not a bot), not already handed over."""
    out = []
    for seat in prompts_seats:
        user = record.user_of(seat)
        if user is None or user <= 0 or is_bot(user) or seat in handed or seat in out:
            continue
        out.append(seat)
    return out


__all__ = ["AwayResult", "HandOvers", "StaleVersion", "hours_text", "late_seats"]

"""Taking moves back: a player's own move when nothing was revealed since, or any move the table agrees to.

A mix-in of :class:`~sessions.games.LoadedGames`: it uses the service's per-game locks, cache and
log writing. The log stays append-only: a take-back is a logged entry (see sessions/history.py).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import msgspec

from rules.core import BaseState, Event, GameSystem, registry

from .errors import SessionError, StaleVersion
from .games import LoadedGames
from .history import RESEED, REVEALED_UNKNOWN, UNDO, last_take_back, replay, reseeded, take_back
from .session_types import PRIVATE_CHOICE, VACANT, Actor, LoadedGame, Update, is_bot
from .store import ActionRecord


@dataclass
class UndoVote:
    """Where a host's request to take back the last move stands."""

    text: str = ""
    waiting: list[int] = field(default_factory=list)
    """Seats still to agree."""
    done: Update | None = None
    """The take-back, once everyone agreed."""
    refused: bool = False


UNDO_VOTE = "undo_vote"
"""Game setting holding an open undo vote (JSON)."""


class TakeBacks(LoadedGames):
    """Undo for the session service."""

    async def undo(self, channel_id: int, actor: Actor) -> Update:
        """Take back the asking player's last action, when nothing unforeseeable happened since."""
        record = await self.game_in(channel_id)
        async with self._lock(record.id):
            loaded = await self._load(record.id)
            record = loaded.record
            if record.status != "active" or loaded.state is None:
                raise SessionError("Only a running game has moves to take back.")
            seat = record.seat_of(actor.user_id)
            if seat is None:
                raise SessionError("You are not playing in this game.")
            entries = [_entry(a) for a in await self.store.actions(record.id)]
            back = take_back(entries, seat)
            system = registry.get(record.system)
            text = f"{actor.name} takes back {_told(system, back.main)}."
            return await self._go_back(loaded, system, entries, back.to, seat, actor.user_id, text)

    async def propose_undo(self, game_id: int, host: Actor) -> UndoVote:
        """The host asks to take back the last move, reveals or not; every other player must agree."""
        async with self._lock(game_id):
            loaded = await self._load(game_id)
            record = loaded.record
            if record.status != "active" or loaded.state is None:
                raise SessionError("Only a running game has moves to take back.")
            entries = [_entry(a) for a in await self.store.actions(game_id)]
            back = last_take_back(entries)
            system = registry.get(record.system)
            text = _told(system, back.main)
            revealed = [str(e.get("revealed", REVEALED_UNKNOWN)) for e in back.entries if e.get("revealed", True)]
            if revealed:
                absent = [s for s in record.seats if s.user_id == VACANT or is_bot(s.user_id)]
                if absent:
                    names = ", ".join(f"seat {s.seat + 1}" for s in absent)
                    raise SessionError(
                        f"That cannot be taken back: {revealed[0]} since, and only every seat together may take "
                        f"back what was revealed. {names} has nobody to agree: a player must /game join it first."
                    )
            voters = [s.seat for s in record.seats if s.user_id not in (VACANT, host.user_id) and not is_bot(s.user_id)]
            if not voters:
                done = await self._go_back(
                    loaded,
                    system,
                    entries,
                    back.to,
                    None,
                    host.user_id,
                    f"{host.name} takes back {text}.",
                    reseed=bool(revealed),
                )
                return UndoVote(text=text, done=done)
            vote = {
                "version": record.version,
                "to": back.to,
                "text": text,
                "waiting": voters,
                "host": host.name,
                "revealed": bool(revealed),
            }
            await self.store.set_setting(game_id, UNDO_VOTE, json.dumps(vote))
            return UndoVote(text=text, waiting=voters)

    async def vote_undo(self, game_id: int, version: int, voter: Actor, agree: bool) -> UndoVote:
        """One player's answer to the host's take-back request."""
        async with self._lock(game_id):
            loaded = await self._load(game_id)
            record = loaded.record
            raw = (await self.store.get_settings(game_id)).get(UNDO_VOTE)
            vote = json.loads(raw) if raw else None
            if vote is None or vote["version"] != version or record.version != version:
                raise StaleVersion("That vote is over: the game has moved on or the question was settled.")
            seat = record.seat_of(voter.user_id)
            if seat not in vote["waiting"]:
                raise SessionError("This question is not waiting for your answer.")
            if not agree:
                await self.store.delete_setting(game_id, UNDO_VOTE)
                return UndoVote(text=vote["text"], refused=True)
            vote["waiting"].remove(seat)
            if vote["waiting"]:
                await self.store.set_setting(game_id, UNDO_VOTE, json.dumps(vote))
                return UndoVote(text=vote["text"], waiting=vote["waiting"])
            await self.store.delete_setting(game_id, UNDO_VOTE)
            entries = [_entry(a) for a in await self.store.actions(game_id)]
            system = registry.get(record.system)
            text = f"The table agreed: {vote['host']} takes back {vote['text']}."
            done = await self._go_back(
                loaded, system, entries, vote["to"], None, None, text, reseed=bool(vote.get("revealed", True))
            )
            return UndoVote(text=vote["text"], done=done)

    async def _go_back(
        self,
        loaded: LoadedGame,
        system: GameSystem,
        entries: list[dict[str, Any]],
        to: int,
        seat: int | None,
        user_id: int | None,
        text: str,
        *,
        reseed: bool = False,
    ) -> Update:
        """Go back to version ``to``. With ``reseed`` (something was revealed since), the future is drawn
        from a fresh seed, logged in the entry, so nobody knows the next roll from the one taken back."""
        kept = next((s for v, s in loaded.recent if v == to), None)
        state = msgspec.msgpack.decode(kept, type=system.state_type) if isinstance(kept, bytes) else kept
        if state is None:
            state = await asyncio.to_thread(self._replayed, loaded, system, [e for e in entries if e["version"] <= to])
        action: dict[str, Any] = {"type": UNDO, "to": to}
        if reseed:
            action[RESEED] = self.seed_source()
            state = reseeded(system, state, action[RESEED])
            text += " The dice and decks go on from a fresh shuffle."
        event = Event(text=text, kind="turn", seat=seat)
        entry = ActionRecord(
            game_id=loaded.record.id,
            version=loaded.record.version + 1,
            seat=seat,
            user_id=user_id,
            action=action,
            events=[msgspec.to_builtins(event)],
            at=self.clock(),
            kind=UNDO,
        )
        async with self.playing(loaded) as draft:
            self._stage(draft, entry, state, finished=False)
            # The position gone back to is the one with the fresh seed from now on (as a replay of the log
            # has it), so a later take-back to it never brings the old dice back.
            draft.recent = [(v, s) for v, s in draft.recent if v < to]
            draft.recent.append((to, msgspec.msgpack.encode(state)))
            self._remember(draft, entry.version, state)
            update = Update(game=draft.record, state=state, events=[event], prompts=system.pending(state))
            # The position gone back to may wait on a seat nobody has to decide for (a bot, a player away):
            # it is played on at once, as after any other move, rather than at the next automatic pass.
            return await self._follow_up(draft, system, update)

    @staticmethod
    def _replayed(loaded: LoadedGame, system: GameSystem, entries: list[dict[str, Any]]) -> BaseState:
        """The position after ``entries``, replayed from the game's seed (runs in a worker thread)."""
        record, state = loaded.record, loaded.state
        assert state is not None
        options = dict(record.options)
        if record.scenario:
            options.setdefault("scenario", record.scenario)
        return replay(system, system.setup(list(state.seats), options, record.seed), entries)


def _entry(record: ActionRecord) -> dict[str, Any]:
    """A logged action in the export's shape (what sessions.history reads)."""
    return {
        "version": record.version,
        "seat": record.seat,
        "action": record.action,
        "kind": record.kind,
        "revealed": record.revealed,
        "events": record.events,
    }


def _told(system: GameSystem, entry: dict[str, Any]) -> str:
    """A logged action as the table may hear of its take-back: its notation, or "a secret choice"."""
    action = entry["action"]
    if action.get("type") in system.secret_actions or any(
        e.get("kind") == PRIVATE_CHOICE for e in entry.get("events", [])
    ):
        return "a choice made in private"
    try:
        return f"`{system.format(action)}`"
    except Exception:  # an old entry must never break a reply
        return f"`{action.get('type', '?')}`"

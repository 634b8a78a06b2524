"""Plays many games of one system through the real table layer, timing what a player waits for.

One *turn* is what the bot does for one player action: the bench picks a legal action (one
``legal()`` call, as a button press does before it acts), ``Table.act`` applies and commits it and
builds the reply (narration, prompts, ``legal()`` for the buttons and their labels), then the next
player's first autocomplete keystrokes are answered. The picture is drawn only where asked, in a
worker thread as the bot does.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, GameSystem, Prompt, RuleError
from sessions.errors import SessionError
from sessions.positions import legal_moves
from sessions.service import Actor, GameService, Update
from table.commands import Ctx, Table
from table.replies import Reply

from . import suggest, systems, warm

FIRST_CHANNEL = 1_000_000
GUILD = 1
SETUP_BATCH = 50
"""Games created concurrently while setting up (their commits share a transaction)."""


@dataclass
class ActTiming:
    """Filled in by :class:`TimedService` while ``Table.act`` runs (one per turn)."""

    seconds: float = 0.0
    update: Update | None = None


_TIMING: contextvars.ContextVar[ActTiming | None] = contextvars.ContextVar("bench_act_timing", default=None)


class TimedService(GameService):
    """The production service, with the duration of each ``act`` noted for the turn that asked."""

    async def act(self, **kwargs: Any) -> Update:
        timing = _TIMING.get()
        start = time.perf_counter()
        update = await super().act(**kwargs)
        if timing is not None:
            timing.seconds, timing.update = time.perf_counter() - start, update
        return update


@dataclass
class Game:
    """One started game the bench plays, with what it last heard from the service."""

    game_id: int
    channel: int
    actors: dict[int, Actor]  # seat -> who sits there
    prompts: list[Prompt]
    """Who the last reply asked to decide. The bench keeps no state per game: the players press what the
    bot offered (its legal list of the position, as a button press looks it up)."""


@dataclass
class Samples:
    """Durations (seconds) of one phase, by what was measured, and what went wrong."""

    act: list[float] = field(default_factory=list)
    reply: list[float] = field(default_factory=list)
    wait: list[float] = field(default_factory=list)
    """From the action's arrival to its reply being ready (queueing included)."""
    suggest: list[float] = field(default_factory=list)
    options: list[float] = field(default_factory=list)
    sizes: list[tuple[int, int, int]] = field(default_factory=list)  # state, action, events bytes
    errors: int = 0
    refusals: list[str] = field(default_factory=list)
    """The first few refusals' messages (a legal action should never be refused)."""
    finished: int = 0
    stuck: int = 0
    wall: float = 0.0
    cut: bool = False
    """The run stopped on its time limit before its count of actions."""


class Driver:
    """Creates games of one system and plays their turns."""

    def __init__(self, service: GameService, system: GameSystem, rng: random.Random) -> None:
        self.service = service
        self.table = Table(service)
        self.system = system
        self.rng = rng
        self.options = suggest.game_options(system.id)
        self.spares: list[Game] = []
        self.snapshots = 0
        """Mid-game states the games were started from (0: fresh games)."""
        self.next_channel = FIRST_CHANNEL
        self.next_user = 1

    def attach(self, service: GameService) -> None:
        """Play through ``service`` from now on (the games are in its store)."""
        self.service, self.table = service, Table(service)

    # -- games ------------------------------------------------------------------------------------
    async def new_game(self) -> Game:
        """Open, fill and start one game (never timed)."""
        channel = self.next_channel
        self.next_channel += 1
        actors = []
        for seat in range(systems.seat_count(self.system)):
            actors.append(Actor(self.next_user, warm.seat_name(seat)))
            self.next_user += 1
        await self.service.new_game(channel_id=channel, guild_id=GUILD, host=actors[0], system_id=self.system.id)
        for actor in actors[1:]:
            await self.service.join(channel, actor)
        started = await self.service.start(channel, actors[0])
        by_user = {a.user_id: a for a in actors}
        seats = {s.seat: by_user[s.user_id] for s in started.game.seats}
        assert started.state is not None
        return Game(started.game.id, channel, seats, started.prompts)

    async def new_games(self, count: int) -> list[Game]:
        games: list[Game] = []
        while len(games) < count:
            batch = min(SETUP_BATCH, count - len(games))
            games += await asyncio.gather(*(self.new_game() for _ in range(batch)))
        return games

    async def refill(self, spares: int) -> None:
        """Keep ``spares`` started games aside, so a finished game is replaced without a setup mid-run."""
        if len(self.spares) < spares:
            self.spares += await self.new_games(spares - len(self.spares))

    async def _replace(self, game: Game) -> None:
        fresh = self.spares.pop() if self.spares else await self.new_game()
        game.game_id, game.channel, game.actors = fresh.game_id, fresh.channel, fresh.actors
        game.prompts = fresh.prompts

    async def resync(self, game: Game) -> None:
        """Take the game's state and prompts from the service (a finished game is replaced)."""
        status = await self.service.status(game.channel)
        if status.state is None or status.game.status != "active":
            await self._replace(game)
            return
        game.prompts = status.prompts

    def ctx(self, game: Game, seat: int) -> Ctx:
        return Ctx(actor=game.actors[seat], channel_id=game.channel, guild_id=GUILD)

    # -- one player action ----------------------------------------------------------------------------
    async def turn(
        self,
        game: Game,
        out: Samples,
        *,
        reply: bool = True,
        keystrokes: int = 1,
        sizes: bool = False,
        arrived: float | None = None,
    ) -> Reply | None:
        """Play one action of ``game``; returns the reply (None without one, or when nothing was played).

        ``reply=False`` calls ``GameService.act`` alone (no reply, no keystrokes). ``arrived`` is when
        the action was due (paced runs); the wait counts from then.
        """
        start = time.perf_counter() if arrived is None else arrived
        choice = await self.press(game)
        if choice is None:
            out.stuck += 1
            await self._replace(game)
            return None
        seat, action = choice
        timing = ActTiming()
        token = _TIMING.set(timing)
        answer = None
        try:
            if reply:
                begun = time.perf_counter()
                answer = await self.table.act(self.ctx(game, seat), action)
                done = time.perf_counter()
                out.reply.append(done - begun - timing.seconds)
            else:
                await self.service.act(actor=game.actors[seat], action=action, game_id=game.game_id)
                done = time.perf_counter()
        except (SessionError, RuleError) as exc:
            out.errors += 1
            if len(out.refusals) < 5:
                out.refusals.append(f"{type(exc).__name__}: {exc} ({systems.plain(action)})"[:300])
            await self.resync(game)
            return None
        finally:
            _TIMING.reset(token)
        update = timing.update
        assert update is not None and update.state is not None
        out.act.append(timing.seconds)
        out.wait.append(done - start)
        if sizes:
            out.sizes.append(self._sizes(action, update))
        game.prompts = update.prompts
        if update.finished:
            out.finished += 1
            await self._replace(game)
            return answer
        if reply:
            for _ in range(keystrokes):
                await self.keystroke(game, out)
        return answer

    async def press(self, game: Game) -> tuple[int, Action] | None:
        """What a player picks: one of the moves the bot offered for the position (the legal list a
        button press looks up, computed once per position), for the first prompted seat that has one."""
        record, state = await self.service.get(game.game_id)
        if state is None or record.status != "active":
            return None
        memo = self.service.position_memo(record, state)
        for prompt in game.prompts:
            legal = legal_moves(self.system, state, prompt.seat, memo)
            if legal:
                return prompt.seat, self.rng.choice(legal)
        return None

    async def keystroke(self, game: Game, out: Samples, *, every_option: bool = False) -> None:
        """Autocomplete answers for whoever must decide next: /act's list and one of the game's own options."""
        if not game.prompts:
            return
        ctx = self.ctx(game, game.prompts[0].seat)
        start = time.perf_counter()
        await self.table.suggest_actions(ctx, "")
        out.suggest.append(time.perf_counter() - start)
        if not self.options:
            return
        for option in self.options if every_option else [self.rng.choice(self.options)]:
            start = time.perf_counter()
            await suggest.answer(self.table, ctx, option)
            out.options.append(time.perf_counter() - start)

    def _sizes(self, action: dict[str, Any], update: Update) -> tuple[int, int, int]:
        """Bytes the store wrote for this action: state, logged action, logged events."""
        assert update.state is not None
        events = json.dumps([systems.plain(e) for e in update.events])
        return len(self.system.dumps(update.state)), len(json.dumps(systems.plain(action))), len(events)

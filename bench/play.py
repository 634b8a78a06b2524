"""Latency and throughput: many concurrent games driven through ``GameService.act``."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from rules.core import BaseState, GameSystem, Prompt, RuleError
from sessions.errors import SessionError
from sessions.service import Actor, GameService, Update
from sessions.store import SqliteStore

from . import systems
from .stats import summary_ms

FIRST_CHANNEL = 1_000_000


@dataclass
class Table:
    """One started game the bench plays, with what it last heard from the service."""

    game_id: int
    actors: dict[int, Actor]  # seat -> who sits there
    state: BaseState
    prompts: list[Prompt]


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    sizes: list[tuple[int, int, int]] = field(default_factory=list)  # state, action, events bytes
    errors: int = 0
    replaced: int = 0
    stuck: int = 0
    wall: float = 0.0


class Driver:
    def __init__(self, service: GameService, system: GameSystem, rng: random.Random) -> None:
        self.service = service
        self.system = system
        self.rng = rng
        self.next_channel = FIRST_CHANNEL
        self.next_user = 1

    async def new_table(self) -> Table:
        """Create, fill and start one game (never timed)."""
        channel = self.next_channel
        self.next_channel += 1
        actors = []
        for i in range(systems.seat_count(self.system)):
            actors.append(Actor(self.next_user, f"p{self.next_user}-{i + 1}"))
            self.next_user += 1
        await self.service.new_game(channel_id=channel, guild_id=1, host=actors[0], system_id=self.system.id)
        for actor in actors[1:]:
            await self.service.join(channel, actor)
        started = await self.service.start(channel, actors[0])
        return self._table(started, actors)

    def _table(self, update: Update, actors: list[Actor]) -> Table:
        by_user = {a.user_id: a for a in actors}
        seats = {s.seat: by_user[s.user_id] for s in update.game.seats}
        assert update.state is not None
        return Table(update.game.id, seats, update.state, update.prompts)

    async def play(self, table: Table, run: Run, budget: list[int]) -> None:
        """Act for ``table``'s prompted seat until the shared budget is spent."""
        while budget[0] > 0:
            choice = systems.choose(self.system, table.state, table.prompts, self.rng)
            if choice is None:
                run.stuck += 1
                return
            seat, action = choice
            budget[0] -= 1
            start = time.perf_counter()
            try:
                update = await self.service.act(actor=table.actors[seat], action=action, game_id=table.game_id)
            except (SessionError, RuleError):
                run.errors += 1
                if run.errors <= len(run.latencies) + 100:
                    budget[0] += 1  # a refused action does not count; give up if most are refused
                continue
            run.latencies.append(time.perf_counter() - start)
            assert update.state is not None
            run.sizes.append(
                (
                    len(self.system.dumps(update.state)),
                    len(json.dumps(systems.plain(action))),
                    len(json.dumps([systems.plain(e) for e in update.events])),
                )
            )
            table.state, table.prompts = update.state, update.prompts
            if update.finished:
                run.replaced += 1
                fresh = await self.new_table()
                table.game_id, table.actors, table.state, table.prompts = (
                    fresh.game_id,
                    fresh.actors,
                    fresh.state,
                    fresh.prompts,
                )


def rss_now_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def rss_peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


async def paced_run(driver: Driver, tables: list[Table], run: Run, actions: int, rate: float) -> None:
    """Start one act every 1/rate seconds on a random game that is not already acting."""
    busy: set[int] = set()
    pending: set[asyncio.Task[None]] = set()

    async def one(index: int) -> None:
        busy.add(index)
        try:
            await driver.play(tables[index], run, [1])
        finally:
            busy.discard(index)

    begin = time.perf_counter()
    for n in range(actions):
        delay = begin + n / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        index = driver.rng.randrange(len(tables))
        if index in busy:
            continue
        task = asyncio.create_task(one(index))
        pending.add(task)
        task.add_done_callback(pending.discard)
    if pending:
        await asyncio.gather(*pending)


async def latency_run(
    db_path: Path,
    system_id: str,
    games: int,
    actions: int,
    seed: int,
    serial_actions: int,
    profile: str | None,
    rate: float = 1000.0,
) -> dict:
    """Create and start ``games`` games, then spend ``actions`` acts over them from one task per game."""
    system = systems.get(system_id)
    rng = random.Random(seed)
    rss_before = rss_now_mb()
    service = GameService(SqliteStore(db_path), seed_source=lambda: rng.getrandbits(62), cache_size=max(256, games * 2))
    await service.open()
    try:
        driver = Driver(service, system, rng)
        started = time.perf_counter()
        tables = [await driver.new_table() for _ in range(games)]
        setup_s = time.perf_counter() - started

        run = Run()
        budget = [actions]
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        started = time.perf_counter()
        await asyncio.gather(*(driver.play(t, run, budget) for t in tables))
        run.wall = time.perf_counter() - started
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        rss = {"peak_mb": rss_peak_mb(), "now_mb": rss_now_mb(), "before_mb": rss_before}

        # Paced (open loop): actions arrive at a steady rate spread over all games, as players do.
        # This is the latency a player sees; the closed loop above measures saturation.
        paced = Run()
        started = time.perf_counter()
        await paced_run(driver, tables, paced, actions, rate)
        paced.wall = time.perf_counter() - started

        # The same service, one act at a time: what one action costs with nobody queued ahead.
        serial = Run()
        started = time.perf_counter()
        for i in range(serial_actions):
            await driver.play(tables[i % len(tables)], serial, [1])
        serial.wall = time.perf_counter() - started
    finally:
        await service.close()

    latency = summary_ms(run.latencies)
    latency.update(
        games=games,
        tasks=len(tables),
        wall_s=run.wall,
        setup_s=setup_s,
        errors=run.errors,
        finished_and_replaced=run.replaced,
        stuck=run.stuck,
    )
    paced_summary = summary_ms(paced.latencies)
    paced_summary.update(
        rate_per_s=rate,
        achieved_per_s=len(paced.latencies) / paced.wall if paced.wall > 0 else 0.0,
        errors=paced.errors,
    )
    serial_summary = summary_ms(serial.latencies)
    serial_summary.update(errors=serial.errors)
    mean_state = sum(s[0] for s in run.sizes) / max(len(run.sizes), 1)
    mean_row = sum(s[1] + s[2] for s in run.sizes) / max(len(run.sizes), 1)
    return {
        "latency": latency,
        "throughput": {
            "actions_per_s": len(run.latencies) / run.wall if run.wall > 0 else 0.0,
            "actions": len(run.latencies),
            "wall_s": run.wall,
        },
        "paced": paced_summary,
        "serial": serial_summary,
        "rss": rss,
        "bytes_per_action": {"state": mean_state, "action_row": mean_row},
        "_sizes": run.sizes,
    }

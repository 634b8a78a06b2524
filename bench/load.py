"""The three ways the bench plays: one action at a time, every game at once, and a steady arrival rate."""

from __future__ import annotations

import asyncio
import time

from . import pictures
from .driver import Driver, Game, Samples


async def one_at_a_time(
    driver: Driver, games: list[Game], count: int, picture_every: int, drawn: pictures.Pictures
) -> Samples:
    """``count`` turns in a row over the games, nothing queued; every ``picture_every``-th reply is drawn."""
    out = Samples()
    started = time.perf_counter()
    for i in range(count):
        game = games[i % len(games)]
        reply = await driver.turn(game, out, keystrokes=0, sizes=True)
        await driver.keystroke(game, out, every_option=True)
        if reply is not None and picture_every and i % picture_every == 0:
            await pictures.draw(reply, drawn)
    out.wall = time.perf_counter() - started
    return out


async def saturated(driver: Driver, games: list[Game], count: int, *, reply: bool, keystrokes: int) -> Samples:
    """Every game acting at once (one task each, back to back) until ``count`` actions are spent."""
    out = Samples()
    budget = [count]

    async def play(game: Game) -> None:
        while budget[0] > 0:
            budget[0] -= 1
            await driver.turn(game, out, reply=reply, keystrokes=keystrokes)

    started = time.perf_counter()
    await asyncio.gather(*(play(g) for g in games))
    out.wall = time.perf_counter() - started
    return out


async def paced(driver: Driver, games: list[Game], count: int, rate: float, keystrokes: int) -> tuple[Samples, int]:
    """Open loop: an action arrives every 1/``rate`` s on a random game, as players' clicks do.

    An arrival on a game still busy with its previous action is dropped (a player waits for the
    board before acting again); returns the samples and how many arrivals were dropped.
    """
    out = Samples()
    busy: set[int] = set()
    running: set[asyncio.Task[None]] = set()
    dropped = 0

    async def one(index: int, due: float) -> None:
        try:
            await driver.turn(games[index], out, keystrokes=keystrokes, arrived=due)
        finally:
            busy.discard(index)

    begin = time.perf_counter()
    for n in range(count):
        due = begin + n / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        index = driver.rng.randrange(len(games))
        if index in busy:
            dropped += 1
            continue
        busy.add(index)
        task = asyncio.create_task(one(index, due))
        running.add(task)
        task.add_done_callback(running.discard)
    if running:
        await asyncio.gather(*running)
    out.wall = time.perf_counter() - begin
    return out, dropped

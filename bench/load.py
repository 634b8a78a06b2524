"""The three ways the bench plays: one action at a time, every game at once, and a steady arrival rate.

Each run stops after ``count`` actions or ``seconds``, whichever comes first (a slow game still
finishes the bench); a run cut by the clock says so (``Samples.cut``).
"""

from __future__ import annotations

import asyncio
import time

from . import pictures
from .driver import Driver, Game, Samples


async def one_at_a_time(
    driver: Driver, games: list[Game], count: int, seconds: float, picture_every: int, drawn: pictures.Pictures
) -> Samples:
    """``count`` turns in a row over the games, nothing queued; every ``picture_every``-th reply is drawn."""
    out = Samples()
    started = time.perf_counter()
    for i in range(count):
        if time.perf_counter() - started > seconds:
            out.cut = True
            break
        game = games[i % len(games)]
        reply = await driver.turn(game, out, keystrokes=0, sizes=True)
        await driver.keystroke(game, out, every_option=True)
        if reply is not None and picture_every and i % picture_every == 0:
            await pictures.draw(reply, drawn)
    out.wall = time.perf_counter() - started
    return out


async def saturated(
    driver: Driver, games: list[Game], count: int, seconds: float, *, reply: bool, keystrokes: int
) -> Samples:
    """Every game acting at once (one task each, back to back) until ``count`` actions are spent."""
    out = Samples()
    budget = [count]
    started = time.perf_counter()
    deadline = started + seconds

    async def play(game: Game) -> None:
        while budget[0] > 0:
            if time.perf_counter() > deadline:
                out.cut = True
                return
            budget[0] -= 1
            await driver.turn(game, out, reply=reply, keystrokes=keystrokes)

    await asyncio.gather(*(play(g) for g in games))
    out.wall = time.perf_counter() - started
    return out


async def paced(
    driver: Driver, games: list[Game], count: int, seconds: float, rate: float, keystrokes: int
) -> tuple[Samples, int]:
    """Open loop: an action arrives every 1/``rate`` s on a random game, as players' clicks do.

    An arrival on a game still busy with its previous action is dropped (a player waits for the
    board before acting again); returns the samples and how many arrivals were dropped. Arrivals
    stop after ``seconds``; those already in play are waited for.
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
        if due - begin > seconds:
            out.cut = True
            break
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

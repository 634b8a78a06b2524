"""The picture of a reply, drawn in a worker thread as the bot does, and how long the event loop stalls meanwhile."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from table.replies import Reply

TICK = 0.001
"""The loop-lag probe sleeps this long; anything beyond it is time the loop could not run."""


@dataclass
class Pictures:
    seconds: list[float] = field(default_factory=list)
    png_bytes: list[int] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    """Overshoot of each probe sleep while a picture was being drawn."""
    errors: list[str] = field(default_factory=list)


async def draw(reply: Reply, out: Pictures) -> None:
    """Draw ``reply``'s picture off the event loop; note its time, size and the loop's stalls."""
    if reply.image is None:
        return
    done = asyncio.Event()

    async def probe() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            out.lag.append(max(0.0, time.perf_counter() - start - TICK))

    prober = asyncio.create_task(probe())
    start = time.perf_counter()
    try:
        png = await asyncio.to_thread(reply.image)
    except Exception as exc:  # another system's work in progress must not stop the bench
        out.errors.append(f"{type(exc).__name__}: {exc}"[:200])
        return
    finally:
        done.set()
        await prober
    out.seconds.append(time.perf_counter() - start)
    out.png_bytes.append(len(png))

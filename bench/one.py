"""Everything measured for one system, in a process of its own (``python -m bench.one``).

Each system runs in a fresh process so its memory figures are its own and a failure stays its
own. The parent (``bench.cli``) passes the settings as JSON and reads the results from a file.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from sessions.runtime import give_back_large_blocks, settle_after_start_up
from sessions.service import GameService
from sessions.store import SqliteStore

from . import baseline, load, simulate, startup, suggest, systems, warm
from .driver import Driver, Game, Samples, TimedService
from .pictures import Pictures
from .stats import percentile, summary_ms

WARM_PER_GAME = 5
"""Snapshots taken from each whole game played to start the bench's games mid-play."""


def rss_now_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def rss_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def phase(samples: Samples) -> dict[str, Any]:
    """Summaries (ms) of a phase's measures, with its counts."""
    return {
        "act": summary_ms(samples.act),
        "reply": summary_ms(samples.reply),
        "wait": summary_ms(samples.wait),
        "suggest": summary_ms(samples.suggest),
        "options": summary_ms(samples.options) if samples.options else None,
        "actions": len(samples.act),
        "wall_s": samples.wall,
        "acts_per_s": len(samples.act) / samples.wall if samples.wall > 0 else 0.0,
        "errors": samples.errors,
        "refusals": samples.refusals,
        "finished": samples.finished,
        "stuck": samples.stuck,
        "cut": samples.cut,
    }


def picture_summary(drawn: Pictures) -> dict[str, Any]:
    times = drawn.seconds
    return {
        "count": len(times),
        "median_ms": statistics.median(times) * 1000 if times else 0.0,
        "p95_ms": percentile(times, 95) * 1000,
        "png_kb": statistics.median(drawn.png_bytes) / 1024 if drawn.png_bytes else 0.0,
        "loop_lag_p99_ms": percentile(drawn.lag, 99) * 1000,
        "loop_lag_max_ms": max(drawn.lag, default=0.0) * 1000,
        "errors": drawn.errors[:3],
    }


async def prepare(system_id: str, params: dict[str, Any], db: Path, rng: random.Random) -> tuple[Driver, list[Game]]:
    """Create the games and spares, move them to mid-game states, and attach a timed service (left open)."""
    system = systems.get(system_id)
    seeds = lambda: rng.getrandbits(62)  # noqa: E731
    setup = GameService(SqliteStore(db), seed_source=seeds)
    await setup.open()
    try:
        driver = Driver(setup, system, rng)
        games = await driver.new_games(params["games"])
        await driver.refill(spares_for(params))
    finally:
        await setup.close()
    states = warm.snapshots(
        system, params["warm_games"], WARM_PER_GAME, params["seed"], params["step_cap"], params["phase_seconds"]
    )
    warm.restamp(db, [g.game_id for g in [*games, *driver.spares]], states, rng)
    extra = {"cache_size": params["cache_size"]} if params.get("cache_size") else {}
    service = TimedService(SqliteStore(db), seed_source=seeds, **extra)
    await service.open()
    driver.attach(service)
    for game in [*games, *driver.spares]:
        await driver.resync(game)
    driver.snapshots = len(states)
    return driver, games


def spares_for(params: dict[str, Any]) -> int:
    return max(2, params["games"] // 10)


async def play(system_id: str, params: dict[str, Any], workdir: Path, profile: str | None) -> dict[str, Any]:
    """Set up the games, then the one-at-a-time, saturated and paced runs (and a profiled paced run)."""
    rng = random.Random(params["seed"])
    rss_before = rss_now_mb()
    started = time.perf_counter()
    driver, games = await prepare(system_id, params, workdir / f"{system_id}.db", rng)
    systems.get(system_id).warm_up()  # as the bot does once it has started
    settle_after_start_up()
    setup_s = time.perf_counter() - started
    service, spares = driver.service, spares_for(params)
    try:
        drawn = Pictures()
        every = max(1, params["serial"] // params["pictures"]) if params["pictures"] else 0
        seconds = params["phase_seconds"]
        serial = await load.one_at_a_time(driver, games, params["serial"], seconds, every, drawn)
        await driver.refill(spares)
        act_only = await load.saturated(driver, games, params["actions"], seconds, reply=False, keystrokes=0)
        await driver.refill(spares)
        saturated = await load.saturated(
            driver, games, params["actions"], seconds, reply=True, keystrokes=params["keystrokes"]
        )
        await driver.refill(spares)
        paced, dropped = await load.paced(
            driver, games, params["actions"], seconds, params["rate"], params["keystrokes"]
        )
        memory = {
            "rss_mb": rss_now_mb(),
            "peak_mb": rss_peak_mb(),
            "before_mb": rss_before,
            "active_games": len(await service.store.active_games()),
            "games_in_memory": service.loaded_count(),
        }
        if profile:
            await driver.refill(spares)
            profiler = cProfile.Profile()
            profiler.enable()
            await load.paced(driver, games, params["actions"], seconds, params["rate"], params["keystrokes"])
            profiler.disable()
            profiler.dump_stats(profile)
    finally:
        await service.close()

    sizes = serial.sizes
    return {
        "setup_s": setup_s,
        "games": len(games),
        "seats": systems.seat_count(driver.system),
        "snapshots": driver.snapshots,
        "state_bytes": statistics.mean(s[0] for s in sizes) if sizes else 0.0,
        "log_bytes": statistics.mean(s[1] + s[2] for s in sizes) if sizes else 0.0,
        "has_options": bool(driver.options),
        "one_at_a_time": phase(serial),
        "picture": picture_summary(drawn),
        "saturated": phase(saturated),
        "saturated_act_only": phase(act_only),
        "paced": {**phase(paced), "rate": params["rate"], "dropped": dropped},
        "memory": memory,
        "_sizes": sizes,
    }


def measure(system_id: str, params: dict[str, Any], workdir: Path, profile: str | None = None) -> dict[str, Any]:
    """Every number of one system: the play runs, the bare commit of the same bytes, start-up, a whole game."""
    started = time.perf_counter()
    system = systems.get(system_id)
    results: dict[str, Any] = {"system": system_id, "name": system.name, "floor": system_id == systems.FLOOR}
    results.update(asyncio.run(play(system_id, params, workdir, profile)))
    sizes = results.pop("_sizes")
    bare = baseline.bare_run(workdir / f"{system_id}-bare.db", sizes, params["games"])
    act = results["one_at_a_time"]["act"]
    bare.update(ratio_p99=_ratio(act["p99_ms"], bare["p99_ms"]), ratio_mean=_ratio(act["mean_ms"], bare["mean_ms"]))
    results["bare"] = bare
    results["startup"] = asyncio.run(
        startup.measure(workdir / f"{system_id}-stored.db", system_id, params["stored"], params["seed"])
    )
    results["simulation"] = simulate.measure(system_id, params["sim_games"], params["seed"], params["step_cap"])
    results["game_options"] = [o.name for o in suggest.game_options(system_id)]
    results["policy_errors"] = {"count": len(simulate.POLICY_ERRORS), "first": simulate.POLICY_ERRORS[:1]}
    results["elapsed_s"] = time.perf_counter() - started
    return results


def _ratio(ours: float, bare: float) -> float:
    return ours / bare if bare > 0 else 0.0


def main(argv: list[str] | None = None) -> int:
    give_back_large_blocks()  # as the bot does first thing
    p = argparse.ArgumentParser(prog="python -m bench.one", description=__doc__)
    p.add_argument("system")
    p.add_argument("params", help="the settings, as JSON")
    p.add_argument("workdir")
    p.add_argument("out", help="where the results go (JSON)")
    p.add_argument("--profile", help="cProfile the paced run into this file")
    args = p.parse_args(argv)
    results = measure(args.system, json.loads(args.params), Path(args.workdir), args.profile)
    Path(args.out).write_text(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

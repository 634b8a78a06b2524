"""``python -m bench``: run every measurement, print the table (and JSON with --json). Always exits 0."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from . import baseline, play, renders, report, simulate, startup

FULL = {"games": 1000, "actions": 5000, "stored": 10000, "render_reps": 30}
QUICK = {"games": 20, "actions": 200, "stored": 200, "render_reps": 3}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    p.add_argument("--games", type=int, help="concurrent games in the latency run (default 1000)")
    p.add_argument("--actions", type=int, help="actions spread over those games (default 5000)")
    p.add_argument("--stored", type=int, help="games stored for the start-up measurement (default 10000)")
    p.add_argument("--system", default="pig", help="system id driven in the latency run (default pig)")
    p.add_argument("--quick", action="store_true", help="small numbers for a smoke run; renders off unless asked")
    p.add_argument(
        "--renders",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="render timings (default: on unless --quick)",
    )
    p.add_argument("--render-reps", type=int, help="renders per board (default 30)")
    p.add_argument(
        "--serial", type=int, help="extra one-at-a-time acts after the concurrent run (default min(actions, 1000))"
    )
    p.add_argument("--rate", type=float, default=1000.0, help="arrival rate of the paced run (actions/s)")
    p.add_argument("--seed", type=int, default=12345, help="seed of the bench's own choices")
    p.add_argument("--dir", help="parent of the temporary work directory (default: the system temp dir)")
    p.add_argument(
        "--json", nargs="?", const="-", metavar="PATH", help="also write the results as JSON (to PATH or stdout)"
    )
    p.add_argument("--profile", metavar="PATH", help="cProfile the concurrent run (event-loop thread) into PATH")
    return p


def settings(args: argparse.Namespace) -> dict[str, Any]:
    base = QUICK if args.quick else FULL
    games = max(1, args.games if args.games is not None else base["games"])
    actions = max(1, args.actions if args.actions is not None else base["actions"])
    return {
        "system": args.system,
        "games": games,
        "actions": actions,
        "stored": max(1, args.stored if args.stored is not None else base["stored"]),
        "renders": (not args.quick) if args.renders is None else args.renders,
        "render_reps": max(1, args.render_reps if args.render_reps is not None else base["render_reps"]),
        "serial_actions": max(0, args.serial if args.serial is not None else min(actions, 1000)),
        "seed": args.seed,
        "rate": args.rate,
        "sim_games": 1 if args.quick else 5,
    }


async def _run_async(params: dict[str, Any], workdir: Path, profile: str | None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    played = await play.latency_run(
        workdir / "latency.db",
        params["system"],
        params["games"],
        params["actions"],
        params["seed"],
        params["serial_actions"],
        profile,
        params.get("rate", 1000.0),
    )
    sizes = played.pop("_sizes")
    results.update(played)

    bare = baseline.bare_run(workdir / "bare.db", sizes, params["games"])
    lat, ser = results["latency"], results["serial"]
    per_action_ms = 1000 / results["throughput"]["actions_per_s"] if results["throughput"]["actions_per_s"] else 0.0
    bare.update(
        ratio_mean=_ratio(lat["mean_ms"], bare["mean_ms"]),
        ratio_p99=_ratio(lat["p99_ms"], bare["p99_ms"]),
        ratio_mean_serial=_ratio(ser["mean_ms"], bare["mean_ms"]),
        ratio_p99_serial=_ratio(ser["p99_ms"], bare["p99_ms"]),
        ratio_cost=_ratio(per_action_ms, bare["mean_ms"]),
    )
    results["baseline"] = bare

    results["startup"] = await startup.measure(
        workdir / "stored.db", params["system"], params["stored"], params["seed"]
    )
    return results


def _ratio(ours: float, bare: float) -> float:
    return ours / bare if bare > 0 else 0.0


def run(params: dict[str, Any], parent: str | None = None, profile: str | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="starhost-bench-", dir=parent) as tmp:
        workdir = Path(tmp)
        started = time.perf_counter()
        results: dict[str, Any] = {"machine": report.machine(workdir), "params": params}
        results.update(asyncio.run(_run_async(params, workdir, profile)))
    results["renders"] = renders.measure(params["render_reps"], params["seed"]) if params["renders"] else []
    results["simulations"] = simulate.measure(params["sim_games"], params["seed"]) if params["renders"] else []
    results["elapsed_s"] = time.perf_counter() - started
    results["checks"] = report.checks(results)
    return results


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    params = settings(args)
    try:
        results = run(params, args.dir, args.profile)
    except Exception as exc:  # a script: say what broke, still exit 0
        print(f"bench failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 0
    print(report.table(results))
    print(f"(bench took {results['elapsed_s']:.1f} s)")
    if args.json:
        text = json.dumps(results, indent=2, default=str)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    return 0

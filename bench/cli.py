"""``python -m bench``: measure every game, print one table and the targets (JSON with --json). Always exits 0."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from . import backends, one, report, systems

ROOT = Path(__file__).resolve().parent.parent

FULL = {"games": 1000, "actions": 5000, "serial": 1000, "stored": 10000, "pictures": 30}
FULL |= {"sim_games": 5, "warm_games": 10, "step_cap": 5000, "phase_seconds": 90}
QUICK = {"games": 6, "actions": 18, "serial": 6, "stored": 10, "pictures": 1}
QUICK |= {"sim_games": 1, "warm_games": 1, "step_cap": 20, "phase_seconds": 20}
"""--quick: a smoke run; games are cut after ``step_cap`` steps (the whole-game figure is then partial)."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    p.add_argument("--system", help="measure only this system (default: every registered game, then pig)")
    p.add_argument(
        "--quick", action="store_true", help="small numbers and short games for a smoke run, all in this process"
    )
    p.add_argument("--games", type=int, help="active games per system (default 1000)")
    p.add_argument("--actions", type=int, help="actions in each saturated and paced run (default 5000)")
    p.add_argument("--serial", type=int, help="actions played one at a time (default 1000)")
    p.add_argument("--pictures", type=int, help="pictures drawn during the one-at-a-time run (default 30; 0: none)")
    p.add_argument("--stored", type=int, help="games stored for the start-up measurement (default 10000)")
    p.add_argument("--sim-games", type=int, help="whole random games played in the engine (default 5)")
    p.add_argument(
        "--warm-games", type=int, help="whole games played to take the mid-game starting states from (default 10)"
    )
    p.add_argument(
        "--phase-seconds", type=int, help="each run (and the warm-up) stops after this long at most (default 90)"
    )
    p.add_argument("--rate", type=float, default=1000.0, help="arrival rate of the paced run, actions/s (default 1000)")
    p.add_argument(
        "--keystrokes", type=int, default=1, help="autocomplete answers after each action in the load runs (default 1)"
    )
    p.add_argument("--cache-size", type=int, help="games the service keeps loaded (default: the service's own)")
    p.add_argument("--seed", type=int, default=12345, help="seed of the bench's own choices")
    p.add_argument("--dir", help="parent of the temporary work directory (default: the system temp dir)")
    p.add_argument("--markdown", action="store_true", help="print the tables in Markdown (for the README)")
    p.add_argument("--json", metavar="PATH", help="also write every result as JSON to PATH ('-': stdout)")
    p.add_argument(
        "--backends",
        action="store_true",
        help="instead: SQLite against PostgreSQL (pig and armada unless --system), each next to a bare commit",
    )
    p.add_argument("--pg", metavar="URL", help="with --backends: this PostgreSQL (default: a throwaway local server)")
    p.add_argument(
        "--profile",
        metavar="PATH",
        help="cProfile an extra paced run into PATH (PATH-<system> per system when several); prints the heaviest's top",
    )
    return p


def settings(args: argparse.Namespace) -> dict[str, Any]:
    base = QUICK if args.quick else FULL

    def pick(name: str, low: int = 1) -> int:
        value = getattr(args, name)
        return max(low, base[name] if value is None else value)

    return {
        "games": pick("games"),
        "actions": pick("actions"),
        "serial": pick("serial"),
        "stored": pick("stored"),
        "pictures": pick("pictures", 0),
        "sim_games": pick("sim_games"),
        "phase_seconds": pick("phase_seconds"),
        "warm_games": pick("warm_games"),
        "step_cap": base["step_cap"],
        "in_process": args.quick,
        "rate": args.rate,
        "keystrokes": max(0, args.keystrokes),
        "cache_size": args.cache_size,
        "seed": args.seed,
    }


def profile_path(profile: str, system_id: str, several: bool) -> str:
    if not several:
        return profile
    path = Path(profile)
    return str(path.with_name(f"{path.stem}-{system_id}{path.suffix}"))


def measure_in_child(system_id: str, params: dict[str, Any], workdir: Path, profile: str | None) -> dict[str, Any]:
    """Run ``bench.one`` for ``system_id`` in a fresh interpreter; its results, or the error it died of."""
    out = workdir / f"{system_id}.json"
    command = [sys.executable, "-m", "bench.one", system_id, json.dumps(params), str(workdir), str(out)]
    if profile:
        command += ["--profile", profile]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not out.exists():
        lines = (done.stderr or done.stdout).strip().splitlines()
        return {"system": system_id, "error": lines[-1] if lines else f"exit code {done.returncode}"}
    return json.loads(out.read_text())


def measure_here(system_id: str, params: dict[str, Any], workdir: Path, profile: str | None) -> dict[str, Any]:
    """``bench.one`` in this process (quick runs: no interpreter start per game; memory figures add up)."""
    try:
        return one.measure(system_id, params, workdir, profile)
    except Exception as exc:  # one game's failure must not hide the others
        return {"system": system_id, "error": f"{type(exc).__name__}: {exc}"[:300]}


def run(params: dict[str, Any], chosen: list[str], parent: str | None = None, profile: str | None = None) -> dict:
    """Measure each chosen system in turn (never two at once: they would share the cores)."""
    measure = measure_here if params["in_process"] else measure_in_child
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="starhost-bench-", dir=parent) as tmp:
        workdir = Path(tmp)
        results: dict[str, Any] = {"machine": report.machine(workdir), "params": params, "systems": {}}
        for system_id in chosen:
            where = profile_path(profile, system_id, len(chosen) > 1) if profile else None
            results["systems"][system_id] = measure(system_id, params, workdir, where)
            if where:
                results["systems"][system_id]["profile"] = where
    results["machine"]["loadavg_after"] = report.machine(Path(parent or tempfile.gettempdir()))["loadavg"]
    results["heaviest"] = report.heaviest(results["systems"])
    results["targets"] = report.targets(results["systems"])
    results["elapsed_s"] = time.perf_counter() - started
    return results


def compare_backends(args: argparse.Namespace) -> int:
    """``--backends``: the same acts on SQLite and PostgreSQL, each with its bare commit."""
    chosen = [args.system] if args.system else ["pig", "armada"]
    games = args.games or (4 if args.quick else 50)
    actions = args.actions or (12 if args.quick else 500)
    with tempfile.TemporaryDirectory(prefix="starhost-bench-", dir=args.dir) as tmp:
        try:
            results = backends.run(Path(tmp), chosen, games, actions, args.seed, args.pg)
        except Exception as exc:  # a script: say what broke, still exit 0
            print(f"bench failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 0
    print(backends.table(results))
    if args.json:
        text = json.dumps(results, indent=2, default=str)
        print(text) if args.json == "-" else Path(args.json).write_text(text + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.backends:
        return compare_backends(args)
    params = settings(args)
    try:
        chosen = systems.bench_systems(args.system)
        results = run(params, chosen, args.dir, args.profile)
    except Exception as exc:  # a script: say what broke, still exit 0
        print(f"bench failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 0
    print(report.markdown(results) if args.markdown else report.table(results))
    heaviest = results["heaviest"]
    if args.profile and heaviest and "profile" in results["systems"][heaviest]:
        print()
        print(report.profile_top(results["systems"][heaviest]["profile"], heaviest))
    print(f"(bench took {results['elapsed_s']:.0f} s)")
    if args.json:
        text = json.dumps(results, indent=2, default=str)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    return 0

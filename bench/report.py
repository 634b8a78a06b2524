"""Targets, PASS/MISS and the printed table."""

from __future__ import annotations

import contextlib
import os
import platform
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

TARGETS = {
    "p99_ms": 5.0,
    "throughput": 1000.0,
    "sim_s": 2.0,
    "startup_s": 2.0,
    "rss_mb": 150.0,
    "ratio": 3.0,
    "render_median_ms": 50.0,
    "png_kb": 400.0,
}


def machine(workdir: Path) -> dict[str, Any]:
    fs = ""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        command = ["stat", "-f", "-c", "%T", str(workdir)]
        fs = subprocess.run(command, capture_output=True, text=True, timeout=5).stdout.strip()

    return {
        "nproc": os.cpu_count(),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "sqlite": sqlite3.sqlite_version,
        "workdir_fs": fs,
        "loadavg": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def check(name: str, value: float, target: float, unit: str, *, higher_is_better: bool = False) -> dict[str, Any]:
    ok = value >= target if higher_is_better else value <= target
    sign = ">=" if higher_is_better else "<="
    return {"name": name, "value": value, "unit": unit, "target": f"{sign} {target:g} {unit}".strip(), "pass": ok}


def info(name: str, value: float, unit: str) -> dict[str, Any]:
    return {"name": name, "value": value, "unit": unit, "target": "", "pass": None}


def checks(results: dict[str, Any]) -> list[dict[str, Any]]:
    lat, thr, ser = results["latency"], results["throughput"], results["serial"]
    base, rss, up = results["baseline"], results["rss"], results["startup"]
    paced = results["paced"]
    rows = [
        info(
            f"paced: {paced['rate_per_s']:g} actions/s over {lat['tasks']} games, achieved",
            paced["achieved_per_s"],
            "actions/s",
        ),
        info("paced act latency p50", paced["p50_ms"], "ms"),
        check("paced act latency p99", paced["p99_ms"], TARGETS["p99_ms"], "ms"),
        check("paced ours/bare p99", _ratio(paced["p99_ms"], base["p99_ms"]), TARGETS["ratio"], "x"),
        check("paced ours/bare mean", _ratio(paced["mean_ms"], base["mean_ms"]), TARGETS["ratio"], "x"),
        check(
            "saturation throughput (every game acting at once)",
            thr["actions_per_s"],
            TARGETS["throughput"],
            "actions/s",
            higher_is_better=True,
        ),
        info("saturated act latency p50 (queueing)", lat["p50_ms"], "ms"),
        info("saturated act latency p99 (queueing)", lat["p99_ms"], "ms"),
        info("act latency p50, one at a time", ser["p50_ms"], "ms"),
        check("act latency p99, one at a time", ser["p99_ms"], TARGETS["p99_ms"], "ms"),
        check(f"startup with {up['stored']} games stored", up["seconds"], TARGETS["startup_s"], "s"),
        info(f"store.active_games() over {up['active_games']} games (reminder pass)", up["active_games_s"], "s"),
        check("peak RSS (ru_maxrss) during latency run", rss["peak_mb"], TARGETS["rss_mb"], "MB"),
        info("RSS now (VmRSS) after latency run", rss["now_mb"], "MB"),
        info("bare sqlite3 commit p50", base["p50_ms"], "ms"),
        info("bare sqlite3 commit p99", base["p99_ms"], "ms"),
        info("ours/bare mean (saturated, queueing included)", base["ratio_mean"], "x"),
        info("ours/bare mean (one at a time)", base["ratio_mean_serial"], "x"),
        info("ours/bare p99 (one at a time)", base["ratio_p99_serial"], "x"),
        info("ours per action (1/throughput) / bare mean", base["ratio_cost"], "x"),
    ]
    for entry in results.get("simulations") or []:
        rows.append(check(f"random game {entry['name']} median", entry["median_s"], TARGETS["sim_s"], "s"))
        rows.append(info(f"random game {entry['name']} steps (median)", entry["median_steps"], ""))
        rows.append(info(f"random game {entry['name']} finished of {entry['games']}", entry["finished"], ""))
    for entry in results.get("renders") or []:
        if "error" in entry:
            rows.append({"name": f"render {entry['name']}", "value": None, "unit": "", "target": "", "pass": False})
            continue
        rows.append(check(f"render {entry['name']} median", entry["median_ms"], TARGETS["render_median_ms"], "ms"))
        rows.append(info(f"render {entry['name']} p95", entry["p95_ms"], "ms"))
        rows.append(check(f"render {entry['name']} PNG", entry["png_kb"], TARGETS["png_kb"], "KB"))
    return rows


def _ratio(ours: float, bare: float) -> float:
    return ours / bare if bare > 0 else 0.0


def _load(values: Any) -> str:
    return "/".join(f"{v:.2f}" for v in values) if values else "?"


def table(results: dict[str, Any]) -> str:
    m = results["machine"]
    p = results["params"]
    lat = results["latency"]
    lines = [
        f"machine: nproc={m['nproc']} python={m['python']} sqlite={m['sqlite']} fs={m['workdir_fs'] or '?'}"
        f" loadavg={_load(m['loadavg'])} ({m['platform']})",
        f"params: system={p['system']} games={p['games']} actions={p['actions']} stored={p['stored']}"
        f" serial={p['serial_actions']} renders={p['renders']}",
        f"setup of {lat['games']} games took {lat['setup_s']:.1f} s (not timed); {lat['errors']} refused acts,"
        f" {lat['finished_and_replaced']} games finished and replaced, {lat['stuck']} stuck;"
        f" {results['bytes_per_action']['state']:.0f} B state + {results['bytes_per_action']['action_row']:.0f} B"
        " log row per action",
        "",
    ]
    rows = results["checks"]
    width = max(len(r["name"]) for r in rows)
    lines.append(f"{'metric':<{width}}  {'value':>16}  {'target':<20}  result")
    lines.append("-" * (width + 50))
    for r in rows:
        value = "error" if r["value"] is None else f"{r['value']:.3f}" if r["value"] < 100 else f"{r['value']:.0f}"
        value = f"{value} {r['unit']}" if r["value"] is not None else value
        verdict = "" if r["pass"] is None else "PASS" if r["pass"] else "MISS"
        lines.append(f"{r['name']:<{width}}  {value:>16}  {r['target']:<20}  {verdict}".rstrip())
    for entry in results.get("simulations") or []:
        rows.append(check(f"random game {entry['name']} median", entry["median_s"], TARGETS["sim_s"], "s"))
        rows.append(info(f"random game {entry['name']} steps (median)", entry["median_steps"], ""))
        rows.append(info(f"random game {entry['name']} finished of {entry['games']}", entry["finished"], ""))
    for entry in results.get("renders") or []:
        if "error" in entry:
            lines.append(f"  render {entry['name']} failed: {entry['error']}")
    missed = [r["name"] for r in rows if r["pass"] is False]
    lines.append("")
    lines.append("all targets met" if not missed else f"{len(missed)} target(s) missed: " + "; ".join(missed))
    return "\n".join(lines)

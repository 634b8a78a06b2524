"""The heaviest game, the targets (PASS/MISS and by how much) and the printed tables."""

from __future__ import annotations

import contextlib
import io
import os
import platform
import pstats
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Result = dict[str, Any]


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
        "commit": _commit(),
    }


def _commit() -> str:
    """The checked-out commit, with ``+`` when the work tree has changes (what was measured)."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True)
    except OSError:
        return "?"
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "") or "?"


# -- targets ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    name: str
    limit: float
    unit: str
    value: Callable[[Result], float]
    at_least: bool = False  # True: the value must reach the limit; False: stay under it

    @property
    def text(self) -> str:
        return f"{'>=' if self.at_least else '<='} {self.limit:g} {self.unit}"

    def check(self, result: Result) -> dict[str, Any]:
        value = self.value(result)
        ok = value >= self.limit if self.at_least else value <= self.limit
        off = (self.limit - value) if self.at_least else (value - self.limit)
        factor = (self.limit / value if value else float("inf")) if self.at_least else value / self.limit
        return {
            "name": self.name,
            "value": value,
            "unit": self.unit,
            "target": self.text,
            "pass": ok,
            "off": 0.0 if ok else off,
            "factor": factor,
        }


def _autocomplete_p99(r: Result) -> float:
    serial = r["one_at_a_time"]
    options = serial["options"]["p99_ms"] if serial["options"] else 0.0
    return max(serial["suggest"]["p99_ms"], options)


def _act_over_bare(r: Result) -> float:
    return r["one_at_a_time"]["act"]["p50_ms"] / r["bare"]["p50_ms"]


def _engine_over_bare(r: Result) -> float:
    """The engine's share of a turn (apply, then legal() of the new position) at p99, in whole random
    games, against the bare durable commit's median."""
    return r["simulation"]["step_p99_ms"] / r["bare"]["p50_ms"]


TARGETS = [
    Target("act p99, one at a time", 5.0, "ms", lambda r: r["one_at_a_time"]["act"]["p99_ms"]),
    Target("act p50 / bare commit p50, one at a time", 2.0, "x", _act_over_bare),
    Target("engine apply + legal() p99 / bare commit p50", 3.0, "x", _engine_over_bare),
    Target("act p99 / bare commit p99, one at a time", 3.0, "x", lambda r: r["bare"]["ratio_p99"]),
    Target("reply without the picture p99", 10.0, "ms", lambda r: r["one_at_a_time"]["reply"]["p99_ms"]),
    Target("autocomplete answer p99", 20.0, "ms", _autocomplete_p99),
    Target("saturation (act + reply)", 1000.0, "acts/s", lambda r: r["saturated"]["acts_per_s"], at_least=True),
    Target("act p99, paced", 10.0, "ms", lambda r: r["paced"]["act"]["p99_ms"]),
    Target("picture median, off the event loop", 50.0, "ms", lambda r: r["picture"]["median_ms"]),
    Target("peak RSS with the games active", 150.0, "MB", lambda r: r["memory"]["peak_mb"]),
    Target("PNG size", 400.0, "KB", lambda r: r["picture"]["png_kb"]),
    Target("start-up with the stored games", 2.0, "s", lambda r: r["startup"]["seconds"]),
    Target("whole random game in the engine, median", 2.0, "s", lambda r: r["simulation"]["median_s"]),
]


def _ok(result: Result) -> bool:
    return "error" not in result


def heaviest(systems: dict[str, Result]) -> str | None:
    """The real game with the largest act or reply p99 one at a time: the targets are its to meet.

    The paced run is left out: while saturation is below the paced rate its p99 measures the queue."""
    real = {k: r for k, r in systems.items() if _ok(r) and not r["floor"]}
    if not real:
        return None

    def weight(r: Result) -> float:
        return max(r["one_at_a_time"][m]["p99_ms"] for m in ("act", "reply"))

    return max(real, key=lambda k: weight(real[k]))


def targets(systems: dict[str, Result]) -> dict[str, list[dict[str, Any]]]:
    return {k: [t.check(r) for t in TARGETS] for k, r in systems.items() if _ok(r)}


# -- printing -----------------------------------------------------------------------------------------------


def num(value: float | None) -> str:
    if value is None:
        return "n/a"
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def pair(summary: dict[str, Any] | None, a: str = "p50_ms", b: str = "p99_ms") -> str:
    if not summary or not summary.get("count", 1):
        return "n/a"
    return f"{num(summary[a])} / {num(summary[b])}"


Row = tuple[str, Callable[[Result], str]]


def _rows(params: dict[str, Any]) -> list[Row | str]:
    g, rate = params["games"], params["rate"]
    return [
        f"one at a time ({params['serial']} actions over {g} games)",
        ("act (apply + durable commit), p50 / p99 ms", lambda r: pair(r["one_at_a_time"]["act"])),
        ("bare SQLite commit of the same bytes, p50 / p99 ms", lambda r: pair(r["bare"])),
        ("act / bare, mean / p99", lambda r: f"{num(r['bare']['ratio_mean'])} / {num(r['bare']['ratio_p99'])}"),
        ("reply without the picture, p50 / p99 ms", lambda r: pair(r["one_at_a_time"]["reply"])),
        ("player waits (pick, act, reply), p50 / p99 ms", lambda r: pair(r["one_at_a_time"]["wait"])),
        ("autocomplete /act, p50 / p99 ms", lambda r: pair(r["one_at_a_time"]["suggest"])),
        ("autocomplete, game's options, p50 / p99 ms", lambda r: pair(r["one_at_a_time"]["options"])),
        ("picture in a worker thread, median / p95 ms", lambda r: pair(r["picture"], "median_ms", "p95_ms")),
        ("picture PNG, KB", lambda r: num(r["picture"]["png_kb"])),
        ("event loop stall while drawing, p99 / max ms", lambda r: _lag(r["picture"])),
        f"paced: {rate:g} actions/s over {g} games (each: act, reply, {params['keystrokes']} keystroke)",
        (
            "achieved actions/s (arrivals dropped)",
            lambda r: f"{num(r['paced']['acts_per_s'])} ({r['paced']['dropped']})",
        ),
        ("act, p50 / p99 ms", lambda r: pair(r["paced"]["act"])),
        ("reply without the picture, p50 / p99 ms", lambda r: pair(r["paced"]["reply"])),
        ("autocomplete /act, p50 / p99 ms", lambda r: pair(r["paced"]["suggest"])),
        ("player waits from arrival, p50 / p99 ms", lambda r: pair(r["paced"]["wait"])),
        f"saturation: all {g} games acting at once",
        ("act + reply + keystroke, actions/s", lambda r: num(r["saturated"]["acts_per_s"])),
        ("  act, p50 / p99 ms (queueing)", lambda r: pair(r["saturated"]["act"])),
        ("act alone (no reply), actions/s", lambda r: num(r["saturated_act_only"]["acts_per_s"])),
        "memory, start-up, whole game",
        (
            f"RSS with {g} active games, now / peak MB",
            lambda r: f"{num(r['memory']['rss_mb'])} / {num(r['memory']['peak_mb'])}",
        ),
        ("games held in memory by the service", lambda r: str(r["memory"]["games_in_memory"])),
        (f"start-up with {params['stored']} games stored, s", lambda r: num(r["startup"]["seconds"])),
        ("whole random game in the engine, median s", lambda r: _sim(r["simulation"])),
        ("engine step (apply, then legal() once), CPU p50 / p99 ms", _engine_step),
        ("mid-game states the games start from", lambda r: str(r["snapshots"])),
        ("state / log row bytes per action", lambda r: f"{r['state_bytes']:.0f} / {r['log_bytes']:.0f}"),
        ("refused / finished / stuck (all runs)", _problems),
        ("actions measured: one at a time / saturated / paced", _counts),
    ]


def _lag(picture: dict[str, Any]) -> str:
    if not picture["count"]:
        return "n/a"
    return f"{num(picture['loop_lag_p99_ms'])} / {num(picture['loop_lag_max_ms'])}"


def _engine_step(r: Result) -> str:
    return pair(r["simulation"], "step_p50_ms", "step_p99_ms") if "step_p99_ms" in r["simulation"] else "n/a"


def _sim(sim: dict[str, Any]) -> str:
    return f"{num(sim['median_s'])} ({sim['finished']}/{sim['games']} ended, {sim['seats']} seats)"


PHASES = ("one_at_a_time", "saturated", "saturated_act_only", "paced")


def _counts(r: Result) -> str:
    return " / ".join(str(r[p]["actions"]) for p in ("one_at_a_time", "saturated", "paced"))


def _problems(r: Result) -> str:
    counts = [sum(r[p][k] for p in PHASES) for k in ("errors", "finished", "stuck")]
    return " / ".join(str(c) for c in counts)


def _grid(header: list[str], body: list[list[str]]) -> list[str]:
    rows = [header, *(row for row in body if len(row) > 1)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for index, row in enumerate([header, *body]):
        if len(row) == 1:  # a section heading
            lines.append(row[0])
            continue
        cells = [row[0].ljust(widths[0])] + [c.rjust(widths[i + 1]) for i, c in enumerate(row[1:])]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("-" * len(lines[-1]))
    return lines


def _columns(results: Result) -> tuple[list[str], list[str]]:
    ids = list(results["systems"])
    names = []
    for k in ids:
        mark = " *" if k == results["heaviest"] else " (floor)" if results["systems"][k].get("floor") else ""
        names.append(f"{k}{mark}")
    return ids, names


def measures_rows(results: Result) -> tuple[list[str], list[list[str]]]:
    """Header and rows (a one-cell row is a section heading) of the measures, one column per game."""
    ids, names = _columns(results)
    body: list[list[str]] = []
    for row in _rows(results["params"]):
        if isinstance(row, str):
            body.append([row])
            continue
        label, cell = row
        cells = [cell(results["systems"][k]) if _ok(results["systems"][k]) else "error" for k in ids]
        body.append([f"  {label}", *cells])
    return ["measure", *names], body


def measures_table(results: Result) -> list[str]:
    return _grid(*measures_rows(results))


def verdict(check: dict[str, Any]) -> str:
    value = f"{num(check['value'])}"
    if check["pass"]:
        return f"PASS {value}"
    return f"MISS {value} ({check['factor']:.1f}x)"


def targets_rows(results: Result) -> tuple[list[str], list[list[str]]]:
    ids, names = _columns(results)
    shown = [(k, n) for k, n in zip(ids, names, strict=True) if k in results["targets"]]
    body = [
        [f"{t.name} ({t.text})", *(verdict(results["targets"][k][i]) for k, _ in shown)] for i, t in enumerate(TARGETS)
    ]
    return ["target", *(n for _, n in shown)], body


def targets_table(results: Result) -> list[str]:
    return _grid(*targets_rows(results))


def _markdown(header: list[str], body: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    for row in body:
        cells = [f"**{row[0]}**", *[""] * (len(header) - 1)] if len(row) == 1 else [row[0].strip(), *row[1:]]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def markdown(results: Result) -> str:
    """Both tables in Markdown (for the README), then the heaviest game's verdict."""
    return "\n".join(
        [*_markdown(*measures_rows(results)), "", *_markdown(*targets_rows(results)), "", summary(results)]
    )


def summary(results: Result) -> str:
    heavy = results["heaviest"]
    if heavy is None:
        return "no real game measured"
    missed = [c for c in results["targets"][heavy] if not c["pass"]]
    if not missed:
        return f"heaviest game: {heavy}; every target met"
    parts = [f"{c['name']} {num(c['value'])} {c['unit']} vs {c['target']} ({c['factor']:.1f}x)" for c in missed]
    return f"heaviest game: {heavy}; {len(missed)} of {len(TARGETS)} targets missed: " + "; ".join(parts)


def _load(values: Any) -> str:
    return "/".join(f"{v:.2f}" for v in values) if values else "?"


def table(results: Result) -> str:
    m, p = results["machine"], results["params"]
    lines = [
        f"machine: nproc={m['nproc']} python={m['python']} sqlite={m['sqlite']} fs={m['workdir_fs'] or '?'}"
        f" loadavg before/after={_load(m['loadavg'])} / {_load(m.get('loadavg_after'))} ({m['platform']})"
        f" commit={m.get('commit', '?')}",
        f"params: games={p['games']} actions={p['actions']} serial={p['serial']} rate={p['rate']:g}/s"
        f" keystrokes={p['keystrokes']} pictures={p['pictures']} stored={p['stored']} seed={p['seed']}"
        f" warm_games={p['warm_games']} step_cap={p['step_cap']} phase_seconds={p['phase_seconds']}"
        f" cache={p['cache_size'] or 'service default'}",
        "",
        *measures_table(results),
        "",
        *targets_table(results),
    ]
    for k, r in results["systems"].items():
        if not _ok(r):
            lines.append(f"{k} failed: {r['error']}")
            continue
        cut = [name for name in PHASES if r[name]["cut"]]
        if cut:
            lines.append(f"{k}: stopped on the {p['phase_seconds']} s limit before its count: {', '.join(cut)}")
        if r["policy_errors"]["count"]:
            first = r["policy_errors"]["first"][0]
            lines.append(f"{k}: its policy raised {r['policy_errors']['count']} times (random moves instead): {first}")
        if r["picture"]["errors"]:
            lines.append(f"{k} picture failed: {r['picture']['errors'][0]}")
    lines += [
        "",
        "* heaviest game (largest act or reply p99, one at a time or paced): the targets are its to meet",
        summary(results),
    ]
    return "\n".join(lines)


def profile_top(path: str, system_id: str, count: int = 15) -> str:
    """The top ``count`` functions of a cProfile dump, by cumulative and by own time."""
    out = io.StringIO()
    out.write(f"cProfile of the paced run of {system_id} ({path}):\n")
    stats = pstats.Stats(path, stream=out).strip_dirs()
    stats.sort_stats("cumulative").print_stats(count)
    stats.sort_stats("tottime").print_stats(count)
    return out.getvalue()

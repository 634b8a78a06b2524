"""Smoke test of the performance bench (python -m bench): a quick run reports every number for every game.

No timing asserts: the numbers depend on the machine.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from bench import report, suggest
from bench.cli import main, measure_in_child, parser, settings
from bench.systems import FLOOR, bench_systems

SUMMARY = {"count", "mean_ms", "p50_ms", "p95_ms", "p99_ms", "max_ms"}
PHASES = ("one_at_a_time", "saturated", "saturated_act_only", "paced")


def number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def reported(summary: dict | None) -> bool:
    return (
        summary is not None
        and summary.keys() >= SUMMARY
        and summary["count"] > 0
        and all(number(summary[k]) for k in SUMMARY)
    )


def check_system(system_id: str, r: dict) -> None:
    assert "error" not in r, r.get("error")
    assert r["floor"] == (system_id == FLOOR)
    for name in PHASES:
        phase = r[name]
        assert phase["actions"] > 0 and number(phase["acts_per_s"]) and phase["acts_per_s"] > 0, name
        assert phase["errors"] == 0, (name, phase["refusals"])
        assert reported(phase["act"]) and reported(phase["wait"]), name
        if name != "saturated_act_only":  # that run builds no reply on purpose
            assert reported(phase["reply"]) and reported(phase["suggest"]), name
    serial = r["one_at_a_time"]
    if suggest.game_options(system_id):
        assert reported(serial["options"])
    else:
        assert serial["options"] is None
    assert reported(r["bare"]) and r["bare"]["count"] == serial["actions"]
    assert number(r["bare"]["ratio_p99"]) and number(r["bare"]["ratio_mean"])
    picture = r["picture"]
    assert picture["count"] > 0 and not picture["errors"], picture["errors"]
    assert all(number(picture[k]) for k in ("median_ms", "p95_ms", "png_kb", "loop_lag_p99_ms", "loop_lag_max_ms"))
    assert r["paced"]["rate"] == 1000.0 and number(r["paced"]["dropped"])
    memory = r["memory"]
    assert memory["rss_mb"] > 0 and memory["peak_mb"] > 0 and memory["active_games"] >= r["games"]
    assert r["startup"]["status_ok"] and r["startup"]["stored"] == 10 and number(r["startup"]["seconds"])
    assert r["simulation"]["games"] == 1 and number(r["simulation"]["median_s"])
    assert r["state_bytes"] > 0 and r["log_bytes"] > 0 and r["snapshots"] > 0


def test_quick_bench_reports_every_number_for_every_game(tmp_path: Path, capsys) -> None:
    out = tmp_path / "bench.json"
    profile = tmp_path / "paced.prof"
    code = main(["--quick", "--dir", str(tmp_path), "--json", str(out), "--profile", str(profile)])
    assert code == 0
    printed = capsys.readouterr().out
    results = json.loads(out.read_text())

    chosen = bench_systems()
    assert list(results["systems"]) == chosen and chosen[-1] == FLOOR
    assert len(chosen) >= 2, "at least one real game and the floor"
    for system_id, r in results["systems"].items():
        check_system(system_id, r)
        assert Path(r["profile"]).exists()

    heaviest = results["heaviest"]
    assert heaviest in chosen and heaviest != FLOOR
    for system_id in chosen:
        checks = results["targets"][system_id]
        assert [c["name"] for c in checks] == [t.name for t in report.TARGETS]
        assert all(isinstance(c["pass"], bool) and number(c["value"]) for c in checks)
    for system_id in chosen:
        assert system_id in printed.splitlines()[3]  # the header of the measures table
    assert "PASS" in printed or "MISS" in printed
    assert f"heaviest game: {heaviest}" in printed
    assert f"cProfile of the paced run of {heaviest}" in printed
    # The temporary work directory is cleaned up.
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["bench.json", *(f"paced-{s}.prof" for s in chosen)])


def test_bench_never_fails_the_shell(tmp_path: Path, capsys) -> None:
    assert main(["--quick", "--system", "no-such-game", "--dir", str(tmp_path)]) == 0
    assert "bench failed" in capsys.readouterr().err


def test_a_game_measured_in_its_own_process(tmp_path: Path) -> None:
    """The full run measures each game in a child process (the quick run stays in one)."""
    params = settings(parser().parse_args(["--quick", "--games", "2", "--actions", "4", "--serial", "2"]))
    r = measure_in_child(FLOOR, {**params, "in_process": False}, tmp_path, None)
    check_system(FLOOR, r)


def test_backends_compares_sqlite_and_postgresql_each_with_its_bare_commit(tmp_path: Path, capsys) -> None:
    from tests.pg_server import pg_cluster

    pg_cluster()  # skips without PostgreSQL (fails in CI, where it must be there)
    out = tmp_path / "backends.json"
    assert main(["--backends", "--quick", "--system", "pig", "--dir", str(tmp_path), "--json", str(out)]) == 0
    results = json.loads(out.read_text())
    assert set(results) == {"sqlite/pig", "postgresql/pig"}
    for entry in results.values():
        assert {"p50_ms", "p99_ms", "saturated_actions_per_s"} <= entry["act"].keys()
        assert {"p50_ms", "p99_ms"} <= entry["bare"].keys() and {"mean", "p99"} <= entry["ratio"].keys()
    assert "| postgresql/pig |" in capsys.readouterr().out

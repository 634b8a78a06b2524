"""Smoke test of the performance bench (python -m bench): it runs end to end and reports every number.

No timing asserts: the numbers depend on the machine.
"""

from __future__ import annotations

import json
from pathlib import Path

from bench.cli import main

ARGS = ["--quick", "--games", "20", "--actions", "100", "--stored", "200", "--serial", "20"]


def test_quick_bench_reports_every_result(tmp_path: Path, capsys) -> None:
    out = tmp_path / "bench.json"
    code = main([*ARGS, "--renders", "--render-reps", "1", "--dir", str(tmp_path), "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "PASS" in printed or "MISS" in printed
    results = json.loads(out.read_text())

    assert {"nproc", "python", "sqlite"} <= results["machine"].keys()
    latency = results["latency"]
    assert {"p50_ms", "p99_ms", "max_ms", "mean_ms", "count", "wall_s"} <= latency.keys()
    assert latency["count"] + latency["errors"] >= 100 and latency["tasks"] == 20
    assert {"actions_per_s", "actions"} <= results["throughput"].keys()
    assert results["throughput"]["actions"] == latency["count"] == 100
    assert {"p50_ms", "p99_ms"} <= results["serial"].keys()
    assert {"seconds", "stored", "status_ok", "active_games_s"} <= results["startup"].keys()
    assert results["startup"]["stored"] == 200 and results["startup"]["status_ok"]
    assert {"peak_mb", "now_mb"} <= results["rss"].keys() and results["rss"]["peak_mb"] > 0
    baseline = results["baseline"]
    assert {"p50_ms", "p99_ms", "mean_ms", "ratio_mean", "ratio_p99"} <= baseline.keys()
    assert baseline["count"] == latency["count"]
    names = [r["name"] for r in results["renders"]]
    assert "text-card (pig)" in names
    for entry in results["renders"]:
        assert "error" in entry or {"median_ms", "p95_ms", "png_kb"} <= entry.keys()
    checks = results["checks"]
    assert all({"name", "value", "target", "pass"} <= c.keys() for c in checks)
    assert any(c["pass"] is not None for c in checks)
    # The temporary work directory is cleaned up.
    assert [p.name for p in tmp_path.iterdir()] == ["bench.json"]


def test_bench_never_fails_the_shell(tmp_path: Path, capsys) -> None:
    assert main(["--quick", "--system", "no-such-game", "--dir", str(tmp_path)]) == 0
    assert "bench failed" in capsys.readouterr().err

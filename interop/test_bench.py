"""`rulebook-bench` works: a smoke run on a tiny generated corpus, not a timed test.

CI runs the bench once with the debug build on 10 generated features, with short load
stages, and checks that the report has every row (and the JSON every figure), that the
in-process engine found exactly the violations the generator planted, and that no worker
the bench started outlives it. Real figures come from release builds (BENCHMARKS.md).
"""
import json
import os
import re
import subprocess
import sys

import pytest

from proc_table import all_pids, proc_stat

BENCH_SECONDS = 300
ROWS = [
    "Machine", "Corpus", "Parse only", "Rule engine in process", "Planted violations found",
    "swift format lint --parallel", "rulebook check, 1 validator", "rulebook check, 2 validators",
    "rulebook check, one file", "rulebook check, whole tree, cold", "rulebook check, whole tree, warm cache",
    "Declared specs, producer → 2 validators → persister", "CPU per declared spec", "Declared spec steps in process",
    "Latency at 100 specs/s", "CPU per declared spec at 100 specs/s",
    "Peak RSS, persister", "Peak RSS, validator-1", "Peak RSS, validator-2", "Peak RSS, producer",
    "rulebook mcp check_declared_spec", "rulebook mcp check_swift_source, one file",
]
WORKERS = ["persister", "validator-1", "validator-2", "producer"]


def _bench(bin_dir, repo_root):
    """The bench next to the binaries under test, else in the debug build folder."""
    for folder in (bin_dir, _debug_bin_dir(repo_root)):
        if (folder / "rulebook-bench").exists():
            return folder / "rulebook-bench"
    pytest.fail("rulebook-bench is not built; run `swift build` first")


def _debug_bin_dir(repo_root):
    import pathlib
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=repo_root, capture_output=True, text=True, check=True)
    return pathlib.Path(out.stdout.strip())


def _workers_of(pid):
    """Processes whose parent is `pid` (the workers the bench started)."""
    return [child for child in all_pids() if (stat := proc_stat(child)) is not None and stat[1] == pid]


def _generate(repo_root, corpus, features, seed):
    """A generated corpus in `corpus`; returns its manifest."""
    generated = subprocess.run(
        [sys.executable, repo_root / "bench/generate_corpus.py", corpus, "--features", str(features), "--seed", str(seed)],
        capture_output=True, text=True, check=True)
    return json.loads(generated.stdout)


def _run_bench(bin_dir, repo_root, *args):
    """The bench's stdout for `args`, after checking it succeeded and left no worker behind."""
    bench = subprocess.Popen(
        [_bench(bin_dir, repo_root), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = bench.communicate(timeout=BENCH_SECONDS)
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
    assert bench.returncode == 0, err
    assert _workers_of(bench.pid) == []
    return out


def _labels(out):
    """The first cell of every row of the bench's table (after its header and separator)."""
    return [line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ")][2:]


def test_bench_reports_every_figure_on_a_tiny_corpus(bin_dir, repo_root, tmp_path):
    corpus = tmp_path / "corpus"
    manifest = _generate(repo_root, corpus, 10, 3)
    figures = tmp_path / "figures.json"
    out = _run_bench(
        bin_dir, repo_root, corpus, "--bin-dir", bin_dir, "--repeats", "1", "--throughput-seconds", "2",
        "--latency-rate", "100", "--latency-seconds", "2", "--soak-seconds", "6", "--declared-steps-specs", "200",
        "--mcp-calls", "20", "--json", figures)

    labels = _labels(out)
    for row in ROWS:
        assert any(label.startswith(row) for label in labels), f"no row {row!r} in\n{out}"
    for worker in WORKERS:
        assert any(label.startswith("Soak ") and label.endswith(f"{worker} RSS") for label in labels), f"no soak row for {worker}"
    assert any(label.startswith("Soak ") and label.endswith("persister WAL file") for label in labels), "no soak row for the WAL"

    report = json.loads(figures.read_text())
    assert report["corpus"]["files"] == manifest["files"]
    assert report["corpus"]["lines"] == manifest["lines"]
    planted = {rule: count for rule, count in manifest["planted"].items() if count}
    found = {rule: count for rule, count in report["findings"].items() if count}
    assert found == planted, "the engine found other violations than the generator planted"
    assert report["parseSeconds"] > 0 and report["engineSeconds"] > 0 and report["swiftFormatSeconds"] > 0
    assert report["engineToParse"] > 0, "the paired engine-to-parse ratio is missing"
    assert [check["validators"] for check in report["check"]] == [1, 2]
    assert [row["target"] for row in report["wait"]] == [2.0, 0.15, 0.05]
    assert all(row["rulebookSeconds"] > 0 and row["swiftFormatSeconds"] > 0 for row in report["wait"])
    steps = report["declaredSteps"]
    assert steps["specs"] == 200 and steps["intakeMicros"] > 0 and steps["validatorMicros"] > 0 and steps["persisterMicros"] > 0
    assert steps["ackMicros"] > 0 and steps["persisterSingleMicros"] > 0
    assert report["throughput"]["specsPerSecond"] > 0 and report["throughput"]["rejected"] == 0
    latency = report["latency"]
    assert latency["samples"] > 0 and latency["missing"] == 0 and latency["rejected"] == 0
    assert 0 < latency["p50"] <= latency["p99"] <= latency["p999"] <= latency["max"]
    # Every worker spends some CPU on each spec, and the machine at least as much as they do together.
    assert set(latency["cpuMicrosPerSpec"]) == set(WORKERS) and all(v > 0 for v in latency["cpuMicrosPerSpec"].values())
    assert latency["machineCPUMicrosPerSpec"] >= 0.9 * sum(latency["cpuMicrosPerSpec"].values())
    assert {worker["worker"] for worker in report["peakMemory"]} == {"persister", "validator-1", "validator-2", "producer"}
    assert all(worker["peakMegabytes"] > 1 for worker in report["peakMemory"])
    assert all(len(series["megabytes"]) >= 5 for series in report["soak"])
    assert [series["quantity"] for series in report["soak"]] == ["RSS"] * 4 + ["WAL file"]
    assert max(report["soak"][-1]["megabytes"]) > 0, "the persister's WAL file was not found"
    mcp = report["mcp"]
    assert mcp["calls"] == 20 and mcp["declaredBytes"] > 0 and mcp["fileLines"] > 0
    for tool in ("declared", "swiftSource"):
        assert 0 < mcp[tool]["p50"] <= mcp[tool]["p99"] <= mcp[tool]["max"], mcp


def test_bench_mcp_only_prints_the_mcp_rows(bin_dir, repo_root, tmp_path):
    corpus = tmp_path / "corpus"
    _generate(repo_root, corpus, 2, 11)
    out = _run_bench(bin_dir, repo_root, corpus, "--bin-dir", bin_dir, "--mcp-only", "--mcp-calls", "10")
    labels = _labels(out)
    assert [label.split(" (")[0] for label in labels] == [
        "rulebook mcp check_declared_spec", "rulebook mcp check_swift_source, one file"], out
    assert all("(10 calls)" in label for label in labels), out
    assert len(re.findall(r"p50 [0-9.]+ ms, p99 [0-9.]+ ms, max [0-9.]+ ms", out)) == 2, out


def test_bench_in_process_only_prints_the_in_process_rows(bin_dir, repo_root, tmp_path):
    corpus = tmp_path / "corpus"
    _generate(repo_root, corpus, 4, 5)
    out = _run_bench(bin_dir, repo_root, corpus, "--repeats", "1", "--in-process-only", "--declared-steps-specs", "50")
    assert [label.split(" (")[0].split(",")[0].split(":")[0] for label in _labels(out)] == [
        "Parse only", "Rule engine in process", "Declared spec steps in process", "spec.submitted", "spec.validated",
        "spec.persisted"], out
    # The codec against Foundation's coders, both measured for each hot event.
    assert len(re.findall(r"codec [0-9.]+, Foundation JSONDecoder/JSONEncoder [0-9.]+", out)) == 3, out


def test_bench_wait_only_prints_each_wait_next_to_swift_format(bin_dir, repo_root, tmp_path):
    corpus = tmp_path / "corpus"
    _generate(repo_root, corpus, 3, 11)
    out = _run_bench(bin_dir, repo_root, corpus, "--bin-dir", bin_dir, "--repeats", "1", "--wait-only")
    labels = _labels(out)
    assert [label.split(" (")[0] for label in labels] == [
        "rulebook check, one file", "rulebook check, whole tree, cold", "rulebook check, whole tree, warm cache, unchanged"], out
    assert len(re.findall(r"[0-9.]+ s vs swift format lint [0-9.]+ s: [0-9.]+×", out)) == 3, out


def test_bench_service_only_prints_the_service_rows(bin_dir, repo_root, tmp_path):
    corpus = tmp_path / "corpus"
    _generate(repo_root, corpus, 2, 7)
    latency_log = tmp_path / "latency.csv"
    out = _run_bench(
        bin_dir, repo_root, corpus, "--bin-dir", bin_dir, "--service-only", "--throughput-seconds", "1",
        "--latency-rate", "50", "--latency-seconds", "1", "--latency-log", str(latency_log))
    labels = _labels(out)
    assert labels[:3] == ["Declared specs, producer → 2 validators → persister", "CPU per declared spec (µs)",
                          "Latency at 50 specs/s (send → ack)"], out
    assert not any(label.startswith(("Parse only", "Rule engine", "rulebook check")) for label in labels), out
    # --latency-log: one row per spec of the latency stage, in send order, each latency positive.
    lines = latency_log.read_text().splitlines()
    assert lines[0] == "sent_ms,latency_ms", lines[:2]
    rows = [tuple(map(float, line.split(","))) for line in lines[1:]]
    samples = int(re.search(r"\((\d+) specs\)", next(line for line in out.splitlines() if "Latency at" in line)).group(1))
    assert len(rows) == samples == 50, out
    assert [sent for sent, _ in rows] == sorted(sent for sent, _ in rows)
    assert all(0 <= sent < 1_100 and latency > 0 for sent, latency in rows), rows


def test_latency_floor_sends_every_message_through_the_chain(repo_root):
    """bench/latency_floor.py (the machine's floor in BENCHMARKS.md) gets every message back."""
    out = subprocess.run(
        [sys.executable, str(repo_root / "bench" / "latency_floor.py"), "--processes", "3", "--rate", "200", "--seconds", "1"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "3 forwarding processes at 200/s, 0 µs of work each: 200 messages, 0 missing; p50 " in out.stdout, out.stdout
    assert "p99.9 " in out.stdout


def test_latency_floor_does_the_asked_work_per_message(repo_root):
    """--work-micros 2000 in each of 3 forwarders puts at least ~6 ms of work on every message's way."""
    out = subprocess.run(
        [sys.executable, str(repo_root / "bench" / "latency_floor.py"), "--processes", "3", "--rate", "50", "--seconds", "1",
         "--work-micros", "2000"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    match = re.search(r"2000 µs of work each: 50 messages, 0 missing; p50 ([0-9.]+) ms", out.stdout)
    assert match, out.stdout
    assert float(match.group(1)) >= 4.0, out.stdout


def test_cpu_episodes_reports_every_cpu_and_the_windows_they_share(repo_root):
    """bench/cpu_episodes.py (BENCHMARKS.md, "Latency") summarises each CPU and all of them at once."""
    out = subprocess.run(
        [sys.executable, str(repo_root / "bench" / "cpu_episodes.py"), "--seconds", "1", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [row["cpus"] for row in rows] == [f"cpu {cpu}" for cpu in sorted(os.sched_getaffinity(0))] + ["all at once"]
    for row in rows:
        assert 0 <= row["slow_share"] <= 1, row
        assert row["episodes"] >= 0 and row["median_episode_ms"] >= 0, row
    # Each CPU's median window is at full rate by definition, so a CPU is never slow all the time.
    assert all(row["slow_share"] < 0.5 for row in rows[:-1]), rows


def test_cpu_episodes_sparse_times_short_units_at_light_load(repo_root):
    """--sparse (BENCHMARKS.md, "Latency"): short units with sleeps between keep the machine mostly idle."""
    out = subprocess.run(
        [sys.executable, str(repo_root / "bench" / "cpu_episodes.py"), "--seconds", "1", "--sparse", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    row = json.loads(out.stdout)
    # A 2 ms sleep after each unit: at most one unit per 2 ms, and the CPU idle for most of the time.
    assert 10 <= row["units"] <= 500, row
    assert 0 < row["busy_share"] < 0.9, row
    assert row["median_unit_ms"] > 0 and row["slowest_factor"] >= 1, row
    assert 0 <= row["slow_share"] < 0.5, row
    assert row["both_halves_slow_share"] is None or 0 <= row["both_halves_slow_share"] <= 1, row


def test_bench_refuses_json_for_a_partial_run(bin_dir, repo_root, tmp_path):
    """--json holds a full run's figures: asking for it on a partial run is an error, not a silent no-op."""
    out = subprocess.run(
        [str(_bench(bin_dir, repo_root)), str(tmp_path), "--service-only", "--json", str(tmp_path / "figures.json")],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode != 0
    assert "--json writes the figures of a full run" in out.stderr, out.stderr
    assert not (tmp_path / "figures.json").exists()

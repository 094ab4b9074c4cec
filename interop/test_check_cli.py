"""`rulebook check`: the one-command local pipeline, driven as a user or CI script would.

Each test runs the real `rulebook` executable, which starts a persister and validators as
child processes on private ipc:// endpoints. Besides the report and exit codes, the tests
check that no worker outlives the command, whether it ends normally, by a signal or by
its --timeout.
"""
import json
import os
import pathlib
import re
import shutil
import signal
import sqlite3
import subprocess
import time

import pytest

from conftest import wait_until
from proc_table import WORKER_NAMES, all_pids, is_running, proc_cmdline, proc_stat, worker_children

FINDING_KEYS = {"ruleId", "severity", "message", "file", "line", "column", "fingerprint"}
CLEAN_FOLDERS = ["Examples/LegacyCounterClean", "Examples/ModernSettingsClean"]
CORPUS_FILES = 3000
CHECK_SECONDS = 120


def check_env():
    """The caller's environment without variables that would change what `check` does."""
    env = dict(os.environ)
    for name in ("RULEBOOK_DB", "RULEBOOK_LOG_LEVEL", "RULEBOOK_INTAKE", "RULEBOOK_WORK", "RULEBOOK_RESULTS", "RULEBOOK_EVENTS"):
        env.pop(name, None)
    return env


def run_check(bin_dir, repo_root, *args, timeout=CHECK_SECONDS):
    return subprocess.run(
        [str(bin_dir / "rulebook"), "check", *map(str, args)], cwd=repo_root, env=check_env(),
        capture_output=True, text=True, timeout=timeout)


def json_report(result):
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise AssertionError(f"stdout is not JSON ({error}): {result.stdout[:2000]!r}\nstderr: {result.stderr}") from None


def token_location(path, token):
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if token in line:
            return number, line.index(token) + 1
    raise AssertionError(f"{token!r} not in {path}")


# ---------------------------------------------------------------------------------------
# /proc helpers (psutil is not required)


def live_processes_mentioning(text):
    me = os.getpid()
    return {
        pid: proc_cmdline(pid) for pid in all_pids()
        if pid != me and any(text in part for part in proc_cmdline(pid))
        and (proc_stat(pid) or ("Z",))[0] not in ("Z", "X")
    }


def private_folder(children):
    """The check's private ipc folder, read from a worker's --results endpoint."""
    for _, cmdline in children.values():
        if "--results" in cmdline:
            endpoint = cmdline[cmdline.index("--results") + 1]
            assert endpoint.startswith("ipc://"), endpoint
            return os.path.dirname(endpoint[len("ipc://"):])
    raise AssertionError(f"no --results in {children}")


class RunningCheck:
    """A `rulebook check` started in the background, its workers found in /proc."""

    def __init__(self, bin_dir, repo_root, processes, folder, *args, new_session=False):
        self.out = open(folder / "check.out", "wb")
        self.err = open(folder / "check.err", "wb")
        self.folder = folder
        self.child = processes.start(
            [bin_dir / "rulebook", "check", *args], cwd=repo_root, env=check_env(), stdout=self.out,
            stderr=self.err, start_new_session=new_session)
        self.workers = {}
        self.ipc_folder = None

    def await_workers(self, count):
        def started():
            assert self.child.poll() is None, f"check exited early with {self.child.returncode}: {self.stderr()}"
            found = worker_children(self.child.pid)
            return found if len(found) >= count else None

        self.workers = wait_until(started, timeout=30, message=f"{count} workers of rulebook check")
        self.ipc_folder = private_folder(self.workers)
        return self.workers

    def watch_until_exit(self, timeout):
        """Waits for the check to exit, noting every worker it starts meanwhile."""
        deadline = time.monotonic() + timeout
        while self.child.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"rulebook check still running after {timeout}s; stderr: {self.stderr()}")
            for pid, info in worker_children(self.child.pid).items():
                self.workers.setdefault(pid, info)
            if self.workers and self.ipc_folder is None:
                self.ipc_folder = private_folder(self.workers)
            time.sleep(0.02)
        return self.child.returncode

    def wait(self, timeout):
        try:
            return self.child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"rulebook check still running after {timeout}s; stderr: {self.stderr()}") from None

    def stderr(self):
        self.err.flush()
        return (self.folder / "check.err").read_text(errors="replace")[-4000:]

    def survivors(self):
        alive = {pid: cmd for pid, (start, cmd) in self.workers.items() if is_running(pid, start)}
        if self.ipc_folder:
            alive.update(live_processes_mentioning(self.ipc_folder))
        alive.pop(self.child.pid, None)
        return alive

    def close(self):
        self.out.close()
        self.err.close()


@pytest.fixture
def kill_leftovers():
    """Kills (by pid) any worker a failing test left behind, so later tests stay clean."""
    started = []
    yield started
    for check in started:
        for pid, (start, _) in check.workers.items():
            if is_running(pid, start):
                os.kill(pid, signal.SIGKILL)
        check.close()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Many small modern features (one spec per file), each with two violations."""
    root = tmp_path_factory.mktemp("corpus")
    for index in range(CORPUS_FILES):
        folder = root / f"module{index // 100:02d}"
        folder.mkdir(exist_ok=True)
        (folder / f"Item{index}Feature.swift").write_text(
            "import ComposableArchitecture\n\n"
            "@Reducer\n"
            f"struct Item{index}Feature {{\n"
            "    @ObservableState\n"
            "    struct State: Equatable {\n"
            "        var count: Int = 0\n"
            "        var badgeScale: CGFloat = 1.0\n"
            "    }\n"
            "    enum Action {\n"
            "        case incrementTapped\n"
            "        case update(State)\n"
            "    }\n"
            "}\n")
    return root


# ---------------------------------------------------------------------------------------
# Reports and exit codes


def test_examples_json_report_has_findings_and_exits_1(bin_dir, repo_root):
    result = run_check(bin_dir, repo_root, "Examples", "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json_report(result)
    findings = report["findings"]
    assert findings
    for finding in findings:
        assert FINDING_KEYS <= set(finding), finding
        assert finding["severity"] in ("error", "warning", "note")
        assert finding["message"] and finding["file"]
        assert re.fullmatch(r"[0-9a-f]{16}", finding["fingerprint"]), finding
    assert {"state-animation-value", "action-generic-case"} <= {f["ruleId"] for f in findings}
    summary = report["summary"]
    assert summary["errors"] == sum(f["severity"] == "error" for f in findings) > 0
    assert summary["specs"] == summary["validated"] and summary["rejected"] == 0
    assert report["run"]["paths"] == ["Examples"] and report["run"]["tool"] == "rulebook check"
    assert report["rejections"] == []

    located = {(f["ruleId"], f["file"], f["line"], f["column"]) for f in findings if f["line"] is not None}
    login_state = repo_root / "Examples/LegacyLogin/LoginState.swift"
    card = repo_root / "Examples/ModernCard/CardFeature.swift"
    assert ("state-animation-value", "Examples/LegacyLogin/LoginState.swift", *token_location(login_state, "buttonScale")) in located
    assert ("action-generic-case", "Examples/ModernCard/CardFeature.swift", *token_location(card, "setState(")) in located
    declared = [f for f in findings if f["file"] == "Examples/Declared/Profile.rulebook.json"]
    assert declared and all(f["line"] is None and f["column"] is None and (f["pointer"] or "").startswith("/") for f in declared)
    # The findings come sorted by file, line and column.
    keys = [(f["file"], f["line"] or 0, f["column"] or 0) for f in findings]
    assert keys == sorted(keys)
    assert re.search(r"rulebook: \d+ errors?, \d+ warnings?, \d+ notes? in \d+ specs?", result.stderr)


def test_examples_text_report_is_compiler_style(bin_dir, repo_root):
    result = run_check(bin_dir, repo_root, "Examples")
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines
    swift = [line for line in lines if ".swift:" in line]
    assert swift
    for line in swift:
        # The prefix editors parse, unchanged; the end (exclusive) after the rule id.
        match = re.fullmatch(r"\S+\.swift:(\d+):(\d+): (error|warning|note): .+ \[[a-z0-9-]+\] \(to (\d+):(\d+)\)", line)
        assert match, line
        start, end = (int(match.group(1)), int(match.group(2))), (int(match.group(4)), int(match.group(5)))
        assert end > start, line
    line, column = token_location(repo_root / "Examples/LegacyLogin/LoginState.swift", "buttonScale")
    assert any(l.startswith(f"Examples/LegacyLogin/LoginState.swift:{line}:{column}: error: ")
               and l.endswith(f"[state-animation-value] (to {line}:{column + len('buttonScale')})") for l in lines)


@pytest.mark.parametrize("paths", [[folder] for folder in CLEAN_FOLDERS] + [CLEAN_FOLDERS], ids=["legacy", "modern", "both"])
def test_clean_folders_exit_0_without_findings(bin_dir, repo_root, paths):
    result = run_check(bin_dir, repo_root, *paths, "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json_report(result)
    assert report["findings"] == [] and report["rejections"] == []
    assert report["summary"]["specs"] == len(paths) and report["summary"]["errors"] == 0
    text = run_check(bin_dir, repo_root, *paths)
    assert text.returncode == 0 and text.stdout == "", text.stdout


@pytest.mark.parametrize("args", [
    ["--no-such-flag", "Examples"],
    ["--format", "xml", "Examples"],
    ["--workers", "0", "Examples"],
    ["--workers", "many", "Examples"],
    ["--timeout", "0", "Examples"],
    ["--log-level", "loud", "Examples"],
], ids=["unknown-flag", "bad-format", "zero-workers", "non-numeric-workers", "zero-timeout", "bad-log-level"])
def test_usage_errors_exit_2(bin_dir, repo_root, args):
    result = run_check(bin_dir, repo_root, *args, timeout=30)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == ""
    assert result.stderr.strip()


def test_unknown_subcommand_exits_2(bin_dir, repo_root):
    result = subprocess.run([str(bin_dir / "rulebook"), "frobnicate"], cwd=repo_root, capture_output=True, text=True, timeout=30)
    assert result.returncode == 2, result.stderr


@pytest.mark.parametrize("value", ["1e300", "inf"])
def test_absurd_timeout_is_a_usage_error(bin_dir, repo_root, value):
    result = run_check(bin_dir, repo_root, "--timeout", value, "Examples/LegacyCounterClean", timeout=60)
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])


def test_missing_path_exits_2(bin_dir, repo_root):
    result = run_check(bin_dir, repo_root, "Examples/NoSuchFolder", timeout=30)
    assert result.returncode == 2, result.stderr
    assert "RB111" in result.stderr and "Examples/NoSuchFolder" in result.stderr
    # One missing path fails the whole command, even next to a good one.
    result = run_check(bin_dir, repo_root, "Examples/LegacyCounterClean", "Examples/NoSuchFolder", timeout=30)
    assert result.returncode == 2, result.stderr


def test_one_worker_and_two_workers_give_the_same_findings(bin_dir, repo_root):
    one = json_report(run_check(bin_dir, repo_root, "Examples", "--format", "json", "--workers", "1", "--no-cache"))
    two = json_report(run_check(bin_dir, repo_root, "Examples", "--format", "json", "--workers", "2", "--no-cache"))
    assert one["run"]["validators"] == 1 and two["run"]["validators"] == 2
    assert one["findings"] == two["findings"]
    assert one["summary"] == two["summary"]


def test_output_file_receives_the_report(bin_dir, repo_root, tmp_path):
    target = tmp_path / "report.json"
    result = run_check(bin_dir, repo_root, "Examples", "--format", "json", "--output", target)
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    report = json.loads(target.read_text())
    assert report["summary"]["errors"] == sum(f["severity"] == "error" for f in report["findings"]) > 0
    assert "rulebook:" in result.stderr  # the summary line still goes to stderr

    text_target = tmp_path / "report.txt"
    result = run_check(bin_dir, repo_root, "Examples", "--output", text_target)
    assert result.returncode == 1 and result.stdout == ""
    assert len(text_target.read_text().splitlines()) == len(report["findings"])


def test_output_to_an_unwritable_place_fails(bin_dir, repo_root, tmp_path):
    result = run_check(bin_dir, repo_root, "Examples", "--output", tmp_path / "no" / "such" / "dir" / "r.json")
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "RB400" in result.stderr


def test_db_option_keeps_the_run(bin_dir, repo_root, tmp_path):
    db = tmp_path / "kept.sqlite"
    first = json_report(run_check(bin_dir, repo_root, "Examples", "--format", "json", "--db", db))
    second = json_report(run_check(bin_dir, repo_root, "Examples/ModernCard", "--format", "json", "--db", db))
    assert db.exists()
    connection = sqlite3.connect(str(db))
    connection.row_factory = sqlite3.Row
    try:
        runs = {row["id"]: dict(row) for row in connection.execute("SELECT * FROM runs")}
        assert set(runs) == {first["run"]["id"], second["run"]["id"]}
        for report in (first, second):
            run = runs[report["run"]["id"]]
            assert run["tool"] == "rulebook check" and run["completed_at"] is not None
            assert run["expected_specs"] == report["summary"]["specs"]
            (specs,) = connection.execute("SELECT COUNT(*) FROM specs WHERE run_id = ?", (run["id"],)).fetchone()
            assert specs == report["summary"]["specs"]
            stored = [dict(row) for row in connection.execute(
                "SELECT rule_id, file, line, \"column\", fingerprint FROM findings WHERE run_id = ? "
                "ORDER BY file, line, \"column\", pointer, rule_id", (run["id"],))]
            assert stored == [
                {"rule_id": f["ruleId"], "file": f["file"], "line": f["line"], "column": f["column"],
                 "fingerprint": f["fingerprint"]} for f in report["findings"]]
    finally:
        connection.close()


def test_empty_folder_is_clean_but_says_so(bin_dir, repo_root, tmp_path):
    result = run_check(bin_dir, repo_root, tmp_path, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json_report(result)["summary"]["specs"] == 0
    # A wrong path or an exclusion that covers everything does not pass unnoticed (issue 30).
    assert "warning: no Swift files or declared specs (*.rulebook.json) to check in" in result.stderr


@pytest.mark.parametrize(("word", "suggestion"), [("chek", "check"), ("reprot", "report"), ("rule", "rules")])
def test_a_misspelt_command_gets_a_suggestion(bin_dir, word, suggestion):
    result = subprocess.run([str(bin_dir / "rulebook"), word, "Examples"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and f"did you mean '{suggestion}'?" in result.stderr, result.stderr


# ---------------------------------------------------------------------------------------
# Stopping: signals and --timeout leave no worker behind


@pytest.mark.parametrize(("how", "expected"), [("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT-to-group", 130)])
def test_signal_stops_check_and_every_worker(bin_dir, repo_root, processes, tmp_path, corpus, kill_leftovers, how, expected):
    """Each stop signal ends the check as the shell expects (128 + the signal), with its
    workers stopped and its private folder (ipc endpoints, the run's SQLite) removed: a
    closed terminal (SIGHUP) included."""
    check = RunningCheck(bin_dir, repo_root, processes, tmp_path, corpus, "--workers", "2", "--format", "json",
                         new_session=how.endswith("group"))
    kill_leftovers.append(check)
    check.await_workers(3)  # persister + 2 validators
    assert os.path.isdir(check.ipc_folder)
    time.sleep(0.3)  # let the run get under way
    assert check.child.poll() is None, "the corpus is too small: the check finished before the signal"
    if how == "SIGINT":
        check.child.send_signal(signal.SIGINT)
    elif how in ("SIGTERM", "SIGHUP"):
        check.child.send_signal(getattr(signal, how))
    else:
        os.killpg(check.child.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    status = check.wait(15)
    assert status == expected, (status, check.stderr())
    assert "RB503" in check.stderr()
    # The check stops its workers before it exits: nothing may be left, not even briefly.
    assert check.survivors() == {}
    assert not os.path.exists(check.ipc_folder), "the private ipc folder was not removed"


def test_a_check_told_to_finish_on_interrupt_reports_its_findings_despite_sigint(
        bin_dir, repo_root, processes, tmp_path, corpus, kill_leftovers):
    """Issue 30: the build-tool plugin's check (`--finish-on-interrupt`) finishes when the
    build system cancels it with SIGINT and reports its findings; SIGTERM still stops it."""
    check = RunningCheck(bin_dir, repo_root, processes, tmp_path, corpus, "--workers", "2", "--format", "json", "--no-cache",
                         "--finish-on-interrupt")
    kill_leftovers.append(check)
    check.await_workers(3)
    check.child.send_signal(signal.SIGINT)
    status = check.wait(120)
    assert status == 1, (status, check.stderr())
    assert "RB503" not in check.stderr()
    report = json.loads((tmp_path / "check.out").read_text())
    assert report["run"]["complete"] and report["findings"], report["summary"]
    stopped = RunningCheck(bin_dir, repo_root, processes, tmp_path, corpus, "--workers", "2", "--finish-on-interrupt")
    kill_leftovers.append(stopped)
    stopped.await_workers(3)
    stopped.child.send_signal(signal.SIGTERM)
    assert stopped.wait(15) == 143, stopped.stderr()


def test_killed_check_leaves_no_worker_behind(bin_dir, repo_root, processes, tmp_path, corpus, kill_leftovers):
    check = RunningCheck(bin_dir, repo_root, processes, tmp_path, corpus, "--workers", "2")
    kill_leftovers.append(check)
    check.await_workers(3)
    check.child.send_signal(signal.SIGKILL)
    check.wait(5)
    # Workers watch their parent and stop on their own.
    try:
        wait_until(lambda: check.survivors() == {}, timeout=10, message="workers of a killed check to exit")
        # A killed check cannot clean up: its folder names it as owner, and the next check of
        # the same user removes the folders of owners that are gone (issue 30).
        assert os.path.isdir(check.ipc_folder)
        later = run_check(bin_dir, repo_root, "Examples/ModernCard", "--no-cache")
        assert later.returncode == 1, later.stderr
        assert not os.path.exists(check.ipc_folder), "the next check left the dead run's folder"
    finally:
        if check.ipc_folder and os.path.basename(check.ipc_folder).startswith("rulebook-"):
            shutil.rmtree(check.ipc_folder, ignore_errors=True)  # a killed check cannot clean up


def test_too_short_timeout_exits_3_and_stops_workers(bin_dir, repo_root, processes, tmp_path, corpus, kill_leftovers):
    # One validator cannot check thousands of specs within half a second (a debug build needs
    # about 20 s), so this times out deterministically: usually mid-run, on a slow or busy
    # machine already while waiting for the workers; both must exit 3.
    check = RunningCheck(bin_dir, repo_root, processes, tmp_path, corpus, "--workers", "1", "--timeout", "0.5")
    kill_leftovers.append(check)
    status = check.watch_until_exit(30)
    assert status == 3, (status, check.stderr())
    # RB502 when the run timed out mid-way, RB504 when it timed out before the workers were ready.
    assert "RB502" in check.stderr() or "RB504" in check.stderr(), check.stderr()
    assert check.workers, "no worker was seen: the check cannot have run"
    assert check.survivors() == {}
    assert not os.path.exists(check.ipc_folder)
    assert (tmp_path / "check.out").read_text() == ""  # no report for a failed run


def test_timeout_before_the_workers_are_ready_exits_3(bin_dir, repo_root, processes, tmp_path, kill_leftovers):
    # A millisecond is shorter than starting any worker process. One small file: the files are
    # read while the workers start, and reading many could outlast their start.
    feature = tmp_path / "Counter"
    feature.mkdir()
    (feature / "CounterFeature.swift").write_text("struct CounterFeature {}\n")
    check = RunningCheck(bin_dir, repo_root, processes, tmp_path, str(feature), "--timeout", "0.001")
    kill_leftovers.append(check)
    status = check.watch_until_exit(30)
    assert status == 3, (status, check.stderr())
    assert "RB504" in check.stderr()  # the workers did not report ready in time
    assert check.survivors() == {}
    if check.ipc_folder:
        assert not os.path.exists(check.ipc_folder)



def test_describe_refuses_a_file_nested_too_deeply_for_swiftsyntax(bin_dir, repo_root, tmp_path):
    """`rulebook describe` guards SwiftSyntax as the validator does (RB114), instead of
    overflowing the stack on a pathological file."""
    feature = tmp_path / "Deep"
    feature.mkdir()
    (feature / "DeepFeature.swift").write_text(
        "struct DeepFeature {\n  struct State { var value = " + "[" * 40 + "1" + "]" * 40 + " }\n}\n")
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "describe", str(feature)], cwd=repo_root, env=check_env(),
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert "RB114" in result.stderr and "DeepFeature.swift" in result.stderr, result.stderr


def test_stdin_is_checked_as_the_assumed_file(bin_dir, repo_root, tmp_path):
    """What editors and tools do: `rulebook check - --assume-filename PATH` checks the buffer on
    stdin as if it were PATH (its suffix picks the front end; the configuration's exclusions
    apply to it) and reports findings on that path."""
    source = (repo_root / "Examples/Rules/state-ui-type/Violation/AppearanceFeature.swift").read_text()
    (tmp_path / ".rulebook.yml").write_text("excluded:\n  - Generated\n")

    def check(stdin, *args):
        return subprocess.run([str(bin_dir / "rulebook"), "check", "-", "--format", "json", *args], cwd=tmp_path,
                              env=check_env(), input=stdin, capture_output=True, text=True, timeout=CHECK_SECONDS)

    result = check(source, "--assume-filename", "Sources/Login/LoginState.swift")
    assert result.returncode == 0, result.stderr
    findings = json.loads(result.stdout)["findings"]
    assert [(f["ruleId"], f["file"], f["line"]) for f in findings] == [("state-ui-type", "Sources/Login/LoginState.swift", 8)]
    assert json.loads(check(source, "--assume-filename", "Generated/LoginState.swift").stdout)["findings"] == []

    declared = json.dumps({"feature": "Profile", "state": {"name": "State", "properties": [{"name": "scale", "type": "CGFloat"}]}})
    result = check(declared, "--assume-filename", "Specs/Profile.rulebook.json")
    findings = json.loads(result.stdout)["findings"]
    assert result.returncode == 1 and findings and all(f["file"] == "Specs/Profile.rulebook.json" for f in findings)

    usage = subprocess.run([str(bin_dir / "rulebook"), "check", "-", "Sources"], cwd=tmp_path, env=check_env(),
                           input="", capture_output=True, text=True, timeout=CHECK_SECONDS)
    assert usage.returncode == 2 and "alone" in usage.stderr


# ---------------------------------------------------------------------------------------
# Output that cannot be written (issue 29): never a trap, nothing left behind


@pytest.fixture(scope="module")
def big_report_folder(tmp_path_factory):
    """300 features with two findings each: a JSON report of about 250 KB, more than a pipe holds."""
    root = tmp_path_factory.mktemp("big")
    for index in range(300):
        (root / f"Big{index}Feature.swift").write_text(
            "import ComposableArchitecture\n@Reducer\n"
            f"struct Big{index}Feature {{\n  @ObservableState\n"
            "  struct State: Equatable { var badgeScale: CGFloat = 1.0 }\n"
            "  enum Action { case update(State) }\n}\n")
    return root


@pytest.mark.parametrize(("redirect", "status", "says"), [
    ('2>"$ERR" | head -c 10 >/dev/null', 141, None),
    ('2>"$ERR" >/dev/full', 3, "RB303: cannot write standard output: No space left on device"),
    ('2>"$ERR" >&-', 3, "RB303: cannot write standard output: it was closed"),
    ("2>&- >/dev/null", 1, None),
    ('--output /dev/full 2>"$ERR" >/dev/null', 3, "RB303: cannot write --output '/dev/full': No space left on device"),
], ids=["closed-pipe", "full-disk", "closed-stdout", "closed-stderr", "full-disk-output"])
def test_output_that_cannot_be_written_ends_the_check_cleanly(bin_dir, big_report_folder, tmp_path, redirect, status, says):
    temp = tmp_path / "tmp"
    temp.mkdir()
    errors = tmp_path / "stderr"
    script = f'set -o pipefail; "$RULEBOOK" check --format json "$FOLDER" {redirect}'
    env = {**check_env(), "TMPDIR": str(temp), "RULEBOOK": str(bin_dir / "rulebook"), "FOLDER": str(big_report_folder),
           "ERR": str(errors)}
    result = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=CHECK_SECONDS)
    stderr = errors.read_text() if errors.exists() else ""
    assert result.returncode == status, (result.returncode, stderr, result.stderr)
    assert "Fatal error" not in stderr and "Backtrac" not in stderr, stderr
    if says:
        assert says in stderr, stderr
    else:
        assert "RB303" not in stderr, stderr
    assert list(temp.iterdir()) == [], "the run's private folder was left behind"


@pytest.mark.parametrize("temp", ["long", "missing", "a-file"])
def test_a_temporary_folder_that_cannot_hold_sockets_falls_back_to_tmp(bin_dir, repo_root, tmp_path, temp):
    """Issue 29: TMPDIR too long for a socket path (over 83 characters), missing, or a file
    (nothing can be created in it, even by root): the check runs its private pipeline under
    /tmp instead, and leaves nothing there."""
    folder = tmp_path / ("x" * 90 if temp == "long" else temp)
    if temp == "long":
        folder.mkdir()
    elif temp == "a-file":
        folder.write_text("not a folder\n")
    before = set(pathlib.Path("/tmp").glob("rulebook-*"))
    result = subprocess.run([str(bin_dir / "rulebook"), "check", "Examples/ModernCard", "--no-cache"], cwd=repo_root,
                            env={**check_env(), "TMPDIR": str(folder)}, capture_output=True, text=True, timeout=CHECK_SECONDS)
    assert result.returncode == 1 and "error:" not in result.stderr, result.stderr
    assert set(pathlib.Path("/tmp").glob("rulebook-*")) - before == set(), "the private folder was left in /tmp"


def test_min_severity_and_quiet(bin_dir, repo_root):
    """`--min-severity` leaves lower findings out of every report and the exit code;
    `--quiet` prints no summary line (issue 30)."""
    full = json_report(run_check(bin_dir, repo_root, "Examples", "--format", "json", "--no-cache"))
    assert {f["severity"] for f in full["findings"]} == {"error", "warning", "note"}
    result = run_check(bin_dir, repo_root, "Examples", "--format", "json", "--min-severity", "warning", "--quiet", "--no-cache")
    report = json_report(result)
    assert result.returncode == 1 and result.stderr == "", result.stderr
    assert report["findings"] == [f for f in full["findings"] if f["severity"] != "note"]
    assert report["summary"]["notes"] == 0 and report["summary"]["warnings"] == full["summary"]["warnings"]
    only_notes = run_check(bin_dir, repo_root, "Examples/Rules/state-transient-ui/Violation", "--min-severity", "error", "--no-cache")
    assert only_notes.returncode == 0 and "0 errors, 0 warnings, 0 notes" in only_notes.stderr, only_notes.stderr


def test_the_repositorys_configuration_is_found_from_a_subfolder_and_its_paths_are_its_own(bin_dir, repo_root, tmp_path):
    """Issue 30: `.rulebook.yml` is looked for from the current folder up to the repository's
    root, and its `excluded` and `included` paths are relative to its own folder."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    feature = (repo_root / "Examples" / "ModernCard" / "CardFeature.swift").read_text()
    for folder in ("App/Generated", "App/Feature", "Other"):
        (repo / folder).mkdir(parents=True)
        (repo / folder / "CardFeature.swift").write_text(feature)
    (repo / ".rulebook.yml").write_text("included:\n  - App\nexcluded:\n  - App/Generated\n")
    def files_reported(cwd, *args):
        result = subprocess.run([str(bin_dir / "rulebook"), "check", "--format", "json", "--no-cache", *args], cwd=cwd,
                                env=check_env(), capture_output=True, text=True, timeout=CHECK_SECONDS)
        assert result.returncode == 1, result.stderr
        return {f["file"] for f in json_report(result)["findings"]}
    assert files_reported(repo / "App", ".") == {"Feature/CardFeature.swift"}
    # No paths: the configuration's `included`, from its folder.
    assert files_reported(repo / "App") == {"Feature/CardFeature.swift"}
    assert files_reported(repo) == {"App/Feature/CardFeature.swift"}
    # Named with --config from elsewhere: its paths are still its own folder's.
    assert files_reported(repo / "App", ".", "--config", repo / ".rulebook.yml") == {"Feature/CardFeature.swift"}


def test_rules_shows_what_the_configuration_makes_of_each_rule(bin_dir, tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".rulebook.yml").write_text("disabled_rules: [state-ui-type]\nstate-animation-value:\n  severity: warning\n")
    result = subprocess.run([str(bin_dir / "rulebook"), "rules"], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    lines = {line.split(" ", 1)[0]: line for line in result.stdout.splitlines()}
    catalogue = json.loads(subprocess.run([str(bin_dir / "rulebook"), "rules", "--format", "json"], capture_output=True,
                                          text=True, timeout=30, check=True).stdout)
    assert result.returncode == 0 and len(lines) == len(catalogue) >= 30, result.stderr
    assert lines["state-animation-value"].startswith("state-animation-value (warning, configured):")
    assert lines["state-ui-type"].startswith("state-ui-type (warning) [off]:")
    assert lines["state-transient-ui"].startswith("state-transient-ui (warning):")

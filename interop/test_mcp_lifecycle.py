"""`rulebook mcp`'s processes: its private pipeline survives a killed validator, it exits
cleanly when stdin closes (after answering what it read) or on SIGTERM and leaves no worker
behind, and with --intake/--events it uses a serving pipeline instead of starting one.
"""
import json
import os
import pathlib
import select
import signal
import subprocess
import time

import anyio

from conftest import wait_until
from test_mcp import TOOLS
from mcp_support import (
    assert_same_verdicts, clean_env, copy_examples, mcp_server_pid, mcp_session, rulebook_check, source_files)
from proc_table import is_running, proc_cmdline, worker_children, worker_name
from test_pipeline import Pipeline

GENERATED_FEATURES = 400


def cpu_ticks(pid):
    """User + system CPU time of a process, in clock ticks."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def generate_features(folder, count):
    """`count` small modern features, one file each, with an animation value in State."""
    folder.mkdir()
    for index in range(count):
        (folder / f"Item{index}Feature.swift").write_text(
            "import ComposableArchitecture\n\n@Reducer\nstruct Item%dFeature {\n"
            "  @ObservableState\n  struct State: Equatable { var scale: CGFloat = 1 }\n"
            "  enum Action { case tapped }\n"
            "  var body: some ReducerOf<Self> { Reduce { state, action in .none } }\n}\n" % index)


def test_a_validator_killed_during_a_call_does_not_fail_it(bin_dir, tmp_path):
    project = copy_examples(tmp_path / "project")
    generate_features(project / "Generated", GENERATED_FEATURES)
    errlog = tmp_path / "mcp.err"
    report, _ = rulebook_check(bin_dir, project, "Generated")

    async def scenario():
        async with mcp_session(bin_dir, project, "--workers", 2, errlog_path=errlog) as session:
            server = mcp_server_pid(project)
            validators = {pid: info for pid, info in worker_children(server).items() if worker_name(info[1]) == "rulebook-validator"}
            assert len(validators) == 2, validators
            baseline = {pid: cpu_ticks(pid) for pid in validators}
            killed = []

            async def kill_a_busy_validator():
                # A validator that has used CPU since the call began holds specs of it.
                while not killed:
                    await anyio.sleep(0.005)
                    for pid in validators:
                        if cpu_ticks(pid) - baseline[pid] >= 2:
                            os.kill(pid, signal.SIGKILL)
                            killed.append(pid)
                            break

            answers = []
            async with anyio.create_task_group() as group:
                group.start_soon(kill_a_busy_validator)
                answers.append(await session.call_tool("check_paths", {"paths": ["Generated"], "maxFindings": 100000}))
            [answer] = answers
            assert not answer.is_error, answer.content
            assert_same_verdicts(answer, report)
            assert answer.structured_content["summary"]["specs"] == GENERATED_FEATURES
            # The dead validator was replaced, and what it held was sent again.
            assert not is_running(killed[0], validators[killed[0]][0])
            now = [worker_name(info[1]) for info in worker_children(server).values()]
            assert now.count("rulebook-validator") == 2 and now.count("rulebook-persister") == 1
            again = await session.call_tool("check_paths", {"paths": ["Generated"], "maxFindings": 100000})
            assert_same_verdicts(again, report)

    anyio.run(scenario)
    log = errlog.read_text()
    assert "restarting a worker that exited" in log, log[-3000:]
    assert "resending unacknowledged specs" in log, log[-3000:]


def read_lines(stream, count, timeout):
    """`count` JSON lines from `stream` (read from its descriptor, past Python's buffer, which
    must be empty), failing, not hanging, when they do not come within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    lines, pending = [], b""
    while len(lines) < count:
        if b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            lines.append(json.loads(line))
            continue
        ready, _, _ = select.select([stream.fileno()], [], [], max(0, deadline - time.monotonic()))
        assert ready, f"{len(lines)} of {count} answers within {timeout} s: {lines}"
        chunk = os.read(stream.fileno(), 1 << 16)
        assert chunk, f"the server closed its output after {len(lines)} of {count} answers"
        pending += chunk
    return lines


class RawServer:
    """`rulebook mcp` on plain pipes, to watch how it ends."""

    def __init__(self, bin_dir, folder, errlog, *args, stderr=None):
        self.err = open(errlog, "wb")
        self.child = subprocess.Popen(
            [str(bin_dir / "rulebook"), "mcp", "--workers", "2", *args], cwd=folder, env=clean_env(), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=stderr or self.err)
        self.workers = wait_until(
            lambda: (lambda found: found if len(found) == 3 else None)(worker_children(self.child.pid)),
            timeout=30, message="the server's persister and two validators")
        results = next(cmd for pid in self.workers if "--results" in (cmd := proc_cmdline(pid)))
        self.private_folder = os.path.dirname(results[results.index("--results") + 1][len("ipc://"):])

    def write(self, *messages):
        for message in messages:
            self.child.stdin.write((json.dumps(message) + "\n").encode())
        self.child.stdin.flush()

    def survivors(self):
        return {pid for pid, (start, _) in self.workers.items() if is_running(pid, start)}

    def close(self):
        if self.child.poll() is None:
            self.child.kill()
            self.child.wait()
        for pid in self.survivors():
            os.kill(pid, signal.SIGKILL)
        self.err.close()


INITIALIZE = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "pipes", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


def test_closing_stdin_answers_what_was_read_then_exits_cleanly(bin_dir, tmp_path):
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        files = source_files(project)
        server.write(*INITIALIZE, *[
            {"jsonrpc": "2.0", "id": 10 + index, "method": "tools/call",
             "params": {"name": "check_swift_source", "arguments": {"files": files}}} for index in range(3)])
        # Closed at once: the three checks are still running.
        server.child.stdin.close()
        output = server.child.stdout.read()
        server.child.wait(timeout=30)
        answers = {message["id"]: message for message in map(json.loads, output.decode().splitlines())}
        assert set(answers) == {1, 10, 11, 12}
        for index in range(3):
            result = answers[10 + index]["result"]
            assert result["structuredContent"]["summary"]["specs"] > 10 and "isError" not in result
        assert server.child.returncode == 0
        assert wait_until(lambda: not server.survivors(), timeout=10, message="the workers to exit")
        assert not os.path.exists(server.private_folder)
    finally:
        server.close()


def test_a_reader_of_its_logs_that_goes_away_changes_nothing(bin_dir, tmp_path):
    """Issue 29: the client stops reading the server's stderr (closes the pipe); the server
    goes on answering (its log lines are dropped, never a trap) and cleans up when stdin closes."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err", "--log-level", "debug", stderr=subprocess.PIPE)
    try:
        server.child.stderr.close()
        files = source_files(project)
        server.write(*INITIALIZE, {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                   "params": {"name": "check_swift_source", "arguments": {"files": files}}})
        server.child.stdin.close()
        output = server.child.stdout.read()
        answers = {message["id"]: message for message in map(json.loads, output.decode().splitlines())}
        assert answers[2]["result"]["structuredContent"]["summary"]["specs"] > 10, answers
        assert server.child.wait(timeout=30) == 0
        assert wait_until(lambda: not server.survivors(), timeout=10, message="the workers to exit")
        assert not os.path.exists(server.private_folder)
    finally:
        server.close()


def test_a_line_over_the_limit_is_refused_while_read_and_holds_nothing_up(bin_dir, tmp_path):
    """Issue 29: a 25 MB request (over the 20 MiB line limit) is refused as it is read, never
    parsed: a ping sent after it is answered at once, and the server's memory stays small."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        server.write(*INITIALIZE)
        assert json.loads(server.child.stdout.readline())["id"] == 1
        huge = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "check_swift_source", "arguments": {"files": [{"path": "Big.swift", "contents": "x" * 25_000_000}]}}}
        started = time.monotonic()
        server.write(huge, {"jsonrpc": "2.0", "id": 3, "method": "ping"})
        answers = {answer["id"]: answer for answer in (json.loads(server.child.stdout.readline()) for _ in range(2))}
        elapsed = time.monotonic() - started
        refusal, pong = answers[None], answers[3]
        assert refusal["id"] is None and refusal["error"]["code"] == -32600, refusal
        assert refusal["error"]["message"].startswith("RB108: "), refusal
        assert pong == {"jsonrpc": "2.0", "id": 3, "result": {}}, pong
        assert elapsed < 10, f"the ping waited {elapsed:.1f} s behind the refused line"
        peak = next(line for line in pathlib.Path(f"/proc/{server.child.pid}/status").read_text().splitlines()
                    if line.startswith("VmHWM:"))
        assert int(peak.split()[1]) < 400_000, f"peak memory {peak}: the line was held or parsed"
    finally:
        server.close()


def test_sigterm_stops_the_server_and_its_workers(bin_dir, tmp_path):
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        server.write(*INITIALIZE)
        assert json.loads(server.child.stdout.readline())["id"] == 1
        server.child.send_signal(signal.SIGTERM)
        assert server.child.wait(timeout=15) == 0
        assert not server.survivors()
        assert not os.path.exists(server.private_folder)
    finally:
        server.close()


def test_a_killed_server_leaves_no_worker_behind(bin_dir, tmp_path):
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        server.child.kill()
        server.child.wait(timeout=10)
        # The workers watch their parent and stop when it is gone.
        assert wait_until(lambda: not server.survivors(), timeout=10, message="orphaned workers to exit")
    finally:
        server.close()


def test_with_intake_and_events_it_uses_a_serving_pipeline(bin_dir, ipc_dir, processes, tmp_path, repo_root):
    pipeline = Pipeline(bin_dir, ipc_dir, processes).start()
    project = copy_examples(tmp_path / "project")
    spec = json.loads((project / "Declared" / "Profile.rulebook.json").read_text())
    report, _ = rulebook_check(bin_dir, project / "Declared", "Profile.rulebook.json")
    try:
        async def scenario():
            async with mcp_session(
                bin_dir, project, "--intake", pipeline.endpoint["intake"], "--events", pipeline.endpoint["events"],
                errlog_path=tmp_path / "mcp.err",
            ) as session:
                assert worker_children(mcp_server_pid(project)) == {}
                answer = await session.call_tool("check_declared_spec", {"spec": spec})
                assert_same_verdicts(answer, report)
                swift = await session.call_tool("check_swift_source", {"files": source_files(project, "ModernCard")})
                assert_same_verdicts(swift, rulebook_check(bin_dir, project, "ModernCard")[0])

        anyio.run(scenario)
        runs = pipeline.query("SELECT id FROM runs WHERE tool = 'rulebook mcp'")
        assert len(runs) == 2
        stored = pipeline.query(
            "SELECT feature, status FROM specs WHERE run_id IN (?, ?) ORDER BY feature", runs[0]["id"], runs[1]["id"])
        assert stored == [{"feature": "CardFeature", "status": "validated"}, {"feature": "Profile", "status": "validated"}]
        pipeline.assert_alive()
    finally:
        pipeline.close()


def test_a_request_that_carries_a_result_does_not_hold_the_exit(bin_dir, tmp_path):
    """Issue 29: a malformed message (a `method` with a `result`) is never answered by the
    server; closing stdin after it ends the server at once, not after the answer wait (60 s)."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        server.write(*INITIALIZE, {"jsonrpc": "2.0", "id": 5, "method": "ping", "result": {}})
        assert json.loads(server.child.stdout.readline())["id"] == 1
        started = time.monotonic()
        server.child.stdin.close()
        server.child.wait(timeout=30)
        assert time.monotonic() - started < 10, "the exit waited for an answer that never comes"
    finally:
        server.close()


def test_malformed_envelopes_get_json_rpc_errors_with_a_null_id(bin_dir, tmp_path):
    """Issue 29: a line that is not JSON is a parse error (-32700), a batch or a request whose
    id is an object, a list, a fraction, a boolean or null is an invalid request (-32600),
    each answered with `id: null`; good requests around them are answered as usual."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    bad = ["not json", "[1, 2]"] + [json.dumps({"jsonrpc": "2.0", "id": id_, "method": "ping"})
                                    for id_ in ({}, [], 1.5, True, None)]
    try:
        server.write(*INITIALIZE)
        assert json.loads(server.child.stdout.readline())["id"] == 1
        for line in bad:
            server.child.stdin.write((line + "\n").encode())
        server.write({"jsonrpc": "2.0", "id": "after", "method": "ping"})
        answers = read_lines(server.child.stdout, len(bad) + 1, timeout=30)
        errors = sorted(answer["error"]["code"] for answer in answers if "error" in answer)
        assert errors == [-32700] + [-32600] * (len(bad) - 1), answers
        assert all(answer["id"] is None for answer in answers if "error" in answer)
        assert [answer["id"] for answer in answers if "result" in answer] == ["after"]
    finally:
        server.close()


def test_requests_before_initialize_are_refused_except_ping(bin_dir, tmp_path):
    """Issue 29: MCP's lifecycle: before `initialize` only `ping` is served; a tool call or
    listing then gets -32600 with its own id, and is served once the session is initialized."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        server.write({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, {"jsonrpc": "2.0", "id": "p", "method": "ping"})
        early = {answer["id"]: answer for answer in read_lines(server.child.stdout, 2, timeout=30)}
        assert early[3]["error"]["code"] == -32600 and "initialize" in early[3]["error"]["message"], early
        assert early["p"]["result"] == {}
        server.write(*INITIALIZE, {"jsonrpc": "2.0", "id": 4, "method": "tools/list"})
        later = {answer["id"]: answer for answer in read_lines(server.child.stdout, 2, timeout=30)}
        assert "result" in later[1] and {tool["name"] for tool in later[4]["result"]["tools"]} == TOOLS, later
    finally:
        server.close()


def test_tools_list_fits_an_agents_context(bin_dir, tmp_path):
    """Issue 32: an agent's client puts every tool's schemas in the model's context on every
    turn: the whole `tools/list` answer, as it travels, is under 12 KB (the large schemas are
    outlined there and served whole as resources)."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    try:
        server.write(*INITIALIZE)
        read_lines(server.child.stdout, 1, timeout=30)
        server.write({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        line = read_raw_line(server.child.stdout, timeout=30)
        assert {tool["name"] for tool in json.loads(line)["result"]["tools"]} == TOOLS
        assert len(line) < 12_000, len(line)
    finally:
        server.close()


def read_raw_line(stream, timeout):
    """One line of `stream` as the bytes that travelled (read from its descriptor)."""
    deadline, pending = time.monotonic() + timeout, b""
    while b"\n" not in pending:
        ready, _, _ = select.select([stream.fileno()], [], [], max(0, deadline - time.monotonic()))
        assert ready, f"no whole line within {timeout} s: {pending[:200]!r}"
        chunk = os.read(stream.fileno(), 1 << 16)
        assert chunk, "the server closed its output"
        pending += chunk
    return pending.split(b"\n", 1)[0]


def test_parameters_of_the_wrong_type_are_invalid_params_naming_the_parameter(bin_dir, tmp_path):
    """Issue 29: parameters that do not decode are JSON-RPC's -32602 (invalid params) with an
    RB400 message naming the parameter, not -32603 (internal error); every method answers."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    calls = {
        "name": ("tools/call", {"name": 42, "arguments": {}}, "'name' must be a string"),
        "params": ("tools/call", "x", "params must be an object"),
        "missing": ("tools/call", None, "no params"),
        "uri": ("resources/read", {"uri": 5}, "'uri' must be a string"),
        "cursor": ("tools/list", {"cursor": []}, "'cursor' must be a string"),
    }
    try:
        server.write(*INITIALIZE)
        assert json.loads(server.child.stdout.readline())["id"] == 1
        for id_, (method, params, _) in calls.items():
            request = {"jsonrpc": "2.0", "id": id_, "method": method}
            if params is not None:
                request["params"] = params
            server.write(request)
        answers = {answer["id"]: answer for answer in read_lines(server.child.stdout, len(calls), timeout=30)}
        for id_, (method, _, words) in calls.items():
            error = answers[id_]["error"]
            assert error["code"] == -32602, (id_, error)
            assert f"RB400: {method}: " in error["message"] and words in error["message"], (id_, error)
    finally:
        server.close()


def test_a_large_call_holds_no_other_request_up_and_gives_its_memory_back(bin_dir, tmp_path):
    """Issue 29: a large accepted request (a 3.6 MB declared spec) is decoded on the side: a
    ping sent after it is answered while it is still being checked, not after, and once it is
    answered the server returns the memory it used (resident well under its peak)."""
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    types = [{"name": f"T{index}", "kind": "struct", "properties": [{"name": "p", "type": "Int"}]} for index in range(40_000)]
    large = {"jsonrpc": "2.0", "id": "large", "method": "tools/call",
             "params": {"name": "check_declared_spec", "arguments": {"spec": {"feature": "Large", "types": types}}}}
    try:
        server.write(*INITIALIZE)
        assert json.loads(server.child.stdout.readline())["id"] == 1
        started = time.monotonic()
        server.write(large)
        pinged = time.monotonic()
        server.write({"jsonrpc": "2.0", "id": "ping", "method": "ping"})
        first = read_lines(server.child.stdout, 1, timeout=120)[0]
        ping_wait = time.monotonic() - pinged
        second = read_lines(server.child.stdout, 1, timeout=300)[0]
        large_wait = time.monotonic() - started
        assert first == {"jsonrpc": "2.0", "id": "ping", "result": {}}, first
        assert second["id"] == "large" and second["result"]["structuredContent"]["summary"]["validated"] == 1, str(second)[:500]
        assert ping_wait < large_wait / 5, f"the ping waited {ping_wait:.1f} s of the large call's {large_wait:.1f} s"
        status = dict(line.split(":", 1) for line in pathlib.Path(f"/proc/{server.child.pid}/status").read_text().splitlines())
        resident, peak = int(status["VmRSS"].split()[0]), int(status["VmHWM"].split()[0])
        assert resident < peak / 2, f"{resident} kB resident after the call, peak {peak} kB"
    finally:
        server.close()


def test_the_private_database_keeps_only_the_latest_calls(bin_dir, tmp_path):
    """Issue 29: the server's private database does not grow for its whole life: after 40
    calls it holds the last 16 runs (the persister's --keep-runs), and their results."""
    import sqlite3
    project = copy_examples(tmp_path / "project")
    server = RawServer(bin_dir, project, tmp_path / "mcp.err")
    spec = json.loads((project / "Declared" / "Profile.rulebook.json").read_text())
    try:
        server.write(*INITIALIZE)
        assert json.loads(server.child.stdout.readline())["id"] == 1
        for index in range(40):
            spec["feature"] = f"Profile{index}"
            server.write({"jsonrpc": "2.0", "id": index + 2, "method": "tools/call",
                          "params": {"name": "check_declared_spec", "arguments": {"spec": spec}}})
            answer = read_lines(server.child.stdout, 1, timeout=60)[0]
            assert answer["result"]["structuredContent"]["summary"]["validated"] == 1, answer
        database = sqlite3.connect(f"file:{server.private_folder}/rulebook.sqlite?mode=ro", uri=True)
        runs = database.execute("SELECT COUNT(*), COUNT(completed_at) FROM runs").fetchone()
        features = {row[0] for row in database.execute("SELECT feature FROM specs")}
        database.close()
        assert runs == (16, 16), runs
        assert features == {f"Profile{index}" for index in range(24, 40)}, sorted(features)
    finally:
        server.close()

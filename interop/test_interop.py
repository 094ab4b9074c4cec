"""Interop with tools nobody here wrote, and the service deployment.

* The example Python client (`Examples/clients/python/rulebook_client.py`, pyzmq, written from
  docs/PROTOCOL.md) pushes specs to a real pipeline and reads their verdicts.
* Every event the executables emit, on every socket, parses with the CloudEvents Python SDK.
* `deploy/Procfile` runs under honcho with the built executables on PATH; the Python client,
  `rulebook push` and `rulebook status` use it; SIGTERM stops everything.
* `deploy/systemd/` passes `systemd-analyze verify`; `deploy/env.example` lists every
  `RULEBOOK_*` variable the sources read.
* `rulebook push`, `rulebook status`, structured logs and the progress bar of `rulebook check`.
"""
import importlib.util
import json
import os
import pathlib
import pty
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from datetime import datetime

import pytest
import zmq

from conftest import wait_until

REPO = pathlib.Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
HEARTBEAT_SECONDS = "0.2"
WAIT_SECONDS = 30.0
TERM_SECONDS = 15.0
HEARTBEAT = "dev.rulebook.worker.heartbeat"
ALL_TYPES = {
    "dev.rulebook.spec.submitted", "dev.rulebook.spec.validated", "dev.rulebook.spec.rejected",
    "dev.rulebook.run.opened", "dev.rulebook.run.completed", "dev.rulebook.spec.persisted", HEARTBEAT,
}


def load_client_module():
    path = REPO / "Examples" / "clients" / "python" / "rulebook_client.py"
    spec = importlib.util.spec_from_file_location("rulebook_client", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rulebook_client = load_client_module()


def declared(feature, *, scale=True):
    """A declared spec; with `scale` it holds an animation value (/state/properties/1) and a
    generic action case (/action/cases/1), both error-severity findings."""
    properties = [{"name": "title", "type": "String"}]
    cases = [{"name": "onAppear"}]
    if scale:
        properties.append({"name": "badgeScale", "type": "CGFloat"})
        cases.append({"name": "update", "associatedValues": [{"type": "State"}]})
    return {
        "feature": feature, "dialect": "modern", "file": f"{feature}.rulebook.json",
        "state": {"name": "State", "conformances": ["Equatable"], "properties": properties},
        "action": {"name": "Action", "cases": cases},
    }


def rule_pointers(verdict):
    return {(f["ruleId"], f["pointer"]) for f in verdict["findings"]}


SEEDED = {("state-animation-value", "/state/properties/1"), ("action-generic-case", "/action/cases/1")}


# ---------------------------------------------------------------------------------------
# A pipeline of the real executables on private ipc endpoints


class Services:
    def __init__(self, bin_dir, folder, processes):
        self.bin_dir = bin_dir
        self.folder = folder
        self.processes = processes
        self.endpoint = {name: f"ipc://{folder}/{name}" for name in ("intake", "work", "results", "events")}
        self.db = folder / "rulebook.sqlite"
        self.children = {}

    def spawn(self, name, executable, *args, log_format="text", log_level="info"):
        log = open(self.folder / f"{name}.log", "wb")
        child = self.processes.start(
            [self.bin_dir / executable, *args, "--heartbeat-interval", HEARTBEAT_SECONDS,
             "--log-level", log_level, "--log-format", log_format],
            stdout=subprocess.DEVNULL, stderr=log)
        log.close()
        self.children[name] = child
        return child

    def log(self, name):
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def start(self):
        e = self.endpoint
        self.spawn("persister", "rulebook-persister", "--results", e["results"], "--events", e["events"], "--db", self.db,
                   log_format="json", log_level="debug")
        for index in (1, 2):
            self.spawn(f"validator-{index}", "rulebook-validator", "--work", e["work"], "--results", e["results"],
                       log_format="logfmt", log_level="debug")
        self.spawn("producer", "rulebook-producer", "serve", "--intake", e["intake"], "--work", e["work"],
                   "--results", e["results"], "--events", e["events"], "--journal", self.folder / "producer-journal.sqlite")
        return self

    def client(self):
        return rulebook_client.RulebookClient(self.endpoint["intake"], self.endpoint["events"])

    def rulebook(self, *args, input=None, timeout=60):
        return subprocess.run(
            [str(self.bin_dir / "rulebook"), *map(str, args)], input=input, capture_output=True, text=True,
            timeout=timeout, cwd=REPO)


@pytest.fixture
def services(bin_dir, ipc_dir, processes):
    return Services(bin_dir, ipc_dir, processes).start()


@pytest.fixture
def client(services):
    with services.client() as running:
        running.wait_ready(timeout=WAIT_SECONDS, validators=2)
        yield running


# ---------------------------------------------------------------------------------------
# The Python client


def test_python_client_pushes_specs_and_reads_their_verdicts(client, services):
    verdict = client.check(declared("InteropProfile"), timeout=WAIT_SECONDS)
    assert verdict["status"] == "validated" and verdict["duplicate"] is False
    assert verdict["feature"] == "InteropProfile"
    assert rule_pointers(verdict) >= SEEDED
    assert rulebook_client.fails(verdict)

    clean = client.check(declared("InteropClean", scale=False), timeout=WAIT_SECONDS)
    assert clean["status"] == "validated" and not any(f["severity"] == "error" for f in clean["findings"])

    # A misspelt member is rejected with its taxonomy code, and the worker goes on.
    bad = client.spec_event({"feature": "Typo", "sate": {}})
    rejected = client.verdict(bad, timeout=WAIT_SECONDS)
    assert rejected["status"] == "rejected" and rejected["code"] == "RB104" and "sate" in rejected["message"]
    assert "findings" not in rejected

    # The same event again (a resend) is stored once and answered with the stored verdict.
    event = client.spec_event(declared("InteropAgain"))
    first = client.verdict(event, timeout=WAIT_SECONDS)
    again = client.verdict(event, timeout=WAIT_SECONDS)
    assert (first["duplicate"], again["duplicate"]) == (False, True)
    assert again["findings"] == first["findings"] and again["status"] == "validated"

    # Run and spec ids travel in the structured logs (JSON lines and logfmt).
    lines = [json.loads(line) for line in services.log("persister").splitlines()]
    stored = [line for line in lines if line["msg"] == "spec stored" and line["spec"] == event["id"]]
    assert stored and stored[0]["run"].startswith("serve-") and stored[0]["logger"] == "rulebook.persister"
    assert all({"time", "level", "logger", "msg"} <= set(line) for line in lines)
    validators = services.log("validator-1") + services.log("validator-2")
    assert f"spec={event['id']}" in validators and 'msg="spec validated"' in validators


def test_python_client_command_line(services):
    script = REPO / "Examples" / "clients" / "python" / "rulebook_client.py"
    spec = json.dumps(declared("CommandLine"))
    args = [sys.executable, str(script), "-", "--intake", services.endpoint["intake"], "--events", services.endpoint["events"],
            "--timeout", str(WAIT_SECONDS)]
    result = subprocess.run(args, input=spec, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert rule_pointers(json.loads(result.stdout)) >= SEEDED
    clean = subprocess.run(args, input=json.dumps(declared("CommandLineClean", scale=False)), capture_output=True,
                           text=True, timeout=60)
    assert clean.returncode == 0, clean.stderr


# ---------------------------------------------------------------------------------------
# Every event parses with the CloudEvents Python SDK


def parse_with_sdk(frame):
    """Parses one frame with the CloudEvents SDK's structured JSON format (cloudevents 2.x
    `cloudevents.core`, else 1.x `cloudevents.http.from_json`), returning attributes and data."""
    try:
        from cloudevents.core.formats.json import JSONFormat
    except ImportError:
        from cloudevents.http import from_json
        event = from_json(frame)
        return dict(event.get_attributes()), event.get_data()
    event = JSONFormat().read(None, frame)
    return dict(event.get_attributes()), event.get_data()


def parse_with_legacy_sdk(frame):
    """The SDK's older conversion API, kept in 2.x as `cloudevents.v1.http`."""
    try:
        from cloudevents.v1.http import from_json
    except ImportError:
        from cloudevents.http import from_json
    event = from_json(frame)
    return dict(event.get_attributes()), event.get_data()


def assert_parses(frame):
    raw = json.loads(frame)
    for parse in (parse_with_sdk, parse_with_legacy_sdk):
        attributes, data = parse(frame)
        assert attributes["specversion"] == "1.0"
        # Forwarded events keep what their sender gave; Rulebook's own always carry all three.
        own = not raw["source"].startswith("urn:")
        for key in ("id", "source", "type", "datacontenttype", "dataschema"):
            assert attributes.get(key) == raw.get(key), (parse.__name__, key)
            assert key in raw or not own, (raw["type"], key)
        assert attributes.get("runid") == raw.get("runid")
        time_value = attributes["time"]  # a datetime in cloudevents.core, a string in the older API
        if isinstance(time_value, str):
            time_value = datetime.fromisoformat(time_value.replace("Z", "+00:00"))
        assert time_value.tzinfo is not None, (parse.__name__, time_value)
        assert data == raw["data"]
    return raw


class Tap:
    """Python sockets standing where workers would be, recording every frame as sent."""

    def __init__(self, folder):
        self.context = zmq.Context()
        self.frames = []
        self.sockets = []
        self.folder = folder

    def socket(self, kind, endpoint, bind):
        sock = self.context.socket(kind)
        sock.setsockopt(zmq.LINGER, 0)
        (sock.bind if bind else sock.connect)(endpoint)
        self.sockets.append(sock)
        return sock

    def close(self):
        for sock in self.sockets:
            sock.close(linger=0)
        self.context.term()


def test_every_event_rulebook_emits_parses_with_the_cloudevents_sdk(bin_dir, ipc_dir, processes, services):
    # Stage 1: the producer and a validator with Python in between, so the frames that travel
    # between workers (spec.submitted, spec.validated, spec.rejected, run.opened and the
    # workers' heartbeats) are captured exactly as sent.
    tapped = ipc_dir / "tap"
    tapped.mkdir()
    ep = {name: f"ipc://{tapped}/{name}" for name in ("intake", "work", "relay", "results", "events")}
    tap = Tap(tapped)
    try:
        results = tap.socket(zmq.PULL, ep["results"], bind=True)
        events = tap.socket(zmq.PUB, ep["events"], bind=True)
        relay = tap.socket(zmq.PUSH, ep["relay"], bind=True)
        work = tap.socket(zmq.PULL, ep["work"], bind=False)
        args = ["--heartbeat-interval", HEARTBEAT_SECONDS]
        processes.start([bin_dir / "rulebook-producer", "serve", "--intake", ep["intake"], "--work", ep["work"],
                         "--results", ep["results"], "--events", ep["events"], "--journal", tapped / "producer-journal.sqlite",
                         *args])
        processes.start([bin_dir / "rulebook-validator", "--work", ep["relay"], "--results", ep["results"], *args])
        intake = tap.socket(zmq.PUSH, ep["intake"], bind=False)
        runid = f"sdk-{uuid.uuid4()}"
        intake.send(json.dumps({
            "specversion": "1.0", "id": str(uuid.uuid4()), "source": "urn:sdk-test", "type": "dev.rulebook.run.opened",
            "runid": runid, "data": {"runId": runid, "expectedSpecs": 2}}).encode())
        for spec in (declared("SdkGood"), {"feature": "SdkEmpty", "origin": "swift-source", "files": []}):
            data = {"feature": spec["feature"], "origin": "declared", "declared": spec} if "origin" not in spec else spec
            intake.send(json.dumps({"specversion": "1.0", "id": str(uuid.uuid4()), "source": "urn:sdk-test",
                                    "type": "dev.rulebook.spec.submitted", "runid": runid, "data": data}).encode())
        intake.send(b"not json")
        captured = []

        def pump():
            poller = zmq.Poller()
            poller.register(results, zmq.POLLIN)
            poller.register(work, zmq.POLLIN)
            for sock, _ in poller.poll(100):
                frame = sock.recv()
                captured.append(frame)
                if sock is work:
                    relay.send(frame)
            types = {json.loads(f)["type"] for f in captured}
            roles = {json.loads(f)["data"]["role"] for f in captured if json.loads(f)["type"] == HEARTBEAT}
            return ALL_TYPES - {"dev.rulebook.run.completed", "dev.rulebook.spec.persisted"} <= types and \
                {"producer", "validator"} <= roles and len([f for f in captured if b"spec.rejected" in f]) >= 2

        wait_until(pump, timeout=WAIT_SECONDS, message="every inter-worker event type")
    finally:
        tap.close()

    # Stage 2: the persister's events socket (acks, run completion, heartbeats of all roles).
    with services.client() as client:
        client.wait_ready(timeout=WAIT_SECONDS, validators=2)
        runid = f"sdk2-{uuid.uuid4()}"
        client.send({"specversion": "1.0", "id": str(uuid.uuid4()), "source": client.source,
                     "type": "dev.rulebook.run.opened", "runid": runid, "data": {"runId": runid, "expectedSpecs": 1}})
        client.verdict(client.spec_event(declared("SdkPersisted"), runid=runid), timeout=WAIT_SECONDS)
        wait_until(lambda: client._read(100) or any(e["type"] == "dev.rulebook.run.completed" for e in client.received),
                   timeout=WAIT_SECONDS, message="run.completed")
        wait_until(lambda: client._read(100) or {b["role"] for b in client.heartbeats()} == {"producer", "validator", "persister"},
                   timeout=WAIT_SECONDS, message="heartbeats of every role")
        frames = [json.dumps(event).encode() for event in client.received]

    seen = {assert_parses(frame)["type"] for frame in captured + frames}
    assert seen == ALL_TYPES


# ---------------------------------------------------------------------------------------
# rulebook push and rulebook status


def test_push_waits_for_verdicts_and_exits_like_check(services, tmp_path):
    good = tmp_path / "clean.json"
    good.write_text(json.dumps(declared("PushClean", scale=False)))
    common = ["--intake", services.endpoint["intake"], "--events", services.endpoint["events"], "--timeout", WAIT_SECONDS]
    result = services.rulebook("push", good, "--wait", *common)
    assert result.returncode == 0, result.stderr
    (verdict,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert verdict["status"] == "validated" and verdict["feature"] == "PushClean"
    assert "1 validated, 0 rejected" in result.stderr

    # JSON Lines on stdin: a declared spec and a whole CloudEvent (its source and id are kept).
    event = {"specversion": "1.0", "id": "push-event-1", "source": "urn:push-test", "type": "dev.rulebook.spec.submitted",
             "data": {"feature": "PushEvent", "origin": "declared", "declared": declared("PushEvent")}}
    lines = json.dumps(declared("PushLine")) + "\n" + json.dumps(event) + "\n"
    result = services.rulebook("push", "-", "--wait", *common, input=lines)
    assert result.returncode == 1, result.stderr
    verdicts = {v["feature"]: v for v in map(json.loads, result.stdout.splitlines())}
    assert set(verdicts) == {"PushLine", "PushEvent"}
    assert (verdicts["PushEvent"]["specSource"], verdicts["PushEvent"]["specId"]) == ("urn:push-test", "push-event-1")
    assert all(rule_pointers(v) >= SEEDED for v in verdicts.values())
    runs = {v["runId"] for v in verdicts.values()}
    assert len(runs) == 1

    # Pushed again: already stored, so the verdict is a duplicate in a new run; still answered.
    again = services.rulebook("push", "-", "--wait", *common, input=json.dumps(event))
    assert again.returncode == 1 and json.loads(again.stdout)["duplicate"] is True, again.stderr

    # Without --wait: queued, not awaited.
    queued = services.rulebook("push", good, *common)
    assert queued.returncode == 0 and json.loads(queued.stdout)["specs"] == 1, queued.stderr

    # Input errors exit 2 and name where they are; nothing is sent.
    bad = services.rulebook("push", "-", *common, input=json.dumps(declared("Ok")) + "\n{oops\n")
    assert bad.returncode == 2 and "stdin:2" in bad.stderr and "RB100" in bad.stderr, bad.stderr
    twice = services.rulebook("push", "-", *common, input=json.dumps(event) + "\n" + json.dumps(event) + "\n")
    assert twice.returncode == 2 and "push-event-1" in twice.stderr


def test_push_without_a_pipeline_fails_with_exit_3(bin_dir, ipc_dir):
    spec = json.dumps(declared("Nowhere"))
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "push", "-", "--wait", "--timeout", "1", "--intake", f"ipc://{ipc_dir}/none-intake",
         "--events", f"ipc://{ipc_dir}/none-events"], input=spec, capture_output=True, text=True, timeout=30)
    assert result.returncode == 3 and "RB504" in result.stderr, result.stderr


def test_status_lists_live_workers_with_counters_and_last_errors(client, services):
    client.check(declared("StatusSpec"), timeout=WAIT_SECONDS)
    client.verdict(client.spec_event({"feature": "StatusTypo", "sate": {}}), timeout=WAIT_SECONDS)
    common = ["--events", services.endpoint["events"], "--duration", "1.5"]
    result = services.rulebook("status", *common, "--format", "json")
    assert result.returncode == 0, result.stderr
    status = json.loads(result.stdout)
    roles = sorted(w["role"] for w in status["workers"])
    assert roles == ["persister", "producer", "validator", "validator"], status
    pids = {w["pid"] for w in status["workers"]}
    assert pids == {child.pid for child in services.children.values()}
    producer = next(w for w in status["workers"] if w["role"] == "producer")
    # The misspelt spec is a valid event: forwarded like the good one (decoding the spec is
    # the validators' work) and refused by the validator that decoded it.
    assert producer["queueDepth"] == 0 and producer["resent"] == 0 and producer["processed"] >= 2
    validators = [w for w in status["workers"] if w["role"] == "validator"]
    assert sum(w["rejected"] for w in validators) >= 1
    assert any((w.get("lastError") or {}).get("code") == "RB104" for w in validators), validators
    persister = next(w for w in status["workers"] if w["role"] == "persister")
    assert persister["stored"] >= 2 and persister["rejected"] >= 1 and persister["heartbeats"] >= 2
    assert any(e["error"]["code"] == "RB104" for e in status["lastErrors"])
    assert status["queueDepth"] == 0 and status["throughput"] is not None

    text = services.rulebook("status", *common)
    assert text.returncode == 0 and "validated" in text.stdout and "queue depth: 0" in text.stdout, text.stderr
    assert "RB104" in text.stdout


def test_status_without_heartbeats_exits_3(bin_dir, ipc_dir):
    result = subprocess.run([str(bin_dir / "rulebook"), "status", "--events", f"ipc://{ipc_dir}/silent", "--duration", "0.5"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 3 and "RB504" in result.stderr and "no heartbeats" in result.stdout


# ---------------------------------------------------------------------------------------
# deploy/: Procfile under honcho, systemd units, env.example


def free_ports(count):
    sockets = []
    try:
        for _ in range(count):
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def process_gone(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = pathlib.Path(f"/proc/{pid}/stat")
    return status.exists() and status.read_text().split(")")[-1].split()[0] == "Z"


def test_procfile_runs_under_honcho_and_stops_cleanly(bin_dir, tmp_path):
    assert importlib.util.find_spec("honcho"), "honcho is not installed; run scripts/install-deps --test"
    ports = free_ports(4)
    endpoints = {name: f"tcp://127.0.0.1:{port}" for name, port in zip(("INTAKE", "WORK", "RESULTS", "EVENTS"), ports)}
    # deploy/env.example, edited the way its header says (copy to .env and edit).
    env_file = tmp_path / ".env"
    text = (DEPLOY / "env.example").read_text()
    for name, endpoint in endpoints.items():
        text = re.sub(rf"^RULEBOOK_{name}=.*$", f"RULEBOOK_{name}={endpoint}", text, flags=re.M)
    text = re.sub(r"^RULEBOOK_DB=.*$", f"RULEBOOK_DB={tmp_path / 'deploy.sqlite'}", text, flags=re.M)
    env_file.write_text(text)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    for name in ("INTAKE", "WORK", "RESULTS", "EVENTS", "DB", "LOG_LEVEL", "LOG_FORMAT"):
        env.pop(f"RULEBOOK_{name}", None)
    log = open(tmp_path / "honcho.log", "wb")
    manager = subprocess.Popen([sys.executable, "-m", "honcho", "-f", str(DEPLOY / "Procfile"), "-d", str(tmp_path), "-e", str(env_file), "start"],
                               cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    pids = set()
    try:
        with rulebook_client.RulebookClient(endpoints["INTAKE"], endpoints["EVENTS"]) as client:
            try:
                client.wait_ready(timeout=WAIT_SECONDS, validators=2)
            except TimeoutError:
                pytest.fail((tmp_path / "honcho.log").read_text())
            verdicts = [client.check(declared(f"Procfile{index}"), timeout=WAIT_SECONDS) for index in range(3)]
            assert all(v["status"] == "validated" and rule_pointers(v) >= SEEDED for v in verdicts)
            wait_until(lambda: client._read(100) or {b["role"] for b in client.heartbeats()} == {"producer", "validator", "persister"},
                       timeout=WAIT_SECONDS, message="heartbeats of every role")
            beats = client.heartbeats()
            pids = {b["pid"] for b in beats}
            assert len({b["worker"] for b in beats if b["role"] == "validator"}) == 2
            wait_until(lambda: client._read(100) or any(b["role"] == "persister" and b["stored"] >= 3 for b in client.heartbeats()),
                       timeout=WAIT_SECONDS, message="a persister heartbeat counting the stored specs")
        status = subprocess.run([str(bin_dir / "rulebook"), "status", "--duration", "1"], env={**env, "RULEBOOK_EVENTS": endpoints["EVENTS"]},
                                capture_output=True, text=True, timeout=30)
        assert status.returncode == 0 and status.stdout.count("validator-") == 2, status.stdout + status.stderr
        assert len(pids) == 4
        assert (tmp_path / "deploy.sqlite").exists()
    finally:
        manager.send_signal(signal.SIGTERM)
        try:
            manager.wait(timeout=TERM_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(manager.pid, signal.SIGKILL)
            manager.wait(timeout=TERM_SECONDS)
            pytest.fail("honcho still running after SIGTERM")
        finally:
            log.close()
    wait_until(lambda: all(process_gone(pid) for pid in pids), timeout=TERM_SECONDS, message="every worker gone")
    output = (tmp_path / "honcho.log").read_text()
    # Every worker exited with status 0 after SIGTERM (honcho names them NAME.1).
    for name in ("producer", "validator1", "validator2", "persister"):
        assert f"{name}.1 stopped (rc=0)" in output, output
    # logfmt from env.example reached the workers.
    assert "level=info logger=rulebook.persister" in output


def test_procfile_calls_the_executables_by_name_with_the_database_from_rulebook_db():
    commands = {}
    for line in (DEPLOY / "Procfile").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, command = line.split(":", 1)
            commands[name.strip()] = command.split()
    assert sorted(commands) == ["persister", "producer", "validator1", "validator2"]
    assert all(words[0] == "exec" and "/" not in words[1] for words in commands.values())
    assert commands["producer"][1:] == ["rulebook-producer", "serve"]
    assert "${RULEBOOK_DB" in " ".join(commands["persister"])


def rulebook_variables_in_sources():
    names = set()
    for path in (REPO / "Sources").rglob("*.swift"):
        names |= set(re.findall(r"RULEBOOK_[A-Z_]+[A-Z]", path.read_text()))
    return names


def test_env_example_lists_every_variable_the_code_reads():
    listed = set(re.findall(r"^#?(RULEBOOK_[A-Z_]+)=", (DEPLOY / "env.example").read_text(), flags=re.M))
    used = rulebook_variables_in_sources()
    assert {"RULEBOOK_INTAKE", "RULEBOOK_DB", "RULEBOOK_LOG_FORMAT", "RULEBOOK_CURVE_SECRET_KEY"} <= used
    assert used - listed == set(), f"missing from deploy/env.example: {sorted(used - listed)}"
    assert listed - used == set(), f"not read by any source: {sorted(listed - used)}"


def test_systemd_units_pass_systemd_analyze_verify(bin_dir, tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (scripts/install-deps --test installs systemd)")
    units = sorted((DEPLOY / "systemd").iterdir())
    assert [u.name for u in units] == [
        "rulebook-persister.service", "rulebook-producer.service", "rulebook-validator@.service", "rulebook.target"]
    # The units start /usr/local/bin/rulebook-*; verify checks that those exist, so verify
    # copies that start the executables just built.
    copies = tmp_path / "units"
    copies.mkdir()
    for unit in units:
        (copies / unit.name).write_text(unit.read_text().replace("/usr/local/bin/", f"{bin_dir}/"))
    result = subprocess.run([analyze, "verify", *sorted(str(p) for p in copies.iterdir())], cwd=copies,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr
    # The check is real here: a broken unit fails it.
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "rulebook-producer.service").write_text(
        (copies / "rulebook-producer.service").read_text().replace("ExecStart=", "ExecStart=relative/"))
    refused = subprocess.run([analyze, "verify", str(broken / "rulebook-producer.service")], capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0


# ---------------------------------------------------------------------------------------
# rulebook check's progress bar: on a terminal only


def test_check_shows_progress_on_a_terminal_only(bin_dir):
    leader, follower = pty.openpty()
    try:
        child = subprocess.Popen([str(bin_dir / "rulebook"), "check", "Examples", "--workers", "2", "--format", "json"],
                                 cwd=REPO, stdout=subprocess.DEVNULL, stderr=follower)
        os.close(follower)
        output = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        assert child.wait(timeout=120) == 1
    finally:
        os.close(leader)
    text = output.decode()
    total = re.search(r"\r\[[#-]{24}\]  0/(\d+) files", text)
    assert total, text
    assert re.search(rf"\r\[#{{24}}\]  {total.group(1)}/{total.group(1)} files  [\d.]+ files/s  ETA 0s", text), text
    assert "\r\x1b[K" in text  # erased before the summary line

    piped = subprocess.run([str(bin_dir / "rulebook"), "check", "Examples", "--workers", "2", "--format", "json"],
                           cwd=REPO, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 1
    assert "files/s" not in piped.stderr and "\r" not in piped.stderr


# ---------------------------------------------------------------------------------------
# The same clients against a pipeline with CURVE keys (SECURITY.md)


def test_clients_take_curve_keys(bin_dir, ipc_dir, processes):
    from test_curve import CurvePipeline, Keys, clean_environment, read_key

    pipeline = CurvePipeline(bin_dir, ipc_dir, processes, Keys(bin_dir, ipc_dir)).start()
    try:
        keys, e = pipeline.keys, pipeline.endpoint
        curve = (*pipeline.keys.pair("client"), read_key(keys.public("server")))
        with rulebook_client.RulebookClient(e["intake"], e["events"], curve=curve) as client:
            client.wait_ready(timeout=WAIT_SECONDS, validators=1)
            assert rule_pointers(client.check(declared("CurveClient"), timeout=WAIT_SECONDS)) >= SEEDED
        flags = ["--curve-secret-key", keys.secret("client"), "--curve-server-key", keys.public("server")]
        push = subprocess.run(
            [str(bin_dir / "rulebook"), "push", "-", "--wait", "--timeout", str(WAIT_SECONDS), "--intake", e["intake"],
             "--events", e["events"], *map(str, flags)],
            input=json.dumps(declared("CurvePush", scale=False)), capture_output=True, text=True, timeout=60,
            env=clean_environment())
        assert push.returncode == 0 and json.loads(push.stdout)["feature"] == "CurvePush", push.stderr
        status = subprocess.run([str(bin_dir / "rulebook"), "status", "--events", e["events"], "--duration", "1", *map(str, flags)],
                                capture_output=True, text=True, timeout=30, env=clean_environment())
        assert status.returncode == 0 and "producer" in status.stdout, status.stdout + status.stderr
        # Without keys nothing is heard.
        silent = subprocess.run([str(bin_dir / "rulebook"), "status", "--events", e["events"], "--duration", "1"],
                                capture_output=True, text=True, timeout=30, env=clean_environment())
        assert silent.returncode == 3
    finally:
        pipeline.close()

"""Acceptance test of the service pipeline with real processes and real ZeroMQ sockets.

A persister, two validators and `rulebook-producer serve` run as separate processes on
private ipc:// endpoints. The tests talk to them the way other tools would: the
`rulebook-producer scan` client, a pyzmq PUSH client on the intake, a pyzmq SUB client on
the events socket, and Python's sqlite3 on the persister's database.
"""
import json
import signal
import sqlite3
import subprocess
import time
import uuid
from collections import defaultdict

import pytest
import zmq

from conftest import wait_until

HEARTBEAT_SECONDS = "0.2"
WAIT_SECONDS = 20.0
TERM_SECONDS = 5.0
FOREIGN_SOURCE = "urn:rulebook-interop:pytest"
LEGACY_SUFFIXES = ("State", "Action", "Reducer", "Environment", "View")

SUBMITTED = "dev.rulebook.spec.submitted"
RUN_OPENED = "dev.rulebook.run.opened"
RUN_COMPLETED = "dev.rulebook.run.completed"
PERSISTED = "dev.rulebook.spec.persisted"
HEARTBEAT = "dev.rulebook.worker.heartbeat"


# ---------------------------------------------------------------------------------------
# Messages a foreign client builds


def cloud_event(event_type, data, *, event_id=None, source=FOREIGN_SOURCE, runid=None, **extra):
    """A CloudEvents 1.0 event in structured JSON mode, as any client would write it."""
    event = {
        "specversion": "1.0",
        "id": event_id or str(uuid.uuid4()),
        "source": source,
        "type": event_type,
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "datacontenttype": "application/json",
        "data": data,
    }
    if runid is not None:
        event["runid"] = runid
    event.update(extra)
    return event


def run_opened(runid, expected_specs):
    return cloud_event(
        RUN_OPENED,
        {"runId": runid, "expectedSpecs": expected_specs, "tool": "pytest interop", "paths": [], "ruleSetVersion": "interop"},
        runid=runid,
    )


def declared_spec(feature, file):
    """A declared spec with one animation value in State (/state/properties/1) and one
    generic action case (/action/cases/1)."""
    return {
        "feature": feature,
        "dialect": "modern",
        "file": file,
        "state": {
            "name": "State",
            "conformances": ["Equatable"],
            "properties": [{"name": "title", "type": "String"}, {"name": "badgeScale", "type": "CGFloat"}],
        },
        "action": {
            "name": "Action",
            "cases": [{"name": "onAppear"}, {"name": "update", "associatedValues": [{"type": "State"}]}],
        },
    }


CARD_SOURCE = """\
import ComposableArchitecture
import SwiftUI

@Reducer
struct InteropCardFeature {
    @ObservableState
    struct State: Equatable {
        var title: String = ""
        var rotation: Angle = .zero
    }

    enum Action {
        case flipButtonTapped
        case setState(State)
    }
}
"""


def token_location(text, token):
    """1-based (line, column) of the first line holding `token`."""
    for number, line in enumerate(text.splitlines(), start=1):
        if token in line:
            return number, line.index(token) + 1
    raise AssertionError(f"{token!r} not found")


def encode(value):
    return json.dumps(value).encode("utf-8")


# ---------------------------------------------------------------------------------------
# The pipeline under test


class Pipeline:
    """Four worker processes on private ipc endpoints, plus the test's own sockets."""

    def __init__(self, bin_dir, ipc_dir, processes):
        self.bin_dir = bin_dir
        self.folder = ipc_dir
        self.processes = processes
        self.endpoint = {name: f"ipc://{ipc_dir}/{name}" for name in ("intake", "work", "results", "events")}
        self.db = ipc_dir / "rulebook.sqlite"
        self.log_files = {}
        self.children = {}
        self.events = []
        self.context = zmq.Context()
        self.sub = None
        self.intake = None
        self.service_run = None

    # Processes

    def _spawn(self, name, executable, *args):
        log = open(self.folder / f"{name}.log", "wb")
        self.log_files[name] = log
        child = self.processes.start(
            [self.bin_dir / executable, *args, "--heartbeat-interval", HEARTBEAT_SECONDS, "--log-level", "info"],
            stdout=subprocess.DEVNULL, stderr=log)
        self.children[name] = child
        return child

    def start(self, validators=2):
        e = self.endpoint
        self._spawn("persister", "rulebook-persister", "--results", e["results"], "--events", e["events"], "--db", self.db)
        for index in range(1, validators + 1):
            self._spawn(f"validator-{index}", "rulebook-validator", "--work", e["work"], "--results", e["results"])
        self._spawn("producer", "rulebook-producer", "serve", "--intake", e["intake"], "--work", e["work"],
                    "--results", e["results"], "--events", e["events"], "--journal", self.folder / "producer-journal.sqlite")

        self.sub = self.context.socket(zmq.SUB)
        self.sub.setsockopt(zmq.LINGER, 0)
        self.sub.setsockopt(zmq.SUBSCRIBE, b"")
        self.sub.connect(e["events"])
        self.intake = self.context.socket(zmq.PUSH)
        self.intake.setsockopt(zmq.LINGER, 0)
        self.intake.connect(e["intake"])

        # Heartbeats on the events socket prove the persister runs, every validator reaches
        # it, and our subscription is in place (so no ack can be missed from now on).
        def ready():
            self.assert_alive()
            self.pump(100)
            beats = [ev["data"] for ev in self.events if ev.get("type") == HEARTBEAT]
            seen_validators = {b["worker"] for b in beats if b["role"] == "validator"}
            return any(b["role"] == "persister" for b in beats) and len(seen_validators) >= validators

        wait_until(ready, timeout=WAIT_SECONDS, message="heartbeats of the persister and every validator")
        # The producer announces its service run to the persister when it starts.
        rows = wait_until(
            lambda: self.query("SELECT id FROM runs WHERE tool = 'rulebook-producer serve'"),
            timeout=WAIT_SECONDS, message="the producer's service run in the database")
        assert len(rows) == 1, rows
        self.service_run = rows[0]["id"]
        return self

    @property
    def validators(self):
        return [child for name, child in self.children.items() if name.startswith("validator")]

    def assert_alive(self):
        dead = {name: child.returncode for name, child in self.children.items() if child.poll() is not None}
        assert not dead, f"workers exited: {dead}\n{self.logs()}"

    def logs(self):
        parts = []
        for name in self.log_files:
            path = self.folder / f"{name}.log"
            text = path.read_text(errors="replace") if path.exists() else ""
            parts.append(f"--- {name} ---\n{text[-4000:]}")
        return "\n".join(parts)

    def close(self):
        for socket in (self.sub, self.intake):
            if socket is not None:
                socket.close(linger=0)
        self.context.term()
        for log in self.log_files.values():
            log.close()

    # Messages

    def push(self, payload):
        """Pushes one frame (bytes, or a JSON value) to the producer's intake."""
        frame = payload if isinstance(payload, bytes) else encode(payload)
        self.intake.send(frame, zmq.NOBLOCK)

    def pump(self, timeout_ms):
        """Reads every event waiting on the events socket (after polling up to timeout_ms)."""
        if not self.sub.poll(timeout_ms):
            return
        while True:
            try:
                frames = self.sub.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            assert len(frames) == 1, f"events must be single-frame, got {len(frames)} frames"
            self.events.append(json.loads(frames[0]))

    def wait_event(self, predicate, what, timeout=WAIT_SECONDS):
        """The first event (seen so far or arriving within `timeout`) that matches."""
        return self.wait_events(predicate, 1, what, timeout)[0]

    def wait_events(self, predicate, count, what, timeout=WAIT_SECONDS):
        deadline = time.monotonic() + timeout
        while True:
            matches = [ev for ev in self.events if predicate(ev)]
            if len(matches) >= count:
                return matches
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {count} x {what}; got {len(matches)}\n{self.logs()}")
            self.pump(int(min(remaining, 0.1) * 1000) + 1)

    def wait_rows(self, sql, *args, count=1, what="rows"):
        def enough():
            rows = self.query(sql, *args)
            return rows if len(rows) >= count else None

        try:
            return wait_until(enough, timeout=WAIT_SECONDS, message=what)
        except AssertionError as error:
            raise AssertionError(f"{error}; now {self.query(sql, *args)}\n{self.logs()}") from None

    # Database

    def query(self, sql, *args):
        connection = sqlite3.connect(str(self.db), timeout=10)
        try:
            connection.row_factory = sqlite3.Row
            return [dict(row) for row in connection.execute(sql, args)]
        finally:
            connection.close()


def is_ack(event, *, runid=None, source=None, spec_id=None):
    if event.get("type") != PERSISTED:
        return False
    data = event["data"]
    return ((runid is None or data["runId"] == runid)
            and (source is None or data["specSource"] == source)
            and (spec_id is None or data["specId"] == spec_id))


def is_completed(event, runid):
    return event.get("type") == RUN_COMPLETED and event["data"]["runId"] == runid


@pytest.fixture
def pipeline(bin_dir, ipc_dir, processes):
    running = Pipeline(bin_dir, ipc_dir, processes)
    try:
        yield running.start()
    finally:
        running.close()


# ---------------------------------------------------------------------------------------
# What the Examples folder should produce


def expected_features(folder):
    """Feature count by the documented grouping: Swift files of one folder with the same
    feature name form one spec (a legacy `{Feature}` prefix, or the stem without a `+Extension`
    suffix), plus one per declared spec."""
    groups = defaultdict(list)
    count = 0
    for path in sorted(folder.rglob("*")):
        if any(part.startswith(".") for part in path.relative_to(folder).parts):
            continue
        if path.name.endswith(".rulebook.json"):
            count += 1
        elif path.suffix == ".swift":
            base = path.stem.split("+", 1)[0]
            prefix = next((base[: -len(s)] for s in LEGACY_SUFFIXES if base.endswith(s) and len(base) > len(s)), None)
            groups[(path.parent, prefix or base)].append(path)
    return count + len(groups)


def expected_example_findings(repo_root):
    """(rule, file, line, column, pointer) of every seeded violation in Examples/."""
    expected = set()
    for file, token, rule in [
        ("Examples/LegacyLogin/LoginState.swift", "buttonScale", "state-animation-value"),
        ("Examples/LegacyLogin/LoginAction.swift", "update(", "action-generic-case"),
        ("Examples/ModernCard/CardFeature.swift", "rotation", "state-animation-value"),
        ("Examples/ModernCard/CardFeature.swift", "cardOpacity", "state-animation-value"),
        ("Examples/ModernCard/CardFeature.swift", "setState(", "action-generic-case"),
    ]:
        line, column = token_location((repo_root / file).read_text(), token)
        expected.add((rule, file, line, column, None))
    declared = "Examples/Declared/Profile.rulebook.json"
    profile = json.loads((repo_root / declared).read_text())
    scale = next(i for i, p in enumerate(profile["state"]["properties"]) if p["type"] == "CGFloat")
    update = next(i for i, c in enumerate(profile["action"]["cases"]) if c["name"] == "update")
    expected.add(("state-animation-value", declared, None, None, f"/state/properties/{scale}"))
    expected.add(("action-generic-case", declared, None, None, f"/action/cases/{update}"))
    return expected


RULES = ("state-animation-value", "action-generic-case")


def rule_findings(pipeline, spec_row):
    """Findings of the two rules these tests seed violations for (other rules may add more)."""
    return pipeline.query(
        "SELECT * FROM findings WHERE spec_row = ? AND rule_id IN (?, ?)", spec_row, *RULES)


def stored_errors(pipeline, runid):
    (row,) = pipeline.query("SELECT COUNT(*) AS n FROM findings WHERE run_id = ? AND severity = 'error'", runid)
    return row["n"]


def run_scan(bin_dir, repo_root, pipeline, *paths):
    result = subprocess.run(
        [str(bin_dir / "rulebook-producer"), "scan", *paths, "--intake", pipeline.endpoint["intake"],
         "--events", pipeline.endpoint["events"], "--wait", "--timeout", "30"],
        cwd=repo_root, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"scan exited {result.returncode}: {result.stderr}\n{pipeline.logs()}"
    return json.loads(result.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------
# (a) + (c) the producer's scan client against the serving pipeline


def test_scan_examples_completes_the_run_and_stores_every_spec(pipeline, bin_dir, repo_root):
    completed = run_scan(bin_dir, repo_root, pipeline, "Examples")

    features = expected_features(repo_root / "Examples")
    summary = completed["summary"]
    assert summary["specs"] == features
    assert summary["validated"] == features
    assert summary["rejected"] == 0
    assert summary["duplicates"] == 0
    assert summary["errors"] > 0
    run_id = completed["runId"]
    # The same completion was published to every subscriber, not only the scan client.
    published = pipeline.wait_event(lambda ev: is_completed(ev, run_id), "run.completed of the scan")
    assert published["data"] == completed
    assert published["specversion"] == "1.0" and published["runid"] == run_id

    (run,) = pipeline.query("SELECT * FROM runs WHERE id = ?", run_id)
    assert run["expected_specs"] == features
    assert run["completed_at"] is not None
    assert run["tool"] == "rulebook-producer scan"
    assert json.loads(run["paths"]) == ["Examples"]

    specs = pipeline.query("SELECT * FROM specs WHERE run_id = ?", run_id)
    assert len(specs) == features
    assert len({(s["spec_source"], s["spec_id"]) for s in specs}) == features
    assert all(s["status"] == "validated" and s["duplicates"] == 0 for s in specs), specs
    names = {s["feature"] for s in specs}
    assert {"Login", "Counter", "Profile"} <= names, names
    origins = defaultdict(int)
    for s in specs:
        origins[s["origin"]] += 1
    assert origins == {"swift-source": features - 1, "declared": 1}

    findings = pipeline.query("SELECT * FROM findings WHERE run_id = ?", run_id)
    assert summary["errors"] == sum(f["severity"] == "error" for f in findings)
    # Examples/Rules/ shows every rule (interop/test_rule_examples.py covers it).
    seen = {(f["rule_id"], f["file"], f["line"], f["column"], f["pointer"]) for f in findings
            if f["rule_id"] in RULES and not f["file"].startswith("Examples/Rules/")}
    assert seen == expected_example_findings(repo_root)
    for finding in findings:
        assert finding["message"]
        assert len(finding["fingerprint"]) == 16 and int(finding["fingerprint"], 16) >= 0
    # Clean features have no findings at all.
    clean_files = {f["file"] for f in findings if "Clean/" in f["file"]}
    assert not clean_files
    # By folder, not by feature name: Examples/Rules/ reuses the names (`Login`, `Profile`).
    def rule_findings(under=None, declared=False):
        return sum(1 for f in findings if f["rule_id"] in RULES and (
            f["pointer"] is not None if declared else f["file"].startswith(under)))
    counts = {"Counter": rule_findings("Examples/LegacyCounterClean/"), "Login": rule_findings("Examples/LegacyLogin/"),
              "Profile": rule_findings(declared=True)}
    assert counts["Counter"] == 0 and counts["Login"] == 2 and counts["Profile"] == 2, counts


# ---------------------------------------------------------------------------------------
# (b) + (c) a foreign pyzmq client


def test_foreign_client_bare_declared_spec_and_cloudevents(pipeline):
    tag = uuid.uuid4().hex[:8]
    bare_feature = f"Basket{tag}"
    bare_file = f"interop/{bare_feature}.rulebook.json"
    runid = f"interop-{uuid.uuid4()}"
    spec_id = f"spec-{uuid.uuid4()}"
    card_path = f"interop/{tag}/InteropCardFeature.swift"
    spec_event = cloud_event(
        SUBMITTED,
        {"feature": f"InteropCard{tag}", "origin": "swift-source", "files": [{"path": card_path, "contents": CARD_SOURCE}]},
        event_id=spec_id, runid=runid)
    # An event that names no run joins the producer's service run.
    loose_id = f"loose-{uuid.uuid4()}"
    loose_event = cloud_event(
        SUBMITTED,
        {"feature": f"Loose{tag}", "origin": "declared", "declared": declared_spec(f"Loose{tag}", f"interop/Loose{tag}.json")},
        event_id=loose_id)

    pipeline.push(declared_spec(bare_feature, bare_file))
    pipeline.push(run_opened(runid, 1))
    pipeline.push(spec_event)
    pipeline.push(loose_event)

    ack = pipeline.wait_event(lambda ev: is_ack(ev, runid=runid, source=FOREIGN_SOURCE, spec_id=spec_id), "ack of our spec")
    assert ack["data"]["status"] == "validated" and ack["data"]["duplicate"] is False
    assert ack["specversion"] == "1.0" and ack["runid"] == runid
    completed = pipeline.wait_event(lambda ev: is_completed(ev, runid), "run.completed of our run")
    summary = completed["data"]["summary"]
    assert (summary["specs"], summary["validated"], summary["rejected"], summary["duplicates"]) == (1, 1, 0, 0)
    assert summary["errors"] == stored_errors(pipeline, runid) >= 2
    # The bare declared spec and the run-less event were acknowledged in the service run.
    service_acks = pipeline.wait_events(
        lambda ev: is_ack(ev, runid=pipeline.service_run), 2, "acks of the service-run specs")
    assert any(a["data"]["specId"] == loose_id and a["data"]["specSource"] == FOREIGN_SOURCE for a in service_acks)

    # (c) Everything is in the database exactly once.
    (ours,) = pipeline.query("SELECT * FROM specs WHERE spec_source = ? AND spec_id = ?", FOREIGN_SOURCE, spec_id)
    assert ours["run_id"] == runid and ours["status"] == "validated" and ours["duplicates"] == 0
    assert ours["origin"] == "swift-source" and ours["dialect"] == "modern"
    (run,) = pipeline.query("SELECT * FROM runs WHERE id = ?", runid)
    assert run["expected_specs"] == 1 and run["completed_at"] is not None and run["tool"] == "pytest interop"
    findings = rule_findings(pipeline, ours["id"])
    located = {(f["rule_id"], f["file"], f["line"], f["column"], f["pointer"]) for f in findings}
    assert located == {
        ("state-animation-value", card_path, *token_location(CARD_SOURCE, "rotation"), None),
        ("action-generic-case", card_path, *token_location(CARD_SOURCE, "setState("), None),
    }

    (bare,) = pipeline.query("SELECT * FROM specs WHERE feature = ?", bare_feature)
    assert bare["run_id"] == pipeline.service_run
    assert bare["origin"] == "declared" and bare["status"] == "validated"
    assert bare["spec_source"].startswith("rulebook://producer/")
    assert any(a["data"]["specId"] == bare["spec_id"] for a in service_acks)
    bare_findings = rule_findings(pipeline, bare["id"])
    assert {(f["rule_id"], f["file"], f["line"], f["column"], f["pointer"]) for f in bare_findings} == {
        ("state-animation-value", bare_file, None, None, "/state/properties/1"),
        ("action-generic-case", bare_file, None, None, "/action/cases/1"),
    }

    (loose,) = pipeline.query("SELECT * FROM specs WHERE spec_source = ? AND spec_id = ?", FOREIGN_SOURCE, loose_id)
    assert loose["run_id"] == pipeline.service_run and loose["status"] == "validated"
    assert pipeline.query("SELECT * FROM rejections") == []
    pipeline.assert_alive()


def test_run_opened_after_its_specs_still_completes(pipeline):
    runid = f"late-{uuid.uuid4()}"
    ids = [f"late-spec-{i}-{uuid.uuid4()}" for i in range(3)]
    for index, spec_id in enumerate(ids):
        feature = f"Late{index}"
        pipeline.push(cloud_event(
            SUBMITTED, {"feature": feature, "origin": "declared", "declared": declared_spec(feature, f"{feature}.json")},
            event_id=spec_id, runid=runid))
    pipeline.wait_events(lambda ev: is_ack(ev, runid=runid), 3, "acks of the early specs")
    assert pipeline.query("SELECT completed_at FROM runs WHERE id = ?", runid) == [{"completed_at": None}]
    pipeline.push(run_opened(runid, 3))
    completed = pipeline.wait_event(lambda ev: is_completed(ev, runid), "run.completed after a late run.opened")
    assert completed["data"]["summary"]["specs"] == 3
    assert completed["data"]["summary"]["errors"] == stored_errors(pipeline, runid) >= 6


# ---------------------------------------------------------------------------------------
# (d) bad messages are answered, stored and survived


def _bad_messages():
    event = cloud_event
    valid_data = {"feature": "X", "origin": "declared", "declared": {"feature": "X"}}
    summary = dict.fromkeys(("specs", "validated", "rejected", "errors", "warnings", "notes", "duplicates"), 0)
    return [
        # (label, frames, expected code, expected spec id: None, a string, or a set of allowed values)
        ("not JSON", [b"this is not JSON at all {"], "RB100", None),
        ("invalid UTF-8", [b'{"feature": "\xff\xfe"}'], "RB105", None),
        ("JSON array", [b"[1, 2, 3]"], "RB101", None),
        ("JSON string", [b'"just a string"'], "RB101", None),
        ("object that is neither event nor spec", [encode({"hello": "world"})], "RB101", None),
        ("specversion 0.3", [encode(event(event_type=SUBMITTED, data=valid_data, event_id="bad-sv", specversion="0.3"))],
         "RB102", "bad-sv"),  # a readable id is recorded, so the sender gets an ack
        ("specversion not a string",
         [encode(event(event_type=SUBMITTED, data=valid_data, event_id="bad-svtype", specversion=1.0))], "RB101", "bad-svtype"),
        ("missing id", [encode({k: v for k, v in event(event_type=SUBMITTED, data=valid_data).items() if k != "id"})],
         "RB101", None),
        ("unknown type", [encode(event(event_type="com.example.unknown", data={}, event_id="bad-type"))], "RB103",
         "bad-type"),
        ("spec.submitted with invalid data",
         [encode(event(event_type=SUBMITTED, data={"feature": 42, "origin": "nowhere"}, event_id="bad-data"))],
         "RB104", "bad-data"),
        ("spec.submitted without files",
         [encode(event(event_type=SUBMITTED, data={"feature": "Empty", "origin": "swift-source", "files": []},
                       event_id="bad-empty"))],
         "RB112", "bad-empty"),
        ("event type not taken by the intake",
         [encode(event(event_type=RUN_COMPLETED, data={"runId": "r", "summary": summary}, event_id="bad-socket"))],
         "RB113", None),  # another known event is not a spec: stored, not counted in the run, not acknowledged
        ("bare declared spec with a mistyped member", [encode({"feature": "Broken", "state": 5})], "RB104", None),
        ("nesting too deep", [b"[" * 200 + b"]" * 200], "RB109", None),
        ("empty frame", [b""], "RB106", None),
        ("two-frame multipart", [encode(declared_spec("Multi", "Multi.json")), b"second frame"], "RB107", None),
        # Refused before decoding, yet the id and source can be read: the sender gets its verdict.
        ("invalid UTF-8 in an event",
         [encode(event(event_type=SUBMITTED, data=valid_data, event_id="bad-utf8")).replace(b'"X"', b'"\xff"', 1)],
         "RB105", "bad-utf8"),
        ("event nesting too deep",
         [encode(event(event_type=SUBMITTED, data={**valid_data, "extra": json.loads("[" * 100 + "]" * 100)},
                       event_id="bad-deep"))], "RB109", "bad-deep"),
        ("multipart whose first frame is an event",
         [encode(event(event_type=SUBMITTED, data=valid_data, event_id="bad-multi")), b"second frame"], "RB107", "bad-multi"),
        ("malformed run.opened", [encode(event(event_type=RUN_OPENED, data={"runId": 5}, event_id="bad-open"))],
         "RB104", None),  # no spec: stored as a rejection of no spec, never as a phantom rejected spec
    ]


def test_bad_messages_are_rejected_with_codes_and_workers_keep_running(pipeline):
    bad = _bad_messages()
    # One PUSH connection, one producer, one path to the persister: rejections are stored in
    # the order the messages were sent.
    for label, frames, code, spec_id in bad:
        pipeline.intake.send_multipart(frames, zmq.NOBLOCK)
    rows = pipeline.wait_rows(
        "SELECT * FROM rejections ORDER BY id", count=len(bad), what=f"{len(bad)} rejections")
    assert len(rows) == len(bad), rows
    got = [(label, row["code"]) for (label, *_), row in zip(bad, rows)]
    assert got == [(label, code) for label, _, code, _ in bad]
    for (label, frames, code, spec_id), row in zip(bad, rows):
        assert row["stage"] == "intake", (label, row)
        assert row["run_id"] == pipeline.service_run, (label, row)
        assert row["message"], (label, row)
        allowed = spec_id if isinstance(spec_id, set) else {spec_id}
        assert row["spec_id"] in allowed, (label, row)
        if row["spec_id"] is not None:
            assert row["spec_source"] == FOREIGN_SOURCE, (label, row)
    assert not pipeline.query("SELECT * FROM specs WHERE spec_id IN ('bad-socket', 'bad-open')")
    by_label = {label: row for (label, *_), row in zip(bad, rows)}
    assert by_label["not JSON"]["excerpt"] == "this is not JSON at all {"
    assert by_label["empty frame"]["excerpt"] == ""
    assert by_label["two-frame multipart"]["excerpt"].startswith('{"feature": "Multi"')

    # A rejected spec that names itself is stored as a rejected spec and acknowledged.
    for spec_id in ("bad-sv", "bad-svtype", "bad-type", "bad-data", "bad-empty", "bad-utf8", "bad-deep", "bad-multi"):
        ack = pipeline.wait_event(lambda ev: is_ack(ev, source=FOREIGN_SOURCE, spec_id=spec_id), f"ack of {spec_id}")
        assert ack["data"]["status"] == "rejected"
        (spec,) = pipeline.query("SELECT * FROM specs WHERE spec_source = ? AND spec_id = ?", FOREIGN_SOURCE, spec_id)
        assert spec["status"] == "rejected"

    # Nothing crashed, and the pipeline still works end to end.
    time.sleep(0.3)
    pipeline.assert_alive()
    feature = f"AfterBad{uuid.uuid4().hex[:8]}"
    pipeline.push(declared_spec(feature, f"{feature}.rulebook.json"))
    (row,) = pipeline.wait_rows("SELECT * FROM specs WHERE feature = ?", feature, what="the good spec after bad ones")
    assert row["status"] == "validated"
    assert len(rule_findings(pipeline, row["id"])) == 2
    assert len(pipeline.query("SELECT * FROM rejections")) == len(bad)
    # The persister's heartbeat counts the rejections it stored.
    pipeline.wait_event(
        lambda ev: ev.get("type") == HEARTBEAT and ev["data"]["role"] == "persister" and ev["data"]["rejected"] >= len(bad),
        "a persister heartbeat counting the rejections")
    pipeline.assert_alive()


def test_validator_rejects_an_oversized_source_and_the_run_still_completes(pipeline):
    runid = f"big-{uuid.uuid4()}"
    spec_id = f"big-spec-{uuid.uuid4()}"
    contents = "// " + "x" * (5 << 20) + "\n"  # over the validator's 4 MiB per-file limit
    pipeline.push(run_opened(runid, 1))
    pipeline.push(cloud_event(
        SUBMITTED, {"feature": "Big", "origin": "swift-source", "files": [{"path": "Big.swift", "contents": contents}]},
        event_id=spec_id, runid=runid))
    ack = pipeline.wait_event(lambda ev: is_ack(ev, runid=runid, spec_id=spec_id), "ack of the oversized spec")
    assert ack["data"]["status"] == "rejected"
    completed = pipeline.wait_event(lambda ev: is_completed(ev, runid), "run.completed")
    summary = completed["data"]["summary"]
    assert (summary["specs"], summary["validated"], summary["rejected"]) == (1, 0, 1)
    (row,) = pipeline.query("SELECT * FROM rejections WHERE spec_id = ?", spec_id)
    assert (row["code"], row["stage"], row["run_id"], row["spec_source"]) == ("RB110", "validator", runid, FOREIGN_SOURCE)
    assert len(row["excerpt"]) <= 160
    (spec,) = pipeline.query("SELECT * FROM specs WHERE spec_id = ?", spec_id)
    assert spec["status"] == "rejected"
    pipeline.assert_alive()


def test_frame_over_the_size_limit_is_rejected_and_the_intake_keeps_working(pipeline):
    # A frame over --max-message-size (16 MiB) is answered with RB108; one over the socket's
    # hard cap (ZMQ_MAXMSGSIZE, twice the limit + 1 MiB) is dropped by libzmq with the
    # connection. The producer survives both and the client can go on sending.
    pipeline.intake.send(b'{"feature": "' + b"y" * (17 << 20) + b'"}')
    (row,) = pipeline.wait_rows("SELECT * FROM rejections WHERE code = 'RB108'", what="the RB108 rejection")
    assert row["stage"] == "intake" and "16777216" in row["message"], row
    pipeline.intake.send(b'{"feature": "' + b"z" * (40 << 20) + b'"}')
    feature = f"AfterHuge{uuid.uuid4().hex[:8]}"
    pipeline.push(declared_spec(feature, f"{feature}.json"))
    (row,) = pipeline.wait_rows("SELECT * FROM specs WHERE feature = ?", feature, what="the spec after the huge frame")
    assert row["status"] == "validated"
    pipeline.assert_alive()


# ---------------------------------------------------------------------------------------
# (e) idempotency on source + id


def test_same_event_twice_is_stored_once_and_counted_as_duplicate(pipeline):
    runid = f"dup-{uuid.uuid4()}"
    spec_id = f"dup-spec-{uuid.uuid4()}"
    event = cloud_event(
        SUBMITTED, {"feature": "Dup", "origin": "declared", "declared": declared_spec("Dup", "Dup.rulebook.json")},
        event_id=spec_id, runid=runid)
    pipeline.push(run_opened(runid, 1))
    pipeline.push(event)
    completed = pipeline.wait_event(lambda ev: is_completed(ev, runid), "run.completed")
    assert completed["data"]["summary"]["specs"] == 1
    assert completed["data"]["summary"]["duplicates"] == 0

    pipeline.push(event)  # the very same event again (same source + id)
    acks = pipeline.wait_events(lambda ev: is_ack(ev, source=FOREIGN_SOURCE, spec_id=spec_id), 2, "two acks")
    assert [a["data"]["duplicate"] for a in acks] == [False, True]
    rows = pipeline.query("SELECT * FROM specs WHERE spec_source = ? AND spec_id = ?", FOREIGN_SOURCE, spec_id)
    assert len(rows) == 1 and rows[0]["duplicates"] == 1, rows
    assert len(rule_findings(pipeline, rows[0]["id"])) == 2

    # Two copies back to back: the producer forwards the second only if it no longer holds the
    # first (acknowledged already, then answered from the store as above); it nearly always
    # still does, and drops the copy (test_reliability.py shows that without a race).
    runid2 = f"dup2-{uuid.uuid4()}"
    spec_id2 = f"dup2-spec-{uuid.uuid4()}"
    event2 = cloud_event(
        SUBMITTED, {"feature": "Dup2", "origin": "declared", "declared": declared_spec("Dup2", "Dup2.rulebook.json")},
        event_id=spec_id2, runid=runid2)
    pipeline.push(run_opened(runid2, 1))
    pipeline.push(event2)
    pipeline.push(event2)
    first2 = pipeline.wait_event(lambda ev: is_ack(ev, source=FOREIGN_SOURCE, spec_id=spec_id2), "the ack")
    assert first2["data"]["duplicate"] is False
    pipeline.wait_event(lambda ev: is_completed(ev, runid2), "run.completed of the second run")
    time.sleep(0.3)
    pipeline.pump(50)
    acks2 = [ev for ev in pipeline.events if is_ack(ev, source=FOREIGN_SOURCE, spec_id=spec_id2)]
    assert [a["data"]["duplicate"] for a in acks2] in ([False], [False, True])
    rows2 = pipeline.query("SELECT * FROM specs WHERE spec_source = ? AND spec_id = ?", FOREIGN_SOURCE, spec_id2)
    assert len(rows2) == 1 and rows2[0]["duplicates"] == len(acks2) - 1, rows2
    assert len(rule_findings(pipeline, rows2[0]["id"])) == 2
    (total,) = pipeline.query("SELECT SUM(duplicates) AS d FROM specs WHERE run_id IN (?, ?)", runid, runid2)
    assert total["d"] == 1 + rows2[0]["duplicates"]
    # The dedupe key is source + id: the same id from another source is another spec.
    other = dict(event, source=FOREIGN_SOURCE + ":other")
    pipeline.push(other)
    pipeline.wait_event(lambda ev: is_ack(ev, source=other["source"], spec_id=spec_id), "ack from the other source")
    rows = pipeline.query("SELECT * FROM specs WHERE spec_id = ? ORDER BY id", spec_id)
    assert [(r["spec_source"], r["duplicates"]) for r in rows] == [(FOREIGN_SOURCE, 1), (other["source"], 0)]
    # Completion is published once per run.
    time.sleep(0.3)
    pipeline.pump(50)
    assert len([ev for ev in pipeline.events if is_completed(ev, runid)]) == 1
    assert len([ev for ev in pipeline.events if is_completed(ev, runid2)]) == 1


# ---------------------------------------------------------------------------------------
# (f) every worker stops cleanly on SIGTERM


@pytest.mark.parametrize("order", ["pipeline-order", "reverse-order", "all-at-once"])
def test_sigterm_stops_every_worker_with_status_0(pipeline, bin_dir, repo_root, order):
    # Give every worker some work first.
    run_scan(bin_dir, repo_root, pipeline, "Examples")
    feature = f"BeforeTerm{uuid.uuid4().hex[:8]}"
    pipeline.push(declared_spec(feature, f"{feature}.json"))
    pipeline.wait_rows("SELECT * FROM specs WHERE feature = ?", feature, what="a spec before SIGTERM")
    pipeline.assert_alive()

    names = ["producer", *[n for n in pipeline.children if n.startswith("validator")], "persister"]
    if order == "reverse-order":
        names.reverse()
    if order == "all-at-once":
        for name in names:
            pipeline.children[name].send_signal(signal.SIGTERM)
    statuses = {}
    for name in names:
        child = pipeline.children[name]
        if order != "all-at-once":
            child.send_signal(signal.SIGTERM)
        try:
            statuses[name] = child.wait(timeout=TERM_SECONDS)
        except subprocess.TimeoutExpired:
            statuses[name] = f"still running {TERM_SECONDS}s after SIGTERM"
    assert statuses == {name: 0 for name in names}, f"{statuses}\n{pipeline.logs()}"


def test_producer_stops_on_sigterm_while_a_spec_waits_for_a_validator(bin_dir, ipc_dir, processes):
    intake, work, results, events = (f"ipc://{ipc_dir}/{name}" for name in ("intake", "work", "results", "events"))
    with open(ipc_dir / "producer.log", "wb") as log:
        producer = processes.start(
            [bin_dir / "rulebook-producer", "serve", "--intake", intake, "--work", work, "--results", results,
             "--events", events, "--journal", ipc_dir / "producer-journal.sqlite"],
            stderr=log)
    context = zmq.Context()
    try:
        push = context.socket(zmq.PUSH)
        push.connect(intake)
        push.send(encode(declared_spec("Waiting", "Waiting.json")))
        time.sleep(0.5)  # the producer takes it and waits for a validator
        push.close(linger=1000)
    finally:
        context.term()
    assert producer.poll() is None
    producer.send_signal(signal.SIGTERM)
    try:
        status = producer.wait(timeout=TERM_SECONDS)
    except subprocess.TimeoutExpired:
        producer.kill()
        producer.wait(timeout=TERM_SECONDS)
        pytest.fail(f"producer still running {TERM_SECONDS}s after SIGTERM")
    assert status == 0


def test_validator_stops_within_5s_of_sigterm_despite_a_backlog(bin_dir, ipc_dir, processes):
    props = "".join(f"        var field{k}: String = \"\"\n" for k in range(40))
    source = CARD_SOURCE.replace("        var title: String = \"\"\n", props)
    runid = f"backlog-{uuid.uuid4()}"
    pipeline = Pipeline(bin_dir, ipc_dir, processes)
    try:
        pipeline.start(validators=1)
        for index in range(400):  # many seconds of work for one debug-build validator
            pipeline.push(cloud_event(
                SUBMITTED, {"feature": f"Backlog{index}", "origin": "swift-source",
                            "files": [{"path": f"Backlog{index}.swift", "contents": source}]},
                runid=runid))
        pipeline.wait_event(lambda ev: is_ack(ev, runid=runid), "the first ack")
        validator = pipeline.validators[0]
        validator.send_signal(signal.SIGTERM)
        try:
            status = validator.wait(timeout=TERM_SECONDS)
        except subprocess.TimeoutExpired:
            pytest.fail(f"validator still running {TERM_SECONDS}s after SIGTERM with a backlog")
        assert status == 0
    finally:
        # Do not wait for the backlog in teardown.
        for child in pipeline.children.values():
            if child.poll() is None:
                child.kill()
                child.wait(timeout=TERM_SECONDS)
        pipeline.close()


def test_a_late_subscriber_hears_who_is_alive_at_once(bin_dir, ipc_dir, processes):
    """The persister answers a new subscription with its heartbeat and the fresh heartbeats of
    the workers it forwards, so a client that connects between two beats (here 30 s apart)
    knows at once that the pipeline is ready — what lets `rulebook check` start sending
    without waiting for a heartbeat tick."""
    e = {name: f"ipc://{ipc_dir}/{name}" for name in ("work", "results", "events")}
    slow = ["--heartbeat-interval", "30", "--log-level", "warning"]
    processes.start([bin_dir / "rulebook-persister", "--results", e["results"], "--events", e["events"],
                     "--db", ipc_dir / "late.sqlite", *slow])
    processes.start([bin_dir / "rulebook-validator", "--work", e["work"], "--results", e["results"], *slow])
    time.sleep(1.5)  # the beats sent at start are long gone; the next are 30 s away
    context = zmq.Context()
    sub = context.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(e["events"])
    try:
        roles = set()
        deadline = time.monotonic() + 5
        while roles != {"persister", "validator"} and time.monotonic() < deadline:
            if sub.poll(100):
                event = json.loads(sub.recv())
                if event.get("type") == HEARTBEAT:
                    roles.add(event["data"]["role"])
        assert roles == {"persister", "validator"}, f"heard only {roles} within 5 s of subscribing"
    finally:
        sub.close(0)
        context.term()


@pytest.mark.parametrize("executable", ["rulebook-validator", "rulebook-persister"])
def test_a_worker_started_with_stop_signals_blocked_still_stops_on_sigterm(bin_dir, ipc_dir, processes, executable):
    """A process inherits the signal mask of the thread that starts it (a thread pool's
    thread blocks signals): a worker unblocks SIGINT and SIGTERM itself, so it still stops
    cleanly instead of being killed after the grace period."""
    e = {name: f"ipc://{ipc_dir}/{name}" for name in ("work", "results", "events")}
    args = {"rulebook-validator": ["--work", e["work"], "--results", e["results"]],
            "rulebook-persister": ["--results", e["results"], "--events", e["events"], "--db", ipc_dir / "blocked.sqlite"]}
    child = processes.start([bin_dir / executable, *args[executable], "--log-level", "info"],
                            preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT}))
    time.sleep(1)
    assert child.poll() is None, child.stderr.read().decode(errors="replace")
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=TERM_SECONDS) == 0

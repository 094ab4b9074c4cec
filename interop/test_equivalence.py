"""End to end: a Swift feature and its declared spec get the same findings.

For each Swift feature folder in `Examples/` (not the declared one), `rulebook describe`
prints the declared spec(s) of its code. Each is checked against
`schemas/declared-spec.schema.json`, then pushed as a bare declared spec (pyzmq PUSH) to the
intake of a real pipeline — `rulebook-persister`, two `rulebook-validator`s and
`rulebook-producer serve` on private `ipc://` endpoints. After the persister's
`dev.rulebook.spec.persisted` ack (SUB on its events socket), the stored findings are read from
its SQLite database and compared with `rulebook check <folder> --format json` as multisets of
(ruleId, severity, message). Locations differ by design (declared findings carry a JSON
pointer, Swift findings a line and column), and three ids exist only for Swift sources:
`source-parse-error`, `suppression-unknown-rule` and `suppression-unused`.
"""
import json
import pathlib
import sqlite3
import subprocess
import time
from collections import Counter

import pytest
import zmq
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from conftest import REPO, wait_until

SCHEMA_DIR = REPO / "schemas"
EXAMPLES = REPO / "Examples"
PERSISTED = "dev.rulebook.spec.persisted"
HEARTBEAT = "dev.rulebook.worker.heartbeat"
SWIFT_ONLY_RULES = {"source-parse-error", "suppression-unknown-rule", "suppression-unused"}
VALIDATORS = 2
WAIT_SECONDS = 30.0
PROCESS_TIMEOUT = 120


def _schema_validator(name: str) -> Draft202012Validator:
    schemas = [json.loads(path.read_text(encoding="utf-8")) for path in SCHEMA_DIR.glob("*.schema.json")]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas if "$id" in s)
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=registry, format_checker=Draft202012Validator.FORMAT_CHECKER)


def swift_feature_folders():
    """Folders of `Examples/` holding Swift files (the declared example is left out)."""
    return sorted(
        path.relative_to(REPO).as_posix() for path in EXAMPLES.iterdir()
        if path.is_dir() and any(path.rglob("*.swift"))
    )


FOLDERS = swift_feature_folders()


def finding_key(finding):
    return (finding["ruleId"], finding["severity"], finding["message"])


class Pipeline:
    """The four workers on ipc endpoints in `folder`, a PUSH on the intake and a SUB on events."""

    def __init__(self, bin_dir, folder, processes):
        self.bin_dir = bin_dir
        self.folder = folder
        self.processes = processes
        self.db = folder / "rulebook.sqlite"
        self.endpoint = {name: f"ipc://{folder}/{name}" for name in ("intake", "work", "results", "events")}
        self.children = {}
        self.events = []
        self.context = zmq.Context()
        self.sub = self.context.socket(zmq.SUB)
        self.sub.setsockopt(zmq.LINGER, 0)
        self.sub.setsockopt(zmq.SUBSCRIBE, b"")
        self.intake = self.context.socket(zmq.PUSH)
        self.intake.setsockopt(zmq.LINGER, 0)
        self.intake.setsockopt(zmq.SNDTIMEO, 5_000)

    def _spawn(self, name, executable, *args):
        with open(self.folder / f"{name}.log", "wb") as log:
            self.children[name] = self.processes.start([self.bin_dir / executable, *args], stderr=log)

    def start(self):
        e = self.endpoint
        self._spawn("persister", "rulebook-persister", "--results", e["results"], "--events", e["events"],
                    "--db", self.db, "--heartbeat-interval", "0.2")
        for index in range(1, VALIDATORS + 1):
            self._spawn(f"validator-{index}", "rulebook-validator", "--work", e["work"], "--results", e["results"],
                        "--heartbeat-interval", "0.2")
        self._spawn("producer", "rulebook-producer", "serve", "--intake", e["intake"], "--work", e["work"],
                    "--results", e["results"], "--events", e["events"], "--journal", self.folder / "producer-journal.sqlite")
        self.sub.connect(e["events"])
        self.intake.connect(e["intake"])

        # Heartbeats of the persister and of every validator on the events socket: the
        # persister runs, the validators reach it, and our subscription is in place.
        def ready():
            beats = [ev["data"] for ev in self.events if ev.get("type") == HEARTBEAT]
            validators = {b["worker"] for b in beats if b["role"] == "validator"}
            return any(b["role"] == "persister" for b in beats) and len(validators) >= VALIDATORS

        self.wait(ready, "heartbeats of the persister and both validators")
        return self

    def close(self):
        self.sub.close(linger=0)
        self.intake.close(linger=0)
        self.context.term()

    def pump(self, timeout_ms):
        if not self.sub.poll(timeout_ms):
            return
        while True:
            try:
                frames = self.sub.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            assert len(frames) == 1, f"events are single-frame, got {len(frames)} frames"
            self.events.append(json.loads(frames[0]))

    def wait(self, predicate, what, timeout=WAIT_SECONDS):
        """Pumps events until `predicate()` holds; fails with the workers' logs after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            dead = {name: child.returncode for name, child in self.children.items() if child.poll() is not None}
            assert not dead, f"workers exited: {dead}\n{self.diagnostics()}"
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{self.diagnostics()}")
            self.pump(int(min(remaining, 0.1) * 1000) + 1)

    def acks(self):
        return [ev["data"] for ev in self.events if ev.get("type") == PERSISTED]

    def query(self, sql, *args):
        connection = sqlite3.connect(str(self.db), timeout=10)
        try:
            connection.row_factory = sqlite3.Row
            return [dict(row) for row in connection.execute(sql, args)]
        finally:
            connection.close()

    def diagnostics(self):
        parts = []
        try:
            parts.append(f"rejections: {self.query('SELECT code, stage, message, excerpt FROM rejections')}")
        except sqlite3.Error as error:
            parts.append(f"rejections: unreadable ({error})")
        for name in self.children:
            text = (self.folder / f"{name}.log").read_text(errors="replace")
            parts.append(f"--- {name} ---\n{text[-3000:]}")
        return "\n".join(parts)


@pytest.fixture
def pipeline(bin_dir, ipc_dir, processes):
    running = Pipeline(bin_dir, ipc_dir, processes)
    try:
        yield running.start()
    finally:
        running.close()


def describe(bin_dir, folder):
    """The declared specs `rulebook describe` prints for `folder` (one JSON object a line)."""
    out = subprocess.run(
        [str(bin_dir / "rulebook"), "describe", folder],
        cwd=REPO, capture_output=True, text=True, timeout=PROCESS_TIMEOUT,
    )
    assert out.returncode == 0, f"rulebook describe {folder}: exit {out.returncode}\n{out.stderr}"
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert lines, f"rulebook describe {folder} printed no spec"
    return [json.loads(line) for line in lines]


def check_findings(bin_dir, folder):
    """The findings of `rulebook check <folder> --format json`."""
    out = subprocess.run(
        [str(bin_dir / "rulebook"), "check", folder, "--format", "json"],
        cwd=REPO, capture_output=True, text=True, timeout=PROCESS_TIMEOUT,
    )
    assert out.returncode in (0, 1), f"rulebook check {folder}: exit {out.returncode}\n{out.stderr}"
    report = json.loads(out.stdout)
    assert report["summary"]["rejected"] == 0 and not report["rejections"], report["rejections"]
    return report["findings"]


def submit_and_read_findings(pipeline, spec):
    """Pushes one bare declared spec, waits for its ack and returns its stored findings."""
    acked = {(a["specSource"], a["specId"]) for a in pipeline.acks()}
    pipeline.intake.send(json.dumps(spec).encode("utf-8"))

    def new_ack():
        fresh = [a for a in pipeline.acks() if (a["specSource"], a["specId"]) not in acked and not a["duplicate"]]
        return fresh[0] if fresh else None

    ack = pipeline.wait(new_ack, f"the spec.persisted ack of {spec['feature']}")
    assert ack["status"] == "validated", f"{spec['feature']}: {ack}\n{pipeline.diagnostics()}"
    rows = pipeline.query(
        "SELECT id, feature, origin, status FROM specs WHERE spec_source = ? AND spec_id = ?",
        ack["specSource"], ack["specId"])
    assert len(rows) == 1, rows
    assert (rows[0]["feature"], rows[0]["origin"], rows[0]["status"]) == (spec["feature"], "declared", "validated"), rows
    return pipeline.query(
        "SELECT rule_id, severity, message, file, line, \"column\", pointer FROM findings WHERE spec_row = ?",
        rows[0]["id"])


def test_examples_hold_swift_feature_folders():
    assert len(FOLDERS) >= 4, FOLDERS
    assert "Examples/Declared" not in FOLDERS


def test_swift_features_and_their_declared_specs_get_the_same_findings(bin_dir, pipeline):
    schema = _schema_validator("declared-spec")
    compared = 0
    mismatches = []
    for folder in FOLDERS:
        declared_findings = []
        for spec in describe(bin_dir, folder):
            problems = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in schema.iter_errors(spec)]
            assert not problems, f"`rulebook describe {folder}` printed a spec the schema refuses:\n" + "\n".join(problems)
            for row in submit_and_read_findings(pipeline, spec):
                # Declared findings are located by a JSON pointer into the spec, never a line.
                assert row["pointer"] and row["pointer"].startswith("/"), row
                assert row["line"] is None and row["column"] is None, row
                declared_findings.append({"ruleId": row["rule_id"], "severity": row["severity"], "message": row["message"]})
        swift_findings = [f for f in check_findings(bin_dir, folder) if f["ruleId"] not in SWIFT_ONLY_RULES]
        assert all(f["line"] and f["pointer"] is None for f in swift_findings), swift_findings
        declared = Counter(map(finding_key, declared_findings))
        swift = Counter(map(finding_key, swift_findings))
        if declared != swift:
            only_swift = "\n".join(f"  {k}" for k in (swift - declared).elements())
            only_declared = "\n".join(f"  {k}" for k in (declared - swift).elements())
            mismatches.append(f"{folder}:\n only from Swift:\n{only_swift or '  -'}\n only from the declared spec:\n{only_declared or '  -'}")
        compared += sum(swift.values())
    assert not mismatches, "findings differ between Swift sources and their declared specs:\n" + "\n".join(mismatches)
    assert compared > 0, "no findings were compared: Examples/ should hold seeded violations"

"""The JSON Schemas in `schemas/`: valid draft 2020-12, matched by their examples, failed by
broken copies, and matched by what the real executables put on the wire.

The pipeline tests start the real workers on private `ipc://` endpoints and put Python
sockets (pyzmq) where a worker would be, so every frame a worker sends is captured as is:

* results tap: `rulebook-producer serve` + `rulebook-validator`, with Python binding the
  results endpoint instead of the persister, and standing between the producer's work socket
  and the validator (it records each `spec.submitted` and forwards it unchanged);
* real persister: `rulebook-persister` + `rulebook-validator` + `rulebook-producer serve`,
  with a Python SUB on the persister's events socket.

Every captured event is checked against `envelope.schema.json`, the vendored CloudEvents 1.0
schema (draft-07) and the schema its `dataschema` names.
"""
import copy
import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import uuid

import pytest
import yaml
import zmq
from jsonschema import Draft7Validator, Draft202012Validator
from referencing import Registry, Resource

from conftest import wait_until

REPO = pathlib.Path(__file__).resolve().parents[1]
SCHEMA_DIR = REPO / "schemas"
EXAMPLE_DIR = SCHEMA_DIR / "examples"
SCHEMA_BASE = "https://rulebook.dev/schemas/"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

# Event type → schema name of its data (as EventType.schemaName in Swift derives it).
EVENT_SCHEMAS = {
    "dev.rulebook.spec.submitted": "spec-submitted",
    "dev.rulebook.spec.validated": "spec-validated",
    "dev.rulebook.spec.rejected": "spec-rejected",
    "dev.rulebook.run.opened": "run-opened",
    "dev.rulebook.run.completed": "run-completed",
    "dev.rulebook.spec.persisted": "spec-persisted",
    "dev.rulebook.worker.heartbeat": "worker-heartbeat",
}
SHARED_SCHEMAS = ["envelope", "declared-spec", "finding", "report", "baseline", "run-diff", "config"]
ALL_SCHEMAS = sorted([*EVENT_SCHEMAS.values(), *SHARED_SCHEMAS])

WAIT_SECONDS = 30.0
PROCESS_TIMEOUT = 120


# MARK: - Schema loading


def _load(path: pathlib.Path):
    return json.loads(path.read_text(encoding="utf-8"))


SCHEMAS = {path.name.removesuffix(".schema.json"): _load(path) for path in sorted(SCHEMA_DIR.glob("*.schema.json"))}
REGISTRY = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values() if "$id" in schema
)
BY_ID = {schema.get("$id"): name for name, schema in SCHEMAS.items()}


def validator(name: str) -> Draft202012Validator:
    """A 2020-12 validator for schema `name` that resolves `$ref`s by `$id` and checks formats."""
    return Draft202012Validator(
        SCHEMAS[name], registry=REGISTRY, format_checker=Draft202012Validator.FORMAT_CHECKER
    )


def errors(name: str, instance) -> list[str]:
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}"
        for error in validator(name).iter_errors(instance)
    ]


def example(name: str):
    return _load(EXAMPLE_DIR / f"{name}.example.json")


def cloudevents_validator(vendor_schemas: pathlib.Path) -> Draft7Validator:
    schema = _load(vendor_schemas / "cloudevents-1.0.json")
    Draft7Validator.check_schema(schema)
    return Draft7Validator(schema, format_checker=Draft7Validator.FORMAT_CHECKER)


# MARK: - The vendored schemas

def test_vendored_schemas_are_the_upstream_bytes_their_sources_name(vendor_schemas):
    """Each vendored file is listed in SOURCES.md with its sha256, and the file has those bytes."""
    rows = re.findall(r"^\| `([^`]+)` \|.*\| `([0-9a-f]{64})` \|$", (vendor_schemas / "SOURCES.md").read_text(), re.M)
    listed = dict(rows)
    schemas = {p.name for p in vendor_schemas.iterdir() if p.suffix in (".json", ".xsd")}
    assert schemas == set(listed), "every vendored schema, and only those, has a row in SOURCES.md"
    for name, digest in listed.items():
        assert hashlib.sha256((vendor_schemas / name).read_bytes()).hexdigest() == digest, name
    assert (vendor_schemas / "LICENSE-Apache-2.0.txt").read_text().lstrip().startswith("Apache License")


# MARK: - The schemas themselves


def test_schema_folder_holds_exactly_the_expected_schemas_and_examples():
    assert sorted(SCHEMAS) == ALL_SCHEMAS
    examples = sorted(path.name.removesuffix(".example.json") for path in EXAMPLE_DIR.glob("*.example.json"))
    assert examples == ALL_SCHEMAS


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_schema_is_valid_2020_12_with_the_rulebook_id(name):
    schema = SCHEMAS[name]
    assert schema["$schema"] == DRAFT_2020_12
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"{SCHEMA_BASE}{name}.schema.json"
    assert schema.get("title") and schema.get("description")


def _object_schemas(schema):
    """The schema and its `$defs` that declare properties (not the if/then fragments)."""
    yield "(root)", schema
    for key, definition in schema.get("$defs", {}).items():
        if "properties" in definition:
            yield f"$defs/{key}", definition


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_every_property_is_described_and_objects_are_closed(name):
    for where, schema in _object_schemas(SCHEMAS[name]):
        assert schema.get("additionalProperties") is False, f"{name} {where} is not closed"
        for key, prop in schema["properties"].items():
            assert prop.get("description"), f"{name} {where}/{key} has no description"
        assert set(schema.get("required", [])) <= set(schema["properties"]), f"{name} {where}"


def test_event_schema_ids_are_the_dataschema_urls_the_code_sends():
    # EventType.dataSchema in Swift: https://rulebook.dev/schemas/<type without prefix, dots → dashes>.schema.json
    for event_type, name in EVENT_SCHEMAS.items():
        derived = event_type.removeprefix("dev.rulebook.").replace(".", "-")
        assert derived == name
        assert SCHEMAS[name]["$id"] == f"{SCHEMA_BASE}{derived}.schema.json"
    envelope = SCHEMAS["envelope"]["properties"]
    assert sorted(envelope["type"]["enum"]) == sorted(EVENT_SCHEMAS)
    assert sorted(envelope["dataschema"]["enum"]) == sorted(SCHEMAS[n]["$id"] for n in EVENT_SCHEMAS.values())


# Required members exactly as the Swift types declare them (non-optional properties), so a
# schema cannot drift from the Codable types unnoticed.
SWIFT_REQUIRED = {
    "spec-submitted": {"feature", "origin"},
    "spec-validated": {"specId", "specSource", "feature", "origin", "dialect", "findings", "validator", "durationMicros"},
    "spec-rejected": {"code", "message", "stage"},
    "run-opened": {"runId", "tool", "paths", "ruleSetVersion"},
    "run-completed": {"runId", "summary"},
    "spec-persisted": {"runId", "specId", "specSource", "status", "duplicate"},
    "worker-heartbeat": {"worker", "role", "pid", "received", "processed", "rejected", "intervalMillis"},
    "declared-spec": {"feature"},
    # Finding.encode(to:) always writes line, column and pointer (null when absent).
    "finding": {"ruleId", "severity", "message", "file", "line", "column", "pointer", "fingerprint"},
    "report": {"run", "summary", "findings", "rejections"},
    "baseline": {"version", "ruleSetVersion", "createdAt", "findings"},
    "run-diff": {"run", "since", "new", "fixed", "unchanged"},
    "envelope": {"specversion", "id", "source", "type", "time", "datacontenttype", "dataschema", "data"},
    # ConfigurationDocument.parse: every key of `.rulebook.yml` is optional.
    "config": set(),
}


@pytest.mark.parametrize("name", sorted(SWIFT_REQUIRED))
def test_required_members_match_the_swift_types(name):
    assert set(SCHEMAS[name].get("required", [])) == SWIFT_REQUIRED[name]


# MARK: - Examples and broken copies


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_example_validates(name):
    assert errors(name, example(name)) == []


def _set(document, path, value):
    *parents, last = path
    for key in parents:
        document = document[key]
    document[last] = value


def _delete(document, path):
    *parents, last = path
    for key in parents:
        document = document[key]
    del document[last]


# (schema, what is broken, mutation): each broken copy of the schema's example must fail.
BROKEN = [
    ("spec-submitted", "origin missing", lambda d: _delete(d, ["origin"])),
    ("spec-submitted", "origin not in enum", lambda d: _set(d, ["origin"], "swift")),
    ("spec-submitted", "swift-source without files", lambda d: _set(d, ["files"], [])),
    ("spec-submitted", "declared origin without declared spec", lambda d: _set(d, ["origin"], "declared")),
    ("spec-submitted", "file without contents", lambda d: _delete(d, ["files", 0, "contents"])),
    ("spec-submitted", "unknown member", lambda d: _set(d, ["priority"], "high")),
    ("spec-submitted", "config with a misspelt member", lambda d: _set(d, ["config", "disabled_rules"], [])),
    ("spec-submitted", "config disables an unknown rule", lambda d: _set(d, ["config", "disabledRules"], ["state-animation-valu"])),
    ("spec-submitted", "config severity not in enum", lambda d: _set(d, ["config", "severities", "state-animation-value"], "fatal")),
    ("spec-submitted", "config option the rule lacks", lambda d: _set(d, ["config", "options", "state-animation-value", "generic_names"], ["x"])),
    ("spec-submitted", "config options in the old values wrapper", lambda d: _set(d, ["config", "options", "action-generic-case"], {"values": {"generic_names": ["set"]}})),
    ("spec-submitted", "config dialect auto (YAML only)", lambda d: _set(d, ["config", "dialect"], "auto")),
    ("spec-submitted", "config testCode unknown", lambda d: _set(d, ["config", "testCode"], "skip")),
    ("spec-submitted", "config with unknown member", lambda d: _set(d, ["config", "disabled_rules"], [])),
    ("finding", "fix kind not in enum", lambda d: _set(d, ["fix", "kind"], "maybe")),
    ("finding", "fix edit with a negative offset", lambda d: _set(d, ["fix", "edits", 0, "byteOffset"], -1)),
    ("finding", "fix edit without replacement", lambda d: _delete(d, ["fix", "edits", 0, "replacement"])),
    ("finding", "fix patch op not in enum", lambda d: _set(d, ["fix", "patch"], [{"op": "move", "path": "/a"}])),
    ("finding", "fix without summary", lambda d: _delete(d, ["fix", "summary"])),
    ("spec-validated", "durationMicros missing", lambda d: _delete(d, ["durationMicros"])),
    ("spec-validated", "finding severity not in enum", lambda d: _set(d, ["findings", 0, "severity"], "fatal")),
    ("spec-validated", "finding without pointer member", lambda d: _delete(d, ["findings", 1, "pointer"])),
    ("spec-validated", "dialect not in enum", lambda d: _set(d, ["dialect"], "Legacy")),
    ("spec-rejected", "code outside the taxonomy", lambda d: _set(d, ["code"], "E104")),
    ("spec-rejected", "stage not in enum", lambda d: _set(d, ["stage"], "producer")),
    ("spec-rejected", "message missing", lambda d: _delete(d, ["message"])),
    ("run-opened", "negative expectedSpecs", lambda d: _set(d, ["expectedSpecs"], -1)),
    ("run-opened", "expectedSpecs null instead of left out", lambda d: _set(d, ["expectedSpecs"], None)),
    ("run-opened", "tool missing", lambda d: _delete(d, ["tool"])),
    ("run-completed", "summary without duplicates", lambda d: _delete(d, ["summary", "duplicates"])),
    ("run-completed", "count as a string", lambda d: _set(d, ["summary", "errors"], "7")),
    ("spec-persisted", "status not in enum", lambda d: _set(d, ["status"], "stored")),
    ("spec-persisted", "duplicate as a string", lambda d: _set(d, ["duplicate"], "false")),
    ("spec-persisted", "finding without fingerprint", lambda d: _delete(d, ["findings", 0, "fingerprint"])),
    ("spec-persisted", "rejection code outside the taxonomy", lambda d: _set(d, ["code"], "E104")),
    ("worker-heartbeat", "role not in enum", lambda d: _set(d, ["role"], "consumer")),
    ("worker-heartbeat", "pid zero", lambda d: _set(d, ["pid"], 0)),
    ("worker-heartbeat", "unknown member", lambda d: _set(d, ["uptime"], 12)),
    ("worker-heartbeat", "negative queue depth", lambda d: _set(d, ["queueDepth"], -1)),
    ("worker-heartbeat", "last error without time", lambda d: _delete(d, ["lastError", "time"])),
    ("envelope", "specversion 0.3", lambda d: _set(d, ["specversion"], "0.3")),
    ("envelope", "datacontenttype not JSON", lambda d: _set(d, ["datacontenttype"], "text/plain")),
    ("envelope", "unknown type", lambda d: _set(d, ["type"], "dev.rulebook.spec.deleted")),
    ("envelope", "dataschema of another type", lambda d: _set(d, ["dataschema"], SCHEMA_BASE + "spec-validated.schema.json")),
    ("envelope", "data does not match its type", lambda d: _delete(d, ["data", "origin"])),
    ("envelope", "runid null", lambda d: _set(d, ["runid"], None)),
    ("envelope", "time not RFC 3339", lambda d: _set(d, ["time"], "21/11/2026 20:57")),
    ("envelope", "id missing", lambda d: _delete(d, ["id"])),
    ("declared-spec", "kind not in enum", lambda d: _set(d, ["state", "kind"], "extension")),
    ("declared-spec", "dialect with capital letter", lambda d: _set(d, ["dialect"], "Modern")),
    ("declared-spec", "type without name", lambda d: _delete(d, ["state", "name"])),
    ("declared-spec", "static as a string", lambda d: _set(d, ["state", "properties", 0, "static"], "yes")),
    ("declared-spec", "associated value without type", lambda d: _delete(d, ["action", "cases", 0, "associatedValues", 0, "type"])),
    ("declared-spec", "misspelt member", lambda d: _set(d, ["state", "propeties"], [])),
    ("declared-spec", "feature missing", lambda d: _delete(d, ["feature"])),
    ("declared-spec", "site kind not in enum", lambda d: _set(d, ["reducers", 0, "sites", 1, "kind"], "closure")),
    ("declared-spec", "site without path", lambda d: _delete(d, ["reducers", 0, "sites", 0, "path"])),
    ("declared-spec", "site parent as a string", lambda d: _set(d, ["reducers", 0, "sites", 1, "parent"], "0")),
    ("declared-spec", "site parent not whole", lambda d: _set(d, ["reducers", 0, "sites", 1, "parent"], 0.5)),
    ("declared-spec", "switch without handledCases", lambda d: _delete(d, ["reducers", 0, "switches", 0, "handledCases"])),
    ("declared-spec", "switch handledCases null", lambda d: _set(d, ["reducers", 0, "switches", 0, "handledCases"], None)),
    ("declared-spec", "misspelt reducer member", lambda d: _set(d, ["reducers", 0, "switchs"], [])),
    ("declared-spec", "misspelt site member", lambda d: _set(d, ["reducers", 0, "sites", 0, "insideEfect"], True)),
    ("declared-spec", "dependency without name", lambda d: _delete(d, ["reducers", 0, "dependencies", 0, "name"])),
    ("declared-spec", "method as a string", lambda d: _set(d, ["types", 0, "methods", 0], "handleAlert")),
    ("declared-spec", "takesInout as a string", lambda d: _set(d, ["types", 0, "methods", 0, "takesInout"], "true")),
    ("declared-spec", "dependencyKey as a list", lambda d: _set(d, ["types", 0, "properties", 0, "dependencyKey"], ["loginClient"])),
    ("declared-spec", "initialValueType as a number", lambda d: _set(d, ["types", 0, "properties", 0, "initialValueType"], 1)),
    ("declared-spec", "view without name", lambda d: _delete(d, ["views", 0, "name"])),
    ("declared-spec", "holdsStore as a number", lambda d: _set(d, ["views", 0, "holdsStore"], 1)),
    ("declared-spec", "animation modifier without readsStore", lambda d: _delete(d, ["views", 0, "animationModifiers", 0, "readsStore"])),
    ("declared-spec", "file without path", lambda d: _delete(d, ["files", 0, "path"])),
    ("declared-spec", "import as an object", lambda d: _set(d, ["files", 0, "imports", 0], {"module": "SwiftUI"})),
    ("declared-spec", "glass use guarded null", lambda d: _set(d, ["files", 1, "glassUses", 0, "guarded"], None)),
    ("declared-spec", "misspelt file member", lambda d: _set(d, ["files", 0, "typeRefs"], [])),
    ("config", "unknown top-level key", lambda d: _set(d, ["rules"], {})),
    ("config", "misspelt rule id", lambda d: _set(d, ["state-animaton-value"], {"severity": "note"})),
    ("config", "unknown option", lambda d: _set(d, ["action-generic-case", "generic_name"], ["set"])),
    ("config", "option on a rule without options", lambda d: _set(d, ["protocol-missing-sendable", "names"], ["x"])),
    ("config", "severity not in enum", lambda d: _set(d, ["state-animation-value", "severity"], "critical")),
    ("config", "severity as a list", lambda d: _set(d, ["state-animation-value", "severity"], ["note"])),
    ("config", "option list with a number", lambda d: _set(d, ["action-generic-case", "generic_names"], ["set", 1])),
    ("config", "rule settings null", lambda d: _set(d, ["protocol-missing-sendable"], None)),
    ("config", "dialect unknown", lambda d: _set(d, ["dialect"], "unknown")),
    ("config", "disabled rule unknown", lambda d: _set(d, ["disabled_rules"], ["view-missing-viewstore"])),
    ("config", "excluded null", lambda d: _set(d, ["excluded"], None)),
    ("finding", "fingerprint not 16 hex digits", lambda d: _set(d, ["fingerprint"], "XYZ")),
    ("finding", "line 0", lambda d: _set(d, ["line"], 0)),
    ("finding", "line member left out", lambda d: _delete(d, ["line"])),
    ("finding", "endColumn 0", lambda d: _set(d, ["endColumn"], 0)),
    ("finding", "endLine as a string", lambda d: _set(d, ["endLine"], "8")),
    ("spec-validated", "finding endLine not whole", lambda d: _set(d, ["findings", 0, "endLine"], 8.5)),
    ("report", "rejection code outside the taxonomy", lambda d: _set(d, ["rejections", 0, "code"], "104")),
    ("report", "run without validators", lambda d: _delete(d, ["run", "validators"])),
    ("report", "startedAt not a timestamp", lambda d: _set(d, ["run", "startedAt"], "yesterday")),
    ("report", "finding with unknown severity", lambda d: _set(d, ["findings", 0, "severity"], "critical")),
    ("report", "git commit not a hash", lambda d: _set(d, ["run", "gitCommit"], "HEAD")),
    ("baseline", "another version", lambda d: _set(d, ["version"], 2)),
    ("baseline", "entry without fingerprint", lambda d: _delete(d, ["findings", 0, "fingerprint"])),
    ("baseline", "entry with line number", lambda d: _set(d, ["findings", 0, "line"], 11)),
    ("run-diff", "unchanged negative", lambda d: _set(d, ["unchanged"], -1)),
    ("run-diff", "fixed missing", lambda d: _delete(d, ["fixed"])),
    ("run-diff", "new finding without fingerprint", lambda d: _delete(d, ["new", 0, "fingerprint"])),
]


@pytest.mark.parametrize(("name", "broken", "mutate"), BROKEN, ids=[f"{n}: {b}" for n, b, _ in BROKEN])
def test_broken_example_fails(name, broken, mutate):
    document = copy.deepcopy(example(name))
    mutate(document)
    assert errors(name, document), f"{name} accepted a copy with {broken}"


def test_a_finding_without_ends_from_an_older_worker_validates():
    # Rulebook writes endLine and endColumn (null for declared specs); workers that predate
    # them leave them out, and their findings stay valid.
    for name, path in (("finding", []), ("spec-validated", ["findings", 0]), ("report", ["findings", 1])):
        document = copy.deepcopy(example(name))
        finding = document
        for key in path:
            finding = finding[key]
        del finding["endLine"], finding["endColumn"]
        assert errors(name, document) == [], name


def test_every_schema_has_broken_copies():
    assert {name for name, _, _ in BROKEN} == set(ALL_SCHEMAS)


# MARK: - Capturing what the real executables send


class Wire:
    """Python ZeroMQ sockets standing in for workers; records every frame they receive."""

    def __init__(self, ipc_dir: pathlib.Path):
        self.ipc_dir = ipc_dir
        self.context = zmq.Context()
        self.poller = zmq.Poller()
        self.readers = {}
        self.frames = []  # (channel, [frame bytes, …]) in arrival order
        self.children = []

    def endpoint(self, name: str) -> str:
        return f"ipc://{self.ipc_dir}/{name}"

    def socket(self, kind, *, bind=None, connect=None):
        sock = self.context.socket(kind)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.SNDTIMEO, 5_000)  # a send never blocks a test for long
        if bind:
            sock.bind(self.endpoint(bind))
        if connect:
            sock.connect(self.endpoint(connect))
        return sock

    def record(self, sock, channel: str, forward=None):
        """Records what `sock` receives as `channel`, forwarding each message to `forward`."""
        self.readers[sock] = (channel, forward)
        self.poller.register(sock, zmq.POLLIN)

    def start(self, processes, name: str, args):
        """Starts a worker with its log in the ipc folder (a pipe could fill up and stall it)."""
        with open(self.ipc_dir / f"{name}.log", "wb") as log:
            child = processes.start(args, stderr=log)
        self.children.append((name, child))
        return child

    def pump(self, seconds: float):
        for sock, _ in self.poller.poll(timeout=int(seconds * 1_000)):
            channel, forward = self.readers[sock]
            while True:
                try:
                    message = sock.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    break
                self.frames.append((channel, message))
                if forward is not None:
                    forward.send_multipart(message)

    def events(self, channel=None, type=None):
        """The decoded single-frame JSON events received (optionally on one channel, of one type)."""
        found = []
        for name, message in self.frames:
            if channel is not None and name != channel:
                continue
            event = json.loads(message[0])
            if type is None or event.get("type") == type:
                found.append(event)
        return found

    def diagnostics(self) -> str:
        seen = {}
        for channel, message in self.frames:
            try:
                key = f"{channel}:{json.loads(message[0]).get('type')}"
            except ValueError:
                key = f"{channel}:<not JSON>"
            seen[key] = seen.get(key, 0) + 1
        logs = []
        for name, child in self.children:
            text = (self.ipc_dir / f"{name}.log").read_text(errors="replace")
            logs.append(f"--- {name} (exit {child.poll()}) ---\n{text[-3000:]}")
        return f"captured: {seen}\n" + "\n".join(logs)

    def pump_until(self, predicate, message: str, timeout: float = WAIT_SECONDS):
        """Pumps the sockets until `predicate()` holds; fails (with logs) after `timeout`."""

        def step():
            self.pump(0.05)
            for name, child in self.children:
                assert child.poll() is None, f"{name} exited early\n{self.diagnostics()}"
            return predicate()

        try:
            return wait_until(step, timeout=timeout, interval=0.0, message=message)
        except AssertionError as failure:
            raise AssertionError(f"{failure}\n{self.diagnostics()}") from None

    def close(self):
        for sock in self.readers:
            sock.close(linger=0)
        self.context.destroy(linger=0)


def scan_examples(bin_dir, repo_root, wire: Wire):
    """`rulebook-producer scan Examples` against the serving producer; returns (runId, specs)."""
    out = subprocess.run(
        [str(bin_dir / "rulebook-producer"), "scan", "Examples", "--intake", wire.endpoint("intake")],
        cwd=repo_root, capture_output=True, text=True, timeout=PROCESS_TIMEOUT,
    )
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    assert printed["specs"] >= 5, printed
    return printed["runId"], printed["specs"]


def new_event(type_name: str, data, runid=None, event_id=None):
    """An event as a foreign tool would send it, checked against our own envelope schema first."""
    event = {
        "specversion": "1.0",
        "id": event_id or str(uuid.uuid4()),
        "source": "urn:rulebook-interop-test:schemas",
        "type": type_name,
        "time": "2026-11-21T20:57:36.123Z",
        "datacontenttype": "application/json",
        "dataschema": f"{SCHEMA_BASE}{EVENT_SCHEMAS[type_name]}.schema.json",
        "data": data,
    }
    if runid:
        event["runid"] = runid
    return event


def send_json(sock, value):
    sock.send(json.dumps(value).encode())


def assert_all_frames_match_schemas(wire: Wire, cloudevents: Draft7Validator):
    """Every captured frame is one JSON CloudEvent valid against all three schemas."""
    problems = []
    for channel, message in wire.frames:
        if len(message) != 1:
            problems.append(f"{channel}: {len(message)} frames")
            continue
        try:
            event = json.loads(message[0])
        except ValueError as error:
            problems.append(f"{channel}: not JSON ({error}): {message[0][:120]!r}")
            continue
        label = f"{channel} {event.get('type')} {event.get('id')}"
        problems += [f"{label} envelope: {e}" for e in errors("envelope", event)]
        problems += [f"{label} cloudevents: {e.message}" for e in cloudevents.iter_errors(event)]
        name = BY_ID.get(event.get("dataschema"))
        if name is None or name not in EVENT_SCHEMAS.values():
            problems.append(f"{label}: dataschema {event.get('dataschema')!r} names no event schema")
            continue
        assert EVENT_SCHEMAS.get(event["type"]) == name, label
        problems += [f"{label} data: {e}" for e in errors(name, event["data"])]
    assert wire.frames, "nothing was captured"
    assert not problems, "\n".join(problems[:40])


# MARK: - Setup 1: Python in place of the persister (and between producer and validator)


@pytest.fixture
def results_tap(bin_dir, ipc_dir, processes):
    """`rulebook-producer serve` and `rulebook-validator`, with Python bound on the results
    endpoint and tapping the work socket: producer → work → [Python] → work2 → validator."""
    wire = Wire(ipc_dir)
    try:
        wire.record(wire.socket(zmq.PULL, bind="results"), "results")
        work2 = wire.socket(zmq.PUSH, bind="work2")
        wire.record(wire.socket(zmq.PULL, connect="work"), "work", forward=work2)
        wire.intake = wire.socket(zmq.PUSH, connect="intake")
        wire.work2 = work2
        wire.start(processes, "validator", [
            bin_dir / "rulebook-validator", "--work", wire.endpoint("work2"),
            "--results", wire.endpoint("results"), "--heartbeat-interval", "0.2",
        ])
        wire.start(processes, "producer", [
            bin_dir / "rulebook-producer", "serve", "--intake", wire.endpoint("intake"),
            "--work", wire.endpoint("work"), "--results", wire.endpoint("results"),
            "--journal", ipc_dir / "producer-journal.sqlite",
        ])
        wire.pump_until(
            lambda: wire.events("results", "dev.rulebook.run.opened")
            and wire.events("results", "dev.rulebook.worker.heartbeat"),
            "the producer's run.opened and a validator heartbeat on results",
        )
        yield wire
    finally:
        wire.close()


def test_producer_and_validator_emit_schema_valid_events(results_tap, bin_dir, repo_root, vendor_schemas):
    wire = results_tap
    run_id, spec_count = scan_examples(bin_dir, repo_root, wire)

    # A bare declared spec (wrapped by the producer) and a bad message, on the intake.
    signup = {**example("declared-spec"), "feature": "Signup", "file": "Features/Signup/Signup.rulebook.json"}
    wire.intake.send(json.dumps(signup).encode())
    wire.intake.send(b"not json")
    # Straight to the validator: a spec with nothing to check, a non-JSON frame, a wrong type.
    empty = new_event("dev.rulebook.spec.submitted", {"feature": "Settings", "origin": "declared"})
    wrong_type = new_event("dev.rulebook.worker.heartbeat", example("worker-heartbeat"))
    send_json(wire.work2, empty)
    wire.work2.send(b"not json")
    send_json(wire.work2, wrong_type)

    def rejected(stage, code, spec_id=None):
        return [
            e for e in wire.events("results", "dev.rulebook.spec.rejected")
            if e["data"]["stage"] == stage and e["data"]["code"] == code and e["data"].get("specId") == spec_id
        ]

    def done():
        scanned = [e for e in wire.events("work", "dev.rulebook.spec.submitted") if e.get("runid") == run_id]
        validated = [e for e in wire.events("results", "dev.rulebook.spec.validated") if e.get("runid") == run_id]
        signed = [e for e in wire.events("results", "dev.rulebook.spec.validated") if e["data"]["feature"] == "Signup"]
        return (
            len(scanned) == spec_count and len(validated) == spec_count and signed
            and rejected("intake", "RB100") and rejected("validator", "RB100")
            and rejected("validator", "RB112", empty["id"]) and rejected("validator", "RB113", wrong_type["id"])
        )

    wire.pump_until(done, "every scanned spec validated and every bad message rejected")
    wire.pump(0.3)  # a few more heartbeats

    assert_all_frames_match_schemas(wire, cloudevents_validator(vendor_schemas))

    seen = {e["type"] for e in wire.events()}
    assert seen == {
        "dev.rulebook.spec.submitted", "dev.rulebook.spec.validated", "dev.rulebook.spec.rejected",
        "dev.rulebook.run.opened", "dev.rulebook.worker.heartbeat",
    }, seen

    # The scan's run.opened counts its specs; each result names the spec it answers.
    opened = [e for e in wire.events("results", "dev.rulebook.run.opened") if e["data"]["runId"] == run_id]
    assert [e["data"]["expectedSpecs"] for e in opened] == [spec_count]
    submitted = {(e["source"], e["id"]): e for e in wire.events("work", "dev.rulebook.spec.submitted")}
    for result in wire.events("results", "dev.rulebook.spec.validated"):
        spec = submitted[(result["data"]["specSource"], result["data"]["specId"])]
        assert result["data"]["feature"] == spec["data"]["feature"]
        assert result["data"]["origin"] == spec["data"]["origin"]
    wrapped = [e for e in submitted.values() if e["data"]["feature"] == "Signup"]
    assert len(wrapped) == 1 and wrapped[0]["data"]["origin"] == "declared"
    assert wrapped[0]["source"].endswith("/intake")
    origins = {e["data"]["origin"] for e in submitted.values()}
    assert origins == {"swift-source", "declared"}
    findings = [f for e in wire.events("results", "dev.rulebook.spec.validated") for f in e["data"]["findings"]]
    assert any(f["pointer"] is None and f["line"] for f in findings), "no Swift-source finding captured"
    assert any(f["pointer"] and f["line"] is None for f in findings), "no declared-spec finding captured"
    # Validators and the producer both beat on the results socket, in no fixed order.
    beats = [e["data"] for e in wire.events("results", "dev.rulebook.worker.heartbeat")]
    validator_beats = [beat for beat in beats if beat["role"] == "validator"]
    assert validator_beats, beats
    assert all(beat["intervalMillis"] == 200 for beat in validator_beats), validator_beats


# Declared-spec variants pushed bare to the intake, to compare the schema's verdict with the
# Swift decoder's (accepted → forwarded as spec.submitted; refused → spec.rejected RB1xx).
DECLARED_VARIANTS = [
    ("minimal", {"feature": "V01"}),
    ("example", {**example("declared-spec"), "feature": "V02"}),
    ("optional members null", {"feature": "V03", "dialect": None, "file": None, "state": None, "action": None, "environment": None}),
    ("nested optionals null", {"feature": "V04", "state": {
        "name": "State", "kind": None, "conformances": None, "attributes": None, "cases": None,
        "properties": [{"name": "count", "type": None, "wrappers": None, "static": None, "computed": None}]},
        "action": {"name": "Action", "cases": [{"name": "tapped", "associatedValues": [{"label": None, "type": "Int"}]}]}}),
    ("legacy with environment", {"feature": "V05", "dialect": "legacy", "environment": {"name": "V05Environment", "kind": "class"}}),
    ("dialect unknown", {"feature": "V06", "dialect": "unknown"}),
    ("every kind", {"feature": "V07", "state": {"name": "S", "kind": "actor"}, "action": {"name": "A", "kind": "protocol"}}),
    ("empty feature name", {"feature": ""}),
    ("dialect capitalised", {"feature": "V09", "dialect": "Modern"}),
    ("kind extension", {"feature": "V10", "state": {"name": "State", "kind": "extension"}}),
    ("type without name", {"feature": "V11", "state": {"kind": "struct"}}),
    ("static as string", {"feature": "V12", "state": {"name": "State", "properties": [{"name": "x", "static": "yes"}]}}),
    ("static as number", {"feature": "V13", "state": {"name": "State", "properties": [{"name": "x", "static": 1}]}}),
    ("null in conformances", {"feature": "V14", "state": {"name": "State", "conformances": ["Equatable", None]}}),
    ("associated value without type", {"feature": "V15", "action": {"name": "Action", "cases": [{"name": "c", "associatedValues": [{"label": "x"}]}]}}),
    ("properties as object", {"feature": "V16", "state": {"name": "State", "properties": {}}}),
    ("feature as number", {"feature": 17}),
    ("feature null", {"feature": None}),
    ("feature missing", {"dialect": "modern", "state": {"name": "V19State"}}),
    ("top-level array", [{"feature": "V20"}]),
    ("type as number", {"feature": "V21", "state": {"name": "State", "properties": [{"name": "x", "type": 3}]}}),
    ("misspelt top-level member", {"feature": "V22", "dialet": "legacy"}),
    ("misspelt nested member", {"feature": "V23", "state": {"name": "State", "propeties": [{"name": "scale", "type": "CGFloat"}]}}),
    # Types, reducers, views and files (the facts beyond State, Action and Environment).
    ("new members null", {"feature": "V24", "types": None, "reducers": None, "views": None, "files": None, "state": {
        "name": "State", "qualifiedName": None, "accessLevel": None, "methods": None,
        "properties": [{"name": "x", "dependencyKey": None, "usesMainScheduler": None, "initialValueType": None}]}}),
    ("reducer members null", {"feature": "V25", "reducers": [{
        "owner": None, "actionType": None, "dependencies": None,
        "switches": [{"handledCases": [], "hasDefault": None, "hasCatchAll": None}],
        "sites": [{"path": "print", "kind": None, "insideEffect": None, "statement": None, "arguments": None, "parent": None}]}]}),
    ("view, file and method members null", {"feature": "V26",
        "views": [{"name": "V", "holdsStore": None, "observesViewStore": None, "forwardsStore": None, "animationModifiers": None}],
        "files": [{"path": "A.swift", "imports": None, "types": None, "typeReferences": None, "glassUses": None}],
        "types": [{"name": "T", "methods": [{"name": "m", "static": None, "takesInout": None, "usesMainScheduler": None}]}]}),
    ("empty reducer and empty lists", {"feature": "V27", "reducers": [{}], "views": [], "files": [], "types": []}),
    ("every site kind", {"feature": "V28", "reducers": [{"sites": [
        {"path": "a", "kind": "call"}, {"path": "Date.now", "kind": "reference", "parent": 2}, {"path": "await", "kind": "await"}]}]}),
    ("site parent naming no site", {"feature": "V29", "reducers": [{"sites": [{"path": "a", "parent": -1}, {"path": "b", "parent": 99}]}]}),
    ("site parent written 0.0", {"feature": "V30", "reducers": [{"sites": [{"path": "a"}, {"path": "b", "parent": 0.0}]}]}),
    ("site kind not in enum", {"feature": "V31", "reducers": [{"sites": [{"path": "a", "kind": "closure"}]}]}),
    ("site without path", {"feature": "V32", "reducers": [{"sites": [{"kind": "call"}]}]}),
    ("switch without handledCases", {"feature": "V33", "reducers": [{"switches": [{"hasDefault": True}]}]}),
    ("site parent not whole", {"feature": "V34", "reducers": [{"sites": [{"path": "a"}, {"path": "b", "parent": 0.5}]}]}),
    ("site parent as string", {"feature": "V35", "reducers": [{"sites": [{"path": "a"}, {"path": "b", "parent": "0"}]}]}),
    ("animation modifier without argument", {"feature": "V36", "views": [{"name": "V", "animationModifiers": [{"modifier": "opacity", "readsStore": True}]}]}),
    ("glass use guarded null", {"feature": "V37", "files": [{"path": "A.swift", "glassUses": [{"api": "glassEffect", "guarded": None}]}]}),
    ("file without path", {"feature": "V38", "files": [{"imports": ["SwiftUI"]}]}),
    ("view without name", {"feature": "V39", "views": [{"holdsStore": True}]}),
    ("method without name", {"feature": "V40", "types": [{"name": "T", "methods": [{"static": True}]}]}),
    ("holdsStore as number", {"feature": "V41", "views": [{"name": "V", "holdsStore": 1}]}),
    ("misspelt reducer member", {"feature": "V42", "reducers": [{"switchs": []}]}),
    ("misspelt site member", {"feature": "V43", "reducers": [{"sites": [{"path": "a", "insideEfect": True}]}]}),
    ("misspelt view member", {"feature": "V44", "views": [{"name": "V", "holdStore": True}]}),
    ("misspelt file member", {"feature": "V45", "files": [{"path": "A.swift", "import": ["SwiftUI"]}]}),
    ("misspelt method member", {"feature": "V46", "types": [{"name": "T", "methods": [{"name": "m", "takesInOut": True}]}]}),
    ("misspelt member of a types entry", {"feature": "V47", "types": [{"name": "T", "acessLevel": "public"}]}),
    ("unknown member set to null", {"feature": "V48", "dialet": None}),
    ("unknown nested member set to null", {"feature": "V49", "reducers": [{"sites": [{"path": "a", "insideEfect": None}]}]}),
]
# Known disagreements. The Swift decoder rejects unknown keys (DeclaredSpecDecoder), as the
# closed schema does, except when the unknown key's value is `null`: it skips every null it
# meets, because nil optionals are left out when it re-encodes the spec to find the keys it
# used. If Swift starts refusing these too, they agree and must be removed from this set.
KNOWN_DIVERGENCES = {"unknown member set to null", "unknown nested member set to null"}


def test_declared_spec_schema_accepts_what_the_swift_decoder_accepts(results_tap):
    wire = results_tap
    frames = {}
    for label, document in DECLARED_VARIANTS:
        frame = json.dumps(document, separators=(",", ":")).encode()
        frames[label] = frame
        wire.intake.send(frame)
    assert len({f[:160] for f in frames.values()}) == len(frames), "variants must differ in their first 160 bytes"

    def swift_verdicts():
        accepted = {e["data"]["feature"] for e in wire.events("work", "dev.rulebook.spec.submitted")}
        refused = {
            e["data"].get("excerpt"): e["data"]["code"]
            for e in wire.events("results", "dev.rulebook.spec.rejected") if e["data"]["stage"] == "intake"
        }
        verdicts = {}
        for label, document in DECLARED_VARIANTS:
            excerpt = frames[label][:160].decode("utf-8", "replace")
            if excerpt in refused:
                verdicts[label] = f"refused {refused[excerpt]}"
            elif isinstance(document, dict) and document.get("feature") in accepted:
                verdicts[label] = "accepted"
        return verdicts

    wire.pump_until(lambda: len(swift_verdicts()) == len(DECLARED_VARIANTS), "a verdict for every declared variant")
    verdicts = swift_verdicts()
    disagreements = []
    for label, document in DECLARED_VARIANTS:
        schema_accepts = not errors("declared-spec", document)
        swift_accepts = verdicts[label] == "accepted"
        if label in KNOWN_DIVERGENCES:
            assert (schema_accepts, swift_accepts) == (False, True), f"{label}: divergence resolved? {verdicts[label]}"
        elif schema_accepts != swift_accepts:
            disagreements.append(f"{label}: schema {'accepts' if schema_accepts else 'refuses'}, Swift {verdicts[label]}")
    assert not disagreements, "\n".join(disagreements)
    # Refusals carry an input-taxonomy code.
    assert all(v == "accepted" or v.split()[1] in {"RB101", "RB104"} for v in verdicts.values()), verdicts


# MARK: - Setup 2: the real persister, observed on its events socket


@pytest.fixture
def persister_events(bin_dir, ipc_dir, processes):
    """Persister + validator + serving producer, with a Python SUB on the events socket."""
    wire = Wire(ipc_dir)
    try:
        events = wire.socket(zmq.SUB, connect="events")
        events.setsockopt(zmq.SUBSCRIBE, b"")
        wire.record(events, "events")
        wire.intake = wire.socket(zmq.PUSH, connect="intake")
        wire.start(processes, "persister", [
            bin_dir / "rulebook-persister", "--results", wire.endpoint("results"),
            "--events", wire.endpoint("events"), "--db", ipc_dir / "db.sqlite", "--heartbeat-interval", "0.2",
        ])
        wire.start(processes, "validator", [
            bin_dir / "rulebook-validator", "--work", wire.endpoint("work"),
            "--results", wire.endpoint("results"), "--heartbeat-interval", "0.2",
        ])
        wire.start(processes, "producer", [
            bin_dir / "rulebook-producer", "serve", "--intake", wire.endpoint("intake"),
            "--work", wire.endpoint("work"), "--results", wire.endpoint("results"),
            "--events", wire.endpoint("events"), "--journal", ipc_dir / "producer-journal.sqlite",
        ])

        def roles():
            return {e["data"]["role"] for e in wire.events("events", "dev.rulebook.worker.heartbeat")}

        wire.pump_until(lambda: roles() >= {"persister", "validator"}, "persister and validator heartbeats on events")
        yield wire
    finally:
        wire.close()


def test_persister_publishes_schema_valid_events(persister_events, bin_dir, repo_root, vendor_schemas):
    wire = persister_events
    run_id, spec_count = scan_examples(bin_dir, repo_root, wire)

    # A run of our own through the intake: one good spec (sent twice) and one empty spec.
    own_run = f"interop-{uuid.uuid4()}"
    opened = new_event("dev.rulebook.run.opened", {
        "runId": own_run, "expectedSpecs": 2, "tool": "test_schemas.py", "paths": [], "ruleSetVersion": "2026.11.0",
    }, runid=own_run)
    good = new_event("dev.rulebook.spec.submitted", {
        "feature": "Login", "origin": "declared", "declared": example("declared-spec"),
    }, runid=own_run)
    empty = new_event("dev.rulebook.spec.submitted", {"feature": "Counter", "origin": "swift-source", "files": []}, runid=own_run)
    # We send what our schema describes, and the schema predicts the rejection.
    assert errors("envelope", opened) == [] and errors("envelope", good) == []
    assert errors("envelope", empty) == ["data/files: [] should be non-empty"]
    for event in (opened, good, empty):
        send_json(wire.intake, event)
    # A bare declared spec for the producer's service run, and a bad message.
    wire.intake.send(json.dumps({**example("declared-spec"), "feature": "Counter"}).encode())
    wire.intake.send(b"not json")

    def acks(**match):
        return [
            e for e in wire.events("events", "dev.rulebook.spec.persisted")
            if all(e["data"].get(k) == v for k, v in match.items())
        ]

    def completed(run):
        return [e for e in wire.events("events", "dev.rulebook.run.completed") if e["data"]["runId"] == run]

    def done():
        return (
            completed(run_id) and completed(own_run)
            and len(acks(runId=run_id, status="validated", duplicate=False)) == spec_count
            and acks(specId=good["id"], status="validated", duplicate=False)
            and acks(specId=empty["id"], status="rejected")
            and any(a["data"]["runId"].startswith("serve-") for a in acks(status="validated"))
        )

    wire.pump_until(done, "the scan's and our run's acks and run.completed events")
    # The same spec again: stored once, acknowledged as a duplicate.
    send_json(wire.intake, good)
    wire.pump_until(lambda: acks(specId=good["id"], duplicate=True), "a duplicate ack")
    wire.pump(0.3)

    assert_all_frames_match_schemas(wire, cloudevents_validator(vendor_schemas))

    seen = {e["type"] for e in wire.events()}
    assert seen == {"dev.rulebook.spec.persisted", "dev.rulebook.run.completed", "dev.rulebook.worker.heartbeat"}, seen
    summary = completed(run_id)[0]["data"]["summary"]
    assert summary["specs"] == summary["validated"] == spec_count and summary["rejected"] == 0
    assert summary["errors"] >= 1
    own = completed(own_run)[0]["data"]["summary"]
    assert (own["specs"], own["validated"], own["rejected"]) == (2, 1, 1), own
    assert all(e.get("runid") == e["data"]["runId"] for e in wire.events(type="dev.rulebook.spec.persisted"))
    assert all("runid" not in e for e in wire.events(type="dev.rulebook.worker.heartbeat"))


# MARK: - rulebook check --format json


def test_check_json_report_matches_report_schema(bin_dir, repo_root):
    out = subprocess.run(
        [str(bin_dir / "rulebook"), "check", "Examples", "--format", "json"],
        cwd=repo_root, capture_output=True, text=True, timeout=PROCESS_TIMEOUT,
    )
    assert out.returncode in (0, 1), out.stderr
    report = json.loads(out.stdout)
    assert errors("report", report) == []
    assert report["findings"], "Examples/ has known findings"
    assert report["summary"]["specs"] == report["summary"]["validated"] + report["summary"]["rejected"]
    assert len(report["findings"]) == report["summary"]["errors"] + report["summary"]["warnings"] + report["summary"]["notes"]


# MARK: - The configuration file (.rulebook.yml) and the configuration in spec.submitted

# ConfigurationDocument.topLevelKeys in Swift; every other top-level key is a rule id.
CONFIG_TOP_LEVEL_KEYS = {"included", "excluded", "disabled_rules", "opt_in_rules", "dialect", "test_code"}
REGENERATE = "regenerate it with `rulebook rules --format config-schema > schemas/config.schema.json` (after `swift build`)"


@pytest.fixture(scope="module")
def rule_catalogue(bin_dir):
    """`rulebook rules --format json`: every rule with its id, severity and options."""
    out = subprocess.run(
        [str(bin_dir / "rulebook"), "rules", "--format", "json"], capture_output=True, text=True, timeout=PROCESS_TIMEOUT)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _local_ref(schema, ref: str):
    assert ref.startswith("#/$defs/"), ref
    return schema["$defs"][ref.removeprefix("#/$defs/")]


def test_config_schema_rule_ids_and_options_match_the_rule_catalogue(rule_catalogue):
    schema = SCHEMAS["config"]
    catalogue = {rule["id"]: [option["key"] for option in rule["options"]] for rule in rule_catalogue}
    assert catalogue, "`rulebook rules --format json` lists no rules"
    rule_keys = set(schema["properties"]) - CONFIG_TOP_LEVEL_KEYS
    assert set(schema["properties"]) >= CONFIG_TOP_LEVEL_KEYS
    assert sorted(rule_keys) == sorted(catalogue), f"config.schema.json's rule ids differ from `rulebook rules`; {REGENERATE}"
    assert schema["$defs"]["ruleId"]["enum"] == list(catalogue), REGENERATE
    event_options = schema["$defs"]["ruleOptionValues"]["properties"]
    assert sorted(event_options) == sorted(catalogue), REGENERATE
    for rule_id, options in catalogue.items():
        settings = _local_ref(schema, schema["properties"][rule_id]["$ref"])
        assert sorted(settings["properties"]) == sorted(["severity", *options]), f"{rule_id}: options differ; {REGENERATE}"
        values = event_options[rule_id]
        assert sorted(values.get("properties", {})) == sorted(options), f"{rule_id}: {REGENERATE}"
        assert options or values.get("maxProperties") == 0


def test_config_schema_is_what_the_binary_writes(bin_dir):
    """Descriptions and defaults come from the catalogue too, so they cannot go stale."""
    out = subprocess.run([str(bin_dir / "rulebook"), "rules", "--format", "config-schema"], capture_output=True, text=True,
                         timeout=PROCESS_TIMEOUT)
    assert out.returncode == 0, out.stderr
    assert SCHEMAS["config"] == json.loads(out.stdout), f"config.schema.json is stale; {REGENERATE}"


def test_spec_submitted_config_uses_the_config_schema_and_the_swift_members():
    configuration = SCHEMAS["spec-submitted"]["$defs"]["ruleConfiguration"]
    # RuleConfiguration decodes every member as optional (absent means the default).
    assert "required" not in configuration
    assert set(configuration["properties"]) == {"disabledRules", "optInRules", "severities", "options", "dialect", "testCode"}
    assert configuration["properties"]["options"]["$ref"] == "config.schema.json#/$defs/ruleOptionValues"


def _run_check(bin_dir, repo_root, *args):
    return subprocess.run(
        [str(bin_dir / "rulebook"), "check", *map(str, args)],
        cwd=repo_root, capture_output=True, text=True, timeout=PROCESS_TIMEOUT,
    )


def _beside_examples(folder, repo_root):
    """`folder` with a copy of `Examples` in it: a configuration written there names paths
    as one at the repository's root does (its paths are relative to its own folder)."""
    shutil.copytree(repo_root / "Examples", folder / "Examples")
    return folder


def _assert_configuration_applied(document, report):
    """What a configuration says is visible in a report of the run it configured."""
    findings = report["findings"]
    disabled = document.get("disabled_rules") or []
    disabled = [disabled] if isinstance(disabled, str) else disabled
    assert not [f for f in findings if f["ruleId"] in disabled], disabled
    for rule_id, settings in document.items():
        if rule_id in CONFIG_TOP_LEVEL_KEYS or not settings or "severity" not in settings:
            continue
        assert {f["severity"] for f in findings if f["ruleId"] == rule_id} <= {settings["severity"]}, rule_id
    excluded = document.get("excluded") or []
    for path in [excluded] if isinstance(excluded, str) else excluded:
        if not any(c in path for c in "*?["):
            assert not [f for f in findings if f["file"] == path or f["file"].startswith(path.rstrip("/") + "/")], path


def _yaml_blocks(markdown: str):
    return re.findall(r"^```yaml\n(.*?)^```", markdown, re.S | re.M)


def test_configuration_doc_yaml_is_valid_for_the_schema_and_for_swift(bin_dir, repo_root, tmp_path):
    blocks = _yaml_blocks((repo_root / "docs" / "configuration.md").read_text(encoding="utf-8"))
    assert blocks, "docs/configuration.md has no ```yaml example"
    for index, block in enumerate(blocks):
        document = yaml.safe_load(block)
        assert isinstance(document, dict) and document, f"yaml block {index} is empty"
        assert errors("config", document) == [], f"yaml block {index}"
        root = _beside_examples(tmp_path / f"root-{index}", repo_root)
        path = root / ".rulebook.yml"
        path.write_text(block, encoding="utf-8")
        out = _run_check(bin_dir, root, "--config", path, "Examples", "--format", "json")
        assert out.returncode in (0, 1), f"yaml block {index}: exit {out.returncode}\n{out.stderr}"
        report = json.loads(out.stdout)
        assert errors("report", report) == []
        assert report["summary"]["specs"] >= 1
        _assert_configuration_applied(document, report)


def test_config_example_is_accepted_by_swift(bin_dir, repo_root, tmp_path):
    # JSON is YAML, so the example is a configuration file as it stands, placed at a root.
    root = _beside_examples(tmp_path / "root", repo_root)
    path = root / "config.example.json"
    path.write_text((EXAMPLE_DIR / "config.example.json").read_text(encoding="utf-8"), encoding="utf-8")
    out = _run_check(bin_dir, root, "--config", path, "Examples", "--format", "json")
    assert out.returncode in (0, 1), f"exit {out.returncode}\n{out.stderr}"
    _assert_configuration_applied(example("config"), json.loads(out.stdout))


@pytest.mark.parametrize(("key", "hint"), [
    ("rulez", None),
    ("state-animaton-value", "did you mean 'state-animation-value'?"),
])
def test_unknown_config_key_exits_2_and_names_the_key(bin_dir, repo_root, tmp_path, key, hint):
    bad = tmp_path / "bad.yml"
    bad.write_text(f"disabled_rules: [view-missing-view-store]\n{key}:\n  severity: note\n", encoding="utf-8")
    assert errors("config", yaml.safe_load(bad.read_text())), "the schema accepts the bad file"
    out = _run_check(bin_dir, repo_root, "--config", bad, "Examples")
    assert out.returncode == 2, f"exit {out.returncode}\n{out.stdout}\n{out.stderr}"
    assert f"'{key}'" in out.stderr and "RB401" in out.stderr, out.stderr
    assert hint is None or hint in out.stderr, out.stderr
    assert out.stdout == "", "nothing is checked with a bad configuration"
    # The error lists the top-level keys Swift knows: exactly the schema's non-rule keys.
    listed = re.search(r"expected (.+) or a rule id", out.stderr)
    assert listed, out.stderr
    assert set(listed.group(1).split(", ")) == CONFIG_TOP_LEVEL_KEYS


# `.rulebook.yml` variants: the schema's verdict (on PyYAML's reading) against Swift's
# (`rulebook check --config FILE` on an empty folder: exit 0 accepted, exit 2 refused).
CONFIG_VARIANTS = [
    ("empty file", ""),
    ("only a comment", "# defaults\n"),
    ("single strings for lists", "included: Sources\nexcluded: Tests\ndisabled_rules: view-missing-view-store\nopt_in_rules: glass-without-availability\n"),
    ("empty lists", "included: []\nexcluded: []\ndisabled_rules: []\nopt_in_rules: []\n"),
    ("dialect auto", "dialect: auto\n"),
    ("dialect legacy", "dialect: legacy\n"),
    ("test code checked", "test_code: checked\n"),
    ("test code fixtures", "test_code: fixtures\n"),
    ("rule with empty mapping", "protocol-missing-sendable: {}\n"),
    ("every severity", "state-must-be-struct:\n  severity: note\naction-must-be-enum:\n  severity: warning\nview-missing-view-store:\n  severity: error\n"),
    ("option as one string", "action-generic-case:\n  generic_names: update\n"),
    ("option as empty list", "action-generic-case:\n  generic_names: []\n"),
    ("every option of a rule", "layer-dependency-direction:\n  data_type_suffixes: [DTO]\n  presentation_type_suffixes: [ViewModel]\n  data_modules: [GRDB]\n  data_module_suffixes: [Data]\n"),
    ("top level a list", "- included\n"),
    ("top level a string", "included\n"),
    ("unknown key", "rulez: []\n"),
    ("misspelt rule id", "state-animaton-value:\n  severity: note\n"),
    ("unknown option", "action-generic-case:\n  generic_name: [update]\n"),
    ("option of a rule without options", "protocol-missing-sendable:\n  names: [Service]\n"),
    ("severity not in enum", "action-generic-case:\n  severity: fatal\n"),
    ("severity as list", "action-generic-case:\n  severity: [note]\n"),
    ("severity capitalised", "action-generic-case:\n  severity: Error\n"),
    ("dialect unknown", "dialect: unknown\n"),
    ("dialect null", "dialect:\n"),
    ("test code unknown", "test_code: skip\n"),
    ("test code as a list", "test_code: [checked]\n"),
    ("rule settings null", "protocol-missing-sendable:\n"),
    ("rule settings a list", "protocol-missing-sendable: [severity]\n"),
    ("included null", "included:\n"),
    ("included with a number", "included: [Sources, 1]\n"),
    ("option a mapping", "action-generic-case:\n  generic_names: {update: true}\n"),
    ("disabled rule unknown", "disabled_rules: [view-missing-viewstore]\n"),
    ("opt-in rule unknown", "opt_in_rules: glass\n"),
    ("choice option", "environment-missing-main-queue:\n  report: always\n"),
    ("choice option not a choice", "environment-missing-main-queue:\n  report: sometimes\n"),
    ("choice option as a list", "environment-missing-main-queue:\n  report: [always]\n"),
    ("version option", "glass-without-availability:\n  minimum_ios_version: \"17.10\"\n"),
    ("version option as a number", "glass-without-availability:\n  minimum_ios_version: 17.4\n"),
    ("version option not a version", "glass-without-availability:\n  minimum_ios_version: seventeen\n"),
]


def test_config_schema_accepts_what_swift_accepts(bin_dir, repo_root, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    disagreements = []
    for index, (label, text) in enumerate(CONFIG_VARIANTS):
        schema_accepts = not errors("config", yaml.safe_load(text))
        path = tmp_path / f"variant-{index}.yml"
        path.write_text(text, encoding="utf-8")
        out = _run_check(bin_dir, repo_root, "--config", path, empty)
        assert out.returncode in (0, 2), f"{label}: exit {out.returncode}\n{out.stderr}"
        swift_accepts = out.returncode == 0
        assert swift_accepts or "RB401" in out.stderr, f"{label}: {out.stderr}"
        if schema_accepts != swift_accepts:
            disagreements.append(f"{label}: schema {'accepts' if schema_accepts else 'refuses'}, Swift {out.stderr.strip()!r}")
    assert not disagreements, "\n".join(disagreements)


def _submitted_config(**config):
    base = {"disabledRules": [], "optInRules": [], "severities": {}, "options": {}}
    return {"feature": "Cfg", "origin": "declared", "declared": {
        "feature": "Cfg", "state": {"name": "State", "properties": [{"name": "scale", "type": "CGFloat"}]}},
        "config": {**base, **config}}


# `spec.submitted` data with a `config`, pushed as events to the intake: accepted when a
# validator answers with spec.validated, refused when the producer (RB1xx) or the validator
# (RB401, an unknown rule id or option) answers with spec.rejected.
CONFIG_EVENT_VARIANTS = [
    ("no config", {k: v for k, v in _submitted_config().items() if k != "config"}),
    ("empty settings", _submitted_config()),
    ("the example's config", {**_submitted_config(), "config": example("spec-submitted")["config"]}),
    ("severity and option", _submitted_config(
        severities={"state-animation-value": "note"}, options={"state-animation-value": {"animation_types": ["Angle"]}})),
    ("option without values", _submitted_config(options={"state-animation-value": {}})),
    ("dialect legacy", _submitted_config(dialect="legacy")),
    ("dialect unknown", _submitted_config(dialect="unknown")),
    ("config empty", {**_submitted_config(), "config": {}}),
    ("options in the old values wrapper", _submitted_config(options={"state-animation-value": {"values": {"animation_types": ["Angle"]}}})),
    ("config with only a dialect", {**_submitted_config(), "config": {"dialect": "legacy"}}),
    ("unknown rule disabled", _submitted_config(disabledRules=["state-animation-valu"])),
    ("unknown rule opted in", _submitted_config(optInRules=["glass"])),
    ("unknown rule severity", _submitted_config(severities={"nope": "note"})),
    ("severity not in enum", _submitted_config(severities={"state-animation-value": "fatal"})),
    ("unknown option", _submitted_config(options={"action-generic-case": {"generic_name": ["x"]}})),
    ("option of a rule without options", _submitted_config(options={"state-must-be-struct": {"x": []}})),
    ("dialect auto", _submitted_config(dialect="auto")),
    ("choice option", _submitted_config(options={"environment-missing-main-queue": {"report": "always"}})),
    ("choice option not a choice", _submitted_config(options={"environment-missing-main-queue": {"report": "sometimes"}})),
    ("choice option as a list", _submitted_config(options={"environment-missing-main-queue": {"report": ["always"]}})),
    ("version option", _submitted_config(options={"glass-without-availability": {"minimum_ios_version": "17.4"}})),
    ("version option as a number", _submitted_config(options={"glass-without-availability": {"minimum_ios_version": 17}})),
    ("list option as one string", _submitted_config(options={"action-generic-case": {"generic_names": "set"}})),
    ("unknown config member", _submitted_config(disabled_rules=[])),
]
# Swift's synthesized Decodable ignores unknown members of event payloads; the schemas are
# closed so that senders learn about typos (see schemas/README.md).
KNOWN_CONFIG_EVENT_DIVERGENCES = {"unknown config member"}


def test_spec_submitted_config_schema_agrees_with_swift(results_tap):
    wire = results_tap
    sent = {}
    for label, data in CONFIG_EVENT_VARIANTS:
        event = new_event("dev.rulebook.spec.submitted", data)
        sent[event["id"]] = label
        send_json(wire.intake, event)

    def swift_verdicts():
        verdicts = {}
        for e in wire.events("results", "dev.rulebook.spec.validated"):
            if e["data"]["specId"] in sent:
                verdicts[sent[e["data"]["specId"]]] = "accepted"
        for e in wire.events("results", "dev.rulebook.spec.rejected"):
            if e["data"].get("specId") in sent:
                verdicts[sent[e["data"]["specId"]]] = f"refused {e['data']['code']} ({e['data']['stage']}: {e['data']['message']})"
        return verdicts

    wire.pump_until(lambda: len(swift_verdicts()) == len(CONFIG_EVENT_VARIANTS), "a verdict for every config variant")
    verdicts = swift_verdicts()
    disagreements = []
    for label, data in CONFIG_EVENT_VARIANTS:
        schema_accepts = not errors("spec-submitted", data)
        swift_accepts = verdicts[label] == "accepted"
        if label in KNOWN_CONFIG_EVENT_DIVERGENCES:
            assert (schema_accepts, swift_accepts) == (False, True), f"{label}: divergence resolved? {verdicts[label]}"
        elif schema_accepts != swift_accepts:
            disagreements.append(f"{label}: schema {'accepts' if schema_accepts else 'refuses'}, Swift {verdicts[label]}")
    assert not disagreements, "\n".join(disagreements)
    # The configuration is applied: `state-animation-value` is a note, and `Angle` alone is
    # no longer animation state, so `scale: CGFloat` is not reported.
    applied = next(e for e in wire.events("results", "dev.rulebook.spec.validated")
                   if sent.get(e["data"]["specId"]) == "severity and option")
    assert not [f for f in applied["data"]["findings"] if f["ruleId"] == "state-animation-value"], applied
    default = next(e for e in wire.events("results", "dev.rulebook.spec.validated")
                   if sent.get(e["data"]["specId"]) == "no config")
    assert [f["severity"] for f in default["data"]["findings"] if f["ruleId"] == "state-animation-value"] == ["error"]

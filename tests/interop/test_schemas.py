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
import json
import pathlib
import subprocess
import uuid

import pytest
import zmq
from jsonschema import Draft7Validator, Draft202012Validator
from referencing import Registry, Resource

from conftest import wait_until

REPO = pathlib.Path(__file__).resolve().parents[2]
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
SHARED_SCHEMAS = ["envelope", "declared-spec", "finding", "report"]
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


def cloudevents_validator(shared_dir: pathlib.Path) -> Draft7Validator:
    schema = _load(shared_dir / "vendor-schemas" / "cloudevents-1.0.json")
    Draft7Validator.check_schema(schema)
    return Draft7Validator(schema, format_checker=Draft7Validator.FORMAT_CHECKER)


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
    "envelope": {"specversion", "id", "source", "type", "time", "datacontenttype", "dataschema", "data"},
}


@pytest.mark.parametrize("name", sorted(SWIFT_REQUIRED))
def test_required_members_match_the_swift_types(name):
    assert set(SCHEMAS[name]["required"]) == SWIFT_REQUIRED[name]


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
    ("worker-heartbeat", "role not in enum", lambda d: _set(d, ["role"], "consumer")),
    ("worker-heartbeat", "pid zero", lambda d: _set(d, ["pid"], 0)),
    ("worker-heartbeat", "unknown member", lambda d: _set(d, ["uptime"], 12)),
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
    ("finding", "fingerprint not 16 hex digits", lambda d: _set(d, ["fingerprint"], "XYZ")),
    ("finding", "line 0", lambda d: _set(d, ["line"], 0)),
    ("finding", "line member left out", lambda d: _delete(d, ["line"])),
    ("report", "rejection code outside the taxonomy", lambda d: _set(d, ["rejections", 0, "code"], "104")),
    ("report", "run without validators", lambda d: _delete(d, ["run", "validators"])),
    ("report", "startedAt not a timestamp", lambda d: _set(d, ["run", "startedAt"], "yesterday")),
    ("report", "finding with unknown severity", lambda d: _set(d, ["findings", 0, "severity"], "critical")),
]


@pytest.mark.parametrize(("name", "broken", "mutate"), BROKEN, ids=[f"{n}: {b}" for n, b, _ in BROKEN])
def test_broken_example_fails(name, broken, mutate):
    document = copy.deepcopy(example(name))
    mutate(document)
    assert errors(name, document), f"{name} accepted a copy with {broken}"


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
        ])
        wire.pump_until(
            lambda: wire.events("results", "dev.rulebook.run.opened")
            and wire.events("results", "dev.rulebook.worker.heartbeat"),
            "the producer's run.opened and a validator heartbeat on results",
        )
        yield wire
    finally:
        wire.close()


def test_producer_and_validator_emit_schema_valid_events(results_tap, bin_dir, repo_root, shared_dir):
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

    assert_all_frames_match_schemas(wire, cloudevents_validator(shared_dir))

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
    heartbeat = wire.events("results", "dev.rulebook.worker.heartbeat")[-1]["data"]
    assert heartbeat["role"] == "validator" and heartbeat["intervalMillis"] == 200


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
]
# Known disagreements: Swift's synthesized Decodable ignores unknown keys, while the schema
# is closed (additionalProperties: false) so that generators learn about typos. If the Swift
# side starts refusing unknown keys, these agree and must be removed from this set.
KNOWN_DIVERGENCES = {"misspelt top-level member", "misspelt nested member"}


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
        ])

        def roles():
            return {e["data"]["role"] for e in wire.events("events", "dev.rulebook.worker.heartbeat")}

        wire.pump_until(lambda: roles() >= {"persister", "validator"}, "persister and validator heartbeats on events")
        yield wire
    finally:
        wire.close()


def test_persister_publishes_schema_valid_events(persister_events, bin_dir, repo_root, shared_dir):
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

    assert_all_frames_match_schemas(wire, cloudevents_validator(shared_dir))

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

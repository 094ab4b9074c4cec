"""CURVE authentication with real processes on tcp://127.0.0.1 (SECURITY.md).

A persister, a validator and `rulebook-producer serve` run as separate processes with CURVE
keys made by `rulebook keygen`: the persister and the producer share the server key pair,
the validator and the test's client have their own pairs, authorized in one folder. pyzmq
clients with an authorized key, an unknown key and no key push specs and subscribe to
events; only the authorized one gets anything in. Binding other interfaces without
--allow-remote and keys exits 2 with RB410.
"""
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import time
import uuid

import pytest
import zmq

from conftest import wait_until

HEARTBEAT = "dev.rulebook.worker.heartbeat"
WAIT_SECONDS = 20.0
REFUSED_SECONDS = 2.0
SECURITY_VARIABLES = ("RULEBOOK_ALLOW_REMOTE", "RULEBOOK_CURVE_SECRET_KEY", "RULEBOOK_CURVE_SERVER_KEY",
                      "RULEBOOK_CURVE_AUTHORIZED")


def clean_environment(**extra):
    """This environment without security variables (so only the test's choices apply)."""
    env = {k: v for k, v in os.environ.items() if k not in SECURITY_VARIABLES}
    env.update(extra)
    return env


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def read_key(path):
    """The Z85 key in a key file written by `rulebook keygen` (comment lines start with '#')."""
    (key,) = [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return key.encode("ascii")


def declared_spec(feature):
    return {
        "feature": feature,
        "dialect": "modern",
        "file": f"curve/{feature}.rulebook.json",
        "state": {"name": "State", "conformances": ["Equatable"], "properties": [{"name": "title", "type": "String"}]},
        "action": {"name": "Action", "cases": [{"name": "onAppear"}]},
    }


class Keys:
    """Key pairs made by `rulebook keygen` (server, validator, client) and an authorized
    folder holding the validator's and the client's public keys."""

    def __init__(self, bin_dir, folder):
        self.folder = folder / "keys"
        self.authorized = folder / "authorized"
        self.authorized.mkdir()
        for name in ("server", "validator", "client"):
            out = subprocess.run([bin_dir / "rulebook", "keygen", name, "--dir", self.folder],
                                 capture_output=True, text=True, timeout=30)
            assert out.returncode == 0, out.stderr
            assert out.stdout.split() == [str(self.folder / f"{name}.key"), str(self.folder / f"{name}.pub")]
        assert (self.folder / "server.key").stat().st_mode & 0o777 == 0o600
        for name in ("validator", "client"):
            shutil.copy(self.folder / f"{name}.pub", self.authorized / f"{name}.pub")

    def secret(self, name):
        return self.folder / f"{name}.key"

    def public(self, name):
        return self.folder / f"{name}.pub"

    def pair(self, name):
        """(public, secret) as pyzmq takes them."""
        return read_key(self.public(name)), read_key(self.secret(name))


class CurvePipeline:
    """Persister, validator and producer serve on tcp://127.0.0.1 ephemeral ports with CURVE."""

    def __init__(self, bin_dir, folder, processes, keys):
        self.bin_dir = bin_dir
        self.folder = folder
        self.processes = processes
        self.keys = keys
        self.endpoint = {name: f"tcp://127.0.0.1:{free_port()}" for name in ("intake", "work", "results", "events")}
        self.db = folder / "rulebook.sqlite"
        self.children = {}
        self.context = zmq.Context()
        self.sockets = []

    def _spawn(self, name, args, env=None):
        log = open(self.folder / f"{name}.log", "wb")
        child = self.processes.start(
            [self.bin_dir / args[0], *args[1:], "--heartbeat-interval", "0.2", "--log-level", "info"],
            stderr=log, env=env or clean_environment())
        log.close()
        self.children[name] = child

    def start(self):
        e, k = self.endpoint, self.keys
        serve = ["--curve-secret-key", k.secret("server"), "--curve-authorized", k.authorized]
        self._spawn("persister", ["rulebook-persister", "--results", e["results"], "--events", e["events"],
                                  "--db", self.db, *serve])
        # The validator takes its keys from the environment.
        self._spawn("validator", ["rulebook-validator", "--work", e["work"], "--results", e["results"]],
                    env=clean_environment(RULEBOOK_CURVE_SECRET_KEY=str(k.secret("validator")),
                                          RULEBOOK_CURVE_SERVER_KEY=str(k.public("server"))))
        self._spawn("producer", ["rulebook-producer", "serve", "--intake", e["intake"], "--work", e["work"],
                                 "--results", e["results"], "--events", e["events"], *serve,
                                 "--journal", self.folder / "producer-journal.sqlite",
                                 "--curve-server-key", k.public("server")])
        events = self.subscriber(self.keys.pair("client"))
        seen = set()

        def ready():
            self.assert_alive()
            for event in self.drain(events, 100):
                if event.get("type") == HEARTBEAT:
                    seen.add(event["data"]["role"])
            return {"persister", "validator", "producer"} <= seen

        # Heartbeats prove every CURVE link: validator and producer reach the persister, and
        # an authorized subscriber hears the persister.
        wait_until(ready, timeout=WAIT_SECONDS, message=f"heartbeats of every worker over CURVE\n{self.logs()}")
        return self

    def socket(self, kind, pair):
        """A pyzmq socket, a CURVE client with `pair` (plaintext when None)."""
        sock = self.context.socket(kind)
        sock.setsockopt(zmq.LINGER, 0)
        if pair is not None:
            sock.curve_publickey, sock.curve_secretkey = pair
            sock.curve_serverkey = read_key(self.keys.public("server"))
        self.sockets.append(sock)
        return sock

    def subscriber(self, pair):
        sub = self.socket(zmq.SUB, pair)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(self.endpoint["events"])
        return sub

    def push(self, pair, feature):
        """Pushes a bare declared spec for `feature` to the intake as a client with `pair`."""
        push = self.socket(zmq.PUSH, pair)
        push.connect(self.endpoint["intake"])
        push.send(json.dumps(declared_spec(feature)).encode(), zmq.NOBLOCK)

    @staticmethod
    def drain(sub, timeout_ms):
        events = []
        if sub.poll(timeout_ms):
            while True:
                try:
                    events.append(json.loads(sub.recv(zmq.NOBLOCK)))
                except zmq.Again:
                    return events
        return events

    def stored(self, feature):
        if not self.db.exists():
            return []
        connection = sqlite3.connect(str(self.db), timeout=10)
        try:
            return connection.execute("SELECT status FROM specs WHERE feature = ?", (feature,)).fetchall()
        finally:
            connection.close()

    def assert_alive(self):
        dead = {name: child.returncode for name, child in self.children.items() if child.poll() is not None}
        assert not dead, f"workers exited: {dead}\n{self.logs()}"

    def logs(self):
        return "\n".join(f"--- {name} ---\n{(self.folder / f'{name}.log').read_text(errors='replace')[-3000:]}"
                         for name in self.children)

    def close(self):
        for sock in self.sockets:
            sock.close(linger=0)
        self.context.term()


@pytest.fixture
def keys(bin_dir, ipc_dir):
    return Keys(bin_dir, ipc_dir)


@pytest.fixture
def curve_pipeline(bin_dir, ipc_dir, processes, keys):
    running = CurvePipeline(bin_dir, ipc_dir, processes, keys)
    try:
        yield running.start()
    finally:
        running.close()


def test_only_an_authorized_client_gets_its_spec_stored(curve_pipeline):
    tag = uuid.uuid4().hex[:8]
    stranger, plaintext, allowed = f"CurveStranger{tag}", f"CurvePlain{tag}", f"CurveAllowed{tag}"
    curve_pipeline.push(zmq.curve_keypair(), stranger)
    curve_pipeline.push(None, plaintext)
    curve_pipeline.push(curve_pipeline.keys.pair("client"), allowed)

    rows = wait_until(lambda: curve_pipeline.stored(allowed), timeout=WAIT_SECONDS,
                      message=f"the authorized client's spec in the database\n{curve_pipeline.logs()}")
    assert rows == [("validated",)]
    time.sleep(REFUSED_SECONDS)  # bounded wait: nothing else arrives
    assert curve_pipeline.stored(stranger) == [] and curve_pipeline.stored(plaintext) == []
    producer_log = (curve_pipeline.folder / "producer.log").read_text()
    assert "refused a connection: its CURVE key is not authorized" in producer_log
    curve_pipeline.assert_alive()


def test_only_an_authorized_subscriber_hears_events(curve_pipeline):
    stranger = curve_pipeline.subscriber(zmq.curve_keypair())
    plaintext = curve_pipeline.subscriber(None)
    allowed = curve_pipeline.subscriber(curve_pipeline.keys.pair("client"))
    wait_until(lambda: curve_pipeline.drain(allowed, 100), timeout=WAIT_SECONDS, message="events for the authorized subscriber")
    deadline = time.monotonic() + REFUSED_SECONDS
    while time.monotonic() < deadline:
        assert curve_pipeline.drain(stranger, 50) == [] and curve_pipeline.drain(plaintext, 50) == []


def test_producer_client_commands_take_curve_keys(curve_pipeline, bin_dir, ipc_dir):
    feature = f"CurveSubmit{uuid.uuid4().hex[:8]}"
    spec = ipc_dir / f"{feature}.rulebook.json"
    spec.write_text(json.dumps(declared_spec(feature)))
    e, k = curve_pipeline.endpoint, curve_pipeline.keys
    out = subprocess.run(
        [bin_dir / "rulebook-producer", "submit", spec, "--intake", e["intake"], "--events", e["events"], "--wait",
         "--timeout", str(WAIT_SECONDS), "--curve-secret-key", k.secret("client"), "--curve-server-key", k.public("server")],
        capture_output=True, text=True, timeout=WAIT_SECONDS + 10, env=clean_environment())
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["summary"]["specs"] == 1
    assert curve_pipeline.stored(feature) == [("validated",)]


def persister_exit(bin_dir, ipc_dir, results, *extra, env=None):
    events = f"tcp://127.0.0.1:{free_port()}"
    return subprocess.run(
        [bin_dir / "rulebook-persister", "--results", results, "--events", events, "--db", ipc_dir / "refused.sqlite", *extra],
        capture_output=True, text=True, timeout=30, env=env or clean_environment())


@pytest.mark.parametrize("host", ["0.0.0.0", "*", "[::]"])
def test_binding_other_interfaces_without_allow_remote_exits_2(bin_dir, ipc_dir, keys, host):
    results = f"tcp://{host}:{free_port()}"
    plain = persister_exit(bin_dir, ipc_dir, results)
    assert plain.returncode == 2, plain.stderr
    assert "error: RB410: refusing to bind" in plain.stderr and "--allow-remote" in plain.stderr
    curve_only = persister_exit(bin_dir, ipc_dir, results, "--curve-secret-key", keys.secret("server"),
                                "--curve-authorized", keys.authorized)
    assert curve_only.returncode == 2 and "RB410" in curve_only.stderr, curve_only.stderr
    flag_only = persister_exit(bin_dir, ipc_dir, results, env=clean_environment(RULEBOOK_ALLOW_REMOTE="1"))
    assert flag_only.returncode == 2 and "RB410" in flag_only.stderr, flag_only.stderr


def test_producer_refuses_a_wildcard_intake(bin_dir, ipc_dir):
    e = {name: f"tcp://127.0.0.1:{free_port()}" for name in ("work", "results")}
    out = subprocess.run(
        [bin_dir / "rulebook-producer", "serve", "--intake", f"tcp://*:{free_port()}", "--work", e["work"],
         "--results", e["results"], "--journal", ipc_dir / "producer-journal.sqlite"],
        capture_output=True, text=True, timeout=30, env=clean_environment())
    assert out.returncode == 2 and "RB410" in out.stderr, out.stderr


def test_bad_key_files_exit_2(bin_dir, ipc_dir, keys):
    keys.secret("client").chmod(0o644)
    readable = persister_exit(bin_dir, ipc_dir, f"tcp://127.0.0.1:{free_port()}",
                              "--curve-secret-key", keys.secret("client"), "--curve-authorized", keys.authorized)
    assert readable.returncode == 2 and "RB411" in readable.stderr and "chmod 600" in readable.stderr, readable.stderr
    half = persister_exit(bin_dir, ipc_dir, f"tcp://127.0.0.1:{free_port()}", "--curve-secret-key", keys.secret("server"))
    assert half.returncode == 2 and "RB413" in half.stderr, half.stderr


def test_allow_remote_with_curve_binds_every_interface(bin_dir, ipc_dir, processes, keys):
    port = free_port()
    with open(ipc_dir / "remote.log", "wb") as log:
        processes.start(
            [bin_dir / "rulebook-persister", "--results", f"tcp://127.0.0.1:{free_port()}",
             "--events", f"tcp://0.0.0.0:{port}", "--db", ipc_dir / "remote.sqlite", "--allow-remote",
             "--curve-secret-key", keys.secret("server"), "--curve-authorized", keys.authorized,
             "--heartbeat-interval", "0.2"],
            stderr=log, env=clean_environment())
    context = zmq.Context()
    try:
        sub = context.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.curve_publickey, sub.curve_secretkey = keys.pair("client")
        sub.curve_serverkey = read_key(keys.public("server"))
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(f"tcp://127.0.0.1:{port}")
        assert sub.poll(int(WAIT_SECONDS * 1000)), (ipc_dir / "remote.log").read_text()
        assert json.loads(sub.recv())["type"] == HEARTBEAT
        sub.close()
    finally:
        context.term()

"""Rulebook across hosts (issue 22): the pipeline over real network links, with CURVE keys.

The test makes its hosts: network namespaces, each joined by a veth pair to a bridge in a
switch namespace of its own, on private addresses (10.222.0.0/24) that exist only inside
those namespaces; nothing outside the machine is touched, and everything is removed at the
end. Host A runs `rulebook-producer serve` and the client (`rulebook push`), B one validator,
C two, D two persisters sharing one PostgreSQL database (the test server's Unix socket),
E an intruder with a key nobody authorized. Every socket crosses a link, with CURVE.

Mid-run the test kills one of C's validators, then cuts C's link (its other validator is
left holding specs it will never answer for), then kills one of D's persisters: the client
still gets every verdict, and every spec is stored exactly once. E is refused everywhere.

Making namespaces needs root (CAP_SYS_ADMIN) and iproute2; where they cannot be made the
test is skipped, saying why.
"""
import json
import os
import shutil
import signal
import subprocess
import sys

import pytest

from conftest import wait_until
from test_postgres import declared_specs, stored

SPECS = 2000
PUSH_SECONDS = 240
SUBNET = "10.222.0"
HOSTS = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}


def namespaces_unavailable():
    """Why network namespaces cannot be made here, or None."""
    if shutil.which("ip") is None:
        return "iproute2's `ip` is not installed (scripts/install-deps --test installs it)"
    if os.geteuid() != 0:
        return "making network namespaces needs root (CAP_SYS_ADMIN); CI runs the tests as root"
    probe = f"rbprobe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"`ip netns add` failed: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def ip(*args):
    result = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, f"ip {' '.join(args)}: {result.stderr}"


class Network:
    """Hosts on one switched link: a bridge in a switch namespace, a veth pair per host."""

    def __init__(self):
        self.prefix = f"rb{os.getpid() % 100000}"
        self.made = []

    def namespace(self, host):
        return f"{self.prefix}{host}"

    def address(self, host):
        return f"{SUBNET}.{HOSTS[host]}"

    def build(self):
        switch = self.namespace("sw")
        ip("netns", "add", switch)
        self.made.append(switch)
        ip("-n", switch, "link", "add", "br0", "type", "bridge")
        ip("-n", switch, "link", "set", "br0", "up")
        for host in HOSTS:
            name = self.namespace(host)
            ip("netns", "add", name)
            self.made.append(name)
            # Both ends are made inside the namespaces: no device appears on the machine's own network.
            ip("-n", switch, "link", "add", f"to-{host}", "type", "veth", "peer", "name", "eth0", "netns", name)
            ip("-n", switch, "link", "set", f"to-{host}", "master", "br0")
            ip("-n", switch, "link", "set", f"to-{host}", "up")
            ip("-n", name, "addr", "add", f"{self.address(host)}/24", "dev", "eth0")
            ip("-n", name, "link", "set", "eth0", "up")
            ip("-n", name, "link", "set", "lo", "up")
        return self

    def cut(self, host):
        """Takes the host's link down: its peers see silence, not a closed connection."""
        ip("-n", self.namespace("sw"), "link", "set", f"to-{host}", "down")

    def on(self, host, args):
        return ["ip", "netns", "exec", self.namespace(host), *map(str, args)]

    def close(self):
        for name in reversed(self.made):
            subprocess.run(["ip", "netns", "del", name], capture_output=True)


@pytest.fixture
def network():
    reason = namespaces_unavailable()
    if reason:
        print(f"test_multi_host skipped: {reason}", file=sys.stderr)
        pytest.skip(reason)
    hosts = Network()
    try:
        yield hosts.build()
    finally:
        hosts.close()


def keys(bin_dir, folder):
    """The shared server pair (producer and persisters), a pair per other process, and the
    folder of authorized keys (not the intruder's)."""
    authorized = folder / "authorized"
    authorized.mkdir(parents=True)
    for name in ("server", "worker-b", "worker-c", "client-a", "intruder-e"):
        made = subprocess.run([bin_dir / "rulebook", "keygen", name, "--dir", folder], capture_output=True, text=True, timeout=30)
        assert made.returncode == 0, made.stderr
        if name not in ("server", "intruder-e"):
            shutil.copy(folder / f"{name}.pub", authorized / f"{name}.pub")
    return folder


def test_pipeline_across_hosts_survives_a_killed_validator_a_cut_link_and_a_killed_persister(
        bin_dir, tmp_path, postgres_db, network, processes):
    # Fixtures are set up in this order and torn down in reverse: the processes stop first.
    key_dir = keys(bin_dir, tmp_path / "keys")
    a, d = network.address("a"), network.address("d")
    work, intake = f"tcp://{a}:5556", f"tcp://{a}:5555"
    results = f"tcp://{d}:5557,tcp://{d}:5567"
    events = f"tcp://{d}:5558,tcp://{d}:5568"
    socket_folder = os.environ["RULEBOOK_TEST_POSTGRES_SOCKET"]
    port = postgres_db.place.rpartition(":")[2]
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("RULEBOOK_", "PG"))}
    server_env = {**base_env, "RULEBOOK_ALLOW_REMOTE": "1", "RULEBOOK_CURVE_SECRET_KEY": str(key_dir / "server.key"),
                  "RULEBOOK_CURVE_SERVER_KEY": str(key_dir / "server.pub"),
                  "RULEBOOK_CURVE_AUTHORIZED": str(key_dir / "authorized")}
    logs = {}

    def client_env(name):
        return {**base_env, "RULEBOOK_CURVE_SECRET_KEY": str(key_dir / f"{name}.key"),
                "RULEBOOK_CURVE_SERVER_KEY": str(key_dir / "server.pub")}

    def start(name, host, env, executable, *args):
        logs[name] = tmp_path / f"{name}.log"
        with open(logs[name], "wb") as log:
            return processes.start(network.on(host, [bin_dir / executable, *args, "--heartbeat-interval", "0.2",
                                                     "--log-level", "info"]), env=env, stderr=log)

    def log_text():
        return "\n".join(f"--- {name} ---\n{path.read_text(errors='replace')[-2500:]}" for name, path in logs.items())

    def when_stored(count, what):
        wait_until(lambda: stored(postgres_db)[0] >= count, timeout=120, message=f"{count} specs stored ({what})\n{log_text()}")
        assert stored(postgres_db)[0] < SPECS, f"the run ended before {what}"

    # D reaches PostgreSQL through its Unix socket (the server listens on the machine's loopback only).
    database = {**server_env, "RULEBOOK_DB": f"postgresql://{postgres_db.user}@/{postgres_db.name}?host={socket_folder}&port={port}",
                "PGPASSWORD": postgres_db.password}
    persisters = [start(f"persister-d{i}", "d", database, "rulebook-persister", "--results", result, "--events", event)
                  for i, (result, event) in enumerate(zip(results.split(","), events.split(",")), start=1)]
    start("producer-a", "a", server_env, "rulebook-producer", "serve", "--intake", intake, "--work", work,
          "--results", results, "--events", events, "--journal", tmp_path / "journal.sqlite")
    start("validator-b", "b", client_env("worker-b"), "rulebook-validator", "--work", work, "--results", results)
    validators_c = [start(f"validator-c{i}", "c", client_env("worker-c"), "rulebook-validator", "--work", work,
                          "--results", results) for i in (1, 2)]

    specs = declared_specs(tmp_path / "specs.jsonl", SPECS, "Host")
    push = processes.start(network.on("a", [bin_dir / "rulebook", "push", "--wait", "--timeout", PUSH_SECONDS,
                                            "--intake", intake, "--events", events, specs]),
                           env=client_env("client-a"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    when_stored(300, "killing a validator on C")
    validators_c[0].send_signal(signal.SIGKILL)
    when_stored(600, "cutting C's link")
    network.cut("c")
    when_stored(900, "killing a persister on D")
    persisters[0].send_signal(signal.SIGKILL)

    out, err = push.communicate(timeout=PUSH_SECONDS + 30)
    verdicts = [json.loads(line) for line in out.decode().splitlines()]
    assert push.returncode == 1, (push.returncode, err.decode(errors="replace")[-2000:], log_text())
    assert len(verdicts) == SPECS and len({v["specId"] for v in verdicts}) == SPECS
    assert all(v["status"] == "validated" and v["findings"] for v in verdicts)
    assert stored(postgres_db) == (SPECS, SPECS), "a spec stored twice or missing"
    assert persisters[1].poll() is None, log_text()

    # The intruder on E: its key is refused by the producer's intake and the persister's events.
    intruder = client_env("intruder-e")
    pushed = subprocess.run(network.on("e", [bin_dir / "rulebook", "push", "--wait", "--timeout", "3", "--intake", intake,
                                             "--events", f"tcp://{d}:5568", specs]),
                            env=intruder, capture_output=True, text=True, timeout=60)
    assert pushed.returncode == 3 and pushed.stdout == "", pushed.stderr
    watched = subprocess.run(network.on("e", [bin_dir / "rulebook", "status", "--events", f"tcp://{d}:5568", "--duration", "1"]),
                             env=intruder, capture_output=True, text=True, timeout=60)
    assert watched.returncode == 3, watched.stdout + watched.stderr
    refusal = "refused a connection: its CURVE key is not authorized"
    address = network.address("e")
    wait_until(lambda: all(refusal in logs[name].read_text() and address in logs[name].read_text()
                           for name in ("producer-a", "persister-d2")),
               timeout=10, message=f"the intruder's refusal in the logs\n{log_text()}")
    assert stored(postgres_db) == (SPECS, SPECS), "the intruder's specs got in"

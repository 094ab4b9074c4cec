#!/usr/bin/env python3
"""A Rulebook client in Python, written only from docs/PROTOCOL.md, with pyzmq.

It pushes a declared spec (or a whole `dev.rulebook.spec.submitted` CloudEvent) to a
serving producer's intake and waits for the spec's verdict: the persister's
`dev.rulebook.spec.persisted` ack on the events socket, which carries the findings (or the
rejection's code). Until the ack arrives it resends the very same event (same `source` and
`id`), so delivery is at-least-once and the persister still stores the spec once.

    python3 rulebook_client.py Examples/Declared/Profile.rulebook.json
    python3 rulebook_client.py --intake tcp://127.0.0.1:5555 --events tcp://127.0.0.1:5558 spec.json

Prints the verdict as JSON; exits 0 when the spec has no error-severity finding, 1 when it
has one or was rejected, 3 when no verdict came in time.
"""
import argparse
import json
import os
import socket
import sys
import time
import uuid
from datetime import datetime, timezone

import zmq

SUBMITTED = "dev.rulebook.spec.submitted"
PERSISTED = "dev.rulebook.spec.persisted"
HEARTBEAT = "dev.rulebook.worker.heartbeat"


class RulebookClient:
    """Pushes specs to the intake (PUSH) and reads acks and heartbeats (SUB)."""

    def __init__(self, intake=None, events=None, source=None, context=None, curve=None):
        """`curve`: for a pipeline with CURVE keys (SECURITY.md), a tuple of Z85 keys
        (client public, client secret, server public)."""
        self.intake_endpoint = intake or os.environ.get("RULEBOOK_INTAKE", "tcp://127.0.0.1:5555")
        self.events_endpoint = events or os.environ.get("RULEBOOK_EVENTS", "tcp://127.0.0.1:5558")
        # source + id is the dedupe key: a source of our own, an id per spec.
        self.source = source or f"urn:rulebook-python-client:{socket.gethostname()}:{os.getpid()}"
        self._own_context = context is None
        self.context = context or zmq.Context()
        self.push = self.context.socket(zmq.PUSH)
        self.push.setsockopt(zmq.LINGER, 2000)
        self.sub = self.context.socket(zmq.SUB)
        self.sub.setsockopt(zmq.LINGER, 0)
        self.sub.setsockopt(zmq.SUBSCRIBE, b"")
        for sock in (self.push, self.sub):
            if curve is not None:
                sock.curve_publickey, sock.curve_secretkey, sock.curve_serverkey = curve
        self.push.connect(self.intake_endpoint)
        self.sub.connect(self.events_endpoint)
        self.received = []  # every event read from the events socket, in order

    def close(self):
        self.push.close()
        self.sub.close()
        if self._own_context:
            self.context.term()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # Events

    def _read(self, timeout_ms):
        """Reads what the events socket holds (waiting up to timeout_ms for the first)."""
        if not self.sub.poll(timeout_ms):
            return
        while True:
            try:
                frame = self.sub.recv(zmq.NOBLOCK)
            except zmq.Again:
                return
            self.received.append(json.loads(frame))

    def heartbeats(self):
        """The `data` of every heartbeat read so far."""
        return [event["data"] for event in self.received if event.get("type") == HEARTBEAT]

    def wait_ready(self, timeout=10.0, validators=0):
        """Waits for a persister heartbeat (and `validators` distinct validators): from then
        on the subscription is in place and no ack can be missed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._read(100)
            beats = self.heartbeats()
            seen = {b["worker"] for b in beats if b["role"] == "validator"}
            if any(b["role"] == "persister" for b in beats) and len(seen) >= validators:
                return
        raise TimeoutError(f"no heartbeat from the persister on {self.events_endpoint} within {timeout}s")

    # Specs

    def spec_event(self, declared, runid=None):
        """A `spec.submitted` CloudEvent (structured JSON mode) carrying a declared spec."""
        event = {
            "specversion": "1.0",
            "id": str(uuid.uuid4()),
            "source": self.source,
            "type": SUBMITTED,
            "time": datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "datacontenttype": "application/json",
            "data": {"feature": declared.get("feature", "Unnamed"), "origin": "declared", "declared": declared},
        }
        if runid is not None:
            event["runid"] = runid
        return event

    def send(self, event):
        """Pushes one event as one frame (UTF-8 JSON)."""
        self.push.send(json.dumps(event).encode("utf-8"))

    def verdict(self, event, timeout=30.0, resend_after=5.0):
        """Sends `event` and returns the `data` of its first ack, resending the same event
        every `resend_after` seconds until it is acknowledged."""
        key = (event["source"], event["id"])
        deadline = time.monotonic() + timeout
        seen = len(self.received)
        self.send(event)
        next_send = time.monotonic() + resend_after
        while time.monotonic() < deadline:
            self._read(100)
            for received in self.received[seen:]:
                data = received.get("data", {})
                if received.get("type") == PERSISTED and (data.get("specSource"), data.get("specId")) == key:
                    return data
            seen = len(self.received)
            if time.monotonic() >= next_send:
                self.send(event)
                next_send = time.monotonic() + resend_after
        raise TimeoutError(f"no verdict for spec {event['id']} within {timeout}s")

    def check(self, declared, timeout=30.0):
        """Pushes a declared spec and returns its verdict."""
        return self.verdict(self.spec_event(declared), timeout=timeout)


def fails(verdict):
    """Whether a verdict should fail a build: rejected, or an error-severity finding."""
    return verdict["status"] == "rejected" or any(f["severity"] == "error" for f in verdict.get("findings", []))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Push a declared spec to Rulebook and print its verdict.")
    parser.add_argument("spec", help="declared spec (JSON file), or '-' for stdin")
    parser.add_argument("--intake", help="intake endpoint (RULEBOOK_INTAKE, default tcp://127.0.0.1:5555)")
    parser.add_argument("--events", help="events endpoint (RULEBOOK_EVENTS, default tcp://127.0.0.1:5558)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for the verdict")
    args = parser.parse_args(argv)
    text = sys.stdin.read() if args.spec == "-" else open(args.spec, encoding="utf-8").read()
    document = json.loads(text)
    with RulebookClient(args.intake, args.events) as client:
        try:
            client.wait_ready(timeout=args.timeout)
            event = document if "specversion" in document else client.spec_event(document)
            verdict = client.verdict(event, timeout=args.timeout)
        except TimeoutError as error:
            print(f"error: {error}", file=sys.stderr)
            return 3
    print(json.dumps(verdict, indent=2))
    return 1 if fails(verdict) else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""One large MCP call against `rulebook mcp` (BENCHMARKS.md, "One large call").

Starts `rulebook mcp` from BIN_DIR in an empty folder, sends a `check_declared_spec` whose
spec holds TYPES small types (150,000 make a 12.6 MB line), then a `ping` one second later,
and prints how long the ping and the large call waited and the server's resident and peak
memory once the call is answered.

    python3 bench/mcp_large_call.py .build/release --types 150000
"""
import argparse
import json
import os
import subprocess
import tempfile
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    parser.add_argument("--types", type=int, default=150_000)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="rulebook-large-call-")
    server = subprocess.Popen([os.path.join(options.bin_dir, "rulebook"), "mcp"], cwd=folder,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    answered = {}

    def read():
        for line in server.stdout:
            message = json.loads(line)
            answered[message.get("id")] = time.monotonic()

    def send(message):
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()

    def wait_for(id_, timeout=600):
        deadline = time.monotonic() + timeout
        while id_ not in answered and time.monotonic() < deadline:
            time.sleep(0.001)
        return answered[id_]

    threading.Thread(target=read, daemon=True).start()
    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    wait_for(0)
    types = [{"name": f"T{index}", "kind": "struct", "properties": [{"name": "p", "type": "Int"}]}
             for index in range(options.types)]
    large = {"jsonrpc": "2.0", "id": "large", "method": "tools/call",
             "params": {"name": "check_declared_spec", "arguments": {"spec": {"feature": "Large", "types": types}}}}
    line = json.dumps(large)
    started = time.monotonic()
    threading.Thread(target=lambda: send(large), daemon=True).start()
    time.sleep(1)
    pinged = time.monotonic()
    send({"jsonrpc": "2.0", "id": "ping", "method": "ping"})
    ping_wait = wait_for("ping") - pinged
    large_wait = wait_for("large") - started
    status = dict(entry.split(":", 1) for entry in open(f"/proc/{server.pid}/status").read().splitlines())
    print(f"line {len(line) / 1e6:.1f} MB: ping answered after {ping_wait:.3f} s, the large call after "
          f"{large_wait:.1f} s; resident {int(status['VmRSS'].split()[0]) // 1024} MB, "
          f"peak {int(status['VmHWM'].split()[0]) // 1024} MB")
    server.stdin.close()
    server.wait(timeout=60)


if __name__ == "__main__":
    main()

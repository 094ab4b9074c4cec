#!/usr/bin/env python3
"""Latency of `rulebook lsp` on a warm server: from a one-file `didChange` to the
`publishDiagnostics` of that version, as an editor waits for it.

    python3 bench/lsp_latency.py WORKSPACE FILE [--rulebook PATH] [--edits N]

Starts `rulebook lsp` in WORKSPACE (its result cache in a fresh temporary folder), opens FILE
(relative to WORKSPACE), waits for its first diagnostics (the cold check, reported apart),
then makes N edits that alternately add and remove a comment line at the top, each sent once
the previous one's diagnostics arrived, and prints the cold time and the edits' p50 and p90.
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("workspace")
    parser.add_argument("file")
    parser.add_argument("--rulebook", default="rulebook")
    parser.add_argument("--edits", type=int, default=40)
    args = parser.parse_args()
    rulebook = str(pathlib.Path(args.rulebook).resolve()) if "/" in args.rulebook else args.rulebook
    workspace = pathlib.Path(args.workspace).resolve()
    path = workspace / args.file
    text = path.read_text()
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        server = subprocess.Popen(
            [rulebook, "lsp"], cwd=workspace, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)

        def send(message):
            body = json.dumps(message).encode()
            server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            server.stdin.flush()

        def receive():
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = server.stdout.read(1)
                if not byte:
                    sys.exit("the server closed its output")
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            return json.loads(server.stdout.read(length))

        def diagnostics_of(version):
            while True:
                message = receive()
                params = message.get("params", {})
                if message.get("method") == "textDocument/publishDiagnostics" and params.get("version") == version:
                    return params["diagnostics"]

        uri = path.as_uri()
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": workspace.as_uri(), "capabilities": {}}})
        receive()
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        started = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}})
        found = diagnostics_of(1)
        cold = time.perf_counter() - started
        times = []
        for version in range(2, args.edits + 2):
            edited = ("// edit %d\n" % version + text) if version % 2 == 0 else text
            started = time.perf_counter()
            send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}})
            diagnostics_of(version)
            times.append(time.perf_counter() - started)
        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        receive()
        send({"jsonrpc": "2.0", "method": "exit"})
        server.wait(timeout=30)
    times.sort()
    print(f"{workspace.name}/{args.file}: {len(found)} diagnostics; open (cold) {cold * 1000:.0f} ms; "
          f"{len(times)} edits p50 {statistics.median(times) * 1000:.1f} ms, p90 {times[int(len(times) * 0.9) - 1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()

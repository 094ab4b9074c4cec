#!/usr/bin/env python3
"""The machine's latency floor for Rulebook's pipeline shape (BENCHMARKS.md, "Latency").

Starts N processes that only forward messages (PULL -> PUSH over ipc://), sends 1.3 KB
messages through the chain at a fixed rate (open loop, as rulebook-bench does) and prints
the send -> receive latency percentiles. The service pipeline passes each spec through
three processes (producer, validator, persister) on its way back to the client, so a
chain of 3 that does no work bounds from below what the pipeline can reach here.

With --work-micros N each forwarder also does a fixed amount of arithmetic per message, as
much as took N microseconds of its own CPU time when it started (the fastest of five
measurements): work, unlike waiting, takes longer while the machine runs slower, so this
shows how the tail grows with the work each process does per message.

    python3 bench/latency_floor.py --processes 3 --rate 1000 --seconds 10
    python3 bench/latency_floor.py --processes 3 --rate 1000 --seconds 10 --work-micros 25
"""
import argparse
import subprocess
import sys
import tempfile
import time

import zmq

FORWARDER = """
import sys, time, zmq

def work(rounds):
    x = 0
    for i in range(rounds):
        x += i * i
    return x

def cpu_seconds(rounds):
    started = time.process_time()
    work(rounds)
    return time.process_time() - started

# Rounds of work per message: as many as took the asked microseconds of this process's own
# CPU time (wall time would count the other forwarders, which calibrate at the same moment on
# the same CPUs), the fastest of five tries (one may fall in a slow episode).
calibration = 50_000
rounds = int(float(sys.argv[4]) * 1e-6 * calibration / min(cpu_seconds(calibration) for _ in range(5)))
ctx = zmq.Context()
source, target = ctx.socket(zmq.PULL), ctx.socket(zmq.PUSH)
(source.connect if sys.argv[3] == "connect" else source.bind)(sys.argv[1])
target.connect(sys.argv[2])
while True:
    message = source.recv()
    work(rounds)
    target.send(message)
"""


def percentile(values, p):
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--rate", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--work-micros", type=float, default=0, help="work per message in each forwarder (see above)")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="rb-floor-")
    hops = [f"ipc://{folder}/hop{i}" for i in range(args.processes + 1)]
    ctx = zmq.Context()
    out = ctx.socket(zmq.PUSH)
    out.bind(hops[0])
    back = ctx.socket(zmq.PULL)
    back.bind(hops[-1])
    # The first forwarder connects to the client's PUSH; each later one binds its own input.
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", FORWARDER, hops[i], hops[i + 1], "connect" if i == 0 else "bind", str(args.work_micros)])
        for i in range(args.processes)
    ]
    try:
        time.sleep(1.5)
        payload = b"x" * 1300
        sent, latencies = {}, []
        poller = zmq.Poller()
        poller.register(back, zmq.POLLIN)
        start, count = time.perf_counter(), 0
        deadline = start + args.seconds
        while time.perf_counter() < deadline or (sent and time.perf_counter() < deadline + 3):
            now = time.perf_counter()
            while now < deadline and count < (now - start) * args.rate:
                out.send(count.to_bytes(8, "little") + payload)
                sent[count] = time.perf_counter()
                count += 1
            if poller.poll(1):
                while True:
                    try:
                        message = back.recv(zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    key = int.from_bytes(message[:8], "little")
                    latencies.append((time.perf_counter() - sent.pop(key)) * 1000)
    finally:
        for worker in workers:
            worker.kill()
            worker.wait()
    if not latencies:
        sys.exit("no message came back")
    latencies.sort()
    print(
        f"{args.processes} forwarding processes at {args.rate}/s, {args.work_micros:g} µs of work each: {len(latencies)} messages, {len(sent)} missing; "
        f"p50 {percentile(latencies, 50):.2f} ms, p99 {percentile(latencies, 99):.2f} ms, "
        f"p99.9 {percentile(latencies, 99.9):.2f} ms, max {latencies[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()

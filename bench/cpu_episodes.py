#!/usr/bin/env python3
"""How steady this machine's CPUs are: episodes in which they run slower (BENCHMARKS.md, "Latency").

Pins one process to each CPU; each runs the same arithmetic loop for the whole time and
counts the rounds it completes in every 10 ms window. A window below half of its CPU's
median rate is slow; slow windows less than 50 ms apart form one episode. Prints, per CPU
and for windows where every CPU is slow at once: the share of time spent slow, the deepest
window (its rate as a fraction of the median) and the episodes (how many, how long, how far
apart). Run it on an otherwise idle machine.

With --sparse, one process instead works in short units (two halves of about 0.25 ms each,
timed separately) with a 2 ms sleep after each, so the machine stays mostly idle (about a
fifth of one CPU busy, less than the pipeline at 1,000 specs/s). It prints the share of
units slower than three times the median, and of those, the share whose two halves were
both slow: slow units at light load mean the episodes do not come from the load, and both
halves slow together mean a slow stretch of time (an episode), not a slow wake-up after the
sleep.

    python3 bench/cpu_episodes.py --seconds 10
    python3 bench/cpu_episodes.py --seconds 10 --sparse
"""
import argparse
import json
import multiprocessing
import os
import statistics
import time

WINDOW = 0.01
SLOW = 0.5
MERGE_GAP = 0.05


def arithmetic(rounds):
    """A fixed amount of work: `rounds` multiply-adds."""
    x = 0
    for i in range(rounds):
        x += i * i
    return x


def count_rounds(cpu, seconds, start_at, queue):
    """Rounds of a fixed loop completed in each 10 ms window, on one CPU."""
    os.sched_setaffinity(0, {cpu})
    while time.perf_counter() < start_at:
        pass
    windows, rounds, window_end = [], 0, start_at + WINDOW
    end = start_at + seconds
    while True:
        arithmetic(50)
        rounds += 1
        now = time.perf_counter()
        if now >= window_end:
            windows.append(rounds)
            rounds, window_end = 0, window_end + WINDOW
            if now >= end:
                break
    queue.put((cpu, windows))


def sparse(seconds):
    """Times two back-to-back halves of each work unit, sleeping 2 ms after each unit."""
    halves = []
    busy = 0.0
    started = time.perf_counter()
    end = started + seconds
    while time.perf_counter() < end:
        # Each half: about 0.25 ms on the benchmark machine.
        first = time.perf_counter()
        arithmetic(4000)
        middle = time.perf_counter()
        arithmetic(4000)
        last = time.perf_counter()
        halves.append((middle - first, last - middle))
        busy += last - first
        time.sleep(0.002)
    median = statistics.median(a + b for a, b in halves)
    slow = [(a, b) for a, b in halves if a + b > 3 * median]
    # A half is slow at 1.5 times a median unit's half: a slow wake-up stretches the first alone.
    both = [(a, b) for a, b in slow if min(a, b) > 1.5 * median / 2]
    return {
        "units": len(halves),
        "busy_share": busy / (time.perf_counter() - started),
        "median_unit_ms": median * 1000,
        "slow_share": len(slow) / max(len(halves), 1),
        "slowest_factor": max(a + b for a, b in halves) / median,
        "both_halves_slow_share": len(both) / max(len(slow), 1) if slow else None,
    }


def print_sparse(row):
    both = f"{row['both_halves_slow_share']:.0%}" if row["both_halves_slow_share"] is not None else "-"
    print(
        f"{row['units']} units of {row['median_unit_ms']:.2f} ms (median), one CPU {row['busy_share']:.0%} busy: "
        f"{row['slow_share']:.1%} slower than 3x the median (slowest {row['slowest_factor']:.0f}x); "
        f"both halves slow in {both} of those"
    )


def episodes(slow_flags):
    """(start, length) in seconds of each run of slow windows, runs closer than MERGE_GAP merged."""
    found = []
    for index, slow in enumerate(slow_flags):
        if not slow:
            continue
        start = index * WINDOW
        if found and start - (found[-1][0] + found[-1][1]) < MERGE_GAP:
            found[-1] = (found[-1][0], start + WINDOW - found[-1][0])
        else:
            found.append((start, WINDOW))
    return found


def summary(name, slow_flags, fractions):
    found = episodes(slow_flags)
    starts = [start for start, _ in found]
    return {
        "cpus": name,
        "slow_share": sum(slow_flags) / max(len(slow_flags), 1),
        "deepest": min(fractions) if fractions else None,
        "episodes": len(found),
        "median_episode_ms": statistics.median(length for _, length in found) * 1000 if found else 0,
        "median_interval_s": statistics.median(b - a for a, b in zip(starts, starts[1:])) if len(starts) > 1 else None,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--sparse", action="store_true", help="short units of work with sleeps between (see above)")
    args = parser.parse_args()
    if args.sparse:
        row = sparse(args.seconds)
        if args.json:
            print(json.dumps(row, indent=2))
        else:
            print_sparse(row)
        return

    cpus = sorted(os.sched_getaffinity(0))
    queue = multiprocessing.Queue()
    start_at = time.perf_counter() + 0.5
    workers = [multiprocessing.Process(target=count_rounds, args=(cpu, args.seconds, start_at, queue)) for cpu in cpus]
    for worker in workers:
        worker.start()
    results = dict(queue.get(timeout=args.seconds + 30) for _ in workers)
    for worker in workers:
        worker.join()

    length = min(len(windows) for windows in results.values())
    fractions = {}
    for cpu, windows in results.items():
        median = statistics.median(windows[:length])
        fractions[cpu] = [count / median for count in windows[:length]]
    rows = [summary(f"cpu {cpu}", [f < SLOW for f in fractions[cpu]], fractions[cpu]) for cpu in cpus]
    together = [all(fractions[cpu][i] < SLOW for cpu in cpus) for i in range(length)]
    deepest_together = [max(fractions[cpu][i] for cpu in cpus) for i in range(length) if together[i]]
    rows.append(summary("all at once", together, deepest_together))

    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{len(cpus)} CPUs, {length} windows of {WINDOW * 1000:.0f} ms; slow: below {SLOW:.0%} of the CPU's median rate")
    for row in rows:
        interval = f"{row['median_interval_s']:.1f} s apart" if row["median_interval_s"] is not None else "-"
        deepest = f"{row['deepest']:.2f}" if row["deepest"] is not None else "-"
        print(
            f"{row['cpus']}: slow {row['slow_share']:.1%} of the time, deepest window {deepest} of the median rate, "
            f"{row['episodes']} episodes (median {row['median_episode_ms']:.0f} ms, {interval})"
        )


if __name__ == "__main__":
    main()

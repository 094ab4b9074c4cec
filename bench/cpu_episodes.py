#!/usr/bin/env python3
"""How steady this machine's CPUs are: episodes in which they run slower (BENCHMARKS.md, "Latency").

Pins one process to each CPU; each runs the same arithmetic loop for the whole time and
counts the rounds it completes in every 10 ms window. A window below half of its CPU's
median rate is slow; slow windows less than 50 ms apart form one episode. Prints, per CPU
and for windows where every CPU is slow at once: the share of time spent slow, the deepest
window (its rate as a fraction of the median) and the episodes (how many, how long, how far
apart). Run it on an otherwise idle machine.

    python3 bench/cpu_episodes.py --seconds 10
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


def count_rounds(cpu, seconds, start_at, queue):
    """Rounds of a fixed loop completed in each 10 ms window, on one CPU."""
    os.sched_setaffinity(0, {cpu})
    while time.perf_counter() < start_at:
        pass
    windows, rounds, window_end = [], 0, start_at + WINDOW
    end = start_at + seconds
    while True:
        x = 0
        for i in range(50):
            x += i * i
        rounds += 1
        now = time.perf_counter()
        if now >= window_end:
            windows.append(rounds)
            rounds, window_end = 0, window_end + WINDOW
            if now >= end:
                break
    queue.put((cpu, windows))


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
    args = parser.parse_args()

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

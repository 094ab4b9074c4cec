#!/usr/bin/env python3
"""Warm `check_paths` of `rulebook mcp` on an unchanged folder against `rulebook check` on
it, both answered by the result cache, side by side in one run.

    python3 bench/check_paths_cached.py FOLDER [--rulebook PATH] [--rounds N]

Both use one fresh cache folder; the first call of each fills or reads it, then N rounds
alternate a `check_paths` call (on a server started once) with a `rulebook check` run, and
the medians and their ratio are printed. Needs the MCP Python SDK (`mcp` on PyPI).
"""
import argparse
import asyncio
import os
import pathlib
import statistics
import subprocess
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def measure(rulebook, folder, rounds, env):
    params = StdioServerParameters(command=rulebook, args=["mcp"], cwd=str(folder), env=env)
    served, checked = [], []
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for round in range(rounds + 1):
                    started = time.perf_counter()
                    await session.call_tool("check_paths", {"paths": ["."], "maxFindings": 0})
                    elapsed = time.perf_counter() - started
                    started = time.perf_counter()
                    subprocess.run([rulebook, "check", "--quiet", "--format", "json", "--output", "/dev/null", "."],
                                   cwd=folder, env=env, check=False)
                    if round:  # the first round fills the cache
                        served.append(elapsed)
                        checked.append(time.perf_counter() - started)
    return served, checked


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--rulebook", default="rulebook")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    rulebook = str(pathlib.Path(args.rulebook).resolve()) if "/" in args.rulebook else args.rulebook
    folder = pathlib.Path(args.folder).resolve()
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        served, checked = asyncio.run(measure(rulebook, folder, args.rounds, env))
    s, c = statistics.median(served), statistics.median(checked)
    print(f"{folder.name}: check_paths p50 {s * 1000:.0f} ms, rulebook check p50 {c * 1000:.0f} ms "
          f"(cache answering both), ratio {s / c:.2f}")


if __name__ == "__main__":
    main()

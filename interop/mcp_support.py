"""Helpers for the `rulebook mcp` tests: the server driven by the official MCP Python SDK
(`mcp` on PyPI) over stdio, the same input checked by `rulebook check`, and /proc look-ups
of the server's workers.
"""
import contextlib
import json
import os
import pathlib
import shutil
import subprocess

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from proc_table import all_pids, proc_cmdline

REPO = pathlib.Path(__file__).resolve().parents[1]


def copy_examples(target):
    """A copy of Examples/ (every feature, declared spec and rule example) as a server's folder."""
    shutil.copytree(REPO / "Examples", target)
    return target


def clean_env():
    """The caller's environment without variables that would change what the commands do."""
    env = dict(os.environ)
    for name in ("RULEBOOK_DB", "RULEBOOK_LOG_LEVEL", "RULEBOOK_INTAKE", "RULEBOOK_WORK", "RULEBOOK_RESULTS", "RULEBOOK_EVENTS"):
        env.pop(name, None)
    return env


@contextlib.asynccontextmanager
async def mcp_session(bin_dir, folder, *args, errlog_path):
    """An initialized client session with `rulebook mcp ARGS` started in `folder`."""
    params = StdioServerParameters(
        command=str(bin_dir / "rulebook"), args=["mcp", *map(str, args)], cwd=str(folder), env=clean_env())
    with open(errlog_path, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session


def rulebook_check(bin_dir, folder, *args):
    """`rulebook check --format json ARGS` run in `folder`: (report, exit code). It leaves the
    result cache alone: a server checking the same files afterwards validates them itself."""
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "check", "--no-cache", "--format", "json", *map(str, args)], cwd=folder, env=clean_env(),
        capture_output=True, text=True, timeout=180)
    assert result.returncode in (0, 1), f"check failed ({result.returncode}): {result.stderr}"
    return json.loads(result.stdout), result.returncode


def rulebook_rules(bin_dir):
    """The catalogue, as `rulebook rules --format json` prints it."""
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "rules", "--format", "json"], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)


def rulebook_describe(bin_dir, folder, *paths):
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "describe", *map(str, paths)], cwd=folder, env=clean_env(),
        capture_output=True, text=True, timeout=60, check=True)
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def source_files(folder, under="."):
    """[{path, contents}] of every Swift file and declared spec under `folder/under`."""
    root = pathlib.Path(folder)
    found = sorted(
        path for path in (root / under).rglob("*")
        if path.is_file() and (path.suffix == ".swift" or path.name.endswith(".rulebook.json")))
    return [{"path": str(path.relative_to(root)), "contents": path.read_text()} for path in found]


def assert_same_verdicts(answer, report):
    """The tool's structured answer holds exactly the findings (same order, every field) and
    the rejections (code and message) of `rulebook check`'s JSON report."""
    content = answer.structured_content
    assert content is not None, answer
    assert content["truncated"] is False, "the answer is bounded (maxFindings, default 50): ask for more to compare"
    assert content["findings"] == report["findings"], (content["findings"], report["findings"])
    rejections = sorted((r["code"], r["message"]) for r in content["rejections"])
    expected = sorted((r["code"], r["message"]) for r in report["rejections"])
    assert rejections == expected, (rejections, expected)
    summary = content["summary"]
    for key in ("errors", "warnings", "notes", "rejected"):
        assert summary[key] == report["summary"][key], key
    assert answer.is_error == bool(report["rejections"])


async def check_result_schema(session):
    """The whole schema of the check tools' answers, as the server serves it (their output
    schemas in tools/list are its outline)."""
    served = (await session.read_resource("rulebook://schemas/check-result")).contents[0]
    assert served.mime_type == "application/schema+json"
    return json.loads(served.text)


async def call_error(session, tool, arguments):
    """The MCP error a call is answered with (it must be one)."""
    try:
        answer = await session.call_tool(tool, arguments)
    except MCPError as error:
        return error
    raise AssertionError(f"{tool}({arguments!r}) was answered without an MCP error: {answer}")


# ---------------------------------------------------------------------------------------
# /proc (psutil is not required)


def mcp_server_pid(folder):
    """The pid of the `rulebook mcp` running in `folder`."""
    for pid in all_pids():
        cmdline = proc_cmdline(pid)
        if len(cmdline) > 1 and os.path.basename(cmdline[0]) == "rulebook" and cmdline[1] == "mcp":
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{pid}/cwd") == str(pathlib.Path(folder).resolve()):
                    return pid
    return None

"""Shared fixtures for the interop and integration tests.

These tests drive the real executables (built by `swift build`) as separate processes over
real ZeroMQ sockets, with clients written by others (pyzmq, jsonschema, sqlite3).
Set RULEBOOK_BIN_DIR to use binaries from another build folder.
"""
import os
import pathlib
import signal
import subprocess
import tempfile
import time
import uuid

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
VENDOR_SCHEMAS = REPO / "schemas" / "vendor"


def _bin_dir() -> pathlib.Path:
    configured = os.environ.get("RULEBOOK_BIN_DIR")
    if configured:
        return pathlib.Path(configured)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, capture_output=True, text=True, check=True)
    return pathlib.Path(out.stdout.strip())


@pytest.fixture(scope="session")
def repo_root() -> pathlib.Path:
    return REPO


@pytest.fixture(scope="session")
def vendor_schemas() -> pathlib.Path:
    """The official SARIF, CloudEvents and JUnit schemas, vendored in the repository."""
    return VENDOR_SCHEMAS


@pytest.fixture(scope="session")
def bin_dir() -> pathlib.Path:
    path = _bin_dir()
    for name in ("rulebook", "rulebook-producer", "rulebook-validator", "rulebook-persister"):
        assert (path / name).exists(), f"{name} is not built in {path}; run `swift build` first"
    return path


@pytest.fixture(autouse=True)
def private_result_cache(tmp_path_factory, monkeypatch):
    """Each test starts with an empty result cache of its own, never the user's: a check
    answered from a cache another test filled would start no validators to test."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def ipc_dir():
    """A private folder for ipc:// endpoints and databases (short path: ipc paths are limited)."""
    with tempfile.TemporaryDirectory(prefix="rb-") as folder:
        os.chmod(folder, 0o700)
        yield pathlib.Path(folder)


class Processes:
    """Starts child processes and always stops them (SIGTERM, bounded wait, SIGKILL)."""

    def __init__(self):
        self.children = []

    def start(self, args, **kwargs):
        kwargs.setdefault("stdout", subprocess.DEVNULL)
        kwargs.setdefault("stderr", subprocess.PIPE)
        child = subprocess.Popen([str(a) for a in args], **kwargs)
        self.children.append(child)
        return child

    def stop(self, child, timeout=5.0):
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait(timeout=timeout)
        return child.returncode

    def stop_all(self):
        for child in reversed(self.children):
            self.stop(child)


@pytest.fixture
def processes():
    group = Processes()
    try:
        yield group
    finally:
        group.stop_all()


def wait_until(predicate, timeout=15.0, interval=0.05, message="condition"):
    """Polls `predicate` until it returns a truthy value or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")


# ---------------------------------------------------------------------------------------
# PostgreSQL: scripts/with-postgres (which scripts/test runs the tests under) starts a private
# server and names it in RULEBOOK_TEST_POSTGRES_URL; each test gets a database of its own.

POSTGRES_MISSING = ("needs a PostgreSQL server: RULEBOOK_TEST_POSTGRES_URL is not set "
                    "(run under scripts/with-postgres, as scripts/test does)")


def psql(url, sql, timeout=60):
    """Runs `sql` with Debian's psql client and returns its rows, one per line, unaligned."""
    result = subprocess.run(["psql", url, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql],
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


class PostgresDatabase:
    """A fresh database on the test server: its URL with the password, and without it."""

    def __init__(self, server, name):
        base, _, _ = server.rpartition("/")
        self.name = name
        self.url = f"{base}/{name}"
        scheme, _, rest = base.partition("://")
        credentials, _, place = rest.rpartition("@")
        self.user, _, self.password = credentials.partition(":")
        self.url_without_password = f"{scheme}://{self.user}@{place}/{name}"
        self.place = place

    def query(self, sql):
        return psql(self.url, sql)


@pytest.fixture
def postgres_db():
    server = os.environ.get("RULEBOOK_TEST_POSTGRES_URL")
    if not server:
        if os.environ.get("RULEBOOK_TEST_POSTGRES_REQUIRED"):
            pytest.fail("RULEBOOK_TEST_POSTGRES_REQUIRED is set but RULEBOOK_TEST_POSTGRES_URL is not")
        pytest.skip(POSTGRES_MISSING)
    name = f"rb_interop_{uuid.uuid4().hex}"
    psql(server, f"CREATE DATABASE {name}")
    try:
        yield PostgresDatabase(server, name)
    finally:
        psql(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

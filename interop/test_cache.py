"""The result cache of `rulebook check`: a spec whose question is unchanged is answered from
the cache, with a report identical to a run without it.

Each test copies the repository's examples to a folder of its own and runs the real
`rulebook` (persister, validators, SQLite). The cache is the test's own
(`private_result_cache` in conftest.py, or a folder named with --cache-path).
"""
import json
import os
import shutil
import sqlite3
import subprocess
import threading

import pytest

from test_check_cli import CHECK_SECONDS, check_env, json_report

#: What differs between any two runs, cached or not.
RUN_ATTRIBUTES = {"id", "startedAt", "durationMillis", "validators"}


@pytest.fixture
def project(tmp_path, repo_root):
    """A copy of the examples (Swift features of both dialects, declared specs)."""
    folder = tmp_path / "project"
    shutil.copytree(repo_root / "Examples", folder, ignore=shutil.ignore_patterns("clients"))
    return folder


def check(bin_dir, project, *args, env=None):
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "check", ".", "--format", "json", *map(str, args)], cwd=project,
        env=env or check_env(), capture_output=True, text=True, timeout=CHECK_SECONDS)
    assert result.returncode in (0, 1), result.stderr
    return json_report(result)


def comparable(report):
    """The report without what differs between any two runs."""
    run = {key: value for key, value in report["run"].items() if key not in RUN_ATTRIBUTES}
    return {**report, "run": run}


def validators_of_run(database, run_id):
    """The validator each spec of a stored run is marked with, by spec id."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT spec_id, validator FROM specs WHERE run_id = ? AND status = 'validated'", (run_id,))
        return dict(rows.fetchall())


def test_an_unchanged_tree_is_answered_from_the_cache_with_an_identical_report(bin_dir, project, tmp_path):
    database = tmp_path / "history.sqlite"
    cold = check(bin_dir, project, "--db", database)
    warm = check(bin_dir, project, "--db", database)
    assert cold["summary"]["specs"] > 10 and cold["findings"], "the examples have findings to compare"
    assert comparable(warm) == comparable(cold)
    assert warm["run"]["validators"] == 0, "no worker is needed when every spec is cached"
    cold_marks = validators_of_run(database, cold["run"]["id"])
    warm_marks = validators_of_run(database, warm["run"]["id"])
    assert "cache" not in cold_marks.values()
    assert set(warm_marks.values()) == {"cache"}, "run history marks cached verdicts"
    assert len(warm_marks) == len(cold_marks)


def test_only_the_changed_spec_goes_to_a_validator(bin_dir, project, tmp_path):
    database = tmp_path / "history.sqlite"
    cold = check(bin_dir, project, "--db", database)
    edited = project / "LegacyLogin" / "LoginView.swift"
    assert edited.exists()
    # A comment changes the file's text (so its spec's question) but nothing the project index
    # reads, so the other specs' questions stay the same.
    edited.write_text(edited.read_text() + "\n// edited\n")
    warm = check(bin_dir, project, "--db", database)
    assert comparable(warm) == comparable(cold)
    marks = validators_of_run(database, warm["run"]["id"])
    fresh = [spec for spec, validator in marks.items() if validator != "cache"]
    assert len(fresh) == 1, marks
    assert warm["run"]["validators"] == 1, "no more validators than specs to validate"


def test_a_changed_configuration_checks_everything_again(bin_dir, project, tmp_path):
    database = tmp_path / "history.sqlite"
    check(bin_dir, project, "--db", database)
    (project / ".rulebook.yml").write_text("disabled_rules: [view-missing-view-store]\n")
    again = check(bin_dir, project, "--db", database)
    assert "cache" not in validators_of_run(database, again["run"]["id"]).values()


def test_no_cache_neither_reads_nor_writes_a_cache(bin_dir, project, tmp_path):
    cache = tmp_path / "cache"
    database = tmp_path / "history.sqlite"
    check(bin_dir, project, "--cache-path", cache)
    report = check(bin_dir, project, "--no-cache", "--db", database)
    assert "cache" not in validators_of_run(database, report["run"]["id"]).values()
    env = check_env()
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    check(bin_dir, project, "--no-cache", env=env)
    assert not (tmp_path / "xdg").exists()


def test_the_cache_lives_where_xdg_says_else_in_the_home_folder(bin_dir, project, tmp_path):
    env = check_env()
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    check(bin_dir, project, env=env)
    assert (tmp_path / "xdg" / "rulebook" / "check-cache.sqlite").is_file()
    env.pop("XDG_CACHE_HOME")
    env["HOME"] = str(tmp_path / "home")
    check(bin_dir, project, env=env)
    assert (tmp_path / "home" / ".cache" / "rulebook" / "check-cache.sqlite").is_file()
    assert oct(os.stat(tmp_path / "home" / ".cache" / "rulebook").st_mode & 0o777) == "0o700"


def test_a_damaged_cache_is_ignored_and_rebuilt(bin_dir, project, tmp_path):
    cache = tmp_path / "cache"
    database = tmp_path / "history.sqlite"
    cold = check(bin_dir, project, "--cache-path", cache)
    cache_file = cache / "check-cache.sqlite"
    # A value changed behind the cache's back fails its checksum: that spec is checked again.
    with sqlite3.connect(cache_file) as connection:
        connection.execute("UPDATE entries SET value = CAST('{\"not\": \"a verdict\"}' AS BLOB) WHERE rowid IN (SELECT rowid FROM entries LIMIT 5)")
    tampered = check(bin_dir, project, "--cache-path", cache, "--db", database)
    assert comparable(tampered) == comparable(cold)
    # A file that is not a database at all is replaced.
    cache_file.write_bytes(b"this is not SQLite" * 1000)
    replaced = check(bin_dir, project, "--cache-path", cache, "--db", database)
    assert comparable(replaced) == comparable(cold)
    assert "cache" not in validators_of_run(database, replaced["run"]["id"]).values()
    rebuilt = check(bin_dir, project, "--cache-path", cache, "--db", database)
    assert comparable(rebuilt) == comparable(cold)
    assert set(validators_of_run(database, rebuilt["run"]["id"]).values()) == {"cache"}


def test_two_checks_can_share_one_cache_at_once(bin_dir, project, tmp_path):
    cache = tmp_path / "cache"
    reference = check(bin_dir, project, "--no-cache")
    reports = []
    errors = []

    def one():
        try:
            reports.append(check(bin_dir, project, "--cache-path", cache))
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    for _ in range(2):
        threads = [threading.Thread(target=one) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=CHECK_SECONDS)
    assert not errors, errors
    assert len(reports) == 6
    for report in reports:
        assert comparable(report) == comparable(reference)


def test_the_cache_stays_under_its_size(bin_dir, project, tmp_path):
    """The cache drops the entries used longest ago: with room for few entries, it never
    grows past its bound however many different trees are checked."""
    cache = tmp_path / "cache"
    sizes = []
    for round_number in range(4):
        for path in project.rglob("*.swift"):
            path.write_text(path.read_text() + f"\n// round {round_number}\n")
        check(bin_dir, project, "--cache-path", cache, "--cache-max-size", "1")
        with sqlite3.connect(cache / "check-cache.sqlite") as connection:
            sizes.append(connection.execute("SELECT coalesce(sum(size), 0) FROM entries").fetchone()[0])
    assert sizes[0] > 300_000, f"the examples' entries should not fit in 1 MiB four times over: {sizes}"
    assert 0 < sizes[-1] <= 1 << 20, f"the cache outgrew --cache-max-size: {sizes}"

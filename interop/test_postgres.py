"""Run history in PostgreSQL, with the real executables and a real server (scripts/with-postgres).

Two `rulebook check --db postgresql://…` runs from different working folders (two CI
runners, say) and `rulebook report --since previous` show the new and fixed findings, equal
to the same runs stored in SQLite; credentials come from the environment and are never
printed; several persisters share one database, and killing one of them mid-run loses
nothing.
"""
import glob
import json
import os
import pathlib
import shlex
import shutil
import signal
import subprocess
import time

import pytest

from conftest import wait_until
from proc_table import all_pids, proc_stat

CHECK_SECONDS = 180
FEATURES = ("ModernCard", "LegacyLogin")


def rulebook(bin_dir, cwd, *args, env=None, timeout=CHECK_SECONDS):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("RULEBOOK_", "PG"))}
    environment.update(env or {})
    return subprocess.run([str(bin_dir / "rulebook"), *map(str, args)], cwd=cwd, env=environment,
                          capture_output=True, text=True, timeout=timeout)


def edit(path, old, new):
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def two_runners(repo_root, tmp_path):
    """Two working folders with the same features: the second runner's has one violation
    more and one fewer, and every other finding moved down."""
    first, second = tmp_path / "runner-1" / "src", tmp_path / "runner-2" / "checkout"
    for feature in FEATURES:
        shutil.copytree(repo_root / "Examples" / feature, first / feature)
    shutil.copytree(first, second)
    card = second / "ModernCard/CardFeature.swift"
    edit(card, "        var cardOpacity: CGFloat = 1.0\n", "        var cardOpacity: CGFloat = 1.0\n        var shadowOpacity: CGFloat = 0.5\n")
    edit(second / "LegacyLogin/LoginAction.swift", "    case update(LoginState)\n", "")
    edit(second / "LegacyLogin/LoginReducer.swift", "    case let .update(newState):\n        state = newState\n        return .none\n", "")
    card.write_text("// Moved down\n" * 5 + card.read_text())
    return first, second


def without_ids(text, ids):
    for index, run_id in enumerate(ids):
        text = text.replace(run_id, f"<run {index}>")
    return text


def normalized(report, ids):
    """A report or run difference with what differs between two stores' copies of the same
    runs (ids, times, durations, where and on which host it ran) replaced or dropped."""
    value = json.loads(without_ids(json.dumps(report, sort_keys=True), ids))
    for run in (value.get("run"), value.get("since")):
        for key in ("startedAt", "durationMillis", "finishedAt", "host", "sourceRoot"):
            (run or {}).pop(key, None)
    return value


def test_two_checks_from_different_folders_then_report_since_previous_equal_sqlite(bin_dir, repo_root, tmp_path, postgres_db):
    first, second = two_runners(repo_root, tmp_path)
    sqlite = tmp_path / "history.sqlite"
    # The password only in the environment, as a CI secret would be.
    stores = {
        "postgres": (postgres_db.url_without_password, {"PGPASSWORD": postgres_db.password}),
        "sqlite": (sqlite, {}),
    }
    outputs = {}
    for store, (db, env) in stores.items():
        ids = []
        for folder in (first, second):
            # Without the result cache: SQLite's runs would otherwise be answered from the cache the PostgreSQL runs filled.
            result = rulebook(bin_dir, folder, "check", *FEATURES, "--db", db, "--format", "json", "--log-level", "debug",
                              "--no-cache", env=env)
            assert result.returncode == 1, result.stderr[-3000:]
            assert postgres_db.password not in result.stdout + result.stderr
            ids.append(json.loads(result.stdout)["run"]["id"])
        text = rulebook(bin_dir, tmp_path, "report", "--db", db, "--since", "previous", env=env)
        assert text.returncode == 0, text.stderr
        diff = rulebook(bin_dir, tmp_path, "report", "--db", db, "--since", "previous", "--format", "json", env=env)
        assert diff.returncode == 0, diff.stderr
        reports = {(run_id, form): rulebook(bin_dir, tmp_path, "report", "--db", db, "--run", run_id, "--format", form, env=env)
                   for run_id in ids for form in ("json", "text", "summary")}
        assert all(r.returncode == 0 for r in reports.values()), [r.stderr for r in reports.values()]
        outputs[store] = {"ids": ids, "text": text.stdout, "diff": json.loads(diff.stdout), "reports": reports,
                          "summary": text.stderr}

    postgres, sqlite_ = outputs["postgres"], outputs["sqlite"]
    # The new and fixed findings between the two runners' runs.
    assert postgres["text"].startswith("+ ModernCard/CardFeature.swift:18:13: error: "), postgres["text"]
    assert "- LegacyLogin/LoginAction.swift:8:10: error: " in postgres["text"]
    assert [line[:2] for line in postgres["text"].splitlines()] == ["+ ", "- "]
    assert "1 new, 1 fixed" in postgres["summary"]
    assert postgres["diff"]["run"]["id"] == postgres["ids"][1] and postgres["diff"]["since"]["id"] == postgres["ids"][0]
    # Equal to SQLite's: the text byte for byte, the rest but for ids, times and places.
    assert postgres["text"] == sqlite_["text"]
    assert without_ids(postgres["summary"], postgres["ids"]) == without_ids(sqlite_["summary"], sqlite_["ids"])
    assert normalized(postgres["diff"], postgres["ids"]) == normalized(sqlite_["diff"], sqlite_["ids"])
    for index in range(2):
        mine = {form: postgres["reports"][(postgres["ids"][index], form)].stdout for form in ("json", "text", "summary")}
        theirs = {form: sqlite_["reports"][(sqlite_["ids"][index], form)].stdout for form in ("json", "text", "summary")}
        assert mine["text"] == theirs["text"]
        assert without_ids(mine["summary"], postgres["ids"]) == without_ids(theirs["summary"], sqlite_["ids"])
        assert normalized(json.loads(mine["json"]), postgres["ids"]) == normalized(json.loads(theirs["json"]), sqlite_["ids"])
    # Both runs are in the shared database, each with where it ran.
    rows = postgres_db.query("SELECT source_root FROM runs ORDER BY seq").splitlines()
    assert rows == [str(first), str(second)]


def test_a_run_the_cache_answers_whole_is_stored_in_postgres_like_a_fresh_one(bin_dir, repo_root, tmp_path, postgres_db):
    """The result cache's verdicts reach PostgreSQL too: a warm run starts no worker, stores
    its verdicts itself and reads back the same findings; the cache was filled from what
    PostgreSQL holds of the cold run."""
    first, _ = two_runners(repo_root, tmp_path)
    env = {"PGPASSWORD": postgres_db.password, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    runs = []
    for _ in range(2):
        result = rulebook(bin_dir, first, "check", *FEATURES, "--db", postgres_db.url_without_password, "--format", "json", env=env)
        assert result.returncode == 1, result.stderr[-3000:]
        runs.append(json.loads(result.stdout))
    cold, warm = runs
    assert cold["run"]["validators"] > 0 and warm["run"]["validators"] == 0
    assert warm["findings"] == cold["findings"] and warm["findings"]
    marks = postgres_db.query(f"SELECT DISTINCT validator FROM specs WHERE run_id = '{warm['run']['id']}' AND status = 'validated'")
    assert marks.splitlines() == ["cache"]
    since = rulebook(bin_dir, tmp_path, "report", "--db", postgres_db.url_without_password, "--since", "previous", env=env)
    assert since.returncode == 0 and since.stdout == "", since.stdout + since.stderr


def test_report_refuses_bad_and_unreachable_databases_without_showing_the_password(bin_dir, tmp_path, postgres_db):
    secret = "s3cret-" + postgres_db.name
    bad = rulebook(bin_dir, tmp_path, "report", "--db", f"postgresql://u:{secret}@127.0.0.1:1/db?sslmode=sometimes")
    assert bad.returncode == 2 and "RB400" in bad.stderr and secret not in bad.stderr, bad.stderr
    unreachable = rulebook(bin_dir, tmp_path, "report", "--db", f"postgresql://u:{secret}@127.0.0.1:1/db", timeout=30)
    assert unreachable.returncode == 3 and "RB300" in unreachable.stderr and secret not in unreachable.stderr, unreachable.stderr
    wrong = rulebook(bin_dir, tmp_path, "check", tmp_path, "--db", postgres_db.url_without_password, env={"PGPASSWORD": secret})
    assert wrong.returncode == 3 and "password authentication failed" in wrong.stderr and secret not in wrong.stderr, wrong.stderr
    empty = rulebook(bin_dir, tmp_path, "report", "--db", postgres_db.url)
    assert empty.returncode == 3 and "RB302" in empty.stderr, empty.stderr


def declared_specs(path, count, prefix):
    """`count` declared specs, big enough (200 properties) that a run outlives a kill."""
    properties = [{"name": "title", "type": "String"}, {"name": "badgeScale", "type": "CGFloat"}]
    properties += [{"name": f"field{k}", "type": "String"} for k in range(200)]
    lines = [json.dumps({
        "feature": f"{prefix}{index:04d}", "dialect": "modern", "file": f"{prefix}{index:04d}.rulebook.json",
        "state": {"name": "State", "conformances": ["Equatable"], "properties": properties},
        "action": {"name": "Action", "cases": [{"name": "onAppear"}]},
    }) for index in range(count)]
    path.write_text("\n".join(lines) + "\n")
    return path


def stored(postgres_db):
    """(specs stored, distinct specs); (0, 0) until a persister has created the table, which a
    persister started a moment ago on a busy machine may not have done yet."""
    if postgres_db.query("SELECT to_regclass('specs') IS NOT NULL") != "t":
        return 0, 0
    total, distinct = postgres_db.query(
        "SELECT count(*), count(DISTINCT (spec_source, spec_id)) FROM specs").split("|")
    return int(total), int(distinct)


def test_two_persisters_share_one_database_and_killing_one_mid_run_loses_nothing(bin_dir, ipc_dir, processes, tmp_path, postgres_db):
    """Two persisters on one PostgreSQL database; the validators and the producer connect to
    both results endpoints, the producer and the client to both events endpoints. SIGKILL to
    one persister mid-run: `rulebook push --wait` still gets every verdict, and every spec is
    stored exactly once."""
    e = {name: f"ipc://{ipc_dir}/{name}" for name in ("intake", "work", "results-1", "events-1", "results-2", "events-2")}
    results, events = f"{e['results-1']},{e['results-2']}", f"{e['events-1']},{e['events-2']}"
    env = {**os.environ, "RULEBOOK_DB": postgres_db.url_without_password, "PGPASSWORD": postgres_db.password}
    logs = {}

    def spawn(name, executable, *args):
        logs[name] = open(ipc_dir / f"{name}.log", "wb")
        return processes.start([bin_dir / executable, *args, "--heartbeat-interval", "0.2", "--log-level", "info"],
                               env=env, stderr=logs[name])

    def log_text():
        return "\n".join(f"--- {name} ---\n{(ipc_dir / f'{name}.log').read_text(errors='replace')[-3000:]}" for name in logs)

    try:
        persisters = [spawn(f"persister-{i}", "rulebook-persister", "--results", e[f"results-{i}"], "--events", e[f"events-{i}"])
                      for i in (1, 2)]
        for i in (1, 2):
            spawn(f"validator-{i}", "rulebook-validator", "--work", e["work"], "--results", results)
        spawn("producer", "rulebook-producer", "serve", "--intake", e["intake"], "--work", e["work"], "--results", results,
              "--events", events, "--journal", ipc_dir / "journal.sqlite")
        count = 2000
        specs = declared_specs(tmp_path / "specs.jsonl", count, "Shared")
        push = processes.start([bin_dir / "rulebook", "push", "--wait", "--timeout", "170", "--intake", e["intake"],
                                "--events", events, specs], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_until(lambda: stored(postgres_db)[0] >= 200, timeout=90, message=f"the first specs stored\n{log_text()}")
        persisters[0].send_signal(signal.SIGKILL)
        persisters[0].wait(timeout=10)
        assert stored(postgres_db)[0] < count, "everything was stored before the kill"
        out, err = push.communicate(timeout=190)
        verdicts = [json.loads(line) for line in out.decode().splitlines()]
        assert push.returncode == 1, (push.returncode, err.decode(errors="replace")[-2000:], log_text())
        assert len(verdicts) == count and len({v["specId"] for v in verdicts}) == count
        assert all(v["status"] == "validated" and v["findings"] for v in verdicts)
        assert stored(postgres_db) == (count, count)
        assert persisters[1].poll() is None, log_text()
    finally:
        for log in logs.values():
            log.close()


def test_a_database_a_newer_rulebook_migrated_is_refused_at_once(bin_dir, repo_root, tmp_path, postgres_db):
    env = {"PGPASSWORD": postgres_db.password}
    first = rulebook(bin_dir, repo_root / "Examples", "check", "ModernCard", "--db", postgres_db.url_without_password, env=env)
    assert first.returncode == 1, first.stderr
    postgres_db.query("INSERT INTO rulebook_migrations (identifier) VALUES ('v99-from-the-future')")
    again = rulebook(bin_dir, repo_root / "Examples", "check", "ModernCard", "--db", postgres_db.url_without_password, env=env)
    assert again.returncode == 3, again.stderr
    assert "RB300" in again.stderr and "schema is newer than this Rulebook" in again.stderr, again.stderr
    assert "v99-from-the-future" in again.stderr


def restart_server(down_seconds):
    """Stops the test server at once (`-m immediate`, as a crash would), waits, and starts it
    again with the options it had (scripts/with-postgres's server, found by its socket folder)."""
    folder = pathlib.Path(os.environ["RULEBOOK_TEST_POSTGRES_SOCKET"])
    data = folder / "data"
    bindir = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]
    as_server = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    options = shlex.split((data / "postmaster.opts").read_text())[1:]
    options = [option for index, option in enumerate(options)
               if option != "-D" and (index == 0 or options[index - 1] != "-D")]
    subprocess.run([*as_server, f"{bindir}/pg_ctl", "-D", str(data), "stop", "-m", "immediate", "-w"],
                   check=True, capture_output=True, timeout=60)
    time.sleep(down_seconds)
    subprocess.run([*as_server, f"{bindir}/pg_ctl", "-D", str(data), "-l", str(folder / "server.log"), "-w", "-t", "60",
                    "-o", shlex.join(options), "start"], check=True, capture_output=True, timeout=90)


def test_a_server_restart_during_a_run_loses_nothing(bin_dir, ipc_dir, processes, tmp_path, postgres_db):
    """Issue 29: PostgreSQL stopped at once mid-run and started again 3 s later, within the
    persister's reconnect window (30 s): the run completes and every spec is stored once."""
    e = {name: f"ipc://{ipc_dir}/{name}" for name in ("intake", "work", "results", "events")}
    env = {**os.environ, "RULEBOOK_DB": postgres_db.url_without_password, "PGPASSWORD": postgres_db.password}
    log = open(ipc_dir / "persister.log", "wb")
    try:
        persister = processes.start([bin_dir / "rulebook-persister", "--results", e["results"], "--events", e["events"],
                                     "--log-level", "info"], env=env, stderr=log)
        processes.start([bin_dir / "rulebook-validator", "--work", e["work"], "--results", e["results"]], env=env)
        processes.start([bin_dir / "rulebook-producer", "serve", "--intake", e["intake"], "--work", e["work"],
                         "--results", e["results"], "--events", e["events"], "--journal", ipc_dir / "journal.sqlite"], env=env)
        count = 2000
        specs = declared_specs(tmp_path / "specs.jsonl", count, "Restart")
        push = processes.start([bin_dir / "rulebook", "push", "--wait", "--timeout", "170", "--intake", e["intake"],
                                "--events", e["events"], specs], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_until(lambda: stored(postgres_db)[0] >= 200, timeout=90, message="the first specs stored")
        restart_server(3)
        out, err = push.communicate(timeout=190)
        persister_log = (ipc_dir / "persister.log").read_text(errors="replace")
        verdicts = [json.loads(line) for line in out.decode().splitlines()]
        if push.returncode != 1:
            # In full, not as a truncated repr: this has failed rarely in CI (exit 3 after
            # resending) and never locally, so the next failure must say why.
            pytest.fail(f"push exited {push.returncode}\n--- push stderr ---\n{err.decode(errors='replace')[-6000:]}"
                        f"\n--- persister log ---\n{persister_log[-6000:]}", pytrace=False)
        assert len({v["specId"] for v in verdicts}) == count
        assert stored(postgres_db) == (count, count)
        assert persister.poll() is None, persister_log[-3000:]
        assert "PostgreSQL cannot be reached, connecting again" in persister_log
    finally:
        log.close()


def server_processes():
    """The test server's postmaster and its children (scripts/with-postgres's server)."""
    data = pathlib.Path(os.environ["RULEBOOK_TEST_POSTGRES_SOCKET"]) / "data"
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    children = [pid for pid in all_pids() if (proc_stat(pid) or (None, None))[1] == postmaster]
    return [postmaster] + children


def signal_all(pids, number):
    """Sends `number` to each of `pids` still running (a backend may end at any moment)."""
    for pid in pids:
        try:
            os.kill(pid, number)
        except ProcessLookupError:
            pass


def frozen_check(bin_dir, folder, postgres_db, freeze_when=None):
    """`rulebook check --timeout 3` of `folder` with the server frozen (SIGSTOP) before the run,
    or once `freeze_when()` holds during it; returns the result and the seconds from the
    freeze to the exit. The server is thawed whatever happens."""
    stopped = []
    env = {"PGPASSWORD": postgres_db.password}
    command = [str(bin_dir / "rulebook"), "check", "--no-cache", "--timeout", "3", "--db", postgres_db.url_without_password, "."]
    environment = {**{k: v for k, v in os.environ.items() if not k.startswith(("RULEBOOK_", "PG"))}, **env}
    try:
        if freeze_when is None:
            stopped = server_processes()
            signal_all(stopped, signal.SIGSTOP)
        child = subprocess.Popen(command, cwd=folder, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if freeze_when is not None:
            wait_until(freeze_when, timeout=120, message="the run under way")
            stopped = server_processes()
            signal_all(stopped, signal.SIGSTOP)
        frozen = time.monotonic()
        out, err = child.communicate(timeout=60)
        return subprocess.CompletedProcess(command, child.returncode, out, err), time.monotonic() - frozen
    finally:
        signal_all(set(stopped) | set(server_processes()), signal.SIGCONT)


def test_a_frozen_server_ends_a_check_within_its_timeout(bin_dir, tmp_path, postgres_db):
    """Issue 29: `--timeout` bounds `rulebook check` when PostgreSQL stops answering: frozen
    before the run (the connection's wait is the timeout's, not the client's 10 s) or during it
    (a persister stuck in a statement gets half a second after the timeout, and closing the
    command's own connection does not wait for the server), it ends with exit 3 soon after
    the timeout."""
    folder = tmp_path / "specs"
    folder.mkdir()
    for line in declared_specs(tmp_path / "specs.jsonl", 1500, "Frozen").read_text().splitlines():
        spec = json.loads(line)
        (folder / spec["file"]).write_text(line)
    warm = rulebook(bin_dir, folder, "check", "--no-cache", "--db", postgres_db.url_without_password, "Frozen0000.rulebook.json",
                    env={"PGPASSWORD": postgres_db.password})
    assert warm.returncode in (0, 1), warm.stderr
    before, waited = frozen_check(bin_dir, folder, postgres_db)
    assert before.returncode == 3 and "RB300" in before.stderr and "timeout" in before.stderr.lower(), before.stderr
    # Without the bound it ended after the client's 10 s connect timeout; with it, after 3 s and
    # the time a loaded machine takes to start and stop the processes.
    assert waited < 3 + 5, f"ended {waited:.1f} s after the freeze"
    during, waited = frozen_check(bin_dir, folder, postgres_db, freeze_when=lambda: stored(postgres_db)[0] >= 50)
    assert during.returncode == 3 and "RB502" in during.stderr, during.stderr[-2000:]
    assert waited < 3 + 5, f"ended {waited:.1f} s after the freeze (15 s before the bound)"

"""Reports for CI and run history, driven through the real `rulebook check` and `rulebook report`.

What the executables write is checked with readers written by others: SARIF against the OASIS
SARIF 2.1.0 schema (jsonschema, draft-07), JUnit XML against the Ant/Jenkins JUnit XSD (lxml)
and with `junitparser`, checkstyle with ElementTree, and the run history with sqlite3.
"""
import json
import os
import pathlib
import pty
import re
import shutil
import sqlite3
import subprocess
import urllib.parse
import xml.etree.ElementTree as ET

import pytest
from jsonschema import Draft7Validator
from junitparser import Error, Failure, JUnitXml, Skipped
from lxml import etree

from test_check_cli import check_env
from test_schemas import errors as schema_errors

CHECK_SECONDS = 120
SEVERITY_COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}
CLEAN_FILES = {
    "Examples/LegacyCounterClean/CounterAction.swift", "Examples/LegacyCounterClean/CounterReducer.swift",
    "Examples/LegacyCounterClean/CounterState.swift", "Examples/LegacyCounterClean/CounterView.swift",
    "Examples/ModernSettingsClean/SettingsFeature.swift",
    # Files of a feature with findings elsewhere.
    "Examples/LegacyLogin/LoginEnvironment.swift", "Examples/LegacyLogin/LoginReducer.swift",
}


def rulebook(bin_dir, cwd, *args, env=None, timeout=CHECK_SECONDS):
    return subprocess.run(
        [str(bin_dir / "rulebook"), *map(str, args)], cwd=cwd, env=env or check_env(),
        capture_output=True, text=True, timeout=timeout)


def sarif_validator(vendor_schemas):
    schema = json.loads((vendor_schemas / "sarif-schema-2.1.0.json").read_text())
    Draft7Validator.check_schema(schema)
    return Draft7Validator(schema, format_checker=Draft7Validator.FORMAT_CHECKER)


def junit_schema(vendor_schemas):
    return etree.XMLSchema(etree.parse(str(vendor_schemas / "junit.xsd")))


def assert_valid_sarif(vendor_schemas, log):
    problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in sarif_validator(vendor_schemas).iter_errors(log)]
    assert problems == []


def assert_valid_junit(vendor_schemas, path):
    schema = junit_schema(vendor_schemas)
    assert schema.validate(etree.parse(str(path))), schema.error_log


def unescape_data(text):
    """The runner's decoding of a workflow command's message."""
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def unescape_property(text):
    return unescape_data(text.replace("%3A", ":").replace("%2C", ","))


def parse_workflow_command(line):
    """`::name k=v,k=v::message` → (name, {k: v}, message), decoded as the Actions runner does."""
    match = re.fullmatch(r"::(\w+)(?: ([^:]*(?:(?!::).)*?))?::(.*)", line)
    assert match, line
    properties = {}
    for pair in (match.group(2) or "").split(","):
        if pair:
            key, value = pair.split("=", 1)
            properties[key] = unescape_property(value)
    return match.group(1), properties, unescape_data(match.group(3))


# ---------------------------------------------------------------------------------------
# Every format from one real run of Examples/


@pytest.fixture(scope="module")
def examples_reports(bin_dir, repo_root, tmp_path_factory):
    """One `rulebook check` of the Examples features (Examples/Rules aside, covered by
    test_rule_examples.py) writing every format at once (SARIF on stdout)."""
    folder = tmp_path_factory.mktemp("reports")
    files = {fmt: folder / f"report.{fmt}" for fmt in ("json", "junit", "github", "checkstyle", "summary", "text")}
    features = sorted(str(path.relative_to(repo_root)) for path in (repo_root / "Examples").iterdir()
                      if path.is_dir() and path.name not in ("Rules", "clients"))
    args = ["check", *features, "--format", "sarif", "--db", folder / "history.sqlite"]
    for fmt, path in files.items():
        args += ["--report", f"{fmt}={path}"]
    result = rulebook(bin_dir, repo_root, *args)
    assert result.returncode == 1, result.stderr
    assert re.search(r"rulebook: \d+ errors?, \d+ warnings?, \d+ notes? in \d+ specs", result.stderr)
    return {"sarif": json.loads(result.stdout), "db": folder / "history.sqlite",
            "report": json.loads(files["json"].read_text()), **{fmt: path for fmt, path in files.items() if fmt != "json"}}


def test_sarif_validates_and_is_complete_for_github_code_scanning(examples_reports, bin_dir, vendor_schemas, repo_root):
    log = examples_reports["sarif"]
    report = examples_reports["report"]
    assert_valid_sarif(vendor_schemas, log)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "Rulebook" and driver["version"] and driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    catalogue = json.loads(rulebook(bin_dir, repo_root, "rules", "--format", "json").stdout)
    assert [rule["id"] for rule in rules][:len(catalogue)] == [entry["id"] for entry in catalogue]
    for rule in rules:
        assert rule["id"] and rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo_root.as_uri() + "/"
    assert run["properties"]["gitCommit"] == subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo_root, capture_output=True, text=True).stdout.strip()

    results = run["results"]
    assert len(results) == len(report["findings"]) > 0
    for result, finding in zip(results, report["findings"]):
        assert result["ruleId"] == finding["ruleId"] == rules[result["ruleIndex"]]["id"]
        assert result["level"] == finding["severity"]
        assert result["message"]["text"].startswith(finding["message"])
        assert result["partialFingerprints"] == {"rulebookFingerprint/v1": finding["fingerprint"]}
        (location,) = result["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        assert artifact["uriBaseId"] == "%SRCROOT%" and not artifact["uri"].startswith("/")
        assert urllib.parse.unquote(artifact["uri"]) == finding["file"]
        assert (repo_root / finding["file"]).exists()
        region = location["physicalLocation"].get("region")
        if finding["line"] is None:
            # Declared specs: no region, the JSON pointer as a logical location.
            assert region is None
            assert location["logicalLocations"][0]["fullyQualifiedName"] == finding["pointer"]
        else:
            # The examples are ASCII: UTF-16 columns are the byte columns. A finding without an
            # end (a parse error at a missing token) is the empty region at its start.
            has_end = finding["endLine"] is not None
            assert region == {"startLine": finding["line"], "endLine": finding["endLine"] if has_end else finding["line"],
                              "startColumn": finding["column"],
                              "endColumn": finding["endColumn"] if has_end else finding["column"]}


def test_junit_validates_against_the_xsd_and_reads_with_junitparser(examples_reports, vendor_schemas):
    report = examples_reports["report"]
    assert_valid_junit(vendor_schemas, examples_reports["junit"])
    xml = JUnitXml.fromfile(str(examples_reports["junit"]))
    suites = list(xml)
    files = {suite.name for suite in suites}
    assert files == {f["file"] for f in report["findings"]} | CLEAN_FILES
    failures, skipped, passing = [], [], set()
    for suite in suites:
        cases = list(suite)
        assert suite.tests == len(cases)
        assert suite.failures == sum(isinstance(r, Failure) for c in cases for r in c.result)
        assert suite.skipped == sum(isinstance(r, Skipped) for c in cases for r in c.result)
        for case in cases:
            if not case.result:
                passing.add(case.classname)
                continue
            (result,) = case.result
            if isinstance(result, Failure):
                failures.append((case.classname, result.type, result.message))
            else:
                assert isinstance(result, Skipped)
                skipped.append((case.classname, result.message))
    # Red exactly when the job fails: errors are failures; warnings and notes (which exit 0
    # without --strict) are skipped cases whose message is the finding.
    assert sorted(failures) == sorted((f["file"], f["severity"], f["message"]) for f in report["findings"] if f["severity"] == "error")
    others = [f for f in report["findings"] if f["severity"] != "error"]
    assert others and sorted(skipped) == sorted((f["file"], f"{f['severity']}: {f['message']}") for f in others)
    assert passing == CLEAN_FILES


def test_github_commands_annotate_the_most_severe_first_and_list_the_rest(examples_reports):
    """GitHub shows 10 annotations of each kind per step: errors come first, then warnings,
    then notes, each capped at 10; the rest are plain log lines after them, and a closing
    notice (among the notices shown) says where the whole report is. GitHub's own reading of
    the commands is `parse_workflow_command`'s."""
    report = examples_reports["report"]
    lines = examples_reports["github"].read_text().splitlines()
    commands = [line for line in lines if line.startswith("::")]
    plain = [line for line in lines if not line.startswith("::")]
    order = {"error": 0, "warning": 1, "note": 2}
    ranked = sorted(report["findings"], key=lambda f: order[f["severity"]])  # stable: path order within a kind
    annotated = [f for kind in order for f in [g for g in ranked if g["severity"] == kind][:10]]
    rest = [f for f in ranked if f not in annotated]
    closing = [line for line in commands if line.startswith("::notice title=rulebook::")]
    assert len(closing) == (1 if rest else 0)  # the cap itself: GitHubReportTests
    for line in closing:
        assert "--report sarif=FILE" in line and lines.index(line) < len(lines) - len(plain)
        commands.remove(line)
    assert len(commands) == len(annotated) and len(plain) == len(rest), (len(commands), len(plain))
    for line, finding in zip(plain, rest):
        assert line.startswith(f"{finding['file']}:") and f"{finding['severity']}: " in line and f"[{finding['ruleId']}]" in line
    for line, finding in zip(commands, annotated):
        name, properties, message = parse_workflow_command(line)
        assert name == SEVERITY_COMMANDS[finding["severity"]]
        assert properties["file"] == finding["file"] and properties["title"] == finding["ruleId"]
        if finding["line"] is not None:
            assert (properties["line"], properties["col"]) == (str(finding["line"]), str(finding["column"]))
            if finding["endLine"] is None:
                assert "endLine" not in properties and "endColumn" not in properties
            else:
                assert (properties["endLine"], properties["endColumn"]) == (str(finding["endLine"]), str(finding["endColumn"]))
        assert message.startswith(finding["message"])


def test_checkstyle_summary_and_text_agree_with_the_json_report(examples_reports):
    report = examples_reports["report"]
    root = ET.parse(examples_reports["checkstyle"]).getroot()
    assert root.tag == "checkstyle"
    errors = [(f.get("name"), e.get("source"), e.get("line")) for f in root.iter("file") for e in f.iter("error")]
    assert sorted(errors, key=str) == sorted(
        ((f["file"], "rulebook." + f["ruleId"], None if f["line"] is None else str(f["line"])) for f in report["findings"]), key=str)
    assert CLEAN_FILES <= {f.get("name") for f in root.iter("file")}

    summary = examples_reports["summary"].read_text()
    counts = report["summary"]
    assert f"| **total** | {counts['errors']} | {counts['warnings']} | {counts['notes']} | {len(report['findings'])} |" in summary
    for rule in {f["ruleId"] for f in report["findings"]}:
        assert f"| `{rule}` |" in summary

    text = examples_reports["text"].read_text()
    assert "\x1b[" not in text  # files never get colours
    assert len(text.splitlines()) == len(report["findings"])
    for line, finding in zip(text.splitlines(), report["findings"]):
        if finding["line"] is None:
            assert line.startswith(f"{finding['file']}: ") and line.endswith(f"[{finding['ruleId']}] (at {finding['pointer']})")
        else:
            # The compiler-style prefix editors parse, and the end after the rule id.
            assert line.startswith(f"{finding['file']}:{finding['line']}:{finding['column']}: {finding['severity']}: ")
            end = "" if finding["endLine"] is None else f" (to {finding['endLine']}:{finding['endColumn']})"
            assert line.endswith(f"[{finding['ruleId']}]{end}"), line


def test_report_re_renders_the_stored_run_identically(examples_reports, bin_dir, repo_root, tmp_path):
    for fmt in ("json", "junit", "github", "checkstyle", "summary"):
        result = rulebook(bin_dir, repo_root, "report", "--db", examples_reports["db"], "--format", fmt)
        assert result.returncode == 0, result.stderr
        expected = examples_reports["report"] if fmt == "json" else examples_reports[fmt].read_text()
        assert (json.loads(result.stdout) if fmt == "json" else result.stdout) == expected, fmt
    result = rulebook(bin_dir, repo_root, "report", "--db", examples_reports["db"], "--run", examples_reports["report"]["run"]["id"],
                      "--format", "sarif", "--output", tmp_path / "again.sarif")
    assert result.returncode == 0 and result.stdout == "", result.stderr
    assert json.loads((tmp_path / "again.sarif").read_text()) == examples_reports["sarif"]


# ---------------------------------------------------------------------------------------
# Colour on a terminal only


def run_on_a_terminal(bin_dir, cwd, env, *args):
    """Runs rulebook with stdout on a pseudo-terminal; returns what it printed there."""
    leader, follower = pty.openpty()
    try:
        child = subprocess.Popen([str(bin_dir / "rulebook"), *args], cwd=cwd, env=env, stdout=follower,
                                 stderr=subprocess.PIPE)
        os.close(follower)
        output = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO once the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
        child.wait(timeout=CHECK_SECONDS)
        return output.decode()
    finally:
        os.close(leader)


def test_text_is_coloured_on_a_terminal_unless_no_color(bin_dir, repo_root):
    env = check_env()
    env.pop("NO_COLOR", None)
    env["TERM"] = "xterm"
    coloured = run_on_a_terminal(bin_dir, repo_root, env, "check", "Examples/ModernCard")
    assert "\x1b[1;31merror:\x1b[0m" in coloured
    plain = run_on_a_terminal(bin_dir, repo_root, {**env, "NO_COLOR": "1"}, "check", "Examples/ModernCard")
    assert "\x1b[" not in plain and "error:" in plain
    piped = rulebook(bin_dir, repo_root, "check", "Examples/ModernCard", env=env)
    assert "\x1b[" not in piped.stdout and "error:" in piped.stdout


# ---------------------------------------------------------------------------------------
# Hostile file names end to end


HOSTILE_FOLDER = "50% off:a,b #1"
HOSTILE_FILE = "Ünïcødé Feature.swift"


def test_hostile_paths_survive_every_format(bin_dir, vendor_schemas, tmp_path):
    folder = tmp_path / HOSTILE_FOLDER
    folder.mkdir()
    (folder / HOSTILE_FILE).write_text(
        "import ComposableArchitecture\n\n@Reducer\nstruct Hostile {\n    @ObservableState\n"
        "    struct State: Equatable {\n        var badgeScale: CGFloat = 1.0\n    }\n"
        "    enum Action {\n        case tapped\n    }\n}\n")
    name = f"{HOSTILE_FOLDER}/{HOSTILE_FILE}"
    args = ["check", HOSTILE_FOLDER, "--format", "github", "--report", f"sarif={tmp_path / 'r.sarif'}",
            "--report", f"junit={tmp_path / 'r.xml'}", "--report", f"json={tmp_path / 'r.json'}",
            "--report", f"checkstyle={tmp_path / 'r.checkstyle'}"]
    result = rulebook(bin_dir, tmp_path, *args)
    assert result.returncode == 1, result.stderr
    findings = json.loads((tmp_path / "r.json").read_text())["findings"]
    assert findings and all(f["file"] == name for f in findings)

    lines = result.stdout.splitlines()
    assert len(lines) == len(findings)
    for line in lines:
        assert "%3A" in line and "%2C" in line and "%25" in line
        assert parse_workflow_command(line)[1]["file"] == name

    log = json.loads((tmp_path / "r.sarif").read_text())
    assert_valid_sarif(vendor_schemas, log)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert len(uris) == 1 and urllib.parse.unquote(uris.pop()) == name

    assert_valid_junit(vendor_schemas, tmp_path / "r.xml")
    assert {suite.name for suite in JUnitXml.fromfile(str(tmp_path / "r.xml"))} == {name}
    assert {f.get("name") for f in ET.parse(tmp_path / "r.checkstyle").getroot().iter("file")} == {name}


# ---------------------------------------------------------------------------------------
# History: two runs over a changing folder, the baseline, and `report --since`


def edit(path, old, new):
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def by_rule_and_file(findings):
    return sorted((f["ruleId"], f["file"], f["line"]) for f in findings)


def test_second_run_shows_new_and_fixed_findings_and_the_baseline_hides_exactly_the_old_ones(bin_dir, repo_root, tmp_path):
    work = tmp_path / "work"
    for feature in ("ModernCard", "LegacyLogin"):
        shutil.copytree(repo_root / "Examples" / feature, work / feature)
    db, baseline = tmp_path / "history.sqlite", tmp_path / "baseline.json"

    first = rulebook(bin_dir, work, "check", "ModernCard", "LegacyLogin", "--db", db, "--format", "json",
                     "--write-baseline", baseline)
    assert first.returncode == 1, first.stderr
    before = json.loads(first.stdout)
    written = json.loads(baseline.read_text())
    assert schema_errors("baseline", written) == []
    assert sorted(e["fingerprint"] for e in written["findings"]) == sorted(f["fingerprint"] for f in before["findings"])

    # Add a violation, fix another, and move every other finding down by inserting lines at the top.
    card, action, state = work / "ModernCard/CardFeature.swift", work / "LegacyLogin/LoginAction.swift", work / "LegacyLogin/LoginState.swift"
    edit(card, "        var cardOpacity: CGFloat = 1.0\n", "        var cardOpacity: CGFloat = 1.0\n        var shadowOpacity: CGFloat = 0.5\n")
    edit(action, "    case update(LoginState)\n", "")
    edit(work / "LegacyLogin/LoginReducer.swift", "    case let .update(newState):\n        state = newState\n        return .none\n", "")
    for path in (card, state):
        path.write_text("// Moved down\n" * 5 + path.read_text())

    second = rulebook(bin_dir, work, "check", "ModernCard", "LegacyLogin", "--db", db, "--format", "json",
                      "--baseline", baseline)
    assert second.returncode == 1, second.stderr
    reported = json.loads(second.stdout)
    # The baseline hides exactly the old findings, wherever their lines moved: only the new one is left.
    assert by_rule_and_file(reported["findings"]) == [("state-animation-value", "ModernCard/CardFeature.swift", 18)]
    assert reported["summary"]["errors"] == 1
    assert f"{len(before['findings']) - 1} findings in the baseline" in second.stderr

    # The full second run, re-rendered from the store, has the moved findings with their fingerprints.
    after = json.loads(rulebook(bin_dir, work, "report", "--db", db, "--format", "json").stdout)
    assert after["run"]["id"] == reported["run"]["id"]
    moved = {f["fingerprint"]: f["line"] for f in after["findings"]}
    added_line = next(f["line"] for f in before["findings"] if "cardOpacity" in f["message"]) + 1
    for finding in before["findings"]:
        if finding["file"] == "LegacyLogin/LoginState.swift":
            assert moved[finding["fingerprint"]] == finding["line"] + 5
        elif finding["file"] == "ModernCard/CardFeature.swift":
            assert moved[finding["fingerprint"]] == finding["line"] + 5 + (finding["line"] >= added_line)

    diff = rulebook(bin_dir, work, "report", "--db", db, "--since", "previous", "--format", "json")
    assert diff.returncode == 0, diff.stderr
    changes = json.loads(diff.stdout)
    assert schema_errors("run-diff", changes) == []
    assert changes["run"]["id"] == after["run"]["id"] and changes["since"]["id"] == before["run"]["id"]
    assert by_rule_and_file(changes["new"]) == [("state-animation-value", "ModernCard/CardFeature.swift", 18)]
    assert by_rule_and_file(changes["fixed"]) == [("action-generic-case", "LegacyLogin/LoginAction.swift", 8)]
    assert changes["unchanged"] == len(before["findings"]) - 1
    assert "1 new, 1 fixed" in diff.stderr

    text = rulebook(bin_dir, work, "report", "--db", db, "--run", after["run"]["id"], "--since", before["run"]["id"])
    assert text.returncode == 0, text.stderr
    assert [line[:2] for line in text.stdout.splitlines()] == ["+ ", "- "]
    assert text.stdout.startswith("+ ModernCard/CardFeature.swift:18:13: error: ")
    assert "- LegacyLogin/LoginAction.swift:8:10: error: " in text.stdout

    # History: both runs with timings, counts and configuration hash; no commit outside a git work tree.
    connection = sqlite3.connect(str(db))
    connection.row_factory = sqlite3.Row
    try:
        runs = {row["id"]: dict(row) for row in connection.execute("SELECT * FROM runs")}
    finally:
        connection.close()
    assert set(runs) == {before["run"]["id"], after["run"]["id"]}
    for report in (before, after):
        row = runs[report["run"]["id"]]
        assert row["git_commit"] is None and re.fullmatch(r"[0-9a-f]{16}", row["config_hash"])
        assert row["rule_set_version"] == report["run"]["ruleSetVersion"]
        assert row["started_at"] < row["finished_at"] and row["duration_millis"] > 0 and row["validators"] >= 1
        assert (row["error_count"], row["warning_count"], row["spec_count"]) == (
            report["summary"]["errors"], report["summary"]["warnings"], report["summary"]["specs"])
    assert runs[before["run"]["id"]]["config_hash"] == runs[after["run"]["id"]]["config_hash"]


def test_run_in_a_git_work_tree_records_its_commit(bin_dir, repo_root, tmp_path):
    db = tmp_path / "history.sqlite"
    result = rulebook(bin_dir, repo_root, "check", "Examples/ModernCard", "--db", db, "--format", "json")
    assert result.returncode == 1, result.stderr
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo_root, capture_output=True, text=True).stdout.strip()
    assert json.loads(result.stdout)["run"]["gitCommit"] == head
    connection = sqlite3.connect(str(db))
    try:
        assert connection.execute("SELECT git_commit FROM runs").fetchall() == [(head,)]
    finally:
        connection.close()


# ---------------------------------------------------------------------------------------
# Migrating a database written by the first release (v1 schema only)


V1_SCHEMA = """
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES ('v1-runs-specs-findings-rejections');
CREATE TABLE runs (id TEXT NOT NULL PRIMARY KEY, tool TEXT, paths TEXT, rule_set_version TEXT,
  expected_specs INTEGER, opened_at TEXT, completed_at TEXT);
CREATE TABLE specs (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL REFERENCES runs(id),
  spec_source TEXT NOT NULL, spec_id TEXT NOT NULL, feature TEXT, origin TEXT, dialect TEXT, status TEXT NOT NULL,
  validator TEXT, duration_micros INTEGER, stored_at TEXT NOT NULL, duplicates INTEGER NOT NULL DEFAULT 0,
  UNIQUE (spec_source, spec_id));
CREATE INDEX specs_by_run ON specs(run_id);
CREATE TABLE findings (id INTEGER PRIMARY KEY AUTOINCREMENT,
  spec_row INTEGER NOT NULL REFERENCES specs(id) ON DELETE CASCADE, run_id TEXT NOT NULL, rule_id TEXT NOT NULL,
  severity TEXT NOT NULL, message TEXT NOT NULL, file TEXT NOT NULL, line INTEGER, "column" INTEGER, pointer TEXT,
  fingerprint TEXT NOT NULL);
CREATE INDEX findings_by_run ON findings(run_id);
CREATE TABLE rejections (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT, spec_source TEXT, spec_id TEXT,
  code TEXT NOT NULL, message TEXT NOT NULL, stage TEXT NOT NULL, excerpt TEXT, received_at TEXT NOT NULL);
INSERT INTO runs VALUES ('v1-run', 'rulebook check', '["ModernCard"]', '2026.10.0', 1,
  '2026-10-01T10:00:00.000Z', '2026-10-01T10:00:01.000Z');
INSERT INTO specs (run_id, spec_source, spec_id, feature, origin, dialect, status, validator, duration_micros, stored_at)
  VALUES ('v1-run', 'rulebook://check/old/1', 's1', 'CardFeature', 'swift-source', 'modern', 'validated', 'v', 10,
  '2026-10-01T10:00:00.500Z');
INSERT INTO findings (spec_row, run_id, rule_id, severity, message, file, line, "column", pointer, fingerprint)
  VALUES (1, 'v1-run', 'state-animation-value', 'error', '`rotation: Angle` is animation state',
  'ModernCard/CardFeature.swift', 11, 13, NULL, 'FINGERPRINT');
"""


def test_database_with_the_v1_schema_is_migrated_and_keeps_its_history(bin_dir, repo_root, tmp_path):
    work = tmp_path / "work"
    shutil.copytree(repo_root / "Examples/ModernCard", work / "ModernCard")
    db = tmp_path / "v1.sqlite"
    current = json.loads(rulebook(bin_dir, work, "check", "ModernCard", "--format", "json").stdout)
    rotation = next(f for f in current["findings"] if "rotation" in f["message"])
    connection = sqlite3.connect(str(db))
    connection.executescript(V1_SCHEMA.replace("FINGERPRINT", rotation["fingerprint"]))
    connection.close()

    old = rulebook(bin_dir, work, "report", "--db", db, "--format", "json")
    assert old.returncode == 0, old.stderr
    report = json.loads(old.stdout)
    assert schema_errors("report", report) == []
    assert report["run"]["id"] == "v1-run" and report["run"]["startedAt"] == "2026-10-01T10:00:00.000Z"
    assert "gitCommit" not in report["run"] and report["summary"]["errors"] == 1
    # Stored before findings had ends: the finding keeps its start, with null ends.
    (old_finding,) = report["findings"]
    assert (old_finding["line"], old_finding["column"], old_finding["endLine"], old_finding["endColumn"]) == (11, 13, None, None)

    connection = sqlite3.connect(str(db))
    try:
        migrations = [row[0] for row in connection.execute("SELECT identifier FROM grdb_migrations ORDER BY rowid")]
        columns = {row[1] for row in connection.execute("PRAGMA table_info(runs)")}
        counts = connection.execute("SELECT spec_count, error_count FROM runs WHERE id = 'v1-run'").fetchone()
    finally:
        connection.close()
    assert migrations == ["v1-runs-specs-findings-rejections", "v2-run-history-spec-files", "v3-duplicate-lookup-indexes",
                          "v4-finding-ends", "v5-finding-fixes"]
    assert {"git_commit", "config_hash", "started_at", "finished_at", "duration_millis", "error_count"} <= columns
    assert counts == (1, 1)

    # A new run joins the migrated history and compares with the old one by fingerprint.
    assert rulebook(bin_dir, work, "check", "ModernCard", "--db", db).returncode == 1
    diff = json.loads(rulebook(bin_dir, work, "report", "--db", db, "--since", "v1-run", "--format", "json").stdout)
    assert diff["since"]["id"] == "v1-run" and diff["fixed"] == []
    assert sorted(f["fingerprint"] for f in diff["new"]) == sorted(
        f["fingerprint"] for f in current["findings"] if f is not rotation)


# ---------------------------------------------------------------------------------------
# Usage errors


@pytest.mark.parametrize(("contents", "message"), [
    (None, "does not exist"),
    ("{not json", "is not a Rulebook baseline"),
    ('{"version": 7, "findings": []}', "has version 7"),
    ('{"version": 1, "ruleSetVersion": "x", "createdAt": "y", "findings": {}}', "is malformed"),
], ids=["missing", "not-json", "other-version", "malformed"])
def test_bad_baseline_is_a_usage_error(bin_dir, repo_root, tmp_path, contents, message):
    path = tmp_path / "baseline.json"
    if contents is not None:
        path.write_text(contents)
    result = rulebook(bin_dir, repo_root, "check", "Examples/ModernCard", "--baseline", path, timeout=30)
    assert result.returncode == 2, result.stderr
    assert "RB400" in result.stderr and message in result.stderr and result.stdout == ""


@pytest.mark.parametrize("args", [
    ["check", "Examples", "--report", "xml=out.xml"],
    ["check", "Examples", "--report", "sarif"],
    ["check", "Examples", "--report", "sarif="],
    ["check", "Examples", "--format", "html"],
    ["report", "--db", "DB", "--since", "latest", "--format", "sarif"],
    ["report", "--db", "DB", "--since", "latest", "--report", "junit=out.xml"],
    ["report", "--db", "no-such.sqlite"],
    ["report"],
], ids=["unknown-report-format", "report-without-path", "report-empty-path", "unknown-format", "since-as-sarif",
        "since-as-junit", "missing-db", "no-db"])
def test_report_usage_errors_exit_2(bin_dir, repo_root, tmp_path, args):
    db = tmp_path / "h.sqlite"
    sqlite3.connect(str(db)).close()
    env = check_env()
    result = rulebook(bin_dir, repo_root, *[str(db) if a == "DB" else a for a in args], env=env, timeout=30)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == "" and result.stderr.strip()


def test_unknown_run_exits_3_with_rb302(bin_dir, repo_root, tmp_path):
    db = tmp_path / "h.sqlite"
    assert rulebook(bin_dir, repo_root, "check", "Examples/ModernSettingsClean", "--db", db).returncode == 0
    for selector in (["--run", "no-such-run"], ["--since", "previous"]):
        result = rulebook(bin_dir, repo_root, "report", "--db", db, *selector, timeout=30)
        assert result.returncode == 3 and "RB302" in result.stderr, result.stderr

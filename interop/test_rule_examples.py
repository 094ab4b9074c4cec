"""Examples/Rules/<rule-id>/{Violation,Clean}: a small realistic feature per rule.

Each Violation folder fires its rule (and, unless listed in ALSO_FIRES, no other rule); each
Clean folder is its twin written the way the rulebook wants and fires nothing. One real
`rulebook check Examples/Rules --format json` run covers every folder, and every rule id from
`rulebook rules --format json` must have both folders.
"""
import json
import os
import subprocess
from collections import defaultdict

import pytest

from test_schemas import errors as schema_errors

EXAMPLES = "Examples/Rules"
CHECK_SECONDS = 180
# Rules whose Violation example unavoidably fires another rule too: {rule id: {other ids}}.
ALSO_FIRES: dict[str, set[str]] = {
    # The card's View reads the flip angle State holds (`.rotation3DEffect(.degrees(store.flipRotation))`):
    # an animation value kept in State is what the View then animates from the store.
    "state-animation-value": {"view-animation-from-store"},
}


def _env():
    env = dict(os.environ)
    for name in ("RULEBOOK_DB", "RULEBOOK_LOG_LEVEL", "RULEBOOK_INTAKE", "RULEBOOK_WORK", "RULEBOOK_RESULTS", "RULEBOOK_EVENTS"):
        env.pop(name, None)
    return env


def _folders():
    root = os.path.join(os.path.dirname(__file__), "..", EXAMPLES)
    return sorted(name for name in os.listdir(root) if not name.startswith("."))


@pytest.fixture(scope="module")
def catalogue(bin_dir, repo_root):
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "rules", "--format", "json"], cwd=repo_root, env=_env(),
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [rule["id"] for rule in json.loads(result.stdout)]


@pytest.fixture(scope="module")
def run(bin_dir, repo_root, tmp_path_factory):
    # Opt-in rules too: each has its folders, checked as the others are.
    rules = json.loads(subprocess.run([str(bin_dir / "rulebook"), "rules", "--format", "json"], capture_output=True,
                                      text=True, timeout=60, check=True).stdout)
    config = tmp_path_factory.mktemp("config") / ".rulebook.yml"
    config.write_text("opt_in_rules: [" + ", ".join(rule["id"] for rule in rules if rule["optIn"]) + "]\n")
    result = subprocess.run(
        [str(bin_dir / "rulebook"), "check", EXAMPLES, "--format", "json", "--config", str(config)], cwd=repo_root, env=_env(),
        capture_output=True, text=True, timeout=CHECK_SECONDS)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise AssertionError(f"stdout is not JSON ({error}): {result.stdout[:2000]!r}\nstderr: {result.stderr}") from None
    by_folder = defaultdict(list)
    for finding in report["findings"]:
        parts = finding["file"].split("/")
        assert parts[:2] == ["Examples", "Rules"] and parts[3] in ("Violation", "Clean"), finding["file"]
        by_folder[(parts[2], parts[3])].append(finding)
    return result, report, by_folder


def test_every_rule_has_a_violation_and_a_clean_folder(catalogue, repo_root):
    assert sorted(catalogue) == _folders(), "Examples/Rules must hold exactly one folder per rule id"
    for rule in catalogue:
        for kind in ("Violation", "Clean"):
            folder = repo_root / EXAMPLES / rule / kind
            assert folder.is_dir() and any(folder.rglob("*.swift")), f"{folder} has no Swift feature"


def test_the_run_checks_every_spec(run):
    result, report, _ = run
    assert report["rejections"] == []
    assert report["summary"]["specs"] == report["summary"]["validated"] > 0
    assert result.returncode == 1, result.stderr  # the Violation folders hold error findings


@pytest.mark.parametrize("rule", _folders())
def test_violation_fires_its_rule_only(run, rule):
    _, _, by_folder = run
    findings = by_folder[(rule, "Violation")]
    fired = {finding["ruleId"] for finding in findings}
    assert rule in fired, f"{EXAMPLES}/{rule}/Violation does not fire {rule}: {sorted(fired)}"
    others = fired - {rule} - ALSO_FIRES.get(rule, set())
    assert not others, f"{EXAMPLES}/{rule}/Violation also fires {sorted(others)}: " + "; ".join(
        f"{f['ruleId']} {f['file']}:{f['line']} {f['message']}" for f in findings if f["ruleId"] in others)


@pytest.mark.parametrize("rule", _folders())
def test_clean_twin_fires_nothing(run, rule):
    _, _, by_folder = run
    findings = by_folder[(rule, "Clean")]
    assert findings == [], "; ".join(f"{f['ruleId']} {f['file']}:{f['line']} {f['message']}" for f in findings)


# ---------------------------------------------------------------------------------------
# Ranges: where each finding starts and ends


def _range_text(repo_root, finding):
    """The source a finding's range covers: 1-based UTF-8 byte columns, the end exclusive."""
    lines = (repo_root / finding["file"]).read_bytes().split(b"\n")
    first, last = finding["line"] - 1, finding["endLine"] - 1
    if first == last:
        return lines[first][finding["column"] - 1:finding["endColumn"] - 1].decode()
    parts = [lines[first][finding["column"] - 1:], *lines[first + 1:last], lines[last][:finding["endColumn"] - 1]]
    return b"\n".join(parts).decode()


def test_the_report_with_ranges_validates_against_its_schema(run):
    _, report, _ = run
    assert schema_errors("report", report) == []


@pytest.mark.parametrize("rule", _folders())
def test_violation_findings_span_their_token(run, rule, repo_root):
    _, _, by_folder = run
    findings = by_folder[(rule, "Violation")]
    assert findings
    for finding in findings:
        assert finding["endLine"] >= finding["line"], finding
        assert finding["endLine"] > finding["line"] or finding["endColumn"] > finding["column"], finding
        text = _range_text(repo_root, finding)
        # Code only: no trivia (whitespace, comments) at either end.
        assert text and text == text.strip() and not text.startswith("//"), (finding, text)


# What the range covers for some kinds of token: a declaration's name, an enum case with its
# payload, an import's module, `switch action`, a label, a call (across lines) and a value.
RANGE_TEXTS = {
    "state-animation-value": "flipRotation",
    "action-generic-case": "update(State)",
    "state-ui-import": "SwiftUI",
    "reducer-unhandled-action": "switch action",
    "reducer-default-case": "default:",
    "reducer-direct-dependency": 'AnalyticsService.shared.track("article_viewed")',
    "reducer-with-animation": "withAnimation(.snappy) {\n          state.isExpanded.toggle()\n        }",
    "view-animation-from-store": "store.obscuringRadius",
}


@pytest.mark.parametrize("rule", sorted(RANGE_TEXTS))
def test_violation_ranges_cover_the_offending_code(run, rule, repo_root):
    _, _, by_folder = run
    assert [_range_text(repo_root, f) for f in by_folder[(rule, "Violation")] if f["ruleId"] == rule] == [RANGE_TEXTS[rule]]

"""The realistic TCA corpus in Tests/Fixtures/Corpus is checked without noise.

`Tests/Fixtures/Corpus/Legacy` (TCA 0.3x: `Reducer<State, Action, Environment>`, `WithViewStore`,
`AnySchedulerOf<DispatchQueue>`, `.mock`/`.live` environments) and `Tests/Fixtures/Corpus/Modern`
(TCA 1.x: `@Reducer`, `@ObservableState`, `@Dependency`, `@Presents`, `StackState`, Domain/Data/
Presentation folders, Liquid Glass) follow the rulebook. The test runs the real `rulebook check`
over the corpus and compares every finding, as (ruleId, file, line), to the committed
`expected-findings.json`; docs/corpus-review.md explains each expected entry and every false
positive the corpus found. A new finding is either a rule regression (fix the rule) or a new
deliberate entry (add it to the expectation file and the review).
"""
import json
import os
import subprocess

import pytest

CORPUS = "Tests/Fixtures/Corpus"
# The corpus stands for app code, though it lives under Tests/: its configuration checks it so.
CONFIG = "Tests/Fixtures/Corpus/.rulebook.yml"
EXPECTED = "Tests/Fixtures/Corpus/expected-findings.json"
CHECK_SECONDS = 180


def _env():
    env = dict(os.environ)
    for name in ("RULEBOOK_DB", "RULEBOOK_LOG_LEVEL", "RULEBOOK_INTAKE", "RULEBOOK_WORK", "RULEBOOK_RESULTS", "RULEBOOK_EVENTS"):
        env.pop(name, None)
    return env


def _run(bin_dir, repo_root, *args):
    return subprocess.run(
        [str(bin_dir / "rulebook"), *map(str, args)], cwd=repo_root, env=_env(),
        capture_output=True, text=True, timeout=CHECK_SECONDS)


@pytest.fixture(scope="module")
def corpus_report(bin_dir, repo_root):
    result = _run(bin_dir, repo_root, "check", CORPUS, "--format", "json", "--config", CONFIG)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise AssertionError(f"stdout is not JSON ({error}): {result.stdout[:2000]!r}\nstderr: {result.stderr}") from None
    return result, report


@pytest.fixture(scope="module")
def expected(repo_root):
    return json.loads((repo_root / EXPECTED).read_text())["findings"]


def _describe(bin_dir, repo_root, path):
    result = _run(bin_dir, repo_root, "describe", path)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_corpus_findings_are_exactly_the_expected_ones(corpus_report, expected):
    result, report = corpus_report
    found = sorted((f["ruleId"], f["file"], f["line"]) for f in report["findings"])
    wanted = sorted((e["ruleId"], e["file"], e["line"]) for e in expected)
    unexpected = [f for f in found if f not in wanted]
    missing = [e for e in wanted if e not in found]
    details = {(f["ruleId"], f["file"], f["line"]): f["message"] for f in report["findings"]}
    assert not unexpected and not missing, (
        "corpus findings differ from expected-findings.json\n"
        + "".join(f"  unexpected: {f} {details[f]}\n" for f in unexpected)
        + "".join(f"  missing:    {e}\n" for e in missing))
    assert report["rejections"] == []
    summary = report["summary"]
    assert summary["specs"] == summary["validated"] > 0 and summary["rejected"] == 0
    # Exit 1 exactly when an expected finding is an error.
    assert result.returncode == (1 if summary["errors"] else 0), result.stderr


def test_expected_entries_are_documented(repo_root, expected):
    review = (repo_root / "docs/corpus-review.md").read_text()
    for entry in expected:
        assert entry["kind"] in ("deliberate", "known-false-positive"), entry
        assert entry["reason"].strip(), entry
        assert (repo_root / entry["file"]).is_file(), entry
        name = entry["file"].rsplit("/", 1)[-1]
        assert entry["ruleId"] in review and name in review, f"docs/corpus-review.md does not explain {entry}"


def test_corpus_has_both_dialects(bin_dir, repo_root):
    legacy = _describe(bin_dir, repo_root, f"{CORPUS}/Legacy")
    modern = _describe(bin_dir, repo_root, f"{CORPUS}/Modern")
    legacy_dialects = [spec.get("dialect") for spec in legacy]
    modern_dialects = [spec.get("dialect") for spec in modern]
    # Helper files (clients, DTOs, repositories) have no dialect; every feature has the right one.
    assert legacy_dialects.count("legacy") >= 12 and "modern" not in legacy_dialects, legacy_dialects
    assert modern_dialects.count("modern") >= 15 and "legacy" not in modern_dialects, modern_dialects
    # Legacy five-file features are grouped into one spec; modern features carry their State and Action.
    five_file = [spec for spec in legacy if spec.get("dialect") == "legacy" and len(spec.get("files", [])) >= 5]
    assert len(five_file) >= 6, [spec["feature"] for spec in five_file]
    assert all(spec.get("state") and spec.get("action") for spec in modern if spec.get("dialect") == "modern")
    # Clean-architecture layers are present.
    layers = {part for spec in modern for file in spec.get("files", []) for part in file["path"].split("/")}
    assert {"Domain", "Data", "Presentation"} <= layers


def test_corpus_is_realistically_sized(repo_root):
    for dialect in ("Legacy", "Modern"):
        files = sorted((repo_root / CORPUS / dialect).rglob("*.swift"))
        lines = sum(len(path.read_text().splitlines()) for path in files)
        assert len(files) >= 20 and lines >= 1500, (dialect, len(files), lines)

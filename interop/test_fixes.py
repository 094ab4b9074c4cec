"""Fixes, driven through the real executables and read by tools written by others.

`rulebook check --fix` rewrites a project of Swift files (every fix, never a suggestion); a
second run changes nothing; files that do not parse or changed after the check are left
alone; permissions are kept. `--fix --dry-run` prints a diff that `git apply` applies to give
exactly what `--fix` writes. SARIF's `fixes` validate against the OASIS schema and, applied
by hand, give the same text. The MCP server (official Python SDK) answers `fix_swift_source`
with fixed files that check clean, and `check_declared_spec` with the spec its fixes make,
which is what the `jsonpatch` package makes of the findings' patches.
"""
import asyncio
import hashlib
import json
import os
import pathlib
import shutil
import stat
import subprocess
import time

import jsonpatch
import jsonschema
import pytest

from mcp_support import check_result_schema, mcp_session
from test_check_cli import check_env
from test_reports import assert_valid_sarif

REPO = pathlib.Path(__file__).resolve().parents[1]
CHECK_SECONDS = 180

COUNTER = """\
import ComposableArchitecture

@Reducer
struct CounterFeature {
  @ObservableState
  struct State {
    var count = 0
    var fact: String?
  }
  enum Action { case incrementTapped, decrementTapped(Int), resetTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .decrementTapped(let by) where by > 1:
        state.count -= by
        return .none
      default:
        return .none
      }
    }
  }
}
"""

COUNTER_FIXED = COUNTER.replace("  struct State {", "  struct State: Equatable {").replace(
    "      default:", "      case .decrementTapped, .resetTapped:")

SEARCH_ENVIRONMENT = """\
struct SearchEnvironment {
  var client: SearchClient
  var mainQueue: AnySchedulerOf<DispatchQueue>
}
extension SearchEnvironment {
  static let mock = Self(client: .mock, mainQueue: .main)
}
"""

REPOSITORY = """\
protocol ProfileRepositoryProtocol {
  func profile(id: String) async throws -> Profile
}
"""

# A closure in State: declaring it Equatable may not build, so only a suggestion.
PROFILE_STATE = """\
struct ProfileState {
  var name = ""
  var onDismiss: () -> Void
}
"""

# Does not parse: its fixable finding is left alone.
BROKEN = """\
import ComposableArchitecture

@Reducer
struct BrokenFeature {
  @ObservableState
  struct State { var count = 0 }
  enum Action { case tapped }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.count += (1
        return .none
      }
    }
  }
}
"""

FILES = {
    "Features/Counter/CounterFeature.swift": COUNTER,
    "Features/Search/SearchState.swift": "struct SearchState: Equatable { var query = \"\" }\n",
    "Features/Search/SearchAction.swift": "enum SearchAction: Equatable { case queryChanged(String) }\n"
    + "let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { _, _, _ in .none }\n",
    "Features/Search/SearchEnvironment.swift": SEARCH_ENVIRONMENT,
    "Domain/ProfileRepositoryProtocol.swift": REPOSITORY,
    "Features/Profile/ProfileState.swift": PROFILE_STATE,
    "Features/Profile/ProfileAction.swift": "enum ProfileAction: Equatable { case dismissTapped }\n"
    + "let profileReducer = Reducer<ProfileState, ProfileAction, Void> { _, _, _ in .none }\n",
    "Features/Broken/BrokenFeature.swift": BROKEN,
}


def project(root: pathlib.Path) -> pathlib.Path:
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def rulebook(bin_dir, cwd, *args):
    return subprocess.run([str(bin_dir / "rulebook"), *map(str, args)], cwd=cwd, env=check_env(),
                          capture_output=True, text=True, timeout=CHECK_SECONDS)


def digests(root: pathlib.Path) -> dict:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*.swift"))}


def findings(bin_dir, root):
    result = rulebook(bin_dir, root, "check", "--no-cache", "--format", "json")
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)["findings"]


def test_fix_applies_every_fix_leaves_suggestions_and_a_second_run_changes_nothing(bin_dir, tmp_path):
    root = project(tmp_path / "app")
    (root / "Features/Counter/CounterFeature.swift").chmod(0o640)
    result = rulebook(bin_dir, root, "check", "--fix", "--no-cache")
    assert result.returncode == 1, result.stderr  # the broken file's finding and the suggestion remain
    assert "fixed 4 findings in 3 files" in result.stderr, result.stderr
    assert "BrokenFeature.swift: fixes not applied: it does not parse cleanly" in result.stderr
    assert "1 suggestion left for review" in result.stderr
    counter = root / "Features/Counter/CounterFeature.swift"
    assert counter.read_text() == COUNTER_FIXED
    assert stat.S_IMODE(counter.stat().st_mode) == 0o640
    assert (root / "Features/Search/SearchEnvironment.swift").read_text() == SEARCH_ENVIRONMENT.replace(".main)", ".immediate)")
    assert (root / "Domain/ProfileRepositoryProtocol.swift").read_text() == REPOSITORY.replace(
        "ProfileRepositoryProtocol {", "ProfileRepositoryProtocol: Sendable {")
    assert (root / "Features/Profile/ProfileState.swift").read_text() == PROFILE_STATE
    assert (root / "Features/Broken/BrokenFeature.swift").read_text() == BROKEN
    assert not list(root.rglob(".*rulebook-fix-*")), "no temporary file is left"
    left = {(f["file"], f["ruleId"]) for f in findings(bin_dir, root)}
    assert ("Features/Profile/ProfileState.swift", "state-must-be-equatable") in left
    fixed_rules = {"state-must-be-equatable", "reducer-default-case", "environment-mock-main-scheduler", "protocol-missing-sendable"}
    assert not {rule for file, rule in left if file.startswith(("Features/Counter", "Features/Search", "Domain"))} & fixed_rules
    assert ("Features/Search/SearchEnvironment.swift", "environment-missing-live") in left  # no fix: it needs a choice
    before = digests(root)
    again = rulebook(bin_dir, root, "check", "--fix", "--no-cache")
    assert "nothing to fix" in again.stderr and digests(root) == before


def test_dry_run_prints_a_diff_git_applies_to_what_fix_writes(bin_dir, tmp_path):
    root = project(tmp_path / "dry")
    before = digests(root)
    result = rulebook(bin_dir, root, "check", "--fix", "--dry-run", "--no-cache")
    assert result.returncode == 1 and "would fix 4 findings in 3 files" in result.stderr, result.stderr
    assert digests(root) == before, "a dry run writes nothing"
    patched = shutil.copytree(root, tmp_path / "patched")
    (tmp_path / "changes.diff").write_text(result.stdout)
    subprocess.run(["git", "apply", str(tmp_path / "changes.diff")], cwd=patched, check=True, capture_output=True)
    fixed = shutil.copytree(root, tmp_path / "fixed")
    rulebook(bin_dir, fixed, "check", "--fix", "--no-cache")
    assert digests(patched) == digests(fixed)


def test_a_file_changed_after_the_check_began_is_left_alone(bin_dir, tmp_path):
    root = project(tmp_path / "busy")
    counter = root / "Features/Counter/CounterFeature.swift"
    later = time.time() + 3600  # as if saved while the check ran
    os.utime(counter, (later, later))
    result = rulebook(bin_dir, root, "check", "--fix", "--no-cache")
    assert "CounterFeature.swift: fixes not applied: it changed after the check read it" in result.stderr, result.stderr
    assert counter.read_text() == COUNTER
    assert (root / "Domain/ProfileRepositoryProtocol.swift").read_text() != REPOSITORY, "other files are fixed"


@pytest.mark.parametrize("args, message", [
    (["--dry-run"], "--dry-run goes with --fix"),
    (["--fix", "-"], "cannot fix '-'"),
    (["--fix", "--write-baseline", "b.json"], "run it without --fix"),
])
def test_fix_usage_errors_exit_2(bin_dir, tmp_path, args, message):
    result = rulebook(bin_dir, project(tmp_path / "usage"), "check", *args)
    assert result.returncode == 2 and message in result.stderr, result.stderr


def apply_byte_edits(text: str, replacements) -> str:
    data = text.encode("utf-8")
    for offset, length, new in sorted(replacements, key=lambda r: r[0], reverse=True):
        data = data[:offset] + new.encode("utf-8") + data[offset + length:]
    return data.decode("utf-8")


def test_sarif_fixes_validate_and_give_what_fix_writes(bin_dir, vendor_schemas, tmp_path):
    root = project(tmp_path / "sarif")
    result = rulebook(bin_dir, root, "check", "--no-cache", "--format", "sarif")
    log = json.loads(result.stdout)
    assert_valid_sarif(vendor_schemas, log)
    edits = {}
    kinds = []
    for finding in log["runs"][0]["results"]:
        for fix in finding.get("fixes", []):
            kinds.append(fix["properties"]["kind"])
            if fix["properties"]["kind"] != "fix":
                continue
            for change in fix["artifactChanges"]:
                for replacement in change["replacements"]:
                    region = replacement["deletedRegion"]
                    edits.setdefault(change["artifactLocation"]["uri"], []).append(
                        (region["byteOffset"], region["byteLength"], replacement["insertedContent"]["text"]))
    assert sorted(kinds) == ["fix"] * 5 + ["suggestion"]  # the broken file's fix is there too
    counter = "Features/Counter/CounterFeature.swift"
    assert apply_byte_edits(COUNTER, edits[counter]) == COUNTER_FIXED


def test_mcp_fixes_swift_and_patches_a_declared_spec_as_jsonpatch_does(bin_dir, tmp_path):
    root = tmp_path / "server"
    root.mkdir()
    schema = json.loads((REPO / "schemas" / "declared-spec.schema.json").read_text())
    spec = json.loads((REPO / "schemas" / "examples" / "declared-spec.example.json").read_text())
    spec["state"]["conformances"] = []

    async def scenario():
        async with mcp_session(bin_dir, root, errlog_path=tmp_path / "mcp.log") as session:
            outlines = {tool.name: tool.output_schema for tool in (await session.list_tools()).tools}
            whole = jsonschema.Draft202012Validator(await check_result_schema(session))
            given = [{"path": "Features/Counter/CounterFeature.swift", "contents": COUNTER},
                     {"path": "Domain/ProfileRepositoryProtocol.swift", "contents": REPOSITORY}]
            fixed = (await session.call_tool("fix_swift_source", {"files": given})).structured_content
            jsonschema.Draft202012Validator(outlines["fix_swift_source"]).validate(fixed)
            whole.validate(fixed)
            assert fixed["fixed"] == {"reducer-default-case": 1, "state-must-be-equatable": 1, "protocol-missing-sendable": 1}
            files = {f["path"]: f["contents"] for f in fixed["fixedFiles"]}
            assert files["Features/Counter/CounterFeature.swift"] == COUNTER_FIXED
            assert fixed["summary"]["passed"] and fixed["findings"] == []
            assert fixed["diff"].startswith("--- a/Domain/ProfileRepositoryProtocol.swift\n")
            again = (await session.call_tool("check_swift_source", {
                "files": [{"path": path, "contents": text} for path, text in files.items()]})).structured_content
            assert again["findings"] == []

            # An agent applying each finding's own edits, as check_swift_source returns them.
            found = (await session.call_tool("check_swift_source", {"files": given[:1]})).structured_content["findings"]
            edits = [(e["byteOffset"], e["byteLength"], e["replacement"]) for f in found if f["fix"]["kind"] == "fix" for e in f["fix"]["edits"]]
            assert len(found) == 2 and apply_byte_edits(COUNTER, edits) == COUNTER_FIXED

            checked = (await session.call_tool("check_declared_spec", {"spec": spec})).structured_content
            jsonschema.Draft202012Validator(outlines["check_declared_spec"]).validate(checked)
            whole.validate(checked)
            patch = [op for f in checked["findings"] if f.get("fix", {}).get("kind") == "fix" for op in f["fix"]["patch"]]
            assert patch, checked["findings"]
            assert checked["fixedSpec"] == jsonpatch.apply_patch(spec, patch)
            jsonschema.Draft202012Validator(schema).validate(checked["fixedSpec"])
            clean = (await session.call_tool("check_declared_spec", {"spec": checked["fixedSpec"]})).structured_content
            assert not [f for f in clean["findings"] if f["ruleId"] == "state-must-be-equatable"]
            assert "fixedSpec" not in clean

    asyncio.run(scenario())

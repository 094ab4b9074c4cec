"""`scripts/new-rule ID`: the files a new rule needs, written in a scratch copy of the places
it writes (the rules, the registry, the examples, the contract), each checked: the rule
type-checks against the built RulebookCore, the examples parse, the registry and the
contract gain exactly one line each; a rule that exists and an id that is not one are refused."""
import shutil
import subprocess

import pytest

SECONDS = 120


@pytest.fixture
def scratch(tmp_path, repo_root):
    root = tmp_path / "repo"
    shutil.copytree(repo_root / "Sources" / "RulebookCore" / "Rules", root / "Sources" / "RulebookCore" / "Rules")
    shutil.copytree(repo_root / "Examples" / "Rules", root / "Examples" / "Rules")
    (root / "docs").mkdir()
    shutil.copy(repo_root / "docs" / "rule-contract.md", root / "docs")
    return root


def new_rule(repo_root, root, *args):
    return subprocess.run([str(repo_root / "scripts" / "new-rule"), *args, "--root", str(root)], capture_output=True, text=True,
                          timeout=SECONDS)


def added_lines(before: str, after: str) -> list[str]:
    old = before.split("\n")
    new = after.split("\n")
    assert len(new) == len(old) + 1, "one line added"
    index = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), len(old))
    assert new[:index] + new[index + 1:] == old, "the rest unchanged"
    return [new[index - 1], new[index], new[index + 1]]


def test_new_rule_writes_a_rule_that_compiles_and_its_places(repo_root, bin_dir, scratch):
    registry = scratch / "Sources" / "RulebookCore" / "Rules" / "RuleRegistry.swift"
    contract = scratch / "docs" / "rule-contract.md"
    registry_before, contract_before = registry.read_text(), contract.read_text()
    result = new_rule(repo_root, scratch, "reducer-send-sibling-action", "--severity", "error")
    assert result.returncode == 0, result.stderr

    source = scratch / "Sources" / "RulebookCore" / "Rules" / "Reducer" / "ReducerSendSiblingActionRule.swift"
    text = source.read_text()
    assert 'id: "reducer-send-sibling-action"' in text and "defaultSeverity: .error" in text
    checked = scratch / "Check.swift"
    checked.write_text("import RulebookCore\n" + text)
    # SwiftPM keeps the modules it built in the bin folder's Modules (older versions: the bin folder).
    modules = bin_dir / "Modules" if (bin_dir / "Modules" / "RulebookCore.swiftmodule").exists() else bin_dir
    typecheck = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", str(modules), str(checked)],
                               capture_output=True, text=True, timeout=SECONDS)
    assert typecheck.returncode == 0, typecheck.stderr

    # Registered last in the reducer rules; its contract row after the last reducer rule's.
    reducer_rules = registry_before.split("static let reducerRules")[1].split("\n    ]")[0]
    last_reducer_rule = [row for row in reducer_rules.splitlines() if row.strip().endswith(".self,")][-1]
    last_contract_row = [row for row in contract_before.splitlines() if row.endswith("| Reducer |")][-1]
    before, line, after = added_lines(registry_before, registry.read_text())
    assert line == "        ReducerSendSiblingActionRule.self," and after == "    ]" and before == last_reducer_rule
    before, line, _ = added_lines(contract_before, contract.read_text())
    assert line == "| `reducer-send-sibling-action` | error | Reducer |" and before == last_contract_row

    for kind in ("Violation", "Clean"):
        files = list((scratch / "Examples" / "Rules" / "reducer-send-sibling-action" / kind).glob("*.swift"))
        assert files, kind
        parsed = subprocess.run(["swiftc", "-parse", *map(str, files)], capture_output=True, text=True, timeout=SECONDS)
        assert parsed.returncode == 0, parsed.stderr


def test_new_rule_refuses_a_rule_that_exists_and_an_id_that_is_not_one(repo_root, scratch):
    registry = scratch / "Sources" / "RulebookCore" / "Rules" / "RuleRegistry.swift"
    before = registry.read_text()
    exists = new_rule(repo_root, scratch, "state-ui-type")
    assert exists.returncode == 1 and "exists already" in exists.stderr, exists.stderr
    for wrong in ("Bad_id", "single", "state--x"):
        refused = new_rule(repo_root, scratch, wrong)
        assert refused.returncode == 2 and "is not a rule id" in refused.stderr, refused.stderr
    assert registry.read_text() == before
    assert not list((scratch / "Sources").rglob("*Bad*"))

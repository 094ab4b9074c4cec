"""`rulebook mcp`: the rulebook as a Model Context Protocol server, driven over stdio by the
official MCP Python SDK (`mcp` on PyPI, a client nobody here wrote).

Every check tool is compared with `rulebook check --format json` on the same input, run in
the same folder: the findings must be identical (rule, severity, message, file, range,
pointer, fingerprint, in the same order), and so must the rejections' codes and messages.
"""
import json
import re
import subprocess
import sys

import anyio
import jsonschema
import pytest
from mcp.shared.exceptions import MCPError

from mcp_support import (
    REPO, assert_same_verdicts, call_error, check_result_schema, copy_examples, mcp_session, rulebook_check, rulebook_describe, rulebook_rules,
    source_files)

TOOLS = {
    "check_declared_spec", "check_swift_source", "fix_swift_source", "check_paths", "list_rules", "explain_rule",
    "describe_swift_feature",
}
DEEP_SOURCE = "let grid = " + "[" * 12 + "1" + "]" * 12 + "\n"


@pytest.fixture
def project(tmp_path):
    """The server's working folder: a copy of Examples/."""
    return copy_examples(tmp_path / "project")


@pytest.fixture
def errlog(tmp_path):
    return tmp_path / "mcp.err"


def test_lists_the_tools_with_schemas_and_the_rules_as_resources(bin_dir, project, errlog):
    catalogue = rulebook_rules(bin_dir)
    finding_schema = json.loads((REPO / "schemas" / "finding.schema.json").read_text())

    async def scenario():
        async with mcp_session(bin_dir, project, "--workers", 1, errlog_path=errlog) as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert set(tools) == TOOLS
            for tool in tools.values():
                assert tool.input_schema["type"] == "object" and tool.output_schema["type"] == "object", tool.name
                assert tool.description and tool.annotations.read_only_hint is True
            # tools/list carries outlines of the large schemas; the documented ones are resources.
            # The answers' schema: the findings' is schemas/finding.schema.json itself, moved into $defs.
            result_schema = await check_result_schema(session)
            definitions = result_schema["$defs"]
            embedded = dict(finding_schema, **{"$defs": None})
            for key in ("$schema", "$id", "$defs"):
                embedded.pop(key)
            assert definitions["finding"] == embedded
            assert definitions["severity"] == finding_schema["$defs"]["severity"]
            # Each check tool's outline names the members it answers, the whole schema's own.
            for name in ("check_declared_spec", "check_swift_source", "fix_swift_source", "check_paths"):
                outline = tools[name].output_schema
                assert set(outline["properties"]) <= set(result_schema["properties"]), name
                assert outline["required"] == result_schema["required"], name
                assert "rulebook://schemas/check-result" in outline["description"], name

            resources = (await session.list_resources()).resources
            uris = {str(resource.uri) for resource in resources}
            schemas = {"rulebook://schemas/declared-spec", "rulebook://schemas/configuration", "rulebook://schemas/check-result"}
            assert uris == {"rulebook://rules"} | {f"rulebook://rules/{entry['id']}" for entry in catalogue} | schemas

            # An agent learns the declared-spec format from the server: the resource is the schema
            # file itself; the tool's `spec` is its outline (every member, closed, with its type).
            declared_schema = json.loads((REPO / "schemas" / "declared-spec.schema.json").read_text())
            served = (await session.read_resource("rulebook://schemas/declared-spec")).contents[0]
            assert served.mime_type == "application/schema+json" and json.loads(served.text) == declared_schema
            spec_input = tools["check_declared_spec"].input_schema
            outline = spec_input["properties"]["spec"]
            assert set(outline["properties"]) == set(declared_schema["properties"])
            assert outline["required"] == declared_schema["required"] and outline["additionalProperties"] is False
            assert "rulebook://schemas/declared-spec" in outline["description"]
            example = json.loads((REPO / "schemas" / "examples" / "declared-spec.example.json").read_text())
            jsonschema.validate({"spec": example}, spec_input)
            jsonschema.validate(example, declared_schema)
            for wrong in ({"feature": 3}, {"feature": "Login", "stat": {}}, {"feature": "Login", "types": {}}):
                with pytest.raises(jsonschema.ValidationError):
                    jsonschema.validate({"spec": wrong}, spec_input)
            # What the outline leaves to the server, the resource's schema says.
            jsonschema.validate({"spec": {"feature": "Login", "state": {"name": 3}}}, spec_input)
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({"feature": "Login", "state": {"name": 3}}, declared_schema)
            # The configuration's schema is served once; each check tool names its members and the resource.
            configuration = json.loads((await session.read_resource("rulebook://schemas/configuration")).contents[0].text)
            for name in ("check_declared_spec", "check_swift_source", "fix_swift_source", "check_paths"):
                config = tools[name].input_schema["properties"]["config"]
                assert config["type"] == "object" and "rulebook://schemas/configuration" in config["description"]
                assert all(member in config["description"] for member in configuration["properties"]), config
            jsonschema.validate({"disabledRules": ["state-ui-type"], "severities": {"state-ui-type": "note"}}, configuration)
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({"disabledRules": ["state-ui-typ"]}, configuration)
            templates = (await session.list_resource_templates()).resource_templates
            assert [template.uri_template for template in templates] == ["rulebook://rules/{id}"]
            docs = (REPO / "docs" / "rules.md").read_text()
            whole = (await session.read_resource("rulebook://rules")).contents[0]
            assert whole.mime_type == "text/markdown" and whole.text.strip() == docs.strip()
            for entry in catalogue:
                section = (await session.read_resource(f"rulebook://rules/{entry['id']}")).contents[0].text
                assert section.startswith(f"## {entry['id']}\n") and section in docs

            listed = (await session.call_tool("list_rules", {})).structured_content["rules"]
            assert [rule["id"] for rule in listed] == [entry["id"] for entry in catalogue]
            assert all(rule["enabled"] in (True, False) for rule in listed) and any(rule["enabled"] for rule in listed)
            assert all(rule["resource"] == f"rulebook://rules/{rule['id']}" for rule in listed)
            explained = await session.call_tool("explain_rule", {"id": "state-animation-value"})
            assert explained.structured_content == next(e for e in catalogue if e["id"] == "state-animation-value")
            assert explained.content[0].text.startswith("## state-animation-value")

    anyio.run(scenario)


def test_check_declared_spec_gives_what_check_gives(bin_dir, project, errlog):
    # The example declared spec, and the declared specs `rulebook describe` makes of two
    # Swift features (what an agent edits into a plan).
    specs = [json.loads((project / "Declared" / "Profile.rulebook.json").read_text())]
    specs += rulebook_describe(bin_dir, project, "LegacyLogin", "ModernCard")
    for index, spec in enumerate(specs):
        (project / "Planned" / str(index)).mkdir(parents=True)
        (project / "Planned" / str(index) / f"{spec['feature']}.rulebook.json").write_text(json.dumps(spec))

    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            for index, spec in enumerate(specs):
                answer = await session.call_tool("check_declared_spec", {"spec": spec})
                # `check` names an unnamed spec after its file: give the server the same name.
                report, _ = rulebook_check(bin_dir, project / "Planned" / str(index), f"{spec['feature']}.rulebook.json")
                assert answer.structured_content["findings"], spec["feature"]
                jsonschema.Draft202012Validator(await check_result_schema(session)).validate(answer.structured_content)
                assert_same_verdicts(answer, report)
                assert answer.structured_content["summary"]["passed"] is False

    anyio.run(scenario)


def test_check_swift_source_gives_what_check_gives(bin_dir, project, errlog):
    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            # One call with every file of the folder: grouped into features and told about
            # each other's types as `rulebook check .` does.
            everything = await session.call_tool("check_swift_source", {"files": source_files(project)})
            report, _ = rulebook_check(bin_dir, project, ".")
            assert len(report["findings"]) > 30
            jsonschema.Draft202012Validator(await check_result_schema(session)).validate(everything.structured_content)
            assert_same_verdicts(everything, report)
            assert everything.structured_content["summary"]["specs"] == report["summary"]["specs"]
            # One feature at a time, as an agent checks what it just wrote.
            for feature in ("LegacyLogin", "ModernCard", "LegacyCounterClean", "Rules/reducer-side-effect/Violation"):
                answer = await session.call_tool("check_swift_source", {"files": source_files(project, feature)})
                report, code = rulebook_check(bin_dir, project, feature)
                assert_same_verdicts(answer, report)
                assert answer.structured_content["summary"]["passed"] == (code == 0)
                for finding in answer.structured_content["findings"]:
                    assert finding["line"] >= 1 and finding["endLine"] >= finding["line"] and finding["pointer"] is None

    anyio.run(scenario)


def test_check_tools_filter_and_bound_their_findings_and_count_them_all(bin_dir, project, errlog):
    report, _ = rulebook_check(bin_dir, project, ".")
    findings = report["findings"]
    rank = {"error": 2, "warning": 1, "note": 0}

    def most_severe(count):
        """The `count` most severe findings of the report, earlier first within a severity, in report order."""
        chosen = sorted(range(len(findings)), key=lambda i: (-rank[findings[i]["severity"]], i))[:count]
        return [findings[i] for i in sorted(chosen)]

    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            files = source_files(project)
            bounded = (await session.call_tool("check_swift_source", {"files": files, "maxFindings": 5})).structured_content
            assert bounded["findings"] == most_severe(5) and bounded["truncated"] is True
            assert bounded["matching"] == len(findings) > 5
            for key in ("errors", "warnings", "notes"):
                assert bounded["summary"][key] == report["summary"][key], key
            by_rule = {}
            for finding in findings:
                by_rule[finding["ruleId"]] = by_rule.get(finding["ruleId"], 0) + 1
            assert bounded["byRule"] == by_rule

            errors = (await session.call_tool("check_paths", {"paths": ["."], "minSeverity": "error"})).structured_content
            assert errors["findings"] == [f for f in findings if f["severity"] == "error"] and errors["truncated"] is False
            assert errors["summary"]["warnings"] == report["summary"]["warnings"], "the summary counts every finding"

            rule = findings[0]["ruleId"]
            one = (await session.call_tool("check_paths", {"paths": ["."], "rules": [rule], "maxFindings": 0})).structured_content
            assert one["findings"] == [] and one["matching"] == by_rule[rule] and one["byRule"] == {rule: by_rule[rule]}
            assert one["truncated"] is True

            # The default bound answers a whole app's check within an agent's budget.
            assert (await session.call_tool("check_paths", {"paths": ["."]})).structured_content["findings"] == most_severe(50)

    anyio.run(scenario)


def test_check_paths_gives_what_check_gives_and_reads_only_its_folder(bin_dir, project, errlog, tmp_path):
    outside = tmp_path / "Outside.swift"
    outside.write_text((project / "ModernCard" / "CardFeature.swift").read_text())
    (project / "Leaky").mkdir()
    (project / "Leaky" / "LeakyFeature.swift").symlink_to(outside)

    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            for paths in (["LegacyLogin", "ModernCard/CardFeature.swift"], ["Rules"], ["Declared/Profile.rulebook.json"]):
                answer = await session.call_tool("check_paths", {"paths": paths})
                report, _ = rulebook_check(bin_dir, project, *paths)
                assert_same_verdicts(answer, report)
            # Outside the folder: an error, not a read.
            (project / "Escape").symlink_to(tmp_path)
            for path in ("..", "../Outside.swift", str(outside), "LegacyLogin/../../Outside.swift", "../NoSuchFile", "Escape"):
                error = await call_error(session, "check_paths", {"paths": [path]})
                assert "RB400" in error.message and "outside the server's working folder" in error.message, path
            missing = await call_error(session, "check_paths", {"paths": ["NoSuchFolder"]})
            assert "RB111" in missing.message
            # A link inside the folder to a file outside it is refused unread.
            leaky = await session.call_tool("check_paths", {"paths": ["Leaky"]})
            assert leaky.is_error and leaky.structured_content["findings"] == []
            [rejection] = leaky.structured_content["rejections"]
            assert rejection["code"] == "RB111" and rejection["files"] == ["Leaky/LeakyFeature.swift"]
            assert leaky.content[0].text.startswith("RB111: ")

    anyio.run(scenario)


def test_configuration_file_and_per_call_overrides(bin_dir, project, errlog, tmp_path):
    (project / ".rulebook.yml").write_text(
        "disabled_rules: [action-generic-case]\nstate-animation-value:\n  severity: warning\nexcluded: [Rules]\n")
    override = {"severities": {"state-animation-value": "note"}, "disabledRules": [], "optInRules": []}
    (tmp_path / "override.yml").write_text(
        "excluded: [Rules]\nstate-animation-value:\n  severity: note\n")

    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            files = source_files(project, "ModernCard") + source_files(project, "Rules/state-ui-type")
            configured = await session.call_tool("check_swift_source", {"files": files})
            report, _ = rulebook_check(bin_dir, project, "ModernCard")
            assert_same_verdicts(configured, report)
            assert {f["ruleId"] for f in configured.structured_content["findings"]} == {"state-animation-value"}
            assert configured.structured_content["excluded"] == sorted(f["path"] for f in files if f["path"].startswith("Rules"))
            overridden = await session.call_tool("check_swift_source", {"files": files, "config": override})
            report, _ = rulebook_check(bin_dir, project, "--config", tmp_path / "override.yml", "ModernCard")
            assert_same_verdicts(overridden, report)
            severities = {f["ruleId"]: f["severity"] for f in overridden.structured_content["findings"]}
            assert severities["state-animation-value"] == "note" and "action-generic-case" in severities
            listed = (await session.call_tool("list_rules", {})).structured_content["rules"]
            enabled = {rule["id"]: rule["enabled"] for rule in listed}
            assert enabled["action-generic-case"] is False and enabled["state-animation-value"] is True

    anyio.run(scenario)


def test_the_configuration_file_is_read_again_when_it_changes_and_a_broken_one_fails_calls_not_the_server(
        bin_dir, project, errlog):
    """Issue 32: the server starts with a broken `.rulebook.yml` and answers each call that
    needs it with an error result carrying RB401 (explain_rule still answers); once the file
    is fixed, and after each edit, the next call uses it, without a restart."""
    config = project / ".rulebook.yml"
    config.write_text("disabled_rules: [action-generic-case\n")

    def enabled(result):
        return {rule["id"]: rule["enabled"] for rule in result.structured_content["rules"]}

    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            broken = await session.call_tool("list_rules", {})
            assert broken.is_error and broken.content[0].text.startswith("RB401"), broken.content
            files = source_files(project, "ModernCard")
            checked = await session.call_tool("check_swift_source", {"files": files})
            assert checked.is_error and "RB401" in checked.content[0].text
            explained = await session.call_tool("explain_rule", {"id": "action-generic-case"})
            assert not explained.is_error
            config.write_text("disabled_rules: [action-generic-case]\n")
            assert enabled(await session.call_tool("list_rules", {}))["action-generic-case"] is False
            config.write_text("disabled_rules: [state-animation-value, reducer-default-case]\n")
            edited = enabled(await session.call_tool("list_rules", {}))
            assert edited["action-generic-case"] is True and edited["state-animation-value"] is False
            rechecked = await session.call_tool("check_swift_source", {"files": files})
            assert "state-animation-value" not in {f["ruleId"] for f in rechecked.structured_content["findings"]}

    anyio.run(scenario)


def test_bad_arguments_are_mcp_errors_with_their_codes(bin_dir, project, errlog):
    spec = json.loads((project / "Declared" / "Profile.rulebook.json").read_text())
    swift = [{"path": "Login/LoginState.swift", "contents": "struct LoginState {}\n"}]
    bad_calls = [
        ("check_declared_spec", {}, "RB400"),
        ("check_declared_spec", {"spec": "Profile"}, "RB400"),
        ("check_declared_spec", {"spec": spec, "extra": True}, "RB400"),
        ("check_declared_spec", {"spec": spec, "config": {"disabledRules": ["state-animaton-value"]}}, "RB401"),
        ("check_declared_spec", {"spec": spec, "config": {"severity": {}}}, "RB401"),
        ("check_declared_spec", {"spec": spec, "config": {"options": {"state-ui-type": {"colours": ["x"]}}}}, "RB401"),
        ("check_swift_source", {"files": []}, "RB400"),
        ("check_swift_source", {"files": [{"path": "A.swift"}]}, "RB400"),
        ("check_swift_source", {"files": swift + swift}, "RB400"),
        ("check_swift_source", {"files": swift, "config": {"dialect": "ancient"}}, "RB401"),
        ("check_paths", {"paths": []}, "RB400"),
        ("check_paths", {"paths": [3]}, "RB400"),
        ("check_paths", {"paths": ["."], "minSeverity": "fatal"}, "RB400"),
        ("check_paths", {"paths": ["."], "rules": ["state-animaton-value"]}, "RB400"),
        ("check_swift_source", {"files": swift, "maxFindings": -1}, "RB400"),
        ("list_rules", {"verbose": True}, "RB400"),
        ("explain_rule", {}, "RB400"),
        ("explain_rule", {"id": "state-animaton-value"}, "RB400"),
        ("describe_swift_feature", {"files": "LoginState.swift"}, "RB400"),
        ("describe_swift_feature", {"files": [{"path": "P.rulebook.json", "contents": "{}"}]}, "RB400"),
        ("no_such_tool", {}, "RB400"),
    ]

    async def scenario():
        async with mcp_session(bin_dir, project, "--workers", 1, errlog_path=errlog) as session:
            for tool, arguments, code in bad_calls:
                error = await call_error(session, tool, arguments)
                assert error.code == -32602 and f"{code}: " in error.message, (tool, arguments, error.message)
            suggestion = await call_error(session, "explain_rule", {"id": "state-animaton-value"})
            assert "did you mean 'state-animation-value'" in suggestion.message
            # The server goes on answering after bad calls.
            assert (await session.call_tool("check_declared_spec", {"spec": spec})).structured_content["findings"]

    anyio.run(scenario)


def test_specs_the_pipeline_rejects_are_error_results_with_their_codes(bin_dir, project, errlog):
    bad_spec = {"feature": "Broken", "state": {"name": "State", "properties": "none"}}
    (project / "Bad").mkdir()
    (project / "Bad" / "Broken.rulebook.json").write_text(json.dumps(bad_spec))
    (project / "Deep").mkdir()
    (project / "Deep" / "GridFeature.swift").write_text(DEEP_SOURCE)

    async def scenario():
        async with mcp_session(bin_dir, project, errlog_path=errlog) as session:
            for arguments, folder, path, code in [
                ({"spec": bad_spec}, project / "Bad", "Broken.rulebook.json", "RB104"),
                ({"files": [{"path": "Deep/GridFeature.swift", "contents": DEEP_SOURCE}]}, project, "Deep", "RB114"),
            ]:
                tool = "check_declared_spec" if "spec" in arguments else "check_swift_source"
                answer = await session.call_tool(tool, arguments)
                report, exit_code = rulebook_check(bin_dir, folder, path)
                assert exit_code == 1 and answer.is_error, answer
                assert [r["code"] for r in answer.structured_content["rejections"]] == [code]
                assert answer.content[0].text.startswith(f"{code}: ")
                assert_same_verdicts(answer, report)
            # Too deep to describe as well: the same code, as a tool error.
            described = await session.call_tool(
                "describe_swift_feature", {"files": [{"path": "Deep/GridFeature.swift", "contents": DEEP_SOURCE}]})
            assert described.is_error and described.content[0].text.startswith("RB114: ")

    anyio.run(scenario)


def test_describe_swift_feature_gives_what_describe_prints(bin_dir, project, errlog):
    async def scenario():
        async with mcp_session(bin_dir, project, "--workers", 1, errlog_path=errlog) as session:
            for folder in ("LegacyLogin", "ModernCard", "ModernSettingsClean"):
                answer = await session.call_tool("describe_swift_feature", {"files": source_files(project, folder)})
                assert not answer.is_error
                assert answer.structured_content["specs"] == rulebook_describe(bin_dir, project, folder)
                # The description is a plan the server checks: the round trip an agent makes.
                [spec] = answer.structured_content["specs"]
                checked = await session.call_tool("check_declared_spec", {"spec": spec})
                assert not checked.is_error, checked.content

    anyio.run(scenario)


def test_check_paths_never_reads_outside_while_a_link_is_swapped_in(bin_dir, project, errlog, tmp_path):
    """Issue 29: two processes swap a regular file and a link to a file outside the folder
    as fast as they can while a client checks that path 300 times. The server may refuse the
    link (RB111) or check the regular file; it must never read the outside file, whose
    feature has a name of its own. (The window this closes, between checking a path and
    opening it, is a few microseconds: 1,500 calls against the build before the fix did not
    hit it here; the fix checks the file it opened, so there is no window.)"""
    outside = tmp_path / "Secret.swift"
    outside.write_text((project / "ModernCard" / "CardFeature.swift").read_text().replace("Card", "OutsideSecret"))
    (project / "Race").mkdir()
    target = project / "Race" / "RaceFeature.swift"
    target.write_text((project / "ModernCard" / "CardFeature.swift").read_text())
    link = project / "Race" / ".link"
    link.symlink_to(outside)
    # renameat2(RENAME_EXCHANGE): one system call swaps the two names atomically, so the path
    # flips between the regular file and the link every few microseconds.
    swap = (
        "import ctypes, os, sys\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "a, b = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2])\n"
        "while libc.renameat2(-100, a, -100, b, 2) == 0: pass\n"
        "sys.exit(ctypes.get_errno())\n")
    async def scenario():
        async with mcp_session(bin_dir, project, "--workers", 1, errlog_path=errlog) as session:
            refused = checked = 0
            for _ in range(300):
                try:
                    answer = await session.call_tool("check_paths", {"paths": ["Race"]})
                except MCPError as error:  # named while it was the link: refused before the scan
                    assert "outside the server's working folder" in error.message, error.message
                    refused += 1
                    continue
                text = json.dumps(answer.structured_content) + "".join(part.text for part in answer.content)
                assert "OutsideSecret" not in text, "the file outside the folder was read"
                refused += answer.is_error
                checked += not answer.is_error
            return refused, checked

    swappers = [subprocess.Popen([sys.executable, "-c", swap, str(target), str(link)]) for _ in range(2)]
    try:
        refused, checked = anyio.run(scenario)
    finally:
        for swapper in swappers:
            assert swapper.poll() is None, f"a swapper stopped: errno {swapper.returncode}"
            swapper.kill()
            swapper.wait(timeout=10)
    # Both sides of the swap were seen, so the race was really run.
    assert refused > 0 and checked > 0, (refused, checked)


def _answered(errlog_path):
    """(specs answered from the result cache, specs) of each check_paths call, from the debug log."""
    return [(int(cached), int(specs)) for cached, specs in
            re.findall(r"fromCache=(\d+) specs=(\d+) check_paths answered", errlog_path.read_text())]


@pytest.mark.parametrize("cached", [True, False], ids=["cache", "no-cache"])
def test_check_paths_answers_an_unchanged_folder_from_the_result_cache(bin_dir, project, errlog, cached):
    async def scenario():
        flags = ["--log-level", "debug"] + ([] if cached else ["--no-cache"])
        async with mcp_session(bin_dir, project, *flags, errlog_path=errlog) as session:
            first = (await session.call_tool("check_paths", {"paths": ["."]})).structured_content
            second = (await session.call_tool("check_paths", {"paths": ["."]})).structured_content
            # An edited file is checked again; the others still come from the cache.
            edited = project / "Rules" / "reducer-side-effect" / "Violation"
            target = next(edited.rglob("*.swift"))
            target.write_text(target.read_text() + "\n// edited\n")
            third = (await session.call_tool("check_paths", {"paths": ["."]})).structured_content
            return first, second, third

    first, second, third = anyio.run(scenario)
    assert first["findings"] and first["findings"] == second["findings"]
    assert third["findings"] == first["findings"]  # a comment changes no finding
    calls = _answered(errlog)
    assert len(calls) == 3, errlog.read_text()[-2000:]
    (cached_first, specs), (cached_second, specs_second), (cached_third, _) = calls
    assert specs == specs_second > 0
    if cached:
        assert (cached_first, cached_second) == (0, specs)
        assert 0 < cached_third < specs
    else:
        assert (cached_first, cached_second, cached_third) == (0, 0, 0)

#!/usr/bin/env python3
"""Writes `schemas/config.schema.json` from the rule catalogue.

The schema's rule-id members, option keys, defaults and descriptions come from
`rulebook rules --format json`, so they cannot drift from the Swift rules:
interop/test_schemas.py fails when they do. After adding or changing a rule run

    swift build && python3 schemas/generate_config_schema.py

(set RULEBOOK_BIN_DIR to use binaries from another build folder).
"""
import json
import os
import pathlib
import subprocess
import sys

SCHEMA_PATH = pathlib.Path(__file__).resolve().parent / "config.schema.json"
REPO = SCHEMA_PATH.parents[1]


def rule_catalogue(bin_dir=None):
    """The parsed output of `rulebook rules --format json`."""
    if bin_dir is None:
        configured = os.environ.get("RULEBOOK_BIN_DIR")
        if configured:
            bin_dir = pathlib.Path(configured)
        else:
            out = subprocess.run(
                ["swift", "build", "--show-bin-path"], cwd=REPO, capture_output=True, text=True, check=True)
            bin_dir = pathlib.Path(out.stdout.strip())
    out = subprocess.run(
        [str(pathlib.Path(bin_dir) / "rulebook"), "rules", "--format", "json"],
        capture_output=True, text=True, check=True, timeout=60)
    return json.loads(out.stdout)


def _code(values):
    return ", ".join(f"`{value}`" for value in values) if values else "none"


def _rule_definition(rule):
    dialects = " and ".join(rule["dialects"])
    properties = {
        "severity": {
            "description": f"The severity of `{rule['id']}` findings instead of its default, `{rule['severity']}`.",
            "$ref": "#/$defs/severity",
        }
    }
    for option in rule["options"]:
        properties[option["key"]] = _option(option)
    options = (
        "its severity and options (" + ", ".join(f"`{o['key']}`" for o in rule["options"]) + ")"
        if rule["options"] else "its severity (it takes no options)"
    )
    return {
        "title": rule["name"],
        "description": f"`{rule['id']}`: {rule['summary']} Default severity `{rule['severity']}`; dialects {dialects}. Sets {options}.",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


def _option(option):
    """An option's schema: what the rule declares it takes (`schema`, with its default), described."""
    default = "none" if not option["defaults"] else _code(option["defaults"])
    replaces = "; a list replaces the default list" if option["schema"].get("oneOf") else ""
    return {
        "description": f"{option['summary']} Takes {option['takes']}{replaces}. Default: {default}.",
        **option["schema"],
    }


def _event_options(rule):
    keys = [option["key"] for option in rule["options"]]
    values = {
        "description": (
            f"Option values of `{rule['id']}` by option key ({_code(keys)})."
            if keys else f"`{rule['id']}` takes no options: always empty."
        ),
        "type": "object",
        # The same values as in `.rulebook.yml`: each option's schema is the rule's settings'.
        "properties": {option["key"]: {"$ref": f"#/$defs/rule-{rule['id']}/properties/{option['key']}"} for option in rule["options"]},
        "additionalProperties": False,
    }
    if not keys:
        values["maxProperties"] = 0
    return values


def build(catalogue):
    """The whole config schema for a rule catalogue (a list of `rulebook rules --format json` entries)."""
    ids = [rule["id"] for rule in catalogue]
    properties = {
        "included": {
            "description": "Paths to check when `rulebook check` is given none on the command line (relative to the current folder). A string or a list. Default: the current folder.",
            "$ref": "#/$defs/stringOrList",
            "examples": [["Sources", "Features"]],
        },
        "excluded": {
            "description": "Paths never checked, relative to the current folder. A plain path excludes itself and everything below it (`Tests`, `Sources/Generated`); a pattern with `*`, `?` or `[` is a glob in which `*` also matches `/` (`**/Generated/**`, `*.generated.swift`). A string or a list. Default none.",
            "$ref": "#/$defs/stringOrList",
            "examples": [["Tests", "**/Generated/**"]],
        },
        "disabled_rules": {
            "description": "Rule ids that do not run. A rule id or a list of them. Default none.",
            "$ref": "#/$defs/ruleIdList",
            "examples": [["view-missing-view-store"]],
        },
        "opt_in_rules": {
            "description": "Opt-in rules to run (rules that are off unless named here). A rule id or a list of them. Default none.",
            "$ref": "#/$defs/ruleIdList",
        },
        "dialect": {
            "description": "`auto` (the default) detects each feature's TCA dialect from its code; `legacy` or `modern` forces one for every Swift feature and declared spec.",
            "type": "string",
            "enum": ["auto", "legacy", "modern"],
            "default": "auto",
        },
        "test_code": {
            "description": "`fixtures` (the default): the features test code declares are fixtures, and only the rules that check test code (their docs say so) report there; `checked` applies every rule to test code. Test code is a file in a folder named `Tests` or `…Tests`, or named `…Tests.swift`, `…Test.swift` or `…TestCase.swift`.",
            "type": "string",
            "enum": ["fixtures", "checked"],
            "default": "fixtures",
        },
    }
    definitions = {
        "ruleId": {
            "title": "Rule id",
            "description": "The id of a rule in Rulebook's catalogue (`rulebook rules`). Any other id is a configuration error (exit 2).",
            "type": "string",
            "enum": ids,
        },
        "severity": {
            "title": "Severity",
            "description": "`error` fails a check (exit 1); `warning` fails it only with `--strict`; `note` never does.",
            "type": "string",
            "enum": ["error", "warning", "note"],
        },
        "stringOrList": {
            "title": "String or list of strings",
            "description": "One string, or a list of strings.",
            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
        },
        "ruleIdList": {
            "title": "Rule id or list of rule ids",
            "description": "One rule id, or a list of them.",
            "oneOf": [{"$ref": "#/$defs/ruleId"}, {"type": "array", "items": {"$ref": "#/$defs/ruleId"}}],
        },
        "ruleOptionValues": {
            "title": "Rule options in events",
            "description": "The rule options as a `dev.rulebook.spec.submitted` event carries them in `config.options` (see spec-submitted.schema.json): rule id → `{option key → value}`, each value what its option takes (as in `.rulebook.yml`). Only options the rule defines are allowed.",
            "type": "object",
            "properties": {rule["id"]: _event_options(rule) for rule in catalogue},
            "additionalProperties": False,
        },
    }
    for rule in catalogue:
        properties[rule["id"]] = {
            "description": f"Settings of `{rule['id']}`: {rule['summary']} Keys: `severity` and the rule's options.",
            "$ref": f"#/$defs/rule-{rule['id']}",
        }
        definitions[f"rule-{rule['id']}"] = _rule_definition(rule)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rulebook.dev/schemas/config.schema.json",
        "title": "Rulebook configuration file (.rulebook.yml)",
        "description": (
            "The YAML configuration file that `rulebook check` reads from `.rulebook.yml` in the current folder "
            "or from `--config FILE` (documented in docs/configuration.md). Top-level keys: `included`, `excluded`, "
            "`disabled_rules`, `opt_in_rules`, `dialect`, `test_code`, and any rule id mapping to `severity` and that rule's options. "
            "Any other key, rule id or option is a configuration error: `rulebook check` prints it on stderr and exits 2. "
            "An empty file means the defaults. Generated from `rulebook rules --format json` by "
            "schemas/generate_config_schema.py; do not edit by hand."
        ),
        "type": ["object", "null"],
        "properties": properties,
        "additionalProperties": False,
        "$defs": definitions,
    }


def render(schema):
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main():
    SCHEMA_PATH.write_text(render(build(rule_catalogue())), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH.relative_to(REPO)}", file=sys.stderr)


if __name__ == "__main__":
    main()

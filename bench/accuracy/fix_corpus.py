#!/usr/bin/env python3
"""`rulebook check --fix` on scratch copies of the real-app corpus, and what it proves.

For each repository (a checkout made by `accuracy.py checkout`), a copy without `.git` is
made in a scratch folder, checked (`--format json`), fixed (`--fix`), fixed again, and
checked again. It asserts, and counts per rule:

- only lines where a finding with a fix starts are changed (old side of the diff);
- every changed file parses (no `source-parse-error` finding the original did not have);
- the second `--fix` changes nothing;
- no fixed finding is left (no finding of its rule at its line), and no rule has more
  findings than before.

    python3 bench/accuracy/fix_corpus.py /tmp/tca-corpus --bin .build/release/rulebook [--scratch /tmp/fix-scratch]

Prints one line per repository and a table per rule (findings with a fix, with a suggestion,
fixed); exits 1 if any assertion fails. The copies are removed unless `--keep`.
"""
import argparse
import collections
import difflib
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def check(rulebook: str, folder: pathlib.Path, paths: list[str], *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([rulebook, "check", *paths, "--no-cache", *extra], cwd=folder, capture_output=True, text=True)


def findings(rulebook: str, folder: pathlib.Path, paths: list[str]) -> list[dict]:
    result = check(rulebook, folder, paths, "--format", "json")
    if result.returncode not in (0, 1):
        raise RuntimeError(f"check exited {result.returncode}: {result.stderr.strip()}")
    return json.loads(result.stdout)["findings"]


def digests(folder: pathlib.Path) -> dict[str, str]:
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in folder.rglob("*.swift") if path.is_file()}


def changed_old_lines(before: str, after: str) -> set[int]:
    """1-based lines of `before` that the diff to `after` replaces or deletes (an insertion
    between lines counts as a change of the line before it)."""
    lines: set[int] = set()
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(), autojunk=False)
    for tag, start, end, _, _ in matcher.get_opcodes():
        if tag == "equal":
            continue
        lines.update(range(start + 1, end + 1) if end > start else [max(start, 1)])
    return lines


def fix_one(rulebook: str, source: pathlib.Path, scratch: pathlib.Path, paths: list[str]) -> tuple[dict, list[str]]:
    """Fixes a copy of `source`; returns the counts per rule and the failed assertions."""
    if scratch.exists():
        shutil.rmtree(scratch)
    shutil.copytree(source, scratch, ignore=shutil.ignore_patterns(".git"), symlinks=True)
    problems: list[str] = []
    before = findings(rulebook, scratch, paths)
    counts: dict = collections.defaultdict(collections.Counter)
    for finding in before:
        if finding.get("fix"):
            counts[finding["ruleId"]][finding["fix"]["kind"]] += 1
    original = digests(scratch)
    fixed = check(rulebook, scratch, paths, "--fix")
    if fixed.returncode not in (0, 1):
        return counts, [f"--fix exited {fixed.returncode}: {fixed.stderr.strip()}"]
    once = digests(scratch)
    again = check(rulebook, scratch, paths, "--fix")
    if digests(scratch) != once:
        problems.append("a second --fix changed files")
    if again.returncode not in (0, 1):
        problems.append(f"second --fix exited {again.returncode}")
    changed = sorted(name for name, digest in once.items() if original.get(name) != digest)
    fixable_lines = collections.defaultdict(set)
    for finding in before:
        if finding.get("fix", {}).get("kind") == "fix" and finding.get("line"):
            fixable_lines[finding["file"]].add(finding["line"])
    for name in changed:
        old = (source / name).read_text(encoding="utf-8")
        new = (scratch / name).read_text(encoding="utf-8")
        stray = changed_old_lines(old, new) - fixable_lines[name]
        if stray:
            problems.append(f"{name}: lines {sorted(stray)[:5]} changed without a fixable finding")
    after = findings(rulebook, scratch, paths)
    parse_before = {f["file"] for f in before if f["ruleId"] == "source-parse-error"}
    for finding in after:
        if finding["ruleId"] == "source-parse-error" and finding["file"] in changed and finding["file"] not in parse_before:
            problems.append(f"{finding['file']}: does not parse after the fix")
    left = {(f["file"], f["line"], f["ruleId"]) for f in after}
    for finding in before:
        fix = finding.get("fix")
        if fix and fix["kind"] == "fix" and finding["file"] in changed:
            if (finding["file"], finding["line"], finding["ruleId"]) in left:
                problems.append(f"{finding['file']}:{finding['line']}: {finding['ruleId']} still reported after its fix")
            else:
                counts[finding["ruleId"]]["fixed"] += 1
    rules_before = collections.Counter(f["ruleId"] for f in before)
    for rule, count in collections.Counter(f["ruleId"] for f in after).items():
        if count > rules_before[rule]:
            problems.append(f"{rule}: {count} findings after the fix, {rules_before[rule]} before")
    counts["_files"]["changed"] = len(changed)
    return counts, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=pathlib.Path, help="the checkouts (accuracy.py checkout FOLDER)")
    parser.add_argument("--bin", required=True, help="the rulebook executable")
    parser.add_argument("--scratch", type=pathlib.Path, default=pathlib.Path("/tmp/rulebook-fix-scratch"))
    parser.add_argument("--keep", action="store_true", help="keep the fixed copies")
    parser.add_argument("--only", nargs="*", help="repository names to run (default: all, hold-outs included)")
    arguments = parser.parse_args()
    rulebook = str(pathlib.Path(arguments.bin).resolve()) if "/" in arguments.bin else arguments.bin
    corpus = json.loads((HERE / "corpus.json").read_text(encoding="utf-8"))
    entries = corpus["repositories"] + corpus["holdout"]
    if arguments.only:
        entries = [e for e in entries if e["name"] in arguments.only]
    totals: dict = collections.defaultdict(collections.Counter)
    failed = 0
    for entry in entries:
        scratch = arguments.scratch / entry["name"]
        counts, problems = fix_one(rulebook, arguments.folder / entry["name"], scratch, entry["paths"])
        for rule, kinds in counts.items():
            totals[rule].update(kinds)
        fixed = sum(kinds["fixed"] for rule, kinds in counts.items() if rule != "_files")
        print(f"{entry['name']}: {fixed} fixed in {counts['_files']['changed']} files"
              + ("" if not problems else f"; FAILED: {'; '.join(problems[:5])}"), flush=True)
        failed += bool(problems)
        if not arguments.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    print("\n| rule | with a fix | with a suggestion | fixed |\n|---|---|---|---|")
    for rule in sorted(r for r in totals if r != "_files"):
        kinds = totals[rule]
        print(f"| `{rule}` | {kinds['fix']} | {kinds['suggestion']} | {kinds['fixed']} |")
    print(f"\n{len(entries)} repositories, {totals['_files']['changed']} files changed, {failed} with a failed assertion")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

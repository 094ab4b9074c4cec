#!/usr/bin/env python3
"""Real-code accuracy of Rulebook: precision and recall per rule on public TCA apps.

The corpus (`corpus.json`) names public repositories and the commits they are checked out
at; `labels.tsv` holds a verdict for findings at those commits and the real violations found
by reading the code. Neither holds any of those repositories' code. The hold-out repositories
(`holdout` in the corpus) were checked blind and are scored apart (`holdout-labels.tsv`).

    accuracy.py checkout CORPUS_DIR [--url TEMPLATE] [--holdout] [--set S]  # clone each repository at its commit
    accuracy.py run CORPUS_DIR --bin RULEBOOK [--out DIR] [--holdout] [--set S] [--opt-in]  # rulebook check each, then score
    accuracy.py score --out DIR [--holdout] [--set S]                        # score findings saved by `run`

`--set` picks the repositories: `tuning` (default: the ones the rules were corrected on, scored
against `labels.tsv`), `blind` (labelled before the change they measure by readers who do not
change the rules, scored against `blind-labels.tsv`: bench/accuracy/LABELLING.md) or `all` (both,
each against its own labels).

Labels (tab-separated, one header line): repo, commit, file, line, rule, verdict, note.
- verdict `TP`: a finding that is a real violation a TCA expert would want fixed;
- `noise`: a finding that matches the rule's letter but that an expert would call noise;
- `FP`: a finding where the linter misread the code (the rule's letter is not met);
- `violation`: a real violation found by reading the code, independently of the linter
  (the recall set);
- `beyond`: a real problem found the same way that the rule's documented letter does not
  cover (an app's own helper that logs, a modifier of its own that blurs); `excluded`: one
  a documented decision sets aside (docs/accuracy.md). Neither counts for recall; both are
  listed, so nothing is hidden.

Precision, per rule and overall: strict = TP / labelled findings, lenient = (TP + noise) /
labelled findings. A finding repeated at the same rule, file, line and column counts once
with its label and as FP for every further copy. Recall = labelled violations that a finding
of the same rule reports in the same file within `--tolerance` lines (default 0) / labelled
violations.
"""
from __future__ import annotations

import argparse
import collections
import csv
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
VERDICTS = ("TP", "noise", "FP", "violation", "beyond", "excluded")
SETS = ("tuning", "blind", "all")


ROUND = None


def in_set(entry: dict, chosen: str) -> bool:
    """Whether a corpus entry belongs to `chosen` (entries without a set are the tuning ones),
    and to the round `--round` names, if any (entries without a round are round 1)."""
    if ROUND is not None and entry.get("round", 1) != ROUND:
        return False
    return chosen == "all" or entry.get("set", "tuning") == chosen
SET_ASIDE = ("beyond", "excluded")


def load_corpus(path: pathlib.Path = HERE / "corpus.json") -> dict:
    return json.loads(path.read_text())


def load_labels(path: pathlib.Path = HERE / "labels.tsv") -> list[dict]:
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    for number, row in enumerate(rows, start=2):
        if row["verdict"] not in VERDICTS:
            raise SystemExit(f"{path}:{number}: verdict must be one of {', '.join(VERDICTS)}, not {row['verdict']!r}")
        row["line"] = int(row["line"])
    return rows


# MARK: Checking out and running


def checkout(corpus: dict, folder: pathlib.Path, url: str, holdout: bool, chosen: str = "all") -> None:
    """Clones each repository into folder/NAME at its commit, Swift files and configurations only."""
    entries = [e for e in corpus["repositories"] if in_set(e, chosen)] + (corpus["holdout"] if holdout else [])
    for entry in entries:
        target = folder / entry["name"]
        if target.exists():
            print(f"{entry['name']}: exists, left as it is")
            continue
        source = url.format(repository=entry["repository"], owner=entry["repository"].split("/")[0],
                            name=entry["repository"].split("/")[1])
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", source, str(target)], check=True)
        subprocess.run(["git", "-C", str(target), "sparse-checkout", "set", "--no-cone", "*.swift", "*.rulebook.json", "*.pbxproj",
                        ".rulebook.yml"], check=True)
        subprocess.run(["git", "-C", str(target), "checkout", "--quiet", entry["commit"]], check=True)
        print(f"{entry['name']}: {entry['commit']}")


def run(corpus: dict, folder: pathlib.Path, rulebook: str, out: pathlib.Path, holdout: bool, chosen: str = "all",
        opt_in: bool = False) -> None:
    """Runs `rulebook check` over each checkout (from its root, so paths are the repository's);
    with `opt_in`, the opt-in rules too (a configuration naming every one of them)."""
    # Relative paths are the caller's: each check runs in its checkout's folder.
    out = out.resolve()
    if "/" in rulebook:
        rulebook = str(pathlib.Path(rulebook).resolve())
    out.mkdir(parents=True, exist_ok=True)
    config: list[str] = []
    if opt_in:
        rules = json.loads(subprocess.run([rulebook, "rules", "--format", "json"], capture_output=True, text=True,
                                          check=True).stdout)
        path = out / "opt-in.rulebook.yml"
        path.write_text("opt_in_rules: [" + ", ".join(rule["id"] for rule in rules if rule["optIn"]) + "]\n")
        config = ["--config", str(path)]
    entries = [e for e in corpus["repositories"] if in_set(e, chosen)] + (corpus["holdout"] if holdout else [])
    for entry in entries:
        target = folder / entry["name"]
        if not target.is_dir():
            raise SystemExit(f"{target} is missing: run `accuracy.py checkout {folder}` first")
        report = out / f"{entry['name']}.json"
        result = subprocess.run([rulebook, "check", *entry["paths"], "--format", "json", "--output", str(report), "--no-cache",
                                 *config], cwd=target, capture_output=True, text=True)
        if result.returncode not in (0, 1):
            raise SystemExit(f"{entry['name']}: rulebook check exited {result.returncode}: {result.stderr.strip()}")


# MARK: Scoring


def score(findings_by_repo: dict[str, list[dict]], labels: list[dict], tolerance: int = 0) -> dict:
    """Precision and recall per rule; `findings_by_repo` maps a repository name to its findings."""
    verdicts: dict[tuple, list[str]] = collections.defaultdict(list)
    violations: list[dict] = []
    set_aside: collections.Counter = collections.Counter()
    for label in labels:
        # Only the repositories scored: a labels file may hold others (another round's).
        if label["repo"] not in findings_by_repo:
            continue
        key = (label["repo"], label["file"], label["line"], label["rule"])
        if label["verdict"] == "violation":
            violations.append(label)
        elif label["verdict"] in SET_ASIDE:
            set_aside[(label["rule"], label["verdict"])] += 1
        else:
            verdicts[key].append(label["verdict"])

    rules: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    unlabelled: list[tuple] = []
    repeated = 0
    reported: dict[tuple, list[int]] = collections.defaultdict(list)
    for repo, findings in findings_by_repo.items():
        seen: set[tuple] = set()
        used: collections.Counter = collections.Counter()
        for finding in findings:
            rule, line = finding["ruleId"], finding.get("line") or 0
            key = (repo, finding["file"], line, rule)
            reported[(repo, finding["file"], rule)].append(line)
            counts = rules[rule]
            counts["findings"] += 1
            place = key + (finding.get("column"),)
            if place in seen:
                repeated += 1
                counts["repeated"] += 1
                counts["FP"] += 1
                continue
            seen.add(place)
            labelled = verdicts.get(key, [])
            if used[key] < len(labelled):
                counts[labelled[used[key]]] += 1
                used[key] += 1
            else:
                counts["unlabelled"] += 1
                unlabelled.append(key)
    for violation in violations:
        lines = reported.get((violation["repo"], violation["file"], violation["rule"]), [])
        counts = rules[violation["rule"]]
        counts["violations"] += 1
        if any(abs(line - violation["line"]) <= tolerance for line in lines):
            counts["found"] += 1

    def ratios(counts: collections.Counter) -> dict:
        labelled = counts["TP"] + counts["noise"] + counts["FP"]
        return {
            **{name: counts[name] for name in ("findings", "TP", "noise", "FP", "unlabelled", "repeated", "violations", "found", *SET_ASIDE)},
            "strict": counts["TP"] / labelled if labelled else None,
            "lenient": (counts["TP"] + counts["noise"]) / labelled if labelled else None,
            "recall": counts["found"] / counts["violations"] if counts["violations"] else None,
        }

    for (rule, verdict), count in set_aside.items():
        rules[rule][verdict] += count
    total = collections.Counter()
    for counts in rules.values():
        total.update(counts)
    return {
        "rules": {rule: ratios(counts) for rule, counts in sorted(rules.items())},
        "overall": ratios(total),
        "repeated": repeated,
        "unlabelled": sorted(set(unlabelled)),
    }


def render(result: dict) -> str:
    def cell(value) -> str:
        return "–" if value is None else f"{value:.2f}"

    lines = ["| rule | findings | TP | noise | FP | unlabelled | strict | lenient | violations | found | recall | beyond | excluded |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    rows = list(result["rules"].items()) + [("**overall**", result["overall"])]
    for rule, r in rows:
        lines.append(f"| {rule} | {r['findings']} | {r['TP']} | {r['noise']} | {r['FP']} | {r['unlabelled']} | "
                     f"{cell(r['strict'])} | {cell(r['lenient'])} | {r['violations']} | {r['found']} | {cell(r['recall'])} | "
                     f"{r['beyond']} | {r['excluded']} |")
    lines.append("")
    lines.append(f"repeated findings: {result['repeated']}; unlabelled findings: {len(result['unlabelled'])}")
    return "\n".join(lines)


def load_findings(out: pathlib.Path, names: list[str]) -> dict[str, list[dict]]:
    found = {}
    for name in names:
        report = out / f"{name}.json"
        if not report.exists():
            raise SystemExit(f"{report} is missing: run `accuracy.py run` first")
        found[name] = json.loads(report.read_text())["findings"]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    fetch = commands.add_parser("checkout", help="clone every repository of the corpus at its commit")
    fetch.add_argument("corpus_dir", type=pathlib.Path)
    fetch.add_argument("--url", default="https://github.com/{repository}.git",
                       help="clone URL template with {repository}, {owner}, {name}")
    fetch.add_argument("--holdout", action="store_true", help="also the hold-out repositories")
    check = commands.add_parser("run", help="run rulebook check over every checkout, then score")
    check.add_argument("corpus_dir", type=pathlib.Path)
    check.add_argument("--bin", required=True, help="the rulebook executable")
    check.add_argument("--opt-in", action="store_true", help="run the opt-in rules too (as docs/accuracy.md measures them)")
    for sub in (check, commands.add_parser("score", help="score the findings a run saved")):
        sub.add_argument("--holdout", action="store_true",
                         help="also the hold-out repositories, scored apart against --holdout-labels")
        sub.add_argument("--holdout-labels", type=pathlib.Path, default=HERE / "holdout-labels.tsv")
        sub.add_argument("--out", type=pathlib.Path, default=pathlib.Path("accuracy-out"))
        sub.add_argument("--labels", type=pathlib.Path, default=HERE / "labels.tsv", help="labels of the tuning repositories")
        sub.add_argument("--blind-labels", type=pathlib.Path, default=HERE / "blind-labels.tsv", help="labels of the blind repositories")
        sub.add_argument("--tolerance", type=int, default=0, help="lines a found violation may be off by")
        sub.add_argument("--json", action="store_true", help="print the result as JSON")
        sub.add_argument("--list-unlabelled", action="store_true", help="print every unlabelled finding")
    for sub in (fetch, check) + tuple(a for a in commands.choices.values() if a.prog.endswith(" score")):
        sub.add_argument("--corpus", type=pathlib.Path, default=HERE / "corpus.json", help="the corpus definition")
        sub.add_argument("--set", choices=SETS, default="tuning" if sub is not fetch else "all",
                         help="which repositories: tuning (default), blind, or all")
        sub.add_argument("--round", type=int, help="only the repositories added in this round (corpus.json's `round`; 1 when absent)")
    args = parser.parse_args(argv)
    global ROUND
    ROUND = args.round
    corpus = load_corpus(args.corpus)
    if args.command == "checkout":
        checkout(corpus, args.corpus_dir, args.url, args.holdout, args.set)
        return 0
    if args.command == "run":
        run(corpus, args.corpus_dir, args.bin, args.out, args.holdout, args.set, args.opt_in)
    result = {}
    for chosen in (("tuning", "blind") if args.set == "all" else (args.set,)):
        names = [entry["name"] for entry in corpus["repositories"] if in_set(entry, chosen)]
        labels = load_labels(args.blind_labels if chosen == "blind" else args.labels)
        result[chosen] = score(load_findings(args.out, names), labels, args.tolerance)
    held = load_findings(args.out, [entry["name"] for entry in corpus["holdout"]]) if args.holdout else {}
    if args.holdout:
        result["holdout"] = score(held, load_labels(args.holdout_labels), args.tolerance)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for chosen, scored in result.items():
            if chosen == "holdout":
                continue
            print(f"{chosen.capitalize()} repositories:\n")
            print(render(scored))
            print()
        if args.holdout:
            print("Hold-out repositories (labelled apart, in --holdout-labels):\n")
            print(render(result["holdout"]))
            for name, findings in held.items():
                places = collections.Counter((f["ruleId"], f["file"], f.get("line"), f.get("column")) for f in findings)
                print(f"hold-out {name}: {len(findings)} findings, {sum(c - 1 for c in places.values())} repeated")
    if args.list_unlabelled:
        for chosen, scored in result.items():
            for key in scored["unlabelled"]:
                print("\t".join([chosen, *map(str, key)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

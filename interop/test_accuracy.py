"""The real-code accuracy benchmark (bench/accuracy): its scoring, and a whole run of its
checkout, `rulebook check` and score steps on a small git repository of our own.

The corpus it is meant for (public TCA apps at named commits) is not fetched here; this test
proves the tool measures what docs/accuracy.md says it measures.
"""
import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

ACCURACY = pathlib.Path(__file__).resolve().parents[1] / "bench" / "accuracy" / "accuracy.py"


def _module():
    spec = importlib.util.spec_from_file_location("accuracy", ACCURACY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _label(repo, file, line, rule, verdict):
    return {"repo": repo, "commit": "c", "file": file, "line": line, "rule": rule, "verdict": verdict, "note": ""}


def _finding(file, line, rule, column=3):
    return {"ruleId": rule, "file": file, "line": line, "column": column}


def test_scoring_counts_precision_recall_repeats_and_what_is_set_aside():
    accuracy = _module()
    findings = {"app": [
        _finding("A.swift", 1, "r1"),
        _finding("A.swift", 1, "r1"),  # the same place again: a repeat
        _finding("A.swift", 5, "r1"),
        _finding("B.swift", 2, "r2"),
        _finding("B.swift", 9, "r2"),  # no label
    ]}
    labels = [
        _label("app", "A.swift", 1, "r1", "TP"),
        _label("app", "A.swift", 5, "r1", "noise"),
        _label("app", "B.swift", 2, "r2", "FP"),
        _label("app", "A.swift", 1, "r1", "violation"),
        _label("app", "C.swift", 7, "r1", "violation"),  # missed
        _label("app", "B.swift", 4, "r2", "beyond"),
        _label("app", "B.swift", 6, "r2", "excluded"),
    ]
    result = accuracy.score(findings, labels)
    r1, r2, overall = result["rules"]["r1"], result["rules"]["r2"], result["overall"]
    assert result["repeated"] == 1
    assert (r1["TP"], r1["noise"], r1["FP"], r1["repeated"]) == (1, 1, 1, 1)
    assert r1["strict"] == pytest.approx(1 / 3) and r1["lenient"] == pytest.approx(2 / 3)
    assert (r1["violations"], r1["found"], r1["recall"]) == (2, 1, 0.5)
    assert (r2["FP"], r2["unlabelled"], r2["beyond"], r2["excluded"], r2["violations"]) == (1, 1, 1, 1, 0)
    assert r2["recall"] is None
    assert result["unlabelled"] == [("app", "B.swift", 9, "r2")]
    assert (overall["TP"], overall["noise"], overall["FP"]) == (1, 1, 2)
    # A violation a finding reports one line away is found only with a tolerance.
    near = accuracy.score({"app": [_finding("C.swift", 8, "r1")]}, [_label("app", "C.swift", 7, "r1", "violation")], tolerance=1)
    assert near["rules"]["r1"]["found"] == 1


def test_a_label_with_an_unknown_verdict_is_refused(tmp_path):
    accuracy = _module()
    labels = tmp_path / "labels.tsv"
    labels.write_text("repo\tcommit\tfile\tline\trule\tverdict\tnote\napp\tc\tA.swift\t1\tr1\tmaybe\t\n")
    with pytest.raises(SystemExit, match="verdict must be one of"):
        accuracy.load_labels(labels)


def test_the_committed_labels_name_the_corpus_commits_and_known_rules(bin_dir):
    accuracy = _module()
    corpus = accuracy.load_corpus()
    commits = {entry["name"]: entry["commit"] for entry in corpus["repositories"] if entry.get("set", "tuning") == "tuning"}
    blind = {entry["name"]: entry["commit"] for entry in corpus["repositories"] if entry.get("set") == "blind"}
    rules = {rule["id"] for rule in json.loads(subprocess.run(
        [str(bin_dir / "rulebook"), "rules", "--format", "json"], capture_output=True, text=True, check=True).stdout)}
    rules |= {"source-parse-error"}
    labels = accuracy.load_labels()
    assert len(labels) > 500
    assert all(label["repo"] in commits and commits[label["repo"]].startswith(label["commit"]) for label in labels)
    assert {label["rule"] for label in labels} <= rules
    holdout = {entry["name"]: entry["commit"] for entry in corpus["holdout"]}
    assert not holdout.keys() & {label["repo"] for label in labels}, "the hold-out repositories are labelled apart"
    held = accuracy.load_labels(accuracy.HERE / "holdout-labels.tsv")
    assert held and all(label["repo"] in holdout and holdout[label["repo"]].startswith(label["commit"]) for label in held)
    assert {label["rule"] for label in held} <= rules
    # The blind repositories are labelled apart, every one of them: with rows, or marked as a
    # repository where both passes found nothing (`labelledEmpty`, which then has no row).
    assert len(blind) >= 6 and not blind.keys() & {label["repo"] for label in labels}
    empty = {entry["name"] for entry in corpus["repositories"] if entry.get("set") == "blind" and entry.get("labelledEmpty")}
    blind_labels = accuracy.load_labels(accuracy.HERE / "blind-labels.tsv")
    assert {label["repo"] for label in blind_labels} == blind.keys() - empty
    assert all(blind[label["repo"]].startswith(label["commit"]) for label in blind_labels)
    assert {label["rule"] for label in blind_labels} <= rules


def test_a_whole_run_checks_out_checks_and_scores(bin_dir, tmp_path):
    origin = tmp_path / "origin"
    (origin / "Sources" / "Login").mkdir(parents=True)
    (origin / "Sources" / "Login" / "LoginFeature.swift").write_text(
        "import ComposableArchitecture\n"
        "@Reducer\n"
        "struct LoginFeature {\n"
        "  @ObservableState\n"
        "  struct State: Equatable { var buttonScale: CGFloat = 1 }\n"
        "  enum Action { case update }\n"
        "  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }\n"
        "}\n")
    (origin / "README.md").write_text("not checked out: only Swift files are\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(origin)]
    subprocess.run(["git", "init", "-q", str(origin)], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "app"], check=True)
    commit = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    corpus = tmp_path / "corpus.json"
    corpus.write_text(json.dumps({
        "holdout": [{"name": "held", "repository": "local/held", "commit": commit, "paths": ["Sources"]}],
        "repositories": [{"name": "app", "repository": "local/app", "commit": commit, "paths": ["."]},
                         {"name": "unseen", "repository": "local/unseen", "commit": commit, "set": "blind", "paths": ["."]}]}))
    labels = tmp_path / "labels.tsv"
    labels.write_text(
        "repo\tcommit\tfile\tline\trule\tverdict\tnote\n"
        f"app\t{commit[:7]}\tSources/Login/LoginFeature.swift\t5\tstate-animation-value\tTP\t\n"
        f"app\t{commit[:7]}\tSources/Login/LoginFeature.swift\t6\taction-generic-case\tFP\t\n"
        f"app\t{commit[:7]}\tSources/Login/LoginFeature.swift\t5\tstate-animation-value\tviolation\t\n")
    blind_labels = tmp_path / "blind-labels.tsv"
    blind_labels.write_text(
        "repo\tcommit\tfile\tline\trule\tverdict\tnote\n"
        f"unseen\t{commit[:7]}\tSources/Login/LoginFeature.swift\t6\taction-generic-case\tTP\tblind: \n"
        f"unseen\t{commit[:7]}\tSources/Login/LoginFeature.swift\t3\treducer-default-case\tviolation\tblind: \n"
        # Another round's repository: its rows count for neither set scored here.
        f"other\t{commit[:7]}\tSources/Other.swift\t1\treducer-default-case\tviolation\tblind: \n")
    holdout_labels = tmp_path / "holdout-labels.tsv"
    holdout_labels.write_text(
        "repo\tcommit\tfile\tline\trule\tverdict\tnote\n"
        f"held\t{commit[:7]}\tSources/Login/LoginFeature.swift\t5\tstate-animation-value\tnoise\t\n")
    checkouts = tmp_path / "checkouts"
    url = str(origin) + "/.git"
    run = lambda *args: subprocess.run([sys.executable, str(ACCURACY), *args], capture_output=True, text=True, timeout=300)
    out = run("checkout", str(checkouts), "--url", url, "--corpus", str(corpus), "--holdout")
    assert out.returncode == 0, out.stderr
    assert (checkouts / "app" / "Sources" / "Login" / "LoginFeature.swift").exists()
    assert (checkouts / "unseen" / "Sources" / "Login" / "LoginFeature.swift").exists(), "checkout takes every set"
    assert not (checkouts / "app" / "README.md").exists()
    out = run("run", str(checkouts), "--bin", str(bin_dir / "rulebook"), "--out", str(tmp_path / "out"),
              "--corpus", str(corpus), "--labels", str(labels), "--blind-labels", str(blind_labels), "--json",
              "--holdout", "--holdout-labels", str(holdout_labels), "--set", "all")
    assert out.returncode == 0, out.stderr
    scored = json.loads(out.stdout)
    # The blind repository is scored apart, against its own labels.
    assert scored["blind"]["rules"]["action-generic-case"]["TP"] == 1
    assert scored["blind"]["rules"]["reducer-default-case"]["violations"] == 1
    assert scored["blind"]["overall"]["recall"] == 0.0
    result = scored["tuning"]
    assert result["rules"]["state-animation-value"]["TP"] == 1
    assert result["rules"]["action-generic-case"]["FP"] == 1
    assert result["rules"]["state-animation-value"]["recall"] == 1.0
    assert result["overall"]["strict"] == 0.5
    assert result["repeated"] == 0
    # The hold-out repository is scored apart, against its own labels.
    held = scored["holdout"]
    assert held["rules"]["state-animation-value"]["noise"] == 1
    assert held["overall"]["lenient"] == 1.0 and held["overall"]["strict"] == 0.0

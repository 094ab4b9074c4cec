"""Hostile input to `rulebook check`, as a pull request could bring it: files that cannot be
read or are far too large, and a configuration that expands without bound. Each bad input is
reported with its own taxonomy code while everything else is checked; none of them crashes,
hangs or hides the other files' findings."""
import json
import os
import resource
import shutil
import subprocess
import time

from test_check_cli import check_env

VIOLATION = "Examples/Rules/state-ui-type/Violation/AppearanceFeature.swift"


def test_bad_files_are_rejected_one_by_one_and_the_rest_is_checked(bin_dir, repo_root, tmp_path):
    folder = tmp_path / "Hostile"
    folder.mkdir()
    shutil.copy(repo_root / VIOLATION, folder / "AppearanceFeature.swift")
    # Over the 16 MiB message cap: it used to be resent for minutes and lose every finding.
    (folder / "Huge.swift").write_bytes(b"// generated\n" * (17 * 1024 * 1024 // 13 + 1))
    (folder / "Binary.swift").write_bytes(bytes(range(256)) * 16)
    (folder / "Truncated.rulebook.json").write_text('{"feature": ')
    # A declared spec over the message cap: refused where it is read.
    (folder / "Big.rulebook.json").write_text('{"feature": "Big", "notes": "' + "x" * (20 * 1024 * 1024) + '"}')
    (folder / "Dangling.swift").symlink_to("nowhere.swift")
    os.mkfifo(folder / "Pipe.swift")
    started = time.monotonic()
    result = subprocess.run([str(bin_dir / "rulebook"), "check", ".", "--format", "json"], cwd=folder, env=check_env(),
                            capture_output=True, text=True, timeout=60)
    elapsed = time.monotonic() - started
    assert result.returncode == 1, result.stderr
    assert elapsed < 20, f"took {elapsed:.1f} s"
    report = json.loads(result.stdout)
    assert [f["ruleId"] for f in report["findings"]] == ["state-ui-type"]
    codes = sorted(r["code"] for r in report["rejections"])
    assert codes == ["RB100", "RB108", "RB110", "RB111", "RB111", "RB111"], report["rejections"]
    messages = " ".join(r["message"] for r in report["rejections"])
    for name in ("Huge.swift", "Binary.swift", "Truncated.rulebook.json", "Big.rulebook.json", "Dangling.swift", "Pipe.swift"):
        assert name in messages
    assert report["summary"]["rejected"] == 6 and report["summary"]["specs"] == 7

    text = subprocess.run([str(bin_dir / "rulebook"), "check", "."], cwd=folder, env=check_env(),
                          capture_output=True, text=True, timeout=60)
    # Compiler style: each rejection is placed at its file.
    assert "Huge.swift: error: RB110: " in text.stdout and "Pipe.swift: error: RB111: " in text.stdout, text.stdout


def test_an_alias_bomb_configuration_is_refused_at_once_in_bounded_memory(bin_dir, tmp_path):
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * 9) + "]")
    (tmp_path / ".rulebook.yml").write_text("\n".join(lines) + "\n")
    (tmp_path / "A.swift").write_text("struct A {}\n")

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    started = time.monotonic()
    result = subprocess.run([str(bin_dir / "rulebook"), "check", "."], cwd=tmp_path, env=check_env(),
                            capture_output=True, text=True, timeout=60, preexec_fn=limit_memory)
    elapsed = time.monotonic() - started
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "RB401" in result.stderr and "aliases" in result.stderr
    assert elapsed <= 1.0, f"took {elapsed:.2f} s"


def test_a_link_in_a_repository_that_leads_out_of_it_is_not_read(bin_dir, repo_root, tmp_path):
    """Issue 29: a file found in a checked repository that is a link to a file outside it
    (a pull request's `Leak.swift -> ~/secret`) is refused unread (RB111); named on the
    command line, the same link is read."""
    repository, outside = tmp_path / "repository", tmp_path / "home"
    (repository / ".git").mkdir(parents=True)
    (repository / "Sources").mkdir()
    outside.mkdir()
    shutil.copy(repo_root / VIOLATION, repository / "Sources" / "AppearanceFeature.swift")
    shutil.copy(repo_root / VIOLATION, outside / "SecretFeature.swift")
    (repository / "Sources" / "Leak.swift").symlink_to(outside / "SecretFeature.swift")
    found = subprocess.run([str(bin_dir / "rulebook"), "check", "Sources", "--format", "json", "--no-cache"], cwd=repository,
                           env=check_env(), capture_output=True, text=True, timeout=60)
    report = json.loads(found.stdout)
    assert [(r["code"], "leads outside" in r["message"]) for r in report["rejections"]] == [("RB111", True)], report["rejections"]
    assert [(f["ruleId"], f["file"]) for f in report["findings"]] == [("state-ui-type", "Sources/AppearanceFeature.swift")]
    named = subprocess.run([str(bin_dir / "rulebook"), "check", "Sources/Leak.swift", "--format", "json", "--no-cache"],
                           cwd=repository, env=check_env(), capture_output=True, text=True, timeout=60)
    named_report = json.loads(named.stdout)
    assert named_report["rejections"] == [], named.stdout
    assert [f["ruleId"] for f in named_report["findings"]] == ["state-ui-type"], named.stdout

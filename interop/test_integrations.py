"""Rulebook where Swift developers work, tried with the real tools: pre-commit runs the
hooks this repository publishes (`.pre-commit-hooks.yaml`) on a temporary git repository."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

import yaml

HOOK_FILES = re.compile(r"\.(swift|rulebook\.json)$")


def git(folder, *args):
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True,
                          env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
                               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"})


def test_hooks_file_declares_both_hooks_on_swift_and_declared_specs(repo_root):
    hooks = {hook["id"]: hook for hook in yaml.safe_load((repo_root / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"rulebook", "rulebook-system"}
    package = (repo_root / "Package.swift").read_text()
    for hook in hooks.values():
        executable = hook["entry"].split()[0]
        # pre-commit's swift language builds the package and runs its product from .build/release.
        assert f'.executable(name: "{executable}"' in package
        assert hook["require_serial"] is True, "one run sees every staged file of a feature"
        pattern = re.compile(hook["files"])
        assert pattern.search("Sources/Login/LoginState.swift") and pattern.search("Specs/Profile.rulebook.json")
        assert not pattern.search("README.md") and not pattern.search("Package.resolved.json")
    assert hooks["rulebook"]["language"] == "swift" and hooks["rulebook-system"]["language"] == "system"


def test_pre_commit_refuses_a_violation_and_accepts_a_clean_commit(bin_dir, repo_root, tmp_path):
    # A repository holding only this project's hooks file, as pre-commit clones a hooks repository.
    hooks_repo = tmp_path / "hooks"
    hooks_repo.mkdir()
    shutil.copy(repo_root / ".pre-commit-hooks.yaml", hooks_repo / ".pre-commit-hooks.yaml")
    git(hooks_repo, "init", "-q")
    git(hooks_repo, "add", ".")
    git(hooks_repo, "commit", "-q", "-m", "hooks")
    rev = git(hooks_repo, "rev-parse", "HEAD").stdout.strip()

    project = tmp_path / "app"
    project.mkdir()
    git(project, "init", "-q")
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks_repo}\n    rev: {rev}\n    hooks:\n      - id: rulebook-system\n")
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-cache"),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=project, env=env, check=True, capture_output=True)

    def commit(message):
        subprocess.run(["git", "add", "-A"], cwd=project, env=env, check=True)
        return subprocess.run(["git", "commit", "-q", "-m", message], cwd=project, env=env, capture_output=True,
                              text=True, timeout=300)

    clean = repo_root / "Examples/Rules/state-must-be-struct/Clean"
    violation = repo_root / "Examples/Rules/state-must-be-struct/Violation"
    shutil.copytree(clean, project / "Clean")
    accepted = commit("clean feature")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert re.search(r"Rulebook \(installed\)\.+Passed", accepted.stdout + accepted.stderr)

    shutil.copytree(violation, project / "Violation")
    refused = commit("feature with a class State")
    output = refused.stdout + refused.stderr
    assert refused.returncode != 0, output
    assert "[state-must-be-struct]" in output and "error:" in output
    assert git(project, "rev-list", "--count", "HEAD").stdout.strip() == "1", "the violating commit was made"


def sample_manifest(name, dependency, identity, targets):
    """A package `name` whose `targets` use the build-tool plugin of the package at the path
    `dependency` (identity `identity`). The plugins run `rulebook check` without --db: as the
    README's snippet, it depends with the package's default traits, which leave out the
    PostgreSQL store and its build."""
    uses = "".join(f'        .target(name: "{target}", plugins: [.plugin(name: "RulebookBuildToolPlugin", package: "{identity}")]),\n'
                   for target in targets)
    return (f'// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(\n    name: "{name}",\n'
            f'    dependencies: [.package(path: "{dependency}")],\n    targets: [\n{uses}    ]\n)\n')


PLANTED = 'import Foundation\n\nstruct ProfileState: Equatable {\n    var title = ""\n    var avatarScale: CGFloat = 1\n}\n'
CLEAN = 'import Foundation\n\nstruct ProfileState: Equatable {\n    var title = ""\n}\n'
FINDING = "Sources/Planted/ProfileState.swift:5:9: error: `avatarScale: CGFloat` is animation state"


def test_swiftpm_plugins_in_a_package_that_depends_on_rulebook(repo_root, tmp_path):
    """A sample package depending on this one by path: the build-tool plugin fails the build of
    the target with a planted violation, printing the finding as a compiler diagnostic, and
    builds its clean twin quietly; the command plugin checks either target on demand. Slow:
    it builds Rulebook's tools for the sample (RULEBOOK_SAMPLE_BUILD keeps that build folder
    between runs)."""
    sample = tmp_path / "Sample"
    for target, source in (("Planted", PLANTED), ("Clean", CLEAN)):
        (sample / "Sources" / target).mkdir(parents=True)
        (sample / "Sources" / target / "ProfileState.swift").write_text(source)
    # A path dependency's identity is its folder's name.
    (sample / "Package.swift").write_text(sample_manifest("Sample", repo_root, repo_root.name.lower(), ["Planted", "Clean"]))
    scratch = os.environ.get("RULEBOOK_SAMPLE_BUILD") or str(tmp_path / "build")

    def swift(command, *args):
        return subprocess.run(["swift", command, "--scratch-path", scratch, *args], cwd=sample, capture_output=True,
                              text=True, timeout=1800)

    listed = swift("package", "plugin", "--list")
    assert "‘rulebook’ (plugin ‘RulebookCommandPlugin’" in listed.stdout, listed.stdout + listed.stderr

    clean = swift("build", "--target", "Clean")
    assert clean.returncode == 0, clean.stdout[-3000:] + clean.stderr[-3000:]
    assert "Rulebook Clean" in clean.stdout and "[state-" not in clean.stdout + clean.stderr

    planted = swift("build", "--target", "Planted")
    assert planted.returncode != 0, planted.stdout[-3000:]
    assert FINDING in planted.stdout + planted.stderr

    command = swift("package", "plugin", "rulebook", "--target", "Planted")
    assert command.returncode != 0 and FINDING in command.stdout + command.stderr
    command = swift("package", "plugin", "rulebook", "--target", "Clean")
    assert command.returncode == 0, command.stdout[-3000:] + command.stderr[-3000:]
    assert "0 errors, 0 warnings, 0 notes in 1 spec" in command.stdout + command.stderr


def test_install_puts_the_four_executables_and_the_docs_under_a_prefix(bin_dir, repo_root, tmp_path):
    """`scripts/install --from DIR` (here the tests' build, to spare a release build) copies the
    executables together, so the installed `rulebook check` finds its workers, and the docs the
    systemd units link to; DESTDIR stages the tree for packaging."""
    stage = tmp_path / "stage"
    result = subprocess.run([str(repo_root / "scripts/install"), "--prefix", "/opt/rb", "--from", str(bin_dir)],
                            env={**os.environ, "DESTDIR": str(stage)}, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    prefix = stage / "opt/rb"
    assert sorted(p.name for p in (prefix / "bin").iterdir()) == [
        "rulebook", "rulebook-persister", "rulebook-producer", "rulebook-validator"]
    assert (prefix / "share/doc/rulebook/deploy/README.md").exists()
    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_BIN_DIR"}
    check = subprocess.run([str(prefix / "bin/rulebook"), "check", str(repo_root / "Examples/Rules/state-must-be-struct/Violation")],
                           env=env, capture_output=True, text=True, timeout=120)
    assert check.returncode == 1 and "[state-must-be-struct]" in check.stdout, check.stderr
    assert subprocess.run([str(repo_root / "scripts/install"), "--bogus"], capture_output=True).returncode == 2


def readme_block(repo_root, language, containing):
    """The README's first fenced `language` block that holds `containing`."""
    text = (repo_root / "README.md").read_text()
    blocks = re.findall(r"```" + language + r"\n(.*?)```", text, re.S)
    return next(block for block in blocks if containing in block)


def test_the_readme_snippets_resolve_as_written(bin_dir, repo_root, tmp_path):
    """Issue 30: the README's `Package.swift` and `.pre-commit-config.yaml` snippets, copied as
    they are with only the repository's URL (and the commit) pointing at a clone of this one,
    resolve: SwiftPM finds the package on its branch and lists its command plugin under the
    identity the snippet names, and pre-commit fetches the hooks at the commit and runs them
    (the installed hook, which the snippet names as the alternative, to spare the build)."""
    clone = tmp_path / "rulebook"
    subprocess.run(["git", "clone", "-q", str(repo_root), str(clone)], check=True, timeout=300)
    git(clone, "checkout", "-q", "-B", "main")
    commit = git(clone, "rev-parse", "HEAD").stdout.strip()
    url = "https://github.com/OWNER/rulebook"

    package = tmp_path / "App"
    (package / "Sources" / "Profile").mkdir(parents=True)
    (package / "Sources" / "Profile" / "ProfileState.swift").write_text(CLEAN)
    snippet = readme_block(repo_root, "swift", ".package(url:")
    assert url in snippet and 'branch: "main"' in snippet, snippet
    (package / "Package.swift").write_text(
        '// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(\n    name: "App",\n'
        + snippet.replace(url, clone.as_uri()) + ")\n")
    listed = subprocess.run(["swift", "package", "--scratch-path", str(tmp_path / "build"), "plugin", "--list"],
                            cwd=package, capture_output=True, text=True, timeout=1800)
    # The manifest's name is Rulebook; the identity the snippet's `package:` names, rulebook.
    assert "‘rulebook’ (plugin ‘RulebookCommandPlugin’ in package ‘Rulebook’)" in listed.stdout, listed.stdout + listed.stderr

    config = readme_block(repo_root, "yaml", "repos:")
    assert url in config, config
    rev = re.search(r"rev: (\S+)", config).group(1)
    project = tmp_path / "app"
    project.mkdir()
    git(project, "init", "-q")
    shutil.copytree(repo_root / "Examples/Rules/state-must-be-struct/Clean", project / "Clean")
    (project / ".pre-commit-config.yaml").write_text(
        config.replace(url, str(clone)).replace(rev, commit).replace("- id: rulebook ", "- id: rulebook-system "))
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "PRE_COMMIT_HOME": str(tmp_path / "cache")}
    git(project, "add", "-A")
    ran = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=project, env=env,
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0 and re.search(r"Rulebook \(installed\)\.+Passed", ran.stdout), ran.stdout + ran.stderr


def test_the_release_plugins_run_prebuilt_executables(bin_dir, repo_root, tmp_path):
    """Issue 30: `scripts/release` makes a plugin package whose plugins run the executables of
    its artifact bundle (here the ones the tests run): a package that uses it builds no Rulebook
    from source, and when two targets fail, each one's findings are reported (the check the
    build system cancels with SIGINT finishes) instead of `RB503: interrupted`."""
    released = subprocess.run([str(repo_root / "scripts/release"), "--output", str(tmp_path / "release"), "--from", str(bin_dir),
                               "--no-archive", "--version", "0.0.1"], capture_output=True, text=True, timeout=600)
    assert released.returncode == 0, released.stderr
    plugins = tmp_path / "release" / "RulebookPlugins"
    info = json.loads((plugins / "rulebook.artifactbundle" / "info.json").read_text())
    variant = info["artifacts"]["rulebook"]["variants"][0]
    assert (plugins / "rulebook.artifactbundle" / variant["path"]).is_file(), variant
    consumer = tmp_path / "Consumer"
    for target, source in (("Planted", PLANTED), ("Planted2", PLANTED.replace("avatarScale", "bannerScale")), ("Clean", CLEAN)):
        (consumer / "Sources" / target).mkdir(parents=True)
        (consumer / "Sources" / target / "ProfileState.swift").write_text(source)
    (consumer / "Package.swift").write_text(sample_manifest("Consumer", plugins, "rulebookplugins", ["Planted", "Planted2", "Clean"]))
    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_BIN_DIR"}

    def swift(*args):
        return subprocess.run(["swift", *args], cwd=consumer, env=env, capture_output=True, text=True, timeout=900)

    both = swift("build")
    output = both.stdout + both.stderr
    assert both.returncode != 0, output[-3000:]
    assert "Compiling Rulebook" not in output, "Rulebook was built from source"
    assert FINDING in output and "`bannerScale: CGFloat` is animation state" in output, output[-3000:]
    assert "RB503" not in output, output[-3000:]
    clean = swift("build", "--target", "Clean")
    assert clean.returncode == 0, clean.stdout[-3000:] + clean.stderr[-3000:]
    command = swift("package", "plugin", "rulebook", "--target", "Clean")
    assert command.returncode == 0 and "0 errors, 0 warnings, 0 notes in 1 spec" in command.stdout + command.stderr


def test_release_archives_the_bundle_with_its_checksum_or_names_it_by_url(repo_root, tmp_path):
    """Issue 30: the bundle's zip and its SwiftPM checksum, and with --url a package that names
    the zip by URL and checksum (what a tagged release publishes)."""
    fake = tmp_path / "bin"
    fake.mkdir()
    for name in ("rulebook", "rulebook-producer", "rulebook-validator", "rulebook-persister"):
        (fake / name).write_text("#!/bin/sh\n")
        (fake / name).chmod(0o755)
    url = "https://example.org/releases/0.0.1/rulebook.artifactbundle.zip"
    released = subprocess.run([str(repo_root / "scripts/release"), "--output", str(tmp_path / "out"), "--from", str(fake),
                               "--url", url, "--version", "0.0.1"], capture_output=True, text=True, timeout=300)
    assert released.returncode == 0, released.stderr
    archive = tmp_path / "out" / "rulebook.artifactbundle.zip"
    checksum = (tmp_path / "out" / "rulebook.artifactbundle.zip.sha256").read_text().strip()
    assert checksum == hashlib.sha256(archive.read_bytes()).hexdigest()
    names = zipfile.ZipFile(archive).namelist()
    assert "rulebook.artifactbundle/info.json" in names
    assert any(name.endswith("/bin/rulebook-validator") for name in names), names
    manifest = (tmp_path / "out" / "RulebookPlugins" / "Package.swift").read_text()
    assert f'url: "{url}", checksum: "{checksum}"' in manifest, manifest
    assert not (tmp_path / "out" / "RulebookPlugins" / "rulebook.artifactbundle").exists()

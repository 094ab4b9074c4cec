"""`rulebook lsp` driven by a real Language Server Protocol client: pygls's `LanguageClient`
(lsprotocol types), speaking to the server over its stdio as an editor would.

Each test starts `rulebook lsp` in a temporary workspace, opens documents with text that is
not what the files on disk hold (an editor's unsaved buffer), and reads the diagnostics the
server publishes.
"""
import asyncio
import pathlib
import subprocess
import urllib.parse
import urllib.request

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from proc_table import is_running, worker_children

WAIT = 60  # seconds: the first check starts the private pipeline's workers

FEATURE = """\
import ComposableArchitecture
import Foundation

@Reducer
struct NoteFeature {
  @ObservableState
  struct State: Equatable { var memo = ""; var savedAt: Date? }
  enum Action { case saveTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveTapped:
        let café = "é"; state.savedAt = Date()
        NoteDraft.shared.memo = state.memo + café
        return .none
      }
    }
  }
}
"""

CLEAN = FEATURE.replace('let café = "é"; state.savedAt = Date()', 'let café = "é"').replace(
    "NoteDraft.shared.memo = state.memo + café", "state.memo += café")


class Client(LanguageClient):
    def __init__(self):
        super().__init__("rulebook-interop", "1")
        self.published: asyncio.Queue = asyncio.Queue()
        self.messages: asyncio.Queue = asyncio.Queue()

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params):
            self.published.put_nowait(params)

        @self.feature(types.WINDOW_SHOW_MESSAGE)
        def show(params):
            self.messages.put_nowait(params)

    async def diagnostics_for(self, uri, version=None):
        while True:
            params = await asyncio.wait_for(self.published.get(), WAIT)
            if params.uri == uri and (version is None or params.version == version):
                return list(params.diagnostics)


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "app"
    (root / "Sources" / "Notes").mkdir(parents=True)
    (root / "Sources" / "Notes" / "NoteFeature.swift").write_text(CLEAN)
    return root


async def start(bin_dir, workspace, *extra):
    client = Client()
    await client.start_io(str(bin_dir / "rulebook"), "lsp", *extra, cwd=str(workspace))
    result = await asyncio.wait_for(client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=workspace.as_uri())), WAIT)
    client.initialized(types.InitializedParams())
    return client, result


def open_document(client, path: pathlib.Path, text: str, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id="swift", version=version, text=text)))


async def stop(client):
    """`shutdown` then `exit`: the server's exit code, once it and every worker it started are gone."""
    workers = worker_children(client._server.pid)
    assert workers, "the server runs its own persister and validators"
    await asyncio.wait_for(client.shutdown_async(None), WAIT)
    client.exit(None)
    code = await asyncio.wait_for(client._server.wait(), WAIT)
    await client.stop()
    for _ in range(100):
        if not any(is_running(pid, start) for pid, (start, _) in workers.items()):
            break
        await asyncio.sleep(0.1)
    assert not any(is_running(pid, start) for pid, (start, _) in workers.items()), workers
    return code


def test_an_open_buffer_is_checked_as_the_editor_shows_it_and_cleared_when_fixed_and_closed(bin_dir, workspace):
    async def scenario():
        client, result = await start(bin_dir, workspace)
        assert result.server_info.name == "rulebook"
        assert result.capabilities.text_document_sync.change == types.TextDocumentSyncKind.Full
        path = workspace / "Sources" / "Notes" / "NoteFeature.swift"
        uri = path.as_uri()
        # The file on disk is clean; the buffer is not.
        open_document(client, path, FEATURE)
        found = await client.diagnostics_for(uri, version=1)
        by_code = {(d.code, d.range.start.line) for d in found}
        assert ("reducer-side-effect", 12) in by_code  # `Date()`, on the line after `café`
        assert ("reducer-side-effect", 13) in by_code  # the write to `NoteDraft.shared`
        date = next(d for d in found if d.code == "reducer-side-effect" and d.range.start.line == 12)
        line = FEATURE.splitlines()[12]
        # UTF-16 positions of the editor's text: `Date()` after `é` (1 unit, 2 UTF-8 bytes).
        assert line.encode("utf-16-le")[: date.range.start.character * 2].decode("utf-16-le").endswith("state.savedAt = ")
        assert date.severity == types.DiagnosticSeverity.Error and date.source == "rulebook"
        # Fixed in the buffer, not saved: no diagnostics for the new version.
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=CLEAN)]))
        assert await client.diagnostics_for(uri, version=2) == []
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert await client.diagnostics_for(uri) == []
        assert await stop(client) == 0

    asyncio.run(scenario())


def test_diagnostics_link_their_rules_pages(bin_dir, workspace):
    """Issue 32: each diagnostic's `codeDescription` links its rule's page: by default one the
    server writes (the rule's section of docs/rules.md), gone when it exits; with
    `--rule-docs-url`, the team's own address."""
    docs = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text()
    path = workspace / "Sources" / "Notes" / "NoteFeature.swift"

    async def scenario(*extra):
        client, _ = await start(bin_dir, workspace, *extra)
        open_document(client, path, FEATURE)
        found = await client.diagnostics_for(path.as_uri(), version=1)
        assert found and all(d.code_description for d in found), found
        assert await stop(client) == 0
        return {d.code: d.code_description.href for d in found}

    links = asyncio.run(scenario())
    for rule, href in links.items():
        assert href.startswith("file://") and href.endswith(f"/{rule}.md"), href
        assert not pathlib.Path(urllib.parse.urlparse(href).path).exists(), "removed when the server exits"
    links = asyncio.run(scenario("--rule-docs-url", "https://example.com/docs/rules.md#{id}"))
    assert links == {rule: f"https://example.com/docs/rules.md#{rule}" for rule in links}

    # A page, read while the server runs, is its rule's section of the rulebook.
    async def read_page():
        client, _ = await start(bin_dir, workspace)
        open_document(client, path, FEATURE)
        href = (await client.diagnostics_for(path.as_uri(), version=1))[0].code_description.href
        with urllib.request.urlopen(href) as page:
            text = page.read().decode()
        assert await stop(client) == 0
        return text

    page = asyncio.run(read_page())
    assert page.startswith("## ") and page.strip() in docs

    refused = subprocess.run([str(bin_dir / "rulebook"), "lsp", "--rule-docs-url", "docs/rules.md"], capture_output=True,
                             text=True, timeout=WAIT, stdin=subprocess.DEVNULL)
    assert refused.returncode == 2 and "--rule-docs-url" in refused.stderr, refused.stderr


def test_a_document_is_checked_within_its_workspace(bin_dir, workspace):
    # The setter's body, in another file of the workspace that is not open, writes the
    # defaults: the open reducer that uses it runs a side effect only the workspace shows.
    (workspace / "Sources" / "Notes" / "UserSettings.swift").write_text(
        "import Foundation\n"
        "enum UserSettings {\n"
        "  static var nickname: String {\n"
        "    get { UserDefaults.standard.string(forKey: \"nickname\") ?? \"\" }\n"
        "    set { UserDefaults.standard.set(newValue, forKey: \"nickname\") }\n"
        "  }\n"
        "}\n")
    text = CLEAN.replace("state.memo += café", "UserSettings.nickname = state.memo")

    async def scenario():
        client, _ = await start(bin_dir, workspace)
        path = workspace / "Sources" / "Notes" / "NoteFeature.swift"
        open_document(client, path, text)
        found = await client.diagnostics_for(path.as_uri(), version=1)
        assert [(d.code, d.range.start.line) for d in found] == [("reducer-side-effect", 13)], found
        assert "UserDefaults" in found[0].message
        assert await stop(client) == 0

    asyncio.run(scenario())


def test_a_broken_configuration_is_reported_to_the_editor_and_its_fix_counts_without_a_restart(bin_dir, workspace):
    config = workspace / ".rulebook.yml"
    config.write_text("reducer-side-effect: [severity\n")

    async def scenario():
        client, _ = await start(bin_dir, workspace)
        path = workspace / "Sources" / "Notes" / "NoteFeature.swift"
        open_document(client, path, FEATURE)
        shown = await asyncio.wait_for(client.messages.get(), WAIT)
        assert shown.type == types.MessageType.Error and "RB401" in shown.message
        config.write_text("reducer-side-effect:\n  severity: warning\n")
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
        found = await client.diagnostics_for(path.as_uri(), version=1)
        assert {d.severity for d in found if d.code == "reducer-side-effect"} == {types.DiagnosticSeverity.Warning}
        assert await stop(client) == 0

    asyncio.run(scenario())


def test_requests_it_does_not_serve_are_refused_and_exit_without_shutdown_is_a_failure(bin_dir, workspace):
    async def scenario():
        client, _ = await start(bin_dir, workspace)
        with pytest.raises(Exception, match="not served"):
            await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=(workspace / "x.swift").as_uri()),
                position=types.Position(line=0, character=0))), WAIT)
        client.exit(None)
        code = await asyncio.wait_for(client._server.wait(), WAIT)
        await client.stop()
        assert code == 1

    asyncio.run(scenario())


def test_each_workspace_folder_is_checked_with_its_own_configuration(bin_dir, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        (folder / "Sources").mkdir(parents=True)
        (folder / "Sources" / "NoteFeature.swift").write_text(CLEAN)
    # The second folder turns the rule off; the first keeps the defaults.
    (second / ".rulebook.yml").write_text("disabled_rules: [reducer-side-effect]\n")

    async def scenario():
        client = Client()
        await client.start_io(str(bin_dir / "rulebook"), "lsp", cwd=str(tmp_path))
        await asyncio.wait_for(client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=first.as_uri(), name="first"),
                               types.WorkspaceFolder(uri=second.as_uri(), name="second")])), WAIT)
        client.initialized(types.InitializedParams())
        results = {}
        for folder in (first, second):
            path = folder / "Sources" / "NoteFeature.swift"
            open_document(client, path, FEATURE)
            results[folder.name] = await client.diagnostics_for(path.as_uri(), version=1)
        assert await stop(client) == 0
        return results

    results = asyncio.run(scenario())
    assert "reducer-side-effect" in {d.code for d in results["first"]}, results
    assert results["second"] and "reducer-side-effect" not in {d.code for d in results["second"]}, results


def apply_text_edits(text: str, edits) -> str:
    """`edits` (LSP, UTF-16 positions) applied to `text`, last first, as an editor does."""
    lines = text.split("\n")

    def offset(position):
        before = "\n".join(lines[: position.line]) + ("\n" if position.line else "")
        line = lines[position.line].encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return len(before) + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


def test_code_actions_offer_each_fix_and_fix_all_and_applying_them_checks_clean(bin_dir, workspace):
    # `é` before the State: the edits' UTF-8 offsets must land on UTF-16 positions.
    text = CLEAN.replace("struct State: Equatable { var memo", "struct State { var café = \"é\"; var memo").replace(
        "enum Action { case saveTapped }", "enum Action { case saveTapped, closeTapped, shareTapped }").replace(
        "        return .none\n      }", "        return .none\n      default:\n        return .none\n      }")

    async def scenario():
        client, result = await start(bin_dir, workspace)
        assert result.capabilities.code_action_provider
        path = workspace / "Sources" / "Notes" / "NoteFeature.swift"
        uri = path.as_uri()
        open_document(client, path, text)
        found = await client.diagnostics_for(uri, version=1)
        assert sorted(d.code for d in found) == ["reducer-default-case", "state-must-be-equatable"], found
        default = next(d for d in found if d.code == "reducer-default-case")
        actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=default.range,
            context=types.CodeActionContext(diagnostics=[default], only=[types.CodeActionKind.QuickFix]))), WAIT)
        assert [a.title for a in actions] == ["Fix: name `.closeTapped`, `.shareTapped` instead of the catch-all"]
        assert actions[0].is_preferred and actions[0].diagnostics[0].code == "reducer-default-case"
        one = apply_text_edits(text, actions[0].edit.changes[uri])
        assert "      case .closeTapped, .shareTapped:\n" in one and "default:" not in one
        whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=len(text.split("\n")), character=0))
        every = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=whole,
            context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.rulebook"]))), WAIT)
        assert [a.kind for a in every] == ["source.fixAll.rulebook"]
        fixed = apply_text_edits(text, every[0].edit.changes[uri])
        assert 'struct State: Equatable { var café = "é"' in fixed
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
        # Until the new text is checked, the old fixes are not offered against it.
        assert await client.diagnostics_for(uri, version=2) == []
        assert await stop(client) == 0

    asyncio.run(scenario())

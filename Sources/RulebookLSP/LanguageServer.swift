import Foundation
import Logging
import RulebookCore
import RulebookPipeline

/// One client's session: its workspace, the documents it has open and their checks. Each
/// message is handled in the order it came; one check runs at a time (after
/// ``LSPServerOptions/settleTime``), and one that ends after a change publishes nothing:
/// the check of the latest text, started then, does.
actor LanguageServer {
    /// A document the client has open, as the client has it.
    struct Document {
        var path: String
        var text: String
        var version: Int?
    }

    private let session: PipelineSession
    private let channel: LSPChannel
    private let options: LSPServerOptions
    private let logger: Logger
    /// The workspace folders (real paths), the first for documents in none of them.
    private var folders: [String]
    /// Each folder's `.rulebook.yml` (or `--config`), read again when it changes.
    private var configurations: [String: ConfigurationFile] = [:]
    private var documents: [String: Document] = [:]
    /// The findings last published for each document, with the text they were found in: code
    /// actions come from their fixes while the editor still has that text.
    private var published: [String: (text: String, findings: [Finding])] = [:]
    private var isInitialized = false
    private(set) var hasShutDown = false
    /// Counts changes to the documents: a check publishes only what the latest one shows.
    private var generation = 0
    private var pendingCheck: Task<Void, Never>?
    /// A check is settling or running; changes meanwhile are checked when it ends.
    private var isChecking = false

    init(session: PipelineSession, channel: LSPChannel, options: LSPServerOptions, logger: Logger) {
        self.session = session
        self.channel = channel
        self.options = options
        self.logger = logger
        folders = [options.folder]
    }

    /// Handles one message; `false` once the client has said `exit`.
    func handle(_ body: Data) async -> Bool {
        guard let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let method = message["method"] as? String
        else {
            // Not a request or notification (a response to nothing we asked, or not JSON).
            if (try? JSONSerialization.jsonObject(with: body)) == nil { reply(nil, error: (-32700, "Parse error: the message is not JSON")) }
            return true
        }
        let id = message["id"]
        let params = message["params"] as? [String: Any] ?? [:]
        if method == "exit" { return false }
        guard isInitialized || method == "initialize" else {
            if id != nil { reply(id, error: (-32002, "the server is not initialized")) }
            return true
        }
        guard !hasShutDown else {
            if id != nil { reply(id, error: (-32600, "the server has shut down; only exit is accepted")) }
            return true
        }
        switch method {
        case "initialize": initialize(id, params)
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
        case "shutdown":
            hasShutDown = true
            pendingCheck?.cancel()
            reply(id, result: NSNull())
        case "textDocument/didOpen": open(params)
        case "textDocument/didChange": change(params)
        case "textDocument/didSave": changed()
        case "textDocument/didClose": close(params)
        case "workspace/didChangeWatchedFiles": changed()
        case "workspace/didChangeWorkspaceFolders": changeFolders(params)
        case "textDocument/codeAction": codeActions(id, params)
        default:
            if id != nil { reply(id, error: (-32601, "method '\(method)' is not served by rulebook lsp")) }
        }
        return true
    }

    /// Waits for the checks under way, if any.
    func finishChecks() async {
        while let check = pendingCheck, isChecking { await check.value }
    }

    // MARK: Lifecycle

    private func initialize(_ id: Any?, _ params: [String: Any]) {
        let named = Self.workspaceFolders(params).map(Self.realPath)
        if !named.isEmpty { folders = named }
        isInitialized = true
        for folder in folders {
            if case .failure(let error) = configuration(of: folder).current() {
                logger.warning(
                    "the configuration cannot be used; checks fail until it is fixed", metadata: ["folder": "\(folder)", "error": "\(error)"])
            }
        }
        reply(
            id,
            result: [
                "capabilities": [
                    "positionEncoding": "utf-16",
                    "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                    "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
                    "codeActionProvider": ["codeActionKinds": ["quickfix", LSPCodeActions.fixAllKind]],
                ],
                "serverInfo": ["name": "rulebook", "version": RuleRegistry.version],
            ])
    }

    /// The workspace the client names: its workspace folders, else `rootUri`, else `rootPath`.
    static func workspaceFolders(_ params: [String: Any]) -> [String] {
        let named = (params["workspaceFolders"] as? [[String: Any]] ?? []).compactMap { ($0["uri"] as? String).flatMap(path(ofURI:)) }
        if !named.isEmpty { return named }
        if let uri = params["rootUri"] as? String, let path = path(ofURI: uri) { return [path] }
        return (params["rootPath"] as? String).map { [$0] } ?? []
    }

    /// `workspace/didChangeWorkspaceFolders`: folders added and removed.
    private func changeFolders(_ params: [String: Any]) {
        let event = params["event"] as? [String: Any] ?? [:]
        let paths = { (key: String) in
            (event[key] as? [[String: Any]] ?? []).compactMap { ($0["uri"] as? String).flatMap(Self.path(ofURI:)) }.map(Self.realPath)
        }
        let removed = Set(paths("removed"))
        var updated = folders.filter { !removed.contains($0) }
        updated += paths("added").filter { !updated.contains($0) }
        folders = updated.isEmpty ? [options.folder] : updated
        changed()
    }

    private static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The configuration of the workspace folder `folder`.
    private func configuration(of folder: String) -> ConfigurationFile {
        if let known = configurations[folder] { return known }
        let file = ConfigurationFile(path: options.configurationPath, folder: folder)
        configurations[folder] = file
        return file
    }

    /// The workspace folder a document belongs to: the innermost that holds it, else the first.
    private func folder(of path: String) -> String {
        folders.filter { InputFile.isInside(path, $0) }.max { $0.count < $1.count } ?? folders[0]
    }

    /// The file a `file://` URI names.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return (url.path as NSString).standardizingPath
    }

    // MARK: Documents

    private func open(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
            let text = item["text"] as? String
        else { return }
        guard let path = Self.path(ofURI: uri) else {
            logger.info("not a file; left unchecked", metadata: ["uri": "\(uri)"])
            return
        }
        documents[uri] = Document(path: path, text: text, version: item["version"] as? Int)
        changed()
    }

    private func change(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String, var document = documents[uri],
            let changes = params["contentChanges"] as? [[String: Any]], let text = changes.last?["text"] as? String
        else { return }
        // Full synchronisation (`change: 1`): each change is the whole text.
        document.text = text
        document.version = item["version"] as? Int
        documents[uri] = document
        changed()
    }

    private func close(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else { return }
        documents[uri] = nil
        published[uri] = nil
        channel.send(Self.notification("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()]))
        changed()
    }

    // MARK: Checks

    /// Something the findings depend on changed: check now, or, while a check runs, once it
    /// ends (one check at a time, the latest text each time).
    private func changed() {
        generation += 1
        guard !isChecking else { return }
        startCheck()
    }

    private func startCheck() {
        isChecking = true
        let expected = generation
        let settle = options.settleTime
        pendingCheck = Task { [weak self] in
            if settle > .zero { try? await Task.sleep(for: settle) }
            await self?.runCheck(expected)
        }
    }

    private func runCheck(_ expected: Int) async {
        // A check cancelled by `shutdown` ends at once.
        if !Task.isCancelled { await check(ifStill: expected) }
        isChecking = false
        // Changed meanwhile: check the latest.
        if expected != generation, !hasShutDown { startCheck() }
    }

    /// Checks each workspace folder that has open documents, with its own configuration, and
    /// publishes their diagnostics if nothing changed meanwhile.
    private func check(ifStill expected: Int) async {
        guard expected == generation, !documents.isEmpty, !hasShutDown else { return }
        let open = documents
        let byFolder = Dictionary(grouping: open, by: { folder(of: $0.value.path) })
        var results: [(folder: String, checked: CheckedSpecs, documents: [String: Document])] = []
        for (folder, entries) in byFolder.sorted(by: { $0.key < $1.key }) {
            let documents = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
            do throws(RulebookError) {
                results.append((folder, try await check(folder, with: open), documents))
            } catch {
                channel.send(Self.notification("window/showMessage", ["type": 1, "message": "rulebook: \(error.description)"]))
            }
            // Typed on meanwhile: the next check publishes.
            guard expected == generation else { return }
        }
        for result in results { publish(result.checked, for: result.documents, in: result.folder) }
    }

    /// One check of `folder` (and of the documents of it that lie outside it) as the editor
    /// shows the `open` documents.
    private func check(_ folder: String, with open: [String: Document]) async throws(RulebookError) -> CheckedSpecs {
        let configured = try configuration(of: folder).current().get()
        var scanner = SpecScanner(
            root: folder, filter: PathFilter(excluded: configured.excluded, folder: configured.folder, root: folder),
            configuration: configured.rules == RuleConfiguration() ? nil : configured.rules)
        scanner.overlay = Dictionary(open.values.map { ($0.path, Data($0.text.utf8)) }, uniquingKeysWith: { $1 })
        scanner.cache = options.cache
        // Only the open documents' features are checked; the rest of the folder gives their context.
        scanner.onlyFeaturesOf = Set(open.values.map { SpecScanner.reportName(of: $0.path, root: folder) })
        let outside = open.values.map(\.path).filter { !InputFile.isInside($0, folder) && self.folder(of: $0) == folder }
        let paths = [folder] + outside
        let ready = scanner
        return try await session.check(tool: "rulebook lsp", paths: paths, cache: options.cache) { () throws(RulebookError) in
            try ready.scan(paths)
        }
    }

    private func publish(_ checked: CheckedSpecs, for open: [String: Document], in folder: String) {
        for (uri, document) in open.sorted(by: { $0.key < $1.key }) {
            let name = SpecScanner.reportName(of: document.path, root: folder)
            let findings = checked.findings.filter { $0.file == name || $0.file == document.path }
            let rejections = checked.rejections.filter { $0.files.contains(name) || $0.files.contains(document.path) }
            let diagnostics = LSPDiagnostics(text: document.text, links: options.ruleDocuments).diagnostics(findings, rejections: rejections)
            published[uri] = (document.text, findings)
            var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
            if let version = document.version { params["version"] = version }
            channel.send(Self.notification("textDocument/publishDiagnostics", params))
        }
    }


    /// `textDocument/codeAction`: the fixes of the findings published for the document, while
    /// its text is the one they were found in (after an edit, none until the next check).
    private func codeActions(_ id: Any?, _ params: [String: Any]) {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let document = documents[uri],
            let checked = published[uri], checked.text == document.text
        else { return reply(id, result: [Any]()) }
        let range = params["range"] as? [String: Any]
        let line = { (key: String) in ((range?[key] as? [String: Any])?["line"] as? Int) ?? 0 }
        let only = (params["context"] as? [String: Any])?["only"] as? [String]
        reply(id, result: LSPCodeActions(uri: uri, text: document.text, links: options.ruleDocuments).actions(checked.findings, in: (line("start"), line("end")), only: only))
    }

    // MARK: Messages

    private func reply(_ id: Any?, result: Any) {
        channel.send(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": result])
    }

    private func reply(_ id: Any?, error: (code: Int, message: String)) {
        channel.send(["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": error.code, "message": error.message]])
    }

    private static func notification(_ method: String, _ params: [String: Any]) -> [String: Any] {
        ["jsonrpc": "2.0", "method": method, "params": params]
    }
}

import Foundation
import Logging
import MCP
import RulebookCore
import RulebookPipeline
import RulebookSwiftSource

/// What the tools do. Bad arguments are answered with an MCP error (`invalid params`) whose
/// message starts with the taxonomy code; a spec the pipeline rejects, or a call the
/// pipeline could not complete, with a tool result marked `isError` that carries the code.
struct RulebookTools: Sendable {
    let session: PipelineSession
    /// The server's working folder (its real path): paths are relative to it and bounded by it.
    let root: String
    /// `.rulebook.yml` of the working folder, or `--config`, as it is at each call.
    let configuration: ConfigurationFile
    /// The result cache `check_paths` answers from, if any.
    let cache: ResultCache?
    let logger: Logger

    /// The tool `name` called with `arguments`.
    func call(_ name: String, _ arguments: [String: Value]?) async throws -> CallTool.Result {
        let configuration = configuration.current()
        let call: PreparedCall
        do throws(RulebookError) {
            call = try prepare(name, arguments, configuration: configuration)
        } catch {
            // The server's own file is broken: the call could not be done, its arguments are fine.
            if case .failure(error) = configuration { return ToolOutput.failure(error) }
            throw MCPError.invalidParams(error.description)
        }
        do throws(RulebookError) {
            return try await call()
        } catch {
            return ToolOutput.failure(error)
        }
    }

    /// The work of a call whose arguments are read and valid.
    private typealias PreparedCall = @Sendable () async throws(RulebookError) -> CallTool.Result

    private func prepare(
        _ name: String, _ values: [String: Value]?, configuration: Result<ConfigurationDocument, RulebookError>
    ) throws(RulebookError) -> PreparedCall {
        switch name {
        case ToolCatalogue.checkDeclaredSpec:
            let arguments = try ToolArguments(values, tool: name, allowed: ToolArguments.selectionArguments.union(["spec", "config"]))
            let spec = try arguments.object("spec")
            let file = (try? JSONEncoder().encode(Value.object(spec))) ?? Data()
            return try check(arguments, files: [(file, Self.declaredFileName(of: spec))], configuration: configuration.get()) { findings in
                let patch = findings.compactMap(\.fix).filter { $0.kind == .fix }.flatMap(\.patch)
                return ToolOutput.Fixes(spec: patch.isEmpty ? nil : JSONPatch.apply(patch, to: .object(spec)))
            }
        case ToolCatalogue.checkSwiftSource:
            let arguments = try ToolArguments(values, tool: name, allowed: ToolArguments.selectionArguments.union(["files", "config"]))
            return try check(arguments, files: try arguments.files("files"), configuration: configuration.get())
        case ToolCatalogue.fixSwiftSource:
            let arguments = try ToolArguments(values, tool: name, allowed: ToolArguments.selectionArguments.union(["files", "config"]))
            return try fix(arguments, files: try arguments.files("files"), configuration: configuration.get())
        case ToolCatalogue.checkPaths:
            let arguments = try ToolArguments(values, tool: name, allowed: ToolArguments.selectionArguments.union(["paths", "config"]))
            let paths = try arguments.strings("paths").map { (path) throws(RulebookError) in try bounded(path) }
            var scanner = try scanner(arguments, configuration: configuration.get())
            scanner.cache = cache
            let selection = try arguments.selection()
            return { [scanner, cache, logger] () throws(RulebookError) in
                let checked = try await session.check(tool: "rulebook mcp", paths: paths, cache: cache) { () throws(RulebookError) in
                    try scanner.scan(paths)
                }
                logger.debug("check_paths answered", metadata: ["specs": "\(checked.summary.specs)", "fromCache": "\(checked.fromCache)"])
                return ToolOutput.check(checked, selection: selection)
            }
        case ToolCatalogue.listRules:
            _ = try ToolArguments(values, tool: name, allowed: [])
            let enabled = Set(try configuration.get().rules.enabledRules().map { type(of: $0).description.id })
            return { () throws(RulebookError) in ToolOutput.rules(RuleResources.entries, enabled: enabled) }
        case ToolCatalogue.explainRule:
            let id = try ToolArguments(values, tool: name, allowed: ["id"]).string("id")
            guard let entry = RuleResources.entries.first(where: { $0.id == id }) else {
                throw .invalidArgument("\(name): no rule '\(id)'\(RuleConfiguration.suggestion(for: id)); list_rules lists them")
            }
            return { () throws(RulebookError) in ToolOutput.explanation(entry) }
        case ToolCatalogue.describeSwiftFeature:
            let files = try ToolArguments(values, tool: name, allowed: ["files"]).files("files")
            if let declared = files.first(where: { $0.path.hasSuffix(SpecScanner.declaredExtension) }) {
                throw .invalidArgument("\(name): '\(declared.path)' is a declared spec; describe Swift files")
            }
            let scanner = SpecScanner(root: root)
            return { () throws(RulebookError) in
                ToolOutput.description(try await session.perform { () throws(RulebookError) in try Self.describe(files, scanner) })
            }
        default:
            let names = ToolCatalogue.tools.map(\.name).joined(separator: ", ")
            throw .invalidArgument("no tool '\(name)'; the tools are \(names)")
        }
    }

    /// The declared specs of the features `files` form, as `rulebook describe` prints them.
    private static func describe(_ files: [(data: Data, path: String)], _ scanner: SpecScanner) throws(RulebookError) -> [DeclaredSpec] {
        let scan = scanner.scan(contents: files)
        if let problem = scan.unreadable.first { throw problem.error }
        var specs: [DeclaredSpec] = []
        for spec in scan.specs {
            if let declared = try SwiftFeatureDescriber.declaredSpec(of: spec) { specs.append(declared) }
        }
        return specs
    }

    /// A check of files given by content; `fixes` says what the findings' fixes make.
    private func check(
        _ arguments: ToolArguments, files: [(data: Data, path: String)], configuration: ConfigurationDocument,
        fixes: @escaping @Sendable ([Finding]) -> ToolOutput.Fixes = { _ in ToolOutput.Fixes() }
    ) throws(RulebookError) -> PreparedCall {
        let scanner = try self.scanner(arguments, configuration: configuration)
        let selection = try arguments.selection()
        return { () throws(RulebookError) in
            let checked = try await session.check(tool: "rulebook mcp") { scanner.scan(contents: files) }
            return ToolOutput.check(checked, selection: selection, fixes: fixes(checked.findings))
        }
    }

    /// `fix_swift_source`: passes of fixes over the files given (``FixPass``), each followed
    /// by a check of the new texts, until no fix waits; nothing is written.
    private func fix(
        _ arguments: ToolArguments, files: [(data: Data, path: String)], configuration: ConfigurationDocument
    ) throws(RulebookError) -> PreparedCall {
        let scanner = try self.scanner(arguments, configuration: configuration)
        let selection = try arguments.selection()
        return { () throws(RulebookError) in
            let named = Dictionary(files.map { file in (scanner.reportName(ofGiven: file.path), file) }) { first, _ in first }
            var texts = named.compactMapValues { String(data: $0.data, encoding: .utf8) }
            let originals = texts
            var byRule: [String: Int] = [:]
            let contents: @Sendable ([String: String]) -> [(data: Data, path: String)] = { texts in
                named.map { name, file in (data: texts[name].map { Data($0.utf8) } ?? file.data, path: file.path) }
            }
            var checked = try await session.check(tool: "rulebook mcp") { [texts] in scanner.scan(contents: contents(texts)) }
            for _ in 0..<FixRun.maximumPasses {
                let pass = FixPass(checked.findings) { [texts] file in
                    texts[file].map { .success($0) } ?? .failure(FixPass.Refusal("it is not one of the files given"))
                }
                guard !pass.texts.isEmpty else { break }
                texts.merge(pass.texts) { _, fixed in fixed }
                byRule.merge(pass.fixedByRule, uniquingKeysWith: +)
                checked = try await session.check(tool: "rulebook mcp") { [texts] in scanner.scan(contents: contents(texts)) }
                if !pass.leavesFixesWaiting { break }
            }
            let changed = named.keys.sorted().filter { texts[$0] != originals[$0] }
            let diff = changed.map { UnifiedDiff.between(originals[$0] ?? "", texts[$0] ?? "", name: $0) }.joined()
            return ToolOutput.check(
                checked, selection: selection,
                fixes: ToolOutput.Fixes(
                    files: changed.map { ToolOutput.FixedFile(path: named[$0]!.path, contents: texts[$0] ?? "") }, diff: diff,
                    byRule: byRule))
        }
    }


    /// A scanner of the working folder with the server's configuration and the call's overrides.
    private func scanner(_ arguments: ToolArguments, configuration: ConfigurationDocument) throws(RulebookError) -> SpecScanner {
        let rules = try arguments.configuration(over: configuration.rules)
        var scanner = SpecScanner(
            root: root, filter: PathFilter(excluded: configuration.excluded, folder: configuration.folder, root: root),
            configuration: rules == RuleConfiguration() ? nil : rules)
        scanner.confinement = root
        return scanner
    }

    /// `path` made absolute, once it is known to exist inside the working folder.
    private func bounded(_ path: String) throws(RulebookError) -> String {
        let absolute = ((path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)) as NSString).standardizingPath
        let outside = RulebookError.invalidArgument("\(ToolCatalogue.checkPaths): '\(path)' is outside the server's working folder \(root)")
        // Named outside: refused before anything about it is looked up.
        guard absolute == root || absolute.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { throw outside }
        guard FileManager.default.fileExists(atPath: absolute) else {
            throw .unreadableInput(path: path, reason: "no such file or directory")
        }
        // Leading outside through a symbolic link.
        guard SpecScanner.resolves(absolute, inside: root) else { throw outside }
        return absolute
    }

    /// The name a declared spec given as an object is checked as: `{feature}.rulebook.json`
    /// in the working folder, as `rulebook check` names such a file (its own `file` wins).
    static func declaredFileName(of spec: [String: Value]) -> String {
        let feature = spec["feature"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "spec"
        return feature.replacingOccurrences(of: "/", with: "_") + SpecScanner.declaredExtension
    }
}

import Foundation
import RulebookCore

/// Turns paths on disk into specs: Swift files grouped into one spec per feature within a
/// folder (a legacy five-file feature by its `{Feature}` prefix, extension files such as
/// `FeedError+LocalizedError.swift` with `FeedError.swift`; otherwise one spec per file),
/// each told what the other files say about its types (``ProjectContext``), and
/// `*.rulebook.json` files as declared specs.
public struct SpecScanner: Sendable {
    /// Extension of declared spec files.
    public static let declaredExtension = ".rulebook.json"
    /// Extensions of folders whose Swift is never compiled, so never scanned: Xcode file
    /// templates (`___VARIABLE_…___` placeholders) and documentation catalogs (tutorial
    /// steps, each a snapshot of a file being written).
    static let uncompiledFolderExtensions = [".xctemplate", ".docc"]
    /// An Xcode project's settings file, read for the deployment target.
    static let xcodeProjectFile = ".xcodeproj/project.pbxproj"

    /// Paths are reported relative to this folder when they are inside it.
    public var root: String
    /// Paths never scanned (relative to `root`).
    public var filter: PathFilter
    /// Rule configuration sent with every spec.
    public var configuration: RuleConfiguration?

    public init(
        root: String = FileManager.default.currentDirectoryPath, filter: PathFilter = PathFilter(excluded: []),
        configuration: RuleConfiguration? = nil
    ) {
        self.root = root
        self.filter = filter
        self.configuration = configuration
    }

    /// The specs found under `paths`, in a stable order.
    public func specs(in paths: [String]) throws(RulebookError) -> [SpecSubmitted] {
        var swiftFiles: [String] = []
        var declaredFiles: [String] = []
        var xcodeProjects: [String] = []
        for path in paths {
            for file in try files(under: path) where !filter.excludes(display(file)) {
                if file.hasSuffix(Self.declaredExtension) {
                    declaredFiles.append(file)
                } else if file.hasSuffix(".swift") {
                    swiftFiles.append(file)
                } else if file.hasSuffix(Self.xcodeProjectFile) {
                    xcodeProjects.append(file)
                }
            }
        }
        // Build settings only inform the rules: an unreadable project file is left out.
        let iOSVersions = Set(xcodeProjects).compactMap { path in
            (try? read(path)).flatMap { String(data: $0, encoding: .utf8) }.flatMap(DeploymentTarget.minimumIOSVersion(pbxproj:))
        }
        var specs = ProjectIndexing.withContext(try swiftSpecs(Array(Set(swiftFiles)).sorted()), iOSVersions: iOSVersions)
        for file in Array(Set(declaredFiles)).sorted() {
            specs.append(try declaredSpec(at: file))
        }
        guard let configuration else { return specs }
        return specs.map { spec in
            var spec = spec
            spec.config = configuration
            return spec
        }
    }

    /// A declared spec read from a JSON file (its `file` defaults to the file's path).
    public func declaredSpec(at path: String) throws(RulebookError) -> SpecSubmitted {
        try Self.declaredSpec(data: try read(path), name: display(path))
    }

    /// A declared spec decoded from JSON bytes; `name` is its `file` unless it names one.
    public static func declaredSpec(data: Data, name: String) throws(RulebookError) -> SpecSubmitted {
        do {
            var spec = try DeclaredSpecDecoder.decode(data)
            spec.file = spec.file ?? name
            return SpecSubmitted(feature: spec.feature, origin: .declared, declared: spec)
        } catch {
            guard case .invalidEventData(let detail) = error else { throw error }
            throw .invalidEventData("'\(name)': \(detail)")
        }
    }

    // MARK: Files

    private func files(under path: String) throws(RulebookError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableInput(path: path, reason: "no such file or directory")
        }
        guard isDirectory.boolValue else { return [standardised(path)] }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw .unreadableInput(path: path, reason: "cannot list the folder")
        }
        // The folder is standardised once; the enumerator's relative paths are already plain
        // (standardising each file costs a symlink lookup per path component).
        let folder = standardised(path)
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = ScannedPath.lastComponent(relative)
            if name.hasPrefix(".") || Self.uncompiledFolderExtensions.contains(where: name.hasSuffix) {
                if enumerator.level > 0, (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
                    enumerator.skipDescendants()
                }
                continue
            }
            if name.hasSuffix(".swift") || name.hasSuffix(Self.declaredExtension) || relative.hasSuffix(Self.xcodeProjectFile) {
                found.append(folder == "/" ? "/" + relative : folder + "/" + relative)
            }
        }
        return found
    }

    private func standardised(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
        return (absolute as NSString).standardizingPath
    }

    private func display(_ path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func read(_ path: String) throws(RulebookError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableInput(path: display(path), reason: (error as NSError).localizedDescription)
        }
    }

    // MARK: Grouping

    private func swiftSpecs(_ files: [String]) throws(RulebookError) -> [SpecSubmitted] {
        var groups: [String: [String]] = [:]
        var order: [String] = []
        for file in files {
            let key = ScannedPath.folder(file) + "/" + FeatureNaming.featureName(forFileStem: ScannedPath.stem(file))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(file)
        }
        return try order.map { key throws(RulebookError) in
            let members = groups[key]!
            return SpecSubmitted(
                feature: FeatureNaming.featureName(forFileStem: ScannedPath.stem(members[0])), origin: .swiftSource,
                files: try members.map(sourceFile))
        }
    }

    private func sourceFile(_ path: String) throws(RulebookError) -> SourceFile {
        let data = try read(path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableInput(path: display(path), reason: "not UTF-8 text")
        }
        return SourceFile(path: display(path), contents: text)
    }
}

import Foundation
import RulebookCore
import RulebookWire

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
    /// The largest Swift file read: the validators' limit, checked here so an oversized file
    /// is one rejected spec and never a message over the size cap.
    public static let maximumSourceBytes = SpecChecker.defaultMaxSourceBytes
    /// The largest declared spec file (or project file) read: the default message size cap.
    public static let maximumDeclaredBytes = WorkerSettings.defaultMaxMessageBytes

    /// Paths are reported relative to this folder when they are inside it.
    public var root: String
    /// Paths never scanned (relative to `root`).
    public var filter: PathFilter
    /// Rule configuration sent with every spec.
    public var configuration: RuleConfiguration?
    /// Where file indexes worked out before are kept, if anywhere.
    public var cache: ResultCache?
    /// When set, a file found whose real path (symbolic links resolved) is outside this folder
    /// is refused unread: a server that checks paths for others reads only its own folder.
    public var confinement: String?
    /// The project's folder (a repository's root): a file found in a named folder inside it
    /// must lead inside it, one found in a named folder outside it must lead inside that
    /// folder, or it is refused unread (a link a repository plants towards the user's files).
    /// A file named itself is read wherever it leads: the user named it.
    public var projectFolder: String?
    /// For one scan: the folder each file found while walking must lead inside.
    private var bounds: [String: String] = [:]
    /// Files whose bytes are given instead of read from disk, by absolute standardised path
    /// (an editor's unsaved buffers, `rulebook lsp`): a scan of their folder checks what the
    /// editor shows, beside the project's other files as they are on disk.
    public var overlay: [String: Data] = [:]
    /// When set, ``scan(_:)`` makes only the specs of the features that hold one of these
    /// files (named as reports name them), their context still from every file found: an
    /// editor needs the findings of its open documents only (`rulebook lsp`).
    public var onlyFeaturesOf: Set<String>?
    /// Whether ``scan(_:)`` gives each Swift spec its ``ProjectContext``; without it the specs
    /// come bare and ``SpecScan/withProjectContext(cache:)`` adds it later (a check whose
    /// cache may answer the whole run first asks it, and skips the project's index).
    public var addsProjectContext = true

    public init(
        root: String = FileManager.default.currentDirectoryPath, filter: PathFilter = PathFilter(excluded: []),
        configuration: RuleConfiguration? = nil
    ) {
        self.root = root
        self.filter = filter
        self.configuration = configuration
    }

    /// The specs found under `paths`, in a stable order; the first file that cannot be read
    /// or decoded is thrown (see ``scan(_:)`` to check the others anyway).
    public func specs(in paths: [String]) throws(RulebookError) -> [SpecSubmitted] {
        let scan = try scan(paths)
        if let first = scan.unreadable.first { throw first.error }
        return scan.specs
    }

    /// The specs found under `paths`, in a stable order, and every file found that cannot be
    /// turned into one (unreadable, too large, not UTF-8, an invalid declared spec): like a
    /// compiler, one bad file never hides the others. A path that does not exist throws.
    public func scan(_ paths: [String]) throws(RulebookError) -> SpecScan {
        var scanner = self
        return try scanner.scanBounded(paths)
    }

    private mutating func scanBounded(_ paths: [String]) throws(RulebookError) -> SpecScan {
        var swiftFiles: [String] = []
        var declaredFiles: [String] = []
        var xcodeProjects: [String] = []
        for path in paths {
            let found = try files(under: path)
            if let bound = walkBound(of: path) {
                for file in found { bounds[file] = bound }
            }
            for file in found where !filter.excludes(display(file)) {
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
            (try? read(path, asSwift: false).get()).flatMap { String(data: $0, encoding: .utf8) }
                .flatMap(DeploymentTarget.minimumIOSVersion(pbxproj:))
        }
        var unreadable: [UnreadableInput] = []
        var specs = swiftSpecs(Array(Set(swiftFiles)).sorted(), unreadable: &unreadable)
        if addsProjectContext {
            specs = ProjectIndexing.withContext(specs, iOSVersions: iOSVersions, cache: cache, only: onlyFeaturesOf).specs
        }
        for file in Array(Set(declaredFiles)).sorted() where onlyFeaturesOf?.contains(display(file)) ?? true {
            switch Result(catching: { () throws(RulebookError) in try declaredSpec(at: file) }) {
            case .success(let spec): specs.append(spec)
            case .failure(let error): unreadable.append(UnreadableInput(path: display(file), error: error))
            }
        }
        var scan = SpecScan(specs: specs, unreadable: unreadable)
        scan.iOSVersions = iOSVersions.sorted()
        return configured(scan)
    }

    /// `scan` with ``configuration`` set on every spec.
    private func configured(_ scan: SpecScan) -> SpecScan {
        guard let configuration else { return scan }
        var scan = scan
        for index in scan.specs.indices { scan.specs[index].config = configuration }
        return scan
    }

    /// The spec of one file given as bytes (an editor's buffer on standard input) and checked
    /// as if it were the file `path`: see ``scan(contents:)``.
    public func scan(contents data: Data, as path: String) -> SpecScan {
        scan(contents: [(data, path)])
    }

    /// The specs of files given as bytes instead of read from disk (an editor's buffer, the
    /// files a coding agent is about to write), checked as if they were the files at their
    /// paths: a `.rulebook.json` path is a declared spec, and Swift files are grouped into
    /// features and told about each other's types as a scan of those files on disk would
    /// do. Files the configuration excludes are left out.
    public func scan(contents files: [(data: Data, path: String)]) -> SpecScan {
        var swiftFiles: [(file: String, source: SourceFile)] = []
        var declared: [SpecSubmitted] = []
        var unreadable: [UnreadableInput] = []
        var excluded: [String] = []
        for (data, path) in files.map({ ($0.data, standardised($0.path)) }).sorted(by: { $0.1 < $1.1 }) {
            let name = display(path)
            guard !filter.excludes(name) else {
                excluded.append(name)
                continue
            }
            let swift = !name.hasSuffix(Self.declaredExtension)
            let bounded: Result<Data, RulebookError> =
                data.count > Self.sizeLimit(swift: swift) ? .failure(Self.tooLarge(name, bytes: data.count, swift: swift)) : .success(data)
            if !swift {
                switch bounded.flatMap({ data in Result { () throws(RulebookError) in try Self.declaredSpec(data: data, name: name) } }) {
                case .success(let spec): declared.append(spec)
                case .failure(let error): unreadable.append(UnreadableInput(path: name, error: error))
                }
                continue
            }
            switch bounded.flatMap({ InputFile.text(of: $0, name: name) }) {
            case .success(let contents): swiftFiles.append((path, SourceFile(path: name, contents: contents)))
            case .failure(let error): unreadable.append(UnreadableInput(path: name, error: error))
            }
        }
        var scan = SpecScan(specs: ProjectIndexing.withContext(Self.grouped(swiftFiles), cache: cache).specs + declared, unreadable: unreadable)
        scan.excluded = excluded
        return configured(scan)
    }

    /// A declared spec read from a JSON file (its `file` defaults to the file's path).
    public func declaredSpec(at path: String) throws(RulebookError) -> SpecSubmitted {
        try Self.declaredSpec(data: try read(path, asSwift: false).get(), name: display(path))
    }

    /// A declared spec decoded from JSON bytes; `name` is its `file` unless it names one.
    /// Bytes that are not JSON fail as the intake fails them (RB100, RB105, RB109), with `name`.
    public static func declaredSpec(data: Data, name: String) throws(RulebookError) -> SpecSubmitted {
        do throws(RulebookError) {
            do throws(RulebookError) {
                _ = try EventCodec().jsonObject(Array(data))
            } catch .notACloudEvent {
                throw .invalidEventData("declared spec: the top-level JSON value is not an object")
            }
            var spec = try DeclaredSpecDecoder.decode(data)
            spec.file = spec.file ?? name
            return SpecSubmitted(feature: spec.feature, origin: .declared, declared: spec)
        } catch {
            throw .inInput(location: name, error: error)
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

    /// The folder the files found under the named `path` must lead inside, when `path` is a
    /// folder and the scanner has a ``projectFolder``.
    private func walkBound(of path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard let projectFolder, FileManager.default.fileExists(atPath: standardised(path), isDirectory: &isDirectory),
            isDirectory.boolValue, let folder = Self.realPath(standardised(path))
        else { return nil }
        guard let project = Self.realPath(projectFolder), InputFile.isInside(folder, project) else { return folder }
        return project
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func standardised(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
        return (absolute as NSString).standardizingPath
    }

    private func display(_ path: String) -> String {
        Self.reportName(of: path, root: root)
    }

    /// How findings name a file given by content at `path` (absolute, or relative to
    /// ``root``), as ``scan(contents:)`` names it.
    public func reportName(ofGiven path: String) -> String {
        display(standardised(path))
    }

    /// How reports name the file at `path` (absolute, standardised) of a scan of `root`:
    /// relative to `root` when inside it.
    public static func reportName(of path: String, root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The bytes of the file `path`, refused over the limit for its kind (``sizeLimit(swift:)``).
    /// A confined scanner checks the file it opened, not the path before opening it: a link
    /// swapped in between would otherwise be read (``InputFile/read(_:name:limit:confinement:tooLarge:)``).
    private func read(_ path: String, asSwift swift: Bool) -> Result<Data, RulebookError> {
        let name = display(path)
        if let given = overlay[path] {
            return given.count > Self.sizeLimit(swift: swift) ? .failure(Self.tooLarge(name, bytes: given.count, swift: swift)) : .success(given)
        }
        return InputFile.read(path, name: name, limit: Self.sizeLimit(swift: swift), confinement: confinement ?? bounds[path]) { bytes in
            Self.tooLarge(name, bytes: bytes, swift: swift)
        }
    }

    /// Whether `path`, symbolic links resolved, names `folder` or something inside it; a
    /// path that does not resolve is not inside.
    public static func resolves(_ path: String, inside folder: String) -> Bool {
        guard let resolved = realPath(path) else { return false }
        return InputFile.isInside(resolved, folder)
    }

    /// The most bytes read of a Swift source (what a validator accepts) or of any other file
    /// (a declared spec or a project file: one message).
    private static func sizeLimit(swift: Bool) -> Int {
        swift ? maximumSourceBytes : maximumDeclaredBytes
    }

    /// The error for the file `name` of `bytes`, over ``sizeLimit(swift:)``.
    private static func tooLarge(_ name: String, bytes: Int, swift: Bool) -> RulebookError {
        swift
            ? .sourceTooLarge(path: name, bytes: bytes, limit: maximumSourceBytes)
            : .inInput(location: name, error: .messageTooLarge(bytes: bytes, limit: maximumDeclaredBytes))
    }

    // MARK: Grouping

    /// One spec per feature group; a file that cannot be read leaves its group (and is
    /// added to `unreadable`), a group left empty has no spec.
    private func swiftSpecs(_ files: [String], unreadable: inout [UnreadableInput]) -> [SpecSubmitted] {
        var sources: [(file: String, source: SourceFile)] = []
        for file in files {
            let name = display(file)
            switch read(file, asSwift: true).flatMap({ InputFile.text(of: $0, name: name) }) {
            case .success(let contents): sources.append((file, SourceFile(path: name, contents: contents)))
            case .failure(let error): unreadable.append(UnreadableInput(path: name, error: error))
            }
        }
        return Self.grouped(sources)
    }

    /// One spec per feature group of `sources` (each with its standardised path `file`), in
    /// the order groups first appear.
    private static func grouped(_ sources: [(file: String, source: SourceFile)]) -> [SpecSubmitted] {
        var groups: [String: [SourceFile]] = [:]
        var order: [String] = []
        for (file, source) in sources {
            let key = ScannedPath.folder(file) + "/" + FeatureNaming.featureName(forFileStem: ScannedPath.stem(file))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(source)
        }
        return order.map { key in
            let members = groups[key]!
            return SpecSubmitted(
                feature: FeatureNaming.featureName(forFileStem: ScannedPath.stem(members[0].path)), origin: .swiftSource,
                files: members)
        }
    }
}

/// What a scan found: the specs, and the files it could not turn into one.
public struct SpecScan: Sendable {
    public var specs: [SpecSubmitted]
    public var unreadable: [UnreadableInput]
    /// Files given by content that the configuration excludes (``SpecScanner/scan(contents:)``).
    public var excluded: [String] = []
    /// The deployment targets of the Xcode projects found: part of every Swift spec's context.
    public var iOSVersions: [String] = []

    /// How the specs of a scan made without project context were joined into features when
    /// it was added (``withProjectContext(cache:)``): each spec's positions among the
    /// scanned ones, the one that names it first.
    public var groups: [[Int]]?

    /// The scan with the groups that are one feature joined and each Swift spec's
    /// ``ProjectContext`` (for a scan made without, ``SpecScanner/addsProjectContext``).
    func withProjectContext(cache: ResultCache?) -> SpecScan {
        var scan = self
        let indexed = ProjectIndexing.withContext(specs, iOSVersions: iOSVersions, cache: cache)
        scan.specs = indexed.specs
        scan.groups = indexed.groups
        return scan
    }

    /// The scan joined as `groups` say (positions of its specs, each group's first naming the
    /// feature), without project context: what a cached run found for the same scan. `nil`
    /// when the groups do not partition the specs.
    func joined(as groups: [[Int]]) -> SpecScan? {
        guard groups.flatMap({ $0 }).sorted() == Array(specs.indices), groups.allSatisfy({ !$0.isEmpty }) else { return nil }
        var scan = self
        scan.specs = groups.map { group in ProjectIndexing.joined(group.map { specs[$0] }) }
        scan.groups = groups
        return scan
    }
}

/// A file a scan found but could not read or decode, and why.
public struct UnreadableInput: Sendable, Hashable {
    /// The file, as reports name it.
    public var path: String
    /// Why, with its taxonomy code; its message names the file.
    public var error: RulebookError
}

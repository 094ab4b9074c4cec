/// The modules that belong to the app, and the layer each one's folder is in: what tells an
/// `import DomainUserInterface` of the app's own Domain module from an import of a framework,
/// whatever the name.
///
/// The app's modules are the ones its build manifests declare, as far as the files show:
/// - a module a manifest names in plain text (`.target(name: "ProfileFeature")`), except the
///   dependencies it names (`.product(name: …)`, Tuist's `.external(name:)`);
/// - a SwiftPM package's `Sources/<Module>/` folders, beside its `Package.swift`;
/// - a Tuist project's modules, named by the folder of its `Project.swift` as Tuist apps name
///   them (its last folders joined: `Projects/Domain/User/` declares `DomainUser` or `User`),
///   with the companion targets Tuist's micro-feature layout adds (`DomainUserInterface`,
///   `…Testing`, `…Tests`, `…Example`).
/// A folder that merely has the name of a module (`Sources/SwiftUI/`) declares none. Only the
/// names some file imports are sought.
public struct AppModules: Sendable {
    /// The app's modules, each with the layer of its folder (`nil`: a folder of no layer).
    private var layers: [String: ArchitectureLayer?] = [:]

    /// The most folders a Tuist module's name joins (`Domain` + `User`).
    static let maximumJoinedFolders = 3
    /// The targets Tuist's micro-feature layout adds to a module, by the suffix of their names.
    static let companionSuffixes = ["", "Interface", "Testing", "Tests", "Example", "Demo", "Impl", "Implementation"]
    /// File names of the manifests that declare modules in their folder.
    static let manifestFiles: Set<String> = ["Package.swift", "Project.swift"]

    /// The app modules that `files` import.
    public init(_ files: [FileIndex]) {
        var imported: Set<String> = []
        for file in files { imported.formUnion(file.importedModules) }
        guard !imported.isEmpty else { return }
        let manifests = files.filter(Self.isManifest)
        // Named in a manifest outside any layer's folder: the module's own folder or, failing
        // that, its name's ending may still say (`.target(name: "UserInfoData")`).
        var namedOutsideLayers: Set<String> = []
        for manifest in manifests {
            for name in manifest.manifestNames where imported.contains(name) {
                if let layer = ArchitectureLayer.of(path: manifest.path) { layers[name] = layer } else { namedOutsideLayers.insert(name) }
            }
        }
        for manifest in manifests {
            let folder = Self.folder(of: manifest.path)
            let layer = ArchitectureLayer.of(path: manifest.path)
            for name in Self.tuistNames(of: folder, imported: imported) where layers[name] == nil {
                // Outside a layer's folder, the module's name may still say (`Domains/FolderDomain/`).
                layers[name] = .some(layer ?? ArchitectureLayer.endingName(of: Self.base(of: name)))
            }
        }
        let packageFolders = Set(manifests.filter { $0.path.hasSuffix("Package.swift") }.map { Self.folder(of: $0.path) })
        for file in files where !packageFolders.isEmpty {
            guard let (module, path) = Self.packageModule(of: file.path, in: packageFolders), imported.contains(module),
                layers[module] == nil
            else { continue }
            layers[module] = ArchitectureLayer.of(path: path) ?? ArchitectureLayer.endingName(of: module)
        }
        for name in namedOutsideLayers where layers[name] == nil {
            layers[name] = .some(ArchitectureLayer.endingName(of: name))
        }
    }

    /// Whether `module` is one of the app's.
    public func contains(_ module: String) -> Bool { layers[module] != nil }

    /// The layer of a file: its folders' (``ArchitectureLayer/of(path:)``), else the layer of the
    /// app module whose folder holds it (a folder named for the module: `FolderDomain/` of
    /// `Domains/FolderDomain/Sources/UseCase/…` is the Domain module `FolderDomain`, as
    /// `Sources/UserInfoData/` is `UserInfoData`). A folder is a module's only when the
    /// manifests declare that module; the innermost such folder decides.
    public func layer(ofFile path: String) -> ArchitectureLayer? {
        ArchitectureLayer.of(path: path) ?? moduleLayer(ofFile: path)
    }

    /// The layer of the app module whose folder holds `path`, whatever its folders say
    /// (``layer(ofFile:)`` asks the folders first).
    public func moduleLayer(ofFile path: String) -> ArchitectureLayer? {
        guard !layers.isEmpty else { return nil }
        for folder in path.split(separator: "/").dropLast().reversed() {
            if case .some(.some(let layer)) = layers[String(folder)] { return layer }
        }
        return nil
    }

    /// The app's modules among `modules`, each with its layer's name (`""` for none).
    public func layers(of modules: Set<String>) -> [String: String] {
        var found: [String: String] = [:]
        for module in modules {
            guard let layer = layers[module] else { continue }
            found[module] = layer?.rawValue ?? ""
        }
        return found
    }

    /// A Tuist module's name without the suffix of its companion target (`FolderDomain` of
    /// `FolderDomainInterface`).
    private static func base(of name: String) -> String {
        let suffix = companionSuffixes.filter { !$0.isEmpty && name.hasSuffix($0) && name.count > $0.count }.max { $0.count < $1.count }
        return suffix.map { String(name.dropLast($0.count)) } ?? name
    }

    /// A build manifest that declares modules where it sits.
    private static func isManifest(_ file: FileIndex) -> Bool {
        manifestFiles.contains(String(file.path.split(separator: "/").last ?? ""))
            && !file.importedModules.isDisjoint(with: FileFacts.manifestModules)
    }

    /// The folder of `path` (`""` at the top).
    private static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// The imported names a Tuist module in `folder` goes by: its last folders joined, with
    /// the companion suffixes. An app names all its modules one way, so the longest join that
    /// some import uses is the folder's (`Projects/Domain/WatchConnectivity/` is
    /// `DomainWatchConnectivity` when that is imported, and then Apple's `WatchConnectivity`
    /// is not the app's).
    private static func tuistNames(of folder: String, imported: Set<String>) -> [String] {
        let components = folder.split(separator: "/").map(String.init)
        for count in stride(from: min(maximumJoinedFolders, components.count), through: 1, by: -1) {
            let base = components.suffix(count).joined()
            let names = companionSuffixes.map { base + $0 }.filter(imported.contains)
            if !names.isEmpty { return names }
        }
        return []
    }

    /// The module of a file under a package's `Sources/<Module>/` (or `Tests/<Module>/`), and
    /// the module's folder with a file stand-in (`ArchitectureLayer.of` reads a path's last
    /// component as a file).
    private static func packageModule(of path: String, in packages: Set<String>) -> (String, String)? {
        let components = path.split(separator: "/").map(String.init)
        guard components.count >= 3 else { return nil }
        for index in 0..<(components.count - 2) where ["Sources", "Tests"].contains(components[index]) {
            let package = components[..<index].joined(separator: "/")
            guard packages.contains(package) else { continue }
            return (components[index + 1], components[...(index + 1)].joined(separator: "/") + "/_")
        }
        return nil
    }
}

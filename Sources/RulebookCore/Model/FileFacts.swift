/// The layer of Clean Architecture a file belongs to, from its folder.
public enum ArchitectureLayer: String, Codable, Sendable {
    case domain = "Domain", data = "Data", presentation = "Presentation"

    /// What a path holds when one of its folders is a layer's (a byte pre-check).
    private static let folderMarks = ["Domain/", "Data/", "Presentation/", "Layer/"]

    /// The layer a folder's name is: the layer's own (`Domain`), or it followed by the word
    /// that says it is one (`DataLayer`, `PresentationLayer`).
    public static func named(_ folder: String) -> ArchitectureLayer? {
        if let layer = ArchitectureLayer(rawValue: folder) { return layer }
        guard folder.hasSuffix("Layer") else { return nil }
        return ArchitectureLayer(rawValue: String(folder.dropLast("Layer".count)))
    }

    /// The layer a module's own folder names at its end (`UserInfoData` of a package's
    /// `Sources/UserInfoData/`, beside `UserInfoPresentation/`; `DataLayer`): an app that splits
    /// a feature or itself into one module per layer names them so.
    public static func endingName(of module: String) -> ArchitectureLayer? {
        let name = module.hasSuffix("Layer") ? String(module.dropLast("Layer".count)) : module
        if name != module, let layer = ArchitectureLayer(rawValue: name) { return layer }
        return [ArchitectureLayer.presentation, .domain, .data].first { name.hasSuffix($0.rawValue) && name.count > $0.rawValue.count }
    }

    /// The innermost `Domain/`, `Data/` or `Presentation/` folder in `path` (or `DomainLayer/`,
    /// `DataLayer/`, `PresentationLayer/`), if any.
    public static func of(path: String) -> ArchitectureLayer? {
        let fromBytes: ArchitectureLayer?? = ByteSearch.bytes(of: path) { bytes in
            bytes.contains { $0 >= 0x80 } ? .none : .some(innermost(inASCII: bytes))
        }
        if let fromBytes { return fromBytes }
        guard folderMarks.contains(where: { ByteSearch.contains(path, $0) }) else { return nil }
        let folders = path.split(separator: "/").dropLast()
        for folder in folders.reversed() {
            if let layer = named(String(folder)) { return layer }
        }
        return nil
    }

    /// The byte lengths of the folder names ``named(_:)`` knows (`Data`, `DataLayer`, …).
    private static let nameLengths: Set<Int> = [4, 6, 12, 9, 11, 17]

    /// ``of(path:)`` for an ASCII path, where every byte is a Character: one backward pass over
    /// the folders, the last non-empty component (the file) and empty ones skipped as
    /// `split(separator:)` skips them.
    private static func innermost(inASCII bytes: UnsafeBufferPointer<UInt8>) -> ArchitectureLayer? {
        var index = bytes.count
        func skip(slashes: Bool) {
            while index > 0, (bytes[index - 1] == UInt8(ascii: "/")) == slashes { index -= 1 }
        }
        skip(slashes: true)
        skip(slashes: false)
        while index > 0 {
            skip(slashes: true)
            let end = index
            skip(slashes: false)
            // Only a folder as long as a layer's name (alone or with `Layer`) is worth a String.
            let length = end - index
            guard Self.nameLengths.contains(length) else { continue }
            if let layer = named(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)) {
                return layer
            }
        }
        return nil
    }
}

/// An `import` statement.
public struct ImportDecl: Codable, Hashable, Sendable {
    /// The top-level module (`SwiftUI` for `import SwiftUI`, `Foundation` for `import struct Foundation.Date`).
    public var module: String
    public var location: SourceLocation

    public init(module: String, location: SourceLocation) {
        self.module = module
        self.location = location
    }
}

/// A reference to a type by name (first occurrence per name and file).
public struct TypeReference: Codable, Hashable, Sendable {
    public var name: String
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A use of a Liquid Glass API (`glassEffect`, `GlassEffectContainer`, `.glass` button styles).
public struct GlassUse: Codable, Hashable, Sendable {
    /// The API as written (`glassEffect`, `GlassEffectContainer`, `glass`, `glassProminent`).
    public var api: String
    /// Inside an `#available(iOS 26.0, *)` branch or an `@available(iOS 26.0, *)` declaration.
    public var isAvailabilityGuarded: Bool
    public var location: SourceLocation

    public init(api: String, isAvailabilityGuarded: Bool, location: SourceLocation) {
        self.api = api
        self.isAvailabilityGuarded = isAvailabilityGuarded
        self.location = location
    }
}

/// The facts about one file of a spec that rules need beyond its types.
public struct FileFacts: Codable, Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// Imports, in order.
    public var imports: [ImportDecl]
    /// Qualified names of the types declared at the top level of the file.
    public var topLevelTypes: [String]
    /// Types referenced by name (first occurrence of each).
    public var typeReferences: [TypeReference]
    /// Liquid Glass API uses.
    public var glassUses: [GlassUse]

    public init(
        path: String, imports: [ImportDecl] = [], topLevelTypes: [String] = [],
        typeReferences: [TypeReference] = [], glassUses: [GlassUse] = []
    ) {
        self.path = path
        self.imports = imports
        self.topLevelTypes = topLevelTypes
        self.typeReferences = typeReferences
        self.glassUses = glassUses
    }

    /// The file's architecture layer from its folder.
    public var layer: ArchitectureLayer? { ArchitectureLayer.of(path: path) }

    /// Modules only build manifests import (SwiftPM's `Package.swift`, Tuist's manifests).
    public static let manifestModules: Set<String> = ["PackageDescription", "ProjectDescription", "ProjectDescriptionHelpers"]

    static let testFileSuffixes = ["Tests", "Test", "TestCase"]

    /// Test code: a file in a folder named `Tests` or `…Tests`, or `Testing` (the test-support
    /// target of a Tuist micro-feature: its mocks), or named `…Tests.swift`, `…Test.swift` or
    /// `…TestCase.swift` (a UI test's screen in its host app). The features
    /// it declares are fixtures (see ``RuleDescription/appliesToTestCode``). Imports do not
    /// decide: app code imports XCTest too, behind `#if canImport(XCTest)`, for its test helpers.
    public var isTestCode: Bool {
        let components = path.split(separator: "/")
        guard let file = components.last else { return false }
        let stem = file.hasSuffix(".swift") ? file.dropLast(".swift".count) : file
        return Self.testFileSuffixes.contains(where: stem.hasSuffix)
            || components.dropLast().contains { $0.hasSuffix("Tests") || $0 == "Testing" }
    }

    /// A build manifest (`Package.swift`, Tuist's `Project.swift`): it describes how the app
    /// is built and is no part of it, so no rule checks it.
    public var isBuildManifest: Bool {
        imports.contains { Self.manifestModules.contains($0.module) }
    }
}

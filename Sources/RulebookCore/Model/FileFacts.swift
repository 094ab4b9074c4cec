/// The layer of Clean Architecture a file belongs to, from its folder.
public enum ArchitectureLayer: String, Codable, Sendable {
    case domain = "Domain", data = "Data", presentation = "Presentation"

    /// What a path holds when one of its folders is a layer's (a byte pre-check).
    private static let folderMarks = ["Domain/", "Data/", "Presentation/"]

    /// The innermost `Domain/`, `Data/` or `Presentation/` folder in `path`, if any.
    public static func of(path: String) -> ArchitectureLayer? {
        guard folderMarks.contains(where: { ByteSearch.contains(path, $0) }) else { return nil }
        let folders = path.split(separator: "/").dropLast()
        for folder in folders.reversed() {
            if let layer = ArchitectureLayer(rawValue: String(folder)) { return layer }
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
}

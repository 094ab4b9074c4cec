extension FeatureModel {
    /// Protocols known never to refine the ones the architecture rules ask about
    /// (`LocalizedError`, `Sendable`): what else a type inherits might, unseen.
    static let plainProtocols: Set<String> = [
        "Error", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "CaseIterable", "Sendable",
        "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible", "RawRepresentable", "AnyObject",
        "String", "Int", "UInt", "Int32", "Int64",
    ]

    /// Whether `type` conforms to `name`, directly, through an extension anywhere in the
    /// project, or through the spec's or the project's protocols.
    func inherits(_ type: TypeDecl, from name: String) -> Bool {
        var visited: Set<String> = []
        var pending = [conformances(of: type)]
        while let conformances = pending.popLast() {
            for conformance in conformances {
                let base = TypeName.unqualified(TypeName.base(conformance))
                if base == name || project?.protocols[base]?.contains(name) == true { return true }
                guard visited.insert(base).inserted else { continue }
                pending += types.filter { $0.kind == .protocol && $0.name == base }.map(\.conformances)
            }
        }
        return false
    }

    /// Whether `type` inherits a protocol that neither the spec nor the project declares and
    /// that is not a plain standard one: it might refine anything, so what it lacks is not
    /// known.
    func inheritsUnseenProtocols(_ type: TypeDecl) -> Bool {
        var visited: Set<String> = []
        var pending = [conformances(of: type)]
        while let conformances = pending.popLast() {
            for conformance in conformances {
                let base = TypeName.unqualified(TypeName.base(conformance))
                guard visited.insert(base).inserted, !Self.plainProtocols.contains(base), project?.protocols[base] == nil else { continue }
                let declared = types.filter { $0.kind == .protocol && $0.name == base }
                if declared.isEmpty { return true }
                pending += declared.map(\.conformances)
            }
        }
        return false
    }
}

import RulebookCore
import RulebookSwiftSource
import RulebookWire

/// The declared spec of a feature written in Swift: what `rulebook describe` prints and the
/// MCP server's `describe_swift_feature` answers, so a code generator or a coding agent can
/// edit the plan of an existing feature and check it again before writing code.
public enum SwiftFeatureDescriber {
    /// The declared spec of `spec`'s Swift files; `nil` for a spec that is not Swift source.
    /// A file nested too deeply to parse safely throws RB114, as a validator rejects it.
    public static func declaredSpec(of spec: SpecSubmitted) throws(RulebookError) -> DeclaredSpec? {
        guard spec.origin == .swiftSource else { return nil }
        for file in spec.files ?? [] { try SwiftNesting.check(file) }
        let model = SwiftFeatureParser.model(featureName: spec.feature, files: spec.files ?? [], project: spec.project)
        return DeclaredSpecExporter.spec(of: model, file: spec.files?.first?.path)
    }
}

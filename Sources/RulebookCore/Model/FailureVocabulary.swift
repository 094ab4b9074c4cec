/// How a type or an Action case says it can hold a failure, for the rules that ask whether a
/// response can express one.
public enum FailureVocabulary {
    /// Words a failure case or failure-named member holds (`failed`, `errorCouldNotCreateDir`,
    /// `loadFailure`), compared without case.
    static let words = ["error", "fail"]

    /// Whether `name` names a failure (`failed`, `connectionError`, `failure`).
    public static func namesFailure(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return words.contains { lowered.contains($0) }
    }

    /// Whether a written type is an error (`Error`, `any Error`, `AppError`, `NSError?`).
    public static func isError(_ written: String) -> Bool {
        TypeName.unqualified(TypeName.base(written)).hasSuffix("Error")
    }

    /// Whether a declared type can hold a failure: an enum with a case that names a failure
    /// or carries an error, or a type with a stored error.
    public static func canHoldFailure(_ type: TypeDecl) -> Bool {
        if type.kind == .enum {
            return type.cases.contains { item in namesFailure(item.name) || item.associatedValues.contains { isError($0.type) } }
        }
        return type.storedProperties.contains { $0.type.map(isError) ?? false }
    }
}

/// How a type or an Action case says it can hold a failure, for the rules that ask whether a
/// response can express one.
public enum FailureVocabulary {
    /// Words a failure case or failure-named member holds (`failed`, `errorCouldNotCreateDir`,
    /// `loadFailure`), compared without case.
    static let words = ["error", "fail"]

    /// Whether `name` names a failure (`failed`, `connectionError`, `failure`). Rules ask it
    /// of every enum case of a spec: an ASCII name is searched byte by byte, ignoring case,
    /// without making its lowercased copy.
    public static func namesFailure(_ name: String) -> Bool {
        var name = name
        let fromBytes: Bool? = name.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return asciiWords.contains { word in containsIgnoringASCIICase(word, in: bytes) }
        }
        return fromBytes ?? plainlyNamesFailure(name)
    }

    /// ``namesFailure(_:)`` by its definition: the lowercased name contains a word.
    static func plainlyNamesFailure(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return words.contains { lowered.contains($0) }
    }

    private static let asciiWords = words.map { Array($0.utf8) }

    /// Whether the lowercase ASCII `word` occurs in ASCII `text`, in any case.
    private static func containsIgnoringASCIICase(_ word: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= word.count else { return false }
        let lowercase = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte }
        return (0...(text.count - word.count)).contains { start in
            word.indices.allSatisfy { lowercase(text[start + $0]) == word[$0] }
        }
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

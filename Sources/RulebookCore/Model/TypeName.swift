/// Helpers over written Swift type names (`[CGFloat]?`, `Optional<Angle>`, `Anchor<CGRect>`).
public enum TypeName {
    /// The type with optionality and array/set wrapping removed:
    /// `[CGFloat]?` → `CGFloat`, `Optional<Array<Angle>>` → `Angle`, `Anchor<CGRect>` → `Anchor`.
    public static func base(_ type: String) -> String {
        // `String`, `Foundation.Date`: nothing to remove (the common case, kept cheap).
        if ByteSearch.isPlainIdentifierPath(type) { return type }
        var text = ByteSearch.mayHoldWhitespace(type) ? type.filter { !$0.isWhitespace } : type
        while true {
            let before = text
            if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
            if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
                text = String(text.dropFirst().dropLast())
            }
            for wrapper in ["Optional<", "Array<", "Set<", "ContiguousArray<"]
            where text.hasPrefix(wrapper) && text.hasSuffix(">") {
                text = String(text.dropFirst(wrapper.count).dropLast())
            }
            if text == before { break }
        }
        if let genericStart = text.firstIndex(of: "<") {
            text = String(text[..<genericStart])
        }
        return text
    }

    /// The last component of a qualified name: `SwiftUI.Angle` → `Angle`.
    public static func unqualified(_ type: String) -> String {
        guard type.utf8.contains(UInt8(ascii: ".")) else { return type }
        return String(type.split(separator: ".").last ?? Substring(type))
    }
}

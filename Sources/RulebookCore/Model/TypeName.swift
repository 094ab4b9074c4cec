/// Helpers over written Swift type names (`[CGFloat]?`, `Optional<Angle>`, `Anchor<CGRect>`).
public enum TypeName {
    /// The scopes a name written in `scope` is looked up in, as Swift looks it up: `A.B.C`,
    /// `A.B`, `A`, then the top level (`""`).
    public static func scopes(outwardFrom scope: String) -> [String] {
        var scopes: [String] = []
        var current = Substring(scope)
        while !current.isEmpty {
            scopes.append(String(current))
            current = current.lastIndex(of: ".").map { current[..<$0] } ?? ""
        }
        return scopes + [""]
    }

    /// The type with optionality and array/set wrapping removed:
    /// `[CGFloat]?` → `CGFloat`, `Optional<Array<Angle>>` → `Angle`, `Anchor<CGRect>` → `Anchor`.
    public static func base(_ type: String) -> String {
        // `String`, `Foundation.Date`: nothing to remove (the common case, kept cheap).
        if ByteSearch.isPlainIdentifierPath(type) { return type }
        if !ByteSearch.mayHoldWhitespace(type) { return ByteSearch.bytes(of: type, asciiBase) }
        // ASCII with whitespace (`[String: Int]`): the ASCII whitespace Characters are the
        // bytes 0x09-0x0D and the space (CR LF is one Character, dropped as two bytes).
        let fromASCII: String? = ByteSearch.bytes(of: type) { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { kept in
                var count = 0
                for byte in bytes where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                    kept[count] = byte
                    count += 1
                }
                return asciiBase(UnsafeBufferPointer(rebasing: kept[..<count]))
            }
        }
        if let fromASCII { return fromASCII }
        var text = type.filter { !$0.isWhitespace }
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

    /// ``base(_:)`` for ASCII text without whitespace, where every Character is one byte:
    /// the same steps on bytes.
    private static func asciiBase(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = bytes.count
        func hasPrefix(_ prefix: [UInt8]) -> Bool {
            end - start >= prefix.count && bytes[start..<(start + prefix.count)].elementsEqual(prefix)
        }
        func last() -> UInt8? { end > start ? bytes[end - 1] : nil }
        while true {
            let before = (start, end)
            if last() == UInt8(ascii: "?") || last() == UInt8(ascii: "!") { end -= 1 }
            if end - start >= 2, bytes[start] == UInt8(ascii: "["), last() == UInt8(ascii: "]"),
                !bytes[start..<end].contains(UInt8(ascii: ":"))
            {
                start += 1
                end -= 1
            }
            for wrapper in asciiWrappers where hasPrefix(wrapper) && last() == UInt8(ascii: ">") {
                start += wrapper.count
                end -= 1
            }
            if (start, end) == before { break }
        }
        if let genericStart = bytes[start..<end].firstIndex(of: UInt8(ascii: "<")) { end = genericStart }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static let asciiWrappers = ["Optional<", "Array<", "Set<", "ContiguousArray<"].map { Array($0.utf8) }

    /// The value type of a dictionary type (`[String: [Color]]` → `[Color]`,
    /// `Dictionary<String, Color>?` → `Color`), or `nil` for any other type.
    public static func dictionaryValue(_ type: String) -> String? {
        // Most types are neither: leave them before copying them.
        guard type.hasPrefix("[") || type.hasPrefix("Dictionary") || type.first?.isWhitespace == true else { return nil }
        var text = Substring(type.filter { !$0.isWhitespace })
        while text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast() }
        let separator: Character
        if text.hasPrefix("["), text.hasSuffix("]") {
            text = text.dropFirst().dropLast()
            separator = ":"
        } else if text.hasPrefix("Dictionary<"), text.hasSuffix(">") {
            text = text.dropFirst("Dictionary<".count).dropLast()
            separator = ","
        } else {
            return nil
        }
        // The separator at nesting depth zero splits key from value.
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case separator where depth == 0: return String(text[text.index(after: index)...])
            default: break
            }
        }
        return nil
    }

    /// `type` without the `module.` qualification: `SwiftUI.Angle` → `Angle` for `SwiftUI`;
    /// a type of another module (or unqualified) is returned as written.
    public static func dropping(module: String, from type: String) -> String {
        let prefix = module + "."
        return ByteSearch.hasPrefix(type, prefix) ? String(type.dropFirst(prefix.count)) : type
    }

    /// Whether a written type is a collection: an array (`[Session]`, `Array<…>`,
    /// `IdentifiedArrayOf<…>`), a `Set<…>` or a `Dictionary<…>`. (In a written Swift type `[`
    /// and `Array` are never part of a larger Character, so bytes can tell.)
    public static func isCollection(_ type: String) -> Bool {
        // One pass over the bytes; the prefixes by Characters only where bytes cannot tell.
        let fromBytes: Bool? = ByteSearch.bytes(of: type) { text in
            func has(_ word: StaticString) -> Bool { word.withUTF8Buffer { ByteSearch.firstIndex(of: $0, in: text) != nil } }
            func starts(with word: StaticString) -> Bool? { word.withUTF8Buffer { ByteSearch.affix($0, in: text, atEnd: false) } }
            if has("[") || has("Array") { return true }
            switch (starts(with: "Set<"), starts(with: "Dictionary<")) {
            case (true?, _), (_, true?): return true
            case (false?, false?): return false
            default: return nil
            }
        }
        return fromBytes ?? (type.hasPrefix("Set<") || type.hasPrefix("Dictionary<"))
    }

    /// The one type a single-argument generic wraps (`AuthEnvironment` of TCA's
    /// `SystemEnvironment<AuthEnvironment>`), or `nil` for any other type.
    public static func wrapped(_ type: String) -> String? {
        guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return nil }
        let inner = type[type.index(after: open)..<type.index(before: type.endIndex)]
        var depth = 0
        for character in inner {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if character == ",", depth == 0 { return nil }
        }
        let trimmed = String(inner).filter { $0 != " " }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The last component of a qualified name: `SwiftUI.Angle` → `Angle`.
    public static func unqualified(_ type: String) -> String {
        let fromBytes: String? = ByteSearch.bytes(of: type) { bytes in
            guard bytes.contains(UInt8(ascii: ".")) else { return type }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // ASCII: every `.` is a Character of its own; `split` drops empty components.
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            guard end > 0 else { return type }
            let start = bytes[..<end].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return fromBytes ?? String(type.split(separator: ".").last ?? Substring(type))
    }
}

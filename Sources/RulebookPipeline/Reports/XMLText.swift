/// Escaping for XML 1.0 written by hand (JUnit and checkstyle reports).
enum XMLText {
    /// `text` as an attribute value (without the quotes): markup characters as entities,
    /// tab, line feed and carriage return as character references (attribute values would
    /// otherwise turn them into spaces), characters XML 1.0 cannot hold as U+FFFD.
    static func attribute(_ text: String) -> String {
        escape(text, keepingLineBreaks: false)
    }

    /// `text` as element content: like ``attribute(_:)``, but tabs and line feeds stay as they are.
    static func content(_ text: String) -> String {
        escape(text, keepingLineBreaks: true)
    }

    private static func escape(_ text: String, keepingLineBreaks: Bool) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\r": escaped += "&#13;"
            case "\t", "\n": escaped += keepingLineBreaks ? String(scalar) : "&#\(scalar.value);"
            case _ where isAllowed(scalar): escaped.unicodeScalars.append(scalar)
            default: escaped += "\u{FFFD}"
            }
        }
        return escaped
    }

    /// XML 1.0's `Char` production (tab, line feed and carriage return are handled above).
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

/// Text from outside (file names, spec ids, messages of other processes) made safe to
/// write to a terminal or a log line: control characters (C0 including newlines, DEL, C1)
/// are written as visible `\u{…}` escapes, so the text stays on its line and cannot move
/// the cursor, set a window title (OSC), ring the bell or fake another log line.
public enum TerminalText {
    /// `text` with every control character escaped; unchanged when it has none.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

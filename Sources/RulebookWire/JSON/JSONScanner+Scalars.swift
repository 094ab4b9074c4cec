import RulebookCore

/// Strings, integers and Booleans, read strictly.
extension JSONScanner {
    /// The string after whitespace.
    mutating func string() throws(ScannerDeclined) -> String {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw ScannerDeclined() }
        index += 1
        let start = index
        // Plain ASCII text, eight bytes at a time.
        index = PlainTextRun.end(in: bytes, from: index)
        var ascii = true
        // Fast scan: no escapes, no control characters.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<index])
                // ASCII is valid UTF-8: only other text needs validating.
                let text = ascii ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
                index += 1
                guard let text else { throw ScannerDeclined() }
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw ScannerDeclined() }
            index += 1
        }
        return try escapedString(from: start)
    }

    /// The string after whitespace, as the element of `known` it spells when it spells one
    /// (shared, not a new String: the attribute values every event repeats), else as
    /// ``string()`` reads it.
    mutating func string(reusing known: [String]) throws(ScannerDeclined) -> String {
        if let position = try knownString(among: known) { return known[position] }
        return try string()
    }

    /// The position in `known` of the string after whitespace, consumed, when it spells one of
    /// them without escapes; `nil`, with nothing consumed, for any other string.
    mutating func knownString(among known: [String]) throws(ScannerDeclined) -> Int? {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw ScannerDeclined() }
        let start = index + 1
        let end = PlainTextRun.end(in: bytes, from: start)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard let position = known.firstIndex(where: { ByteSearch.bytes(of: $0) { ByteSearch.equal($0, text) } }) else { return nil }
        index = end + 1
        return position
    }

    /// The integer after whitespace: at most 18 digits, no fraction, no exponent.
    mutating func int() throws(ScannerDeclined) -> Int {
        skipWhitespace()
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            // A 19th digit could overflow `Int` (a trap): not on the fast path.
            guard index - start < 18 else { throw ScannerDeclined() }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits >= 1, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0"), !(negative && value == 0) else {
            throw ScannerDeclined()
        }
        // A fraction or an exponent: not a plain integer.
        if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw ScannerDeclined()
        }
        return negative ? -value : value
    }

    /// The Boolean after whitespace.
    mutating func bool() throws(ScannerDeclined) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw ScannerDeclined()
        }
    }

    /// The rest of a string holding an escape; `index` is at the first backslash.
    private mutating func escapedString(from start: Int) throws(ScannerDeclined) -> String {
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else { throw ScannerDeclined() }
                return text
            case UInt8(ascii: "\\"):
                guard let escape = peek else { throw ScannerDeclined() }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    let unit = try hex4()
                    // Surrogate pairs are left to the Foundation path.
                    guard let scalar = Unicode.Scalar(unit) else { throw ScannerDeclined() }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw ScannerDeclined()
                }
            default:
                guard byte >= 0x20 else { throw ScannerDeclined() }
                scalars.append(byte)
            }
        }
        throw ScannerDeclined()
    }

    private mutating func hex4() throws(ScannerDeclined) -> UInt32 {
        guard index + 4 <= bytes.count else { throw ScannerDeclined() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw ScannerDeclined()
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}

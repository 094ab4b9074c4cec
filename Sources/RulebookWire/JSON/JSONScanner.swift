/// The scanner declines the text: it is not in the strict subset the scanner reads (or is
/// wrong). The Foundation path then decides, and names any error.
struct ScannerDeclined: Error {}

/// A cursor over JSON text for the fast paths of ``EventCodec`` and ``IntakeDecoder``. It
/// reads a strict subset of what Foundation accepts — an object at the top level, nesting
/// within the codec's limit, integers of at most 18 digits without fraction or exponent,
/// valid UTF-8 without surrogate escapes — and throws ``ScannerDeclined`` on anything
/// else, so a fast path never accepts a message the Foundation path would reject.
struct JSONScanner {
    /// The whole text.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var index = 0
    /// How many objects and arrays enclose `index`.
    var depth = 0
    private let maxDepth: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// `read` applied to `bytes`, which must hold one object — `read` starts at its `{` —
    /// and nothing else but whitespace.
    static func document<T>(
        _ bytes: [UInt8], maxDepth: Int, _ read: (inout JSONScanner) throws(ScannerDeclined) -> T
    ) throws(ScannerDeclined) -> T {
        let result: Result<T, ScannerDeclined> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
            do throws(ScannerDeclined) {
                scanner.skipWhitespace()
                guard scanner.peek == UInt8(ascii: "{") else { throw ScannerDeclined() }
                let value = try read(&scanner)
                scanner.skipWhitespace()
                guard scanner.index == buffer.count else { throw ScannerDeclined() }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The byte at `index`, `nil` at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Moves past `byte`, after whitespace.
    mutating func expect(_ byte: UInt8) throws(ScannerDeclined) {
        skipWhitespace()
        guard peek == byte else { throw ScannerDeclined() }
        index += 1
    }

    /// Moves past `word` (`true`, `false`, `null`), which must start at `index`.
    mutating func literal(_ word: StaticString) throws(ScannerDeclined) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw ScannerDeclined() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw ScannerDeclined() }
        index += count
    }

    /// Whether the value after whitespace is `null`, which it then moves past.
    mutating func null() throws(ScannerDeclined) -> Bool {
        skipWhitespace()
        guard peek == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Reads the object after whitespace, calling `member` for each member at its key's
    /// opening quote (`member` reads the key, the colon and the value). Returns the count.
    mutating func objectMembers(_ member: (inout JSONScanner) throws(ScannerDeclined) -> Void) throws(ScannerDeclined) -> Int {
        try container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), member)
    }

    /// Reads the array after whitespace, calling `element` for each element. Returns the count.
    mutating func arrayElements(_ element: (inout JSONScanner) throws(ScannerDeclined) -> Void) throws(ScannerDeclined) -> Int {
        try container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), element)
    }

    /// The bracket and separator loop of objects and arrays.
    private mutating func container(
        open: UInt8, close: UInt8, _ element: (inout JSONScanner) throws(ScannerDeclined) -> Void
    ) throws(ScannerDeclined) -> Int {
        skipWhitespace()
        guard peek == open else { throw ScannerDeclined() }
        depth += 1
        guard depth <= maxDepth else { throw ScannerDeclined() }
        index += 1
        skipWhitespace()
        var count = 0
        if peek == close {
            index += 1
            depth -= 1
            return 0
        }
        while true {
            if open == UInt8(ascii: "{") {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw ScannerDeclined() }
            }
            try element(&self)
            count += 1
            skipWhitespace()
            guard let next = peek else { throw ScannerDeclined() }
            index += 1
            if next == close { break }
            guard next == UInt8(ascii: ",") else { throw ScannerDeclined() }
        }
        depth -= 1
        return count
    }
}

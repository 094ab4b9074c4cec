import RulebookCore

/// Why the fast path gave up; the Foundation path then decides (and names the error).
struct FastPathUnavailable: Error {}

/// A cursor over JSON text for the fast paths of ``EventCodec`` and ``IntakeDecoder``. It
/// reads a strict subset of what Foundation accepts — an object at the top level, nesting
/// within the codec's limit, integers of at most 18 digits without fraction or exponent,
/// valid UTF-8 without surrogate escapes — and throws ``FastPathUnavailable`` on anything
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
        _ bytes: [UInt8], maxDepth: Int, _ read: (inout JSONScanner) throws(FastPathUnavailable) -> T
    ) throws(FastPathUnavailable) -> T {
        let result: Result<T, FastPathUnavailable> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
            do throws(FastPathUnavailable) {
                scanner.skipWhitespace()
                guard scanner.peek == UInt8(ascii: "{") else { throw FastPathUnavailable() }
                let value = try read(&scanner)
                scanner.skipWhitespace()
                guard scanner.index == buffer.count else { throw FastPathUnavailable() }
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
    mutating func expect(_ byte: UInt8) throws(FastPathUnavailable) {
        skipWhitespace()
        guard peek == byte else { throw FastPathUnavailable() }
        index += 1
    }

    /// Moves past `word` (`true`, `false`, `null`), which must start at `index`.
    mutating func literal(_ word: StaticString) throws(FastPathUnavailable) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw FastPathUnavailable() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw FastPathUnavailable() }
        index += count
    }

    /// Whether the value after whitespace is `null`, which it then moves past.
    mutating func null() throws(FastPathUnavailable) -> Bool {
        skipWhitespace()
        guard peek == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Reads the object after whitespace, calling `member` for each member at its key's
    /// opening quote (`member` reads the key, the colon and the value). Returns the count.
    mutating func objectMembers(_ member: (inout JSONScanner) throws(FastPathUnavailable) -> Void) throws(FastPathUnavailable) -> Int {
        try container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), member)
    }

    /// Reads the array after whitespace, calling `element` for each element. Returns the count.
    mutating func arrayElements(_ element: (inout JSONScanner) throws(FastPathUnavailable) -> Void) throws(FastPathUnavailable) -> Int {
        try container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), element)
    }

    /// The bracket and separator loop of objects and arrays.
    private mutating func container(
        open: UInt8, close: UInt8, _ element: (inout JSONScanner) throws(FastPathUnavailable) -> Void
    ) throws(FastPathUnavailable) -> Int {
        skipWhitespace()
        guard peek == open else { throw FastPathUnavailable() }
        depth += 1
        guard depth <= maxDepth else { throw FastPathUnavailable() }
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
                guard peek == UInt8(ascii: "\"") else { throw FastPathUnavailable() }
            }
            try element(&self)
            count += 1
            skipWhitespace()
            guard let next = peek else { throw FastPathUnavailable() }
            index += 1
            if next == close { break }
            guard next == UInt8(ascii: ",") else { throw FastPathUnavailable() }
        }
        depth -= 1
        return count
    }
}

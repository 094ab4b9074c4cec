import RulebookCore
@testable import RulebookWire
import Testing

/// `PlainTextRun` reads eight bytes at a time with bit tricks: it must stop exactly where a
/// byte-by-byte scan stops, at every offset and for every kind of byte.
struct PlainTextRunTests {
    /// The byte-by-byte answer.
    static func naiveEnd(_ bytes: [UInt8], from start: Int, stopAtNonASCII: Bool) -> Int {
        bytes[start...].firstIndex { byte in
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stopAtNonASCII && byte >= 0x80)
        } ?? bytes.count
    }

    static func end(_ bytes: [UInt8], from start: Int, stopAtNonASCII: Bool) -> Int {
        bytes.withUnsafeBufferPointer { PlainTextRun.end(in: $0, from: start, stopAtNonASCII: stopAtNonASCII) }
    }

    /// Every byte value, alone in plain text at each place of an eight-byte word and
    /// beyond: the bytes next to the stopping ones (0x1F/0x20, 0x21/0x22/0x23, 0x5B/0x5C/0x5D,
    /// 0x7F/0x80) are where a wrong bit trick would show.
    @Test(arguments: [false, true])
    func stopsWhereAByteByByteScanStops(stopAtNonASCII: Bool) {
        for value in 0...255 {
            for position in 0..<20 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 24)
                bytes[position] = UInt8(value)
                for start in [0, 1, 3, 7, 8, 9] where start <= bytes.count {
                    let expected = Self.naiveEnd(bytes, from: start, stopAtNonASCII: stopAtNonASCII)
                    #expect(
                        Self.end(bytes, from: start, stopAtNonASCII: stopAtNonASCII) == expected,
                        "byte \(value) at \(position) from \(start)")
                }
            }
        }
    }

    @Test func findsTheFirstOfSeveralStoppingBytesAndTheEnd() {
        let text = Array("plain text, then \"quoted\\\" and \\u00e9 é, then a tab\tand more plain text".utf8)
        for stopAtNonASCII in [false, true] {
            var start = 0
            var stops: [Int] = []
            while start < text.count {
                let stop = Self.end(text, from: start, stopAtNonASCII: stopAtNonASCII)
                #expect(stop == Self.naiveEnd(text, from: start, stopAtNonASCII: stopAtNonASCII))
                stops.append(stop)
                start = stop + 1
            }
            #expect(stops.last == text.count)
            // Quotes, backslashes and the tab always stop; the two bytes of "é" only when asked.
            #expect(stops.count == (stopAtNonASCII ? 8 : 6))
        }
        #expect(Self.end([], from: 0, stopAtNonASCII: true) == 0)
        #expect(Self.end(Array("short".utf8), from: 2, stopAtNonASCII: true) == 5)
    }
}

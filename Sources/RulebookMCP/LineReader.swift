import Foundation

/// Reads newline-delimited messages from a file descriptor with blocking reads, until end
/// of file or an error.
struct LineReader: Sendable {
    /// What the reader found.
    enum Line {
        /// A non-empty line, without its newline.
        case message(Data)
        /// A line longer than the limit (at least this many bytes), skipped.
        case tooLong(bytes: Int)
    }

    let descriptor: Int32
    /// The longest line delivered.
    let limit: Int

    /// Calls `deliver` with each line in order; returns at end of file.
    func run(_ deliver: (Line) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending = Data()
        // Bytes of a too-long line dropped so far; its rest is skipped up to the next newline.
        var skipping: Int?
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var chunk = buffer[0..<count][...]
            while let newline = chunk.firstIndex(of: UInt8(ascii: "\n")) {
                if let skipped = skipping {
                    deliver(.tooLong(bytes: skipped + (newline - chunk.startIndex)))
                    skipping = nil
                } else {
                    pending.append(contentsOf: chunk[..<newline])
                    if pending.count > limit {
                        deliver(.tooLong(bytes: pending.count))
                    } else if !pending.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: " ") }) {
                        deliver(.message(pending))
                    }
                    pending = Data()
                }
                chunk = chunk[(newline + 1)...]
            }
            if let skipped = skipping {
                skipping = skipped + chunk.count
            } else {
                pending.append(contentsOf: chunk)
                if pending.count > limit {
                    skipping = pending.count
                    pending = Data()
                }
            }
        }
    }
}

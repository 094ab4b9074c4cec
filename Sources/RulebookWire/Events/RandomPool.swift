import Foundation
import Synchronization

/// Random 64-bit words for event ids, read from the operating system's generator 4 KB at a
/// time: every event needs 128 random bits, and two `getrandom` system calls per event were
/// a measurable share of a declared spec's cost (four events per spec). The words are the
/// system's randomness, only fetched in bulk.
final class RandomPool: Sendable {
    /// The process's pool.
    static let shared = RandomPool()

    private static let wordsPerRead = 512

    private struct State {
        var words: [UInt64] = []
        var next = 0
        /// `/dev/urandom`, opened at the first read (`-1`: unavailable).
        var source: Int32?
    }

    private let state = Mutex(State())

    /// The next random word.
    func next() -> UInt64 {
        state.withLock { state in
            if state.next == state.words.count {
                state.words = Self.read(from: &state.source)
                state.next = 0
            }
            defer { state.next += 1 }
            return state.words[state.next]
        }
    }

    /// A fresh batch of words: from `/dev/urandom`, or, where it cannot be read, from the
    /// standard library's system generator one word at a time.
    private static func read(from source: inout Int32?) -> [UInt64] {
        if source == nil { source = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
        var words = [UInt64](repeating: 0, count: wordsPerRead)
        if let descriptor = source, descriptor >= 0 {
            let wanted = words.count * MemoryLayout<UInt64>.size
            let count = words.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if count == wanted { return words }
        }
        var generator = SystemRandomNumberGenerator()
        for index in words.indices { words[index] = generator.next() }
        return words
    }
}

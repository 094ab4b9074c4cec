import Foundation
import RulebookCore
import Synchronization

/// Standard input and output as LSP messages: a thread reads and decodes the frames
/// (``LSPFrameDecoder``) into ``messages`` once ``start()`` is called; ``send(_:)`` writes one framed JSON object at a
/// time, from whichever task calls it.
final class LSPChannel: Sendable {
    /// The JSON bodies read, in order; finishes when standard input closes or is not LSP.
    let messages: AsyncStream<Data>
    private let continuation: AsyncStream<Data>.Continuation
    private let output: FileHandle
    private let writing = Mutex(())
    /// Why reading stopped, if not because standard input closed.
    private let failure = Mutex<RulebookError?>(nil)

    private let input: FileHandle

    init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        (messages, continuation) = AsyncStream.makeStream(of: Data.self)
        self.input = input
        self.output = output
    }

    /// Starts the thread that reads standard input.
    func start() {
        let thread = Thread { [self] in
            var decoder = LSPFrameDecoder()
            while true {
                let bytes = input.availableData
                if bytes.isEmpty { break }
                do throws(RulebookError) {
                    for message in try decoder.feed(bytes) { continuation.yield(message) }
                } catch {
                    failure.withLock { $0 = error }
                    break
                }
            }
            continuation.finish()
        }
        thread.name = "rulebook-lsp-input"
        thread.start()
    }

    /// What stopped the reading, when it was not the end of standard input.
    var readFailure: RulebookError? { failure.withLock { $0 } }

    /// Writes `object` as one message.
    func send(_ object: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]) else { return }
        let framed = LSPFrameDecoder.frame(body)
        writing.withLock { _ in try? output.write(contentsOf: framed) }
    }
}

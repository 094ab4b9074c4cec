import Foundation
import Logging
import MCP
import RulebookPipeline

/// MCP's stdio transport (one JSON-RPC message per line on stdin and stdout) with stdin read
/// by a thread of its own, blocked in `read` until a message arrives. The SDK's
/// `StdioTransport` polls a non-blocking stdin and sleeps 10 ms whenever nothing waits, which
/// every request would wait for.
///
/// It keeps tool arguments out of the MCP library's decoding (``ArgumentStash``), and a
/// ledger of the requests not answered yet: the SDK drops the requests still running when
/// stdin closes, so the server waits for them (``waitUntilAnswered(within:)``) before it exits.
actor LineTransport: Transport {
    /// The longest line read: the largest spec a check accepts (16 MiB) with room for the
    /// JSON-RPC envelope and escaping. A longer one is refused while it is read (never held
    /// in memory or parsed) and answered with an error; the requests after it go on.
    static let maximumLineBytes = 20 << 20

    nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private let ledger = RequestLedger()
    /// Tool arguments checked in by the reader, redeemed by the tools' handler.
    nonisolated let stash = ArgumentStash()
    private var connected = false

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, logger: Logger) {
        self.input = input
        self.output = output
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let reader = LineReader(descriptor: input, limit: Self.maximumLineBytes)
        // The reader yields straight into the stream, so messages keep their order; only a
        // large one is admitted on the side (decoding it takes long), and the messages after it
        // go on meanwhile: JSON-RPC's requests are independent.
        let thread = Thread { [continuation, ledger, stash, logger] in
            var initialized = false
            let largeOnes = DispatchGroup()
            let admit: @Sendable (Data) -> Void = { data in
                if let cancelled = ledger.received(data) { stash.forget(cancelled) }
                continuation.yield(stash.checkIn(data) ?? data)
            }
            reader.run { line in
                switch line {
                case .message(let data):
                    if let refusal = EnvelopeCheck.answer(for: data) ?? EnvelopeCheck.answer(beforeInitialize: data, initialized: &initialized) {
                        logger.notice("refused a malformed message", metadata: ["bytes": "\(data.count)"])
                        Task { try? await self.send(refusal) }
                    } else if data.count > ArgumentStash.largeLineBytes {
                        DispatchQueue.global().async(group: largeOnes) { admit(data) }
                    } else {
                        admit(data)
                    }
                case .tooLong(let bytes):
                    logger.error("skipped a message longer than the limit", metadata: ["bytes": "\(bytes)"])
                    Task { try? await self.send(Self.tooLongAnswer(bytes: bytes)) }
                }
            }
            logger.debug("stdin closed")
            largeOnes.wait()
            continuation.finish()
        }
        thread.name = "rulebook-mcp-stdin"
        thread.start()
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        var line = data
        line.append(UInt8(ascii: "\n"))
        guard DescriptorWrite.all(line, to: output) == nil else { throw MCPError.connectionClosed }
        if let answered = ledger.sent(data) { stash.forget(answered) }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        messages
    }

    /// Returns once every request read has been answered (or cancelled by the client), or
    /// after `timeout`.
    nonisolated func waitUntilAnswered(within timeout: Duration) async {
        let deadline = ContinuousClock.now + timeout
        while !ledger.isEmpty && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The JSON-RPC error for a message too long to read (its id is unknown, so `null`).
    private static func tooLongAnswer(bytes: Int) -> Data {
        let message = "RB108: message of more than \(bytes) bytes exceeds the \(maximumLineBytes)-byte limit of one line; split the call"
        return Data(#"{"error":{"code":-32600,"message":"\#(message)"},"id":null,"jsonrpc":"2.0"}"#.utf8)
    }
}

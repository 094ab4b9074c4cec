import Foundation
import MCP
import Synchronization

/// The requests a client sent that have not been answered yet, by id: a request adds its id,
/// a response (or the client's `notifications/cancelled`, which the server does not answer)
/// removes it. Messages it cannot read (a batch, a malformed line) leave it unchanged.
final class RequestLedger: Sendable {
    private let pending = Mutex<Set<ID>>([])

    /// The members of a JSON-RPC message that say what it is.
    private struct Envelope: Decodable {
        struct Parameters: Decodable {
            var requestId: ID?
        }

        /// Present whatever it holds.
        struct Member: Decodable {
            init(from decoder: any Decoder) throws {}
        }

        var id: ID?
        var method: String?
        var params: Parameters?
        var result: Member?
        var error: Member?
    }

    /// Whether every request read has been answered.
    var isEmpty: Bool { pending.withLock { $0.isEmpty } }

    /// Records a message the client sent; returns the request it settles (a cancellation's).
    @discardableResult
    func received(_ message: Data) -> ID? {
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: message) else { return nil }
        // A message with a `result` or an `error` is a response, whatever else it carries: the
        // server never answers it, so waiting for its answer would only delay the exit.
        if let id = envelope.id, envelope.method != nil, envelope.result == nil, envelope.error == nil {
            pending.withLock { _ = $0.insert(id) }
        } else if envelope.method == CancelledNotification.name, let id = envelope.params?.requestId {
            pending.withLock { _ = $0.remove(id) }
            return id
        }
        return nil
    }

    /// Records a message the server sent; returns the request it answers.
    @discardableResult
    func sent(_ message: Data) -> ID? {
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: message), envelope.method == nil,
            let id = envelope.id
        else { return nil }
        pending.withLock { _ = $0.remove(id) }
        return id
    }
}

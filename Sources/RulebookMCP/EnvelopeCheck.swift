import Foundation
import MCP

/// JSON-RPC 2.0's rules for a message's envelope, checked before the MCP library sees it:
/// the library answers a line that is not JSON with a random id, and leaves a request whose
/// id is an object, a list, a fraction or a boolean unanswered. Here such a line gets the
/// error the specification names, with `id: null` (the id could not be read).
enum EnvelopeCheck {
    /// Lines longer than this go to the library unchecked: a second parse of a large spec
    /// would cost more than the library's own handling of a malformed one.
    static let checkedBytes = 1 << 20

    /// The error answer for `line`, or `nil` when its envelope is well formed.
    static func answer(for line: Data) -> Data? {
        guard line.count <= checkedBytes else { return nil }
        guard let value = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) else {
            return error(-32700, "Parse error: the message is not JSON")
        }
        guard let message = value as? [String: Any] else {
            return error(-32600, "Invalid Request: a message is one JSON object (batches are not part of MCP)")
        }
        if message["id"] != nil, (try? JSONDecoder().decode(IdentifierCheck.self, from: line)) == nil {
            return error(-32600, "Invalid Request: an id is a string or an integer")
        }
        return nil
    }

    /// Decodes only when the message's `id` is a string or an integer (not null, a fraction,
    /// a boolean, an object or a list).
    private struct IdentifierCheck: Decodable {
        enum Key: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            if (try? container.decode(Int.self, forKey: .id)) != nil { return }
            _ = try container.decode(String.self, forKey: .id)
        }
    }

    /// The error answer for a request that comes before `initialize` (other than `ping`, which
    /// MCP allows then), or `nil`; `initialized` becomes `true` at the `initialize` request.
    static func answer(beforeInitialize line: Data, initialized: inout Bool) -> Data? {
        guard !initialized, let request = try? JSONDecoder().decode(Request.self, from: line), let method = request.method else { return nil }
        if method == "initialize" {
            initialized = true
            return nil
        }
        guard let id = request.id, method != "ping",
            let encoded = try? JSONEncoder().encode(id)
        else { return nil }
        let message = "Invalid Request: send `initialize` before `\(method.filter { $0.isLetter || $0 == "/" })`"
        return Data(#"{"error":{"code":-32600,"message":"\#(message)"},"id":"#.utf8) + encoded + Data(#","jsonrpc":"2.0"}"#.utf8)
    }

    /// What says whether a message is a request, and which.
    private struct Request: Decodable {
        var id: ID?
        var method: String?
    }

    private static func error(_ code: Int, _ message: String) -> Data {
        Data(#"{"error":{"code":\#(code),"message":"\#(message)"},"id":null,"jsonrpc":"2.0"}"#.utf8)
    }
}

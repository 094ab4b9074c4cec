import Foundation
import MCP
import Synchronization

/// Tool arguments kept away from the MCP library's decoding. The library decodes a request's
/// params into `Value` in its message loop, testing every string against a data-URL pattern
/// (it compiles a regular expression for each), then encodes and decodes them twice more in
/// the handler: a large declared spec held the loop, and every request behind it, for
/// seconds (figures in BENCHMARKS.md). The transport checks a `tools/call`'s arguments in
/// (decoded once, as ``PlainValue``) and passes the library a ticket in their place; the
/// handler redeems it.
final class ArgumentStash: Sendable {
    /// The one argument a ticket is made of.
    static let ticketKey = "rulebook.stash"

    private struct Entry {
        var request: ID
        var arguments: [String: Value]
        var large: Bool
    }

    /// A line longer than this makes a large call, after which freed memory is returned.
    static let largeLineBytes = 1 << 20

    private let entries = Mutex<[String: Entry]>([:])
    private let issued = Atomic<Int>(0)

    /// `line` with its tool arguments replaced by a ticket; `nil` when it is not a
    /// `tools/call` request with arguments (or not JSON-RPC at all: the library answers that).
    func checkIn(_ line: Data) -> Data? {
        guard let message = try? JSONDecoder().decode([String: PlainValue].self, from: line).mapValues(\.value),
            message["method"] == .string(ToolCall.name), let request = Self.identifier(message["id"]),
            case .object(var params)? = message["params"], case .object(let arguments)? = params["arguments"]
        else { return nil }
        let ticket = String(issued.add(1, ordering: .relaxed).newValue)
        params["arguments"] = .object([Self.ticketKey: .string(ticket)])
        var rewritten = message
        rewritten["params"] = .object(params)
        guard let data = try? JSONEncoder().encode(rewritten) else { return nil }
        entries.withLock { $0[ticket] = Entry(request: request, arguments: arguments, large: line.count > Self.largeLineBytes) }
        return data
    }

    /// The arguments `arguments`' ticket stands for (given once), or `arguments` themselves
    /// when they are no ticket of this stash; `large` when they came in a large line.
    func redeem(_ arguments: [String: Value]?) -> (arguments: [String: Value]?, large: Bool) {
        guard let arguments, arguments.count == 1, case .string(let ticket)? = arguments[Self.ticketKey],
            let entry = entries.withLock({ $0.removeValue(forKey: ticket) })
        else { return (arguments, false) }
        return (entry.arguments, entry.large)
    }

    /// Drops what the request `id` left unredeemed (answered or cancelled before it ran).
    func forget(_ id: ID) {
        entries.withLock { entries in
            for (ticket, entry) in entries where entry.request == id {
                entries.removeValue(forKey: ticket)
            }
        }
    }

    /// Whether nothing is held.
    var isEmpty: Bool { entries.withLock { $0.isEmpty } }

    private static func identifier(_ value: Value?) -> ID? {
        switch value {
        case .string(let text)?: .string(text)
        case .int(let number)?: .number(number)
        default: nil
        }
    }
}

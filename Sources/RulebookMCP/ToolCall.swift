import MCP

/// `tools/call` as the server reads it: the SDK's `CallTool` with its arguments decoded as
/// ``PlainValue``s. The SDK decodes a request's parameters once more for the method's own
/// type; with `CallTool` that second pass tests every string of the arguments (each line of
/// a plan) against the data-URL pattern too.
enum ToolCall: MCP.Method {
    static let name = CallTool.name
    typealias Result = CallTool.Result

    struct Parameters: Hashable, Codable, Sendable {
        var name: String
        var arguments: [String: Value]?

        private enum CodingKeys: String, CodingKey {
            case name, arguments
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            arguments = try container.decodeIfPresent([String: PlainValue].self, forKey: .arguments)?.mapValues(\.value)
        }
    }
}

import MCP
import RulebookCore

/// A method served with its parameters checked by the handler rather than by the SDK: the
/// SDK answers parameters that do not decode (`"name": 42`, `"params": "x"`) with `-32603`,
/// an internal error; JSON-RPC says they are `-32602`, invalid params, which is what
/// ``Parameters/get()`` throws, naming the parameter.
enum Checked<M: MCP.Method>: MCP.Method {
    static var name: String { M.name }
    typealias Result = M.Result

    struct Parameters: NotRequired, Hashable, Codable, Sendable {
        private let decoded: Swift.Result<M.Parameters, Problem>

        /// No `params`: the method's own default when it has one.
        init() {
            if let defaulted = (M.Parameters.self as? NotRequired.Type)?.init() as? M.Parameters {
                decoded = .success(defaulted)
            } else {
                decoded = .failure(Problem(message: "the request has no params"))
            }
        }

        init(from decoder: any Decoder) throws {
            do {
                decoded = .success(try M.Parameters(from: decoder))
            } catch {
                decoded = .failure((error as? DecodingError).map(Problem.init) ?? Problem(message: "the params are malformed"))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch decoded {
            case .success(let parameters): try parameters.encode(to: encoder)
            case .failure:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
        }

        /// The parameters, or `-32602` saying which one is wrong.
        func get() throws(MCPError) -> M.Parameters {
            switch decoded {
            case .success(let parameters): return parameters
            case .failure(let problem):
                throw MCPError.invalidParams(RulebookError.invalidArgument("\(M.name): \(problem.message)").description)
            }
        }
    }

    /// Why parameters did not decode, in words.
    struct Problem: Error, Hashable, Sendable {
        var message: String

        init(message: String) { self.message = message }

        init(_ error: DecodingError) {
            switch error {
            case .typeMismatch(let type, let context): message = "\(Self.place(context)) must be \(Self.kind(type))"
            case .valueNotFound(let type, let context): message = "\(Self.place(context)) must be \(Self.kind(type)), not null"
            case .keyNotFound(let key, let context):
                message = "the parameter '\(Self.path(Self.inParams(context.codingPath) + [key]))' is missing"
            case .dataCorrupted(let context): message = "\(Self.place(context)) is malformed"
            @unknown default: message = "the params are malformed"
            }
        }

        private static func place(_ context: DecodingError.Context) -> String {
            let keys = inParams(context.codingPath)
            return keys.isEmpty ? "params" : "the parameter '\(path(keys))'"
        }

        /// A coding path from inside `params`: the SDK decodes them from the whole request.
        private static func inParams(_ keys: [any CodingKey]) -> [any CodingKey] {
            keys.first?.stringValue == "params" ? Array(keys.dropFirst()) : keys
        }

        private static func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
        }

        private static func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: return "a string"
            case is Int.Type, is Double.Type: return "a number"
            case is Bool.Type: return "a boolean"
            default:
                let name = String(describing: type)
                return name.hasPrefix("Dictionary") ? "an object" : name.hasPrefix("Array") ? "an array" : "a \(name)"
            }
        }
    }
}

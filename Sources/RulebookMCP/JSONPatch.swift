import MCP
import RulebookCore

/// Applies JSON Patch operations (RFC 6902: `add`, `replace`, `remove`, the ones fixes use)
/// to a JSON value: what `check_declared_spec` does to the spec it was given to answer with
/// the spec its fixes make.
enum JSONPatch {
    /// `document` with `operations` applied in order; `nil` when one does not apply (a path
    /// that names nothing, an index out of range): a patch applies whole or not at all.
    static func apply(_ operations: [JSONPatchOperation], to document: Value) -> Value? {
        var document = document
        for operation in operations {
            guard let tokens = tokens(of: operation.path), !tokens.isEmpty,
                let changed = apply(operation, at: tokens[...], in: document)
            else { return nil }
            document = changed
        }
        return document
    }

    /// The reference tokens of a JSON pointer (RFC 6901), `~1` and `~0` unescaped.
    private static func tokens(of pointer: String) -> [String]? {
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    private static func apply(_ operation: JSONPatchOperation, at tokens: ArraySlice<String>, in value: Value) -> Value? {
        guard let token = tokens.first else { return nil }
        let rest = tokens.dropFirst()
        switch value {
        case .object(var members):
            if rest.isEmpty {
                switch operation.op {
                case .add, .replace:
                    guard let new = operation.value.map(Self.value), operation.op == .add || members[token] != nil else { return nil }
                    members[token] = new
                case .remove:
                    guard members.removeValue(forKey: token) != nil else { return nil }
                }
                return .object(members)
            }
            guard let child = members[token], let changed = apply(operation, at: rest, in: child) else { return nil }
            members[token] = changed
            return .object(members)
        case .array(var elements):
            if rest.isEmpty, operation.op == .add {
                let index = token == "-" ? elements.count : Int(token)
                guard let index, (0...elements.count).contains(index), let new = operation.value.map(Self.value) else { return nil }
                elements.insert(new, at: index)
                return .array(elements)
            }
            guard let index = Int(token), elements.indices.contains(index) else { return nil }
            if rest.isEmpty {
                if operation.op == .remove {
                    elements.remove(at: index)
                } else {
                    guard let new = operation.value.map(Self.value) else { return nil }
                    elements[index] = new
                }
                return .array(elements)
            }
            guard let changed = apply(operation, at: rest, in: elements[index]) else { return nil }
            elements[index] = changed
            return .array(elements)
        default:
            return nil
        }
    }

    private static func value(_ value: FlatJSONValue) -> Value {
        switch value {
        case .string(let text): .string(text)
        case .boolean(let flag): .bool(flag)
        case .integer(let number): .int(number)
        case .strings(let texts): .array(texts.map(Value.string))
        }
    }
}

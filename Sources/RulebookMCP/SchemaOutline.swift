import MCP

/// The outline of an object schema: its members with their JSON types (an enumeration's
/// values, an array's item types), which members are required and whether others may be
/// given; no documentation, and nothing of the members' own members.
///
/// `tools/list` carries outlines where the whole schema is large (the declared spec, the
/// check tools' answers): a coding agent's client puts every tool's schemas in the model's
/// context on every turn, so each byte there is paid again and again. The documented schemas
/// the outlines come from are resources, read when they are needed.
enum SchemaOutline {
    /// `schema`'s outline, with `description` as its own; `definitions` resolve its `$ref`s.
    static func outline(of schema: [String: Value], definitions: [String: Value], description: String) -> Value {
        var outline: [String: Value] = ["type": "object", "description": .string(description)]
        if let required = schema["required"] { outline["required"] = required }
        if case .bool(let open)? = schema["additionalProperties"] { outline["additionalProperties"] = .bool(open) }
        if let properties = schema["properties"]?.objectValue {
            outline["properties"] = .object(properties.mapValues { shape(of: $0, definitions: definitions) })
        }
        return .object(outline)
    }

    /// A member's JSON types, its values when it is an enumeration, and an array's item types;
    /// `{}` (anything) when a branch of it says nothing of its type.
    static func shape(of schema: Value, definitions: [String: Value]) -> Value {
        let branches = resolved(schema, definitions: definitions)
        let typesByBranch = branches.map(typeNames(of:))
        guard !typesByBranch.contains(where: \.isEmpty) else { return .object([:]) }
        let types = typesByBranch.flatMap { $0 }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var shape: [String: Value] = ["type": types.count == 1 ? .string(types[0]) : .array(types.map { .string($0) })]
        let valued = branches.filter { typeNames(of: $0) != ["null"] }
        if valued.count == 1, case .array(let values)? = valued[0]["enum"] {
            shape["enum"] = .array(types.contains("null") ? values + [.null] : values)
        }
        if let items = valued.lazy.compactMap({ $0["items"] }).first {
            let itemTypes = Set(resolved(items, definitions: definitions).map(typeNames(of:)))
            if itemTypes.count == 1, let only = itemTypes.first, only.count == 1 { shape["items"] = ["type": .string(only[0])] }
        }
        return .object(shape)
    }

    /// The alternatives `schema` stands for, its `$ref`s followed and its `oneOf`/`anyOf` spread.
    private static func resolved(_ schema: Value, definitions: [String: Value], depth: Int = 0) -> [[String: Value]] {
        guard depth < 8, case .object(let members) = schema else { return [[:]] }
        if case .string(let reference)? = members["$ref"], reference.hasPrefix("#/$defs/") {
            return resolved(definitions[String(reference.dropFirst(8))] ?? [:], definitions: definitions, depth: depth + 1)
        }
        if case .array(let alternatives)? = members["oneOf"] ?? members["anyOf"] {
            return alternatives.flatMap { resolved($0, definitions: definitions, depth: depth + 1) }
        }
        return [members]
    }

    /// The JSON types a schema allows, said or implied (an object's `properties`, an
    /// enumeration of strings); empty when it does not say.
    private static func typeNames(of schema: [String: Value]) -> [String] {
        switch schema["type"] {
        case .string(let name)?: return [name]
        case .array(let names)?: return names.compactMap(\.stringValue)
        default: break
        }
        if schema["properties"] != nil { return ["object"] }
        if case .array(let values)? = schema["enum"], values.allSatisfy({ $0.stringValue != nil }) { return ["string"] }
        return []
    }
}

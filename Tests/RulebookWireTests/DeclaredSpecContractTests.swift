import Foundation
import RulebookCore
@testable import RulebookWire
import Testing

/// A declared-spec fact is declared once in Swift (`DeclaredSpec` and its parts) and once in
/// `schemas/declared-spec.schema.json`; these tests fail when the two disagree, or when the
/// hand-written codec does not know a field (it would silently fall back to Foundation). The
/// document they use has every member the schema defines, with a value.
struct DeclaredSpecContractTests {
    static let schemaURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schemas/declared-spec.schema.json")

    /// Every member the schema defines, each with a value of its type.
    static func fullDocument() throws -> [String: Any] {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let definitions = schema["$defs"] as? [String: Any] ?? [:]
        return try #require(SchemaSample(definitions: definitions).value(of: schema) as? [String: Any])
    }

    @Test func swiftReadsEveryMemberTheSchemaDefines() throws {
        let document = try Self.fullDocument()
        // The decoder refuses any member the Swift types do not read.
        let spec = try DeclaredSpecDecoder.decode(try JSONSerialization.data(withJSONObject: document))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(spec))
        #expect(NSDictionary(dictionary: document).isEqual(encoded), "Swift does not write back what it read")
    }

    @Test func theSchemaDefinesEveryFieldSwiftDeclares() throws {
        let spec = try DeclaredSpecDecoder.decode(try JSONSerialization.data(withJSONObject: try Self.fullDocument()))
        // A field only Swift declares stays empty when every schema member is given.
        let empty = Self.emptyOptionals(in: spec, at: "")
        #expect(empty.isEmpty, "fields missing from schemas/declared-spec.schema.json: \(empty)")
    }

    /// The per-spec codec writes every field and reads back every field but a declared
    /// `project`, which it leaves to the full checks (JSONDecoder alone would ignore an
    /// unknown key in it): the event codec still reads it all back.
    @Test func thePerSpecCodecKnowsEveryField() throws {
        var document = try Self.fullDocument()
        let spec = try DeclaredSpecDecoder.decode(try JSONSerialization.data(withJSONObject: document))
        let fast = try Self.fastEncoding(of: spec)
        #expect(PerSpecEventCodec.inspect(fast, maxDepth: 64) == nil, "a declared project skipped the full checks")
        guard case .specSubmitted(let event) = try EventCodec().decode(fast) else {
            Issue.record("not a spec")
            return
        }
        #expect(event.data.declared == spec)

        document["project"] = nil
        let withoutProject = try DeclaredSpecDecoder.decode(try JSONSerialization.data(withJSONObject: document))
        let decoded = try #require(
            PerSpecEventCodec.inspect(try Self.fastEncoding(of: withoutProject), maxDepth: 64), "the fast path could not read it back")
        guard case .success(.specSubmitted(let back)) = decoded.event else {
            Issue.record("\(decoded.event)")
            return
        }
        #expect(back.data.declared == withoutProject)
    }

    /// `spec` in a `spec.submitted` event as the per-spec codec writes it, checked against
    /// what Foundation writes.
    static func fastEncoding(of spec: DeclaredSpec) throws -> [UInt8] {
        let event = CloudEvent(
            source: "urn:test", runId: "run", data: SpecSubmitted(feature: spec.feature, origin: .declared, declared: spec))
        let fast = try #require(PerSpecEventCodec.encode(event), "the fast path fell back to Foundation")
        let plain = try FoundationMembers.encoder().encode(event)
        #expect(NSDictionary(dictionary: try #require(try JSONSerialization.jsonObject(with: Data(fast)) as? [String: Any]))
            .isEqual(try JSONSerialization.jsonObject(with: plain)))
        return fast
    }

    /// Paths of the optional stored properties of `value` (and of what it holds) that are `nil`.
    static func emptyOptionals(in value: Any, at path: String) -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return emptyOptionals(in: wrapped, at: path)
        }
        return mirror.children.enumerated().flatMap { index, child in
            emptyOptionals(in: child.value, at: path + "/" + (child.label ?? String(index)))
        }
    }
}

/// A value for a schema node: every property of an object, one item of an array, the first
/// choice of an enumeration or of a `oneOf`, the first type that is not `null`.
private struct SchemaSample {
    let definitions: [String: Any]

    func value(of node: [String: Any]) -> Any {
        if let reference = node["$ref"] as? String, let name = reference.split(separator: "/").last,
            let target = definitions[String(name)] as? [String: Any]
        {
            return value(of: target)
        }
        if let choices = node["enum"] as? [Any], let first = choices.first { return first }
        if let options = node["oneOf"] as? [[String: Any]],
            let option = options.first(where: { ($0["type"] as? String) != "null" })
        {
            return value(of: option)
        }
        let types = (node["type"] as? [String]) ?? [(node["type"] as? String) ?? "object"]
        switch types.first(where: { $0 != "null" }) ?? "null" {
        case "object":
            var object: [String: Any] = [:]
            for (name, member) in node["properties"] as? [String: Any] ?? [:] {
                object[name] = value(of: member as? [String: Any] ?? [:])
            }
            if let values = node["additionalProperties"] as? [String: Any] { object["Key"] = value(of: values) }
            return object
        case "array": return [value(of: node["items"] as? [String: Any] ?? [:])]
        case "string": return "Name"
        case "integer", "number": return 0
        case "boolean": return true
        default: return NSNull()
        }
    }
}

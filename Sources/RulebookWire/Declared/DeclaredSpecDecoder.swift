import Foundation
import RulebookCore

/// Decodes declared specs strictly: besides type errors, any key the format does not define
/// is an error naming its JSON pointer, so a misspelt `propeties` never checks clean.
public enum DeclaredSpecDecoder {
    /// The spec in `data`, or ``RulebookError/invalidEventData(_:)``.
    public static func decode(_ data: Data) throws(RulebookError) -> DeclaredSpec {
        if let spec = readInOnePass(Array(data)) { return spec }
        let spec: DeclaredSpec
        let original: Any
        do {
            spec = try JSONDecoder().decode(DeclaredSpec.self, from: data)
            original = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidEventData("declared spec: " + EventCodec.describe(error))
        }
        // The two parses above disagree on which of two equal keys counts.
        if let duplicate = JSONDuplicateKeys.first(in: Array(data)) {
            throw .invalidEventData("declared spec: key '\(duplicate.key)' appears twice in the object at \(duplicate.pointer)")
        }
        try checkKeys(of: spec, against: original, at: "")
        return spec
    }

    /// The spec read by ``DeclaredSpecReader``, which is as strict as the checks of
    /// ``decode(_:)`` (types, unknown and repeated keys) and declines whatever it is unsure of,
    /// errors included: those checks then decide, and name the error. `nil` too for a spec
    /// with a `project`: the reader hands it to `JSONDecoder`, which ignores the unknown keys
    /// that ``checkKeys(of:against:at:)`` (and the schema) refuse.
    static func readInOnePass(_ bytes: [UInt8]) -> DeclaredSpec? {
        let spec = try? JSONScanner.document(bytes, maxDepth: EventCodec().maxDepth) { scanner throws(ScannerDeclined) in
            try DeclaredSpecReader.spec(&scanner)
        }
        return spec?.project == nil ? spec : nil
    }

    /// Fails on the first key of `original` (the JSON the spec came from) that decoding
    /// did not use. `pointer` prefixes the error's location (`/data/declared`).
    public static func checkKeys(of spec: DeclaredSpec, against original: Any, at pointer: String) throws(RulebookError) {
        let encoder = JSONEncoder()
        guard let data = try? encoder.encode(spec), let known = try? JSONSerialization.jsonObject(with: data) else { return }
        if let unknown = firstUnknownKey(original, known: known, at: pointer) {
            throw .invalidEventData("declared spec: unknown key at \(unknown); see schemas/declared-spec.schema.json")
        }
    }

    private static func firstUnknownKey(_ original: Any, known: Any, at pointer: String) -> String? {
        if let object = original as? [String: Any] {
            let knownObject = known as? [String: Any] ?? [:]
            for key in object.keys.sorted() {
                let value = object[key]!
                guard let knownValue = knownObject[key] else {
                    if value is NSNull { continue }
                    return pointer + "/" + key
                }
                if let unknown = firstUnknownKey(value, known: knownValue, at: pointer + "/" + key) { return unknown }
            }
        } else if let array = original as? [Any], let knownArray = known as? [Any] {
            for (index, value) in array.enumerated() where index < knownArray.count {
                if let unknown = firstUnknownKey(value, known: knownArray[index], at: "\(pointer)/\(index)") { return unknown }
            }
        }
        return nil
    }
}

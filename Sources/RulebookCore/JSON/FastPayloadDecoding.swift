/// Fast-path decoding of the payloads that flow per spec: `spec.submitted`,
/// `spec.validated` and `spec.persisted`. Each builds the value `JSONDecoder` would and
/// fails the fast path wherever it would throw. Unknown members are ignored, as there.
enum FastPayloadDecoding {
    /// `spec.submitted`; a spec carrying a rule configuration is left to the Foundation path.
    static func specSubmitted(_ value: JSONValue) throws(FastPathUnavailable) -> SpecSubmitted {
        let reader = try JSONObjectReader(value)
        guard reader.optional("config") == nil else { throw FastPathUnavailable() }
        return SpecSubmitted(
            feature: try reader.string("feature"), origin: try reader.enumeration("origin"),
            files: try reader.optionalObjects("files", sourceFile),
            declared: try reader.optional("declared").map(FastDeclaredDecoding.spec))
    }

    static func sourceFile(_ value: JSONValue) throws(FastPathUnavailable) -> SourceFile {
        let reader = try JSONObjectReader(value)
        return SourceFile(path: try reader.string("path"), contents: try reader.string("contents"))
    }

    static func specValidated(_ value: JSONValue) throws(FastPathUnavailable) -> SpecValidated {
        let reader = try JSONObjectReader(value)
        return SpecValidated(
            specId: try reader.string("specId"), specSource: try reader.string("specSource"), feature: try reader.string("feature"),
            origin: try reader.enumeration("origin"), dialect: try reader.enumeration("dialect"),
            findings: try reader.objects("findings", finding), validator: try reader.string("validator"),
            durationMicros: try reader.int("durationMicros"))
    }

    static func specPersisted(_ value: JSONValue) throws(FastPathUnavailable) -> SpecPersisted {
        let reader = try JSONObjectReader(value)
        return SpecPersisted(
            runId: try reader.string("runId"), specId: try reader.string("specId"), specSource: try reader.string("specSource"),
            status: try reader.enumeration("status"), duplicate: try reader.bool("duplicate"),
            feature: try reader.optionalString("feature"), findings: try reader.optionalObjects("findings", finding),
            code: try reader.optionalString("code"), message: try reader.optionalString("message"))
    }

    static func finding(_ value: JSONValue) throws(FastPathUnavailable) -> Finding {
        let reader = try JSONObjectReader(value)
        return Finding(
            ruleId: try reader.string("ruleId"), severity: try reader.enumeration("severity"), message: try reader.string("message"),
            location: SourceLocation(
                file: try reader.string("file"), line: try reader.optionalInt("line"), column: try reader.optionalInt("column"),
                pointer: try reader.optionalString("pointer")),
            fingerprint: try reader.string("fingerprint"))
    }
}

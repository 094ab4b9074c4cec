/// Fast-path encoding of the payloads that flow per spec, byte for byte what `JSONEncoder`
/// writes for them with sorted keys (members listed here in that order).
extension JSONWriter {
    /// `false` for a spec carrying a rule configuration (left to `JSONEncoder`).
    mutating func write(_ spec: SpecSubmitted) -> Bool {
        guard spec.config == nil else { return false }
        object { w in
            if let declared = spec.declared { w.key("declared"); w.write(declared) }
            w.member("feature", spec.feature)
            if let files = spec.files {
                w.key("files")
                w.array(files) { writer, file in
                    writer.object { w in
                        w.member("contents", file.contents)
                        w.member("path", file.path)
                    }
                }
            }
            w.member("origin", spec.origin.rawValue)
        }
        return true
    }

    mutating func write(_ result: SpecValidated) {
        object { w in
            w.member("dialect", result.dialect.rawValue)
            w.member("durationMicros", result.durationMicros)
            w.member("feature", result.feature)
            w.key("findings")
            w.array(result.findings) { $0.write($1) }
            w.member("origin", result.origin.rawValue)
            w.member("specId", result.specId)
            w.member("specSource", result.specSource)
            w.member("validator", result.validator)
        }
    }

    mutating func write(_ ack: SpecPersisted) {
        object { w in
            w.member("code", ack.code)
            w.member("duplicate", ack.duplicate)
            w.member("feature", ack.feature)
            if let findings = ack.findings { w.key("findings"); w.array(findings) { $0.write($1) } }
            w.member("message", ack.message)
            w.member("runId", ack.runId)
            w.member("specId", ack.specId)
            w.member("specSource", ack.specSource)
            w.member("status", ack.status.rawValue)
        }
    }

    /// A finding encodes its absent location parts as `null` (see ``Finding/encode(to:)``).
    mutating func write(_ finding: Finding) {
        object { w in
            w.memberOrNull("column", finding.column)
            w.member("file", finding.file)
            w.member("fingerprint", finding.fingerprint)
            w.memberOrNull("line", finding.line)
            w.member("message", finding.message)
            w.memberOrNull("pointer", finding.pointer)
            w.member("ruleId", finding.ruleId)
            w.member("severity", finding.severity.rawValue)
        }
    }
}

import RulebookCore

/// The payloads that flow once per spec written as JSON by hand, byte for byte what
/// `JSONEncoder` writes for them with sorted keys (members listed here in that order).
extension JSONWriter {
    /// Always `true`; its rule configuration and project contexts (its own and its declared
    /// spec's) are written by `JSONEncoder`, in place.
    mutating func write(_ spec: SpecSubmitted) -> Bool {
        object { w in
            w.member("config", encodedByFoundation: spec.config)
            w.member("declared", spec.declared)
            w.member("feature", spec.feature)
            w.member("files", spec.files)
            w.member("origin", spec.origin.rawValue)
            w.member("project", encodedByFoundation: spec.project)
        }
        return true
    }
}

extension SourceFile: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("contents", contents)
        w.member("path", path)
    }
}

extension SpecValidated: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("dialect", dialect.rawValue)
        w.member("durationMicros", durationMicros)
        w.member("feature", feature)
        w.member("findings", findings)
        w.member("origin", origin.rawValue)
        w.member("specId", specId)
        w.member("specSource", specSource)
        w.member("validator", validator)
    }
}

extension SpecPersisted: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("code", code)
        w.member("duplicate", duplicate)
        w.member("feature", feature)
        w.member("findings", findings)
        w.member("message", message)
        w.member("runId", runId)
        w.member("specId", specId)
        w.member("specSource", specSource)
        w.member("status", status.rawValue)
    }
}

/// A finding encodes its absent location parts as `null` and leaves out an absent fix (see
/// ``Finding/encode(to:)``).
extension Finding: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.memberOrNull("column", column)
        w.memberOrNull("endColumn", endColumn)
        w.memberOrNull("endLine", endLine)
        w.member("file", file)
        w.member("fingerprint", fingerprint)
        // Rare and small beside a spec's files: written as the Foundation path writes it.
        w.member("fix", encodedByFoundation: fix)
        w.memberOrNull("line", line)
        w.member("message", message)
        w.memberOrNull("pointer", pointer)
        w.member("ruleId", ruleId)
        w.member("severity", severity.rawValue)
    }
}

import RulebookCore

/// Reads the payloads that flow once per spec — `spec.submitted`, `spec.validated` and
/// `spec.persisted` — straight from the text. Each builds the value `JSONDecoder` would and
/// declines wherever it would throw. Unknown members are ignored, as there (but checked).
enum PerSpecPayloadReader {
    /// `spec.submitted`; its rule configuration is read by `JSONDecoder`.
    static func specSubmitted(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> SpecSubmitted {
        var feature: String?, origin: SpecOrigin?, files: [SourceFile]?, declared: DeclaredSpec?
        var config: RuleConfiguration?, project: ProjectContext?
        try scanner.object(SubmittedField.self, unknown: .ignored) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .feature: feature = try scanner.string()
            case .origin: origin = try scanner.enumeration()
            case .files: files = try scanner.optionalArray(sourceFile)
            case .declared:
                declared = try scanner.optional(DeclaredSpecReader.spec)
                // A declared `project` was read by JSONDecoder, which ignores unknown keys:
                // the full path checks its keys (as `DeclaredSpecDecoder.readInOnePass`).
                if declared?.project != nil { throw ScannerDeclined() }
            case .config: config = try scanner.decodedByFoundation(RuleConfiguration.self)
            case .project: project = try scanner.optional(ProjectContextReader.context)
            }
        }
        guard let feature, let origin else { throw ScannerDeclined() }
        return SpecSubmitted(feature: feature, origin: origin, files: files, declared: declared, config: config, project: project)
    }

    static func sourceFile(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> SourceFile {
        var path: String?, contents: String?
        try scanner.object(SourceFileField.self, unknown: .ignored) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .path: path = try scanner.string()
            case .contents: contents = try scanner.string()
            }
        }
        guard let path, let contents else { throw ScannerDeclined() }
        return SourceFile(path: path, contents: contents)
    }

    static func specValidated(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> SpecValidated {
        var specId: String?, specSource: String?, feature: String?, origin: SpecOrigin?, dialect: Dialect?
        var findings: [Finding]?, validator: String?, durationMicros: Int?
        try scanner.object(ValidatedField.self, unknown: .ignored) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .specId: specId = try scanner.string()
            case .specSource: specSource = try scanner.string()
            case .feature: feature = try scanner.string()
            case .origin: origin = try scanner.enumeration()
            case .dialect: dialect = try scanner.enumeration()
            case .findings: findings = try scanner.array(finding)
            case .validator: validator = try scanner.string()
            case .durationMicros: durationMicros = try scanner.int()
            }
        }
        guard let specId, let specSource, let feature, let origin, let dialect, let findings, let validator, let durationMicros else {
            throw ScannerDeclined()
        }
        return SpecValidated(
            specId: specId, specSource: specSource, feature: feature, origin: origin, dialect: dialect, findings: findings,
            validator: validator, durationMicros: durationMicros)
    }

    static func specPersisted(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> SpecPersisted {
        var runId: String?, specId: String?, specSource: String?, status: SpecStatus?, duplicate: Bool?
        var feature: String?, findings: [Finding]?, code: String?, message: String?
        try scanner.object(PersistedField.self, unknown: .ignored) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .runId: runId = try scanner.string()
            case .specId: specId = try scanner.string()
            case .specSource: specSource = try scanner.string()
            case .status: status = try scanner.enumeration()
            case .duplicate: duplicate = try scanner.bool()
            case .feature: feature = try scanner.optionalString()
            case .findings: findings = try scanner.optionalArray(finding)
            case .code: code = try scanner.optionalString()
            case .message: message = try scanner.optionalString()
            }
        }
        guard let runId, let specId, let specSource, let status, let duplicate else { throw ScannerDeclined() }
        return SpecPersisted(
            runId: runId, specId: specId, specSource: specSource, status: status, duplicate: duplicate, feature: feature,
            findings: findings, code: code, message: message)
    }

    static func finding(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> Finding {
        var ruleId: String?, severity: Severity?, message: String?, file: String?, line: Int?, column: Int?, pointer: String?
        var endLine: Int?, endColumn: Int?, fingerprint: String?, fix: Fix?
        try scanner.object(FindingField.self, unknown: .ignored) { scanner, field throws(ScannerDeclined) in
            switch field {
            case .ruleId: ruleId = try scanner.string()
            case .severity: severity = try scanner.enumeration()
            case .message: message = try scanner.string()
            case .file: file = try scanner.string()
            case .line: line = try scanner.optionalInt()
            case .column: column = try scanner.optionalInt()
            case .endLine: endLine = try scanner.optionalInt()
            case .endColumn: endColumn = try scanner.optionalInt()
            case .pointer: pointer = try scanner.optionalString()
            case .fingerprint: fingerprint = try scanner.string()
            case .fix: fix = try scanner.decodedByFoundation(Fix.self)
            }
        }
        guard let ruleId, let severity, let message, let file, let fingerprint else { throw ScannerDeclined() }
        return Finding(
            ruleId: ruleId, severity: severity, message: message,
            location: SourceLocation(
                file: file, line: line, column: column, endLine: endLine, endColumn: endColumn, pointer: pointer),
            fingerprint: fingerprint, fix: fix)
    }

    private enum SubmittedField: String, JSONFields {
        case feature, origin, files, declared, config, project
        static let table = JSONFieldTable<Self>()
    }

    private enum SourceFileField: String, JSONFields {
        case path, contents
        static let table = JSONFieldTable<Self>()
    }

    private enum ValidatedField: String, JSONFields {
        case specId, specSource, feature, origin, dialect, findings, validator, durationMicros
        static let table = JSONFieldTable<Self>()
    }

    private enum PersistedField: String, JSONFields {
        case runId, specId, specSource, status, duplicate, feature, findings, code, message
        static let table = JSONFieldTable<Self>()
    }

    private enum FindingField: String, JSONFields {
        case ruleId, severity, message, file, line, column, endLine, endColumn, pointer, fingerprint, fix
        static let table = JSONFieldTable<Self>()
    }
}

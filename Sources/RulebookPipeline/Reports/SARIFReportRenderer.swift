import Foundation
import RulebookCore

/// SARIF 2.1.0 for GitHub code scanning: the whole rule catalogue as `rules[]`, one result
/// per finding with a `%SRCROOT%`-relative location and the finding's fingerprint, and the
/// run's rejected specs as tool execution notifications.
public enum SARIFReportRenderer {
    /// The base id relative artifact locations refer to.
    public static let sourceRootId = "%SRCROOT%"
    /// The `partialFingerprints` key holding the finding fingerprint.
    public static let fingerprintKey = "rulebookFingerprint/v1"
    /// The tool's name in `tool.driver`.
    static let toolName = "Rulebook"
    /// The tool's home page in `tool.driver.informationUri`.
    static let informationURI = "https://rulebook.dev"

    /// The report as a SARIF log (JSON text ending in a newline).
    public static func render(_ document: ReportDocument) -> String {
        let report = document.report
        let rules = ReportedRule.all(naming: report.findings)
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var properties = ["runId": report.run.id, "ruleSetVersion": report.run.ruleSetVersion]
        properties["gitCommit"] = report.run.gitCommit
        properties["configHash"] = report.run.configHash
        let run = SARIFLog.Run(
            tool: SARIFLog.Tool(
                driver: SARIFLog.Driver(
                    name: toolName, version: RuleRegistry.version, semanticVersion: RuleRegistry.version,
                    informationUri: informationURI, rules: rules.map(descriptor))),
            automationDetails: SARIFLog.AutomationDetails(id: "rulebook/\(report.run.id)"),
            originalUriBaseIds: document.sourceRoot.map { [sourceRootId: SARIFLog.ArtifactLocation(uri: directoryURI($0))] },
            invocations: [
                SARIFLog.Invocation(
                    executionSuccessful: true, startTimeUtc: report.run.startedAt, endTimeUtc: document.finishedAt,
                    toolExecutionNotifications: report.rejections.map(notification))
            ],
            results: results(of: report.findings, ruleIndex: index, sourceRoot: document.sourceRoot),
            properties: properties)
        return JSONReportRenderer.encode(SARIFLog(runs: [run]))
    }

    /// SARIF's `level` for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative path as a URI reference, or an absolute path as a `file:` URI: every
    /// byte but unreserved characters and `/` percent-encoded (so `%`, `:`, `,`, `#`,
    /// spaces and non-ASCII survive).
    static func artifactLocation(_ path: String) -> SARIFLog.ArtifactLocation {
        if path.hasPrefix("/") { return SARIFLog.ArtifactLocation(uri: "file://" + percentEncoded(path)) }
        return SARIFLog.ArtifactLocation(uri: percentEncoded(path), uriBaseId: sourceRootId)
    }

    /// `file:///abs/folder/` for an absolute folder (SARIF base URIs end with a slash).
    static func directoryURI(_ folder: String) -> String {
        "file://" + percentEncoded(folder.hasSuffix("/") ? folder : folder + "/")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")

    private static func percentEncoded(_ path: String) -> String {
        // Every String is valid Unicode, so encoding it cannot fail.
        path.addingPercentEncoding(withAllowedCharacters: unreserved) ?? path
    }

    private static func descriptor(_ rule: ReportedRule) -> SARIFLog.ReportingDescriptor {
        SARIFLog.ReportingDescriptor(
            id: rule.id, name: rule.pascalCaseName, shortDescription: SARIFLog.Message(text: rule.name),
            fullDescription: SARIFLog.Message(text: rule.summary),
            help: SARIFLog.Message(text: rule.helpText, markdown: rule.helpMarkdown),
            defaultConfiguration: SARIFLog.Configuration(level: level(rule.severity)),
            properties: SARIFLog.Properties(tags: ["tca", "architecture"]))
    }

    /// One result per finding, columns in UTF-16 code units (SARIF's default `columnKind`).
    private static func results(of findings: [Finding], ruleIndex: [String: Int], sourceRoot: String?) -> [SARIFLog.Result] {
        var columns = UTF16Columns(sourceRoot: sourceRoot)
        return findings.map { finding in
            result(finding, region: region(of: finding, columns: &columns), ruleIndex: ruleIndex[finding.ruleId] ?? 0)
        }
    }

    /// The finding's range, both columns in UTF-16 code units and the end exclusive, as
    /// SARIF's `endColumn` is; a finding without an end is the empty region at its start.
    /// Declared specs have none.
    private static func region(of finding: Finding, columns: inout UTF16Columns) -> SARIFLog.Region? {
        guard let line = finding.line else { return nil }
        let column = finding.column.map { columns.column($0, line: line, file: finding.file) }
        guard let endLine = finding.endLine, let endColumn = finding.endColumn else {
            return SARIFLog.Region(startLine: line, startColumn: column, endLine: line, endColumn: column)
        }
        return SARIFLog.Region(
            startLine: line, startColumn: column, endLine: endLine,
            endColumn: columns.column(endColumn, line: endLine, file: finding.file))
    }

    private static func result(_ finding: Finding, region: SARIFLog.Region?, ruleIndex: Int) -> SARIFLog.Result {
        var message = finding.message
        var logical: [SARIFLog.LogicalLocation]?
        if let pointer = finding.pointer {
            message += " (at \(pointer))"
            logical = [SARIFLog.LogicalLocation(name: pointer, fullyQualifiedName: pointer, kind: "element")]
        }
        return SARIFLog.Result(
            ruleId: finding.ruleId, ruleIndex: ruleIndex, level: level(finding.severity),
            message: SARIFLog.Message(text: message),
            locations: [
                SARIFLog.Location(
                    physicalLocation: SARIFLog.PhysicalLocation(artifactLocation: artifactLocation(finding.file), region: region),
                    logicalLocations: logical)
            ],
            partialFingerprints: [fingerprintKey: finding.fingerprint],
            fixes: finding.fix.flatMap(fix(_:)).map { [$0] })
    }

    /// A Swift source's fix as SARIF writes one: its edits grouped by file, in byte regions. A
    /// declared spec's JSON Patch has no SARIF form (the JSON report carries it).
    private static func fix(_ fix: Fix) -> SARIFLog.Fix? {
        guard !fix.edits.isEmpty else { return nil }
        var files: [String] = []
        var replacements: [String: [SARIFLog.Replacement]] = [:]
        for edit in fix.edits {
            if replacements[edit.file] == nil { files.append(edit.file) }
            replacements[edit.file, default: []].append(
                SARIFLog.Replacement(
                    deletedRegion: SARIFLog.ByteRegion(byteOffset: edit.byteOffset, byteLength: edit.byteLength),
                    insertedContent: SARIFLog.ArtifactContent(text: edit.replacement)))
        }
        let description = fix.kind == .fix ? fix.summary : "Suggestion, to review: \(fix.summary)"
        return SARIFLog.Fix(
            description: SARIFLog.Message(text: description),
            artifactChanges: files.map { SARIFLog.ArtifactChange(artifactLocation: artifactLocation($0), replacements: replacements[$0] ?? []) },
            properties: SARIFLog.FixProperties(kind: fix.kind.rawValue))
    }

    private static func notification(_ rejection: CheckReport.Rejection) -> SARIFLog.Notification {
        SARIFLog.Notification(
            level: "error",
            message: SARIFLog.Message(text: rejection.reportMessage),
            descriptor: SARIFLog.DescriptorReference(id: rejection.code))
    }
}

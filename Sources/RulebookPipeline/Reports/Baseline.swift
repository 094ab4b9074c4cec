import Foundation
import RulebookCore
import RulebookWire

/// A baseline file (`schemas/baseline.schema.json`): the findings a team accepts for now,
/// by fingerprint (rule, file and normalised line text; not line numbers). Checking with a
/// baseline reports only findings it does not account for.
public struct Baseline: Codable, Hashable, Sendable {
    /// The file format version this build reads and writes.
    public static let currentVersion = 1

    /// File format version.
    public var version: Int
    /// ``RuleRegistry/version`` of the rules that produced the findings.
    public var ruleSetVersion: String
    /// RFC 3339 time the baseline was written.
    public var createdAt: String
    /// The accepted findings, sorted by file, rule and fingerprint.
    public var findings: [Entry]

    /// One accepted finding. Only the fingerprint is matched; rule, file and message are
    /// there for people reviewing the baseline.
    public struct Entry: Codable, Hashable, Sendable {
        public var fingerprint: String
        public var ruleId: String
        public var file: String
        public var message: String
    }

    /// A baseline accepting every finding of `report`.
    public init(accepting report: CheckReport, at date: Date = Date()) {
        version = Self.currentVersion
        ruleSetVersion = report.run.ruleSetVersion
        createdAt = Timestamp.string(from: date)
        findings = report.findings
            .map { Entry(fingerprint: $0.fingerprint, ruleId: $0.ruleId, file: $0.file, message: $0.message) }
            .sorted { ($0.file, $0.ruleId, $0.fingerprint) < ($1.file, $1.ruleId, $1.fingerprint) }
    }

    /// Reads the baseline at `path`; a missing, unreadable or malformed file, or another
    /// format version, is a usage error (`RB400`, exit 2) that says what to do.
    public static func load(path: String) throws(RulebookError) -> Baseline {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .invalidArgument("baseline '\(path)' does not exist; write one with --write-baseline \(path)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidArgument("cannot read baseline '\(path)': \(error.localizedDescription)")
        }
        struct VersionProbe: Decodable { var version: Int }
        let decoder = JSONDecoder()
        guard let probe = try? decoder.decode(VersionProbe.self, from: data) else {
            throw .invalidArgument("'\(path)' is not a Rulebook baseline (a JSON object with a numeric \"version\"); write one with --write-baseline")
        }
        guard probe.version == currentVersion else {
            throw .invalidArgument("baseline '\(path)' has version \(probe.version); this rulebook reads version \(currentVersion): write it again with --write-baseline")
        }
        do {
            return try decoder.decode(Baseline.self, from: data)
        } catch {
            throw .invalidArgument("baseline '\(path)' is malformed (\(Self.describe(error))); write it again with --write-baseline")
        }
    }

    /// Writes the baseline as JSON; failing to is a usage error (`RB400`).
    public func write(to path: String) throws(RulebookError) {
        do {
            try Data(JSONReportRenderer.encode(self).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .invalidArgument("cannot write --write-baseline '\(path)': \(error.localizedDescription)")
        }
    }

    /// `report` with only the findings this baseline does not account for, and how many it did.
    public func apply(to report: CheckReport) -> (report: CheckReport, baselined: Int) {
        let new = FingerprintMatch.unmatched(report.findings, fingerprint: \.fingerprint, accountedFor: findings.map(\.fingerprint))
        return (report.keeping(findings: new), report.findings.count - new.count)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "\(context.debugDescription) at \(path(context.codingPath))"
        default:
            String(describing: error)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        "/" + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
    }
}

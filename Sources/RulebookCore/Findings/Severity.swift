/// How serious a finding is. `error` fails a check; `warning` fails it only with `--strict`.
public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// Whether a finding of this severity fails a run: an error always, a warning with
    /// `strict` (`--strict`), a note never. The exit code and the JUnit report both ask this.
    public func failsRun(strict: Bool) -> Bool {
        self == .error || (strict && self == .warning)
    }
}

import RulebookCore
import RulebookWire

/// Counts the verdicts `rulebook push --wait` printed.
struct VerdictTally {
    private(set) var validated = 0
    private(set) var rejected = 0
    private(set) var errors = 0
    private(set) var warnings = 0

    /// Counts one verdict (the first ack of a spec).
    mutating func add(_ ack: SpecPersisted) {
        switch ack.status {
        case .validated: validated += 1
        case .rejected: rejected += 1
        }
        errors += ack.findings?.filter { $0.severity == .error }.count ?? 0
        warnings += ack.findings?.filter { $0.severity == .warning }.count ?? 0
    }

    /// Whether the exit code is 1.
    func failed(strict: Bool) -> Bool {
        rejected + errors + (strict ? warnings : 0) > 0
    }

    /// The line `rulebook push --wait` prints to stderr at the end.
    var summary: String {
        "push: \(validated + rejected) spec(s): \(validated) validated, \(rejected) rejected; \(errors) error(s), \(warnings) warning(s)"
    }
}

import Foundation
import RulebookCore
import RulebookWire

/// What storing a batch of ``StoreCommand``s does, whichever store runs the statements: each
/// spec is stored once (a copy is counted and answered with the stored verdict), each stored
/// or repeated spec gets an ack, and a run whose last expected spec arrives completes.
public enum StoreBatch {
    /// Stores `commands` through `statements` (inside the caller's transaction) at `time`.
    public static func apply(_ commands: [StoreCommand], at time: String, in statements: some StoreStatements) throws -> StoreOutcome {
        var outcome = StoreOutcome()
        try statements.prepare(commands, at: time)
        // The runs the batch touches, in the order it first touches them, and for each whether
        // it may complete now (`ensureRun`).
        var touchedRuns: [String] = []
        var mayComplete: [String: Bool] = [:]
        func touch(_ runId: String, mayCompleteNow: Bool) {
            if mayComplete.updateValue(mayCompleteNow, forKey: runId) == nil { touchedRuns.append(runId) }
        }
        func ensure(_ runId: String) throws {
            if mayComplete[runId] == nil { touch(runId, mayCompleteNow: try statements.ensureRun(runId, at: time)) }
        }
        for command in commands {
            switch command {
            case .openRun(let opened):
                if try statements.isCompleted(opened.runId) {
                    // A producer that missed `run.completed` asks again by reopening.
                    outcome.completedRuns.append(RunCompleted(runId: opened.runId, summary: try statements.summary(of: opened.runId)))
                    continue
                }
                try statements.open(opened, at: time)
                touch(opened.runId, mayCompleteNow: true)
            case .validated(let runId, let result):
                try ensure(runId)
                outcome.acks.append(try store(result, runId: runId, at: time, in: statements))
            case .rejected(let runId, let rejection):
                if let runId { try ensure(runId) }
                if let ack = try store(rejection, runId: runId, at: time, in: statements) {
                    outcome.acks.append(ack)
                } else {
                    outcome.anonymousRejections += 1
                }
            }
        }
        // Checked in a stable order, so that writers sharing a store take the runs' locks in
        // the same order; reported in the order the batch touched them.
        var completed: [String: RunCompleted] = [:]
        for runId in touchedRuns.sorted() where mayComplete[runId] == true {
            completed[runId] = try completeIfDone(runId, at: time, in: statements)
        }
        outcome.completedRuns += touchedRuns.compactMap { completed[$0] }
        return outcome
    }

    private static func store(_ result: SpecValidated, runId: String, at time: String, in statements: some StoreStatements) throws -> SpecPersisted {
        guard try statements.insertSpec(SpecRow(result, runId: runId), findings: result.findings, at: time) else {
            return try duplicateAck(runId: runId, source: result.specSource, id: result.specId, in: statements)
        }
        return SpecPersisted(
            runId: runId, specId: result.specId, specSource: result.specSource, status: .validated, duplicate: false,
            feature: result.feature, findings: result.findings)
    }

    private static func store(_ rejection: SpecRejected, runId: String?, at time: String, in statements: some StoreStatements) throws -> SpecPersisted? {
        var duplicate = false
        if let runId, let source = rejection.specSource, let id = rejection.specId {
            duplicate = try !statements.insertSpec(SpecRow(rejectedId: id, source: source, runId: runId), findings: [], at: time)
        }
        if !duplicate { try statements.insertRejection(rejection, runId: runId, at: time) }
        guard let runId, let source = rejection.specSource, let id = rejection.specId else { return nil }
        if duplicate { return try duplicateAck(runId: runId, source: source, id: id, in: statements) }
        return SpecPersisted(
            runId: runId, specId: id, specSource: source, status: .rejected, duplicate: false,
            code: rejection.code, message: rejection.message)
    }

    /// Counts the copy and answers it with the verdict of the copy stored before.
    private static func duplicateAck(runId: String, source: String, id: String, in statements: some StoreStatements) throws -> SpecPersisted {
        try statements.countDuplicate(source: source, id: id)
        var ack = SpecPersisted(runId: runId, specId: id, specSource: source, status: .rejected, duplicate: true)
        guard let verdict = try statements.storedVerdict(source: source, id: id) else { return ack }
        ack.status = verdict.status
        ack.feature = verdict.feature
        ack.findings = verdict.findings
        ack.code = verdict.code
        ack.message = verdict.message
        return ack
    }

    private static func completeIfDone(_ runId: String, at time: String, in statements: some StoreStatements) throws -> RunCompleted? {
        guard let expected = try statements.expectedSpecsOfIncompleteRun(runId) else { return nil }
        let summary = try statements.summary(of: runId)
        guard summary.specs >= expected else { return nil }
        try statements.markCompleted(runId, at: time)
        return RunCompleted(runId: runId, summary: summary)
    }
}

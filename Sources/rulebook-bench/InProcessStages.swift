import Foundation
import RulebookCore
import RulebookPipeline
import SwiftParser

/// The in-process stages: SwiftParser alone over every file (the floor), and the validator's
/// work (front end and rules) over every spec, each the median of `repeats` passes.
enum InProcessStages {
    /// Seconds to parse every file of the corpus.
    static func parseOnly(_ corpus: Corpus, repeats: Int, timeout: Duration) throws -> Double {
        try median(repeats, timeout: timeout) { deadline in
            for source in corpus.sources {
                try check(deadline)
                _ = Parser.parse(source: source)
            }
        }
    }

    /// Seconds to check every spec as a validator does, and the findings by rule id.
    static func engine(_ corpus: Corpus, repeats: Int, timeout: Duration) throws -> (seconds: Double, findings: [String: Int]) {
        let checker = SpecChecker()
        let events = corpus.specs.map { CloudEvent(source: "rulebook://bench", runId: nil, data: $0) }
        var findings: [String: Int] = [:]
        var failure: RulebookError?
        let seconds = try median(repeats, timeout: timeout) { deadline in
            findings = [:]
            for event in events {
                try check(deadline)
                do throws(RulebookError) {
                    for finding in try checker.check(event, validator: "bench").findings {
                        findings[finding.ruleId, default: 0] += 1
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw BenchFailure("a spec was rejected in process: \(failure.code): \(failure.message)") }
        return (seconds, findings)
    }

    /// The median wall time of `count` runs of `body`, in seconds; each run gets a deadline
    /// `timeout` after its start.
    private static func median(
        _ count: Int, timeout: Duration, _ body: (ContinuousClock.Instant) throws -> Void
    ) throws -> Double {
        var times: [Double] = []
        for _ in 0..<max(count, 1) {
            let started = ContinuousClock.now
            try body(started + timeout)
            times.append((ContinuousClock.now - started).seconds)
        }
        return times.sorted()[times.count / 2]
    }

    private static func check(_ deadline: ContinuousClock.Instant) throws {
        guard ContinuousClock.now < deadline, !StopSignal.isRequested else {
            throw BenchFailure("an in-process stage did not finish in time (or was interrupted)")
        }
    }
}

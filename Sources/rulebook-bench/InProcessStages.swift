import Foundation
import RulebookCore
import RulebookPipeline
import SwiftParser

/// The in-process stages: SwiftParser alone over every file (the floor), and the validator's
/// work (front end and rules) over every spec. The two alternate, a parse pass then an engine
/// pass, `repeats` times: this machine's speed drifts by tens of percent within a minute, so
/// the engine-to-parse ratio is the median of the ratios of passes made side by side.
enum InProcessStages {
    /// Median seconds of each stage, the median ratio of paired passes, and the engine's
    /// findings by rule id.
    struct Figures {
        var parseSeconds: Double
        var engineSeconds: Double
        var engineToParse: Double
        var findings: [String: Int]
    }

    static func measure(_ corpus: Corpus, repeats: Int, timeout: Duration) throws -> Figures {
        let checker = SpecChecker()
        let events = corpus.specs.map { CloudEvent(source: "rulebook://bench", runId: nil, data: $0) }
        var findings: [String: Int] = [:]
        var failure: RulebookError?
        var parseTimes: [Double] = []
        var engineTimes: [Double] = []
        for _ in 0..<max(repeats, 1) {
            parseTimes.append(
                try time(timeout: timeout) { deadline in
                    for source in corpus.sources {
                        try check(deadline)
                        _ = Parser.parse(source: source)
                    }
                })
            engineTimes.append(
                try time(timeout: timeout) { deadline in
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
                })
        }
        if let failure { throw BenchFailure("a spec was rejected in process: \(failure.code): \(failure.message)") }
        let ratios = zip(engineTimes, parseTimes).map { $0 / $1 }
        return Figures(
            parseSeconds: median(parseTimes), engineSeconds: median(engineTimes), engineToParse: median(ratios),
            findings: findings)
    }

    /// The wall time of `body` in seconds; it gets a deadline `timeout` after its start.
    private static func time(timeout: Duration, _ body: (ContinuousClock.Instant) throws -> Void) throws -> Double {
        let started = ContinuousClock.now
        try body(started + timeout)
        return (ContinuousClock.now - started).seconds
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    private static func check(_ deadline: ContinuousClock.Instant) throws {
        guard ContinuousClock.now < deadline, !StopSignal.isRequested else {
            throw BenchFailure("an in-process stage did not finish in time (or was interrupted)")
        }
    }
}

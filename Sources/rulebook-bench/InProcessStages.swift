import Foundation
import RulebookCore
import RulebookPipeline
import RulebookWire
import SwiftParser

/// The in-process stages: SwiftParser alone over every file (the floor), and the validator's
/// work (front end and rules) over every spec. The two alternate spec by spec (a spec's files
/// parsed, then the spec checked), `repeats` times over the corpus: this machine has slowdown
/// episodes of tens of milliseconds, longer than either step, so an episode weighs on both
/// sides of the engine-to-parse ratio alike instead of on whichever pass it fell in.
enum InProcessStages {
    /// Median seconds of each stage over the repeats, the median of the repeats' ratios, and
    /// the engine's findings by rule id.
    struct Figures {
        var parseSeconds: Double
        var engineSeconds: Double
        var engineToParse: Double
        var findings: [String: Int]
    }

    static func measure(_ corpus: Corpus, repeats: Int, timeout: Duration) throws -> Figures {
        let checker = SpecChecker()
        let specs = corpus.specs.map { spec in
            (event: CloudEvent(source: "rulebook://bench", runId: nil, data: spec), sources: (spec.files ?? []).map(\.contents))
        }
        var findings: [String: Int] = [:]
        var failure: RulebookError?
        var parseTimes: [Double] = []
        var engineTimes: [Double] = []
        for _ in 0..<max(repeats, 1) {
            let deadline = ContinuousClock.now + timeout
            var parse = Duration.zero
            var engine = Duration.zero
            findings = [:]
            for spec in specs {
                try check(deadline)
                let parseStart = ContinuousClock.now
                for source in spec.sources { _ = Parser.parse(source: source) }
                let engineStart = ContinuousClock.now
                do throws(RulebookError) {
                    for finding in try checker.check(spec.event, validator: "bench").findings {
                        findings[finding.ruleId, default: 0] += 1
                    }
                } catch {
                    failure = error
                }
                let engineEnd = ContinuousClock.now
                parse += engineStart - parseStart
                engine += engineEnd - engineStart
            }
            parseTimes.append(parse.seconds)
            engineTimes.append(engine.seconds)
        }
        if let failure { throw BenchFailure("a spec was rejected in process: \(failure.code): \(failure.message)") }
        let ratios = zip(engineTimes, parseTimes).map { $0 / $1 }
        return Figures(
            parseSeconds: median(parseTimes), engineSeconds: median(engineTimes), engineToParse: median(ratios),
            findings: findings)
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

import Foundation
import RulebookCore
import RulebookPipeline
import RulebookPostgresStore
import RulebookStore
import RulebookWire
import Testing

/// The same commands stored in SQLite and in PostgreSQL answer the same and read back the
/// same: acks, completions, and every report of every run byte for byte.
@Suite(.enabled(if: TestPostgres.url != nil, TestPostgres.missing))
struct StoreContractTests {
    /// A fresh SQLite file and a fresh PostgreSQL database, given to `body` in that order.
    static func withBothStores(_ body: (any ResultStore, PostgresResultStore) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/rulebook-contract-\(UUID().uuidString).sqlite"
        let database = try TestPostgres.Database()
        defer {
            database.drop()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try body(try SQLiteResultStore(path: path), try database.store())
    }

    static func finding(_ rule: String, _ severity: Severity, _ file: String, _ line: Int?, pointer: String? = nil, print: String) -> Finding {
        Finding(
            ruleId: rule, severity: severity, message: "\(rule) in \(file)",
            location: SourceLocation(file: file, line: line, column: line.map { _ in 5 }, endLine: line, endColumn: line.map { _ in 9 }, pointer: pointer),
            fingerprint: print,
            // Every other finding carries a fix: both stores keep it, and keep its absence.
            fix: line.map { $0 % 2 == 0 } == true
                ? Fix(kind: .fix, summary: "f", edits: [TextEdit(file: file, byteOffset: 5, byteLength: 4, replacement: "é")])
                : pointer.map { Fix(kind: .fix, summary: "p", patch: [JSONPatchOperation(op: .replace, path: $0, value: .boolean(false))]) })
    }

    static func validated(_ id: String, source: String = "rulebook://check/ci/1", _ findings: [Finding]) -> SpecValidated {
        SpecValidated(
            specId: id, specSource: source, feature: "Feature\(id)", origin: .swiftSource, dialect: .modern,
            findings: findings, validator: "validator-1", durationMicros: 42)
    }

    /// File names whose byte order (SQLite's) differs from a natural-language order.
    static let files = ["é/Zeta.swift", "_Private.swift", "a/alpha.swift", "B/Beta.swift", "Z.swift"]

    /// Two `rulebook check` runs (the second fixes one finding and adds another), each with a
    /// rejected spec, resent and duplicate specs, a declared spec's pointer findings, and a
    /// service run that expects no count; the outcome of every batch.
    static func storeTwoRuns(in store: any ResultStore) throws -> [StoreOutcome] {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let kept = files.enumerated().map { index, file in
            finding("state-must-be-struct", index % 2 == 0 ? .error : .warning, file, index == 1 ? nil : 3 + index, print: "kept\(index)")
        }
        let declared = [
            finding("action-generic-case", .note, "Profile.rulebook.json", nil, pointer: "/action/cases/1", print: "declared"),
            finding("action-generic-case", .note, "Profile.rulebook.json", nil, pointer: "/action/cases/0", print: "declared0"),
        ]
        let fixedLater = finding("reducer-default-case", .error, "a/alpha.swift", 3, print: "fixed")
        let newLater = finding("view-missing-view-store", .warning, "_Private.swift", 1, print: "new")
        let rejected = SpecRejected(specId: "broken", specSource: "rulebook://check/ci/1", error: .invalidUTF8, stage: .validator)
        var outcomes: [StoreOutcome] = []
        for (index, run) in ["first", "second"].enumerated() {
            let source = "rulebook://check/ci/\(index + 1)"
            var rejection = rejected
            rejection.specSource = source
            let now = start.addingTimeInterval(Double(index) * 60)
            outcomes.append(try store.apply([
                .validated(runId: run, validated("1", source: source, Array(kept.prefix(3)))),
                .openRun(RunOpened(runId: run, expectedSpecs: 4, tool: "rulebook check", paths: ["Sources", "Ü ber"])),
            ], now: now))
            outcomes.append(try store.apply([
                .validated(runId: run, validated("2", source: source, Array(kept.dropFirst(3)) + [index == 0 ? fixedLater : newLater])),
                .validated(runId: run, validated("1", source: source, [])),
                .rejected(runId: run, rejection),
                .rejected(runId: nil, SpecRejected(specId: nil, specSource: nil, error: .emptyMessage, stage: .persister)),
            ], now: now.addingTimeInterval(1)))
            outcomes.append(try store.apply([
                .validated(runId: run, validated("3", source: source, declared)),
                .rejected(runId: run, rejection),
                .openRun(RunOpened(runId: run, expectedSpecs: 4, tool: "rulebook check", paths: ["Sources", "Ü ber"])),
            ], now: now.addingTimeInterval(2)))
            try store.recordHistory(
                RunHistory(
                    gitCommit: "c0ffee\(index)", configHash: "f00d", sourceRoot: "/work/tree-\(index)", host: "ci-\(index)",
                    startedAt: Timestamp.string(from: now), finishedAt: Timestamp.string(from: now.addingTimeInterval(3)),
                    durationMillis: 3_000, validators: 2, specSource: source,
                    specFiles: ["1": ["Sources/A.swift", "Sources/B.swift"], "2": ["Sources/C.swift"], "3": ["Profile.rulebook.json"]]),
                ofRun: run)
        }
        outcomes.append(try store.apply([
            .openRun(RunOpened(runId: "serve-1", expectedSpecs: nil, tool: "rulebook-producer serve", paths: [])),
            .validated(runId: "serve-1", validated("pushed", source: "rulebook://client/h/7", [kept[0]])),
        ], now: start.addingTimeInterval(500)))
        return outcomes
    }

    /// Every report of every run, and the difference between the runs, as rendered.
    static func renderings(of store: any ResultStore) throws -> [String] {
        var rendered: [String] = []
        for run in try store.runs() {
            let document = try StoredReport.load(runId: run.id, from: store)
            for format in ReportFormat.allCases { rendered.append(ReportRenderer.render(document, as: format)) }
        }
        let latest = try StoredReport.resolve(StoredReport.latest, in: store)
        let run = try StoredReport.resolve("second", in: store)
        let previous = try StoredReport.resolve(StoredReport.previous, in: store, before: run)
        let diff = RunDiff(
            run: try StoredReport.load(runId: run, from: store).report, since: try StoredReport.load(runId: previous, from: store).report)
        rendered += RunDiffRenderer.formats.map { RunDiffRenderer.render(diff, as: $0) }
        rendered.append("latest \(latest), previous of second \(previous)")
        return rendered
    }

    @Test func theSameRunsGiveTheSameAcksAndReportsByteForByte() throws {
        try Self.withBothStores { sqlite, postgres in
            let expected = try Self.storeTwoRuns(in: sqlite)
            let got = try Self.storeTwoRuns(in: postgres)
            #expect(got.map(\.acks) == expected.map(\.acks))
            #expect(got.map(\.completedRuns) == expected.map(\.completedRuns))
            #expect(got.map(\.anonymousRejections) == expected.map(\.anonymousRejections))
            #expect(try postgres.runs() == sqlite.runs())

            let reports = try Self.renderings(of: sqlite)
            let postgresReports = try Self.renderings(of: postgres)
            #expect(reports.count == postgresReports.count)
            for (sqliteReport, postgresReport) in zip(reports, postgresReports) {
                #expect(postgresReport == sqliteReport)
            }
            // The reports hold what the contract is about: the byte order of files, the
            // difference between the runs.
            let diff = try #require(reports.dropLast().last)
            #expect(diff.contains("\"new\"") && diff.contains("\"fixed\""))
            #expect(reports.last == "latest serve-1, previous of second first")
        }
    }

    @Test func findingsReadBackInTheEnginesOrderWithMissingLinesFirst() throws {
        try Self.withBothStores { sqlite, postgres in
            for store in [sqlite, postgres as any ResultStore] { _ = try Self.storeTwoRuns(in: store) }
            let findings = try postgres.findings(ofRun: "first")
            #expect(findings == (try sqlite.findings(ofRun: "first")))
            #expect(findings.map(\.file).first == "B/Beta.swift")
            #expect(findings.filter { $0.file == "Profile.rulebook.json" }.map(\.pointer) == ["/action/cases/0", "/action/cases/1"])
        }
    }

    @Test func verdictsReadBackAsTheValidatorsReportedThem() throws {
        try Self.withBothStores { sqlite, postgres in
            for store in [sqlite, postgres as any ResultStore] { _ = try Self.storeTwoRuns(in: store) }
            for run in ["first", "second", "serve-1"] {
                #expect(try postgres.verdicts(ofRun: run) == sqlite.verdicts(ofRun: run))
            }
            // The first copy of each spec, findings in the validator's order, not the engine's.
            let verdicts = try postgres.verdicts(ofRun: "first")
            #expect(verdicts.map(\.specId) == ["1", "2", "3"])
            #expect(verdicts.first?.findings.count == 3)
            #expect(verdicts.last?.findings.map(\.pointer) == ["/action/cases/1", "/action/cases/0"])
        }
    }

    @Test func hostileTextIsStoredVerbatim() throws {
        try Self.withBothStores { sqlite, postgres in
            let hostile = "x'); DROP TABLE specs; -- \u{1B}[31m ' \" \\ $1"
            let spec = SpecValidated(
                specId: hostile, specSource: "\"; DELETE FROM runs; --", feature: hostile, origin: .declared,
                dialect: .modern, findings: [Self.finding(hostile, .error, hostile, 1, print: hostile)], validator: "v'", durationMicros: 1)
            for store in [sqlite, postgres as any ResultStore] {
                let outcome = try store.apply([.validated(runId: hostile, spec), .validated(runId: hostile, spec)])
                #expect(outcome.acks.map(\.duplicate) == [false, true])
                #expect(outcome.acks.last?.findings == spec.findings)
                #expect(try store.summary(ofRun: hostile) == RunSummary(specs: 1, validated: 1, rejected: 0, errors: 1, warnings: 0, notes: 0, duplicates: 1))
            }
        }
    }

    @Test func unknownRunsCannotBeRecordedAndIncompleteRunsSaySo() throws {
        try Self.withBothStores { sqlite, postgres in
            for store in [sqlite, postgres as any ResultStore] {
                _ = try store.apply([.openRun(RunOpened(runId: "open", expectedSpecs: 2, tool: "t", paths: []))])
                _ = try store.apply([.validated(runId: "open", Self.validated("1", []))])
                #expect(try !store.isCompleted(run: "open"))
                #expect(try store.run(id: "missing") == nil)
                #expect(throws: RulebookError.runNotFound("missing")) {
                    try store.recordHistory(
                        RunHistory(
                            gitCommit: nil, configHash: nil, sourceRoot: nil, host: nil, startedAt: "s", finishedAt: "f",
                            durationMillis: 0, validators: 0, specSource: "s", specFiles: [:]),
                        ofRun: "missing")
                }
            }
        }
    }
}

import Foundation

/// Where people wait for `rulebook check`, each next to `swift format lint` on the same input
/// in the same run (runs alternate, so both see the same machine): one file, a whole tree
/// checked afresh (`--no-cache`), and the same tree re-checked unchanged from a warm cache.
struct WaitStages {
    /// One row: medians of alternating runs and their ratio.
    struct Row: Codable {
        var input: String
        var rulebookSeconds: Double
        var swiftFormatSeconds: Double
        var target: Double
        var ratio: Double { rulebookSeconds / swiftFormatSeconds }
    }

    /// Targets of issue 20, as ratios to swift-format.
    enum Target {
        static let oneFile = 2.0
        static let cold = 0.15
        static let warm = 0.05
    }

    let corpus: String
    let oneFile: String
    let binaries: URL
    let swiftFormat: [String]
    let repeats: Int
    let timeout: Duration

    /// The three rows; the warm row's cache is a fresh folder, filled by one run first.
    func measure() throws -> [Row] {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-bench-cache-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let warm = ["--cache-path", cache]
        _ = try check([corpus] + warm)
        return [
            try row("one file (\(URL(fileURLWithPath: oneFile).lastPathComponent))", [oneFile, "--no-cache"], lint: [oneFile], Target.oneFile),
            try row("whole tree, cold (`--no-cache`)", [corpus, "--no-cache"], lint: ["--parallel", "-r", corpus], Target.cold),
            try row("whole tree, warm cache, unchanged", [corpus] + warm, lint: ["--parallel", "-r", corpus], Target.warm),
        ]
    }

    private func row(_ input: String, _ checkArguments: [String], lint: [String], _ target: Double) throws -> Row {
        // One untimed run of each first: the file cache and the dynamic linker warm up.
        _ = try check(checkArguments)
        _ = try swiftFormatLint(lint)
        var checks: [Double] = []
        var lints: [Double] = []
        for _ in 0..<max(repeats, 1) {
            checks.append(try check(checkArguments))
            lints.append(try swiftFormatLint(lint))
        }
        return Row(input: input, rulebookSeconds: Self.median(checks), swiftFormatSeconds: Self.median(lints), target: target)
    }

    private func check(_ arguments: [String]) throws -> Double {
        let run = try ChildProcess.time(
            name: "rulebook check", executable: binaries.appendingPathComponent("rulebook"),
            arguments: ["check"] + arguments + ["--format", "json", "--output", "/dev/null"], timeout: timeout)
        guard run.status == 0 || run.status == 1 else { throw BenchFailure("rulebook check \(arguments) exited with \(run.status)") }
        return run.seconds
    }

    private func swiftFormatLint(_ arguments: [String]) throws -> Double {
        guard let program = swiftFormat.first else { throw BenchFailure("--swift-format is empty") }
        let executable = program.contains("/") ? URL(fileURLWithPath: program) : try CommandStages.lookUp(program)
        let run = try ChildProcess.time(
            name: "swift-format", executable: executable, arguments: Array(swiftFormat.dropFirst()) + ["lint"] + arguments,
            timeout: timeout)
        guard run.status == 0 || run.status == 1 else { throw BenchFailure("swift-format lint exited with \(run.status)") }
        return run.seconds
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

import Foundation

/// The stages that time whole commands on the corpus: `rulebook check` (the real binary,
/// which starts its own persister and validators) and `swift format lint --parallel`, each
/// the median of `repeats` runs, every run bounded by `timeout`.
struct CommandStages {
    let corpus: String
    let binaries: URL
    let repeats: Int
    let timeout: Duration

    /// Seconds of `rulebook check CORPUS --workers N --no-cache` (exit 0 or 1: findings are
    /// expected).
    func check(validators: Int) throws -> Double {
        let arguments = ["check", corpus, "--workers", "\(validators)", "--no-cache", "--format", "json", "--output", "/dev/null"]
        return try median { () throws -> Double in
            let run = try ChildProcess.time(
                name: "rulebook check", executable: binaries.appendingPathComponent("rulebook"),
                arguments: arguments, timeout: timeout)
            guard run.status == 0 || run.status == 1 else {
                throw BenchFailure("rulebook check --workers \(validators) exited with \(run.status)")
            }
            return run.seconds
        }
    }

    /// Seconds of `COMMAND lint --parallel -r CORPUS`; `command` is `swift format` or a
    /// swift-format executable.
    func swiftFormat(command: [String]) throws -> Double {
        guard let program = command.first else { throw BenchFailure("--swift-format is empty") }
        let executable = program.contains("/") ? URL(fileURLWithPath: program) : try Self.lookUp(program)
        let arguments = Array(command.dropFirst()) + ["lint", "--parallel", "-r", corpus]
        return try median { () throws -> Double in
            let run = try ChildProcess.time(name: "swift-format", executable: executable, arguments: arguments, timeout: timeout)
            // Lint warnings are not failures; a crash or a missing tool is.
            guard run.status == 0 || run.status == 1 else {
                throw BenchFailure("\(command.joined(separator: " ")) lint exited with \(run.status)")
            }
            return run.seconds
        }
    }

    private func median(_ body: () throws -> Double) throws -> Double {
        var times: [Double] = []
        for _ in 0..<max(repeats, 1) { times.append(try body()) }
        return times.sorted()[times.count / 2]
    }

    /// `name` found on `PATH`.
    static func lookUp(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw BenchFailure("\(name) is not on PATH")
    }
}

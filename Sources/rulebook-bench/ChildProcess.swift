import Foundation
import RulebookPipeline

/// A child process the bench started: always stopped (SIGTERM, a bounded wait, SIGKILL),
/// and waited for only until a deadline.
final class ChildProcess {
    /// What the bench calls it (`validator-1`, `swift-format`).
    let name: String
    private let process = Process()

    /// Starts `executable` with `arguments`; output goes to `/dev/null` unless `log` names a file.
    init(name: String, executable: URL, arguments: [String], log: URL? = nil) throws {
        self.name = name
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
    }

    deinit { stop() }

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }

    /// Whether it still runs.
    var isRunning: Bool { process.isRunning }

    /// Waits until it exits or `deadline` passes; returns its exit status, or `nil` after
    /// stopping it at the deadline.
    func wait(until deadline: ContinuousClock.Instant) -> Int32? {
        while process.isRunning {
            guard ContinuousClock.now < deadline, !StopSignal.isRequested else {
                stop()
                return nil
            }
            usleep(1_000)
        }
        return process.terminationStatus
    }

    /// SIGTERM, then SIGKILL after `grace`; returns when it has exited.
    func stop(grace: Duration = .seconds(5)) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + grace
        while process.isRunning && ContinuousClock.now < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Runs a command to completion and returns its wall time in seconds and its exit
    /// status; fails when it outlives `timeout`.
    static func time(
        name: String, executable: URL, arguments: [String], timeout: Duration
    ) throws -> (seconds: Double, status: Int32) {
        let started = ContinuousClock.now
        let child = try ChildProcess(name: name, executable: executable, arguments: arguments)
        guard let status = child.wait(until: started + timeout) else {
            throw BenchFailure("\(name) did not finish within \(timeout)")
        }
        return ((ContinuousClock.now - started).seconds, status)
    }
}

/// A stage that could not produce its figure.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

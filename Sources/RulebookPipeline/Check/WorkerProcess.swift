import Foundation
import RulebookCore

/// A worker started as a child process by `rulebook check`. Its stdout is discarded (the
/// report owns stdout); its stderr (logs) is inherited. ``stop()`` never leaves it behind:
/// SIGTERM, a bounded wait, then SIGKILL.
public final class WorkerProcess {
    /// `persister`, `validator-2` …
    public let name: String
    private let process: Process

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Starts `executable` with `arguments`, and `environment` over this process's.
    public static func launch(
        name: String, executable: URL, arguments: [String], environment: [String: String] = [:]
    ) throws(RulebookError) -> WorkerProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A private ipc pipeline needs no CURVE: the security variables would configure the
        // children differently from the parent's own sockets.
        let security = Set(SocketSecurity.Variable.allCases.map(\.rawValue))
        process.environment = ProcessInfo.processInfo.environment.filter { !security.contains($0.key) }
            .merging(environment) { _, given in given }
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .workerStartFailed(name: name, reason: "\(executable.path): \((error as NSError).localizedDescription)")
        }
        return WorkerProcess(name: name, process: process)
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Throws ``RulebookError/workerExited(name:status:)`` if the worker is no longer running.
    public func checkAlive() throws(RulebookError) {
        guard !process.isRunning else { return }
        throw .workerExited(name: name, status: process.terminationStatus)
    }

    /// How long a worker may take to exit after its SIGTERM: it stores or sends what it holds.
    public static let stopGrace = Duration.seconds(5)

    /// Stops the workers together: SIGTERM to all, then SIGKILL to any still running after
    /// `grace`. Returns when every one has exited.
    public static func stop(_ workers: [WorkerProcess], grace: Duration = stopGrace) {
        let running = workers.filter { $0.process.isRunning }
        running.forEach { $0.process.terminate() }
        let deadline = ContinuousClock.now + grace
        while running.contains(where: { $0.process.isRunning }) && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        for worker in running where worker.process.isRunning {
            kill(worker.process.processIdentifier, SIGKILL)
            worker.process.waitUntilExit()
        }
    }

    /// The worker executable `name` (`rulebook-persister`) in ``binaryFolder()``. SwiftPM
    /// builds the executables a package plugin runs as `NAME-tool`: that name is taken when
    /// the plain one is not there.
    public static func executable(named name: String) -> URL {
        let folder = binaryFolder()
        let plain = folder.appendingPathComponent(name)
        let pluginTool = folder.appendingPathComponent(name + "-tool")
        let isPluginTool = !FileManager.default.fileExists(atPath: plain.path) && FileManager.default.fileExists(atPath: pluginTool.path)
        return isPluginTool ? pluginTool : plain
    }

    /// The folder holding the worker executables: `RULEBOOK_BIN_DIR`, else the folder of the
    /// running executable.
    public static func binaryFolder() -> URL {
        if let folder = ProcessInfo.processInfo.environment["RULEBOOK_BIN_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return currentExecutable().deletingLastPathComponent()
    }

    /// The running executable, links resolved.
    public static func currentExecutable() -> URL {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.resolvingSymlinksInPath()
    }
}

import Foundation
import RulebookCore
import RulebookWire
import RulebookPipeline

/// `rulebook mcp` driven over its stdin and stdout the way an MCP client drives it: one
/// JSON-RPC request written, its answer read, then the next. It times warm calls of
/// `check_declared_spec` (the bench's declared spec) and of `check_swift_source` with one
/// file of the same feature, each from the request's write to the answer's last byte.
struct MCPStage {
    /// Calls made, untimed, before the timed ones.
    static let warmUpCalls = 20

    let binaries: URL
    /// The server's working folder (the corpus).
    let folder: String
    let timeout: Duration

    /// The stage's figures for `calls` timed calls of each tool.
    func measure(declared: DeclaredSpec, file: SourceFile, calls: Int) throws -> MCPFigures {
        let server = try MCPServerProcess(executable: binaries.appendingPathComponent("rulebook"), folder: folder, timeout: timeout)
        defer { server.stop() }
        _ = try server.call(
            "initialize",
            ["protocolVersion": "2025-06-18", "capabilities": [String: String](), "clientInfo": ["name": "rulebook-bench", "version": "1"]])
        try server.notify("notifications/initialized")
        let spec = try JSONSerialization.jsonObject(with: JSONEncoder().encode(declared))
        let declaredCall: [String: Any] = ["name": "check_declared_spec", "arguments": ["spec": spec]]
        let swiftCall: [String: Any] = [
            "name": "check_swift_source", "arguments": ["files": [["path": file.path, "contents": file.contents]]],
        ]
        let declaredMillis = try timedCalls(declaredCall, count: calls, on: server)
        let swiftMillis = try timedCalls(swiftCall, count: calls, on: server)
        return MCPFigures(
            calls: calls, declaredBytes: try JSONEncoder().encode(declared).count, fileLines: file.contents.split(separator: "\n").count,
            declared: Percentiles(declaredMillis), swiftSource: Percentiles(swiftMillis))
    }

    /// Milliseconds of each of `count` calls of `tools/call` with `parameters`, after the
    /// warm-up. The request is encoded before the clock starts and the answer read after it
    /// stops, so the figure is the server's and the pipe's, not this client's JSON.
    private func timedCalls(_ parameters: [String: Any], count: Int, on server: MCPServerProcess) throws -> [Double] {
        let encodedParameters = try JSONSerialization.data(withJSONObject: parameters)
        var millis: [Double] = []
        for index in 0..<(Self.warmUpCalls + count) {
            let (request, id) = server.request("tools/call", encodedParameters: encodedParameters)
            let started = ContinuousClock.now
            let line = try server.exchange(request)
            let elapsed = ContinuousClock.now - started
            let answer = try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
            guard answer["id"] as? Int == id, let result = answer["result"] as? [String: Any], result["isError"] == nil,
                result["structuredContent"] != nil
            else { throw BenchFailure("rulebook mcp did not check: \(String(decoding: line, as: UTF8.self).prefix(500))") }
            if index >= Self.warmUpCalls {
                millis.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
            }
        }
        return millis
    }
}

/// The p50 and p99 (nearest rank) of a sample, in milliseconds.
struct Percentiles: Codable {
    var p50: Double
    var p99: Double
    var max: Double

    init(_ sample: [Double]) {
        let sorted = sample.sorted()
        let rank = { (fraction: Double) in sorted[Swift.max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)] }
        p50 = rank(0.5)
        p99 = rank(0.99)
        max = sorted.last ?? 0
    }
}

/// `rulebook mcp`'s figures.
struct MCPFigures: Codable {
    /// Timed calls of each tool.
    var calls: Int
    /// Size of the declared spec as JSON.
    var declaredBytes: Int
    /// Lines of the Swift file checked.
    var fileLines: Int
    var declared: Percentiles
    var swiftSource: Percentiles
}

/// A `rulebook mcp` child on pipes, spoken to one request at a time.
private final class MCPServerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()
    private var nextId = 1
    private let timeout: Duration

    init(executable: URL, folder: String, timeout: Duration) throws {
        self.timeout = timeout
        process.executableURL = executable
        process.arguments = ["mcp", "--workers", "2"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends a request and returns its answer.
    func call(_ method: String, _ parameters: [String: Any]) throws -> [String: Any] {
        let (request, _) = self.request(method, encodedParameters: try JSONSerialization.data(withJSONObject: parameters))
        return try JSONSerialization.jsonObject(with: try exchange(request)) as? [String: Any] ?? [:]
    }

    /// A request line with the next id, and that id.
    func request(_ method: String, encodedParameters: Data) -> (line: Data, id: Int) {
        let id = nextId
        nextId += 1
        var line = Data(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":"#.utf8)
        line.append(encodedParameters)
        line.append(contentsOf: Array("}\n".utf8))
        return (line, id)
    }

    /// Writes a request line and returns the next line the server writes (it answers one
    /// request at a time and sends nothing else unasked).
    func exchange(_ request: Data) throws -> Data {
        try input.fileHandleForWriting.write(contentsOf: request)
        return try readLine()
    }

    func notify(_ method: String) throws {
        try write(["jsonrpc": "2.0", "method": method])
    }

    /// Closes stdin (the server then stops its workers and exits), with SIGKILL as a last resort.
    func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private func write(_ message: [String: Any]) throws {
        var line = try JSONSerialization.data(withJSONObject: message)
        line.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: line)
    }

    private func readLine() throws -> Data {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffered[buffered.startIndex..<newline]
                buffered = Data(buffered[(newline + 1)...])
                return Data(line)
            }
            var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard ContinuousClock.now < deadline, !StopSignal.isRequested else { throw BenchFailure("rulebook mcp did not answer in time") }
            guard poll(&ready, 1, 100) > 0 else { continue }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchFailure("rulebook mcp closed its stdout") }
            buffered.append(chunk)
        }
    }
}

import Foundation

/// Every figure of one bench run; encoded as the `--json` output.
struct BenchReport: Codable {
    var machine: MachineFigures
    var corpus: CorpusFigures
    /// SwiftParser over every file, seconds (the floor).
    var parseSeconds: Double
    /// Front end and rules over every spec in process, seconds.
    var engineSeconds: Double
    /// The median ratio of engine to parse passes made side by side.
    var engineToParse: Double
    /// Findings of the in-process engine by rule id.
    var findings: [String: Int]
    /// Violations the corpus generator planted, by rule id (`manifest.json`).
    var planted: [String: Int]?
    /// `swift format lint --parallel -r CORPUS`, seconds.
    var swiftFormatSeconds: Double?
    /// `rulebook check CORPUS`, by number of validators.
    var check: [CheckFigures]
    /// Where people wait: one file, cold and warm trees, next to swift-format.
    var wait: [WaitStages.Row]
    /// CPU per declared spec of each worker's step, in process.
    var declaredSteps: DeclaredStepFigures
    var throughput: ThroughputFigures
    var latency: LatencyFigures
    /// Peak resident memory of each service worker over the load stages.
    var peakMemory: [WorkerMemory]
    var soak: [SoakSeries]?
    /// Warm `rulebook mcp` calls.
    var mcp: MCPFigures?

    /// Whether the engine found exactly the planted violations, when they are known.
    var foundPlanted: Bool? {
        planted.map { planted in planted.allSatisfy { findings[$0.key, default: 0] == $0.value } }
    }
}

/// The machine the figures were taken on.
struct MachineFigures: Codable {
    var cores: Int
    var memoryGiB: Double
    var cpu: String
    var os: String

    /// This machine.
    static var current: MachineFigures {
        let info = ProcessInfo.processInfo
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        return MachineFigures(
            cores: info.activeProcessorCount, memoryGiB: Double(info.physicalMemory) / 1_073_741_824, cpu: model,
            os: info.operatingSystemVersionString)
    }
}

struct CorpusFigures: Codable {
    var path: String
    var files: Int
    var lines: Int
    var specs: Int
}

struct CheckFigures: Codable {
    var validators: Int
    var seconds: Double
}

struct ThroughputFigures: Codable {
    /// Length of the counted window.
    var seconds: Double
    var specsPerSecond: Double
    /// Specs sent during the stage (warm-up and window).
    var sent: Int
    /// Acks that reported a rejection (expected 0).
    var rejected: Int
    /// CPU time each worker spent per acknowledged spec during the window, microseconds.
    var cpuMicrosPerSpec: [String: Double]
}

/// Send-to-ack latency at a fixed offered rate, in milliseconds.
struct LatencyFigures: Codable {
    var rate: Int
    var seconds: Double
    var samples: Int
    /// Specs never acknowledged.
    var missing: Int
    var rejected: Int
    var p50: Double
    var p99: Double
    var p999: Double
    var max: Double
    /// CPU time each worker spent per acknowledged spec during the stage, microseconds.
    var cpuMicrosPerSpec: [String: Double]
    /// CPU time of the whole machine (every process and the kernel's threads) per acknowledged
    /// spec during the stage, microseconds.
    var machineCPUMicrosPerSpec: Double
}

struct WorkerMemory: Codable {
    var worker: String
    /// `VmHWM`, MiB.
    var peakMegabytes: Double
}

/// A worker's resident memory (`VmRSS`) or the size of the persister's WAL file, in MiB,
/// sampled once a second during the soak.
struct SoakSeries: Codable {
    var worker: String
    /// What was sampled: `RSS` or `WAL file`.
    var quantity: String
    var megabytes: [Double]

    /// The series is flat when, after a warm-up (the first quarter of the soak: queues and
    /// caches filling), the second half of the samples peaks no higher than the first half
    /// (within 5%, at least 1 MiB): a leak keeps raising the peak.
    var isFlat: Bool {
        guard megabytes.count >= 8 else { return false }
        let settled = megabytes.dropFirst(megabytes.count / 4)
        let middle = settled.startIndex + settled.count / 2
        let earlier = settled[..<middle].max()!
        let later = settled[middle...].max()!
        return later <= earlier + Swift.max(earlier * 0.05, 1)
    }
}

/// The figures of the service pipeline's stages.
struct ServiceFigures {
    var throughput: ThroughputFigures
    var latency: LatencyFigures
    /// Peak resident memory of each worker over the load stages.
    var memory: [WorkerMemory]
    var soak: [SoakSeries]?
}

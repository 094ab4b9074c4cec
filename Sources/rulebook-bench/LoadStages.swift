import Foundation
import Histogram

/// The stages run against the service pipeline: sustained throughput under back-pressure,
/// latency at a fixed offered rate, and a memory soak. Each is bounded in time and ends
/// by waiting (boundedly) for the acks of what it sent, so the next starts from an idle
/// pipeline.
struct LoadStages {
    let client: LoadClient
    let pipeline: ServicePipeline
    /// Longest wait for the acks still in flight at the end of a stage.
    let drainTimeout: Duration

    /// Pushes specs as fast as back-pressure allows for a warm-up second, then counts acks
    /// for `seconds`: specs per second sustained, and each worker's CPU time per spec.
    func throughput(seconds: Double) throws -> ThroughputFigures {
        let firstSequence = client.nextSequence
        var outstanding = Set<Int>()
        var counted = 0
        var rejected = 0
        let windowStart = ContinuousClock.now + .seconds(1)
        let windowEnd = windowStart + .milliseconds(Int(seconds * 1_000))
        var cpuAtStart: [Double]?
        var lastCheck = ContinuousClock.now
        while ContinuousClock.now < windowEnd {
            if cpuAtStart == nil && ContinuousClock.now >= windowStart { cpuAtStart = cpuSeconds() }
            var burst = 0
            while burst < 256, let sequence = try client.trySend() {
                outstanding.insert(sequence)
                burst += 1
            }
            try client.readAcks(timeoutMillis: burst == 0 ? 1 : 0) { ack in
                guard outstanding.remove(ack.sequence) != nil else { return }
                if ContinuousClock.now >= windowStart { counted += 1 }
                if case .rejected = ack { rejected += 1 }
            }
            if ContinuousClock.now - lastCheck > .milliseconds(500) {
                try client.checkRunning(pipeline)
                lastCheck = .now
            }
        }
        let cpuPerSpec = cpuMicrosPerSpec(since: cpuAtStart ?? pipeline.workers.map { _ in 0 }, specs: counted)
        let sent = client.nextSequence - firstSequence
        try drain(&outstanding) { if case .rejected = $0 { rejected += 1 } }
        return ThroughputFigures(
            seconds: seconds, specsPerSecond: Double(counted) / seconds, sent: sent, rejected: rejected,
            cpuMicrosPerSpec: cpuPerSpec)
    }

    private func cpuSeconds() -> [Double] {
        pipeline.workers.map { ProcessStats.cpuSeconds(of: $0.pid) ?? 0 }
    }

    /// Each worker's CPU time since `start` (from ``cpuSeconds()``) per spec of `specs`, in
    /// microseconds, by worker name.
    private func cpuMicrosPerSpec(since start: [Double], specs: Int) -> [String: Double] {
        let end = cpuSeconds()
        var perSpec: [String: Double] = [:]
        for (index, worker) in pipeline.workers.enumerated() {
            perSpec[worker.name] = (end[index] - start[index]) * 1e6 / Double(max(specs, 1))
        }
        return perSpec
    }

    /// Sends `rate` specs per second for `seconds` (open loop: on schedule whatever the acks
    /// do) and records each spec's time from send to ack receipt; with a `log` path, also
    /// writes every spec's send time and latency there as CSV.
    func latency(rate: Int, seconds: Double, log: String? = nil) throws -> LatencyFigures {
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var sentAt: [Int: ContinuousClock.Instant] = [:]
        var rejected = 0
        var logged: [(sequence: Int, sent: Duration, latency: Duration)] = []
        let interval = Duration.seconds(1) / rate
        let cpuAtStart = cpuSeconds()
        let machineAtStart = ProcessStats.machineBusySeconds() ?? 0
        let started = ContinuousClock.now
        let end = started + .milliseconds(Int(seconds * 1_000))
        var nextSend = started
        var lastCheck = started
        let record = { (ack: AckScanner.Ack) in
            guard let sent = sentAt.removeValue(forKey: ack.sequence) else { return }
            if log != nil { logged.append((ack.sequence, sent - started, .now - sent)) }
            let micros = (ContinuousClock.now - sent).seconds * 1e6
            _ = histogram.record(UInt64(max(micros, 1)))
            if case .rejected = ack { rejected += 1 }
        }
        while ContinuousClock.now < end {
            while nextSend <= ContinuousClock.now {
                guard let sequence = try client.trySend() else { break }
                sentAt[sequence] = .now
                nextSend += interval
            }
            try client.readAcks(timeoutMillis: 1, record)
            if ContinuousClock.now - lastCheck > .milliseconds(500) {
                try client.checkRunning(pipeline)
                lastCheck = .now
            }
        }
        let deadline = ContinuousClock.now + drainTimeout
        while !sentAt.isEmpty && ContinuousClock.now < deadline {
            try client.readAcks(timeoutMillis: 10, record)
            try client.checkRunning(pipeline)
        }
        let cpuPerSpec = cpuMicrosPerSpec(since: cpuAtStart, specs: Int(histogram.totalCount))
        let machineAtEnd = ProcessStats.machineBusySeconds() ?? 0
        let acknowledged = Double(max(histogram.totalCount, 1))
        if let log { try Self.write(logged.sorted { $0.sequence < $1.sequence }, to: log) }
        let millis = { (percentile: Double) in Double(histogram.valueAtPercentile(percentile)) / 1_000 }
        return LatencyFigures(
            rate: rate, seconds: seconds, samples: Int(histogram.totalCount), missing: sentAt.count, rejected: rejected,
            p50: millis(50), p99: millis(99), p999: millis(99.9), max: Double(histogram.max) / 1_000,
            cpuMicrosPerSpec: cpuPerSpec, machineCPUMicrosPerSpec: (machineAtEnd - machineAtStart) * 1e6 / acknowledged)
    }

    /// Writes the latency stage's specs as CSV: send time and latency, milliseconds.
    private static func write(_ specs: [(sequence: Int, sent: Duration, latency: Duration)], to path: String) throws {
        var csv = "sent_ms,latency_ms\n"
        for spec in specs {
            csv += String(format: "%.3f,%.3f\n", spec.sent.seconds * 1e3, spec.latency.seconds * 1e3)
        }
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Sends `rate` specs per second for `seconds`, sampling every worker's resident memory
    /// and the size of the persister's WAL file once a second.
    func soak(seconds: Int, rate: Int) throws -> [SoakSeries] {
        var samples = pipeline.workers.map { SoakSeries(worker: $0.name, quantity: "RSS", megabytes: []) }
        var log = SoakSeries(worker: "persister", quantity: "WAL file", megabytes: [])
        var outstanding = Set<Int>()
        let interval = Duration.seconds(1) / rate
        let started = ContinuousClock.now
        var nextSample = started
        var nextSend = started
        while ContinuousClock.now < started + .seconds(seconds) {
            if ContinuousClock.now >= nextSample {
                for (index, worker) in pipeline.workers.enumerated() {
                    samples[index].megabytes.append(ProcessStats.currentMemory(of: worker.pid).map(Self.megabytes) ?? 0)
                }
                let logSize = pipeline.writeAheadLog.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0
                log.megabytes.append(Self.megabytes(logSize))
                nextSample += .seconds(1)
                try client.checkRunning(pipeline)
            }
            while nextSend <= ContinuousClock.now {
                guard let sequence = try client.trySend() else { break }
                outstanding.insert(sequence)
                nextSend += interval
            }
            try client.readAcks(timeoutMillis: 1) { outstanding.remove($0.sequence) }
        }
        try drain(&outstanding) { _ in }
        return samples + [log]
    }

    /// Reads acks until every outstanding spec has one.
    private func drain(_ outstanding: inout Set<Int>, _ body: (AckScanner.Ack) -> Void) throws {
        let deadline = ContinuousClock.now + drainTimeout
        while !outstanding.isEmpty {
            guard ContinuousClock.now < deadline else {
                throw BenchFailure("\(outstanding.count) specs were not acknowledged within \(drainTimeout) of the end of the stage")
            }
            try client.readAcks(timeoutMillis: 10) { ack in
                if outstanding.remove(ack.sequence) != nil { body(ack) }
            }
            try client.checkRunning(pipeline)
        }
    }

    /// Bytes as MiB.
    static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}

extension AckScanner.Ack {
    /// The acknowledged spec's sequence number.
    var sequence: Int {
        switch self {
        case .validated(let sequence), .rejected(let sequence): sequence
        }
    }
}

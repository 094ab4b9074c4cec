import Foundation
import RulebookCore
import RulebookWire

/// Renders a ``PipelineStatus`` as a table for people or as one JSON document.
public enum StatusRenderer {
    /// The JSON document `rulebook status --format json` prints.
    public struct Document: Codable, Sendable, Equatable {
        public var workers: [PipelineStatus.Worker]
        public var queueDepth: Int?
        public var throughput: Double?
        public var lastErrors: [PipelineStatus.WorkerError]
    }

    /// The status as pretty-printed JSON with sorted keys.
    public static func json(_ status: PipelineStatus) -> String {
        let document = Document(
            workers: status.workers, queueDepth: status.queueDepth, throughput: status.throughput, lastErrors: status.lastErrors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values cannot fail.
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// One line per worker (role, name, pid, counters, rate), then totals and the latest errors.
    public static func text(_ status: PipelineStatus, window seconds: Double) -> String {
        let workers = status.workers
        guard !workers.isEmpty else { return "no heartbeats in \(number(seconds)) s\n" }
        let header = ["ROLE", "WORKER", "PID", "RECEIVED", "DONE", "REJECTED", "RATE/S", "QUEUE", "RESENT", "DUPLICATES"]
        let rows = workers.map(row)
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        var lines = ([header] + rows).map { row in
            row.enumerated().map { column, cell in cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let counts = Dictionary(grouping: workers, by: \.role).mapValues(\.count)
        let live = [WorkerRole.producer, .validator, .persister].map { "\(counts[$0] ?? 0) \($0.rawValue)(s)" }
        lines.append("")
        lines.append(
            "live: \(live.joined(separator: ", ")) · queue depth: \(status.queueDepth.map(String.init) ?? "unknown")"
                + " · throughput: \(status.throughput.map { number($0) + " specs/s" } ?? "unknown") (heard for \(number(seconds)) s)")
        let errors = status.lastErrors
        if !errors.isEmpty {
            lines.append("last errors:")
            // Every field came over the wire from another process.
            lines += errors.map { error in
                "  " + [error.error.time, error.worker + ":", error.error.code + ":", error.error.message].map(TerminalText.escaped)
                    .joined(separator: " ")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ worker: PipelineStatus.Worker) -> [String] {
        let rate: String = worker.perSecond.map(number) ?? "-"
        let queue: String = worker.queueDepth.map(String.init) ?? "-"
        let resent: String = worker.resent.map(String.init) ?? "-"
        let duplicates: String = worker.duplicates.map(String.init) ?? "-"
        let done = "\(worker.processed) \(doneLabel(worker.role))"
        return [
            worker.role.rawValue, TerminalText.escaped(worker.worker), String(worker.pid), String(worker.received), done,
            String(worker.rejected), rate, queue, resent, duplicates,
        ]
    }

    private static func doneLabel(_ role: WorkerRole) -> String {
        switch role {
        case .producer: "forwarded"
        case .validator: "validated"
        case .persister: "stored"
        }
    }

    /// At most one decimal: `2`, `2.5`.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}

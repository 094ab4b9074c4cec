import Foundation

/// The bench report as a Markdown table: one row per figure, with the issue's target and
/// whether it holds.
enum MarkdownTable {
    /// Targets of issue 6.
    enum Target {
        static let checkToSwiftFormat = 0.25
        static let engineToParse = 2.0
        static let specsPerSecond = 20_000.0
        static let p99Millis = 5.0
        static let validatorMegabytes = 64.0
        /// Issue 21: warm `rulebook mcp` calls.
        static let mcpDeclaredP50Millis = 5.0
        static let mcpSwiftP50Millis = 10.0
    }

    static func render(_ report: BenchReport) -> String {
        var rows: [[String]] = []
        let machine = report.machine
        rows.append(["Machine", "\(machine.cores) cores, \(format(machine.memoryGiB, 1)) GiB, \(machine.cpu)", "", ""])
        rows.append(["Corpus", "\(report.corpus.files) files, \(report.corpus.lines) lines, \(report.corpus.specs) specs", "", ""])
        rows += inProcessRows(parseSeconds: report.parseSeconds, engineSeconds: report.engineSeconds, ratio: report.engineToParse)
        if let planted = report.planted {
            let found = planted.keys.sorted().map { "\($0) \(report.findings[$0, default: 0])/\(planted[$0]!)" }
            rows.append(["Planted violations found", found.joined(separator: ", "), "all", verdict(report.foundPlanted == true)])
        }
        if let swiftFormat = report.swiftFormatSeconds {
            rows.append(["swift format lint --parallel", seconds(swiftFormat), "", ""])
        }
        for check in report.check {
            var value = seconds(check.seconds)
            var target = ""
            var met = ""
            if let swiftFormat = report.swiftFormatSeconds {
                let ratio = check.seconds / swiftFormat
                value += " (\(format(ratio, 2))× swift-format)"
                if check.validators == 2 {
                    target = "≤ \(format(Target.checkToSwiftFormat, 2))× swift-format"
                    met = verdict(ratio <= Target.checkToSwiftFormat)
                }
            }
            rows.append(["rulebook check, \(check.validators) validator\(check.validators == 1 ? "" : "s")", value, target, met])
        }
        rows += waitRows(report.wait)
        rows += serviceRows(ServiceFigures(throughput: report.throughput, latency: report.latency, memory: report.peakMemory, soak: report.soak), steps: report.declaredSteps)
        if let mcp = report.mcp { rows += mcpRows(mcp) }
        return table(rows: rows)
    }

    /// Only where people wait (`--wait-only`).
    static func wait(_ rows: [WaitStages.Row]) -> String {
        table(rows: waitRows(rows))
    }

    private static func waitRows(_ rows: [WaitStages.Row]) -> [[String]] {
        rows.map { row in
            [
                "rulebook check, \(row.input)",
                "\(seconds(row.rulebookSeconds)) vs swift format lint \(seconds(row.swiftFormatSeconds)): \(format(row.ratio, 2))×",
                "≤ \(format(row.target, 2))×", verdict(row.ratio <= row.target),
            ]
        }
    }

    /// Only the `rulebook mcp` figures (`--mcp-only`).
    static func mcp(_ figures: MCPFigures) -> String {
        table(rows: mcpRows(figures))
    }

    private static func mcpRows(_ figures: MCPFigures) -> [[String]] {
        let row = { (label: String, value: Percentiles, target: Double) -> [String] in
            [
                "\(label), warm, stdio round trip (\(figures.calls) calls)",
                "p50 \(ms(value.p50)), p99 \(ms(value.p99)), max \(ms(value.max))", "p50 ≤ \(format(target, 0)) ms",
                verdict(value.p50 <= target),
            ]
        }
        return [
            row("rulebook mcp check_declared_spec (\(figures.declaredBytes) bytes)", figures.declared, Target.mcpDeclaredP50Millis),
            row("rulebook mcp check_swift_source, one file (\(figures.fileLines) lines)", figures.swiftSource, Target.mcpSwiftP50Millis),
        ]
    }

    /// Only the service pipeline's figures (`--service-only`).
    static func service(_ services: ServiceFigures) -> String {
        table(rows: serviceRows(services, steps: nil))
    }

    private static func serviceRows(_ services: ServiceFigures, steps: DeclaredStepFigures?) -> [[String]] {
        var rows: [[String]] = []
        let throughput = services.throughput
        rows.append([
            "Declared specs, producer → 2 validators → persister",
            "\(Int(throughput.specsPerSecond.rounded())) specs/s over \(format(throughput.seconds, 0)) s",
            "≥ \(Int(Target.specsPerSecond)) specs/s", verdict(throughput.specsPerSecond >= Target.specsPerSecond && throughput.rejected == 0),
        ])
        rows.append(["CPU per declared spec (µs)", byWorker(throughput.cpuMicrosPerSpec, services.memory), "", ""])
        if let steps { rows.append(stepsRow(steps)) }
        let latency = services.latency
        rows.append([
            "Latency at \(latency.rate) specs/s (send → ack)",
            "p50 \(ms(latency.p50)), p99 \(ms(latency.p99)), p99.9 \(ms(latency.p999)), max \(ms(latency.max)) (\(latency.samples) specs\(latency.missing > 0 ? ", \(latency.missing) unacknowledged" : ""))",
            "p99 ≤ \(format(Target.p99Millis, 0)) ms", verdict(latency.p99 <= Target.p99Millis && latency.missing == 0),
        ])
        rows.append([
            "CPU per declared spec at \(latency.rate) specs/s (µs)",
            byWorker(latency.cpuMicrosPerSpec, services.memory) + "; whole machine \(Int(latency.machineCPUMicrosPerSpec.rounded()))",
            "", "",
        ])
        for worker in services.memory {
            let isValidator = worker.worker.hasPrefix("validator")
            rows.append([
                "Peak RSS, \(worker.worker)", "\(format(worker.peakMegabytes, 1)) MiB",
                isValidator ? "≤ \(format(Target.validatorMegabytes, 0)) MiB" : "",
                isValidator ? verdict(worker.peakMegabytes <= Target.validatorMegabytes) : "",
            ])
        }
        for series in services.soak ?? [] {
            let first = series.megabytes.first ?? 0
            let last = series.megabytes.last ?? 0
            rows.append([
                "Soak \(series.megabytes.count) s at \(services.latency.rate) specs/s, \(series.worker) \(series.quantity)",
                "\(format(first, 1)) → \(format(last, 1)) MiB (max \(format(series.megabytes.max() ?? 0, 1)))", "flat",
                verdict(series.isFlat),
            ])
        }
        return rows
    }

    /// Only the in-process figures (`--in-process-only`).
    static func inProcess(_ figures: InProcessStages.Figures, steps: DeclaredStepFigures, codecs: [CodecComparison.Row]) -> String {
        table(
            rows: inProcessRows(parseSeconds: figures.parseSeconds, engineSeconds: figures.engineSeconds, ratio: figures.engineToParse)
                + [stepsRow(steps)] + codecs.map(codecRow))
    }

    private static func codecRow(_ row: CodecComparison.Row) -> [String] {
        [
            "\(row.event): decode + encode, 1 core (µs per event)",
            "codec \(format(row.codecMicros, 1)), Foundation JSONDecoder/JSONEncoder \(format(row.foundationMicros, 1)) (\(format(row.foundationMicros / max(row.codecMicros, 0.001), 1))×)",
            "", "",
        ]
    }

    /// `figures` by worker, rounded, in the order of `workers`: `persister 27, validator-1 28, …`.
    private static func byWorker(_ figures: [String: Double], _ workers: [WorkerMemory]) -> String {
        workers.map { "\($0.worker) \(Int((figures[$0.worker] ?? 0).rounded()))" }.joined(separator: ", ")
    }

    private static func stepsRow(_ steps: DeclaredStepFigures) -> [String] {
        [
            "Declared spec steps in process, 1 core (µs per spec)",
            "intake \(format(steps.intakeMicros, 1)), validator \(format(steps.validatorMicros, 1)), persister \(format(steps.persisterMicros, 1)) (one spec per transaction: \(format(steps.persisterSingleMicros, 1))), producer's ack read \(format(steps.ackMicros, 1)) (\(steps.specs) specs)",
            "", "",
        ]
    }

    /// `ratio`: the median ratio of paired passes (not the ratio of the two medians).
    private static func inProcessRows(parseSeconds: Double, engineSeconds: Double, ratio: Double) -> [[String]] {
        [
            ["Parse only (SwiftParser, 1 core)", seconds(parseSeconds), "floor", ""],
            [
                "Rule engine in process (front end + rules, 1 core)", "\(seconds(engineSeconds)) (\(format(ratio, 2))× parse)",
                "≤ \(format(Target.engineToParse, 0))× parse", verdict(ratio <= Target.engineToParse),
            ],
        ]
    }

    /// The table with its header: every table the bench prints has the same four columns.
    private static func table(rows: [[String]]) -> String {
        let header = ["Measure", "Value", "Target", "Met"]
        let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        return ([line(header), line(header.map { _ in "---" })] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    private static func verdict(_ met: Bool) -> String { met ? "yes" : "**no**" }

    private static func seconds(_ value: Double) -> String { format(value, 3) + " s" }

    private static func ms(_ value: Double) -> String { format(value, 2) + " ms" }

    static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}

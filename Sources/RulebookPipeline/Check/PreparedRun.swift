import Foundation
import RulebookCore
import RulebookWire

/// A run of `rulebook check` ready to send: the specs for the validators, and the specs
/// rejected before sending — files the scan could not read and specs too large for one
/// message — which go to the persister as `spec.rejected`, so each is reported with its code
/// while the rest of the run is checked.
struct PreparedRun {
    var opened: CloudEvent<RunOpened>
    var specs: [CloudEvent<SpecSubmitted>]
    var rejections: [CloudEvent<SpecRejected>]
    /// The files each spec of the run (sent or rejected) covers, by spec id, as reports name them.
    var files: [String: [String]]

    /// The run of `scan`'s specs and problems, with `opened` counting them all.
    init(scan: SpecScan, opened: RunOpened, source: String, maxMessageBytes: Int) {
        var opened = opened
        var rejected: [(error: RulebookError, files: [String])] = scan.unreadable.map { ($0.error, [$0.path]) }
        specs = []
        files = [:]
        let codec = EventCodec()
        for spec in scan.specs {
            let event = CloudEvent(source: source, runId: opened.runId, data: spec)
            let covered = Self.files(of: spec)
            // Escaping can grow text at most sixfold (`\u0000`): smaller Swift specs always fit.
            // A declared spec's size is not known without encoding it.
            if Self.mayExceed(spec, maxMessageBytes), case let bytes = codec.encode(event).count, bytes > maxMessageBytes {
                rejected.append((.inInput(location: covered.joined(separator: ", "), error: .messageTooLarge(bytes: bytes, limit: maxMessageBytes)), covered))
                continue
            }
            specs.append(event)
            files[event.id] = covered
        }
        rejections = rejected.map { error, covered in
            CloudEvent(
                source: source, runId: opened.runId,
                data: SpecRejected(specId: UUID().uuidString.lowercased(), specSource: source, error: error, stage: .intake))
        }
        for (rejection, problem) in zip(rejections, rejected) { files[rejection.data.specId!] = problem.files }
        opened.expectedSpecs = specs.count + rejections.count
        self.opened = CloudEvent(source: source, runId: opened.runId, data: opened)
    }

    /// Whether there is anything to check or report.
    var isEmpty: Bool { specs.isEmpty && rejections.isEmpty }

    /// The files a spec covers, as reports name them.
    static func files(of spec: SpecSubmitted) -> [String] {
        if let files = spec.files { return files.map(\.path) }
        guard let declared = spec.declared else { return [] }
        return [declared.file ?? "\(declared.feature).rulebook.json"]
    }

    /// Whether `spec`'s message could be over `maxMessageBytes` (then it is measured).
    private static func mayExceed(_ spec: SpecSubmitted, _ maxMessageBytes: Int) -> Bool {
        guard let files = spec.files, spec.declared == nil else { return true }
        return files.reduce(0) { $0 + $1.contents.utf8.count } > maxMessageBytes / 8
    }
}

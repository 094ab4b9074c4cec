import Foundation
import Logging
import RulebookCore
import RulebookWire
import RulebookStore

/// What `rulebook check` reuses from earlier runs: each Swift file's index, found by the
/// file's text, and each spec's findings, found by the spec exactly as a validator would
/// receive it (its files, its project context, its configuration). A spec whose question is
/// unchanged gets the answer it got before; any change anywhere that could change the answer
/// changes the question. Entries of another build of Rulebook are never used (``identity``).
public final class ResultCache: Sendable {
    /// The name of the validator that answers from the cache, as the run history stores it.
    public static let validatorName = "cache"
    /// The size the cache is kept under unless told otherwise.
    public static let defaultMaximumBytes = CheckCache.defaultMaximumBytes

    let storage: CheckCache
    let codec = EventCodec()
    /// Indexes kept decoded between checks, for a server (``FileIndexMemo``).
    private let memo: FileIndexMemo?

    /// The cache in `folder`, for this build of Rulebook; with `memo`, the file indexes it
    /// reads or learns are also kept decoded there for the next check.
    public init(
        folder: String, maximumBytes: Int = ResultCache.defaultMaximumBytes, memo: FileIndexMemo? = nil
    ) throws(RulebookError) {
        storage = try CheckCache(folder: folder, identity: Self.identity(), maximumBytes: maximumBytes)
        self.memo = memo
    }

    /// The cache in `folder`, or `nil` with a warning when it cannot be opened: a cache that
    /// cannot be opened only makes checks slower.
    public static func opened(folder: String, maximumBytes: Int, memo: FileIndexMemo? = nil, logger: Logger) -> ResultCache? {
        do throws(RulebookError) {
            return try ResultCache(folder: folder, maximumBytes: maximumBytes, memo: memo)
        } catch {
            logger.warning("checking without the result cache", metadata: ["reason": "\(error.message)"])
            return nil
        }
    }

    /// The database file.
    public var path: String { storage.path }

    /// Whether the cache holds nothing yet: then it cannot answer, and nothing is gained by
    /// reading the run before the workers start.
    public var isEmpty: Bool { storage.isEmpty }

    // MARK: File indexes

    /// The cached index of each file, `nil` where there is none.
    func fileIndexes(of files: [SourceFile]) -> [FileIndex?] {
        var indexes = memo?.indexes(of: files) ?? Array(repeating: nil, count: files.count)
        let missing = indexes.indices.filter { indexes[$0] == nil }
        guard !missing.isEmpty else { return indexes }
        let decoder = JSONDecoder()
        let stored = storage.values(in: .fileIndex, for: missing.map { Array(files[$0].contents.utf8) })
        for (position, value) in zip(missing, stored) {
            indexes[position] = value.flatMap { try? decoder.decode(FileIndex.self, from: Data($0)) }
        }
        memo?.keep(missing.compactMap { position in indexes[position].map { (files[position], $0) } })
        return indexes
    }

    /// Keeps the index of each file (whatever path it was indexed under).
    func remember(_ indexes: [FileIndex], of files: [SourceFile]) {
        memo?.keep(zip(files, indexes).map { file, index in
            var index = index
            index.path = ""
            return (file, index)
        })
        let encoder = JSONEncoder()
        let entries = zip(files, indexes).compactMap { file, index -> (material: [UInt8], value: [UInt8])? in
            var index = index
            index.path = ""
            return (try? encoder.encode(index)).map { (Array(file.contents.utf8), Array($0)) }
        }
        storage.store(entries, in: .fileIndex)
    }

    // MARK: Verdicts

    /// The findings a validator gave each spec before, as this run's result for it (its id and
    /// source, ``validatorName``), `nil` where there is none.
    func verdicts(for specs: [CloudEvent<SpecSubmitted>]) -> [SpecValidated?] {
        let values = storage.values(in: .verdict, for: specs.map(question))
        return zip(specs, values).map { spec, value in
            guard let value, case .specValidated(let stored)? = try? codec.decode(value) else { return nil }
            return Self.answer(stored.data, to: spec)
        }
    }

    /// A cached verdict as this run's result for `spec`: its id and source, ``validatorName``.
    static func answer(_ stored: SpecValidated, to spec: CloudEvent<SpecSubmitted>) -> SpecValidated {
        var verdict = stored
        verdict.specId = spec.id
        verdict.specSource = spec.source
        verdict.validator = validatorName
        return verdict
    }

    /// Keeps each validator's verdict on its spec (verdicts from the cache are already kept).
    func remember(_ verdicts: [SpecValidated], of specs: [CloudEvent<SpecSubmitted>]) {
        let specById = Dictionary(specs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = verdicts.compactMap { verdict -> (material: [UInt8], value: [UInt8])? in
            guard verdict.validator != Self.validatorName, let spec = specById[verdict.specId] else { return nil }
            return (question(spec), codec.encode(Self.canonical(verdict)))
        }
        storage.store(entries, in: .verdict)
    }

    /// What decides a spec's verdict: the spec as encoded for a validator, without what
    /// differs between runs (event id, source, run, time).
    func question(_ spec: CloudEvent<SpecSubmitted>) -> [UInt8] {
        codec.encode(Self.canonical(spec.data))
    }

    /// `payload` in an event whose attributes are the same in every run.
    static func canonical<Payload: EventPayload>(_ payload: Payload) -> CloudEvent<Payload> {
        CloudEvent(source: "rulebook://cache", runId: nil, data: payload, id: "cache", time: Date(timeIntervalSince1970: 0))
    }

    // MARK: Identity

    /// This build of Rulebook: its rule-set version, and the size and modification time of the
    /// executables that index files and validate specs, so a rebuilt `rulebook` never trusts
    /// what an earlier build of the same version worked out.
    static func identity() -> String {
        let executables = [WorkerProcess.currentExecutable(), WorkerProcess.executable(named: "rulebook-validator")]
        let stamps = executables.map { url -> String in
            var status = stat()
            guard stat(url.path, &status) == 0 else { return "?" }
            return "\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return ([RuleRegistry.version] + stamps).joined(separator: "|")
    }
}

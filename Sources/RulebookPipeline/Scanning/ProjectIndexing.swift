import Dispatch
import Foundation
import RulebookCore
import RulebookSwiftSource
import RulebookWire

/// Gives each Swift spec of a run what the rest of the run's files say about its types
/// (``ProjectContext``), after joining the scanner's groups that are one feature
/// (``ProjectIndex/featureGroups(_:)``): every file is indexed once, on every core, and each
/// spec gets the part about the types its own files declare. A file whose text the cache
/// knows is not parsed again.
enum ProjectIndexing {
    /// `specs` joined into features, each Swift spec with its ``SpecSubmitted/project`` set;
    /// `iOSVersions` are the deployment targets the run's Xcode projects set. With `only`,
    /// just the features that hold one of those files (by name) are made, their context
    /// still from every file.
    static func withContext(
        _ specs: [SpecSubmitted], iOSVersions: [String] = [], cache: ResultCache? = nil, only: Set<String>? = nil
    ) -> Indexed {
        let files = specs.flatMap { $0.origin == .swiftSource ? $0.files ?? [] : [] }
        guard !files.isEmpty else { return Indexed(specs: specs, groups: specs.indices.map { [$0] }) }
        let indexes = index(files, cache: cache)
        let project = ProjectIndex(indexes, iOSVersions: iOSVersions)
        var next = 0
        let specIndexes = specs.map { spec -> [FileIndex] in
            guard spec.origin == .swiftSource, let count = spec.files?.count else { return [] }
            defer { next += count }
            return Array(indexes[next..<next + count])
        }
        let groups = project.featureGroups(specIndexes).map { group in
            // The group that declares the feature names it and comes first.
            let anchor = group.first { specIndexes[$0].contains(where: project.declaresFeature) } ?? group[0]
            return [anchor] + group.filter { $0 != anchor }
        }.filter { group in
            only.map { names in group.contains { specs[$0].files?.contains { names.contains($0.path) } ?? false } } ?? true
        }
        // Each spec's context is its own work: on every core, as the files' indexes are.
        let joined = Results(repeating: SpecSubmitted?.none, count: groups.count)
        DispatchQueue.concurrentPerform(iterations: groups.count) { position in
            let group = groups[position]
            var spec = Self.joined(group.map { specs[$0] })
            if spec.origin == .swiftSource, let specFiles = spec.files {
                spec.project = project.context(for: group.flatMap { specIndexes[$0] }, texts: specFiles.map(\.contents))
            }
            joined.set(spec, at: position)
        }
        return Indexed(specs: joined.values.compactMap { $0 }, groups: groups)
    }

    /// The specs of a run and how they came from the scanner's: each spec's positions among
    /// the scanned specs, the one that names it first.
    struct Indexed {
        var specs: [SpecSubmitted]
        var groups: [[Int]]
    }

    /// One spec of the scanner's groups `members` (the first names it): their files, in order.
    static func joined(_ members: [SpecSubmitted]) -> SpecSubmitted {
        guard var spec = members.first else { preconditionFailure("a feature group is never empty") }
        for member in members.dropFirst() { spec.files = (spec.files ?? []) + (member.files ?? []) }
        return spec
    }

    /// The index of each file, in order: from the cache, else parsed (and then cached).
    private static func index(_ files: [SourceFile], cache: ResultCache?) -> [FileIndex] {
        var indexes = cache?.fileIndexes(of: files) ?? Array(repeating: nil, count: files.count)
        let missing = indexes.indices.filter { indexes[$0] == nil }
        let parsed = parse(missing.map { files[$0] })
        cache?.remember(parsed, of: missing.map { files[$0] })
        for (position, index) in zip(missing, parsed) { indexes[position] = index }
        return zip(files, indexes).map { file, index in
            var index = index ?? FileIndex()
            index.path = file.path
            return index
        }
    }

    /// The index of each file, in order, parsed on every core. A file too deeply nested to
    /// parse safely tells nothing (its validator rejects it).
    private static func parse(_ files: [SourceFile]) -> [FileIndex] {
        let results = Results(repeating: FileIndex(), count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            let file = files[position]
            let index = (try? SwiftNesting.check(file)) == nil ? FileIndex() : FileIndexer.index(contents: file.contents)
            results.set(index, at: position)
        }
        return results.values
    }

    /// Results written from several threads, each to its own slot.
    private final class Results<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Value]

        init(repeating value: Value, count: Int) { slots = Array(repeating: value, count: count) }

        func set(_ value: Value, at position: Int) {
            lock.withLock { slots[position] = value }
        }

        var values: [Value] { lock.withLock { slots } }
    }
}

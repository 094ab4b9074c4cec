import Dispatch
import Foundation
import RulebookCore
import RulebookSwiftSource
import RulebookWire

/// Gives each Swift spec of a run what the rest of the run's files say about its types
/// (``ProjectContext``): every file is indexed once, on every core, and each spec gets the
/// part about the types its own files declare. A file whose text the cache knows is not
/// parsed again.
enum ProjectIndexing {
    /// `specs` with their ``SpecSubmitted/project`` set (Swift specs only); `iOSVersions` are
    /// the deployment targets the run's Xcode projects set.
    static func withContext(_ specs: [SpecSubmitted], iOSVersions: [String] = [], cache: ResultCache? = nil) -> [SpecSubmitted] {
        let files = specs.flatMap { $0.files ?? [] }
        guard !files.isEmpty else { return specs }
        let indexes = index(files, cache: cache)
        let project = ProjectIndex(indexes, iOSVersions: iOSVersions)
        var next = 0
        return specs.map { spec in
            guard let specFiles = spec.files, spec.origin == .swiftSource else { return spec }
            var spec = spec
            spec.project = project.context(for: Array(indexes[next..<next + specFiles.count]), texts: specFiles.map(\.contents))
            next += specFiles.count
            return spec
        }
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
        let results = Results(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
            let file = files[position]
            let index = (try? SwiftNesting.check(file)) == nil ? FileIndex() : FileIndexer.index(contents: file.contents)
            results.set(index, at: position)
        }
        return results.values
    }

    /// Results written from several threads, each to its own slot.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [FileIndex]

        init(count: Int) { slots = Array(repeating: FileIndex(), count: count) }

        func set(_ value: FileIndex, at position: Int) {
            lock.withLock { slots[position] = value }
        }

        var values: [FileIndex] { lock.withLock { slots } }
    }
}

import Foundation
import RulebookCore
@testable import RulebookPipeline
import Testing

/// The decoded file indexes a server keeps between checks give what the cache alone gives.
struct FileIndexMemoTests {
    @Test func aScanThroughTheMemoGivesTheContextsOfAScanWithoutIt() throws {
        let root = try SpecScannerTests.folder(with: WholeRunCacheTests.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = FileManager.default.temporaryDirectory.path + "/rb-memo-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let memo = FileIndexMemo()
        let remembered = try ResultCache(folder: folder, memo: memo)
        let plain = try ResultCache(folder: folder)
        var scanner = SpecScanner(root: root)
        let bare = try scanner.scan([root])
        scanner.cache = remembered
        let first = try scanner.scan([root])  // parses, and fills the cache and the memo
        let second = try scanner.scan([root])  // from the memo
        scanner.cache = plain
        let third = try scanner.scan([root])  // from the cache's file
        #expect(first.specs == bare.specs)
        #expect(second.specs == bare.specs)
        #expect(third.specs == bare.specs)
        let files = bare.specs.flatMap { $0.files ?? [] }
        #expect(memo.indexes(of: files).allSatisfy { $0 != nil })
    }

    @Test func theMemoEmptiesItselfRatherThanGrowPastItsLimit() {
        let memo = FileIndexMemo(limit: 2)
        let files = (0..<3).map { SourceFile(path: "F\($0).swift", contents: "struct F\($0) {}") }
        memo.keep(files.prefix(2).map { ($0, FileIndex()) })
        #expect(memo.indexes(of: files).map { $0 != nil } == [true, true, false])
        memo.keep([(files[2], FileIndex())])
        #expect(memo.indexes(of: files).map { $0 != nil } == [false, false, true])
    }
}

/// An editor's scan: only the features of its open documents, each with the context the
/// whole folder gives it.
struct OnlyFeaturesOfTests {
    @Test func onlyTheFeaturesHoldingTheNamedFilesAreMadeWithTheirWholeContext() throws {
        let root = try SpecScannerTests.folder(with: WholeRunCacheTests.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let whole = try SpecScanner(root: root).scan([root])
        var scanner = SpecScanner(root: root)
        scanner.onlyFeaturesOf = ["Login/LoginAction.swift"]
        let some = try scanner.scan([root])
        let expected = whole.specs.filter { $0.files?.contains { $0.path == "Login/LoginAction.swift" } ?? false }
        #expect(expected.count == 1)
        #expect(some.specs == expected)
    }
}

import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import RulebookSwiftSource

/// `SourceText.trimmed` slices a node's text from the source bytes; it must equal SwiftSyntax's
/// `trimmedDescription` for every node, in trees that parsed cleanly and in trees with
/// missing and unexpected tokens (at a node's edges too, where the two could part).
struct SourceTextTests {
    static let snippets = [
        "struct Feature { var count: Int = 0; let name: String }",
        "struct { }", "let x: = 1", "func f(", "var a: [Int", "enum Action { case . }", "case .a(let",
        "@Reducer struct F { var body: some ReducerOf<Self> { Reduce { state, action in switch action { } } } }",
        "let value = foo(bar:, baz)", "extension : View {}", "/* c */ struct S { @State var x = 1 // t\n}",
        "if #available(iOS 26.0, *) { view.glassEffect() } else", "class C: { init() }", "x = [1, 2,, 3]",
        "func g() -> { return }", "}}}", "typealias = Int", "@ var x",
    ]

    /// Trees with errors everywhere: the bundled examples' Swift files (every 8th, sorted),
    /// each cut short at four places and with one byte dropped from its middle, so tokens go
    /// missing at the edges of many kinds of node.
    static let damagedSources: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        return stride(from: 0, to: paths.count, by: 8).flatMap { index -> [String] in
            guard let text = try? String(contentsOf: root.appendingPathComponent(paths[index]), encoding: .utf8) else { return [] }
            let bytes = Array(text.utf8)
            let cuts = [1, 2, 3, 4].map { bytes.count * $0 / 5 }
            let middle = bytes.count / 2
            return cuts.map { String(decoding: bytes[..<$0], as: UTF8.self) }
                + [String(decoding: bytes[..<middle] + bytes[(middle + 1)...], as: UTF8.self)]
        }
    }()

    @Test(arguments: snippets)
    func trimmedEqualsTrimmedDescriptionInSnippets(source: String) {
        #expect(Self.mismatches(in: source).isEmpty)
    }

    @Test func trimmedEqualsTrimmedDescriptionInDamagedExamples() {
        #expect(Self.damagedSources.count >= 80)
        #expect(Self.damagedSources.filter { Parser.parse(source: $0).hasError }.count >= 60)
        for source in Self.damagedSources {
            let mismatches = Self.mismatches(in: source)
            #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        }
    }

    /// Nodes whose sliced text differs from their `trimmedDescription`.
    private static func mismatches(in source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let text = SourceText(contents: source)
        let collector = NodeCollector(viewMode: .all)
        collector.walk(tree)
        return collector.nodes.compactMap { node in
            let sliced = text.trimmed(node)
            return sliced == node.trimmedDescription ? nil : "\(node.kind): \(sliced.debugDescription) ≠ \(node.trimmedDescription.debugDescription)"
        }
    }
}

/// Every node of a tree, missing ones included.
private final class NodeCollector: SyntaxAnyVisitor {
    var nodes: [Syntax] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }
}

import Foundation
import RulebookCore
import RulebookSwiftSource
import Testing

struct SwiftNestingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Real code stays far below the limits: every Swift file of the examples and the corpus.
    @Test func realCodeIsWellWithinTheLimits() throws {
        var checked = 0
        for folder in ["Examples", "Tests/Fixtures/Corpus", "Sources"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                let measure = SwiftNesting.measure(text)
                #expect(measure.levels <= SwiftNesting.defaultMaxLevels / 4, "\(folder)/\(relative):\(measure.levelsLine)")
                #expect(measure.squareBrackets <= 4, "\(folder)/\(relative):\(measure.squareBracketsLine)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func bracketsInterpolationsAndPoundIfCount() {
        #expect(SwiftNesting.measure("let x = [[1], [2]]").squareBrackets == 2)
        #expect(SwiftNesting.measure("f(g(h(1)))").levels >= 3)
        #expect(SwiftNesting.measure(#"let s = "\(a("\(b)"))""#).levels >= 3)
        #expect(SwiftNesting.measure("#if A\n#if B\nlet x = 1\n#endif\n#endif\n").levels == 2)
    }

    @Test func commentsAndStringsDoNotCount() {
        let text = """
            // ((((( [[[[[ {{{{{ try try try
            /* nested /* ((((( */ [[[[[ */
            let s = "(((( [[[[ {{{{ \\" [[[["
            let r = #"[[[[ "# + \"\"\"
                [[[[[[[[[[ ((((((((
                \"\"\"
            """
        let measure = SwiftNesting.measure(text)
        #expect(measure.squareBrackets == 0)
        #expect(measure.levels <= 2)
    }

    @Test func closedGenericsAndComparisonsDoNotAccumulate() {
        let generics = String(repeating: "let a: Dictionary<String, Array<Int>> = [:]\n", count: 1_000)
        #expect(SwiftNesting.measure(generics).levels <= 4)
        let comparisons = String(repeating: "if a<b && c>d || e<f { x() }\n", count: 1_000)
        #expect(SwiftNesting.measure(comparisons).levels <= 4)
        let chains = String(repeating: "Text(\"a\")\n    .font(.title)\n    .padding()\n", count: 1_000)
        #expect(SwiftNesting.measure(chains).levels <= 12)
    }

    @Test func chainsThatTheParserNestsCount() {
        #expect(SwiftNesting.measure("let x = " + String(repeating: "try ", count: 300) + "a").levels >= 300)
        #expect(SwiftNesting.measure("let x: " + String(repeating: "A<B,\n", count: 300) + "B").levels >= 300)
        #expect(SwiftNesting.measure("let x: " + String(repeating: "A ->\n", count: 300) + "A").levels >= 300)
        let elseIf = "if a {}" + String(repeating: "\nelse if let a = b, c {}", count: 300)
        #expect(SwiftNesting.measure(elseIf).levels >= 300)
        // Separate statements do not add up.
        #expect(SwiftNesting.measure(String(repeating: "if a {} else if b {}\n", count: 300)).levels <= 4)
        #expect(SwiftNesting.measure(String(repeating: "let x = try await f()\n", count: 300)).levels <= 4)
    }

    /// Strings with slashes, divisions, comments and regex literals read as SwiftSyntax reads them.
    @Test func slashesStringsAndRegexesDoNotAccumulate() {
        let text = String(repeating: """
            let p = "a/b/(c" + x / 2 // half (of
            let r = /[a-z(]+/
            let q = a / "x/y" + "((((("
            let s = #"[[[[ \\(x) "#
            let c = '['

            """, count: 300)
        let measure = SwiftNesting.measure(text)
        #expect(measure.levels <= 4)
        #expect(measure.squareBrackets <= 1)
    }

    @Test func tooDeepIsRB114WithPathAndLine() {
        let file = SourceFile(path: "Deep.swift", contents: "import Foundation\n\nlet x = " + String(repeating: "[", count: 9) + "1" + String(repeating: "]", count: 9))
        #expect(throws: RulebookError.sourceTooDeep(path: "Deep.swift", line: 3, depth: 9, limit: 8, squareBrackets: true)) {
            try SwiftNesting.check(file)
        }
        let chain = SourceFile(path: "Chain.swift", contents: "\nlet x = " + String(repeating: "try ", count: 300) + "a")
        #expect(throws: RulebookError.sourceTooDeep(path: "Chain.swift", line: 2, depth: 300, limit: 256, squareBrackets: false)) {
            try SwiftNesting.check(chain)
        }
        #expect(RulebookError.sourceTooDeep(path: "Deep.swift", line: 3, depth: 9, limit: 8, squareBrackets: true).description
            .hasPrefix("RB114: source 'Deep.swift' nests square brackets 9 deep at line 3, over the limit of 8"))
    }
}

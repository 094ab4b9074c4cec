import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The domain (`Sources/RulebookCore`) reads no clock, no randomness, no files, no environment
/// and starts no processes: whoever needs a time, an id or a file's bytes reads them outside
/// (the wire format, the pipeline) and passes them in.
///
/// The sources are read with SwiftParser, not searched as text: the rules quote `Date()`,
/// `FileManager.default` and `Int.random(in:)` in their documentation and in the Swift
/// examples they check, all inside string literals or comments, while code hidden in a
/// string interpolation (`"\(Date())"`) is still code. The parser tells these apart exactly as
/// the compiler does; a hand-written filter would have to get raw strings, multi-line strings
/// and nested interpolations right on its own.
struct DomainPurityTests {
    static let domain = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RulebookCore")

    /// Names that reach the clock, the random generator, the file system, the environment or
    /// other processes wherever they appear in code.
    static let forbiddenNames: Set<String> = [
        "FileManager", "FileHandle", "ProcessInfo", "Process", "fopen", "fread", "getenv", "setenv",
        "SystemRandomNumberGenerator", "arc4random", "arc4random_uniform", "randomElement", "shuffled", "shuffle",
        "ContinuousClock", "SuspendingClock", "DispatchTime", "DispatchWallTime", "clock_gettime", "gettimeofday",
        "CFAbsoluteTimeGetCurrent", "timeIntervalSinceNow", "URLSession",
    ]

    /// Argument labels of the calls that read or write files (`Data(contentsOf:)`,
    /// `String(contentsOfFile:)`, `write(to:atomically:)`, `write(toFile:atomically:)`).
    static let forbiddenLabels: Set<String> = ["contentsOf", "contentsOfFile", "atomically"]

    static func swiftFiles() -> [URL] {
        let files = FileManager.default.enumerator(at: domain, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    /// Each use in `source` of the clock, randomness, files, the environment or processes, as
    /// `line: what`.
    static func impurities(in source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let tokens = Array(tree.tokens(viewMode: .sourceAccurate))
        var found: [String] = []
        for (index, token) in tokens.enumerated() {
            let text = token.text
            let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let afterNext = index + 2 < tokens.count ? tokens[index + 2].text : ""
            let previous = index > 0 ? tokens[index - 1].text : ""
            let impure: Bool
            switch token.tokenKind {
            case .stringSegment:
                // A device path in code (`open("/dev/urandom", …)`); the rules' own examples
                // never name one.
                impure = text.contains("/dev/")
            case .identifier:
                impure = forbiddenNames.contains(text)
                    || (forbiddenLabels.contains(text) && next == ":")
                    // `Date()`, `Date.now`, `UUID()`.
                    || ((text == "Date" || text == "UUID") && next == "(" && afterNext == ")")
                    || (text == "Date" && next == "." && afterNext == "now")
                    // `Int.random(in:)`, `Bool.random()`.
                    || (text == "random" && previous == "." && next == "(")
            default:
                impure = false
            }
            if impure {
                found.append("\(converter.location(for: token.positionAfterSkippingLeadingTrivia).line): \(text)")
            }
        }
        return found
    }

    @Test func theDomainHasSourcesToCheck() {
        #expect(Self.swiftFiles().count > 50)
    }

    @Test func theDomainReadsNoClockRandomnessFilesOrEnvironment() throws {
        for file in Self.swiftFiles() {
            let source = try String(contentsOf: file, encoding: .utf8)
            let found = Self.impurities(in: source)
            #expect(found.isEmpty, "\(file.path.replacingOccurrences(of: Self.domain.path + "/", with: "")): \(found)")
        }
    }

    /// The check itself: code is found, the same words in strings and comments are not.
    @Test func codeIsFoundAndQuotedCodeIsNot() {
        let impure = #"""
            let stamp = Date()
            let later = Date.now
            let id = UUID()
            let roll = Int.random(in: 1...6)
            let text = try String(contentsOfFile: path)
            let home = ProcessInfo.processInfo.environment["HOME"]
            let interpolated = "at \(Date())"
            let device = open("/dev/urandom", O_RDONLY)
            """#
        #expect(Self.impurities(in: impure) == [
            "1: Date", "2: Date", "3: UUID", "4: random", "5: contentsOfFile", "6: ProcessInfo", "7: Date", "8: /dev/urandom",
        ])
        let quoted = ##"""
            // Date() in a comment; /* FileManager.default */
            /// `Int.random(in:)` in documentation.
            let rationale = "reading the clock, `Date()`, `Date.now`, `FileManager.default`"
            let example = """
                state.todos.insert(Todo(id: UUID(), createdAt: Date()), at: 0)
                """
            let raw = #"let x = Data(contentsOf: url) \(Date())"#
            let update = state.date(from: now)
            """##
        #expect(Self.impurities(in: quoted).isEmpty)
    }
}

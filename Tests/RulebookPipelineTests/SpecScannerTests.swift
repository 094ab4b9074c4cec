import Foundation
import RulebookCore
import RulebookPipeline
import Testing

struct SpecScannerTests {
    static func folder(with files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.path + "/rb-scan-\(UUID().uuidString.prefix(8))"
        for (path, contents) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func legacyFilesAreGroupedByPrefixPerFolderOthersAreOneSpecEach() throws {
        let root = try Self.folder(with: [
            "Login/LoginState.swift": "struct LoginState {}",
            "Login/LoginAction.swift": "enum LoginAction {}",
            "Login/LoginView.swift": "struct LoginView {}",
            "Login/LoginEnvironment+Mock.swift": "extension LoginEnvironment {}",
            "Login/Helpers.swift": "",
            "Other/LoginState.swift": "struct LoginState {}",
            "Modern/CounterFeature.swift": "",
            "Domain/FeedError.swift": "", "Domain/FeedError+LocalizedError.swift": "",
            "Declared/Profile.rulebook.json": #"{"feature": "Profile"}"#,
            ".hidden/SecretState.swift": "",
            "Templates/TCA.xctemplate/___FILEBASENAME___.swift": "struct ___VARIABLE_name___State {}",
            "Docs/App.docc/Resources/01-01-code-0001.swift": "struct CounterFeature {}",
            "notes.txt": "",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let specs = try SpecScanner(root: root).specs(in: [root])
        let summary = specs.map { spec in
            "\(spec.feature):\(spec.origin.rawValue):" + (spec.files?.map(\.path).sorted().joined(separator: ",") ?? spec.declared?.file ?? "")
        }
        #expect(summary.sorted() == [
            "CounterFeature:swift-source:Modern/CounterFeature.swift",
            "FeedError:swift-source:Domain/FeedError+LocalizedError.swift,Domain/FeedError.swift",
            "Helpers:swift-source:Login/Helpers.swift",
            "Login:swift-source:Login/LoginAction.swift,Login/LoginEnvironment+Mock.swift,Login/LoginState.swift,Login/LoginView.swift",
            "Login:swift-source:Other/LoginState.swift",
            "Profile:declared:Declared/Profile.rulebook.json",
        ])
    }

    @Test func missingPathIsAnInputError() {
        do {
            _ = try SpecScanner().specs(in: ["/no/such/rulebook/path"])
            Issue.record("scanned a missing path")
        } catch {
            #expect(error.code == "RB111")
            #expect(error.exitCode == 2)
        }
    }

    @Test func invalidDeclaredSpecFileNamesTheFile() throws {
        let root = try Self.folder(with: ["Bad.rulebook.json": #"{"feature": 1}"#])
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try SpecScanner(root: root).specs(in: [root])
            Issue.record("accepted a bad declared spec")
        } catch {
            #expect(error.code == "RB104")
            #expect(error.message.contains("Bad.rulebook.json"))
        }
    }

    @Test func everyBadFileIsReportedWithItsCodeAndTheOthersAreStillScanned() throws {
        let root = try Self.folder(with: [
            "Login/LoginState.swift": "struct LoginState {}",
            "Login/LoginAction.swift": "enum LoginAction {}",
            "Good.swift": "struct Good {}",
            "Truncated.rulebook.json": #"{"feature": "#,
            "Deep.rulebook.json": #"{"feature": "A", "state": "# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
            "List.rulebook.json": "[]",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        FileManager.default.createFile(atPath: root + "/Login/LoginView.swift", contents: Data([0x73, 0xFF, 0xFE, 0x00]))
        let big = SpecScanner.maximumSourceBytes + 1
        FileManager.default.createFile(atPath: root + "/Generated.swift", contents: Data(repeating: 0x20, count: big))
        try FileManager.default.createSymbolicLink(atPath: root + "/Dangling.swift", withDestinationPath: "nowhere.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/LoopA.swift", withDestinationPath: "LoopB.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/LoopB.swift", withDestinationPath: "LoopA.swift")
        #expect(mkfifo(root + "/Pipe.swift", 0o600) == 0)

        let scan = try SpecScanner(root: root).scan([root])
        let specs = scan.specs.map { "\($0.feature):" + ($0.files?.map(\.path).sorted().joined(separator: ",") ?? "") }
        // The unreadable view leaves its feature; the rest of the feature is checked.
        #expect(specs.sorted() == ["Good:Good.swift", "Login:Login/LoginAction.swift,Login/LoginState.swift"])
        let problems = Dictionary(uniqueKeysWithValues: scan.unreadable.map { ($0.path, $0.error) })
        #expect(problems.mapValues(\.code) == [
            "Login/LoginView.swift": "RB111", "Generated.swift": "RB110", "Dangling.swift": "RB111", "LoopA.swift": "RB111",
            "LoopB.swift": "RB111", "Pipe.swift": "RB111", "Truncated.rulebook.json": "RB100", "Deep.rulebook.json": "RB109",
            "List.rulebook.json": "RB104",
        ])
        #expect(problems["Login/LoginView.swift"]?.message.contains("not UTF-8") == true)
        #expect(problems["Dangling.swift"]?.message.contains("symbolic link to a file that does not exist") == true)
        #expect(problems["LoopA.swift"]?.message.contains("loop of symbolic links") == true)
        #expect(problems["Pipe.swift"]?.message.contains("not a regular file") == true)
        #expect(problems.allSatisfy { path, error in error.message.contains(path) })
        // The strict form fails on the first bad file.
        #expect(throws: RulebookError.self) { try SpecScanner(root: root).specs(in: [root]) }
    }
}

struct PathFilterTests {
    @Test(arguments: [
        ("Tests", "Tests/A.swift", true), ("Tests", "Sources/Tests.swift", false), ("Tests/", "Tests/x/B.swift", true),
        ("**/Generated/**", "Sources/Generated/A.swift", true), ("**/Generated/**", "Generated/A.swift", true),
        ("*.generated.swift", "Sources/A.generated.swift", true), ("*.generated.swift", "Sources/A.swift", false),
        ("./Legacy", "Legacy/LoginState.swift", true),
    ])
    func excluded(pattern: String, path: String, excluded: Bool) {
        #expect(PathFilter(excluded: [pattern]).excludes(path) == excluded)
    }

    @Test func scannerSkipsExcludedPathsAndCarriesTheConfiguration() throws {
        let root = try SpecScannerTests.folder(with: ["Keep/AState.swift": "", "Skip/BState.swift": ""])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let configuration = RuleConfiguration(disabledRules: ["action-generic-case"])
        let specs = try SpecScanner(root: root, filter: PathFilter(excluded: ["Skip"]), configuration: configuration).specs(in: [root])
        #expect(specs.map(\.feature) == ["A"])
        #expect(specs.first?.config == configuration)
    }
}

import Foundation
import RulebookCore
import Testing

@testable import RulebookPipeline

/// Files given by content (`rulebook mcp`'s tools, an editor's buffer) are checked as the same
/// files on disk would be, and a confined scanner reads nothing outside its folder.
struct SpecScannerContentsTests {
    static let files = [
        "Login/LoginState.swift": "struct LoginState: Equatable { var name = \"\" }",
        "Login/LoginAction.swift": "enum LoginAction { case update }",
        "Login/LoginEnvironment.swift": "struct LoginEnvironment { var repository: UserRepository }",
        "Domain/UserRepository.swift": "protocol UserRepository {}",
        "Modern/CounterFeature.swift": "@Reducer struct CounterFeature { @ObservableState struct State {} }",
        "Declared/Profile.rulebook.json": #"{"feature": "Profile"}"#,
    ]

    @Test func filesGivenByContentMakeTheSpecsTheirScanOnDiskMakes() throws {
        let root = try SpecScannerTests.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scanner = SpecScanner(root: root, configuration: RuleConfiguration(disabledRules: ["state-ui-type"]))
        let onDisk = try scanner.scan([root])
        let given = scanner.scan(contents: Self.files.map { (Data($0.value.utf8), $0.key) })
        #expect(given.unreadable.isEmpty && given.excluded.isEmpty)
        #expect(Set(given.specs) == Set(onDisk.specs))
        #expect(given.specs.count == 4)
        #expect(given.specs.allSatisfy { $0.config?.disabledRules == ["state-ui-type"] })
    }

    @Test func excludedFilesAreListedAndLeftOut() {
        let scanner = SpecScanner(root: "/project", filter: PathFilter(excluded: ["Generated/**"]))
        let scan = scanner.scan(contents: [
            (Data("struct A {}".utf8), "Generated/AFeature.swift"), (Data("struct B {}".utf8), "/project/App/BFeature.swift"),
        ])
        #expect(scan.excluded == ["Generated/AFeature.swift"])
        #expect(scan.specs.map { $0.files?.map(\.path) } == [["App/BFeature.swift"]])
    }

    @Test func contentsOverTheLimitOrNotADeclaredSpecAreRefusedWithTheirCodes() {
        let scan = SpecScanner(root: "/project").scan(contents: [
            (Data(repeating: UInt8(ascii: " "), count: SpecScanner.maximumSourceBytes + 1), "Big/BigFeature.swift"),
            (Data("[1]".utf8), "Plan.rulebook.json"),
        ])
        #expect(scan.specs.isEmpty)
        #expect(scan.unreadable.map(\.error.code).sorted() == ["RB104", "RB110"])
    }

    @Test func aConfinedScannerRefusesALinkLeadingOutsideItsFolder() throws {
        let root = try SpecScannerTests.folder(with: ["App/InsideFeature.swift": "struct InsideFeature {}"])
        let outside = try SpecScannerTests.folder(with: ["SecretFeature.swift": "struct SecretFeature {}"])
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/App/SecretFeature.swift", withDestinationPath: outside + "/SecretFeature.swift")
        let real = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        var scanner = SpecScanner(root: real)
        scanner.confinement = real
        let scan = try scanner.scan([real])
        #expect(scan.specs.map(\.feature) == ["InsideFeature"])
        #expect(scan.unreadable.map(\.path) == ["App/SecretFeature.swift"])
        #expect(scan.unreadable.map(\.error.code) == ["RB111"])
        // Unconfined, the link is read like any file.
        #expect(try SpecScanner(root: real).scan([real]).specs.count == 2)
        #expect(SpecScanner.resolves(real + "/App", inside: real))
        #expect(!SpecScanner.resolves(real + "/App/SecretFeature.swift", inside: real))
        #expect(!SpecScanner.resolves(real + "/../x", inside: real))
    }

    @Test func aFileFoundInTheProjectMayNotLeadOutOfItButAFileNamedMay() throws {
        let project = try SpecScannerTests.folder(with: [
            "App/InsideFeature.swift": "struct InsideFeature {}", "Shared/SharedFeature.swift": "struct SharedFeature {}",
        ])
        let outside = try SpecScannerTests.folder(with: ["SecretFeature.swift": "struct SecretFeature {}"])
        defer {
            try? FileManager.default.removeItem(atPath: project)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let root = URL(fileURLWithPath: project).resolvingSymlinksInPath().path
        try FileManager.default.createSymbolicLink(atPath: root + "/App/SecretFeature.swift", withDestinationPath: outside + "/SecretFeature.swift")
        // A link to another folder of the same project is followed.
        try FileManager.default.createSymbolicLink(atPath: root + "/App/SharedLink.swift", withDestinationPath: root + "/Shared/SharedFeature.swift")
        var scanner = SpecScanner(root: root)
        scanner.projectFolder = root
        let scan = try scanner.scan([root + "/App"])
        #expect(scan.specs.map(\.feature).sorted() == ["InsideFeature", "SharedLink"])
        #expect(scan.unreadable.map(\.path) == ["App/SecretFeature.swift"] && scan.unreadable.map(\.error.code) == ["RB111"])
        // Named, the link is read: the user chose it.
        #expect(try scanner.scan([root + "/App/SecretFeature.swift"]).specs.map(\.feature) == ["SecretFeature"])
        // A folder named outside the project bounds what is found in it.
        try FileManager.default.createSymbolicLink(atPath: outside + "/Back.swift", withDestinationPath: root + "/App/InsideFeature.swift")
        let elsewhere = try scanner.scan([outside])
        #expect(elsewhere.specs.map(\.feature) == ["SecretFeature"] && elsewhere.unreadable.map(\.error.code) == ["RB111"])
    }
}

/// Findings gathered from acks come in the order a stored run's report has them.
struct CheckedSpecsOrderTests {
    static func finding(_ file: String, _ line: Int?, _ column: Int?, pointer: String? = nil, rule: String = "r") -> Finding {
        Finding(
            ruleId: rule, severity: .error, message: "m",
            location: SourceLocation(file: file, line: line, column: column, pointer: pointer), fingerprint: "0000000000000000")
    }

    @Test func byFileLineColumnPointerAndRuleWithMissingValuesFirst() {
        let ordered = [
            Self.finding("B.rulebook.json", nil, nil, pointer: "/action"),
            Self.finding("B.rulebook.json", nil, nil, pointer: "/state"),
            Self.finding("B.swift", 2, 1, rule: "a"),
            Self.finding("B.swift", 2, 1, rule: "b"),
            Self.finding("B.swift", 2, 9),
            Self.finding("B.swift", 10, 1),
            Self.finding("a.swift", 1, 1),
            Self.finding("É.swift", 1, 1),
        ]
        #expect(ordered.reversed().sorted(by: CheckedSpecs.reportOrder) == ordered)
    }
}

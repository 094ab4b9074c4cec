@testable import RulebookCore
import Testing

/// Test code and build manifests (`docs/configuration.md`, `test_code`).
struct TestCodePolicyTests {
    @Test(arguments: [
        ("Tests/AppTests/LoginTests.swift", [String](), true),
        ("Sources/LoginFeatureTests/Fixtures.swift", [], true),
        ("Sources/Login/LoginTest.swift", [], true),
        ("Examples/Integration/Legacy/PresentationTestCase.swift", [], true),
        ("Sources/Login/Snapshot.swift", ["XCTest"], false),
        ("Sources/Login/Spec.swift", ["Testing"], false),
        ("Sources/Login/LoginState.swift", ["Foundation"], false),
        ("Sources/Contests/Contest.swift", [], false),
        ("Sources/TestsHelpers/Helper.swift", [], false),
    ])
    func testCodeIsKnownByItsFolderOrName(path: String, imports: [String], isTestCode: Bool) {
        let file = FileFacts(path: path, imports: imports.map { ImportDecl(module: $0, location: SourceLocation(file: path, line: 1, column: 8)) })
        #expect(file.isTestCode == isTestCode)
    }

    @Test func buildManifestsAreKnownByWhatTheyImport() {
        let location = SourceLocation(file: "Domain/Project.swift", line: 1, column: 8)
        #expect(FileFacts(path: "Domain/Project.swift", imports: [ImportDecl(module: "ProjectDescription", location: location)]).isBuildManifest)
        #expect(FileFacts(path: "Package.swift", imports: [ImportDecl(module: "PackageDescription", location: location)]).isBuildManifest)
        #expect(!FileFacts(path: "Domain/Project.swift", imports: [ImportDecl(module: "Foundation", location: location)]).isBuildManifest)
    }

    /// A legacy fixture in a test file: a State that is not Equatable, and an Environment whose
    /// test variant is built with `.main`.
    static func fixture(path: String, importing module: String = "XCTest") -> FeatureModel {
        let location = { (line: Int, column: Int) in SourceLocation(file: path, line: line, column: column) }
        var environment = TypeDecl(name: "CounterEnvironment", kind: .struct, location: location(3, 8))
        environment.properties = [
            PropertyDecl(name: "live", type: "Self", isStatic: true, location: location(4, 14)),
            PropertyDecl(name: "test", type: "Self", isStatic: true, location: location(5, 14), mainSchedulerUses: [location(5, 40)]),
        ]
        let state = TypeDecl(name: "CounterState", kind: .struct, location: location(2, 8))
        return FeatureModel(
            name: "Counter", origin: .swiftSource, dialect: .legacy, states: [state], environments: [environment],
            types: [state, environment],
            files: [FileFacts(path: path, imports: [ImportDecl(module: module, location: location(1, 8))])])
    }

    @Test func inTestCodeOnlyTheRulesAboutTestsReportByDefault() {
        let findings = RuleEngine().findings(for: Self.fixture(path: "Tests/CounterTests.swift"))
        #expect(findings.map(\.ruleId) == ["environment-mock-main-scheduler"])
        let inSources = RuleEngine().findings(for: Self.fixture(path: "Sources/Counter.swift"))
        #expect(inSources.map(\.ruleId).contains("state-must-be-equatable"))
    }

    @Test func testCodeCheckedAppliesEveryRule() {
        let engine = RuleEngine(configuration: RuleConfiguration(testCode: .checked))
        let rules = Set(engine.findings(for: Self.fixture(path: "Tests/CounterTests.swift")).map(\.ruleId))
        #expect(rules.isSuperset(of: ["environment-mock-main-scheduler", "state-must-be-equatable"]))
    }

    @Test func buildManifestsGetNoFindings() {
        let location = SourceLocation(file: "Domain/Project.swift", line: 1, column: 8)
        let model = FeatureModel(
            name: "Project", origin: .swiftSource, dialect: .unknown,
            files: [FileFacts(path: "Domain/Project.swift", imports: [ImportDecl(module: "ProjectDescription", location: location)])])
        #expect(RuleEngine().findings(for: model).isEmpty)
        let app = FeatureModel(
            name: "Project", origin: .swiftSource, dialect: .unknown,
            files: [FileFacts(path: "Domain/Project.swift", imports: [ImportDecl(module: "UIKit", location: location)])])
        #expect(RuleEngine().findings(for: app).map(\.ruleId) == ["domain-framework-import"])
    }

    @Test func layerRulesLeaveTestsUnderADomainFolder() {
        let location = SourceLocation(file: "Domain/Tests/UserRepositoryTests.swift", line: 1, column: 8)
        let model = FeatureModel(
            name: "UserRepositoryTests", origin: .swiftSource, dialect: .unknown,
            files: [FileFacts(path: "Domain/Tests/UserRepositoryTests.swift", imports: [ImportDecl(module: "XCTest", location: location)])])
        #expect(RuleEngine().findings(for: model).isEmpty)
        #expect(RuleEngine(configuration: RuleConfiguration(testCode: .checked)).findings(for: model).map(\.ruleId) == ["domain-framework-import"])
    }

    @Test func aFindingIsNeverRepeated() {
        let location = SourceLocation(file: "A.swift", line: 3, column: 5)
        let finding = Finding(ruleId: "state-ui-type", severity: .warning, message: "m", location: location, fingerprint: "f")
        var other = finding
        other.message = "n"
        #expect(RuleEngine.withoutRepeats([finding, other, finding, finding]).map(\.message) == ["m", "n"])
    }

    @Test func theConfigurationReadsTestCode() throws {
        #expect(try ConfigurationDocument.parse(["test_code": "checked"]).rules.testCode == .checked)
        #expect(try ConfigurationDocument.parse(["test_code": "fixtures"]).rules.testCode == .fixtures)
        #expect(throws: RulebookError.self) { try ConfigurationDocument.parse(["test_code": "skip"]) }
    }
}

import RulebookCore
import RulebookSwiftSource
import Testing

/// Front-end facts the environment and architecture rules rely on.
struct EnvironmentArchitectureFactsTests {
    static func model(_ source: String, file: String) -> FeatureModel {
        let stem = String(file.split(separator: "/").last!.dropLast(".swift".count))
        return SwiftFeatureParser.model(
            featureName: FeatureNaming.featureName(forFileStem: stem),
            files: [SourceFile(path: file, contents: source)])
    }

    @Test func implicitMainIsASchedulerOnlyWhenTheLabelSaysSo() throws {
        let model = Self.model("""
            struct ResourcesEnvironment {
              var bundle: Bundle
              var mainQueue: AnySchedulerOf<DispatchQueue>
              static let mock = Self(bundle: .main, mainQueue: .main)
              static var preview: Self {
                var environment = Self.mock
                environment.mainQueue = .main
                return environment
              }
              static let test = Self(bundle: Bundle.main, scheduler: .main, queue: .main, runLoop: RunLoop.main)
              static let mockQueue = AnySchedulerOf<DispatchQueue>.main
            }
            """, file: "ResourcesEnvironment.swift")
        let environment = try #require(model.environments.first)
        func uses(_ name: String) -> [Int] {
            environment.properties.first { $0.name == name }?.mainSchedulerUses.compactMap(\.column) ?? []
        }
        #expect(uses("mock") == [53])
        #expect(uses("preview").count == 1)
        #expect(uses("test").count == 3)
        #expect(uses("mockQueue").count == 1)
    }

    @Test func implicitGlassCountsOnlyAsAButtonStyle() throws {
        let model = Self.model("""
            struct Buttons: View {
              var body: some View {
                VStack {
                  Button("a") {}.buttonStyle(.glass)
                  Button("b") {}.buttonStyle(.glass(.clear))
                  Text("c").foregroundStyle(.glass).tint(.glassProminent)
                }
              }
            }
            """, file: "Buttons.swift")
        let file = try #require(model.files.first)
        #expect(file.glassUses.map(\.api) == ["glass", "glass"])
        #expect(file.glassUses.map(\.location.line) == [4, 5])
    }

    @Test func modernRepositoryDependencyIsAWarning() throws {
        let model = Self.model("""
            @Reducer
            struct ProfileFeature {
              @ObservableState struct State: Equatable {}
              enum Action { case onAppear }
              @Dependency(\\.profileRepository) var repository
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            struct ProfileEnvironment { var profileRepository: ProfileRepositoryProtocol }
            """, file: "ProfileFeature.swift")
        let findings = RuleEngine(rules: [EnvironmentInjectsRepositoryRule()]).findings(for: model)
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.message.contains("`repository`") == true)
    }
}

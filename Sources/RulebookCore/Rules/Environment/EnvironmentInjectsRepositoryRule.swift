/// `environment-injects-repository`: features receive UseCases, never Repositories.
public struct EnvironmentInjectsRepositoryRule: Rule {
    /// Reducer types whose `@Dependency` members are checked (modern dialect).
    static let reducerProtocols: Set<String> = ["Reducer", "ReducerProtocol"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "environment-injects-repository",
        name: "Repository injected into a feature",
        defaultSeverity: .error,
        summary: "Environments (and `@Dependency` members of reducers) inject UseCases, not Repositories.",
        rationale: """
            The Environment injects UseCases, not Repositories. A UseCase is the layer that holds \
            the business rules between a feature and its data; a feature given a Repository \
            directly skips those rules or repeats them in its reducer. In the modern dialect the same \
            applies to `@Dependency(\\.…Repository)` members of a reducer, as a warning: a \
            reducer that injects a repository is a common, deliberate choice there, so teams tune it. \
            A `@Dependency(\\.key)` is what the project's `extension DependencyValues` says its key \
            holds, whatever the key is named: `traineeRepoUseCase: TraineeRepository` is a \
            repository, `userRepository: UserUseCase` a UseCase.
            """,
        triggeringExamples: [
            RuleExample(
                """
                struct LoginEnvironment {
                  var ↓userRepository: UserRepositoryProtocol
                  var mainQueue: AnySchedulerOf<DispatchQueue>

                  static var mock: Self {
                    Self(userRepository: MockUserRepository(), mainQueue: .immediate)
                  }
                }
                """, fileName: "LoginEnvironment.swift"),
            RuleExample(
                """
                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action { case onAppear }
                  @Dependency(\\.profileRepository) var ↓profileRepository
                  @Dependency(\\.traineeRepoUseCase) var ↓traineeRepoUseCase
                  @Dependency(\\.userRepository) var userRepository
                  @Dependency(\\.archiveRepostiory) var ↓archiveRepository
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in .none }
                  }
                }
                """, fileName: "ProfileFeature.swift",
                elsewhere: [
                    ("DI/DependencyValues+App.swift", """
                    import Dependencies
                    extension DependencyValues {
                      var traineeRepoUseCase: TraineeRepository { self[TraineeRepositoryKey.self] }
                      var userRepository: UserUseCase { self[UserUseCaseKey.self] }
                      var archiveRepostiory: ArchiveRepostiory { self[ArchiveKey.self] }
                    }
                    """),
                ]),
            RuleExample(
                """
                struct TodosEnvironment {
                  var ↓store: TodoRepository
                  var ↓repository: any Storage
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                  var uuid: () -> UUID
                }
                """, fileName: "TodosEnvironment.swift"),
            RuleExample(
                """
                @Reducer
                struct ItemsFeature {
                  @ObservableState
                  struct State: Equatable { var items: [Item] = [] }
                  enum Action { case task }
                  @Dependency(\\.itemsRepository) var ↓items: ItemsRepositoryProtocol
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """, fileName: "ItemsFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct LoginEnvironment {
                  var loginUseCase: LoginUserUseCaseProtocol
                  var mainQueue: AnySchedulerOf<DispatchQueue>

                  static var mock: Self {
                    Self(loginUseCase: MockLoginUseCase(), mainQueue: .immediate)
                  }
                  static var live: Self {
                    Self(loginUseCase: Resolver.resolve(), mainQueue: .main)
                  }
                }
                """, fileName: "LoginEnvironment.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementTapped, factResponse(Result<String, Error>) }
                  @Dependency(\\.numberFact) var numberFact
                  @Dependency(\\.continuousClock) var clock
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in .none }
                  }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                struct SearchEnvironment {
                  var searchRepositoriesUseCase: SearchRepositoriesUseCase
                  var repositoryListUseCase: RepositoryListUseCaseProtocol
                  var fetchRepositories: (String) async throws -> [Repository]
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                }
                """, fileName: "SearchEnvironment.swift"),
            RuleExample(
                """
                public actor ProfileRepository: ProfileRepositoryProtocol {
                  private let remote: ProfileRemoteDataSourceProtocol
                  @Dependency(\\.persistenceService) private var persistence
                }
                struct ProfileUseCase {
                  let repository: ProfileRepositoryProtocol
                }
                """, fileName: "ProfileRepository.swift"),
            RuleExample(
                """
                struct AppEnvironment {
                  var mainQueue: AnySchedulerOf<DispatchQueue>
                  static let repositoryURL = URL(string: "https://github.com/pointfreeco")!
                  var repositoryCount: Int { 0 }
                }
                let appReducer = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in .none }
                """, fileName: "AppReducer.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let values = feature.project?.dependencyValues ?? [:]
        let legacy = feature.environments.flatMap { environment in
            environment.storedProperties.filter { isRepository($0, values: values) }.map { property in
                RuleViolation(
                    location: property.location,
                    message: """
                        Environment `\(environment.nameInScope)` injects repository `\(Self.written(property))`; \
                        inject a UseCase that wraps it instead (`var loginUseCase: LoginUserUseCaseProtocol`)
                        """)
            }
        }
        // Each property once: by where it is declared (the Swift front end lists a reducer's
        // `@Dependency` both on its type and in its bodies) and by its owner and name (a
        // declared spec may list it in both places).
        var reportedPlaces: Set<SourceLocation> = []
        var reportedNames: Set<String> = []
        var modern: [RuleViolation] = []
        for reducer in feature.types.filter(Self.isReducerType) {
            for property in reducer.properties where property.wrappers.contains("Dependency") && isRepository(property, values: values) {
                reportedPlaces.insert(property.location)
                reportedNames.insert("\(reducer.name).\(property.name)")
                modern.append(Self.modernViolation(reducer: reducer.name, property))
            }
        }
        // The same fact as a reducer body lists it (a declared spec's `reducers[].dependencies`,
        // a `@Dependency` declared inside a reducer method); a plain stored member is not one.
        for body in feature.reducers {
            for property in body.dependencies where Self.isDependency(property) && isRepository(property, values: values) {
                guard reportedPlaces.insert(property.location).inserted,
                    reportedNames.insert("\(body.owner ?? "").\(property.name)").inserted
                else { continue }
                modern.append(Self.modernViolation(reducer: body.owner ?? "the reducer", property))
            }
        }
        return legacy + modern
    }

    private static func modernViolation(reducer: String, _ property: PropertyDecl) -> RuleViolation {
        RuleViolation(
            location: property.location,
            message: """
                Reducer `\(reducer)` depends on repository `\(written(property))`; \
                depend on a UseCase that wraps it instead (`@Dependency(\\.loginUseCase)`)
                """,
            severity: .warning)
    }

    /// Whether a property holds a repository: its type (the written one or, for a
    /// `@Dependency(\.key)` without one, the one the project's `DependencyValues` gives the key,
    /// `values`), its key or its name says so, and its type is not a use case or a function
    /// (an endpoint returning `[Repository]` entities is not a repository), whatever the names.
    private func isRepository(_ property: PropertyDecl, values: [String: String]) -> Bool {
        let type = property.type ?? property.dependencyKey.flatMap { values[$0] }
        if let type, type.contains("UseCase") || type.contains("->") { return false }
        return [type, property.dependencyKey, property.name].contains { text in
            guard let text else { return false }
            return text.lowercased().contains("repository")
        }
    }

    private static func isDependency(_ property: PropertyDecl) -> Bool {
        property.wrappers.contains("Dependency") || property.dependencyKey != nil
    }

    private static func isReducerType(_ type: TypeDecl) -> Bool {
        type.attributes.contains("Reducer") || reducerProtocols.contains { type.conforms(to: $0) }
    }

    /// `userRepository: UserRepositoryProtocol`, or the bare name when the type is unknown.
    private static func written(_ property: PropertyDecl) -> String {
        property.type.map { "\(property.name): \($0)" } ?? property.name
    }
}

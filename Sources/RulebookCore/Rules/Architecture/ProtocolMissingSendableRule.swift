/// `protocol-missing-sendable`: service, repository, data-source and use-case protocols are `Sendable`.
public struct ProtocolMissingSendableRule: Rule {
    /// Words in a `…Protocol` name that make it a dependency crossing concurrency domains.
    static let roleWords = ["Service", "Repository", "DataSource", "UseCase"]
    /// Protocols whose refinement implies `Sendable`.
    static let sendableProtocols = ["Sendable", "Actor", "AnyActor", "DistributedActor"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "protocol-missing-sendable",
        name: "Dependency protocol not `Sendable`",
        defaultSeverity: .warning,
        summary: "A `…Protocol` for a service, repository, data source or use case refines `Sendable`.",
        rationale: """
            A dependency's protocol (a repository, a service, a data source) inherits `Sendable`: \
            `public protocol {Feature}RepositoryProtocol: Sendable`. \
            Dependencies are captured by effects and `@Dependency` values that \
            cross actors; under Swift 6 strict concurrency a non-`Sendable` protocol cannot be \
            used there. A `…Protocol` is a dependency's when its name says so (a service, a \
            repository, a data source, a use case) or when the project registers it as one \
            (the type of a `DependencyValues` property or of a dependency key's value: a \
            `LocationManagerProtocol` behind `@Dependency(\\.locationManager)`). An `@objc` \
            protocol (an XPC or Objective-C interface) is a wire \
            contract, not an injected dependency, and a protocol that inherits one Rulebook \
            cannot see may already be `Sendable`: neither is reported. \
            The fix adds `Sendable` to the protocol's declaration (its conformers must then be \
            `Sendable`, which is the point).
            """,
        triggeringExamples: [
            RuleExample(
                """
                import CoreLocation

                public protocol ↓LocationManagerProtocol {
                  func requestAuthorization() async -> Bool
                }
                """, fileName: "Shared/Util/LocationManager.swift",
                elsewhere: [("Shared/Util/LocationManager+Dependency.swift", """
                    extension DependencyValues {
                      var locationManager: any LocationManagerProtocol {
                        get { self[LocationManagerKey.self] }
                        set { self[LocationManagerKey.self] = newValue }
                      }
                    }
                    """)]),
            RuleExample(
                """
                import Foundation

                public protocol ↓ProfileRepositoryProtocol {
                  func fetch(id: String) async throws -> Profile
                  func save(_ profile: Profile) async throws
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Protocols/ProfileRepositoryProtocol.swift"),
            RuleExample(
                """
                public protocol ↓CameraServiceProtocol: AnyObject {
                  func startSession() async throws
                }
                protocol ↓LoginUserUseCaseProtocol {
                  func execute(email: String, password: String) async throws -> User
                }
                """, fileName: "Protocols.swift"),
            RuleExample(
                """
                protocol ↓ProfileLocalDataSourceProtocol: Equatable {
                  func load(id: String) async throws -> ProfileDTO?
                }
                protocol ↓BaseServiceProtocol {}
                protocol ↓AnalyticsServiceProtocol: BaseServiceProtocol {
                  func track(_ event: String)
                }
                """, fileName: "DataSources.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import Foundation
                @objc(XPCServiceProtocol)
                public protocol XPCServiceProtocol {
                  func getSuggestions(editorContent: Data, withReply reply: @escaping (Data?, Error?) -> Void)
                }
                public protocol SyncServiceProtocol: ServiceProtocol {
                  func sync() async throws
                }
                """, fileName: "XPCServiceProtocol.swift"),
            RuleExample(
                """
                import Foundation

                public protocol ProfileRepositoryProtocol: Sendable {
                  func fetch(id: String) async throws -> Profile
                }
                public protocol ProfileRemoteDataSourceProtocol: Swift.Sendable {
                  func fetchRemote(id: String) async throws -> ProfileDTO
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Protocols/ProfileRepositoryProtocol.swift"),
            RuleExample(
                """
                protocol BaseServiceProtocol: Sendable {}
                protocol AnalyticsServiceProtocol: BaseServiceProtocol {
                  func track(_ event: String) async
                }
                protocol ImageCacheServiceProtocol: Actor {
                  func image(for url: URL) -> Data?
                }
                """, fileName: "Services.swift"),
            RuleExample(
                """
                protocol ViewModelProtocol: ObservableObject {}
                protocol ProfileMapping { func toDomain(_ dto: ProfileDTO) -> Profile }
                protocol UserRepository { func fetch() async throws -> User }
                protocol ThemeProtocol { var name: String { get } }
                """, fileName: "Misc.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementTapped }
                  @Dependency(\\.numberFact) var numberFact
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                @MainActor
                protocol SpeechServiceProtocol {
                  func startRecording() async throws
                }
                """, fileName: "CounterFeature.swift"),
        ],
        corrections: [
            RuleCorrection(
                RuleExample(
                    """
                    protocol ↓ProfileRepositoryProtocol {
                      func fetchProfile(id: String) async throws -> Profile
                    }
                    """, fileName: "ProfileRepositoryProtocol.swift"),
                """
                protocol ProfileRepositoryProtocol: Sendable {
                  func fetchProfile(id: String) async throws -> Profile
                }
                """),
            RuleCorrection(
                RuleExample(
                    """
                    protocol ↓AuthUseCaseProtocol: AnyObject {
                      func login(email: String) async throws
                    }
                    """, fileName: "AuthUseCaseProtocol.swift"),
                """
                protocol AuthUseCaseProtocol: AnyObject, Sendable {
                  func login(email: String) async throws
                }
                """),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.types.compactMap { type -> RuleViolation? in
            guard type.kind == .protocol, type.name.hasSuffix("Protocol"),
                Self.roleWords.contains(where: { type.name.contains($0) }) || feature.project?.dependencyTypes.contains(type.name) == true,
                !type.attributes.contains("MainActor"),
                // An `@objc` protocol is a wire interface (XPC, Objective-C), not a dependency.
                !type.attributes.contains("objc"),
                !Self.sendableProtocols.contains(where: { feature.inherits(type, from: $0) }),
                !feature.inheritsUnseenProtocols(type)
            else { return nil }
            return RuleViolation(
                location: type.location,
                message: """
                    `\(type.name)` does not refine `Sendable`; declare `protocol \(type.name): Sendable` \
                    so its implementations can be captured by effects and `@Dependency` values \
                    under Swift 6 strict concurrency
                    """,
                fix: ProposedFix(
                    summary: "declare `protocol \(type.name): Sendable`",
                    replacements: type.conformanceSlot.map { [$0.adding("Sendable")] } ?? [],
                    patch: type.location.pointer.map { [.adding("Sendable", toConformancesAt: $0, empty: type.conformances.isEmpty)] } ?? []))
        }
    }
}

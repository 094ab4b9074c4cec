/// `domain-framework-import`: the Domain layer depends on `Foundation` only.
public struct DomainFrameworkImportRule: Rule {
    /// `Foundation` and the modules that ship with Swift itself.
    public static let allowedModules: Set<String> = [
        "Foundation", "FoundationEssentials", "Swift", "_Concurrency", "_StringProcessing",
        "Dispatch", "Synchronization", "Observation", "RegexBuilder", "Distributed",
    ]
    /// Name suffixes of the app's own domain modules (the app's Domain protocols import `Entities`).
    public static let domainModuleSuffixes = ["Domain", "Entities"]

    private let allowed: WordSet
    private let domainSuffixes: [String]

    public init(options: RuleOptions) {
        allowed = options.words("allowed_modules", default: Self.allowedModules)
        domainSuffixes = options.list("domain_module_suffixes", default: Self.domainModuleSuffixes)
    }

    public static let description = RuleDescription(
        id: "domain-framework-import",
        name: "Framework import in Domain",
        defaultSeverity: .error,
        summary: "Files under `Domain/` import only `Foundation` and Swift's own modules.",
        rationale: """
            Domain holds pure business models and interfaces and imports `Foundation` only; \
            Presentation and Data depend on Domain, never the reverse. A UI, persistence or \
            TCA import in Domain ties business rules to a framework and breaks the direction \
            of dependencies. The app's own modules are not frameworks, whatever their names: \
            the modules its manifests declare (`import DomainAuthInterface`, the interface \
            target of the Tuist project in `Projects/Domain/Auth/`); whether one sits in the \
            wrong layer is `layer-dependency-direction`'s to say. A Domain file is one under a \
            `Domain/` folder or in a Domain module of the app (`Domains/FolderDomain/Sources/…` \
            of the module `FolderDomain` a manifest declares).
            """,
        options: [
            RuleOptionDescription(key: "allowed_modules", summary: "Modules a Domain file may import.", defaults: allowedModules.sorted()),
            RuleOptionDescription(key: "domain_module_suffixes", summary: "Name suffixes of the app's own domain modules, which Domain files may import (`Entities`, `ProfileDomain`).", defaults: domainModuleSuffixes),
        ],
        triggeringExamples: [
            RuleExample(
                """
                import Foundation
                import ↓SwiftUI

                struct User: Identifiable, Codable, Sendable, Equatable {
                  let id: String
                  var name: String
                  var accentColor: Color
                }
                """, fileName: "Features/Profile/Domain/User.swift"),
            RuleExample(
                """
                import ↓ComposableArchitecture
                import ↓GRDB

                protocol TodoRepositoryProtocol: Sendable {
                  func fetchAll() async throws -> [Todo]
                }
                """, fileName: "Features/Todos/Domain/TodoRepositoryProtocol.swift"),
            RuleExample(
                """
                import Foundation
                import ↓Dependencies
                import ↓UIKit

                public struct LoginUserUseCase: LoginUserUseCaseProtocol {
                  @Dependency(\\.authRepository) var repository
                  public func execute(email: String, password: String) async throws -> User {
                    try await repository.login(email: email, password: password)
                  }
                }
                """, fileName: "Sources/Features/LoginFeature/Domain/UseCases/LoginUserUseCase.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import Foundation
                import DomainAuthInterface
                import CoreNetworkInterface

                public struct AuthClient: Sendable {
                  public var signIn: @Sendable (SignInRequest) async throws -> Token
                }
                """, fileName: "Projects/Domain/Auth/Sources/AuthClient.swift",
                elsewhere: [
                    ("Projects/Domain/Auth/Project.swift", "import ProjectDescription\nlet project = Project.module(.domain, \"Auth\")"),
                    ("Projects/Domain/Auth/Interface/Sources/SignInRequest.swift", "public struct SignInRequest: Sendable {}"),
                    ("Projects/Core/Network/Project.swift", "import ProjectDescription\nlet project = Project.module(.core, \"Network\")"),
                ]),
            RuleExample(
                """
                import Foundation

                public enum ProfileError: LocalizedError, Sendable {
                  case networkUnavailable
                  public var errorDescription: String? { "Network connection is unavailable" }
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Errors/ProfileError.swift"),
            RuleExample(
                """
                import Foundation
                import Entities

                public protocol ProfileRepositoryProtocol: Sendable {
                  func fetch(id: String) async throws -> Profile
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Protocols/ProfileRepositoryProtocol.swift"),
            RuleExample(
                """
                import SwiftUI
                import ComposableArchitecture

                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var name = "" }
                  enum Action { case onAppear }
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                """, fileName: "Features/Profile/Presentation/ProfileFeature.swift"),
            RuleExample(
                """
                import Foundation
                import GRDB

                struct TodoRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
                  var id: String
                  var title: String
                }
                """, fileName: "Features/Todos/Data/TodoRecord.swift"),
            RuleExample(
                """
                import Observation
                import RegexBuilder

                struct EmailValidator: Sendable {
                  func isValid(_ email: String) -> Bool { email.contains("@") }
                }
                """, fileName: "Features/Login/Domain/EmailValidator.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.files.filter { feature.layer(of: $0) == .domain }.flatMap { file in
            file.imports.filter { !isAllowed($0.module, project: feature.project) }.map { declaration in
                RuleViolation(
                    location: declaration.location,
                    message: """
                        Domain file imports `\(declaration.module)`; Domain is pure business models \
                        and interfaces with `Foundation` only: move the code that needs \
                        `\(declaration.module)` to the Data or Presentation layer behind a Domain protocol
                        """)
            }
        }
    }

    /// `Foundation` and Swift's own modules, and the app's own modules (named by its
    /// manifests or folders, whatever their names: `layer-dependency-direction` judges one in
    /// another layer); checked alone, modules named like domain modules.
    private func isAllowed(_ module: String, project: ProjectContext?) -> Bool {
        allowed.contains(module) || project?.appModules[module] != nil || domainSuffixes.contains { module.hasSuffix($0) }
    }
}

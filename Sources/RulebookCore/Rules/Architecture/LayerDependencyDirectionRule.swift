/// `layer-dependency-direction`: `Presentation → Domain ← Data`, never the other way.
public struct LayerDependencyDirectionRule: Rule {
    /// Name suffixes of Data-layer types.
    public static let dataTypeSuffixes = ["DTO", "Mapper"]
    /// Name suffixes of Presentation-layer types.
    public static let presentationTypeSuffixes = ["ViewModel", "ViewController"]
    /// Persistence modules that belong to the Data layer.
    public static let dataModules: Set<String> = [
        "GRDB", "RealmSwift", "Realm", "CoreData", "SwiftData", "SQLite", "SQLite3", "FMDB",
    ]
    /// Name suffixes of the app's own Data-layer modules (`ProfileData`).
    public static let dataModuleSuffixes = ["Data"]

    private let dataSuffixes: [String]
    private let presentationSuffixes: [String]
    private let modules: WordSet
    private let moduleSuffixes: [String]

    public init(options: RuleOptions) {
        dataSuffixes = options.list("data_type_suffixes", default: Self.dataTypeSuffixes)
        presentationSuffixes = options.list("presentation_type_suffixes", default: Self.presentationTypeSuffixes)
        modules = options.words("data_modules", default: Self.dataModules)
        moduleSuffixes = options.list("data_module_suffixes", default: Self.dataModuleSuffixes)
    }

    public static let description = RuleDescription(
        id: "layer-dependency-direction",
        name: "Layer dependency direction",
        defaultSeverity: .warning,
        summary: "Domain must not reference Data or Presentation types; Presentation must not import Data-layer modules.",
        rationale: """
            Seed 004 ("Dependency Flow: `Presentation → Domain ← Data`") and seed 002 (Layer \
            Boundaries: Domain holds business models and interfaces, Data the repository \
            implementations and persistence mappings, Presentation the views and view models). \
            Domain code that knows DTOs or view models, or a view that talks to the database, \
            couples the layers so neither can change or be tested alone. Imports in Domain \
            files are reported by `domain-framework-import`.
            """,
        options: [
            RuleOptionDescription(key: "data_type_suffixes", summary: "Name suffixes of Data-layer types a Domain file must not reference.", defaults: dataTypeSuffixes),
            RuleOptionDescription(key: "presentation_type_suffixes", summary: "Name suffixes of Presentation-layer types a Domain file must not reference.", defaults: presentationTypeSuffixes),
            RuleOptionDescription(key: "data_modules", summary: "Data-layer modules a Presentation file must not import.", defaults: dataModules.sorted()),
            RuleOptionDescription(key: "data_module_suffixes", summary: "Name suffixes of Data-layer modules a Presentation file must not import.", defaults: dataModuleSuffixes),
        ],
        triggeringExamples: [
            RuleExample(
                """
                import Foundation

                public protocol ProfileRepositoryProtocol: Sendable {
                  func fetch(id: String) async throws -> ↓ProfileDTO
                  func save(_ viewModel: ↓ProfileViewModel) async throws
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Protocols/ProfileRepositoryProtocol.swift"),
            RuleExample(
                """
                import SwiftUI
                import ComposableArchitecture
                import ↓GRDB

                struct TodosView: View {
                  let store: StoreOf<TodosFeature>
                  var body: some View {
                    List(store.todos) { todo in Text(todo.title) }
                  }
                }
                """, fileName: "Features/Todos/Presentation/TodosView.swift"),
            RuleExample(
                """
                import ComposableArchitecture
                import ↓ProfileData
                import ↓SwiftData

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

                struct FetchUserUseCase: Sendable {
                  func execute(id: String) async throws -> User {
                    let mapper = ↓UserMapper()
                    return mapper.toDomain(try await load(id))
                  }
                }
                """, fileName: "Features/Profile/Domain/FetchUserUseCase.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import Foundation

                public protocol ProfileRepositoryProtocol: Sendable {
                  func fetch(id: String) async throws -> Profile
                  func save(_ profile: Profile) async throws
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Protocols/ProfileRepositoryProtocol.swift"),
            RuleExample(
                """
                import Foundation
                import GRDB

                final class TodoRepository: TodoRepositoryProtocol, Sendable {
                  func fetchAll() async throws -> [Todo] {
                    try await dbManager.reader.read { db in
                      try TodoRecord.fetchAll(db).map { TodoMapper().toDomain($0) }
                    }
                  }
                }
                """, fileName: "Features/Todos/Data/TodoRepository.swift"),
            RuleExample(
                """
                import SwiftUI
                import ComposableArchitecture

                @Reducer
                struct ProfileFeature {
                  @ObservableState
                  struct State: Equatable { var profile: Profile? }
                  enum Action { case onAppear, profileResponse(Result<Profile, ProfileError>) }
                  @Dependency(\\.fetchProfileUseCase) var fetchProfile
                  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                struct ProfileViewModel { var title: String }
                """, fileName: "Features/Profile/Presentation/ProfileFeature.swift"),
            RuleExample(
                """
                import Foundation

                struct Review: Identifiable, Codable, Sendable {
                  let id: String
                  var rating: Int
                  var data: Data
                  var metadata: UserData
                }
                struct ReviewModel: Sendable { var reviews: [Review] }
                """, fileName: "Features/Reviews/Domain/Review.swift"),
            RuleExample(
                """
                import ComposableArchitecture

                struct ItemDTO: Decodable { var id: String }
                struct ItemsView: View {
                  let store: Store<ItemsState, ItemsAction>
                  var body: some View { Text("") }
                }
                """, fileName: "Features/Items/ItemsView.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let layers = declaredLayers(feature)
        let domain = feature.files.filter { $0.layer == .domain }.flatMap { file in
            file.typeReferences.compactMap { reference -> RuleViolation? in
                guard let layer = layer(of: reference.name, declared: layers) else { return nil }
                return RuleViolation(
                    location: reference.location,
                    message: """
                        Domain file references `\(reference.name)`, a \(layer.rawValue)-layer type; \
                        dependencies point `Presentation → Domain ← Data`: use a Domain entity or \
                        protocol here and keep `\(reference.name)` in \(layer.rawValue)
                        """)
            }
        }
        let presentation = feature.files.filter { $0.layer == .presentation }.flatMap { file in
            file.imports.filter { isDataModule($0.module) }.map { declaration in
                RuleViolation(
                    location: declaration.location,
                    message: """
                        Presentation file imports Data-layer module `\(declaration.module)`; \
                        Presentation depends on Domain only: reach the data through a UseCase or \
                        a Domain repository protocol implemented in the Data layer
                        """)
            }
        }
        return domain + presentation
    }

    /// The layer of each type declared at the top level of a layered file of the spec
    /// (Domain wins when a name is declared in several layers).
    private func declaredLayers(_ feature: FeatureModel) -> [String: ArchitectureLayer] {
        var layers: [String: ArchitectureLayer] = [:]
        for file in feature.files {
            guard let layer = file.layer else { continue }
            for name in file.topLevelTypes where layers[name] != .domain {
                layers[name] = layer
            }
        }
        for view in feature.views where layers[view.name] == nil {
            layers[view.name] = .presentation
        }
        return layers
    }

    /// The outer layer `name` belongs to, or `nil` for Domain and unknown types.
    private func layer(of name: String, declared: [String: ArchitectureLayer]) -> ArchitectureLayer? {
        if let layer = declared[name] { return layer == .domain ? nil : layer }
        if dataSuffixes.contains(where: { name.hasSuffix($0) }) { return .data }
        if presentationSuffixes.contains(where: { name.hasSuffix($0) }) { return .presentation }
        return nil
    }

    private func isDataModule(_ module: String) -> Bool {
        modules.contains(module) || moduleSuffixes.contains { module.hasSuffix($0) }
    }
}

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
            Dependencies point towards Domain: `Presentation → Domain ← Data`. Domain holds \
            business models and interfaces, Data the repository implementations and persistence \
            mappings, Presentation the views and view models. \
            Domain code that knows DTOs or view models, or a view that talks to the database, \
            couples the layers so neither can change or be tested alone. A type's layer is the \
            folder that declares it, wherever that is in the project (a `UserDTO` declared \
            under `Domain/` is a Domain type, whatever its name); a type the project does not \
            declare is not judged. A module's layer is its folder too: the app's modules are \
            the ones its manifests declare (a SwiftPM target, a Tuist project's modules: \
            `Projects/Domain/User/Project.swift` declares `DomainUser` and \
            `DomainUserInterface`), and where its folder names no layer, its name may \
            (`Domains/FolderDomain/Project.swift` declares the Domain module `FolderDomain`). A \
            file is in its folder's layer, else in its module's (a file under that \
            `FolderDomain/` is a Domain file). A file holding a TCA feature (its reducer, State or \
            Action) or a view is Presentation unless its folder or module says otherwise. Checked alone, without the project, names decide \
            (the options' suffixes). Framework imports in Domain files are reported by \
            `domain-framework-import`.
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
                """, fileName: "Sources/Features/ProfileFeature/Domain/Protocols/ProfileRepositoryProtocol.swift",
                elsewhere: [
                    ("Sources/Features/ProfileFeature/Data/DTO/ProfileDTO.swift", "struct ProfileDTO: Decodable { let id: String }"),
                    ("Sources/Features/ProfileFeature/Presentation/ProfileViewModel.swift", "struct ProfileViewModel { var title: String }"),
                ]),
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
                """, fileName: "Features/Profile/Presentation/ProfileFeature.swift",
                elsewhere: [
                    ("Features/Profile/Data/Project.swift", "import ProjectDescription\nlet project = Project(name: \"ProfileData\")"),
                    ("Features/Profile/Data/Sources/ProfileRepository.swift", "final class ProfileRepository {}"),
                ]),
            RuleExample(
                """
                import Foundation
                import ↓ProfileData

                struct FetchProfileUseCase: Sendable {
                  let repository: any ProfileRepositoryProtocol
                }
                """, fileName: "Modules/Domain/Profile/FetchProfileUseCase.swift",
                elsewhere: [
                    ("Modules/Profile/Data/Project.swift", "import ProjectDescription\nlet project = Project(name: \"ProfileData\")"),
                    ("Modules/Profile/Data/Sources/ProfileRepository.swift", "final class ProfileRepository {}"),
                ]),
            RuleExample(
                """
                import Foundation

                struct FetchUserUseCase: Sendable {
                  func execute(id: String) async throws -> User {
                    let mapper = ↓UserMapper()
                    return mapper.toDomain(try await load(id))
                  }
                }
                """, fileName: "Features/Profile/Domain/FetchUserUseCase.swift",
                elsewhere: [("Features/Profile/Data/UserMapper.swift", "struct UserMapper { func toDomain(_ dto: UserDTO) -> User { User() } }")]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import Foundation
                import DomainUserInterface

                public struct UserClient: Sendable {
                  public var fetch: @Sendable (String) async throws -> UserResponseDTO
                }
                """, fileName: "Projects/Domain/User/Sources/UserClient.swift",
                elsewhere: [
                    ("Projects/Domain/User/Project.swift", "import ProjectDescription\nlet project = Project.module(.domain, \"User\")"),
                    ("Projects/Domain/User/Interface/Sources/DTO/UserResponseDTO.swift", "public struct UserResponseDTO: Decodable { public let id: String }"),
                ]),
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
        let presentationFiles = Self.presentationFiles(of: feature)
        var violations: [RuleViolation] = []
        for file in feature.files {
            if feature.layer(of: file) == .domain {
                violations += file.typeReferences.compactMap { reference -> RuleViolation? in
                    guard let layer = layer(of: reference.name, declared: layers, project: feature.project) else { return nil }
                    return RuleViolation(
                        location: reference.location,
                        message: """
                            Domain file references `\(reference.name)`, a \(layer.rawValue)-layer type; \
                            dependencies point `Presentation → Domain ← Data`: use a Domain entity or \
                            protocol here and keep `\(reference.name)` in \(layer.rawValue)
                            """)
                }
                violations += file.imports.compactMap { declaration -> RuleViolation? in
                    guard let layer = appModuleLayer(declaration.module, project: feature.project), layer != .domain else { return nil }
                    return RuleViolation(
                        location: declaration.location,
                        message: """
                            Domain file imports `\(declaration.module)`, the app's \(layer.rawValue)-layer module; \
                            dependencies point `Presentation → Domain ← Data`: declare what Domain needs as a \
                            protocol here and implement it in \(layer.rawValue)
                            """)
                }
            }
            if presentationFiles.contains(file.path) {
                violations += file.imports.filter { isDataModule($0.module, project: feature.project) }.map { declaration in
                    RuleViolation(
                        location: declaration.location,
                        message: """
                            Presentation file imports Data-layer module `\(declaration.module)`; \
                            Presentation depends on Domain only: reach the data through a UseCase or \
                            a Domain repository protocol implemented in the Data layer
                            """)
                }
            }
        }
        return violations
    }

    /// The layer of each type declared at the top level of a layered file of the spec
    /// (Domain wins when a name is declared in several layers).
    private func declaredLayers(_ feature: FeatureModel) -> [String: ArchitectureLayer] {
        var layers: [String: ArchitectureLayer] = [:]
        for file in feature.files {
            guard let layer = feature.layer(of: file) else { continue }
            for name in file.topLevelTypes where layers[name] != .domain {
                layers[name] = layer
            }
        }
        for view in feature.views where layers[view.name] == nil {
            layers[view.name] = .presentation
        }
        return layers
    }

    /// The Presentation files of the spec: under a `Presentation/` folder, or in no layer's
    /// folder and holding the feature's views, reducers, State or Action (a TCA feature is
    /// Presentation, in whichever of its files a part is declared).
    private static func presentationFiles(of feature: FeatureModel) -> Set<String> {
        let holdingFeatures = Set(
            feature.views.map(\.location.file) + feature.reducers.map(\.location.file)
                + (feature.states + feature.actions).map(\.location.file))
        return Set(feature.files.filter { file in
            let layer = feature.layer(of: file)
            return layer == .presentation || (layer == nil && holdingFeatures.contains(file.path))
        }.map(\.path))
    }

    /// The outer layer `name` belongs to, or `nil` for Domain and unknown types: where the
    /// spec or the project declares it (never its name, once the project is known: a type
    /// the project does not declare is unknown); checked alone, a spec's names decide.
    private func layer(of name: String, declared: [String: ArchitectureLayer], project: ProjectContext?) -> ArchitectureLayer? {
        if let layer = declared[name] { return layer == .domain ? nil : layer }
        if let project {
            guard let written = project.typeLayers[name], let layer = ArchitectureLayer(rawValue: written) else { return nil }
            return layer == .domain ? nil : layer
        }
        if dataSuffixes.contains(where: { name.hasSuffix($0) }) { return .data }
        if presentationSuffixes.contains(where: { name.hasSuffix($0) }) { return .presentation }
        return nil
    }

    /// The layer of the app's own module `module`, from its folder; `nil` for a module of no
    /// layer or not the app's.
    private func appModuleLayer(_ module: String, project: ProjectContext?) -> ArchitectureLayer? {
        project?.appModules[module].flatMap(ArchitectureLayer.init(rawValue:))
    }

    /// A Data-layer module: one of the app's in a `Data/` folder, or a persistence framework;
    /// checked alone, a spec's module names ending like the app's Data modules (`ProfileData`).
    private func isDataModule(_ module: String, project: ProjectContext?) -> Bool {
        if let project, let layer = project.appModules[module] { return layer == ArchitectureLayer.data.rawValue }
        return modules.contains(module) || (project == nil && moduleSuffixes.contains { module.hasSuffix($0) })
    }
}

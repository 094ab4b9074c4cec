/// `state-must-be-equatable`: State conforms to `Equatable`.
public struct StateMustBeEquatableRule: Rule {
    /// Protocols that are or refine `Equatable`.
    static let equatableProtocols: Set<String> = ["Equatable", "Hashable", "Comparable"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "state-must-be-equatable",
        name: "State is not Equatable",
        defaultSeverity: .error,
        summary: "The State struct must conform to `Equatable` (directly, via `Hashable`, or in an extension).",
        rationale: """
            Seed 004 (TCA components and State checklist): State is an "Immutable business state \
            struct (Equatable)". Without `Equatable` the TestStore cannot assert state changes and \
            views cannot skip re-rendering unchanged state.
            """,
        triggeringExamples: [
            RuleExample(
                """
                struct ↓LoginState {
                  var email = ""
                  var isLoading = false
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct ↓State {
                    var count = 0
                    var numberFact: String?
                  }
                  enum Action { case incrementButtonTapped }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                struct ↓SettingsState: Codable, Identifiable, Sendable {
                  var id: UUID
                  var notificationsEnabled = true
                }
                extension SettingsState: CustomStringConvertible {
                  var description: String { "settings" }
                }
                """, fileName: "SettingsState.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct LoginState: Equatable {
                  var email = ""
                }
                struct Credentials {
                  var token: String
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                @Reducer
                struct ContactsFeature {
                  @ObservableState
                  struct State: Hashable {
                    var contacts: IdentifiedArrayOf<Contact> = []
                  }
                  enum Action { case addButtonTapped }
                }
                """, fileName: "ContactsFeature.swift"),
            RuleExample(
                """
                struct ProfileState {
                  var name = ""
                }
                extension ProfileState: Equatable {}
                """, fileName: "ProfileState.swift"),
            RuleExample(
                """
                @Reducer
                struct SearchFeature {
                  @ObservableState
                  struct State: Sendable & Swift.Equatable {
                    var query = ""
                  }
                  enum Action { case queryChanged(String) }
                }
                """, fileName: "SearchFeature.swift"),
            RuleExample(
                """
                protocol FeatureState: Hashable, Sendable {}
                struct TodosState: FeatureState {
                  var todos: [Todo] = []
                }
                """, fileName: "TodosState.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let accepted = equatableNames(in: feature)
        return feature.states.filter { $0.kind == .struct || $0.kind == .enum }.compactMap { state in
            guard !Self.names(of: state).contains(where: accepted.contains) else { return nil }
            return RuleViolation(
                location: state.location,
                message: """
                    State `\(state.name)` does not conform to `Equatable`; declare \
                    `\(state.name): Equatable` (or add `extension \(state.qualifiedName): Equatable {}`) \
                    so tests can assert state changes
                    """)
        }
    }

    /// `Equatable`, `Hashable`, `Comparable` and the spec's own protocols that refine one of them.
    private func equatableNames(in feature: FeatureModel) -> Set<String> {
        var accepted = Self.equatableProtocols
        let protocols = feature.types.filter { $0.kind == .protocol }
        while let refining = protocols.first(where: { !accepted.contains($0.name) && Self.names(of: $0).contains(where: accepted.contains) }) {
            accepted.insert(refining.name)
        }
        return accepted
    }

    /// The unqualified names `type` inherits, splitting compositions (`Sendable & Equatable`).
    private static func names(of type: TypeDecl) -> [String] {
        type.conformances.flatMap { conformance -> [Substring] in
            // Most conformances name one protocol: without an `&` byte there is nothing to split.
            ByteSearch.bytes(of: conformance) { $0.contains(UInt8(ascii: "&")) } || conformance.isEmpty
                ? conformance.split(separator: "&") : [conformance[...]]
        }.map { written in
            TypeName.unqualified(TypeName.base(String(written)))
        }
    }
}

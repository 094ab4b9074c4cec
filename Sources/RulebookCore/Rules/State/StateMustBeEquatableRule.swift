/// `state-must-be-equatable`: State conforms to `Equatable`.
public struct StateMustBeEquatableRule: Rule {
    /// Protocols that are or refine `Equatable`.
    static let equatableProtocols: Set<String> = ["Equatable", "Hashable", "Comparable"]
    /// Protocols (and an enum's raw types) known not to bring `Equatable`; any other protocol
    /// the spec or the project does not declare might.
    static let notEquatableProtocols: Set<String> = [
        "Sendable", "Codable", "Encodable", "Decodable", "Identifiable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "CustomReflectable", "ObservableState", "ObservableObject", "Error", "LocalizedError",
        "CaseIterable",
    ]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "state-must-be-equatable",
        name: "State is not Equatable",
        defaultSeverity: .error,
        summary: "The State struct must conform to `Equatable` (directly, via `Hashable`, or in an extension).",
        rationale: """
            State is an immutable business state `struct` that conforms to `Equatable`. \
            Without `Equatable` the TestStore cannot assert state changes and \
            views cannot skip re-rendering unchanged state. Conformance counts however it is \
            written: directly, via `Hashable`, in an extension anywhere in the project, or via a \
            protocol of the spec or of the project that refines `Equatable`; an enum whose cases \
            carry no values is `Equatable` on its own. A State that conforms to a protocol \
            Rulebook cannot see (declared in a package, say) is not reported: it may refine \
            `Equatable`. \
            The fix adds `Equatable` to the State's declaration; it is a fix only when every \
            value the State stores is known `Equatable` (standard types, their optionals and \
            collections, the spec's own `Equatable` types), and a suggestion otherwise (a \
            closure, a child's State declared elsewhere): a conformance that may not build is \
            left to a person.
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
            RuleExample(
                """
                struct ↓PayTabState {
                  var isLoggingOut = false
                }
                enum PayTabAction { case logoutButtonTapped }

                @Reducer
                struct PayTab {
                  typealias State = PayTabState
                  typealias Action = PayTabAction
                  var body: some Reducer<State, Action> {
                    Reduce { state, action in .none }
                  }
                }
                """, fileName: "PayTab.swift"),
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
            RuleExample(
                """
                import Architecture
                @Reducer
                struct LibraryFeature: Feature {
                  @ObservableState
                  struct State: FeatureState { var playlists: [Playlist] = [] }
                  enum Action: FeatureAction { case onAppear }
                }
                """, fileName: "LibraryFeature.swift"),
            RuleExample(
                """
                @Reducer
                enum Destination {
                  enum State { case idle, loading, failed }
                  enum Action { case retry }
                }
                """, fileName: "Destination.swift"),
        ],
        corrections: [
            RuleCorrection(
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
                """
                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable {
                    var count = 0
                    var numberFact: String?
                  }
                  enum Action { case incrementButtonTapped }
                }
                """),
            RuleCorrection(
                RuleExample(
                    """
                    struct ↓SettingsState: Codable, Sendable {
                      var id: UUID
                      var tags: [String] = []
                    }
                    """, fileName: "SettingsState.swift"),
                """
                struct SettingsState: Codable, Sendable, Equatable {
                  var id: UUID
                  var tags: [String] = []
                }
                """),
            RuleCorrection(
                RuleExample(
                    """
                    struct ↓ProfileState {
                      var user: User?
                      var onDismiss: () -> Void
                    }
                    """, fileName: "ProfileState.swift"),
                """
                struct ProfileState: Equatable {
                  var user: User?
                  var onDismiss: () -> Void
                }
                """, kind: .suggestion),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let accepted = equatableNames(in: feature)
        let values = KnownEquatable(feature, equatableProtocols: accepted)
        let ownProtocols = Set(feature.types.filter { $0.kind == .protocol }.map(\.name))
        return feature.states.filter { $0.kind == .struct || $0.kind == .enum }.compactMap { state in
            let inherited = Self.names(in: feature.conformances(of: state))
            guard !inherited.contains(where: accepted.contains), !Self.isSynthesizedEquatable(state) else { return nil }
            // A protocol neither the spec nor the project declares (`FeatureState` of a
            // package) may refine `Equatable`: what cannot be known is not reported.
            let known = { (name: String) in
                Self.notEquatableProtocols.contains(name) || ownProtocols.contains(name) || feature.project?.protocols[name] != nil
            }
            guard inherited.allSatisfy(known) else { return nil }
            let extensionHint = state.isFunctionLocal ? "" : " (or add `extension \(state.qualifiedName): Equatable {}`)"
            return RuleViolation(
                location: state.location,
                message: """
                    State `\(state.nameInScope)` does not conform to `Equatable`; declare \
                    `\(state.name): Equatable`\(extensionHint) \
                    so tests can assert state changes
                    """,
                fix: Self.fix(declaring: state, values: values))
        }
    }

    /// `Equatable` added to the State's declaration: a fix when every value it stores is known
    /// `Equatable` (so it builds), a suggestion otherwise.
    private static func fix(declaring state: TypeDecl, values: KnownEquatable) -> ProposedFix {
        ProposedFix(
            kind: values.holdsOnlyEquatableValues(state) ? .fix : .suggestion, summary: "declare `\(state.name): Equatable`",
            replacements: state.conformanceSlot.map { [$0.adding("Equatable")] } ?? [],
            patch: state.location.pointer.map { [.adding("Equatable", toConformancesAt: $0, empty: state.conformances.isEmpty)] } ?? [])
    }

    /// An enum whose cases carry no values is `Equatable` without saying so.
    private static func isSynthesizedEquatable(_ type: TypeDecl) -> Bool {
        type.kind == .enum && !type.cases.isEmpty && type.cases.allSatisfy { $0.associatedValues.isEmpty }
    }

    /// `Equatable`, `Hashable`, `Comparable`, and the spec's and the project's protocols that
    /// refine one of them.
    private func equatableNames(in feature: FeatureModel) -> Set<String> {
        var accepted = Self.equatableProtocols
        for (name, refinements) in feature.project?.protocols ?? [:] where refinements.contains(where: Self.equatableProtocols.contains) {
            accepted.insert(name)
        }
        let protocols = feature.types.filter { $0.kind == .protocol }
        while let refining = protocols.first(where: { !accepted.contains($0.name) && Self.names(in: $0.conformances).contains(where: accepted.contains) }) {
            accepted.insert(refining.name)
        }
        return accepted
    }

    /// The unqualified names in a list of inherited types, splitting compositions
    /// (`Sendable & Equatable`) and dropping `@unchecked`.
    private static func names(in conformances: [String]) -> [String] {
        conformances.flatMap { conformance -> [Substring] in
            // Most conformances name one protocol: without an `&` there is nothing to split.
            conformance.utf8.contains(UInt8(ascii: "&")) || conformance.isEmpty
                ? conformance.split(separator: "&") : [conformance[...]]
        }.map { written in
            var name = written.trimmingPrefix(while: { $0 == " " })
            if name.hasPrefix("@unchecked ") { name = name.dropFirst("@unchecked ".count) }
            return TypeName.unqualified(TypeName.base(String(name)))
        }
    }
}

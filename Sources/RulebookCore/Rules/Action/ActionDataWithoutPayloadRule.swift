/// `action-data-without-payload`: a case named for changed data carries that data.
public struct ActionDataWithoutPayloadRule: Rule {
    /// Case-name endings that announce changed data (`emailChanged`).
    public static let dataSuffixes = ["Changed", "Selected", "Entered", "Updated"]
    /// Whole subjects before the ending that are event sources, not data: `timerUpdated` is
    /// a tick of a timer (pointfreeco's VoiceMemos), `clockChanged` the system clock jumping;
    /// neither has a new value to carry.
    public static let eventSubjects: Set<String> = ["timer", "clock"]

    private let suffixes: AffixList

    public init(options: RuleOptions) {
        suffixes = options.affixes("data_suffixes", default: Self.dataSuffixes)
    }

    public static let description = RuleDescription(
        id: "action-data-without-payload",
        name: "Data action without payload",
        defaultSeverity: .warning,
        summary: "A case named for changed data (`…Changed`, `…Selected`) must carry the data as an associated value.",
        rationale: """
            An Action case that reports new data carries it as an associated value \
            (`.inputChanged(String)`, `.themeSelected(String)`). A `.emailChanged` without the new value \
            forces the reducer to read it from somewhere else, usually shared mutable state. A \
            tick of an event source (`timerUpdated`, `clockChanged`) has no new value to carry \
            and is fine, and so is a case that presents the child feature of the same name \
            (`myContactSelected` beside `myContact(MyContactComponent.Action)`): it is \
            navigation, and the child is what it selects. A change of a value the State \
            computes from its own (`textSourceChanged` beside `var textSource: String { … }`) \
            is a signal too: the value is already in the store. Cases of the enums an \
            Action nests and carries (`Action.Internal`) count too, a `Delegate` enum does not.
            """,
        options: [
            RuleOptionDescription(key: "data_suffixes", summary: "Case-name endings that announce changed data.", defaults: dataSuffixes)
        ],
        triggeringExamples: [
            RuleExample(
                """
                enum ChatAction {
                  case observeHistoryChange
                  case ↓historyChanged
                  case ↓isReceivingMessageChanged
                  case sendTapped
                }
                """, fileName: "ChatAction.swift"),
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case ↓emailChanged
                  case ↓passwordChanged
                  case loginButtonTapped
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct SettingsFeature {
                  @ObservableState
                  struct State: Equatable { var themeId = "default_light" }
                  enum Action {
                    case ↓themeSelected
                    case ↓profileUpdated
                  }
                }
                """, fileName: "SettingsFeature.swift"),
            RuleExample(
                """
                enum CheckoutAction {
                  case ↓couponCodeEntered, ↓paymentMethodSelected
                  case payButtonTapped
                  case ↓timerDurationChanged
                }
                """, fileName: "CheckoutAction.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @Reducer
                struct StatusFeature {
                  @ObservableState
                  struct State: Equatable {
                    var status: Status
                    var textSource: String { status.text ?? status.content }
                  }
                  enum Action { case textSourceChanged, linkTapped(URL) }
                }
                """, fileName: "StatusFeature.swift"),
            RuleExample(
                """
                enum ContactsAction {
                  case contactSelected(Contact)
                  case myContactSelected
                  case myContactDismissed
                  case myContact(MyContactComponent.Action)
                }
                """, fileName: "ContactsAction.swift"),
            RuleExample(
                """
                enum LoginAction: Equatable {
                  case emailChanged(String)
                  case rememberMeChanged(isOn: Bool)
                  case loginButtonTapped
                }
                """, fileName: "LoginAction.swift"),
            RuleExample(
                """
                @Reducer
                struct TodosFeature {
                  @ObservableState
                  struct State: Equatable { var filter = Filter.all }
                  enum Action: BindableAction {
                    case binding(BindingAction<State>)
                    case filterSelected(Filter)
                    case sortCompletedButtonTapped
                    case delegate(Delegate)
                    enum Delegate { case todosChanged }
                  }
                }
                """, fileName: "TodosFeature.swift"),
            RuleExample(
                """
                enum ClockAction {
                  case onAppear
                  case timerTicked
                  case changed(Int)
                  case selected
                }
                """, fileName: "ClockAction.swift"),
            RuleExample(
                """
                @Reducer
                struct RecordingMemoFeature {
                  @ObservableState
                  struct State: Equatable { var duration: TimeInterval = 0 }
                  enum Action {
                    case onTask
                    case timerUpdated
                    case clockChanged
                    case stopButtonTapped
                  }
                }
                """, fileName: "RecordingMemoFeature.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        // Values the State derives: a change of one is a signal, the value is in the store.
        let derived = Set(
            feature.states.flatMap { $0.properties.filter(\.isComputed).map(\.name) }
                + (feature.project?.stateComputedProperties.values.flatMap { $0 } ?? []))
        return feature.actionEnumsWithNested.flatMap { action in
            let cases = action.cases
            // By index, reading the fields it needs: a case passed whole is copied whole.
            return cases.indices.compactMap { index -> RuleViolation? in
                let name = cases[index].name
                guard cases[index].associatedValues.isEmpty, let suffix = suffixes.properSuffix(of: name),
                    !Self.eventSubjects.contains(String(name.dropLast(suffix.count))),
                    !Self.presentsChild(named: String(name.dropLast(suffix.count)), in: cases),
                    !derived.contains(String(name.dropLast(suffix.count)))
                else { return nil }
                let payload = Self.payload(for: String(name.dropLast(suffix.count)), in: feature.states)
                return RuleViolation(
                    location: cases[index].location,
                    message: """
                        Action case `.\(name)` in `\(action.nameInScope)` says data \(suffix.lowercased()) but carries \
                        none; pass the new value as an associated value (`.\(name)(\(payload))`)
                        """)
            }
        }
    }

    /// The type a case about `stem` (`email` of `emailChanged`) should carry: that of the
    /// State property it changes (`email`, `selectedEmail`, `currentEmail`), else one its last
    /// word suggests (a date, an index, a flag, a text), else a placeholder for the new value.
    static func payload(for stem: String, in states: [TypeDecl]) -> String {
        let capitalised = stem.prefix(1).uppercased() + stem.dropFirst()
        let names: Set<String> = [stem, "selected" + capitalised, "current" + capitalised]
        if let type = states.lazy.flatMap(\.properties).first(where: { $0.isStored && names.contains($0.name) })?.type {
            return type.hasSuffix("?") ? String(type.dropLast()) : type
        }
        let word = String(capitalised.reversed().prefix { !$0.isUppercase }.reversed())
        let last = (capitalised.reversed().first { $0.isUppercase }.map(String.init) ?? "") + word
        switch last {
        case "Date", "Day", "Time": return "Date"
        case "Index", "Count", "Page", "Number", "Amount", "Age": return "Int"
        case "Toggle", "Enabled", "Flag", "On", "Visible": return "Bool"
        case "Text", "Query", "Name", "Email", "Password", "Title", "Input", "Code", "Message", "Nickname": return "String"
        default: return "<new value>"
        }
    }

    /// Whether the enum has a child feature's case named `stem` (`myContact(MyContact.Action)`
    /// beside `myContactSelected`): the case then presents that child, a navigation event with
    /// nothing to carry.
    private static func presentsChild(named stem: String, in cases: [EnumCaseDecl]) -> Bool {
        cases.contains { $0.name == stem && $0.associatedValues.contains { $0.type.contains("Action") } }
    }
}

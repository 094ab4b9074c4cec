import RulebookCore
import RulebookSwiftSource
import Testing

/// Messages that fit the code they are about: the cases a `default:` hides, a payload type
/// taken from the feature, modern parts named as `Feature.State`, a constant not called
/// animation state, and one finding per token.
struct FindingMessageTests {
    /// The findings of one file checked as `rulebook check` checks it alone.
    static func findings(_ source: String, file: String = "Feature.swift") -> [Finding] {
        let files = [SourceFile(path: file, contents: source)]
        let stem = String(file.dropLast(".swift".count))
        let model = SwiftFeatureParser.model(
            featureName: FeatureNaming.featureName(forFileStem: stem), files: files, project: FileIndexer.context(ofProjectMadeOf: files))
        return RuleEngine().findings(for: model)
    }

    @Test func aDefaultNamesTheCasesItHides() throws {
        let found = Self.findings("""
            @Reducer
            struct RecordedFeature {
              struct State: Equatable {}
              enum Action { case play, pause, stop, rewind, share, delete }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .play: return .none
                  default: return .none
                  }
                }
              }
            }
            """)
        let message = try #require(found.first { $0.ruleId == "reducer-default-case" }?.message)
        #expect(message.contains("`.pause`, `.stop`, `.rewind`, `.share` and 1 more of `RecordedFeature.Action`"), "\(message)")
        #expect(message.contains("`case .pause, .stop, .rewind, …: return .none`"), "\(message)")
    }

    @Test func aMissingPayloadIsTypedFromTheState() throws {
        let found = Self.findings("""
            @Reducer
            struct Booking {
              @ObservableState
              struct State: Equatable { var selectedDate: Date = .now; var guests = 1 }
              enum Action { case dateSelected, guestsChanged, noteChanged }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            """)
        let messages = found.filter { $0.ruleId == "action-data-without-payload" }.map(\.message)
        #expect(messages.contains { $0.contains("(`.dateSelected(Date)`)") && $0.contains("in `Booking.Action`") }, "\(messages)")
        #expect(messages.contains { $0.contains("(`.guestsChanged(Int)`)") }, "\(messages)")
        #expect(messages.contains { $0.contains("(`.noteChanged(<new value>)`)") }, "\(messages)")
    }

    @Test func aGenericCaseIsAnsweredWithTheFeaturesOwnEvents() throws {
        let found = Self.findings("""
            @Reducer
            struct Profile {
              @ObservableState
              struct State: Equatable { var nickname: String = ""; var avatarURL: URL?; let maxLength = 20 }
              enum Action { case update(State), saveTapped }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            """)
        let message = try #require(found.first { $0.ruleId == "action-generic-case" }?.message)
        #expect(message.contains("(`.nicknameChanged(String)`, `.avatarURLChanged(URL)` for what it sets"), "\(message)")
        #expect(!message.contains("emailChanged"), "\(message)")
    }

    @Test func aResponseIsAdvisedAResultOfWhatItCarries() throws {
        let found = Self.findings("""
            @Reducer
            struct Feed {
              @ObservableState
              struct State: Equatable { var items: [Item] = [] }
              enum Action { case refreshTapped, itemsResponse([Item]), pageResponse(items: [Item], page: Int) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            """)
        let messages = found.filter { $0.ruleId == "action-response-without-result" }.map(\.message)
        #expect(messages.contains { $0.contains("`.itemsResponse(Result<[Item], Error>)`") }, "\(messages)")
        #expect(messages.contains { $0.contains("`.pageResponse(Result<(items: [Item], page: Int), Error>)`") }, "\(messages)")
    }

    @Test func modernPartsAreNamedWithTheirFeature() throws {
        let found = Self.findings("""
            @Reducer
            struct RecordedFeature {
              @ObservableState
              struct State { var title = "" }
              enum Action { case tapped }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            """)
        let message = try #require(found.first { $0.ruleId == "state-must-be-equatable" }?.message)
        #expect(message.hasPrefix("State `RecordedFeature.State` does not conform"), "\(message)")
    }

    @Test func aConstantIsNotCalledAnimationState() throws {
        let found = Self.findings("""
            struct CardState: Equatable {
              var angle: CGFloat = 0
              let cornerRadius: CGFloat = 12
            }
            """, file: "CardState.swift")
        let messages = Dictionary(uniqueKeysWithValues: found.filter { $0.ruleId == "state-animation-value" }.map { ($0.line ?? 0, $0.message) })
        #expect(messages[2]?.contains("is animation state") == true, "\(messages)")
        #expect(messages[3]?.contains("is a visual constant") == true, "\(messages)")
        #expect(messages[3]?.contains("@State") == false, "\(messages)")
    }

    @Test func oneFindingPerTokenTheMoreSpecificRules() {
        let found = Self.findings("""
            struct BoardState: Equatable {
              var cards: [Card] = []
              var dragOffset: CGSize = .zero
            }
            """, file: "BoardState.swift")
        #expect(found.filter { $0.line == 3 }.map(\.ruleId) == ["state-transient-ui"], "\(found)")
        // With the more specific rule off, the other one still reports the token.
        var configuration = RuleConfiguration()
        configuration.disabledRules = ["state-transient-ui"]
        let files = [SourceFile(path: "BoardState.swift", contents: """
            struct BoardState: Equatable {
              var dragOffset: CGSize = .zero
            }
            """)]
        let model = SwiftFeatureParser.model(featureName: "Board", files: files, project: FileIndexer.context(ofProjectMadeOf: files))
        #expect(RuleEngine(configuration: configuration).findings(for: model).map(\.ruleId) == ["state-animation-value"])
    }
}

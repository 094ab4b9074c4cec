import RulebookCore
import RulebookSwiftSource
import Testing

/// The value a property starts with (``PropertyDecl/initialValueType``), from its declaration
/// or from an `init`, and what `view-root-store-in-state` makes of it around its examples.
struct InitialValueTests {
    static func model(_ source: String, path: String = "CounterView.swift") -> FeatureModel {
        let files = [SourceFile(path: path, contents: source)]
        return SwiftFeatureParser.model(featureName: "Counter", files: files, project: FileIndexer.context(of: files, inProjectWith: []))
    }

    /// The initial value type of `CounterView.store` declared by `members`.
    static func initialValueType(_ members: String) -> String? {
        let source = "struct CounterView: View {\n\(members)\n  var body: some View { Text(\"\") }\n}"
        let view = model(source).types.first { $0.name == "CounterView" }
        return view?.properties.first { $0.name == "store" }?.initialValueType
    }

    @Test(
        "a call that builds the value gives its type; an init that assigns the property or its wrapper counts",
        arguments: [
            ("@State var store = Store(initialState: Counter.State()) { Counter() }", "Store"),
            ("@State var store: StoreOf<Counter> = .init(initialState: .init()) { Counter() }", "StoreOf<Counter>"),
            ("@State var store = StoreOf<Counter>(initialState: .init(), reducer: { Counter() })", "StoreOf"),
            ("@State var store = ComposableArchitecture.Store.init(initialState: .init()) { Counter() }", "ComposableArchitecture.Store"),
            ("@State var store: StoreOf<Counter>\n init() { _store = State(wrappedValue: Store(initialState: .init()) { Counter() }) }", "Store"),
            ("@State var store: StoreOf<Counter>\n init() { self._store = .init(initialValue: Store(initialState: .init()) { Counter() }) }", "Store"),
            ("@State var store: StoreOf<Counter>\n init() { self.store = Store(initialState: .init(), reducer: { Counter() }) }", "Store"),
            ("@State var store = DateFormatter()", "DateFormatter"),
        ])
    func built(members: String, expected: String) {
        #expect(Self.initialValueType(members) == expected, "\(members)")
    }

    @Test(
        "a literal, a reference, a parameter or no value at all is not built here",
        arguments: [
            "@State var store = 0",
            "@State var store = Counter.shared",
            "@State var store: StoreOf<Counter>\n init(store: StoreOf<Counter>) { _store = State(initialValue: store) }",
            "@State var store: StoreOf<Counter>\n init(store: StoreOf<Counter>) { self.store = store }",
            "let store: StoreOf<Counter>",
            "@State var store = .init(initialState: .init()) { Counter() }",
        ])
    func notBuilt(members: String) {
        #expect(Self.initialValueType(members) == nil, "\(members)")
    }

    static let rootStoreView = """
        import ComposableArchitecture
        import SwiftUI
        struct CounterView: View {
          @State var store = Store(initialState: Counter.State()) { Counter() }
          var body: some View { Text("") }
        }
        """

    /// The rule's findings on the spec made of `files`, in a project that also holds `others`.
    static func rootStoreFindings(_ files: [SourceFile], others: [SourceFile] = []) -> [Finding] {
        let project = FileIndexer.context(of: files, inProjectWith: others)
        let model = SwiftFeatureParser.model(featureName: "Counter", files: files, project: project)
        return RuleEngine().findings(for: model).filter { $0.ruleId == "view-root-store-in-state" }
    }

    @Test("the App's root store is not reported, whether it conforms in its declaration or in an extension")
    func app() {
        let app = SourceFile(path: "CounterView.swift", contents: Self.rootStoreView + "\nextension CounterView: App {}")
        #expect(Self.rootStoreFindings([app]).isEmpty)
        #expect(Self.rootStoreFindings([SourceFile(path: "CounterView.swift", contents: Self.rootStoreView)]).count == 1)
    }

    @Test("a class of the project named Store is TCA's only where the file imports ComposableArchitecture")
    func ownStore() {
        let own = SourceFile(path: "Shop/Store.swift", contents: "final class Store: ObservableObject { init(initialState: Int) {} }")
        let withoutTCA = Self.rootStoreView.replacingOccurrences(of: "import ComposableArchitecture\n", with: "")
        #expect(Self.rootStoreFindings([SourceFile(path: "CounterView.swift", contents: withoutTCA)], others: [own]).isEmpty)
        #expect(Self.rootStoreFindings([SourceFile(path: "CounterView.swift", contents: Self.rootStoreView)], others: [own]).count == 1)
        #expect(Self.rootStoreFindings([SourceFile(path: "CounterView.swift", contents: withoutTCA)]).count == 1)
        #expect(Self.rootStoreFindings([SourceFile(path: "CounterView.swift", contents: Self.rootStoreView), own]).isEmpty)
    }
}

import Foundation
import RulebookCore
import SwiftParser
import SwiftSyntax
import Testing

@testable import RulebookSwiftSource

/// ``FileIndexWalk`` materialises only the nodes the index reads; a `SyntaxVisitor` that
/// materialises every node and hands the same kinds to ``FileIndexVisitor`` is the plain
/// version. Both must index every Swift file of the examples and the test fixtures the same.
struct FileIndexWalkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every node of the kinds the index reads, through a `SyntaxVisitor`.
    final class PlainWalk: SyntaxVisitor {
        let visitor: FileIndexVisitor

        init(source: String) {
            visitor = FileIndexVisitor(source: SourceText(contents: source))
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: StructDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: ClassDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: EnumDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: ActorDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: ProtocolDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: ExtensionDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: FunctionDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: InitializerDeclSyntax) { visitor.visitPost(node) }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: PatternBindingSyntax) { visitor.visitPost(node) }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            visitor.enterDeferred()
            return .visitChildren
        }
        override func visitPost(_ node: ClosureExprSyntax) { visitor.leaveDeferred() }
        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            if node.defaultValue != nil { visitor.enterDeferred() }
            return .visitChildren
        }
        override func visitPost(_ node: FunctionParameterSyntax) { if node.defaultValue != nil { visitor.leaveDeferred() } }
        override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind { visitor.visit(node) }
        override func visitPost(_ node: LabeledExprSyntax) { visitor.visitPost(node) }
    }

    static func plainIndex(_ contents: String) -> FileIndex {
        let walk = PlainWalk(source: contents)
        walk.walk(Parser.parse(source: contents))
        return walk.visitor.index
    }

    @Test func indexesRealCodeAsAVisitorOfEveryNodeDoes() throws {
        var checked = 0
        var withFacts = 0
        for folder in ["Examples", "Tests/Fixtures"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                // Files nested too deep for any parse (the fuzz crashers) are refused before one.
                guard (try? SwiftNesting.check(SourceFile(path: relative, contents: text))) != nil else { continue }
                let index = FileIndexer.index(contents: text)
                #expect(index == Self.plainIndex(text), "\(folder)/\(relative)")
                checked += 1
                if !index.roleNames.isEmpty || !index.scopedReducers.isEmpty || !index.builtEnvironments.isEmpty { withFacts += 1 }
            }
        }
        #expect(checked > 100)
        #expect(withFacts > 20, "the files compared hold reducers, scopes and environments")
    }

    @Test func indexesEveryShapeTheVisitorReads() {
        let source = """
            import PackageDescription
            let package = Package(name: "App", platforms: [.iOS(.v17)])
            protocol Loading: Equatable {}
            typealias FeatureReducer = Reducer
            struct HomeState: Loading { var error: Error?; var title: String { "" } }
            enum HomeAction { case loaded, failed(Error) }
            struct HomeEnvironment { var load: () -> Effect<Settings, Never> }
            let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment> { _, _, _ in .none }
            let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
              homeReducer.pullback(state: \\.home, action: /AppAction.home, environment: { _ in HomeEnvironment(load: { .none }) })
            )
            extension HomeEnvironment: Sendable { static let live = HomeEnvironment(load: { .none }) }
            func preview() { _ = Store<HomeState, HomeAction>(initialState: .init(), reducer: homeReducer, environment: HomeEnvironment.init(load: { .none })) }
            """
        let index = FileIndexer.index(contents: source)
        #expect(index == Self.plainIndex(source))
        #expect(index.scopedReducers == ["homeReducer"])
        #expect(index.builtEnvironments == ["HomeEnvironment"])
        #expect(index.iOSVersions == ["17"])
        #expect(index.roleNames.isSuperset(of: ["HomeState", "HomeAction", "HomeEnvironment"]))
        #expect(index.reducerEnvironments["homeReducer"] == "HomeEnvironment")
    }
}

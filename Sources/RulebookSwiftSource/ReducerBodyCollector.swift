import RulebookCore
import SwiftSyntax

/// Walks one reducer body (a `Reducer { }` / `Reduce { }` closure, `reduce(into:action:)`,
/// or a reducer helper) and records its calls, references, awaits and `switch action`
/// statements, knowing which ones sit inside an Effect closure.
final class ReducerBodyCollector: SyntaxVisitor {
    /// Methods whose closures run as effects, whatever their base (`.run`, `Effect.task` …).
    static let effectMethods: Set<String> = ["run", "task", "fireAndForget", "future", "publisher"]
    /// Callees whose closures run as effects (`Effect { … }`).
    static let effectTypes: Set<String> = ["Effect", "EffectTask", "EffectPublisher"]

    private let locate: Locator
    private let actionName: String
    private var effectDepth = 0
    private var effectClosures: Set<SyntaxIdentifier> = []
    /// Recorded calls and awaits around the node being visited: syntax node and site id.
    private var enclosingSites: [(node: SyntaxIdentifier, site: Int)] = []
    private(set) var sites: [CodeSite] = []
    private(set) var switches: [ActionSwitch] = []

    /// Collects facts from `body`; `actionName` is the name the action has there (`action`).
    static func collect(
        _ body: some SyntaxProtocol, actionName: String, locate: @escaping Locator
    ) -> (sites: [CodeSite], switches: [ActionSwitch]) {
        let collector = ReducerBodyCollector(actionName: actionName, locate: locate)
        collector.walk(body)
        return (collector.sites.sorted { ($0.location, $0.id) < ($1.location, $1.id) }, collector.switches)
    }

    private init(actionName: String, locate: @escaping Locator) {
        self.actionName = actionName
        self.locate = locate
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Effects

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let call = SyntaxPaths.owningCall(of: node), Self.isEffect(callee: SyntaxPaths.path(of: call.calledExpression)) {
            effectClosures.insert(node.id)
            effectDepth += 1
        }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if effectClosures.remove(node.id) != nil { effectDepth -= 1 }
    }

    static func isEffect(callee: String) -> Bool {
        effectTypes.contains(callee) || effectTypes.contains(callee.replacingOccurrences(of: ".init", with: ""))
            || effectMethods.contains(SyntaxPaths.lastComponent(callee))
    }

    // MARK: Sites

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let path = SyntaxPaths.path(of: node.calledExpression)
        guard let token = Self.anchorToken(of: node.calledExpression) ?? node.firstToken(viewMode: .sourceAccurate) else {
            return .visitChildren
        }
        record(.call, path: path, node: node, token: token, argumentLabels: node.arguments.map { $0.label?.text ?? "_" })
        enclosingSites.append((node.id, sites.count - 1))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        if enclosingSites.last?.node == node.id { enclosingSites.removeLast() }
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        record(.await, path: "await", node: node, token: node.awaitKeyword)
        enclosingSites.append((node.id, sites.count - 1))
        return .visitChildren
    }

    override func visitPost(_ node: AwaitExprSyntax) {
        if enclosingSites.last?.node == node.id { enclosingSites.removeLast() }
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // Record type-rooted references that are not called (`Date.now`, `Service.shared`),
        // once per chain: at its outermost member access, anchored at the chain's first token.
        guard !(node.parent?.is(MemberAccessExprSyntax.self) ?? false) else { return .visitChildren }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            return .visitChildren
        }
        let path = SyntaxPaths.path(of: ExprSyntax(node))
        guard path.first?.isUppercase == true else { return .visitChildren }
        record(.reference, path: path, node: node, token: node.firstToken(viewMode: .sourceAccurate) ?? node.declName.baseName)
        return .visitChildren
    }

    private func record(
        _ kind: CodeSiteKind, path: String, node: some SyntaxProtocol, token: TokenSyntax, argumentLabels: [String] = []
    ) {
        sites.append(
            CodeSite(
                kind: kind, path: path, insideEffect: effectDepth > 0, isStatement: SyntaxPaths.isStatement(node),
                location: locate(token), argumentLabels: argumentLabels, id: sites.count,
                parent: enclosingSites.last?.site))
    }

    /// The token a finding about a call points at: the start of the callee.
    private static func anchorToken(of callee: ExprSyntax) -> TokenSyntax? {
        callee.firstToken(viewMode: .sourceAccurate)
    }

    // MARK: switch action

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        guard SyntaxPaths.path(of: node.subject) == actionName else { return .visitChildren }
        var handled: [String] = []
        var defaultLocation: Location?
        var catchAllLocation: Location?
        for element in node.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
            switch switchCase.label {
            case .default(let label):
                defaultLocation = locate(label.defaultKeyword)
            case .case(let label):
                handled += label.caseItems.compactMap { Self.caseName(of: $0.pattern) }
                if label.caseItems.contains(where: { $0.whereClause == nil && Self.matchesAnything($0.pattern) }) {
                    catchAllLocation = locate(label.caseKeyword)
                }
            }
        }
        switches.append(
            ActionSwitch(
                handledCases: handled, defaultLocation: defaultLocation, catchAllLocation: catchAllLocation,
                location: locate(node.switchKeyword)))
        return .visitChildren
    }

    /// Whether a pattern matches any value: `_`, `let other`.
    static func matchesAnything(_ pattern: PatternSyntax) -> Bool {
        if pattern.is(WildcardPatternSyntax.self) || pattern.is(IdentifierPatternSyntax.self) { return true }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return matchesAnything(binding.pattern) }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return false }
        if expression.is(DiscardAssignmentExprSyntax.self) { return true }
        if let inner = expression.as(PatternExprSyntax.self) { return matchesAnything(inner.pattern) }
        return false
    }

    /// The top-level enum case a pattern matches: `.a`, `.a(let x)`, `let .a(x)`, `Action.a`.
    static func caseName(of pattern: PatternSyntax) -> String? {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return caseName(of: binding.pattern) }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        return caseName(of: expression)
    }

    private static func caseName(of expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let call = expression.as(FunctionCallExprSyntax.self) { return caseName(of: call.calledExpression) }
        if let binding = expression.as(PatternExprSyntax.self) { return caseName(of: binding.pattern) }
        return nil
    }
}

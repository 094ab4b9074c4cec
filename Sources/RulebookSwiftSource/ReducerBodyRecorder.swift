import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// What one reducer body (a `Reducer { }` / `Reduce { }` closure, `reduce(into:action:)`, or
/// a reducer helper) holds: its calls, references, awaits and `switch action` statements,
/// knowing which ones sit inside an Effect closure. Fed by ``SwiftFileVisitor``'s single walk
/// while the walk is inside the body (``ReducerBodies`` says which nodes), so a body is not
/// walked a second time.
struct ReducerBodyRecorder {
    /// Methods whose closures run as effects, whatever their base (`.run`, `Effect.task` …).
    static let effectMethods: Set<String> = ["run", "task", "fireAndForget", "future", "publisher"]
    /// Callees whose closures run as effects (`Effect { … }`).
    static let effectTypes: Set<String> = ["Effect", "EffectTask", "EffectPublisher"]

    /// The body's statements.
    let body: RawSyntax.ID
    /// The name the action has in the body (`action`).
    let actionName: String
    /// The reducer's index in the file's facts.
    let reducerIndex: Int
    /// For each closure the walk is inside (innermost last), whether it is an Effect closure,
    /// and the number of sites recorded before it.
    private var closures: [(isEffect: Bool, firstSite: Int)] = []
    private var effectDepth = 0
    /// Recorded calls and awaits around the node being visited: syntax node and site id.
    private var enclosingSites: [(node: RawSyntax.ID, site: Int)] = []
    private(set) var sites: [CodeSite] = []
    private(set) var switches: [ActionSwitch] = []

    init(body: RawSyntax.ID, actionName: String, reducerIndex: Int) {
        self.body = body
        self.actionName = actionName
        self.reducerIndex = reducerIndex
    }

    /// The sites in source order: by where they start, then as recorded (a call before the
    /// calls its callee starts with, `a.b().c()` before `a.b()`), whatever their ends. A
    /// body's sites are all in its file.
    var sortedSites: [CodeSite] {
        sites.sorted {
            ($0.location.line ?? 0, $0.location.column ?? 0, $0.id) < ($1.location.line ?? 0, $1.location.column ?? 0, $1.id)
        }
    }

    // MARK: Effects

    /// Whether the closure at the end of `path` (the walk's path) runs as an effect.
    static func isEffect(closureAtEndOf path: [RawFrame]) -> Bool {
        guard let call = SyntaxPaths.owningCall(ofClosureAtEndOf: path).flatMap({ RawFunctionCallExprSyntax($0.raw) }) else {
            return false
        }
        return isEffect(callee: SyntaxPaths.path(of: call.calledExpression.raw))
    }

    static func isEffect(callee: String) -> Bool {
        effectTypes.contains(callee)
            || (callee.utf8.contains(UInt8(ascii: ".")) && effectTypes.contains(callee.replacingOccurrences(of: ".init", with: "")))
            || effectMethods.contains(SyntaxPaths.lastComponent(callee))
    }

    mutating func enterClosure(isEffect: Bool) {
        closures.append((isEffect, sites.count))
        if isEffect { effectDepth += 1 }
    }

    mutating func leaveClosure() {
        if closures.popLast()?.isEffect == true { effectDepth -= 1 }
    }

    /// The innermost closure holds an `await`, so it is async. The reducer body is
    /// synchronous: an async closure in it runs later, as an effect (an app's own builder,
    /// `effects.append(.exec { … })`) or in a `Task`, which is reported at its own call. The
    /// closure's sites so far, and from now on, are inside an effect.
    mutating func innermostClosureIsAsync() {
        guard let innermost = closures.last, !innermost.isEffect else { return }
        closures[closures.count - 1].isEffect = true
        effectDepth += 1
        for index in innermost.firstSite..<sites.count { sites[index].insideEffect = true }
    }

    // MARK: Sites

    /// Records a call or `await` that encloses what the walk visits until ``leave(_:)``.
    mutating func enter(_ kind: CodeSiteKind, node: RawSyntax.ID, site: SiteFacts) {
        record(kind, site: site)
        enclosingSites.append((node, sites.count - 1))
    }

    mutating func leave(_ node: RawSyntax.ID) {
        if enclosingSites.last?.node == node { enclosingSites.removeLast() }
    }

    mutating func record(_ kind: CodeSiteKind, site: SiteFacts) {
        sites.append(
            CodeSite(
                kind: kind, path: site.path, insideEffect: effectDepth > 0, isStatement: site.isStatement,
                location: site.location, argumentLabels: site.argumentLabels, id: sites.count,
                parent: enclosingSites.last?.site))
    }

    // MARK: switch action

    /// Records `node`, a `switch` over the action, located at `switch action` (its labels at
    /// `default:` and at `case let other:`).
    mutating func visit(switch node: RawNode, locate: Locator) {
        guard let switchExpr = RawSwitchExprSyntax(node.raw), let list = node.child(switchExpr.cases) else { return }
        var handled: [String] = []
        var complete: [String]? = list.children.contains { $0.kind == .ifConfigDecl } ? nil : []
        var defaultLocation: Location?
        var catchAllLocation: Location?
        for caseNode in Self.cases(in: list) {
            guard let switchCase = RawSwitchCaseSyntax(caseNode.raw), let label = caseNode.child(switchCase.label) else { continue }
            if let defaultLabel = RawSwitchDefaultLabelSyntax(label.raw) {
                defaultLocation = label.child(defaultLabel.defaultKeyword).map { locate(from: $0.tokenTextOffset, to: label.presentTextEnd()) }
                continue
            }
            guard let caseLabel = RawSwitchCaseLabelSyntax(label.raw) else { continue }
            var catchesAll = false
            for child in caseLabel.caseItems.layoutView.children {
                guard let child, let item = RawSwitchCaseItemSyntax(child) else { continue }
                let pattern = item.pattern.raw
                if let name = Self.caseName(of: pattern) {
                    handled.append(name)
                    if item.whereClause == nil, Self.matchesWholeCase(pattern) { complete?.append(name) }
                }
                if !catchesAll, item.whereClause == nil, Self.matchesAnything(pattern) { catchesAll = true }
            }
            if catchesAll {
                catchAllLocation = label.child(caseLabel.caseKeyword).map { locate(from: $0.tokenTextOffset, to: label.presentTextEnd()) }
            }
        }
        let keyword = node.child(switchExpr.switchKeyword)?.tokenTextOffset ?? node.offset
        switches.append(
            ActionSwitch(
                handledCases: handled, defaultLocation: defaultLocation, catchAllLocation: catchAllLocation,
                location: locate(from: keyword, to: node.child(switchExpr.subject)?.presentTextEnd()),
                completelyHandledCases: complete))
    }

    /// Whether a case pattern matches every value of its case: `.a`, `Action.a`, `.a(let x, _)`,
    /// `let .a(x)`; not `.a(.b)` or `.a(x)` comparing with a variable `x`.
    static func matchesWholeCase(_ pattern: RawSyntax, binding: Bool = false) -> Bool {
        switch pattern.kind {
        case .valueBindingPattern:
            return RawValueBindingPatternSyntax(pattern).map { matchesWholeCase($0.pattern.raw, binding: true) } ?? false
        case .expressionPattern:
            guard let expression = RawExpressionPatternSyntax(pattern)?.expression.raw else { return false }
            if RawMemberAccessExprSyntax(expression) != nil { return true }
            guard let call = RawFunctionCallExprSyntax(expression), RawMemberAccessExprSyntax(call.calledExpression.raw) != nil,
                call.trailingClosure == nil
            else { return false }
            return call.arguments.elements.allSatisfy { argument in bindsAnything(argument.expression.raw, binding: binding) }
        default:
            return false
        }
    }

    /// An associated value's pattern that takes any value: `_`, `let x`, or `x` under `let`.
    private static func bindsAnything(_ expression: RawSyntax, binding: Bool) -> Bool {
        if expression.kind == .discardAssignmentExpr { return true }
        if binding, expression.kind == .declReferenceExpr { return true }
        guard let pattern = RawPatternExprSyntax(expression)?.pattern.raw else { return false }
        return matchesAnything(pattern)
    }

    /// The cases of a switch's case list, with those of every clause of an `#if` in it
    /// (`#if DEBUG case .debugCopy: … #endif`): a case is handled in the build that has it.
    private static func cases(in list: RawNode) -> [RawNode] {
        list.children.flatMap { node -> [RawNode] in
            guard node.kind == .ifConfigDecl else { return [node] }
            let clauses = node.children.first { $0.kind == .ifConfigClauseList }?.children ?? []
            return clauses.flatMap { clause in
                clause.children.first { $0.kind == .switchCaseList }.map(cases(in:)) ?? []
            }
        }
    }

    /// Whether a pattern matches any value: `_`, `let other`.
    static func matchesAnything(_ pattern: RawSyntax) -> Bool {
        switch pattern.kind {
        case .wildcardPattern, .identifierPattern:
            return true
        case .valueBindingPattern:
            return RawValueBindingPatternSyntax(pattern).map { matchesAnything($0.pattern.raw) } ?? false
        case .expressionPattern:
            guard let expression = RawExpressionPatternSyntax(pattern)?.expression.raw else { return false }
            if expression.kind == .discardAssignmentExpr { return true }
            return RawPatternExprSyntax(expression).map { matchesAnything($0.pattern.raw) } ?? false
        default:
            return false
        }
    }

    /// The top-level enum case a pattern matches: `.a`, `.a(let x)`, `let .a(x)`, `Action.a`.
    static func caseName(of pattern: RawSyntax) -> String? {
        switch pattern.kind {
        case .valueBindingPattern:
            return RawValueBindingPatternSyntax(pattern).flatMap { caseName(of: $0.pattern.raw) }
        case .expressionPattern:
            return RawExpressionPatternSyntax(pattern).flatMap { caseName(ofExpression: $0.expression.raw) }
        default:
            return nil
        }
    }

    private static func caseName(ofExpression expression: RawSyntax) -> String? {
        if let member = RawMemberAccessExprSyntax(expression) { return String(syntaxText: member.declName.baseName.tokenText) }
        if let call = RawFunctionCallExprSyntax(expression) { return caseName(ofExpression: call.calledExpression.raw) }
        if let binding = RawPatternExprSyntax(expression) { return caseName(of: binding.pattern.raw) }
        return nil
    }
}

/// What a site is, apart from its place in a body: computed once, whatever the number of
/// (nested) bodies it belongs to.
struct SiteFacts {
    var path: String
    var isStatement: Bool
    var location: Location
    var argumentLabels: [String] = []
}

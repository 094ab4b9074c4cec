import RulebookCore
@_spi(RawSyntax) import SwiftSyntax

/// Records, while ``FileIndexVisitor`` walks a file, what each member of its types does:
/// the calls of a method's or an accessor's body that touch the world or write a log, and the
/// members it hands work to (``FileIndex/memberEffects``, ``FileIndex/memberLogs``,
/// ``FileIndex/memberCalls``). A closure or a
/// local function in a body belongs to the member around it.
struct MemberEffectRecorder {
    /// The member whose body the walk is inside (`Type.member`), and how many member-like
    /// declarations deep it is (a local function inside it is part of it).
    private var current: (type: String, key: String, properties: [String: String])?
    private var depth = 0
    /// How many closures and parameter defaults deep the walk is inside the current member:
    /// what a closure does runs later, if ever (a `Reduce { }` an initializer builds, a
    /// completion handler), and a default only when a caller leaves its argument out, not
    /// whenever the member is used.
    private var deferredDepth = 0

    /// The walk enters a function, or a property binding, declared directly in `type` (its
    /// qualified name, `Feature.State`; `nil` when the declaration is not a type's member),
    /// whose stored `properties` have the types given (`userDefaults` → `UserDefaults` for
    /// `let userDefaults = UserDefaults.standard`).
    mutating func enter(
        member name: String, of type: String?, parameters: [MemberKey.Parameter]? = nil, properties: [String: String] = [:]
    ) {
        depth += 1
        guard current == nil, let type else { return }
        deferredDepth = 0
        current = (type, MemberKey(base: "\(type).\(name)", parameters: parameters).text, properties)
    }

    /// The parameters of a function's or initializer's signature, as ``MemberKey`` spells them.
    /// A variadic one (`_ arguments: Any...`) may be left out as a defaulted one may: it then
    /// takes no values.
    static func parameters(of clause: FunctionParameterClauseSyntax) -> [MemberKey.Parameter] {
        clause.parameters.map {
            MemberKey.Parameter(label: $0.firstName.text, hasDefault: $0.defaultValue != nil || $0.ellipsis != nil)
        }
    }

    mutating func leave() {
        depth -= 1
        if depth == 0 { current = nil }
    }

    /// The walk enters a closure or a parameter's default value.
    mutating func enterDeferred() { if current != nil { deferredDepth += 1 } }
    mutating func leaveDeferred() { if current != nil { deferredDepth -= 1 } }

    /// A call inside the current member's body.
    func record(_ call: FunctionCallExprSyntax, into index: inout FileIndex) {
        guard let current, deferredDepth == 0, Self.mayMatter(call.calledExpression, properties: current.properties) else { return }
        let parts = Self.resolved(SyntaxPaths.path(of: call.calledExpression), properties: current.properties)
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        if index.memberEffects[current.key] == nil,
            let effect = MemberEffects.callEffect(callee: parts, argumentLabels: labels, isStatement: Self.isStatement(call))
        {
            index.memberEffects[current.key] = effect
        }
        if index.memberLogs[current.key] == nil, let log = MemberEffects.logEffect(callee: parts, isStatement: Self.isStatement(call)) {
            index.memberLogs[current.key] = log
        }
        if let called = MemberEffects.calledMember(callee: parts, labels: labels, ownType: current.type) {
            index.memberCalls[current.key, default: []].insert(MemberEffects.use(called.base, labels: called.labels))
        }
    }

    /// The stored property `name` of `type` wrapped by `wrapper` (`@UserDefault("k") static var
    /// nickname`): reading or writing it runs the wrapper's `wrappedValue`.
    func record(wrapper: String, ofProperty name: String, in type: String, into index: inout FileIndex) {
        let key = "\(type).\(name)"
        if let persisting = MemberEffects.persistingWrappers[wrapper] {
            index.memberEffects[key] = index.memberEffects[key] ?? persisting
        } else if wrapper.first?.isUppercase == true {
            index.memberCalls[key, default: []].insert("\(wrapper).wrappedValue")
        }
    }

    /// The components of `path`, a stored property of the type at its root replaced by the
    /// property's type (`userDefaults.set` → `UserDefaults.set`, `self.defaults.set` alike).
    static func resolved(_ path: String, properties: [String: String]) -> [String] {
        let parts = path.split(separator: ".").map(String.init)
        guard !properties.isEmpty else { return parts }
        let rest = parts.first == "self" ? parts.dropFirst() : parts[...]
        guard rest.count > 1, let first = rest.first, let type = properties[first] else { return parts }
        return [type] + rest.dropFirst()
    }

    /// Whether a call can touch the world or reach another member, told from its callee's
    /// bytes before any path is built: most calls in a body are methods of local values
    /// (`items.append(x)`, `text.trimmingCharacters(in:)`), which can only draw from a random
    /// source (`items.shuffled()`) or write a log (`category.osLogger.log(…)`).
    static func mayMatter(_ callee: ExprSyntax, properties: [String: String]) -> Bool {
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return true }
        guard let first = SyntaxPaths.firstName(of: callee) else { return false }
        if SyntaxPaths.startsUppercase(first) || first == "self" { return true }
        if !properties.isEmpty, properties[String(syntaxText: first)] != nil { return true }
        let name = member.declName.baseName.text
        return ReducerSideEffectRule.randomAPIs.contains(name) || MemberEffects.loggerLevels.contains(name)
    }

    /// Whether a call is a statement of its own (through `try` and `await`), its result unused.
    private static func isStatement(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        return node.parent?.is(CodeBlockItemSyntax.self) == true
    }
}

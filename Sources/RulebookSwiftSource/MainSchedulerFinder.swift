import RulebookCore
import SwiftSyntax

/// Finds `.main` schedulers in a member's initializer or body: `mainQueue: .main`,
/// `DispatchQueue.main.eraseToAnyScheduler()`, `RunLoop.main`. In test and preview code, only
/// those passed to an environment built from mocks (`AppEnvironment(client: .mock, mainQueue:
/// .main)`, or stubs written in place: `fetch: { _ in .none }`): a preview of the live app may
/// run on the main queue.
final class MainSchedulerFinder: SyntaxVisitor {
    /// Names of the values test and preview code builds environments from.
    static let mockValues: Set<String> = ["mock", "test", "preview", "failing", "unimplemented", "noop", "testValue", "previewValue"]

    private let locate: Locator
    private let inMockEnvironmentsOnly: Bool
    private(set) var uses: [Location] = []

    static func uses(in node: some SyntaxProtocol, locate: Locator, inMockEnvironmentsOnly: Bool = false) -> [Location] {
        let finder = MainSchedulerFinder(locate: locate, inMockEnvironmentsOnly: inMockEnvironmentsOnly)
        finder.walk(node)
        return finder.uses
    }

    private init(locate: Locator, inMockEnvironmentsOnly: Bool) {
        self.locate = locate
        self.inMockEnvironmentsOnly = inMockEnvironmentsOnly
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard inMockEnvironmentsOnly, Self.buildsMockEnvironment(node) else { return .visitChildren }
        uses += Self.uses(in: node.arguments, locate: locate)
        return .skipChildren
    }

    /// `AppEnvironment(client: .mock, …)`, `.init(client: ClientMock(), …)`, `.init(fetch: { _ in
    /// .none }, …)`: an environment built with a mock among its arguments, or a stub written in
    /// place (a closure literal where the live environment passes a client).
    private static func buildsMockEnvironment(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = SyntaxPaths.path(of: call.calledExpression).split(separator: ".").filter { $0 != "init" }.last.map(String.init)
        guard callee == nil || callee?.hasSuffix("Environment") == true else { return false }
        return call.arguments.contains { argument in
            if argument.expression.is(ClosureExprSyntax.self) { return true }
            let value = SyntaxPaths.path(of: argument.expression).split(separator: ".").last.map { String($0).replacingOccurrences(of: "()", with: "") }
            return value.map { mockValues.contains($0) || $0.hasPrefix("Mock") || $0.hasSuffix("Mock") } ?? false
        }
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard !inMockEnvironmentsOnly, node.declName.baseName.text == "main" else { return .visitChildren }
        if let base = node.base {
            let path = SyntaxPaths.path(of: base)
            guard ["DispatchQueue", "RunLoop", "OperationQueue", "AnySchedulerOf"].contains(path) else { return .visitChildren }
        } else if let label = node.parent?.as(LabeledExprSyntax.self)?.label?.text, !Self.isSchedulerLabel(label) {
            return .visitChildren
        }
        uses.append(locate.token(node.declName.baseName))
        return .skipChildren
    }

    /// An implicit `.main` passed as `bundle: .main` is `Bundle.main`, not a scheduler; one
    /// passed as `mainQueue:`, `scheduler:` or `runLoop:` is.
    private static func isSchedulerLabel(_ label: String) -> Bool {
        let lowered = label.lowercased()
        return ["queue", "scheduler", "runloop"].contains { lowered.contains($0) }
    }
}

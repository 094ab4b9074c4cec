import RulebookCore
import SwiftSyntax

/// Finds `.main` schedulers in a member's initializer or body: `mainQueue: .main`,
/// `DispatchQueue.main.eraseToAnyScheduler()`, `RunLoop.main`.
final class MainSchedulerFinder: SyntaxVisitor {
    private let locate: Locator
    private(set) var uses: [Location] = []

    static func uses(in node: some SyntaxProtocol, locate: @escaping Locator) -> [Location] {
        let finder = MainSchedulerFinder(locate: locate)
        finder.walk(node)
        return finder.uses
    }

    private init(locate: @escaping Locator) {
        self.locate = locate
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.text == "main" else { return .visitChildren }
        if let base = node.base {
            let path = SyntaxPaths.path(of: base)
            guard ["DispatchQueue", "RunLoop", "OperationQueue", "AnySchedulerOf"].contains(path) else { return .visitChildren }
        } else if let label = node.parent?.as(LabeledExprSyntax.self)?.label?.text, !Self.isSchedulerLabel(label) {
            return .visitChildren
        }
        uses.append(locate(node.declName.baseName))
        return .skipChildren
    }

    /// An implicit `.main` passed as `bundle: .main` is `Bundle.main`, not a scheduler; one
    /// passed as `mainQueue:`, `scheduler:` or `runLoop:` is.
    private static func isSchedulerLabel(_ label: String) -> Bool {
        let lowered = label.lowercased()
        return ["queue", "scheduler", "runloop"].contains { lowered.contains($0) }
    }
}

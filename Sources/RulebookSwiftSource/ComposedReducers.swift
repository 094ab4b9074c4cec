import RulebookCore
import SwiftSyntax

/// The app's reducers that a result builder composes beside a `Reduce { }` (`body` listing
/// `ApplicationFeature.RootReducer()`, `HistoryFeature.RootReducer()` …): composed directly,
/// not scoped, they run on the same State and Action, so they handle Action cases too.
enum ComposedReducers {
    /// TCA's own reducers and composers, which handle none of an app's cases.
    static let library: Set<String> = [
        "Reduce", "BindingReducer", "EmptyReducer", "Scope", "CombineReducers", "IfLetReducer", "ForEachReducer",
        "_PrintChangesReducer", "DebugReducer", "SignpostReducer",
    ]

    /// The app reducers (as written: `ApplicationFeature.RootReducer`) in the builder that holds
    /// the `Reduce` call `reduce`, with or without modifiers (`.onChange(of:)`), besides it.
    static func beside(_ reduce: FunctionCallExprSyntax) -> [String] {
        // The statement the call starts (`Reduce { }.ifLet(…)` is one).
        var node = Syntax(reduce)
        while let parent = node.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) {
            node = parent
        }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else {
            return []
        }
        return list.compactMap { other in
            guard other.id != item.id, let expression = other.item.as(ExprSyntax.self) else { return nil }
            return appReducer(startingChain: expression)
        }
    }

    /// The type an expression builds when it is `Type(…)` or `Module.Type(…)` followed by any
    /// modifiers, and the type is the app's (capitalised, not TCA's own).
    private static func appReducer(startingChain expression: ExprSyntax) -> String? {
        var current = expression
        // `X().onChange(of: …) { … }`: down to `X()`.
        while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, base.is(FunctionCallExprSyntax.self)
        {
            current = base
        }
        guard let call = current.as(FunctionCallExprSyntax.self) else { return nil }
        let name: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
            name = member.trimmedDescription
        } else {
            return nil
        }
        let last = TypeName.unqualified(name)
        guard let first = last.first, first.isUppercase, !library.contains(last) else { return nil }
        return name
    }
}

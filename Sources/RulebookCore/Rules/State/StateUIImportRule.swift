/// `state-ui-import`: a State file is pure Swift and imports no UI framework.
public struct StateUIImportRule: Rule {
    /// UI framework modules a State file must not import.
    public static let uiModules: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

    private let modules: WordSet

    public init(options: RuleOptions) {
        modules = options.words("ui_modules", default: Self.uiModules)
    }

    public static let description = RuleDescription(
        id: "state-ui-import",
        name: "UI framework import in State file",
        defaultSeverity: .warning,
        summary: "A file that holds only State must not import SwiftUI, UIKit or AppKit.",
        rationale: """
            State is plain Swift: it imports no UI framework. A UI \
            import in `{Feature}State.swift` invites colors, images and geometry into State and \
            keeps the domain from compiling without the UI framework. \
            Its fix is a suggestion: it imports `Foundation` in place of the file's first UI \
            module (none where `Foundation` is imported already, or for `import struct \
            SwiftUI.Color`); whether the file uses nothing else of the UI framework only the \
            compiler can tell (`CGFloat` comes with Foundation, `Color` does not).
            """,
        options: [
            RuleOptionDescription(key: "ui_modules", summary: "Modules a State-only file must not import.", defaults: uiModules.sorted())
        ],
        triggeringExamples: [
            RuleExample(
                """
                import ComposableArchitecture
                import ↓SwiftUI

                struct LoginState: Equatable {
                  var email = ""
                  var password = ""
                  var isLoading = false
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                import Foundation
                import ↓UIKit

                struct ProfileState: Equatable {
                  var name = ""
                  var avatarURL: URL?
                  enum Tab: Equatable { case posts, likes }
                  var tab: Tab = .posts
                }
                """, fileName: "Features/Profile/Presentation/ProfileState.swift"),
            RuleExample(
                """
                import ↓AppKit
                import struct ↓SwiftUI.Color

                struct EditorState: Equatable {
                  var text = ""
                }

                extension EditorState {
                  static let empty = EditorState()
                }
                """, fileName: "EditorState.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import ComposableArchitecture
                import Foundation

                struct LoginState: Equatable {
                  var email = ""
                  var isLoading = false
                }
                """, fileName: "LoginState.swift"),
            RuleExample(
                """
                import ComposableArchitecture
                import SwiftUI

                @Reducer
                struct CounterFeature {
                  @ObservableState
                  struct State: Equatable { var count = 0 }
                  enum Action { case incrementButtonTapped }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .incrementButtonTapped:
                        state.count += 1
                        return .none
                      }
                    }
                  }
                }

                struct CounterView: View {
                  let store: StoreOf<CounterFeature>
                  var body: some View { Text("\\(store.count)") }
                }
                """, fileName: "CounterFeature.swift"),
            RuleExample(
                """
                import SwiftUI

                struct LoginState: Equatable {
                  var email = ""
                }

                struct LoginView: View {
                  let store: Store<LoginState, LoginAction>
                  var body: some View { Text("Login") }
                }
                """, fileName: "LoginView.swift"),
            RuleExample(
                """
                import SwiftUI

                struct LoginState: Equatable {
                  var email = ""
                }

                extension View {
                  func loginFieldStyle() -> some View { padding(8) }
                }
                """, fileName: "LoginState.swift"),
        ],
        corrections: [
            RuleCorrection(
                RuleExample(
                    """
                    import ComposableArchitecture
                    import ↓SwiftUI

                    struct LoginState: Equatable {
                      var email = ""
                      var isLoading = false
                    }
                    """, fileName: "LoginState.swift"),
                """
                import ComposableArchitecture
                import Foundation

                struct LoginState: Equatable {
                  var email = ""
                  var isLoading = false
                }
                """, kind: .suggestion),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        let stateNames = Set(feature.states.map(\.qualifiedName))
        return feature.files.filter { file in holdsOnlyState(file, stateNames: stateNames) }.flatMap { file in
            let replaced = Self.replaceable(in: file, modules: modules)
            return file.imports.filter { modules.contains($0.module) }.map { decl in
                RuleViolation(
                    location: decl.location,
                    message: """
                        The file holding only State `\(file.topLevelTypes.joined(separator: "`, `"))` imports \
                        `\(decl.module)`; remove the import and keep State pure Swift (`Foundation` only), \
                        moving any UI values to the View
                        """,
                    fix: decl.location == replaced?.location
                        ? ProposedFix(kind: .suggestion, summary: "import `Foundation` instead of `\(decl.module)`", replacements: [.init(decl.location, with: "Foundation")])
                        : nil)
            }
        }
    }

    /// The UI import whose module becomes `Foundation` in the suggestion: the file's first
    /// import of a whole UI module (not `import struct SwiftUI.Color`), when the file does not
    /// import `Foundation` already.
    private static func replaceable(in file: FileFacts, modules: WordSet) -> ImportDecl? {
        guard !file.imports.contains(where: { $0.module == "Foundation" }) else { return nil }
        return file.imports.first { decl in
            // The range is the module path: a path longer than the module names a declaration in it.
            modules.contains(decl.module) && decl.location.line == decl.location.endLine
                && (decl.location.endColumn ?? 0) - (decl.location.column ?? 0) == decl.module.utf8.count
        }
    }

    /// Every top-level type of `file` is a State and no View code (an `extension View`) is there.
    private func holdsOnlyState(_ file: FileFacts, stateNames: Set<String>) -> Bool {
        !file.topLevelTypes.isEmpty
            && file.topLevelTypes.allSatisfy(stateNames.contains)
            && !file.typeReferences.contains { $0.name == "View" }
    }
}

/// `error-missing-localized-description`: public error enums describe themselves to users.
public struct ErrorMissingLocalizedDescriptionRule: Rule {
    /// Access levels that make an error part of a module's API.
    static let publicLevels: Set<String> = ["public", "open"]

    public init(options: RuleOptions) {}

    public static let description = RuleDescription(
        id: "error-missing-localized-description",
        name: "Public error without `errorDescription`",
        defaultSeverity: .note,
        summary: "A public `…Error` enum conforms to `LocalizedError` and implements `errorDescription`.",
        rationale: """
            A feature's error type conforms to `LocalizedError` and supplies `errorDescription`, \
            so users read what went wrong. Without it, \
            `error.localizedDescription` shows users a generic "The operation couldn't be \
            completed" message. An error that supplies its text through `CustomNSError`, or \
            conforms to a protocol Rulebook cannot see (declared in a package, say) that may \
            refine `LocalizedError`, is not reported. A non-optional `var errorDescription: \
            String` implements nothing: `LocalizedError` requires `String?`, and Swift uses the \
            protocol's default (`nil`) instead. \
            Its fix is a suggestion: `LocalizedError` where it is missing, and an \
            `errorDescription` that names each case in words (`networkUnavailable` → "Network \
            unavailable") for the team to rewrite as its users should read them.
            """,
        triggeringExamples: [
            RuleExample(
                """
                import Foundation

                public enum ↓ProfileError: Error, Equatable {
                  case networkUnavailable
                  case notFound(id: String)
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Errors/ProfileError.swift"),
            RuleExample(
                """
                public enum ↓LoginError: LocalizedError, Sendable {
                  case invalidCredentials
                  public var failureReason: String? { "The email or password is wrong" }
                }
                """, fileName: "Features/Login/Domain/LoginError.swift"),
            RuleExample(
                """
                public enum ↓TokenError: LocalizedError, Sendable {
                  case expired
                  public var errorDescription: String { "Your session has expired" }
                }
                """, fileName: "Shared/Errors/TokenError.swift"),
            RuleExample(
                """
                @Reducer
                public struct SettingsFeature {
                  @ObservableState
                  public struct State: Equatable { var isSaving = false }
                  public enum Action { case saveResponse(Result<Void, SaveError>) }
                  public enum ↓SaveError: Swift.Error, Equatable { case diskFull }
                  public var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
                }
                open class Uploader {}
                public enum ↓UploadError: Error {
                  case cancelled
                  var errorDescription: String? { "Cancelled" }
                }
                """, fileName: "SettingsFeature.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import Foundation
                public enum FileLockError: Error, CustomNSError {
                  case busy(path: String)
                  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: "The file is in use."] }
                }
                public enum DiscoverError: Error, Localizable {
                  case noModuleSelected
                }
                """, fileName: "Errors.swift"),
            RuleExample(
                """
                import Foundation

                public enum ProfileError: LocalizedError, Sendable {
                  case networkUnavailable
                  public var errorDescription: String? {
                    switch self {
                    case .networkUnavailable: return "Network connection is unavailable"
                    }
                  }
                }
                """, fileName: "Sources/Features/ProfileFeature/Domain/Errors/ProfileError.swift"),
            RuleExample(
                """
                public enum YourServiceError: Error, Equatable {
                  case operationFailed(String)
                  case serviceUnavailable
                }

                extension YourServiceError: LocalizedError {
                  public var errorDescription: String? {
                    switch self {
                    case .operationFailed(let message): return "Operation failed: \\(message)"
                    case .serviceUnavailable: return "Service is currently unavailable"
                    }
                  }
                }
                """, fileName: "YourServiceError.swift"),
            RuleExample(
                """
                enum FactClientError: Error { case badResponse }
                private enum DecodingError: Error { case missingKey(String) }
                public struct ValidationError: Error { var field: String }
                public enum PasswordStrength { case weak, strong }
                """, fileName: "FactClient.swift"),
            RuleExample(
                """
                public protocol AppError: LocalizedError {}
                public enum CheckoutError: AppError {
                  case paymentDeclined
                  public var errorDescription: String? { "Your payment was declined" }
                }
                """, fileName: "CheckoutError.swift"),
        ],
        corrections: [
            RuleCorrection(
                RuleExample(
                    """
                    import Foundation

                    public enum ↓ProfileError: Error, Equatable {
                      case networkUnavailable
                      case notFound(id: String)
                    }
                    """, fileName: "Sources/Features/ProfileFeature/Domain/Errors/ProfileError.swift"),
                """
                import Foundation

                public enum ProfileError: Error, Equatable, LocalizedError {
                  case networkUnavailable
                  case notFound(id: String)

                  public var errorDescription: String? {
                    switch self {
                    case .networkUnavailable: return "Network unavailable"
                    case .notFound: return "Not found"
                    }
                  }
                }
                """, kind: .suggestion),
            RuleCorrection(
                RuleExample(
                    """
                    public enum ↓LoginError: LocalizedError, Sendable {
                        case invalidCredentials
                        public var failureReason: String? { "The email or password is wrong" }
                    }
                    """, fileName: "Features/Login/Domain/LoginError.swift"),
                """
                public enum LoginError: LocalizedError, Sendable {
                    case invalidCredentials
                    public var failureReason: String? { "The email or password is wrong" }

                    public var errorDescription: String? {
                        switch self {
                        case .invalidCredentials: return "Invalid credentials"
                        }
                    }
                }
                """, kind: .suggestion),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.types.compactMap { type -> RuleViolation? in
            guard type.kind == .enum, type.name.hasSuffix("Error"), let access = type.accessLevel,
                Self.publicLevels.contains(access), Self.isError(type)
            else { return nil }
            // `CustomNSError` supplies its description through `errorUserInfo`.
            guard !feature.inherits(type, from: "CustomNSError") else { return nil }
            let localized = feature.inherits(type, from: "LocalizedError")
            let declared = type.properties.filter { $0.name == "errorDescription" && !$0.isStatic }
            // `var errorDescription: String` does not implement `LocalizedError`'s `String?`
            // requirement: Swift uses the protocol's default, `nil`, wherever it is an error.
            let nonOptional = !declared.isEmpty && declared.allSatisfy { $0.type.map(Self.isPlainString) == true }
            let described = !declared.isEmpty && !nonOptional
            guard !localized || !described else { return nil }
            // A protocol neither the spec nor the project shows may bring the description.
            guard localized || !feature.inheritsUnseenProtocols(type) else { return nil }
            let fix = localized
                ? "implement `public var errorDescription: String?` with a user-facing message for each case"
                : "conform it to `LocalizedError` and implement `public var errorDescription: String?`"
            let problem = !localized ? "does not conform to `LocalizedError`"
                : nonOptional ? "declares `errorDescription: String`, which does not implement `LocalizedError`'s `String?` requirement (its default, `nil`, is used)"
                : "lacks `errorDescription`"
            return RuleViolation(
                location: type.location,
                message: """
                    Public error `\(type.name)` \(problem); \
                    \(fix) so the UI can show a readable message
                    """,
                fix: declared.isEmpty ? Self.suggestion(describing: type, conforms: localized) : nil)
        }
    }

    /// `LocalizedError` (if missing) and an `errorDescription` with a message per case made
    /// from its name: a suggestion, as the words users read are the team's to choose.
    /// Swift sources only (a declared spec's property is an object, which no fix writes yet),
    /// and only where the declaration's places are known.
    private static func suggestion(describing type: TypeDecl, conforms: Bool) -> ProposedFix? {
        guard let memberSlot = type.memberSlot else { return nil }
        let conformance = type.conformanceSlot.map { $0.adding("LocalizedError") }
        guard conforms || conformance != nil else { return nil }
        // Indented as the enum's cases are (`case` is 5 columns before a case's name).
        let column = type.cases.first?.location.column ?? 1
        let member = String(repeating: " ", count: max(0, column - 6))
        let step = member.isEmpty ? "    " : member
        let body = member + step
        let cases = type.cases.map { "\(body)case .\($0.name): return \"\(sentence(fromName: $0.name))\"\n" }.joined()
        let switched = cases.isEmpty ? "\(body)String(describing: self)\n" : "\(body)switch self {\n\(cases)\(body)}\n"
        let property = "\n\n\(member)public var errorDescription: String? {\n\(switched)\(member)}"
        return ProposedFix(
            kind: .suggestion, summary: "\(conforms ? "" : "conform to `LocalizedError` and ")add `errorDescription` with a message per case",
            replacements: (conforms ? [] : conformance.map { [$0] } ?? []) + [ProposedFix.Replacement(memberSlot, with: property)])
    }

    /// `networkUnavailable` → `Network unavailable`.
    private static func sentence(fromName name: String) -> String {
        var words = ""
        for character in name {
            if character.isUppercase, !words.isEmpty { words += " " }
            words += words.isEmpty ? character.uppercased() : character.lowercased()
        }
        return words
    }

    /// `String`, written plainly or qualified (`Swift.String`): not the optional the requirement is.
    private static func isPlainString(_ written: String) -> Bool {
        written == "String" || written == "Swift.String"
    }

    /// Conforms to `Error` (or a refinement such as `LocalizedError`), so it is thrown.
    private static func isError(_ type: TypeDecl) -> Bool {
        type.conformances.contains { TypeName.unqualified(TypeName.base($0)).hasSuffix("Error") }
    }
}

/// `state-ui-type`: colors, fonts, images, views and theme objects do not belong in Store State.
public struct StateUITypeRule: Rule {
    /// UI framework types.
    public static let uiTypes: Set<String> = [
        "Color", "UIColor", "NSColor", "Font", "UIFont", "Image", "UIImage", "NSImage", "UIView", "AnyView",
    ]
    /// Type-name suffixes of UI framework objects.
    public static let uiSuffixes = ["View"]
    /// Theme objects: the type names themselves and any type ending in one of them (`AppTheme`).
    public static let themeNames = ["Theme"]

    private let types: WordSet
    private let suffixes: AffixList
    private let themes: AffixList

    public init(options: RuleOptions) {
        types = options.words("ui_types", default: Self.uiTypes)
        suffixes = options.affixes("ui_suffixes", default: Self.uiSuffixes)
        themes = options.affixes("theme_names", default: Self.themeNames)
    }

    public static let description = RuleDescription(
        id: "state-ui-type",
        name: "UI framework type in State",
        defaultSeverity: .warning,
        summary: "Store State must hold plain data, not colors, fonts, images, views or theme objects.",
        rationale: """
            State holds business state only and is plain Swift: a theme, for example, is stored in \
            State as its id (`currentThemeId: String`) and the theme object is read via \
            `@Environment(\\.theme)`. SwiftUI/UIKit objects in State tie \
            the domain to a UI framework and make State hard to compare, encode and test.
            """,
        options: [
            RuleOptionDescription(key: "ui_types", summary: "UI framework types that must not be stored in State.", defaults: uiTypes.sorted()),
            RuleOptionDescription(key: "ui_suffixes", summary: "Type-name suffixes of UI framework objects.", defaults: uiSuffixes),
            RuleOptionDescription(key: "theme_names", summary: "Theme object names (also matched as suffixes, `AppTheme`).", defaults: themeNames),
        ],
        triggeringExamples: [
            RuleExample(
                """
                struct HomeState: Equatable {
                  var galleries: [Gallery] = []
                  var ↓rawCardColors: [String: [Color]] = [:]
                }
                """, fileName: "HomeState.swift"),
            RuleExample(
                """
                struct ProfileState: Equatable {
                  var name = ""
                  var ↓accentColor: Color = .blue
                  var ↓avatar: UIImage?
                }
                """, fileName: "ProfileState.swift"),
            RuleExample(
                """
                @Reducer
                struct SettingsFeature {
                  @ObservableState
                  struct State: Equatable {
                    var ↓theme: AppTheme
                    var ↓titleFont = Font.headline
                  }
                  enum Action { case themeSelected(String) }
                }
                """, fileName: "SettingsFeature.swift"),
            RuleExample(
                """
                struct AppState {
                  var ↓banner: AnyView?
                  var ↓badges: [SwiftUI.Image] = []
                  var ↓currentTheme: Theme
                  var ↓mapView: MKMapView?
                }
                """, fileName: "AppState.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                struct AppState: Equatable {
                  var currentThemeId: String = "default_light"
                }
                struct MyView: View {
                  @Environment(\\.theme) var theme
                  var body: some View {
                    Text("Hello").foregroundColor(theme.colors.primary)
                  }
                }
                """, fileName: "AppState.swift"),
            RuleExample(
                """
                @Reducer
                struct GalleryFeature {
                  @ObservableState
                  struct State: Equatable {
                    var images: [Image] = []
                    var layout: LayoutView = .grid
                    var colorScheme: AppTheme = .system
                    var themeId: Theme.ID?
                  }
                  enum Action { case imageTapped(Image.ID) }
                }
                struct Image: Equatable, Identifiable { let id: UUID; let url: URL }
                enum LayoutView { case grid, list }
                enum AppTheme: String { case system, light, dark }
                """, fileName: "GalleryFeature.swift"),
            RuleExample(
                """
                struct ReviewState: Equatable {
                  var review: Review?
                  var preview: Preview?
                  var colorHex = "#FF0000"
                  var iconName: String = "star"
                  static let placeholder = Color.gray
                  var tint: Color { .blue }
                }
                """, fileName: "ReviewState.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        feature.states.flatMap { state in
            state.properties.compactMap { property -> RuleViolation? in
                guard property.isStored, let type = property.type, let baseType = property.baseType else { return nil }
                // A dictionary holds its values (`rawCardColors: [String: [Color]]`).
                let held = TypeName.dictionaryValue(type).map(TypeName.base) ?? baseType
                let base = TypeName.unqualified(held)
                guard let advice = advice(for: base, in: feature) else { return nil }
                return RuleViolation(
                    location: property.location,
                    message: "`\(property.name): \(type)` in Store State `\(state.nameInScope)` is a UI object; \(advice)")
            }
        }
    }

    /// What to store instead of a `base` value, or `nil` when `base` is not a UI object. A type
    /// the spec declares itself shadows the framework type unless it is a View; a theme declared
    /// as an enum is already an id.
    private func advice(for base: String, in feature: FeatureModel) -> String? {
        let isTheme = themes.hasSuffix(in: base)
        guard isTheme || types.contains(base) || suffixes.hasSuffix(in: base) else { return nil }
        // Only a name that could be a UI object is sought among the spec's types.
        let declared = feature.types.first { $0.name == base }
        let project = feature.project
        if isTheme {
            // An enum of themes (`enum AppTheme: Int { case light, dark }`) is the id itself.
            let isCaseEnum = project?.caseEnums.contains { $0 == base || $0.hasSuffix("." + base) } == true
            guard declared?.kind != .enum, !isCaseEnum else { return nil }
            return "store the theme id (`currentThemeId: String`) and read the theme in the View via `@Environment(\\.theme)`"
        }
        if let declared, !declared.conforms(to: "View") { return nil }
        // A type of the project's own that shadows a framework name (its own `Color` model).
        if declared == nil, project?.typeLayers[base] != nil { return nil }
        return "store plain data (a color or image name, a font style enum, the model the view shows) and build `\(base)` in the View"
    }
}

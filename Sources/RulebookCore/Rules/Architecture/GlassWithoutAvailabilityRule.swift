/// `glass-without-availability`: Liquid Glass is gated to iOS 26 with a fallback.
public struct GlassWithoutAvailabilityRule: Rule {
    /// The iOS version that brings Liquid Glass.
    static let glassVersion = "26.0"
    /// The lowest iOS version the team says the app supports (`minimum_ios_version`).
    private let configuredMinimum: String?

    public init(options: RuleOptions) {
        configuredMinimum = options.string("minimum_ios_version", default: nil)
    }

    public static let description = RuleDescription(
        id: "glass-without-availability",
        name: "Liquid Glass without availability check",
        defaultSeverity: .warning,
        summary: "Liquid Glass APIs are used inside `#available(iOS 26.0, *)` or `@available(iOS 26.0, *)`.",
        rationale: """
            Liquid Glass is gated with `#available(iOS 26.0, *)`, with a fixed fallback material \
            for earlier systems. `glassEffect`, `GlassEffectContainer` and the \
            `.glass` button styles only exist on iOS 26; ungated uses either do not build for \
            earlier targets or leave older systems without a designed fallback. An app that \
            supports nothing older than iOS 26 needs no gate: the lowest deployment target is \
            read from the Xcode projects (`IPHONEOS_DEPLOYMENT_TARGET` of each target) and \
            SwiftPM and Tuist manifests (`.iOS(.v26)`, `deploymentTargets: .iOS("26.0")`) that \
            `rulebook check` is given, or set with `minimum_ios_version`. A modifier the app \
            declares itself in an `extension View` (`glassEffectIfAvailable()`, or a \
            `glassEffect` shim that checks availability inside) is the app's, not SwiftUI's, and so is \
            a value of the app's named `glassEffect` (an enum case, a color's static member): \
            `glassEffect` counts only as a modifier called on a view.
            """,
        options: [
            RuleOptionDescription(
                key: "minimum_ios_version",
                summary: "The lowest iOS version the app supports (default: the lowest deployment target of the checked Xcode projects and SwiftPM manifests); 26.0 or later needs no gate.",
                kind: .version, default: nil)
        ],
        triggeringExamples: [
            RuleExample(
                """
                import SwiftUI

                struct ProfileCard: View {
                  var body: some View {
                    Text("Profile")
                      .padding()
                      .↓glassEffect()
                  }
                }
                """, fileName: "Features/Profile/Presentation/ProfileCard.swift"),
            RuleExample(
                """
                import SwiftUI
                import ComposableArchitecture

                struct CounterView: View {
                  let store: StoreOf<CounterFeature>
                  var body: some View {
                    ↓GlassEffectContainer {
                      HStack {
                        Button("-") { store.send(.decrementButtonTapped) }
                          .buttonStyle(.↓glass)
                        Button("+") { store.send(.incrementButtonTapped) }
                          .buttonStyle(.↓glassProminent)
                      }
                    }
                  }
                }
                """, fileName: "CounterView.swift"),
            RuleExample(
                """
                import SwiftUI

                struct FABView: View {
                  var body: some View {
                    if #available(iOS 17.0, *) {
                      Image(systemName: "plus").↓glassEffect(.regular.interactive(), in: .circle)
                    } else {
                      Image(systemName: "plus").background(.ultraThinMaterial)
                    }
                  }
                }
                """, fileName: "FABView.swift"),
            RuleExample(
                """
                import SwiftUI

                struct NextButton: View {
                  var isCompact: Bool
                  var body: some View {
                    if #unavailable(iOS 26.0) {
                      Button("Next") {}.buttonStyle(.↓glass)
                    } else if isCompact {
                      Button("Next") {}.buttonStyle(.glassProminent)
                    }
                    if #unavailable(iOS 26.0), isCompact {
                      Text("Next").padding()
                    } else {
                      Text("Next").padding().↓glassEffect()
                    }
                  }
                }
                """, fileName: "NextButton.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                import SwiftUI

                struct ProfileCard: View {
                  var body: some View {
                    Text("Profile")
                      .padding()
                      .glassEffectIfAvailable()
                  }
                }
                """, fileName: "Features/Profile/Presentation/ProfileCard.swift",
                elsewhere: [
                    ("DesignSystem/View+Glass.swift", """
                    import SwiftUI
                    extension View {
                      @ViewBuilder func glassEffectIfAvailable() -> some View {
                        if #available(iOS 26.0, *) { self.glassEffect() } else { self.background(.ultraThinMaterial) }
                      }
                    }
                    """)
                ]),
            RuleExample(
                """
                import SwiftUI

                enum BadgeBackground { case plain, glassEffect }

                struct BadgeView: View {
                  let background: BadgeBackground
                  var body: some View {
                    Text("New")
                      .background(Palette.Background.glassEffect.color)
                      .opacity(background == .glassEffect ? 0.8 : 1)
                  }
                }
                """, fileName: "DesignSystem/BadgeView.swift"),
            RuleExample(
                """
                import SwiftUI

                struct ProfileCard: View {
                  var body: some View {
                    if #available(iOS 26.0, *) {
                      Text("Profile").padding().glassEffect()
                    } else {
                      Text("Profile").padding().background(.ultraThinMaterial, in: .capsule)
                    }
                  }
                }
                """, fileName: "Features/Profile/Presentation/ProfileCard.swift"),
            RuleExample(
                """
                import SwiftUI

                @available(iOS 26.0, *)
                struct GlassToolbar: View {
                  var body: some View {
                    GlassEffectContainer {
                      Button("Save") {}.buttonStyle(.glassProminent)
                    }
                  }
                }
                extension View {
                  @ViewBuilder func cardBackground() -> some View {
                    if #available(iOS 26, *) {
                      glassEffect(.regular, in: .rect(cornerRadius: 16))
                    } else {
                      background(.regularMaterial, in: .rect(cornerRadius: 16))
                    }
                  }
                }
                """, fileName: "GlassToolbar.swift"),
            RuleExample(
                """
                import SwiftUI

                struct SaveButton: View {
                  var body: some View {
                    guard #available(iOS 26.0, *) else {
                      return AnyView(Button("Save") {}.buttonStyle(.borderedProminent))
                    }
                    return AnyView(Button("Save") {}.buttonStyle(.glass))
                  }
                }
                """, fileName: "SaveButton.swift"),
            RuleExample(
                """
                import SwiftUI

                struct GlassNextButton: View {
                  var action: () -> Void
                  var body: some View {
                    if #unavailable(iOS 26.0) {
                      Button("Next", action: action).buttonStyle(.borderedProminent)
                    } else {
                      Button("Next", action: action).buttonStyle(.glassProminent)
                    }
                  }
                }
                struct GlassBadge: View {
                  var body: some View {
                    guard #unavailable(iOS 26) else {
                      return AnyView(Text("New").padding(6).glassEffect())
                    }
                    return AnyView(Text("New").padding(6).background(.thinMaterial, in: .capsule))
                  }
                }
                """, fileName: "GlassNextButton.swift"),
            RuleExample(
                """
                import SwiftUI
                import ComposableArchitecture

                struct TimerView: View {
                  let store: StoreOf<TimerFeature>
                  var body: some View {
                    Text("\\(store.secondsElapsed)")
                      .background(.ultraThinMaterial)
                      .foregroundStyle(.glass)
                      .buttonStyle(.bordered)
                  }
                }
                """, fileName: "TimerView.swift"),
        ]
    )

    public func validate(_ feature: FeatureModel) -> [RuleViolation] {
        if let minimum = configuredMinimum ?? feature.project?.minimumIOSVersion,
            !ProjectContext.isLowerVersion(minimum, Self.glassVersion)
        {
            return []
        }
        return feature.files.flatMap { file in
            // An app's own modifier (a `glassEffect` shim that checks availability itself) is not SwiftUI's.
            file.glassUses.filter { !$0.isAvailabilityGuarded && feature.project?.appViewModifiers.contains($0.api) != true }.map { use in
                RuleViolation(
                    location: use.location,
                    message: """
                        Liquid Glass API `\(Self.written(use.api))` is used without an iOS 26 availability check; \
                        wrap it in `if #available(iOS 26.0, *)` with a fallback material \
                        (`.background(.ultraThinMaterial)`) or mark the declaration \
                        `@available(iOS 26.0, *)`
                        """)
            }
        }
    }

    /// `.glassEffect`, `.glass` for modifiers and styles; `GlassEffectContainer` as is.
    private static func written(_ api: String) -> String {
        api.first?.isLowercase == true ? "." + api : api
    }
}

import ComposableArchitecture
import SwiftUI

// TCA 1.0-era style: a `Reducer` conformance with `reduce(into:action:)` instead of a body.

struct OnboardingFeature: Reducer {
  struct State: Equatable {
    var step: Step = .welcome
    var acceptedTerms = false
    var hasCompletedOnboarding = false

    enum Step: Int, CaseIterable, Equatable {
      case welcome, permissions, terms, done
    }
  }

  enum Action: Equatable {
    case acceptTermsToggled(Bool)
    case backButtonTapped
    case nextButtonTapped
    case skipButtonTapped
    case completionSaved
  }

  @Dependency(\.userDefaults) var userDefaults

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .acceptTermsToggled(isOn):
      state.acceptedTerms = isOn
      return .none

    case .backButtonTapped:
      guard let previous = State.Step(rawValue: state.step.rawValue - 1) else { return .none }
      state.step = previous
      return .none

    case .nextButtonTapped:
      if state.step == .terms, !state.acceptedTerms { return .none }
      guard let next = State.Step(rawValue: state.step.rawValue + 1) else { return .none }
      state.step = next
      return next == .done ? complete() : .none

    case .skipButtonTapped:
      state.step = .terms
      return .none

    case .completionSaved:
      state.hasCompletedOnboarding = true
      return .none
    }
  }

  private func complete() -> Effect<Action> {
    .run { send in
      await self.userDefaults.setBool(true, forKey: "hasCompletedOnboarding")
      await send(.completionSaved)
    }
  }
}

@DependencyClient
struct UserDefaultsClient: Sendable {
  var boolForKey: @Sendable (String) -> Bool = { _ in false }
  var setBool: @Sendable (Bool, _ forKey: String) async -> Void
}

extension UserDefaultsClient: DependencyKey {
  static let liveValue = Self(
    boolForKey: { UserDefaults.standard.bool(forKey: $0) },
    setBool: { UserDefaults.standard.set($0, forKey: $1) }
  )
  static let testValue = Self()
}

extension DependencyValues {
  var userDefaults: UserDefaultsClient {
    get { self[UserDefaultsClient.self] }
    set { self[UserDefaultsClient.self] = newValue }
  }
}

struct OnboardingView: View {
  let store: StoreOf<OnboardingFeature>

  var body: some View {
    WithViewStore(store, observe: { $0 }) { viewStore in
      VStack(spacing: 24) {
        switch viewStore.step {
        case .welcome:
          Text("Welcome").font(.largeTitle)
        case .permissions:
          Text("We'd like to send you notifications.")
        case .terms:
          Toggle(
            "I accept the terms",
            isOn: viewStore.binding(get: \.acceptedTerms, send: { .acceptTermsToggled($0) })
          )
        case .done:
          Text("You're all set!")
        }

        HStack {
          if viewStore.step != .welcome {
            Button("Back") { viewStore.send(.backButtonTapped) }
          }
          Spacer()
          Button("Skip") { viewStore.send(.skipButtonTapped) }
          GlassNextButton { viewStore.send(.nextButtonTapped, animation: .snappy) }
        }
      }
      .padding()
    }
  }
}

struct GlassNextButton: View {
  var action: () -> Void

  var body: some View {
    if #unavailable(iOS 26.0) {
      Button("Next", action: action)
        .buttonStyle(.borderedProminent)
    } else {
      Button("Next", action: action)
        .buttonStyle(.glassProminent)
    }
  }
}

@available(iOS 26.0, macOS 26.0, *)
extension View {
  func onboardingCard() -> some View {
    padding(24)
      .glassEffect(.regular.tint(.accentColor.opacity(0.2)).interactive(), in: .rect(cornerRadius: 28))
  }
}

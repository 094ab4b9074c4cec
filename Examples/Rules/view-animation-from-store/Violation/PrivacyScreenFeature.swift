import ComposableArchitecture
import SwiftUI

@Reducer
struct PrivacyScreenFeature {
  @ObservableState
  struct State: Equatable {
    var isObscured = false
    var obscuringRadius: Double = 0
  }

  enum Action {
    case appBecameActive
    case appBecameInactive
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appBecameActive:
        state.isObscured = false
        state.obscuringRadius = 0
        return .none

      case .appBecameInactive:
        state.isObscured = true
        state.obscuringRadius = 20
        return .none
      }
    }
  }
}

struct PrivacyScreenView<Content: View>: View {
  let store: StoreOf<PrivacyScreenFeature>
  @ViewBuilder var content: Content
  @Environment(\.scenePhase) private var scenePhase

  var body: some View {
    content
      .blur(radius: store.obscuringRadius)
      .onChange(of: scenePhase) { _, phase in
        store.send(phase == .active ? .appBecameActive : .appBecameInactive, animation: .easeInOut)
      }
  }
}

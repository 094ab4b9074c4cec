import ComposableArchitecture
import SwiftUI

// Loads data, then navigates to a child screen once the data is ready.

struct LoadThenNavigateState: Equatable {
  var optionalCounter: CounterState?
  var isActivityIndicatorVisible = false

  var isNavigationActive: Bool { self.optionalCounter != nil }
}

enum LoadThenNavigateAction: Equatable {
  case onDisappear
  case optionalCounter(CounterAction)
  case setNavigation(isActive: Bool)
  case setNavigationIsActiveDelayCompleted
}

struct LoadThenNavigateEnvironment {
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static let live = Self(mainQueue: .main)
  static let mock = Self(mainQueue: .immediate)
}

let loadThenNavigateReducer =
  counterReducer
  .optional()
  .pullback(
    state: \.optionalCounter,
    action: /LoadThenNavigateAction.optionalCounter,
    environment: { _ in CounterEnvironment() }
  )
  .combined(
    with: Reducer<
      LoadThenNavigateState, LoadThenNavigateAction, LoadThenNavigateEnvironment
    > { state, action, environment in
      enum CancelID {}

      switch action {
      case .onDisappear:
        return .cancel(id: CancelID.self)

      case .setNavigation(isActive: true):
        state.isActivityIndicatorVisible = true
        return Effect(value: .setNavigationIsActiveDelayCompleted)
          .delay(for: 1, scheduler: environment.mainQueue)
          .eraseToEffect()
          .cancellable(id: CancelID.self)

      case .setNavigation(isActive: false):
        state.optionalCounter = nil
        return .none

      case .setNavigationIsActiveDelayCompleted:
        state.isActivityIndicatorVisible = false
        state.optionalCounter = CounterState()
        return .none

      case .optionalCounter:
        return .none
      }
    }
  )

struct LoadThenNavigateView: View {
  let store: Store<LoadThenNavigateState, LoadThenNavigateAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        Section {
          NavigationLink(
            destination: IfLetStore(
              self.store.scope(
                state: \.optionalCounter,
                action: LoadThenNavigateAction.optionalCounter
              )
            ) {
              CounterView(store: $0)
            },
            isActive: viewStore.binding(
              get: \.isNavigationActive,
              send: LoadThenNavigateAction.setNavigation(isActive:)
            )
          ) {
            HStack {
              Text("Load optional counter")
              if viewStore.isActivityIndicatorVisible {
                Spacer()
                ProgressView()
              }
            }
          }
        }
      }
      .onDisappear { viewStore.send(.onDisappear) }
    }
    .navigationTitle("Load then navigate")
  }
}

import ComposableArchitecture
import SwiftUI

// Effect.task with TaskResult (TCA 0.39+), cancellation and an @ObservedObject view store.

struct EffectsCancellationState: Equatable {
  var count = 0
  var currentFact: String?
  var isFactRequestInFlight = false
}

enum EffectsCancellationAction: Equatable {
  case cancelButtonTapped
  case stepperChanged(Int)
  case factButtonTapped
  case factResponse(TaskResult<String>)
}

struct EffectsCancellationEnvironment {
  var fact: AsyncFactClient
  var analytics: AnalyticsClient
  var mainQueue: AnySchedulerOf<DispatchQueue>

  static let live = Self(fact: .live, analytics: .live, mainQueue: .main)
  static let mock = Self(fact: .mock, analytics: .noop, mainQueue: .immediate)
}

struct AsyncFactClient {
  var fetch: @Sendable (Int) async throws -> String

  static let live = Self { number in
    let (data, _) = try await URLSession.shared.data(from: URL(string: "http://numbersapi.com/\(number)")!)
    return String(decoding: data, as: UTF8.self)
  }

  static let mock = Self { number in "\(number) is a good number." }
}

let effectsCancellationReducer = Reducer<
  EffectsCancellationState,
  EffectsCancellationAction,
  EffectsCancellationEnvironment
> { state, action, environment in
  enum FactRequestID {}

  switch action {
  case .cancelButtonTapped:
    state.isFactRequestInFlight = false
    return .merge(
      .cancel(id: FactRequestID.self),
      .fireAndForget {
        environment.analytics.track("fact_request_cancelled")
      }
    )

  case let .stepperChanged(value):
    state.count = value
    state.currentFact = nil
    state.isFactRequestInFlight = false
    return .cancel(id: FactRequestID.self)

  case .factButtonTapped:
    state.currentFact = nil
    state.isFactRequestInFlight = true

    return .task { [count = state.count] in
      await .factResponse(TaskResult { try await environment.fact.fetch(count) })
    }
    .cancellable(id: FactRequestID.self)

  case let .factResponse(.success(response)):
    state.isFactRequestInFlight = false
    state.currentFact = response
    return .none

  case .factResponse(.failure):
    state.isFactRequestInFlight = false
    return .none
  }
}
.debug()

struct EffectsCancellationView: View {
  let store: Store<EffectsCancellationState, EffectsCancellationAction>
  @ObservedObject var viewStore: ViewStore<EffectsCancellationState, EffectsCancellationAction>

  init(store: Store<EffectsCancellationState, EffectsCancellationAction>) {
    self.store = store
    self.viewStore = ViewStore(store)
  }

  var body: some View {
    Form {
      Section {
        Stepper(
          "\(viewStore.count)",
          value: viewStore.binding(get: \.count, send: EffectsCancellationAction.stepperChanged)
        )

        if viewStore.isFactRequestInFlight {
          HStack {
            Button("Cancel") { viewStore.send(.cancelButtonTapped) }
            Spacer()
            ProgressView()
              .id(UUID())
          }
        } else {
          Button("Number fact") { viewStore.send(.factButtonTapped) }
            .disabled(viewStore.isFactRequestInFlight)
        }

        viewStore.currentFact.map {
          Text($0).padding(.vertical, 8)
        }
      }
    }
    .buttonStyle(.borderless)
    .navigationTitle("Effect cancellation")
  }
}

struct EffectsCancellation_Previews: PreviewProvider {
  static var previews: some View {
    NavigationView {
      EffectsCancellationView(
        store: Store(
          initialState: EffectsCancellationState(),
          reducer: effectsCancellationReducer,
          environment: .mock
        )
      )
    }
  }
}

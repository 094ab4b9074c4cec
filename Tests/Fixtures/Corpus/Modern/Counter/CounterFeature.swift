import ComposableArchitecture
import SwiftUI

@Reducer
struct CounterFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
    var isTimerRunning = false
  }

  enum Action {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(Result<String, any Error>)
    case incrementButtonTapped
    case resetButtonTapped
    case timerTick
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none

      case .factButtonTapped:
        state.fact = nil
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factResponse(Result { try await self.numberFact.fetch(count) }))
        }

      case let .factResponse(.success(fact)):
        state.fact = fact
        state.isLoading = false
        return .none

      case .factResponse(.failure):
        state.isLoading = false
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .none

      case .resetButtonTapped:
        state = State()
        return .cancel(id: CancelID.timer)

      case .timerTick:
        state.count += 1
        state.fact = nil
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        if state.isTimerRunning {
          return .run { send in
            for await _ in self.clock.timer(interval: .seconds(1)) {
              await send(.timerTick)
            }
          }
          .cancellable(id: CancelID.timer)
        } else {
          return .cancel(id: CancelID.timer)
        }
      }
    }
  }
}

struct CounterView: View {
  let store: StoreOf<CounterFeature>
  @State private var countScale: CGFloat = 1

  var body: some View {
    Form {
      Section {
        HStack {
          Button("Decrement", systemImage: "minus") {
            store.send(.decrementButtonTapped)
          }
          Text("\(store.count)")
            .monospacedDigit()
            .scaleEffect(countScale)
          Button("Increment", systemImage: "plus") {
            store.send(.incrementButtonTapped)
          }
        }
        .labelStyle(.iconOnly)
        .buttonStyle(.borderless)
        .frame(maxWidth: .infinity)
      }

      Section {
        Button(store.isTimerRunning ? "Stop timer" : "Start timer") {
          store.send(.toggleTimerButtonTapped)
        }
        Button("Fact") { store.send(.factButtonTapped) }
        Button("Reset", role: .destructive) { store.send(.resetButtonTapped) }
      }

      if store.isLoading {
        ProgressView()
      } else if let fact = store.fact {
        Text(fact)
      }
    }
    .onChange(of: store.count) { _, _ in
      countScale = 1.25
      withAnimation(.bouncy) { countScale = 1 }
    }
  }
}

#Preview {
  CounterView(
    store: Store(initialState: CounterFeature.State()) {
      CounterFeature()
    }
  )
}

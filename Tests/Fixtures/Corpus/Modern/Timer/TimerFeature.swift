import ComposableArchitecture
import SwiftUI

@Reducer
struct TimerFeature {
  @ObservableState
  struct State: Equatable {
    var isTimerActive = false
    var secondsElapsed = 0
    var startedAt: Date?
    var laps: IdentifiedArrayOf<Lap> = []
  }

  struct Lap: Equatable, Identifiable {
    let id: UUID
    var secondsElapsed: Int
  }

  enum Action {
    case lapButtonTapped
    case onDisappear
    case resetButtonTapped
    case timerTicked
    case toggleTimerButtonTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  private enum CancelID { case timer }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .lapButtonTapped:
        state.laps.insert(Lap(id: uuid(), secondsElapsed: state.secondsElapsed), at: 0)
        return .none

      case .onDisappear:
        return .cancel(id: CancelID.timer)

      case .resetButtonTapped:
        state.isTimerActive = false
        state.secondsElapsed = 0
        state.startedAt = nil
        state.laps.removeAll()
        return .cancel(id: CancelID.timer)

      case .timerTicked:
        state.secondsElapsed += 1
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerActive.toggle()
        guard state.isTimerActive else {
          return .cancel(id: CancelID.timer)
        }
        state.startedAt = state.startedAt ?? now
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTicked, animation: .interpolatingSpring(stiffness: 3000, damping: 40))
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}

struct TimerView: View {
  let store: StoreOf<TimerFeature>
  @State private var pulse = false

  var body: some View {
    VStack(spacing: 24) {
      ZStack {
        Circle()
          .stroke(.quaternary, lineWidth: 8)
        Circle()
          .trim(from: 0, to: Double(store.secondsElapsed % 60) / 60)
          .stroke(.tint, style: StrokeStyle(lineWidth: 8, lineCap: .round))
          .rotationEffect(.degrees(-90))
        Text(Duration.seconds(store.secondsElapsed).formatted(.time(pattern: .minuteSecond)))
          .font(.largeTitle.monospacedDigit())
          .scaleEffect(pulse ? 1.05 : 1)
      }
      .frame(width: 240, height: 240)

      HStack {
        Button(store.isTimerActive ? "Stop" : "Start") {
          store.send(.toggleTimerButtonTapped)
        }
        .buttonStyle(.borderedProminent)

        Button("Lap") { store.send(.lapButtonTapped) }
          .disabled(!store.isTimerActive)

        Button("Reset", role: .destructive) { store.send(.resetButtonTapped) }
      }

      List(store.laps) { lap in
        LabeledContent("Lap", value: "\(lap.secondsElapsed)s")
      }
    }
    .onChange(of: store.isTimerActive) { _, isActive in
      withAnimation(isActive ? .easeInOut(duration: 1).repeatForever() : .default) {
        pulse = isActive
      }
    }
    .onDisappear { store.send(.onDisappear) }
    .navigationTitle("Timer")
  }
}

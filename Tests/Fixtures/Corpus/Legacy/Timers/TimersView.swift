import ComposableArchitecture
import SwiftUI

struct TimersView: View {
  let store: Store<TimersState, TimersAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      VStack(spacing: 24) {
        ZStack {
          Circle()
            .stroke(lineWidth: 8)
            .foregroundColor(.secondary.opacity(0.3))
          Rectangle()
            .fill(Color.accentColor)
            .frame(width: 3, height: 90)
            .offset(y: -45)
            .rotationEffect(.degrees(Double(viewStore.secondsElapsed) * 6))
          Text(viewStore.formattedTime)
            .font(.largeTitle.monospacedDigit())
        }
        .frame(width: 240, height: 240)

        HStack(spacing: 16) {
          Button(viewStore.isTimerActive ? "Stop" : "Start") {
            viewStore.send(.toggleTimerButtonTapped)
          }
          .buttonStyle(.borderedProminent)
          .tint(viewStore.isTimerActive ? .red : .accentColor)

          Button("Lap") { viewStore.send(.lapButtonTapped) }
            .disabled(!viewStore.isTimerActive)

          Button("Reset") { viewStore.send(.resetButtonTapped) }
        }

        List(viewStore.laps.reversed()) { lap in
          HStack {
            Text("Lap \(lap.id)")
            Spacer()
            Text("\(lap.seconds)s").monospacedDigit()
          }
        }
      }
      .navigationTitle("Timers")
      .onDisappear { viewStore.send(.onDisappear) }
    }
  }
}

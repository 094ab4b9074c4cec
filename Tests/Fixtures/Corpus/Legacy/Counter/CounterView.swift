import ComposableArchitecture
import SwiftUI

struct CounterView: View {
  let store: Store<CounterState, CounterAction>
  @State private var bump: CGFloat = 1

  var body: some View {
    WithViewStore(self.store) { viewStore in
      HStack(spacing: 16) {
        Button {
          viewStore.send(.decrementButtonTapped)
        } label: {
          Image(systemName: "minus")
        }
        .disabled(!viewStore.canDecrement)

        Text("\(viewStore.count)")
          .font(.body.monospacedDigit())
          .scaleEffect(bump)

        Button {
          viewStore.send(.incrementButtonTapped)
        } label: {
          Image(systemName: "plus")
        }
        .disabled(!viewStore.canIncrement)
      }
      .buttonStyle(.borderless)
      .contextMenu {
        Button("Reset") { viewStore.send(.resetButtonTapped) }
      }
      .onChange(of: viewStore.count) { _ in
        bump = 1.2
        withAnimation(.spring(response: 0.3, dampingFraction: 0.5)) { bump = 1 }
      }
    }
  }
}

struct CounterView_Previews: PreviewProvider {
  static var previews: some View {
    CounterView(
      store: Store(
        initialState: CounterState(),
        reducer: counterReducer,
        environment: CounterEnvironment()
      )
    )
  }
}

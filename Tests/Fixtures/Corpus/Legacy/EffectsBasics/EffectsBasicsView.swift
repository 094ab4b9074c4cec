import ComposableArchitecture
import SwiftUI

struct EffectsBasicsView: View {
  let store: Store<EffectsBasicsState, EffectsBasicsAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        Section {
          HStack {
            Button("−") { viewStore.send(.decrementButtonTapped) }
            Text("\(viewStore.count)")
              .font(.body.monospacedDigit())
            Button("+") { viewStore.send(.incrementButtonTapped) }
          }
          .frame(maxWidth: .infinity)
          .buttonStyle(.borderless)

          Button("Number fact") { viewStore.send(.numberFactButtonTapped) }
            .frame(maxWidth: .infinity)

          if viewStore.isNumberFactRequestInFlight {
            ProgressView()
              .frame(maxWidth: .infinity)
              .id(UUID())
          }

          if let numberFact = viewStore.numberFact {
            Text(numberFact)
          }

          if let errorMessage = viewStore.errorMessage {
            Text(errorMessage)
              .foregroundColor(.red)
          }
        }
      }
      .navigationTitle("Effects")
    }
  }
}

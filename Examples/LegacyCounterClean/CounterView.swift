import ComposableArchitecture
import SwiftUI

struct CounterView: View {
    let store: Store<CounterState, CounterAction>
    @State private var countScale: CGFloat = 1.0

    var body: some View {
        WithViewStore(store) { viewStore in
            HStack {
                Button("−") { viewStore.send(.decrementButtonTapped) }
                Text("\(viewStore.count)")
                    .scaleEffect(countScale)
                    .onChange(of: viewStore.count) { _ in
                        withAnimation { countScale = 1.2 }
                    }
                Button("+") { viewStore.send(.incrementButtonTapped) }
            }
        }
    }
}

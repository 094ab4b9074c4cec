import ComposableArchitecture
import SwiftUI

@Reducer
struct AppearanceFeature {
  @ObservableState
  struct State: Equatable {
    var accentColor: Color = .blue
    var usesLargeText = false
  }

  enum Action {
    case accentColorSelected(Color)
    case largeTextToggled(Bool)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .accentColorSelected(color):
        state.accentColor = color
        return .none

      case let .largeTextToggled(isOn):
        state.usesLargeText = isOn
        return .none
      }
    }
  }
}

struct AppearanceView: View {
  let store: StoreOf<AppearanceFeature>
  private let palette: [Color] = [.blue, .green, .orange, .pink]

  var body: some View {
    Form {
      Section("Accent color") {
        HStack {
          ForEach(palette, id: \.self) { color in
            Circle()
              .fill(color)
              .frame(width: 32, height: 32)
              .overlay {
                if color == store.accentColor { Image(systemName: "checkmark") }
              }
              .onTapGesture { store.send(.accentColorSelected(color)) }
          }
        }
      }
      Toggle(
        "Large text",
        isOn: Binding(get: { store.usesLargeText }, set: { store.send(.largeTextToggled($0)) })
      )
    }
    .tint(store.accentColor)
  }
}

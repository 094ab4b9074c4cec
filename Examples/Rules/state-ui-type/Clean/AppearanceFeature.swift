import ComposableArchitecture
import SwiftUI

@Reducer
struct AppearanceFeature {
  @ObservableState
  struct State: Equatable {
    var accentColorId = "blue"
    var usesLargeText = false
  }

  enum Action {
    case accentColorSelected(String)
    case largeTextToggled(Bool)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .accentColorSelected(id):
        state.accentColorId = id
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

  var body: some View {
    Form {
      Section("Accent color") {
        HStack {
          ForEach(AccentPalette.ids, id: \.self) { id in
            Circle()
              .fill(AccentPalette.color(for: id))
              .frame(width: 32, height: 32)
              .overlay {
                if id == store.accentColorId { Image(systemName: "checkmark") }
              }
              .onTapGesture { store.send(.accentColorSelected(id)) }
          }
        }
      }
      Toggle(
        "Large text",
        isOn: Binding(get: { store.usesLargeText }, set: { store.send(.largeTextToggled($0)) })
      )
    }
    .tint(AccentPalette.color(for: store.accentColorId))
  }
}

/// The View layer maps the stored id to a color.
enum AccentPalette {
  static let ids = ["blue", "green", "orange", "pink"]

  static func color(for id: String) -> Color {
    switch id {
    case "green": return .green
    case "orange": return .orange
    case "pink": return .pink
    default: return .blue
    }
  }
}

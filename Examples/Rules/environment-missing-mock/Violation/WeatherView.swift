import ComposableArchitecture
import SwiftUI

struct WeatherView: View {
  let store: Store<WeatherState, WeatherAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        TextField("City", text: viewStore.binding(get: \.city, send: WeatherAction.cityChanged))
        Button("Search") { viewStore.send(.searchButtonTapped) }
          .disabled(viewStore.city.isEmpty || viewStore.isLoading)
        if let forecast = viewStore.forecast {
          Text("\(Int(forecast.temperature))° \(forecast.summary)")
        }
        if let message = viewStore.errorMessage {
          Text(message).foregroundColor(.secondary)
        }
      }
    }
  }
}

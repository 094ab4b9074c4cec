import ComposableArchitecture
import SwiftUI

struct SearchView: View {
  let store: Store<SearchState, SearchAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      NavigationView {
        VStack(alignment: .leading) {
          HStack {
            Image(systemName: "magnifyingglass")
            TextField(
              "New York, San Francisco, ...",
              text: viewStore.binding(get: \.searchQuery, send: SearchAction.searchQueryChanged)
            )
            .textFieldStyle(.roundedBorder)
            .autocapitalization(.none)
            .disableAutocorrection(true)
          }
          .padding(.horizontal, 16)

          List {
            ForEach(viewStore.locations) { location in
              VStack(alignment: .leading) {
                Button {
                  viewStore.send(.locationTapped(location))
                } label: {
                  HStack {
                    Text(location.title)
                    if viewStore.locationWeatherRequestInFlight?.id == location.id {
                      ProgressView()
                    }
                  }
                }

                if location.id == viewStore.locationWeather?.id {
                  self.weatherView(locationWeather: viewStore.locationWeather)
                }
              }
            }
          }

          if let errorMessage = viewStore.errorMessage {
            Text(errorMessage).foregroundColor(.secondary).padding()
          }
        }
        .navigationTitle("Search")
      }
      .task(id: viewStore.searchQuery) {
        do {
          try await Task.sleep(nanoseconds: NSEC_PER_SEC / 3)
          await viewStore.send(.searchQueryChangeDebounced).finish()
        } catch {}
      }
    }
  }

  func weatherView(locationWeather: LocationWeather?) -> some View {
    guard let locationWeather = locationWeather else {
      return AnyView(EmptyView())
    }

    let days = locationWeather.consolidatedWeather
      .enumerated()
      .map { idx, weather in formattedWeather(day: weather, isToday: idx == 0) }

    return AnyView(
      VStack(alignment: .leading) {
        ForEach(days, id: \.self) { day in
          Text(day)
        }
      }
      .padding(.leading, 16)
    )
  }
}

private func formattedWeather(day: LocationWeather.ConsolidatedWeather, isToday: Bool) -> String {
  let date = isToday ? "Today" : dateFormatter.string(from: day.applicableDate).capitalized
  let min = "\(day.minTemp)℃"
  let max = "\(day.maxTemp)℃"
  return "\(date), \(day.weatherStateName), ↑\(max) ↓\(min)"
}

private let dateFormatter: DateFormatter = {
  let formatter = DateFormatter()
  formatter.dateFormat = "EEEE"
  return formatter
}()

struct SearchView_Previews: PreviewProvider {
  static var previews: some View {
    SearchView(
      store: Store(
        initialState: SearchState(searchQuery: "Brooklyn"),
        reducer: searchReducer,
        environment: SearchEnvironment(
          weatherClient: .mock,
          mainQueue: .main
        )
      )
    )
  }
}

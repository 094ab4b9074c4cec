import ComposableArchitecture
import Foundation

let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> { state, action, environment in
  enum SearchLocationID {}
  enum SearchWeatherID {}

  switch action {
  case .locationsResponse(.failure):
    state.locations = []
    state.errorMessage = "Could not load locations."
    return .none

  case let .locationsResponse(.success(response)):
    state.locations = response
    state.errorMessage = nil
    return .none

  case let .locationTapped(location):
    state.locationWeatherRequestInFlight = location
    return environment.weatherClient
      .weather(location.id)
      .receive(on: environment.mainQueue)
      .catchToEffect(SearchAction.locationWeatherResponse)
      .cancellable(id: SearchWeatherID.self, cancelInFlight: true)

  case let .searchQueryChanged(query):
    state.searchQuery = query
    // When the query is cleared we can clear the search results, but we have to make sure to
    // cancel any in-flight search requests too, otherwise we may get data coming in later.
    guard !query.isEmpty else {
      state.locations = []
      state.locationWeather = nil
      return .cancel(id: SearchLocationID.self)
    }
    return .none

  case .searchQueryChangeDebounced:
    guard !state.searchQuery.isEmpty else { return .none }
    return environment.weatherClient
      .searchLocation(state.searchQuery)
      .receive(on: environment.mainQueue)
      .catchToEffect(SearchAction.locationsResponse)
      .cancellable(id: SearchLocationID.self)

  case let .locationWeatherResponse(.success(locationWeather)):
    state.locationWeatherRequestInFlight = nil
    state.locationWeather = locationWeather
    return .none

  case .locationWeatherResponse(.failure):
    state.locationWeatherRequestInFlight = nil
    state.locationWeather = nil
    return .none
  }
}

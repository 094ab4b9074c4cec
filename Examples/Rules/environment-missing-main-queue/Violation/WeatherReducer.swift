import ComposableArchitecture

let weatherReducer = Reducer<WeatherState, WeatherAction, WeatherEnvironment> { state, action, environment in
  switch action {
  case let .cityChanged(city):
    state.city = city
    return .none

  case let .forecastResponse(.success(forecast)):
    state.isLoading = false
    state.forecast = forecast
    return .none

  case .forecastResponse(.failure):
    state.isLoading = false
    state.errorMessage = "Could not load the forecast."
    return .none

  case .searchButtonTapped:
    state.isLoading = true
    state.errorMessage = nil
    return environment.weatherClient
      .forecast(state.city)
      .receive(on: DispatchQueue.main)
      .catchToEffect(WeatherAction.forecastResponse)
  }
}

import Foundation

enum WeatherAction: Equatable {
  case cityChanged(String)
  case forecastResponse(Result<Forecast, WeatherClient.Failure>)
  case searchButtonTapped
}

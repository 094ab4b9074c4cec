import Foundation

struct WeatherState: Equatable {
  var city = ""
  var forecast: Forecast?
  var isLoading = false
  var errorMessage: String?
}

struct Forecast: Equatable, Decodable {
  var temperature: Double
  var summary: String
}

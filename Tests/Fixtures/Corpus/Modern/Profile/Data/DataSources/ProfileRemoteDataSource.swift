import Foundation

protocol ProfileRemoteDataSourceProtocol: Sendable {
  func fetchProfile(id: String) async throws -> ProfileDTO
  func updateProfile(id: String, request: ProfileUpdateRequestDTO) async throws -> ProfileDTO
}

struct ProfileRemoteDataSource: ProfileRemoteDataSourceProtocol {
  let baseURL: URL
  let session: URLSession

  init(baseURL: URL, session: URLSession = .shared) {
    self.baseURL = baseURL
    self.session = session
  }

  func fetchProfile(id: String) async throws -> ProfileDTO {
    let url = baseURL.appendingPathComponent("profiles").appendingPathComponent(id)
    let (data, response) = try await session.data(from: url)
    try Self.validate(response, id: id)
    return try Self.decoder.decode(ProfileDTO.self, from: data)
  }

  func updateProfile(id: String, request: ProfileUpdateRequestDTO) async throws -> ProfileDTO {
    var urlRequest = URLRequest(url: baseURL.appendingPathComponent("profiles").appendingPathComponent(id))
    urlRequest.httpMethod = "PATCH"
    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    urlRequest.httpBody = try JSONEncoder().encode(request)
    let (data, response) = try await session.data(for: urlRequest)
    try Self.validate(response, id: id)
    return try Self.decoder.decode(ProfileDTO.self, from: data)
  }

  private static func validate(_ response: URLResponse, id: String) throws {
    guard let http = response as? HTTPURLResponse else { throw ProfileError.unknown("Not an HTTP response") }
    switch http.statusCode {
    case 200..<300: return
    case 404: throw ProfileError.notFound(id: id)
    default: throw ProfileError.unknown("HTTP \(http.statusCode)")
    }
  }

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()
}

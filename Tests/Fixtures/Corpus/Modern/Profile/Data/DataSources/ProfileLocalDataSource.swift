import Foundation

protocol ProfileLocalDataSourceProtocol: Sendable {
  func load(id: String) async -> ProfileDTO?
  func save(_ dto: ProfileDTO) async
}

actor ProfileLocalDataSource: ProfileLocalDataSourceProtocol {
  private let directory: URL
  private var memory: [String: ProfileDTO] = [:]

  init(directory: URL) {
    self.directory = directory
  }

  func load(id: String) async -> ProfileDTO? {
    if let cached = memory[id] { return cached }
    let url = directory.appendingPathComponent("\(id).json")
    guard let data = try? Data(contentsOf: url),
      let dto = try? JSONDecoder().decode(ProfileDTO.self, from: data)
    else { return nil }
    memory[id] = dto
    return dto
  }

  func save(_ dto: ProfileDTO) async {
    memory[dto.id] = dto
    let url = directory.appendingPathComponent("\(dto.id).json")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? JSONEncoder().encode(dto).write(to: url, options: .atomic)
  }
}

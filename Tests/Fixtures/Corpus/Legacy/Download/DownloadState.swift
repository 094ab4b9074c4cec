import Foundation

struct DownloadState: Equatable {
  enum Mode: Equatable {
    case notDownloaded
    case downloading(progress: Double)
    case downloaded
  }

  var id: UUID
  var mode = Mode.notDownloaded
  var url: URL
  var alert: DownloadAlert?

  var progress: Double {
    if case let .downloading(progress) = mode { return progress }
    return mode == .downloaded ? 1 : 0
  }
}

struct DownloadAlert: Equatable, Identifiable {
  var id: String { title }
  var title: String
  var primaryAction: DownloadAction?
}

import ComposableArchitecture
import Foundation

let downloadReducer = Reducer<DownloadState, DownloadAction, DownloadEnvironment> { state, action, environment in
  struct DownloadID: Hashable { let id: UUID }

  switch action {
  case .alertDismissed:
    state.alert = nil
    return .none

  case .buttonTapped:
    switch state.mode {
    case .downloaded:
      state.alert = DownloadAlert(title: "Do you want to delete this file?", primaryAction: .deleteConfirmed)
      return .none

    case .notDownloaded:
      state.mode = .downloading(progress: 0)
      return environment.downloadClient
        .download(state.url)
        .throttle(for: 1, scheduler: environment.mainQueue, latest: true)
        .catchToEffect(DownloadAction.downloadClient)
        .cancellable(id: DownloadID(id: state.id))

    case .downloading:
      state.alert = DownloadAlert(title: "Do you want to stop downloading?", primaryAction: .cancelDownloadConfirmed)
      return .none
    }

  case .cancelDownloadConfirmed:
    state.alert = nil
    state.mode = .notDownloaded
    return .cancel(id: DownloadID(id: state.id))

  case .deleteConfirmed:
    state.alert = nil
    state.mode = .notDownloaded
    return .none

  case .downloadClient(.success(.response)):
    state.alert = nil
    state.mode = .downloaded
    return .none

  case let .downloadClient(.success(.updateProgress(progress))):
    state.mode = .downloading(progress: progress)
    return .none

  case .downloadClient(.failure):
    state.mode = .notDownloaded
    state.alert = DownloadAlert(title: "Unfortunately a download error occurred.")
    return .none
  }
}

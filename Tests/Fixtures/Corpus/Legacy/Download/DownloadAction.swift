import Foundation

enum DownloadAction: Equatable {
  case alertDismissed
  case buttonTapped
  case cancelDownloadConfirmed
  case deleteConfirmed
  case downloadClient(Result<DownloadClient.Event, DownloadClient.Error>)
}

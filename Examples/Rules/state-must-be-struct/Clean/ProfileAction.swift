import Foundation

enum ProfileAction: Equatable {
  case bioChanged(String)
  case nameChanged(String)
  case resetButtonTapped
}

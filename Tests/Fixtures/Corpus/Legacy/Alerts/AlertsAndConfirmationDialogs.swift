import ComposableArchitecture
import SwiftUI

struct AlertAndConfirmationDialogState: Equatable {
  var alert: AlertState<AlertAndConfirmationDialogAction>?
  var confirmationDialog: ConfirmationDialogState<AlertAndConfirmationDialogAction>?
  var count = 0
}

enum AlertAndConfirmationDialogAction: Equatable {
  case alertButtonTapped
  case alertDismissed
  case confirmationDialogButtonTapped
  case confirmationDialogDismissed
  case decrementButtonTapped
  case incrementButtonTapped
}

struct AlertAndConfirmationDialogEnvironment {}

let alertAndConfirmationDialogReducer = Reducer<
  AlertAndConfirmationDialogState,
  AlertAndConfirmationDialogAction,
  AlertAndConfirmationDialogEnvironment
> { state, action, _ in
  switch action {
  case .alertButtonTapped:
    state.alert = AlertState(
      title: TextState("Alert!"),
      message: TextState("This is an alert"),
      primaryButton: .cancel(TextState("Cancel")),
      secondaryButton: .default(TextState("Increment"), action: .send(.incrementButtonTapped))
    )
    return .none

  case .alertDismissed:
    state.alert = nil
    return .none

  case .confirmationDialogButtonTapped:
    state.confirmationDialog = ConfirmationDialogState(
      title: TextState("Confirmation dialog"),
      message: TextState("This is a confirmation dialog."),
      buttons: [
        .cancel(TextState("Cancel")),
        .default(TextState("Increment"), action: .send(.incrementButtonTapped)),
        .default(TextState("Decrement"), action: .send(.decrementButtonTapped)),
      ]
    )
    return .none

  case .confirmationDialogDismissed:
    state.confirmationDialog = nil
    return .none

  case .decrementButtonTapped:
    state.alert = AlertState(title: TextState("Decremented!"))
    state.count -= 1
    return .none

  case .incrementButtonTapped:
    state.alert = AlertState(title: TextState("Incremented!"))
    state.count += 1
    return .none
  }
}

struct AlertAndConfirmationDialogView: View {
  let store: Store<AlertAndConfirmationDialogState, AlertAndConfirmationDialogAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        Text("Count: \(viewStore.count)")
        Button("Alert") { viewStore.send(.alertButtonTapped) }
        Button("Confirmation Dialog") { viewStore.send(.confirmationDialogButtonTapped) }
      }
    }
    .navigationTitle("Alerts & Dialogs")
    .alert(
      self.store.scope(state: \.alert),
      dismiss: .alertDismissed
    )
    .confirmationDialog(
      self.store.scope(state: \.confirmationDialog),
      dismiss: .confirmationDialogDismissed
    )
  }
}

import ComposableArchitecture

let settingsReducer = Reducer<SettingsState, SettingsAction, SettingsEnvironment> { state, action, _ in
  switch action {
  case let .digestSelected(digest):
    state.digest = digest
    return .none

  case let .notificationsToggled(isOn):
    state.notificationsEnabled = isOn
    return .none
  }
}

import ComposableArchitecture

let notificationsReducer = Reducer<
  NotificationsState, NotificationsAction, NotificationsEnvironment
> { state, action, _ in
  switch action {
  case let .enabledToggled(isOn):
    state.isEnabled = isOn
    return .none

  case let .soundToggled(isOn):
    state.playsSound = isOn
    return .none
  }
}

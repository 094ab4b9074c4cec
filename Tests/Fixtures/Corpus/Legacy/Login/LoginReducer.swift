import ComposableArchitecture
import Foundation

let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
  switch action {
  case .onAppear:
    return environment.credentialsUseCase.savedEmail()
      .receive(on: environment.mainQueue)
      .map(LoginAction.savedEmailLoaded)
      .eraseToEffect()

  case let .savedEmailLoaded(email):
    state.email = email ?? state.email
    return .none

  case let .emailChanged(email):
    state.email = email
    return .none

  case let .passwordChanged(password):
    state.password = password
    return .none

  case let .rememberMeToggled(isOn):
    state.rememberMe = isOn
    return .none

  case .loginButtonTapped:
    guard state.isFormValid else { return .none }
    state.status = .loading
    return environment.loginUseCase
      .execute(email: state.email, password: state.password)
      .receive(on: environment.mainQueue)
      .catchToEffect(LoginAction.loginResponse)

  case let .loginResponse(.success(user)):
    state.status = .loggedIn(user)
    return environment.credentialsUseCase
      .rememberEmail(state.rememberMe ? state.email : nil)
      .fireAndForget()

  case let .loginResponse(.failure(error)):
    state.status = .failed(error.localizedDescription)
    state.alert = AlertState(
      title: TextState("Login failed"),
      message: TextState(error.localizedDescription),
      dismissButton: .default(TextState("OK"))
    )
    return .none

  case .alertDismissed:
    state.alert = nil
    return .none
  }
}

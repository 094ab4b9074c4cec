import ComposableArchitecture

let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { state, action, environment in
    switch action {
    case let .emailChanged(email):
        state.email = email
        return .none
    case let .passwordChanged(password):
        state.password = password
        return .none
    case .loginButtonTapped:
        state.isLoading = true
        return environment.loginUseCase
            .login(state.email, state.password)
            .receive(on: environment.mainQueue)
            .catchToEffect(LoginAction.loginResponse)
    case .loginResponse(.success):
        state.isLoading = false
        return .none
    case let .loginResponse(.failure(error)):
        state.isLoading = false
        state.errorMessage = error.localizedDescription
        return .none
    case let .update(newState):
        state = newState
        return .none
    }
}

import ComposableArchitecture
import SwiftUI

@Reducer
struct LoginFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var isLoggingIn = false
    var errorMessage: String?
    var focusedField: LoginField? = .email
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case loginButtonTapped
    case loginResponse(Result<User, any Error>)
  }

  @Dependency(\.authenticationClient) var authenticationClient

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .loginButtonTapped:
        guard !state.email.isEmpty, !state.password.isEmpty else {
          state.focusedField = state.email.isEmpty ? .email : .password
          state.errorMessage = "Enter your email and password."
          return .none
        }
        state.focusedField = nil
        state.isLoggingIn = true
        state.errorMessage = nil
        return .run { [email = state.email, password = state.password] send in
          await send(.loginResponse(Result { try await authenticationClient.login(email, password) }))
        }

      case .loginResponse(.success):
        state.isLoggingIn = false
        return .none

      case let .loginResponse(.failure(error)):
        state.isLoggingIn = false
        state.errorMessage = error.localizedDescription
        state.focusedField = .password
        return .none
      }
    }
  }
}

struct User: Equatable, Sendable {
  let id: UUID
  var email: String
}

struct LoginView: View {
  @Bindable var store: StoreOf<LoginFeature>
  @FocusState private var focusedField: LoginField?

  var body: some View {
    Form {
      TextField("Email", text: $store.email)
        .focused($focusedField, equals: .email)
        .onSubmit { focusedField = .password }
      SecureField("Password", text: $store.password)
        .focused($focusedField, equals: .password)
        .onSubmit { store.send(.loginButtonTapped) }
      if let message = store.errorMessage {
        Text(message).foregroundStyle(.red)
      }
      Button("Log in") { store.send(.loginButtonTapped) }
        .disabled(store.isLoggingIn)
    }
    .bind($store.focusedField, to: $focusedField)
  }
}

enum LoginField: Hashable {
  case email, password
}

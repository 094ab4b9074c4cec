import ComposableArchitecture
import SwiftUI

struct LoginView: View {
  let store: Store<LoginState, LoginAction>
  @State private var buttonScale: CGFloat = 1.0
  @FocusState private var focusedField: Field?

  enum Field: Hashable { case email, password }

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        Section {
          TextField(
            "Email",
            text: viewStore.binding(get: \.email, send: LoginAction.emailChanged)
          )
          .textContentType(.emailAddress)
          .focused($focusedField, equals: .email)
          .onSubmit { focusedField = .password }

          SecureField(
            "Password",
            text: viewStore.binding(get: \.password, send: LoginAction.passwordChanged)
          )
          .focused($focusedField, equals: .password)
          .onSubmit { viewStore.send(.loginButtonTapped) }

          Toggle(
            "Remember me",
            isOn: viewStore.binding(get: \.rememberMe, send: LoginAction.rememberMeToggled)
          )
        }

        Section {
          Button {
            viewStore.send(.loginButtonTapped)
          } label: {
            HStack {
              Text("Log in")
              if viewStore.isLoading {
                Spacer()
                ProgressView()
              }
            }
          }
          .disabled(!viewStore.isFormValid || viewStore.isLoading)
          .scaleEffect(buttonScale)
        }
      }
      .onAppear { viewStore.send(.onAppear) }
      .onChange(of: viewStore.status) { status in
        if status == .loading {
          withAnimation(.easeInOut(duration: 0.15)) { buttonScale = 0.95 }
        } else {
          withAnimation(.spring()) { buttonScale = 1.0 }
        }
      }
      .alert(self.store.scope(state: \.alert), dismiss: .alertDismissed)
      .navigationTitle("Login")
    }
  }
}

struct LoginView_Previews: PreviewProvider {
  static var previews: some View {
    NavigationView {
      LoginView(
        store: Store(
          initialState: LoginState(),
          reducer: loginReducer,
          environment: .mock
        )
      )
    }
  }
}

import ComposableArchitecture
import SwiftUI

struct LoginView: View {
    let store: Store<LoginState, LoginAction>

    var body: some View {
        WithViewStore(store) { viewStore in
            VStack {
                TextField("Email", text: viewStore.binding(get: \.email, send: LoginAction.emailChanged))
                Button("Login") { viewStore.send(.loginButtonTapped) }
                    .scaleEffect(viewStore.buttonScale)
            }
        }
    }
}

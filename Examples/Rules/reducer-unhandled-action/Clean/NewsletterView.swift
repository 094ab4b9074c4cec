import ComposableArchitecture
import SwiftUI

struct NewsletterView: View {
  let store: Store<NewsletterState, NewsletterAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        TextField("Email", text: viewStore.binding(get: \.email, send: NewsletterAction.emailChanged))
        Button("Subscribe") { viewStore.send(.subscribeButtonTapped) }
          .disabled(viewStore.isSubmitting || viewStore.isSubscribed)
        if let message = viewStore.errorMessage {
          Text(message).foregroundColor(.red)
        }
      }
    }
  }
}

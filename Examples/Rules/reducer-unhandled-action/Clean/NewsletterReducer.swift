import ComposableArchitecture

let newsletterReducer = Reducer<NewsletterState, NewsletterAction, NewsletterEnvironment> { state, action, environment in
  switch action {
  case let .emailChanged(email):
    state.email = email
    return .none

  case .subscribeButtonTapped:
    state.isSubmitting = true
    state.errorMessage = nil
    return environment.subscribe(state.email)
      .receive(on: environment.mainQueue)
      .catchToEffect(NewsletterAction.subscribeResponse)

  case let .subscribeResponse(.success(isSubscribed)):
    state.isSubmitting = false
    state.isSubscribed = isSubscribed
    return .none

  case .subscribeResponse(.failure):
    state.isSubmitting = false
    state.errorMessage = "Could not subscribe. Check the address and try again."
    return .none
  }
}

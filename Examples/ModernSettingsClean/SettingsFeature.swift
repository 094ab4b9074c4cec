import ComposableArchitecture
import SwiftUI

/// Modern feature that follows the rulebook: no findings.
@Reducer
struct SettingsFeature {
    @ObservableState
    struct State: Equatable {
        var displayName: String = ""
        var notificationsEnabled: Bool = true
        var fontSizeStep: Int = 2
        @Presents var alert: AlertState<Action.Alert>?
    }

    enum Action: BindableAction {
        case binding(BindingAction<State>)
        case saveButtonTapped
        case saveResponse(Result<Bool, Error>)
        case alert(PresentationAction<Alert>)

        enum Alert: Equatable {
            case retryTapped
        }
    }

    @Dependency(\.settingsClient) var settingsClient

    var body: some ReducerOf<Self> {
        BindingReducer()
        Reduce { state, action in
            switch action {
            case .binding:
                return .none
            case .saveButtonTapped:
                return .run { [name = state.displayName] send in
                    await send(.saveResponse(Result { try await settingsClient.save(name) }))
                }
            case .saveResponse(.success):
                return .none
            case .saveResponse(.failure):
                state.alert = AlertState { TextState("Saving failed") }
                return .none
            case .alert:
                return .none
            }
        }
        .ifLet(\.$alert, action: \.alert)
    }
}

import ComposableArchitecture
import SwiftUI

/// Modern feature with violations: animation values in State and a generic action.
@Reducer
struct CardFeature {
    @ObservableState
    struct State: Equatable {
        var title: String = ""
        var isFlipped: Bool = false
        var rotation: Angle = .zero
        var cardOpacity: CGFloat = 1.0
    }

    enum Action {
        case flipButtonTapped
        case setState(State)
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .flipButtonTapped:
                state.isFlipped.toggle()
                return .none
            case let .setState(newState):
                state = newState
                return .none
            }
        }
    }
}

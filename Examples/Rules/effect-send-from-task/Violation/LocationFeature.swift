import ComposableArchitecture

@Reducer
struct LocationFeature {
  @ObservableState
  struct State: Equatable {
    var city = ""
  }

  enum Action {
    case onAppear
    case cityChanged(String)
  }

  @Dependency(\.locationClient) var locationClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { send in
          Task {
            for await city in await locationClient.cities() {
              await send(.cityChanged(city))
            }
          }
        }
      case let .cityChanged(city):
        state.city = city
        return .none
      }
    }
  }
}

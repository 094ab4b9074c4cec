import ComposableArchitecture

@Reducer
struct ReceiptFeature {
  @ObservableState
  struct State: Equatable {
    var total: Decimal = 0
    var isLoading = false
  }

  enum Action {
    case onAppear
    case receiptLoaded(Decimal)
  }

  @Dependency(\.receiptClient) var receiptClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state.isLoading = true
        return .run { send in
          let receipt = try await receiptClient.latest()
          await send(.receiptLoaded(receipt.total))
        }
      case let .receiptLoaded(total):
        state.isLoading = false
        state.total = total
        return .none
      }
    }
  }
}

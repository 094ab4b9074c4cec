import ComposableArchitecture

@Reducer
struct ReceiptFeature {
  @ObservableState
  struct State: Equatable {
    var total: Decimal = 0
    var isLoading = false
    var loadFailed = false
  }

  enum Action {
    case onAppear
    case receiptLoaded(Decimal)
    case receiptFailed
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
        } catch: { _, send in
          await send(.receiptFailed)
        }
      case let .receiptLoaded(total):
        state.isLoading = false
        state.total = total
        return .none
      case .receiptFailed:
        state.isLoading = false
        state.loadFailed = true
        return .none
      }
    }
  }
}

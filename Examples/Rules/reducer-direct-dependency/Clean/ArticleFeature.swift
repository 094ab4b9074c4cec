import ComposableArchitecture
import SwiftUI

struct Article: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var body: String
}

@Reducer
struct ArticleFeature {
  @ObservableState
  struct State: Equatable {
    let articleId: Int
    var article: Article?
    var isLoading = false
  }

  enum Action {
    case articleResponse(Result<Article, any Error>)
    case task
  }

  @Dependency(\.articleClient) var articleClient
  @Dependency(\.analytics) var analytics

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .articleResponse(.success(article)):
        state.isLoading = false
        state.article = article
        return .none

      case .articleResponse(.failure):
        state.isLoading = false
        return .none

      case .task:
        state.isLoading = true
        return .run { [id = state.articleId] send in
          await analytics.track("article_viewed")
          await send(.articleResponse(Result { try await articleClient.fetch(id) }))
        }
      }
    }
  }
}

struct ArticleView: View {
  let store: StoreOf<ArticleFeature>

  var body: some View {
    ScrollView {
      if let article = store.article {
        Text(article.title).font(.title)
        Text(article.body)
      } else if store.isLoading {
        ProgressView()
      }
    }
    .task { await store.send(.task).finish() }
  }
}

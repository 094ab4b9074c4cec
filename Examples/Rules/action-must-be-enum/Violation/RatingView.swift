import ComposableArchitecture
import SwiftUI

struct RatingView: View {
  let store: Store<RatingState, RatingAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      HStack {
        ForEach(1...viewStore.maxStars, id: \.self) { star in
          Image(systemName: star <= viewStore.stars ? "star.fill" : "star")
            .onTapGesture { viewStore.send(RatingAction(kind: .starTapped, stars: star)) }
        }
        Button("Clear") { viewStore.send(RatingAction(kind: .clearButtonTapped)) }
      }
    }
  }
}

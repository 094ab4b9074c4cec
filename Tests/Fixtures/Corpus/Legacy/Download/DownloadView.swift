import ComposableArchitecture
import SwiftUI

struct DownloadView: View {
  let store: Store<DownloadState, DownloadAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Button {
        viewStore.send(.buttonTapped)
      } label: {
        ZStack {
          Circle()
            .stroke(Color.secondary.opacity(0.3), lineWidth: 3)
          Circle()
            .trim(from: 0, to: viewStore.progress)
            .stroke(Color.accentColor, style: StrokeStyle(lineWidth: 3, lineCap: .round))
            .rotationEffect(.degrees(-90))
            .animation(.linear, value: viewStore.progress)
          Image(systemName: viewStore.mode == .downloaded ? "checkmark" : "arrow.down")
            .opacity(viewStore.mode == .downloaded ? 1 : 0.8)
        }
        .frame(width: 32, height: 32)
      }
      .buttonStyle(.plain)
      .alert(item: viewStore.binding(get: \.alert, send: .alertDismissed)) { alert in
        Alert(
          title: Text(alert.title),
          primaryButton: .destructive(Text("OK")) {
            if let action = alert.primaryAction { viewStore.send(action) }
          },
          secondaryButton: .cancel(Text("Cancel")) { viewStore.send(.alertDismissed) }
        )
      }
    }
  }
}

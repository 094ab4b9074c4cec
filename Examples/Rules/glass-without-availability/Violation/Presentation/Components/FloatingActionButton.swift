import SwiftUI

struct FloatingActionButton: View {
  var systemImage = "plus"
  var action: () -> Void

  var body: some View {
    Button(action: action) {
      label
        .glassEffect(.regular.interactive(), in: .circle)
    }
    .buttonStyle(.plain)
  }

  private var label: some View {
    Image(systemName: systemImage)
      .font(.title2.bold())
      .frame(width: 56, height: 56)
  }
}

import ComposableArchitecture
import SwiftUI

struct ProfileView: View {
  @Bindable var store: StoreOf<ProfileFeature>
  @State private var headerOpacity: Double = 0

  var body: some View {
    ScrollView {
      if let profile = store.profile {
        VStack(alignment: .leading, spacing: 16) {
          ProfileHeader(profile: profile)
            .opacity(headerOpacity)
          Text(profile.bio)
            .font(.body)
          LabeledContent("Followers", value: profile.followerCount.formatted())
          LabeledContent("Joined", value: profile.joinedAt.formatted(date: .abbreviated, time: .omitted))
        }
        .padding()
      } else if store.isLoading {
        ProgressView()
          .padding(.top, 64)
      } else if let message = store.errorMessage {
        ContentUnavailableView {
          Label("Could not load the profile", systemImage: "wifi.exclamationmark")
        } description: {
          Text(message)
        } actions: {
          Button("Retry") { store.send(.retryButtonTapped) }
        }
      }
    }
    .refreshable { await store.send(.refreshPulled).finish() }
    .toolbar {
      ToolbarItem(placement: .primaryAction) {
        EditProfileButton { store.send(.editButtonTapped) }
          .disabled(store.profile == nil)
      }
    }
    .sheet(item: $store.scope(state: \.editProfile, action: \.editProfile)) { editStore in
      NavigationStack {
        EditProfileView(store: editStore)
      }
    }
    .onChange(of: store.profile != nil) { _, hasProfile in
      withAnimation(.easeIn(duration: 0.3)) { headerOpacity = hasProfile ? 1 : 0 }
    }
    .task { await store.send(.task).finish() }
    .navigationTitle(store.profile?.displayName ?? "Profile")
  }
}

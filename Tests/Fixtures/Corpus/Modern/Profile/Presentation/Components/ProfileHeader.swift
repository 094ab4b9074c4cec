import SwiftUI

struct ProfileHeader: View {
  let profile: Profile

  var body: some View {
    if #available(iOS 26.0, *) {
      GlassEffectContainer(spacing: 12) {
        content
          .padding()
          .glassEffect(.regular, in: .rect(cornerRadius: 24))
      }
    } else {
      content
        .padding()
        .background(.ultraThinMaterial, in: .rect(cornerRadius: 24))
    }
  }

  private var content: some View {
    HStack(spacing: 16) {
      AsyncImage(url: profile.avatarURL) { image in
        image.resizable().scaledToFill()
      } placeholder: {
        Image(systemName: "person.crop.circle.fill")
          .resizable()
          .foregroundStyle(.secondary)
      }
      .frame(width: 64, height: 64)
      .clipShape(.circle)

      VStack(alignment: .leading) {
        Text(profile.displayName)
          .font(.title2.bold())
        Text("@\(profile.id)")
          .foregroundStyle(.secondary)
      }
    }
  }
}

struct EditProfileButton: View {
  var action: () -> Void

  var body: some View {
    if #available(iOS 26.0, *) {
      Button("Edit", systemImage: "pencil", action: action)
        .buttonStyle(.glass)
    } else {
      Button("Edit", systemImage: "pencil", action: action)
        .buttonStyle(.bordered)
    }
  }
}

@available(iOS 26.0, *)
struct GlassFollowButton: View {
  var isFollowing: Bool
  var action: () -> Void

  var body: some View {
    Button(isFollowing ? "Following" : "Follow", action: action)
      .buttonStyle(.glassProminent)
      .glassEffectID("follow", in: namespace)
  }

  @Namespace private var namespace
}

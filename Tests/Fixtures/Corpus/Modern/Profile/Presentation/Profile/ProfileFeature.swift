import ComposableArchitecture
import Foundation

@Reducer
struct ProfileFeature {
  @ObservableState
  struct State: Equatable {
    let profileId: String
    var profile: Profile?
    var isLoading = false
    var errorMessage: String?
    @Presents var editProfile: EditProfileFeature.State?
  }

  enum Action {
    case editButtonTapped
    case editProfile(PresentationAction<EditProfileFeature.Action>)
    case profileResponse(Result<Profile, any Error>)
    case refreshPulled
    case retryButtonTapped
    case task
  }

  @Dependency(\.fetchProfileUseCase) var fetchProfile

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        guard let profile = state.profile else { return .none }
        state.editProfile = EditProfileFeature.State(profile: profile)
        return .none

      case let .editProfile(.presented(.delegate(.profileSaved(profile)))):
        state.profile = profile
        return .none

      case .editProfile:
        return .none

      case let .profileResponse(.success(profile)):
        state.isLoading = false
        state.profile = profile
        state.errorMessage = nil
        return .none

      case let .profileResponse(.failure(error)):
        state.isLoading = false
        state.errorMessage = error.localizedDescription
        return .none

      case .refreshPulled, .retryButtonTapped, .task:
        state.isLoading = state.profile == nil
        return .run { [id = state.profileId] send in
          await send(.profileResponse(Result { try await self.fetchProfile.execute(id: id) }))
        }
      }
    }
    .ifLet(\.$editProfile, action: \.editProfile) {
      EditProfileFeature()
    }
  }
}

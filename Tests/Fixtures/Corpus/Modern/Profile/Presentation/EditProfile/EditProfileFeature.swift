import ComposableArchitecture
import SwiftUI

@Reducer
struct EditProfileFeature {
  @ObservableState
  struct State: Equatable {
    var profile: Profile
    var displayName: String
    var bio: String
    var isSaving = false
    @Presents var alert: AlertState<Action.Alert>?

    init(profile: Profile) {
      self.profile = profile
      self.displayName = profile.displayName
      self.bio = profile.bio
    }

    var hasChanges: Bool {
      displayName != profile.displayName || bio != profile.bio
    }
  }

  enum Action: BindableAction {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case cancelButtonTapped
    case delegate(Delegate)
    case saveButtonTapped
    case saveResponse(Result<Profile, any Error>)

    enum Alert: Equatable {
      case discardChanges
    }

    @CasePathable
    enum Delegate: Equatable {
      case profileSaved(Profile)
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.updateProfileUseCase) var updateProfile

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert(.presented(.discardChanges)):
        return .run { _ in await self.dismiss() }

      case .alert:
        return .none

      case .binding:
        return .none

      case .cancelButtonTapped:
        guard state.hasChanges else {
          return .run { _ in await self.dismiss() }
        }
        state.alert = AlertState {
          TextState("Discard your changes?")
        } actions: {
          ButtonState(role: .destructive, action: .discardChanges) {
            TextState("Discard")
          }
          ButtonState(role: .cancel) {
            TextState("Keep editing")
          }
        }
        return .none

      case .delegate:
        return .none

      case .saveButtonTapped:
        state.isSaving = true
        let update = ProfileUpdate(displayName: state.displayName, bio: state.bio)
        return .run { [id = state.profile.id] send in
          await send(.saveResponse(Result { try await self.updateProfile.execute(id: id, update: update) }))
        }

      case let .saveResponse(.success(profile)):
        state.isSaving = false
        return .run { send in
          await send(.delegate(.profileSaved(profile)))
          await self.dismiss()
        }

      case let .saveResponse(.failure(error)):
        state.isSaving = false
        state.alert = AlertState {
          TextState(error.localizedDescription)
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

struct EditProfileView: View {
  @Bindable var store: StoreOf<EditProfileFeature>
  @FocusState private var focusedField: Field?

  enum Field: Hashable { case displayName, bio }

  var body: some View {
    Form {
      Section("Name") {
        TextField("Display name", text: $store.displayName)
          .focused($focusedField, equals: .displayName)
          .submitLabel(.next)
          .onSubmit { focusedField = .bio }
      }
      Section("Bio") {
        TextField("Tell people about yourself", text: $store.bio, axis: .vertical)
          .focused($focusedField, equals: .bio)
          .lineLimit(3...8)
      }
    }
    .disabled(store.isSaving)
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("Cancel") { store.send(.cancelButtonTapped) }
      }
      ToolbarItem(placement: .confirmationAction) {
        if store.isSaving {
          ProgressView()
        } else {
          Button("Save") {
            focusedField = nil
            store.send(.saveButtonTapped)
          }
          .disabled(!store.hasChanges)
        }
      }
    }
    .onAppear { focusedField = .displayName }
    .alert($store.scope(state: \.alert, action: \.alert))
    .navigationTitle("Edit profile")
  }
}

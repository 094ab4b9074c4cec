import ComposableArchitecture
import Foundation

@Reducer
struct SettingsFeature {
  @ObservableState
  struct State: Equatable {
    var displayName = ""
    var digest = Digest.daily
    var enableNotifications = false
    var isSendingNotificationsPermissionRequest = false
    var protectMyPosts = false
    var sendEmailNotifications = false
    var sendMobileNotifications = false
    var currentThemeId = "default_light"
    @Presents var alert: AlertState<Action.Alert>?
  }

  enum Digest: String, CaseIterable, Equatable {
    case daily, weekly, off
  }

  enum Action: BindableAction {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case notificationsAuthorizationResponse(Result<Bool, any Error>)
    case resetButtonTapped
    case themeSelected(String)
    case userNotificationSettingsResponse(UserNotificationsClient.Settings)

    enum Alert: Equatable {}
  }

  @Dependency(\.mainQueue) var mainQueue
  @Dependency(\.userNotifications) var userNotifications

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.displayName) { _, displayName in
        Reduce { state, _ in
          state.displayName = String(displayName.prefix(16))
          return .none
        }
      }

    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .binding(\.enableNotifications):
        guard state.enableNotifications else {
          return .none
        }
        state.isSendingNotificationsPermissionRequest = true
        return .run { send in
          let settings = await self.userNotifications.getNotificationSettings()
          await send(.userNotificationSettingsResponse(settings))
        }

      case .binding:
        return .none

      case let .notificationsAuthorizationResponse(.success(granted)):
        state.isSendingNotificationsPermissionRequest = false
        state.enableNotifications = granted
        return .none

      case .notificationsAuthorizationResponse(.failure):
        state.isSendingNotificationsPermissionRequest = false
        state.enableNotifications = false
        state.alert = AlertState {
          TextState("Permission is required to send notifications.")
        }
        return .none

      case .resetButtonTapped:
        state = State()
        return .none

      case let .themeSelected(themeId):
        state.currentThemeId = themeId
        return .none

      case let .userNotificationSettingsResponse(settings):
        switch settings.authorizationStatus {
        case .notDetermined, .authorized, .provisional, .ephemeral:
          return .run { send in
            await send(
              .notificationsAuthorizationResponse(
                Result { try await self.userNotifications.requestAuthorization([.alert, .sound]) }
              ),
              animation: .default
            )
          }
        case .denied:
          state.isSendingNotificationsPermissionRequest = false
          state.enableNotifications = false
          state.alert = AlertState {
            TextState("You must enable notifications in Settings.")
          }
          return .none
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@DependencyClient
struct UserNotificationsClient: Sendable {
  struct Settings: Equatable, Sendable {
    enum AuthorizationStatus: Equatable, Sendable {
      case authorized, denied, ephemeral, notDetermined, provisional
    }
    var authorizationStatus: AuthorizationStatus
  }

  struct AuthorizationOptions: OptionSet, Sendable {
    let rawValue: Int
    static let alert = Self(rawValue: 1 << 0)
    static let sound = Self(rawValue: 1 << 1)
  }

  var getNotificationSettings: @Sendable () async -> Settings = {
    Settings(authorizationStatus: .notDetermined)
  }
  var requestAuthorization: @Sendable (AuthorizationOptions) async throws -> Bool
}

extension UserNotificationsClient: TestDependencyKey {
  static let previewValue = Self(
    getNotificationSettings: { Settings(authorizationStatus: .authorized) },
    requestAuthorization: { _ in true }
  )
  static let testValue = Self()
}

extension DependencyValues {
  var userNotifications: UserNotificationsClient {
    get { self[UserNotificationsClient.self] }
    set { self[UserNotificationsClient.self] = newValue }
  }
}

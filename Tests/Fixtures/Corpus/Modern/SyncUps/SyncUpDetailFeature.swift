import ComposableArchitecture
import SwiftUI

struct SyncUp: Equatable, Identifiable, Codable, Sendable {
  let id: UUID
  var attendees: IdentifiedArrayOf<Attendee> = []
  var duration: Duration = .seconds(60 * 5)
  var meetings: IdentifiedArrayOf<Meeting> = []
  var themeId = "bubblegum"
  var title = ""

  var durationPerAttendee: Duration {
    duration / attendees.count
  }
}

struct Attendee: Equatable, Identifiable, Codable, Sendable {
  let id: UUID
  var name = ""
}

struct Meeting: Equatable, Identifiable, Codable, Sendable {
  let id: UUID
  let date: Date
  var transcript: String
}

@Reducer
struct SyncUpDetailFeature {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Shared var syncUp: SyncUp
    @Shared(.appStorage("hapticsEnabled")) var hapticsEnabled = true
  }

  enum Action: ViewAction {
    case delegate(Delegate)
    case destination(PresentationAction<Destination.Action>)
    case view(View)

    @CasePathable
    enum Delegate {
      case startMeeting(Shared<SyncUp>)
    }

    @CasePathable
    enum View {
      case cancelEditButtonTapped
      case deleteButtonTapped
      case deleteMeetings(atOffsets: IndexSet)
      case doneEditingButtonTapped
      case editButtonTapped
      case hapticsToggled(Bool)
      case startMeetingButtonTapped
    }

    @CasePathable
    enum Alert {
      case confirmDeletion
      case continueWithoutRecording
      case openSettings
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.openSettings) var openSettings

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none

      case let .destination(.presented(.alert(alertAction))):
        return handle(alertAction, state: &state)

      case .destination:
        return .none

      case let .view(viewAction):
        return reduce(view: viewAction, state: &state)
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }

  private func reduce(view action: Action.View, state: inout State) -> Effect<Action> {
    switch action {
    case .cancelEditButtonTapped:
      state.destination = nil
      return .none

    case .deleteButtonTapped:
      state.destination = .alert(.deleteSyncUp)
      return .none

    case let .deleteMeetings(atOffsets: indices):
      state.$syncUp.withLock { $0.meetings.remove(atOffsets: indices) }
      return .none

    case .doneEditingButtonTapped:
      guard let editedSyncUp = state.destination?.edit?.syncUp else { return .none }
      state.$syncUp.withLock { $0 = editedSyncUp }
      state.destination = nil
      return .none

    case .editButtonTapped:
      state.destination = .edit(SyncUpFormFeature.State(syncUp: state.syncUp))
      return .none

    case let .hapticsToggled(isOn):
      state.$hapticsEnabled.withLock { $0 = isOn }
      return .none

    case .startMeetingButtonTapped:
      return .send(.delegate(.startMeeting(state.$syncUp)))
    }
  }

  private func handle(_ action: Action.Alert, state: inout State) -> Effect<Action> {
    switch action {
    case .confirmDeletion:
      return .run { _ in await self.dismiss() }
    case .continueWithoutRecording:
      return .send(.delegate(.startMeeting(state.$syncUp)))
    case .openSettings:
      return .run { _ in await self.openSettings() }
    }
  }
}

extension SyncUpDetailFeature {
  @Reducer
  enum Destination {
    case alert(AlertState<SyncUpDetailFeature.Action.Alert>)
    case edit(SyncUpFormFeature)
  }
}

extension SyncUpDetailFeature.Destination.State: Equatable {}

extension AlertState where Action == SyncUpDetailFeature.Action.Alert {
  static let deleteSyncUp = Self {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) {
      TextState("Yes")
    }
    ButtonState(role: .cancel) {
      TextState("Nevermind")
    }
  } message: {
    TextState("Are you sure you want to delete this meeting?")
  }
}

@ViewAction(for: SyncUpDetailFeature.self)
struct SyncUpDetailView: View {
  @Bindable var store: StoreOf<SyncUpDetailFeature>

  var body: some View {
    List {
      Section {
        Button {
          send(.startMeetingButtonTapped)
        } label: {
          Label("Start Meeting", systemImage: "timer")
            .font(.headline)
        }
        LabeledContent("Length", value: store.syncUp.duration.formatted(.units()))
        Toggle("Haptics", isOn: $store.hapticsEnabled.sending(\.view.hapticsToggled))
      } header: {
        Text("Sync-up Info")
      }

      if !store.syncUp.meetings.isEmpty {
        Section {
          ForEach(store.syncUp.meetings) { meeting in
            HStack {
              Image(systemName: "calendar")
              Text(meeting.date, style: .date)
              Text(meeting.date, style: .time)
            }
          }
          .onDelete { indices in
            send(.deleteMeetings(atOffsets: indices))
          }
        } header: {
          Text("Past meetings")
        }
      }

      Section {
        ForEach(store.syncUp.attendees) { attendee in
          Label(attendee.name, systemImage: "person")
        }
      } header: {
        Text("Attendees")
      }

      Section {
        Button("Delete") {
          send(.deleteButtonTapped)
        }
        .foregroundStyle(.red)
        .frame(maxWidth: .infinity)
      }
    }
    .toolbar {
      Button("Edit") {
        send(.editButtonTapped)
      }
    }
    .navigationTitle(Text(store.syncUp.title))
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) { editStore in
      NavigationStack {
        SyncUpFormView(store: editStore)
          .navigationTitle(store.syncUp.title)
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Cancel") {
                send(.cancelEditButtonTapped)
              }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Done") {
                send(.doneEditingButtonTapped)
              }
            }
          }
      }
    }
  }
}

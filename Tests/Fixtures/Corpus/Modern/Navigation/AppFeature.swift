import ComposableArchitecture
import SwiftUI

@Reducer
struct AppFeature {
  @Reducer
  enum Path {
    case counter(CounterFeature)
    case effects(EffectsBasicsFeature)
    case settings(SettingsFeature)
    case timer(TimerFeature)
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    var contacts = ContactsFeature.State()
    var todos = TodosFeature.State()
    var selectedTab = Tab.caseStudies
    var toast: String?
  }

  enum Tab: Hashable {
    case caseStudies, contacts, todos
  }

  enum Action {
    case contacts(ContactsFeature.Action)
    case goToSettingsButtonTapped
    case path(StackActionOf<Path>)
    case popToRootButtonTapped
    case tabSelected(Tab)
    case todos(TodosFeature.Action)
    case toastDismissed
  }

  @Dependency(\.continuousClock) var clock
  private enum CancelID { case toast }

  var body: some ReducerOf<Self> {
    Scope(state: \.contacts, action: \.contacts) {
      ContactsFeature()
    }
    Scope(state: \.todos, action: \.todos) {
      TodosFeature()
    }
    Reduce { state, action in
      switch action {
      case .contacts, .todos:
        return .none

      case .goToSettingsButtonTapped:
        state.path.append(.settings(SettingsFeature.State()))
        return .none

      case let .path(.element(id: _, action: .settings(.themeSelected(themeId)))):
        state.toast = "Theme changed to \(themeId)"
        return .run { send in
          try await self.clock.sleep(for: .seconds(2))
          await send(.toastDismissed, animation: .easeOut)
        }
        .cancellable(id: CancelID.toast, cancelInFlight: true)

      case .path:
        return .none

      case .popToRootButtonTapped:
        state.path.removeAll()
        return .none

      case let .tabSelected(tab):
        state.selectedTab = tab
        return .none

      case .toastDismissed:
        state.toast = nil
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension AppFeature.Path.State: Equatable {}

struct AppView: View {
  @Bindable var store: StoreOf<AppFeature>

  var body: some View {
    TabView(selection: $store.selectedTab.sending(\.tabSelected)) {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        Form {
          Section("Getting started") {
            NavigationLink(
              "Basics",
              state: AppFeature.Path.State.counter(CounterFeature.State())
            )
            NavigationLink(
              "Effects",
              state: AppFeature.Path.State.effects(EffectsBasicsFeature.State())
            )
            NavigationLink(
              "Timers",
              state: AppFeature.Path.State.timer(TimerFeature.State())
            )
          }
          Button("Settings") { store.send(.goToSettingsButtonTapped) }
        }
        .navigationTitle("Case studies")
      } destination: { store in
        switch store.case {
        case let .counter(store):
          CounterView(store: store)
        case let .effects(store):
          EffectsBasicsView(store: store)
        case let .settings(store):
          SettingsView(store: store)
        case let .timer(store):
          TimerView(store: store)
        }
      }
      .tabItem { Label("Case studies", systemImage: "books.vertical") }
      .tag(AppFeature.Tab.caseStudies)

      ContactsView(store: store.scope(state: \.contacts, action: \.contacts))
        .tabItem { Label("Contacts", systemImage: "person.2") }
        .tag(AppFeature.Tab.contacts)

      TodosView(store: store.scope(state: \.todos, action: \.todos))
        .tabItem { Label("Todos", systemImage: "checklist") }
        .tag(AppFeature.Tab.todos)
    }
    .overlay(alignment: .bottom) {
      if let toast = store.toast {
        Text(toast)
          .padding()
          .background(.thinMaterial, in: .capsule)
          .transition(.move(edge: .bottom).combined(with: .opacity))
          .onTapGesture { store.send(.toastDismissed, animation: .easeOut) }
      }
    }
  }
}

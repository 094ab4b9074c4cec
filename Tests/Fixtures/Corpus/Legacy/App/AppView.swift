import ComposableArchitecture
import SwiftUI

struct AppView: View {
  let store: Store<AppState, AppAction>
  @Environment(\.colorScheme) private var colorScheme

  var body: some View {
    WithViewStore(self.store) { viewStore in
      TabView(
        selection: viewStore.binding(get: \.selectedTab, send: AppAction.tabSelected)
      ) {
        NavigationView {
          CounterView(store: self.store.scope(state: \.counter, action: AppAction.counter))
            .navigationTitle("Counter")
        }
        .tabItem { Label("Counter", systemImage: "plus.forwardslash.minus") }
        .tag(AppState.Tab.counter)

        SearchView(store: self.store.scope(state: \.search, action: AppAction.search))
          .tabItem { Label("Search", systemImage: "magnifyingglass") }
          .tag(AppState.Tab.search)

        TodosView(store: self.store.scope(state: \.todos, action: AppAction.todos))
          .tabItem { Label("Todos", systemImage: "checklist") }
          .tag(AppState.Tab.todos)

        NavigationView {
          TimersView(store: self.store.scope(state: \.timers, action: AppAction.timers))
        }
        .tabItem { Label("Timers", systemImage: "timer") }
        .tag(AppState.Tab.timers)
      }
      .sheet(
        isPresented: .constant(viewStore.login != nil)
      ) {
        IfLetStore(self.store.scope(state: \.login, action: AppAction.login)) { loginStore in
          NavigationView { LoginView(store: loginStore) }
        }
      }
      .environment(\.theme, Theme.named(viewStore.currentThemeId, colorScheme: colorScheme))
    }
  }
}

struct Theme {
  var accent: Color
  var background: Color

  static func named(_ id: String, colorScheme: ColorScheme) -> Theme {
    switch id {
    case "default_dark":
      return Theme(accent: .orange, background: .black)
    default:
      return Theme(accent: .blue, background: colorScheme == .dark ? .black : .white)
    }
  }
}

private struct ThemeKey: EnvironmentKey {
  static let defaultValue = Theme.named("default_light", colorScheme: .light)
}

extension EnvironmentValues {
  var theme: Theme {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
}

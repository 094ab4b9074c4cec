import ComposableArchitecture
import SwiftUI

struct Todo: Equatable, Identifiable {
  let id: UUID
  var title = ""
  var createdAt: Date
  var isComplete = false
}

@Reducer
struct TodosFeature {
  @ObservableState
  struct State: Equatable {
    var todos: IdentifiedArrayOf<Todo> = []
  }

  enum Action {
    case addTodoButtonTapped
    case clearCompletedButtonTapped
    case todoToggled(id: Todo.ID)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        state.todos.insert(Todo(id: UUID(), createdAt: Date()), at: 0)
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case let .todoToggled(id):
        state.todos[id: id]?.isComplete.toggle()
        return .none
      }
    }
  }
}

struct TodosView: View {
  let store: StoreOf<TodosFeature>

  var body: some View {
    List(store.todos) { todo in
      Button {
        store.send(.todoToggled(id: todo.id))
      } label: {
        Label(todo.title.isEmpty ? "Untitled" : todo.title, systemImage: todo.isComplete ? "checkmark.circle.fill" : "circle")
      }
    }
    .toolbar {
      Button("Add") { store.send(.addTodoButtonTapped, animation: .default) }
      Button("Clear completed") { store.send(.clearCompletedButtonTapped, animation: .default) }
    }
  }
}

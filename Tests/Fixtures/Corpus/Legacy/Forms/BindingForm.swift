import ComposableArchitecture
import SwiftUI

// Bindable state and actions: the "Bindings-Forms" case study in the 0.3x style.

struct BindingFormState: Equatable {
  @BindableState var sliderValue = 5.0
  @BindableState var stepCount = 10
  @BindableState var text = ""
  @BindableState var toggleIsOn = false
}

enum BindingFormAction: BindableAction, Equatable {
  case binding(BindingAction<BindingFormState>)
  case resetButtonTapped
}

struct BindingFormEnvironment {}

let bindingFormReducer = Reducer<
  BindingFormState, BindingFormAction, BindingFormEnvironment
> { state, action, _ in
  switch action {
  case .binding(\.$stepCount):
    state.sliderValue = .minimum(state.sliderValue, Double(state.stepCount))
    return .none

  case .binding:
    return .none

  case .resetButtonTapped:
    state = BindingFormState()
    return .none
  }
}
.binding()

struct BindingFormView: View {
  let store: Store<BindingFormState, BindingFormAction>

  var body: some View {
    WithViewStore(self.store) { viewStore in
      Form {
        HStack {
          TextField("Type here", text: viewStore.binding(\.$text))
            .disableAutocorrection(true)
            .foregroundColor(viewStore.toggleIsOn ? .secondary : .primary)
          Text(alternate(viewStore.text))
        }
        .disabled(viewStore.toggleIsOn)

        Toggle(
          "Disable other controls",
          isOn: viewStore.binding(\.$toggleIsOn)
            .resignFirstResponder()
        )

        Stepper(value: viewStore.binding(\.$stepCount), in: 0...100) {
          Text("Max slider value: \(viewStore.stepCount)")
            .font(.body.monospacedDigit())
        }
        .disabled(viewStore.toggleIsOn)

        HStack {
          Text("Slider value: \(Int(viewStore.sliderValue))")
            .font(.body.monospacedDigit())
          Slider(value: viewStore.binding(\.$sliderValue), in: 0...Double(viewStore.stepCount))
            .tint(.accentColor)
        }
        .disabled(viewStore.toggleIsOn)

        Button("Reset") {
          viewStore.send(.resetButtonTapped)
        }
        .tint(.red)
      }
    }
    .monospacedDigit()
    .navigationTitle("Bindings form")
  }
}

private func alternate(_ string: String) -> String {
  string
    .enumerated()
    .map { idx, char in
      idx.isMultiple(of: 2)
        ? char.uppercased()
        : char.lowercased()
    }
    .joined()
}

extension Binding {
  /// SwiftUI will print errors to the console about "AttributeGraph: cycle detected" if you
  /// disable a text field while it is focused. This hack will force all fields to unfocus
  /// before we write to a binding that may disable other fields.
  func resignFirstResponder() -> Self {
    Self(
      get: { self.wrappedValue },
      set: { newValue, transaction in
        UIApplication.shared.sendAction(
          #selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil
        )
        self.transaction(transaction).wrappedValue = newValue
      }
    )
  }
}

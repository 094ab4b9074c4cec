import ComposableArchitecture
import SwiftUI

@Reducer
struct RecordingMemoFeature {
  @ObservableState
  struct State: Equatable {
    var date: Date
    var duration: TimeInterval = 0
    var mode: Mode = .recording
    var url: URL

    enum Mode {
      case recording
      case encoding
    }
  }

  enum Action: Sendable {
    case audioRecorderDidFinish(Result<Bool, any Error>)
    case delegate(Delegate)
    case finalRecordingTime(TimeInterval)
    case onTask
    case timerUpdated
    case stopButtonTapped

    @CasePathable
    enum Delegate: Sendable {
      case didFinish(Result<State, any Error>)
    }
  }

  struct Failed: Equatable, Error {}

  @Dependency(\.audioRecorder) var audioRecorder
  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .audioRecorderDidFinish(.success(true)):
        return .send(.delegate(.didFinish(.success(state))))

      case .audioRecorderDidFinish(.success(false)):
        return .send(.delegate(.didFinish(.failure(Failed()))))

      case let .audioRecorderDidFinish(.failure(error)):
        return .send(.delegate(.didFinish(.failure(error))))

      case .delegate:
        return .none

      case let .finalRecordingTime(duration):
        state.duration = duration
        return .none

      case .stopButtonTapped:
        state.mode = .encoding
        return .run { send in
          if let currentTime = await self.audioRecorder.currentTime() {
            await send(.finalRecordingTime(currentTime))
          }
          await self.audioRecorder.stopRecording()
        }

      case .onTask:
        return .run { [url = state.url] send in
          async let startRecording: Void = send(
            .audioRecorderDidFinish(
              Result { try await self.audioRecorder.startRecording(url: url) }
            )
          )

          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerUpdated)
          }

          await startRecording
        }

      case .timerUpdated:
        state.duration += 1
        return .none
      }
    }
  }
}

struct RecordingMemoView: View {
  let store: StoreOf<RecordingMemoFeature>
  @State private var isPulsing = false

  var body: some View {
    VStack(spacing: 12) {
      Text("Recording")
        .font(.title)
        .opacity(isPulsing ? 0.4 : 1)

      if let formattedDuration = dateComponentsFormatter.string(from: store.duration) {
        Text(formattedDuration)
          .font(.body.monospacedDigit().bold())
          .foregroundStyle(.white)
          .colorMultiply(Int(store.duration).isMultiple(of: 2) ? .red : .black)
      }

      ZStack {
        Circle()
          .foregroundStyle(Color(.label))
          .frame(width: 74, height: 74)

        Button {
          store.send(.stopButtonTapped, animation: .default)
        } label: {
          RoundedRectangle(cornerRadius: 4)
            .foregroundStyle(Color.red)
            .padding(17)
        }
        .frame(width: 70, height: 70)
      }
    }
    .task {
      await store.send(.onTask).finish()
    }
    .onAppear {
      withAnimation(.easeInOut(duration: 1).repeatForever()) { isPulsing = true }
    }
  }
}

let dateComponentsFormatter: DateComponentsFormatter = {
  let formatter = DateComponentsFormatter()
  formatter.allowedUnits = [.minute, .second]
  formatter.zeroFormattingBehavior = .pad
  return formatter
}()

import RulebookCore
import Testing

struct RulebookErrorTests {
    static let samples: [RulebookError] = [
        .invalidJSON("x"), .notACloudEvent("x"), .unsupportedSpecVersion("0.3"), .unknownEventType("t"),
        .invalidEventData("x"), .invalidUTF8, .emptyMessage, .unexpectedMultipart(frames: 2),
        .messageTooLarge(bytes: 2, limit: 1), .nestingTooDeep(limit: 64),
        .sourceTooLarge(path: "p", bytes: 2, limit: 1), .unreadableInput(path: "p", reason: "r"),
        .emptySpec("x"), .unexpectedEventType(type: "t", socket: "work"),
        .sourceTooDeep(path: "p", line: 1, depth: 2, limit: 1, squareBrackets: false),
        .transport(operation: "o", errno: 1, reason: "r"), .bindFailed(endpoint: "e", reason: "r"),
        .connectFailed(endpoint: "e", reason: "r"), .contextTerminated,
        .databaseUnavailable(path: "p", reason: "r"), .storageFailed("x"), .runNotFound("r"),
        .invalidArgument("x"), .invalidConfiguration("x"),
        .remoteBindRefused(endpoint: "e", missing: "m"), .invalidCurveKey(path: "p", reason: "r"),
        .curveUnsupported, .incompleteCurveConfiguration("x"),
        .workerStartFailed(name: "n", reason: "r"), .workerExited(name: "n", status: 1),
        .runTimedOut(seconds: 1, missing: 1), .interrupted, .pipelineNotReady(seconds: 1, detail: "d"),
        .deliveryFailed(attempts: 5, missing: ["a"]), .runIncomplete(run: "r", stored: 1, expected: 2),
    ]

    @Test func codesAreUniqueAndWellFormed() {
        let codes = Self.samples.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.hasPrefix("RB") && $0.count == 5 && Int($0.dropFirst(2)) != nil })
    }

    @Test func exitCodesFollowTheCommandLineContract() {
        for error in Self.samples {
            switch error.code.prefix(3) {
            case "RB1", "RB4": #expect(error.exitCode == 2, "\(error.code)")
            default: #expect(error.exitCode == (error == .interrupted ? 130 : 3), "\(error.code)")
            }
        }
    }

    @Test func anErrorInANamedInputKeepsItsCodeAndSaysWhere() {
        let located = RulebookError.inInput(location: "specs.jsonl:3", error: .nestingTooDeep(limit: 64))
        #expect(located.code == "RB109" && located.exitCode == 2)
        #expect(located.description.hasPrefix("RB109: specs.jsonl:3: ") && !located.description.contains("RB111"))
    }

    @Test func timeoutsPrintTheirSecondsReadably() {
        #expect(RulebookError.runTimedOut(seconds: 0.001, missing: 2).message.contains("within 0.001 s (2 spec(s)"))
        #expect(RulebookError.runTimedOut(seconds: 300, missing: 0).message.contains("within 300 s"))
    }

    @Test func descriptionStartsWithTheCode() {
        #expect(RulebookError.emptyMessage.description.hasPrefix("RB106: "))
    }
}

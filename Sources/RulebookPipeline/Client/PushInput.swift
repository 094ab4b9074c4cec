import Foundation
import RulebookCore
import RulebookWire

/// What `rulebook push` reads from a file or stdin: declared specs and `spec.submitted`
/// CloudEvents, as one JSON object, a JSON array of objects, or JSON Lines (one object per
/// line). Each is decoded exactly as the producer's intake decodes it, so a message the
/// intake would reject is refused here, naming where it is.
public enum PushInput {
    /// The specs in `data` (called `name` in errors), every one put in the decoder's
    /// default run: declared specs are wrapped with the decoder's source and a fresh id,
    /// events keep their `source` and `id` (the dedupe key) and get the run as `runid`.
    public static func events(in data: Data, name: String, decoder: IntakeDecoder) throws(RulebookError) -> [CloudEvent<SpecSubmitted>] {
        var events: [CloudEvent<SpecSubmitted>] = []
        for (position, bytes) in try items(in: data, name: name) {
            do throws(RulebookError) {
                switch try decoder.decode(bytes) {
                case .spec(var event, _):
                    event.runid = decoder.defaultRunId
                    events.append(event)
                case .runOpened:
                    throw .unexpectedEventType(type: EventType.runOpened.rawValue, socket: "push (it opens a run of its own)")
                }
            } catch {
                throw .inInput(location: position, error: error)
            }
        }
        return events
    }

    /// Each JSON object in `data` with where it is (`name`, `name[2]` or `name:3`).
    static func items(in data: Data, name: String) throws(RulebookError) -> [(String, [UInt8])] {
        if let whole = try? JSONSerialization.jsonObject(with: data) {
            guard let array = whole as? [Any] else { return [(name, Array(data))] }
            return try array.enumerated().map { index, element throws(RulebookError) in
                guard JSONSerialization.isValidJSONObject(element),
                    let bytes = try? JSONSerialization.data(withJSONObject: element)
                else { throw .unreadableInput(path: "\(name)[\(index)]", reason: "expected a JSON object") }
                return ("\(name)[\(index)]", Array(bytes))
            }
        }
        return data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let isBlank = line.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0) }
            return isBlank ? nil : ("\(name):\(index + 1)", Array(line))
        }
    }
}

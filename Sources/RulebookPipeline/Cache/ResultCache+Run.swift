import RulebookCore
import RulebookWire

/// Whole runs: an unchanged tree is answered in one lookup, before any file's index is read
/// or any spec's project context worked out. The question is every spec of the run as
/// scanned (files, declared specs, configuration) and the project's deployment targets:
/// together they decide every spec's project context, so the same question has the same
/// verdicts as asking spec by spec (``verdicts(for:)``), which answers any other run.
extension ResultCache {
    /// The question of a run of `scan`'s specs; project contexts are left out, as they
    /// follow from the rest.
    func runQuestion(of scan: SpecScan) -> [UInt8] {
        var material = RunFrames()
        for version in scan.iOSVersions { material.append(Array(version.utf8)) }
        material.append([])
        for spec in scan.specs {
            var bare = spec
            bare.project = nil
            material.append(codec.encode(Self.canonical(bare)))
        }
        return material.bytes
    }

    /// The answer to the run that asked `question`, if the cache holds it: how its scanned
    /// specs were joined into features (``SpecScan/groups``) and the verdict on each feature,
    /// in order.
    func runAnswer(for question: [UInt8]) -> RunAnswer? {
        guard let value = storage.values(in: .run, for: [question]).first ?? nil, var frames = RunFrames.split(value),
            !frames.isEmpty, let groups = RunAnswer.groups(decoding: frames.removeFirst()), frames.count == groups.count
        else { return nil }
        var verdicts: [SpecValidated] = []
        verdicts.reserveCapacity(frames.count)
        for frame in frames {
            guard case .specValidated(let stored)? = try? codec.decode(frame) else { return nil }
            verdicts.append(stored.data)
        }
        return RunAnswer(groups: groups, verdicts: verdicts)
    }

    /// Keeps the answer to the run that asked `question`.
    func rememberRun(_ answer: RunAnswer, for question: [UInt8]) {
        var value = RunFrames()
        value.append(answer.encodedGroups)
        for verdict in answer.verdicts { value.append(codec.encode(Self.canonical(verdict))) }
        storage.store([(question, value.bytes)], in: .run)
    }
}

/// What a run found: how its scanned specs were joined into features, and a verdict per feature.
struct RunAnswer {
    /// Each feature's positions among the scanned specs (``SpecScan/groups``).
    var groups: [[Int]]
    /// The verdict on each feature, in the order of `groups`.
    var verdicts: [SpecValidated]

    /// The groups as text: positions joined by `,`, groups by `;` (`0,3;1;2`).
    var encodedGroups: [UInt8] {
        Array(groups.map { $0.map(String.init).joined(separator: ",") }.joined(separator: ";").utf8)
    }

    /// The groups of ``encodedGroups``, or `nil` for anything else.
    static func groups(decoding bytes: [UInt8]) -> [[Int]]? {
        guard !bytes.isEmpty else { return [] }
        var groups: [[Int]] = []
        for group in String(decoding: bytes, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false) {
            let positions = group.split(separator: ",", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard !positions.isEmpty, positions.count == group.split(separator: ",", omittingEmptySubsequences: false).count else { return nil }
            groups.append(positions)
        }
        return groups
    }
}

/// Byte strings one after the other, each after its length: a run's question or answer.
struct RunFrames {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ frame: [UInt8]) {
        withUnsafeBytes(of: UInt64(frame.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: frame)
    }

    /// The frames of `bytes`, or `nil` if they are not a whole number of frames.
    static func split(_ bytes: [UInt8]) -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        var position = 0
        while position < bytes.count {
            guard bytes.count - position >= 8 else { return nil }
            var length: UInt64 = 0
            for offset in 0..<8 { length |= UInt64(bytes[position + offset]) << (8 * UInt64(offset)) }
            position += 8
            guard length <= UInt64(bytes.count - position) else { return nil }
            frames.append(Array(bytes[position..<position + Int(length)]))
            position += Int(length)
        }
        return frames
    }
}

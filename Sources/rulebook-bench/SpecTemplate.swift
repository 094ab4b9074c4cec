import Foundation
import RulebookCore
import RulebookSwiftSource
import RulebookWire

/// A `spec.submitted` event carrying a declared spec, encoded once; each copy gets its own
/// event id (`bench-` and a 12-digit sequence number) written into the encoded bytes, so
/// sending costs a copy, not an encode.
struct SpecTemplate {
    /// The id prefix of every bench spec; acks carry it as their `specId`.
    static let idPrefix = "bench-"
    static let digits = 12

    private var bytes: [UInt8]
    private let digitsOffset: Int

    /// The declared spec a code generator pushes for the first feature of `specs` that has
    /// a State and an Action, before writing its code: the planned State and Action (the
    /// shape of `Examples/Declared`), taken from what `rulebook describe` prints for the
    /// feature. With `fullDescription`, everything `describe` prints (files, reducer sites,
    /// views): several times larger.
    init(describingFirstFeatureOf specs: [SpecSubmitted], fullDescription: Bool) throws {
        let declared = try Self.declaredSpec(describingFirstFeatureOf: specs, fullDescription: fullDescription).declared
        let placeholder = Self.idPrefix + String(repeating: "0", count: Self.digits)
        let event = CloudEvent(
            source: "rulebook://bench/\(getpid())", runId: nil,
            data: SpecSubmitted(feature: declared.feature, origin: .declared, declared: declared), id: placeholder)
        bytes = EventCodec().encode(event)
        guard let range = bytes.firstRange(of: Array("\"\(placeholder)\"".utf8)) else {
            throw BenchFailure("the encoded spec does not hold its id")
        }
        digitsOffset = range.lowerBound + 1 + Self.idPrefix.utf8.count
    }

    /// The declared spec of ``init(describingFirstFeatureOf:fullDescription:)``, and the Swift
    /// spec it describes.
    static func declaredSpec(
        describingFirstFeatureOf specs: [SpecSubmitted], fullDescription: Bool
    ) throws -> (declared: DeclaredSpec, source: SpecSubmitted) {
        let described = specs.lazy.filter { $0.origin == .swiftSource }.map { spec in
            (DeclaredSpecExporter.spec(
                of: SwiftFeatureParser.model(featureName: spec.feature, files: spec.files ?? []), file: spec.files?.first?.path), spec)
        }.first { $0.0.state != nil && $0.0.action != nil }
        guard let (described, source) = described else { throw BenchFailure("the corpus holds no feature with a State and an Action") }
        let declared = fullDescription
            ? described
            : DeclaredSpec(
                feature: described.feature, dialect: described.dialect, file: described.file, state: described.state,
                action: described.action)
        return (declared, source)
    }

    /// Size of one encoded spec in bytes.
    var size: Int { bytes.count }

    /// The encoded event with id number `sequence`.
    mutating func event(_ sequence: Int) -> [UInt8] {
        var value = sequence
        for index in stride(from: digitsOffset + Self.digits - 1, through: digitsOffset, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        return bytes
    }
}

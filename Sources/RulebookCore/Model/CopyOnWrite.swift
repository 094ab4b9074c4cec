/// A value's fields held in one shared box and copied on write: passing the value around
/// (rules, the model, decoded events) costs one reference count per copy instead of one per
/// string and array it holds. Compared, hashed and coded by the fields, as a plain struct of
/// them would be.
struct CopyOnWrite<Fields: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    private var box: Box

    init(_ fields: Fields) {
        box = Box(fields)
    }

    /// The fields.
    var fields: Fields { box.fields }

    /// Changes the fields, first copying them if another value shares the box.
    mutating func modify(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        change(&box.fields)
    }

    init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// Changed only through ``modify(_:)``, when no other value holds it: values sharing it
    /// never see a change, so handing it to another thread is safe.
    private final class Box: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}

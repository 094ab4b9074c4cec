/// Matches findings by fingerprint as multisets: each occurrence of a fingerprint on one
/// side accounts for one occurrence on the other, so a second identical violation is new.
enum FingerprintMatch {
    /// The elements of `items` left over once every fingerprint in `accounted` has
    /// accounted for one element with that fingerprint, in their original order.
    static func unmatched<Item>(_ items: [Item], fingerprint: (Item) -> String, accountedFor accounted: [String]) -> [Item] {
        var remaining: [String: Int] = [:]
        for print in accounted { remaining[print, default: 0] += 1 }
        return items.filter { item in
            let key = fingerprint(item)
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }
}
